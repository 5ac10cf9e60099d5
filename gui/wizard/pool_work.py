"""What the live estimate runs on the thread pool after an estimate: limits, pricing, the plan.

:mod:`gui.wizard.live_estimator` imports this module on the pool thread that first runs one of
these calls, so the first estimate on the GUI thread waits for none of the modules below.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from core.base.errors import PlannerError
from core.domain.catalog import Catalog
from core.domain.request import PlanRequest
from core.estimate.results import EstimateResult
from core.planning.limit_curve import LimitCurve, limit_curves
from core.planning.limits import Limits, solve_limits
from core.planning.planner import Plan, plan
from core.planning.ranking import default_rank_by
from core.pricing.outcome import OutcomeCost, outcome_cost
from core.pricing.prices import per_order_of, price_for

if TYPE_CHECKING:
    from core.model.models import ResolvedModel  # an alias core defines for type checking only

Outcome = tuple[Limits | None, OutcomeCost | None, dict[str, LimitCurve]]


def solve_outcome(
    result: EstimateResult, model: ResolvedModel, catalog: Catalog, tax_rate: Decimal
) -> Outcome:
    """The limits of ``result``, the cost of its outcome for its term and its limit curves."""
    limits = solve_limits(result, model)
    curves = limit_curves(result, model, limits)
    try:
        term = result.request.term
        price = price_for(
            catalog,
            result.gpu,
            result.gpus,
            term,
            tax_rate=tax_rate,
            per_order=per_order_of(result),  # a run larger than one order, as the estimate says
        )
    except PlannerError:  # e.g. more GPUs than the offer rents: the estimate says why
        return limits, None, curves
    return limits, outcome_cost(result, price), curves


def plan_with_limits(
    request: PlanRequest, catalog: Catalog, tax_rate: Decimal, model: ResolvedModel
) -> Plan:
    """The plan with every option's limits solved, on the thread pool: the table shows them all."""
    rank_by = default_rank_by(request)
    return plan(
        request, catalog, rank_by=rank_by, tax_rate=tax_rate, model=model, with_limits=True
    ).solve_limits()
