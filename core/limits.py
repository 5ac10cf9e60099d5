"""How far a job can go on one offer: the longest context, the most sequences, the biggest batch.

Every limit is solved by asking :func:`core.estimate.estimate_on` itself, with the request changed
in one dimension, whether the per-GPU memory still fits the usable memory. Memory never falls when
the context, the number of sequences, the batch or the image grows, so the largest value that fits
is found exactly (an integer) by a bracketing search, whatever shape the capacity model gives memory
(sliding-window, chunked or recurrent layers included): nothing here repeats a memory formula.

The search (:func:`largest_fitting`) keeps a bracket ``lo`` (fits) .. ``hi`` (does not) and probes
where the line through the last two probes crosses zero (the secant method; the bracket's own line
when that falls outside it), and halves the bracket instead after three probes that did not each at
least halve it. Memory linear in the value is solved in about four estimates, a curved one in a
handful more, and any non-decreasing memory in at most about four times the probes of bisection.

Limits are about memory only: a blocker that does not depend on the size (a platform mismatch, a
strategy that does not apply) still makes the option infeasible, and the planner says so.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from core.capacity.kv_cache import VLLM_BLOCK_TOKENS
from core.estimate import EstimateResult, estimate_on
from core.messages import Message
from core.request import PlanRequest

Binding = Literal["memory", "max_position_embeddings", "user_cap", "request_maximum"]
LimitName = Literal["context", "sequences", "micro_batch", "sequence_length", "batch", "resolution"]

# The request schema's own maxima (core.request): a solved value never exceeds what a request
# may ask for.
MAX_CONTEXT = 10_000_000
MAX_SEQUENCES = 100_000
MAX_MICRO_BATCH = 100_000
MAX_SEQUENCE_LENGTH = 10_000_000
MAX_IMAGE_BATCH = 1024
MIN_SIDE, MAX_SIDE, SIDE_STEP = 64, 16_384, 8  # pixels; the VAE downsamples by 8

BINDING_WORDS: dict[Binding, str] = {
    "memory": "memory",
    "max_position_embeddings": "the model's max_position_embeddings",
    "user_cap": "the cap you set",
    "request_maximum": "the largest value a request allows",
}


@dataclass(frozen=True)
class Limit:
    """The largest value of one dimension that fits, the others kept as requested.

    Attributes:
        name: Which dimension.
        value: The largest value that fits in memory (0 when even the smallest does not).
        requested: The request's own value of the dimension.
        binding: What stops it growing further.
        probes: How many estimates the search ran.
    """

    name: LimitName
    value: int
    requested: int
    binding: Binding
    probes: int

    def as_dict(self) -> dict[str, Any]:
        """The limit as JSON."""
        return {
            "value": self.value,
            "requested": self.requested,
            "binding": self.binding,
            "probes": self.probes,
        }


@dataclass(frozen=True)
class KvPool:
    """Memory left for the KV cache at the requested layout, as vLLM reports it at start-up.

    vLLM logs "GPU KV cache size: N tokens" (the memory left after weights, activations and
    overhead, over the cache bytes of one token on one GPU, counted in whole 16-token blocks) and
    "Maximum concurrency for L tokens per request: N / L". The block's bytes are the KV cache of
    the estimate of a one-token request (one block in every layer); ``bytes_per_token`` is that
    block over its tokens.
    """

    bytes: int
    bytes_per_token: int
    tokens: int
    context: int

    @property
    def concurrency(self) -> float:
        """The "maximum concurrency" vLLM reports for ``context``-token requests: pool ÷ context."""
        return self.tokens / self.context

    def as_dict(self) -> dict[str, Any]:
        """The pool as JSON."""
        return {
            "bytes": self.bytes,
            "bytes_per_token": self.bytes_per_token,
            "tokens": self.tokens,
            "context_tokens": self.context,
            "concurrency": round(self.concurrency, 2),
        }


@dataclass(frozen=True)
class Limits:
    """Every limit of one estimate (which ones depends on the workload)."""

    workload: str
    items: tuple[Limit, ...]
    kv_pool: KvPool | None = None

    def get(self, name: str) -> Limit | None:
        """The limit of dimension ``name``, or None when the workload has none."""
        return next((item for item in self.items if item.name == name), None)

    def value(self, name: str) -> int | None:
        """The solved value of ``name``, or None."""
        item = self.get(name)
        return item.value if item is not None else None

    @property
    def probes(self) -> int:
        """Estimates run to solve every limit."""
        return sum(item.probes for item in self.items) + (1 if self.kv_pool else 0)

    def as_dict(self) -> dict[str, Any]:
        """The ``limits`` object of ``estimate --json`` and ``plan --json``."""
        data: dict[str, Any] = {item.name: item.as_dict() for item in self.items}
        if self.kv_pool is not None:
            data["kv_pool"] = self.kv_pool.as_dict()
        return data

    def messages(self, request: PlanRequest) -> list[str]:
        """One keyed message per limit (the KV pool last), for the text output and the GUI."""
        found = [_message(item, request) for item in self.items]
        if self.kv_pool is not None:
            found.append(
                Message(
                    "limits.kv_pool",
                    tokens=self.kv_pool.tokens,
                    gib=self.kv_pool.bytes / 2**30,
                    concurrency=self.kv_pool.concurrency,
                    context=self.kv_pool.context,
                )
            )
        return found


def _message(item: Limit, request: PlanRequest) -> str:
    """``limits.<name>``: the value, what the other dimensions are held at, what binds."""
    inf, tr, diff = request.inference, request.training, request.diffusion
    held: dict[str, int] = {
        "context": inf.concurrent_sequences,
        "sequences": inf.context_tokens,
        "micro_batch": tr.sequence_length,
        "sequence_length": tr.micro_batch_size,
        "batch": diff.width,
        "resolution": diff.batch_size,
    }
    params: dict[str, int | str] = {"value": item.value, "at": held[item.name]}
    if item.name == "batch":
        params["height"] = diff.height
    return Message(f"limits.{item.name}", binding=BINDING_WORDS[item.binding], **params)


def largest_fitting(
    headroom: Callable[[int], int],
    low: int,
    high: int,
    *,
    known: tuple[int, int] | None = None,
) -> tuple[int, int]:
    """The largest ``x`` in ``low..high`` with ``headroom(x) >= 0``, for non-increasing headroom.

    Args:
        headroom: Usable minus needed bytes at ``x``; never increases as ``x`` grows.
        low: Smallest value considered.
        high: Largest value considered.
        known: ``(x, headroom(x))`` already computed, which narrows the bracket for free.

    Returns:
        ``(value, probes)``: ``low - 1`` when even ``low`` does not fit, and how many times
        ``headroom`` was called.
    """
    probes = 0
    seen: list[tuple[int, int]] = []  # every (x, headroom) probed, in order

    def probe_at(x: int) -> int:
        nonlocal probes
        probes += 1
        value = headroom(x)
        seen.append((x, value))
        return value

    lo: int | None = None
    hi: int | None = None
    h_lo = h_hi = 0
    if known is not None and low <= known[0] <= high:
        seen.append(known)
        if known[1] >= 0:
            lo, h_lo = known
        else:
            hi, h_hi = known
    if hi is None:
        h_hi = probe_at(high)
        if h_hi >= 0:
            return high, probes
        hi = high
    if lo is None:
        h_lo = probe_at(low)
        if h_lo < 0:
            return low - 1, probes
        lo = low
    stale = 0  # consecutive probes that did not halve the bracket; bisect after three
    while hi - lo > 1:
        width = hi - lo
        if stale >= 3:
            x, stale = lo + width // 2, 0
        else:
            guess = _secant(seen[-2:], lo, hi)
            if guess is None:  # the bracket's own line
                guess = lo + (width * h_lo) // (h_lo - h_hi)
            x = min(max(guess, lo + 1), hi - 1)
        value = probe_at(x)
        if value >= 0:
            lo, h_lo = x, value
        else:
            hi, h_hi = x, value
        stale = stale + 1 if (hi - lo) * 2 > width else 0
    return lo, probes


def _secant(points: list[tuple[int, int]], lo: int, hi: int) -> int | None:
    """Where the line through the last two probes crosses zero, when that is inside the bracket."""
    if len(points) < 2:
        return None
    (x0, h0), (x1, h1) = points
    if h0 == h1:
        return None
    # x1 - h1·(x1 - x0)/(h1 - h0), rounded down (the integer that may still fit)
    x = x1 + (h1 * (x1 - x0)) // (h0 - h1)
    return x if lo <= x < hi else None


def _cap(request_maximum: int, model_maximum: int | None, user: int | None) -> tuple[int, Binding]:
    """The largest value searched and what sets it (the smallest of the three bounds)."""
    bounds: list[tuple[int, Binding]] = [(request_maximum, "request_maximum")]
    if model_maximum:
        bounds.append((model_maximum, "max_position_embeddings"))
    if user:
        bounds.append((user, "user_cap"))
    return min(bounds, key=lambda b: b[0])


def _solve(
    name: LimitName,
    base: EstimateResult,
    model: Any,
    vary: Callable[[int], PlanRequest],
    requested: int,
    low: int,
    cap: tuple[int, Binding],
) -> Limit:
    gpu = base.gpu

    def headroom(x: int) -> int:
        return estimate_on(vary(x), model, gpu).headroom_bytes

    high, bound = cap
    known = (requested, base.headroom_bytes) if low <= requested <= high else None
    value, probes = largest_fitting(headroom, low, high, known=known)
    binding: Binding = bound if value == high else "memory"
    return Limit(name, max(value, 0), requested, binding, probes)


def _update(request: PlanRequest, section: str, **fields: Any) -> PlanRequest:
    part = getattr(request, section).model_copy(update=fields)
    return request.model_copy(update={section: part})


def solve_limits(
    base: EstimateResult, model: Any, *, caps: Mapping[str, int] | None = None
) -> Limits:
    """Every limit of ``base`` (an estimate of ``model`` on one offer and layout).

    Args:
        base: The estimate at the requested sizes.
        model: The resolved model behind ``base.request``.
        caps: Optional user caps by limit name (``context``, ``sequences``, ...).
    """
    caps = caps or {}
    request = base.request
    if request.workload == "inference":
        return _inference(base, model, caps)
    if request.workload == "training":
        tr = request.training
        mpe = getattr(model, "max_position_embeddings", None)
        items = (
            _solve(
                "micro_batch",
                base,
                model,
                lambda x: _update(request, "training", micro_batch_size=x),
                tr.micro_batch_size,
                1,
                _cap(MAX_MICRO_BATCH, None, caps.get("micro_batch")),
            ),
            _solve(
                "sequence_length",
                base,
                model,
                lambda x: _update(request, "training", sequence_length=x),
                tr.sequence_length,
                1,
                _cap(MAX_SEQUENCE_LENGTH, mpe, caps.get("sequence_length")),
            ),
        )
        return Limits("training", items)
    return _diffusion(base, model, caps)


def _inference(base: EstimateResult, model: Any, caps: Mapping[str, int]) -> Limits:
    request = base.request
    inf = request.inference
    mpe = getattr(model, "max_position_embeddings", None)
    context = _solve(
        "context",
        base,
        model,
        lambda x: _update(request, "inference", context_tokens=x),
        inf.context_tokens,
        1,
        _cap(MAX_CONTEXT, mpe, caps.get("context")),
    )
    sequences = _solve(
        "sequences",
        base,
        model,
        lambda x: _update(request, "inference", concurrent_sequences=x),
        inf.concurrent_sequences,
        1,
        _cap(MAX_SEQUENCES, None, caps.get("sequences")),
    )
    # One token occupies one whole cache block in every layer: vLLM's page of one block.
    one = _update(request, "inference", context_tokens=1, concurrent_sequences=1)
    block = estimate_on(one, model, base.gpu).memory.kv_cache
    spare = max(base.usable_bytes - (base.memory.total - base.memory.kv_cache), 0)
    tokens = spare // block * VLLM_BLOCK_TOKENS if block else 0
    pool = KvPool(spare, block // VLLM_BLOCK_TOKENS, tokens, inf.context_tokens)
    return Limits("inference", (context, sequences), pool)


def _diffusion(base: EstimateResult, model: Any, caps: Mapping[str, int]) -> Limits:
    request = base.request
    diff = request.diffusion
    batch = _solve(
        "batch",
        base,
        model,
        lambda x: _update(request, "diffusion", batch_size=x),
        diff.batch_size,
        1,
        _cap(MAX_IMAGE_BATCH, None, caps.get("batch")),
    )
    # The side of a square image, in steps of 8 pixels (the value searched is side ÷ 8).
    square = diff.width == diff.height
    user_side = caps.get("resolution")
    side = _solve(
        "resolution",
        base if square else _square_base(base, model),
        model,
        lambda x: _update(request, "diffusion", width=x * SIDE_STEP, height=x * SIDE_STEP),
        diff.width // SIDE_STEP,
        MIN_SIDE // SIDE_STEP,
        _cap(MAX_SIDE // SIDE_STEP, None, user_side // SIDE_STEP if user_side else None),
    )
    side = Limit(
        "resolution", side.value * SIDE_STEP, diff.width, side.binding, side.probes + (not square)
    )
    return Limits("diffusion", (batch, side))


def _square_base(base: EstimateResult, model: Any) -> EstimateResult:
    """The estimate of a square image as wide as the requested one (the resolution's start)."""
    side = base.request.diffusion.width
    return estimate_on(_update(base.request, "diffusion", width=side, height=side), model, base.gpu)
