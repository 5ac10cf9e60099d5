"""The order the planner's options are shown in when the user has not chosen one.

A training request always knows the length of its run (the dataset's tokens over the estimated
training speed, ``Throughput.job_hours``), so its options are ranked by what the whole run costs
(``PlanOption.job_cost``): a term total says little when the run lasts longer or shorter than the
term. Serving and diffusion requests are ranked by the total for the term.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.domain.request import PlanRequest
    from core.planning.planner import RankBy


def default_rank_by(request: PlanRequest) -> RankBy:
    """``job-cost`` for a training request, ``total`` for the others."""
    return "job-cost" if request.workload == "training" else "total"
