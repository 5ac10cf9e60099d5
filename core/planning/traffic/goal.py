"""From the outcome to the rental: train this much by then.

Training (:func:`plan_goal`): every option the planner finds for the run, its hours at the training
speed, the cheapest whole term that covers them, and whether it ends by the deadline; the cheapest
on-time option first, or, when none is on time, how late the cheapest one (and the fastest) ends.

Speed comes only through :mod:`core.planning.traffic.speed_source`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from core.base.errors import InputError
from core.domain.catalog import Catalog, default_catalog
from core.domain.request import PlanRequest
from core.domain.terms import to_utc
from core.domain.traffic_profile import TrainingGoal
from core.planning.planner import PlanOption, plan
from core.planning.traffic.capacity import SLACK
from core.planning.traffic.speed_source import (
    TrainingSource,
    default_training,
)
from core.pricing.outcome import TermProposal, propose_term
from core.texts.messages import Message
from core.texts.words import UNITS

if TYPE_CHECKING:
    from core.model.models import ResolvedModel


@dataclass(frozen=True)
class GoalOption:
    """One training layout against the deadline."""

    option: PlanOption
    tokens_per_s: float
    run_seconds: int  # whole seconds, rounded up
    term: TermProposal | None
    meets: bool
    late_hours: float  # 0 when on time
    band: float | None

    @property
    def run_hours(self) -> float:
        """The run's wall hours."""
        return self.run_seconds / 3600


@dataclass(frozen=True)
class GoalPlan:
    """The answer to a training goal."""

    request: PlanRequest
    goal: TrainingGoal
    tokens: int
    start: datetime
    deadline: datetime
    on_time: tuple[GoalOption, ...]  # cheapest term first
    late: tuple[GoalOption, ...]  # cheapest term first
    summary: str  # a Message: the answer in one sentence
    fastest: str | None = None  # a Message: how late the fastest is, when none is on time

    @property
    def available_hours(self) -> float:
        """Hours between the start and the deadline."""
        return (self.deadline - self.start).total_seconds() / 3600


def plan_goal(
    request: PlanRequest,
    goal: TrainingGoal | None = None,
    catalog: Catalog | None = None,
    *,
    now: datetime,
    tax_rate: Decimal = Decimal(0),
    model: ResolvedModel | None = None,
    source: TrainingSource | None = None,
) -> GoalPlan:
    """The cheapest option that trains the goal's tokens by its deadline, or how late it is.

    The run starts at the request's term start, or ``now``. Its length is counted in whole
    seconds, rounded up, so a run that ends on the deadline's second is on time.

    Raises:
        InputError: No goal, a request that is not for training, a deadline not after the start.
    """
    goal = goal if goal is not None else request.goal
    if goal is None:
        raise InputError(Message("traffic.no_goal"), field="goal.deadline")
    if request.workload != "training":
        raise InputError(
            Message("traffic.needs_training", workload=request.workload), field="workload"
        )
    start = to_utc(request.term.start if request.term.start is not None else now)
    start = start.replace(microsecond=0)
    deadline = to_utc(goal.deadline)
    if deadline <= start:
        raise InputError(
            Message(
                "traffic.deadline_past", deadline=deadline.isoformat(), start=start.isoformat()
            ),
            field="goal.deadline",
        )
    source = source or default_training()
    catalog = catalog or default_catalog()
    tokens = goal.total_tokens(request.training.tokens)
    training = request.training.model_copy(update={"tokens": tokens})
    sized = request.model_copy(update={"training": training})
    planned = plan(sized, catalog, rank_by="job-cost", tax_rate=tax_rate, model=model)
    available = (deadline - start).total_seconds()
    currency = catalog.currency
    options: list[GoalOption] = []
    for option in planned.options:
        tps = source.tokens_per_s(option.estimate)
        if not tps or tps <= 0 or not math.isfinite(tps):
            continue
        seconds = math.ceil(tokens / tps * (1 - SLACK))
        term = propose_term(option.estimate, seconds / 3600, currency)
        meets = seconds <= available
        behind = 0.0 if meets else (seconds - available) / 3600
        options.append(
            GoalOption(option, tps, seconds, term, meets, behind, source.band(option.estimate))
        )

    def cost(o: GoalOption) -> tuple[Any, ...]:
        return (o.term.compute if o.term else Decimal("Infinity"), o.run_seconds, o.option.gpu.id)

    on_time = sorted((o for o in options if o.meets), key=cost)
    late = sorted((o for o in options if not o.meets), key=cost)
    fastest: str | None = None
    if on_time:
        first = on_time[0]
        assert first.term is not None
        summary = Message(
            "goal.meets",
            gpus=first.option.estimate.gpus,
            gpu=first.option.gpu.id,
            tokens=tokens,
            hours=first.run_hours,
            spare=(available - first.run_seconds) / 3600,
            count=first.term.count,
            unit=UNITS[first.term.unit],
            cost=str(first.term.compute),
            currency=currency,
        )
    elif late:
        first = late[0]
        summary = Message(
            "goal.late",
            gpus=first.option.estimate.gpus,
            gpu=first.option.gpu.id,
            hours=first.run_hours,
            late=first.late_hours,
        )
        quickest = min(late, key=lambda o: (o.run_seconds, cost(o)))
        if quickest is not first:
            fastest = Message(
                "goal.fastest",
                gpus=quickest.option.estimate.gpus,
                gpu=quickest.option.gpu.id,
                hours=quickest.run_hours,
                late=quickest.late_hours,
            )
    else:
        summary = Message("goal.nothing_fits")
    return GoalPlan(
        request, goal, tokens, start, deadline, tuple(on_time), tuple(late), summary, fastest
    )
