"""Per-GPU memory against the context length or the concurrency: where a serving job stops fitting.

The points are the estimate's own memory (:func:`core.planning.limits.dimensions`, the functions
:func:`core.estimate.dispatch.estimate_on` totals) of the request with one size changed, the other
as requested, so the curve bends wherever the capacity model bends (sliding windows, the prefill
chunk, the sampler's logits per sequence). The point where it stops fitting is the solved limit of
:mod:`core.planning.limits`, not read off the samples: under vLLM its KV cache pool or
``max_num_seqs`` may stop it before the planner's memory does
(:func:`core.capacity.kv_pool.vllm_bounds`), with the curve still below the usable line there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from core.estimate.results import EstimateResult
from core.planning.limits import MAX_CONTEXT, MAX_SEQUENCES, Binding, Limits, dimensions

if TYPE_CHECKING:
    from core.model.models import ResolvedModel

SAMPLES = 32
CurveName = Literal["context", "sequences"]
# The smallest right edge of each chart, so that a small limit still has room to show its curve.
MIN_TOP: dict[CurveName, int] = {"context": 1024, "sequences": 16}
MAX_TOP: dict[CurveName, int] = {"context": MAX_CONTEXT, "sequences": MAX_SEQUENCES}
# Bindings that end the searched range itself: the curve stops there, with nothing to mark.
RANGE_ENDS: frozenset[Binding] = frozenset(
    {"max_position_embeddings", "user_cap", "request_maximum"}
)


@dataclass(frozen=True)
class LimitCurve:
    """Memory per GPU at sampled values of one size, with the usable memory and the limit.

    Attributes:
        name: The size on the horizontal axis: ``context`` (tokens per sequence, at the requested
            concurrency) or ``sequences`` (concurrent sequences, at the requested context).
        points: ``(value, bytes per GPU)``, value ascending.
        usable_bytes: What one GPU may use.
        limit: The largest value that fits (0 when none does).
        requested: The request's value.
        top: The largest value drawn.
        binding: What stops the limit (:data:`core.planning.limits.Binding`).
    """

    name: CurveName
    points: tuple[tuple[int, int], ...]
    usable_bytes: int
    limit: int
    requested: int
    top: int
    binding: Binding = "memory"

    def memory_at(self, value: int) -> int:
        """Bytes per GPU at ``value``, one of the points (the limit always is one)."""
        return dict(self.points)[value]


def limit_curve(
    base: EstimateResult,
    model: ResolvedModel,
    limits: Limits,
    name: CurveName = "context",
    samples: int = SAMPLES,
) -> LimitCurve | None:
    """The curve of ``name`` for an inference estimate (None for other workloads or no limit)."""
    limit = limits.get(name)
    if base.request.workload != "inference" or limit is None:
        return None
    total = next(d.total for d in dimensions(base, model) if d.name == name)
    requested = limit.requested
    if limit.binding not in RANGE_ENDS:
        top = min(max(2 * limit.value, requested, MIN_TOP[name]), MAX_TOP[name])
    else:
        top = limit.value
    xs = {max(1, round(top * i / (samples - 1))) for i in range(samples)}
    xs |= {x for x in (limit.value, limit.value + 1, requested) if 1 <= x <= top}
    points = tuple((x, total(x)) for x in sorted(xs))
    return LimitCurve(name, points, base.usable_bytes, limit.value, requested, top, limit.binding)


def limit_curves(
    base: EstimateResult, model: ResolvedModel, limits: Limits
) -> dict[str, LimitCurve]:
    """Both curves of an inference estimate by name (empty for other workloads)."""
    names: tuple[CurveName, ...] = ("context", "sequences")
    found = {name: limit_curve(base, model, limits, name) for name in names}
    return {name: curve for name, curve in found.items() if curve is not None}
