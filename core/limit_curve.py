"""Per-GPU memory against the context length, for a chart of where a serving job stops fitting.

The points are estimates (:func:`core.estimate.estimate_on`) of the request with only the context
changed, at the requested concurrency, so the curve bends wherever the capacity model bends
(sliding windows, the prefill chunk). The point where it stops fitting is the solved limit of
:mod:`core.limits`, not read off the samples.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.estimate import EstimateResult, estimate_on
from core.limits import MAX_CONTEXT, Limits

SAMPLES = 32


@dataclass(frozen=True)
class ContextCurve:
    """Memory per GPU at sampled context lengths, with the usable memory and the limit.

    Attributes:
        points: ``(context tokens, bytes per GPU)``, context ascending.
        usable_bytes: What one GPU may use.
        limit: The longest context that fits (0 when none does).
        requested: The request's context.
        top: The largest context drawn.
    """

    points: tuple[tuple[int, int], ...]
    usable_bytes: int
    limit: int
    requested: int
    top: int


def context_curve(
    base: EstimateResult, model: Any, limits: Limits, samples: int = SAMPLES
) -> ContextCurve | None:
    """The curve of an inference estimate (None for other workloads or without a context limit)."""
    limit = limits.get("context")
    if base.request.workload != "inference" or limit is None:
        return None
    requested = base.request.inference.context_tokens
    if limit.binding == "memory":
        top = min(max(2 * limit.value, requested, 1024), MAX_CONTEXT)
    else:
        top = limit.value
    xs = {max(1, round(top * i / (samples - 1))) for i in range(samples)}
    xs |= {x for x in (limit.value, limit.value + 1, requested) if 1 <= x <= top}
    inference = base.request.inference
    points = []
    for x in sorted(xs):
        variant = base.request.model_copy(
            update={"inference": inference.model_copy(update={"context_tokens": x})}
        )
        points.append((x, estimate_on(variant, model, base.gpu).memory.total))
    return ContextCurve(tuple(points), base.usable_bytes, limit.value, requested, top)
