"""Plan from the outcome: the rental that serves a traffic profile, or trains a goal by a date.

It sits in the planning layer (it reads the estimate, pricing, the planner, the catalog and the
request); only the command line, the API and the GUI import it. The profile and the goal are
data of the request (:mod:`core.domain.traffic_profile`); speed comes only through
:mod:`core.planning.traffic.speed_source`.
"""

from core.domain.traffic_profile import TrafficProfile, TrainingGoal
from core.planning.traffic.capacity import Capacity, capacities
from core.planning.traffic.goal import GoalOption, GoalPlan, plan_goal
from core.planning.traffic.search import (
    TrafficOption,
    TrafficPlan,
    curve,
    option_at,
    plan_traffic,
    saved_point,
    sized_plan,
    what_if,
)
from core.planning.traffic.speed_source import (
    OperatingPoint,
    RooflineServing,
    RooflineTraining,
    ServingLayout,
    ServingPoint,
    ServingSource,
    TrainingSource,
)

__all__ = [
    "Capacity",
    "GoalOption",
    "GoalPlan",
    "OperatingPoint",
    "RooflineServing",
    "RooflineTraining",
    "ServingLayout",
    "ServingPoint",
    "ServingSource",
    "TrafficOption",
    "TrafficPlan",
    "TrafficProfile",
    "TrainingGoal",
    "TrainingSource",
    "capacities",
    "curve",
    "option_at",
    "plan_goal",
    "plan_traffic",
    "saved_point",
    "sized_plan",
    "what_if",
]
