"""How far a saved quote's job goes, and what its outcome costs, solved again from its snapshot.

A quote keeps its request, the GPU offer as quoted and its price, but not its limits (quotes
saved before the limits existed have none either). To compare saved quotes side by side, the
request is estimated again on the offer of the snapshot (not today's catalog), its limits solved
(:func:`core.planning.limits.solve_limits`) and its outcome priced with the quote's own price
(:func:`core.pricing.outcome.outcome_cost`). The memory, speed, prices and warnings shown beside
them stay the snapshot's; only these figures are today's.

A model file the request names (``hf_config``, ``safetensors``, ``gguf``) is never read again from
a snapshot: a quote may come from an imported file, whose path can name any file on this computer,
and nothing is read but what the user picks. Such a quote says so instead of showing limits
(reopening it as a new draft plans it again from a file the user chooses).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from pydantic import ValidationError

from core.base.errors import PlannerError
from core.domain.catalog import GpuOffer
from core.domain.request import LOCAL_SOURCES
from core.domain.request_parsing import read_saved_request
from core.estimate.dispatch import estimate_on, resolve
from core.planning.limits import Limits, solve_limits
from core.pricing.outcome import OutcomeCost, outcome_cost
from core.quotes.quote import Quote
from core.texts.messages import Message


@dataclass(frozen=True)
class QuoteLimits:
    """The limits and the cost of the outcome of one saved quote, or why there are none.

    Attributes:
        limits: The limits on the quoted offer and layout; None when they cannot be solved.
        outcome: The cost of the outcome at the quote's price; None when it cannot be priced.
        problem: Why nothing could be solved (a Message), or "".
    """

    limits: Limits | None
    outcome: OutcomeCost | None
    problem: str = ""


def quote_limits(quote: Quote, *, utilization: Decimal = Decimal(1)) -> QuoteLimits:
    """Solve the limits of ``quote``'s request on its quoted offer and price its outcome.

    Args:
        quote: A saved quote (or an order's quote).
        utilization: Share of the paid term the GPUs are busy, for the cost of the outcome.
    """
    try:
        gpu = GpuOffer.model_validate(quote.gpu)
    except ValidationError:
        return QuoteLimits(None, None, Message("quote_limits.offer", quote=quote.id))
    try:
        request = read_saved_request(quote.request)
        named = next((name for name in LOCAL_SOURCES if getattr(request.model, name)), None)
        if named is not None:
            return QuoteLimits(
                None, None, Message("quote_limits.local_model", quote=quote.id, source=named)
            )
        model = resolve(request)
        result = estimate_on(request, model, gpu)
        limits = solve_limits(result, model)
    except PlannerError as error:
        return QuoteLimits(None, None, error.message)
    return QuoteLimits(limits, outcome_cost(result, quote.price, utilization=utilization))
