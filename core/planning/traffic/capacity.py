"""What one replica layout can do under a traffic profile's latency target.

For every offer and replica layout within one node (:func:`layouts`: each tensor-parallel degree,
and for a mixture-of-experts model served by vLLM each expert-parallel layout of ``dp``
data-parallel ranks of ``tp`` GPUs, :mod:`core.capacity.expert_parallel`), the first two steps of
the traffic search (:mod:`core.planning.traffic.search`):

1. **Memory**: the replica's estimate at the profile's longest request (p90 input + p90 output
   tokens of context) must fit, vLLM's start-up check included
   (:func:`core.estimate.dispatch.estimate_on`). The sequences of that context its cache holds at
   once (vLLM's pool, capped by ``max_num_seqs``; under expert parallelism each data-parallel rank
   has its own) bound the concurrency per replica.
2. **Latency**: the largest concurrency ``c*`` up to that bound at which the replica still meets
   the target: time to first token p50 at the mean lengths, p90 at the p90 prompt, time per output
   token at the mean lengths. Time grows with concurrency, so a bracketing search finds it
   (interpolation alternating with bisection, :func:`capacity_of`); what stops
   it is the option's binding constraint (memory, ``max_num_seqs``, time to first token, time per
   output token). A replica that misses the target even alone cannot serve it.

Speed comes only through :mod:`core.planning.traffic.speed_source`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from core.capacity.expert_parallel import layout_of
from core.capacity.vllm_mxfp4 import padding_bytes
from core.domain.catalog import Catalog, GpuOffer, default_catalog
from core.domain.request import Parallelism, PlanRequest
from core.domain.traffic_profile import TrafficProfile
from core.estimate.dispatch import estimate_on, resolve
from core.estimate.llm import mxfp4_kernel
from core.model.architecture import ModelArchitecture
from core.planning.planner import GPU_COUNTS, reason_parts
from core.planning.traffic.speed_model_source import default_serving
from core.planning.traffic.speed_source import (
    OperatingPoint,
    ServingLayout,
    ServingPoint,
    ServingSource,
)
from core.texts.messages import Message

if TYPE_CHECKING:
    from core.model.models import ResolvedModel

Binding = Literal["memory", "ttft", "tpot", "rate", "max_num_seqs"]

# Floating-point slack when a rate exactly fills a whole number of replicas, or a run exactly
# meets its deadline: 1e-9 relative, far below any figure the planner states.
SLACK = 1e-9


@dataclass(frozen=True)
class Capacity:
    """What one replica layout can do under the profile's latency target."""

    layout: ServingLayout
    cap: int  # requests one replica holds at once (memory, max_num_seqs)
    cap_binding: Binding  # "memory" or "max_num_seqs"
    concurrency: int  # c*: the most it runs within the target (0 when it cannot serve)
    best: ServingPoint | None  # at c*
    alone: ServingPoint | None  # at one request (mean lengths): the best latency it does
    alone_p90: ServingPoint | None  # at one request with the p90 prompt
    binding: Binding
    reason_parts: tuple[str, ...] = ()  # why it cannot serve the target even alone

    @property
    def gpu(self) -> GpuOffer:
        """The offer."""
        return self.layout.gpu

    @property
    def tp(self) -> int:
        """The tensor-parallel degree (of attention, under expert parallelism)."""
        return self.layout.tp

    @property
    def replica_gpus(self) -> int:
        """GPUs per replica: the tensor-parallel degree, times the data-parallel ranks under EP."""
        return self.layout.gpus


def serving_request(request: PlanRequest, profile: TrafficProfile) -> PlanRequest:
    """``request`` sized for one sequence of the profile's longest request."""
    context = profile.input_tokens.high + profile.output_tokens.high
    inference = request.inference.model_copy(
        update={
            "context_tokens": context,
            "concurrent_sequences": 1,
            "output_tokens": profile.output_tokens.mean,
        }
    )
    return request.model_copy(update={"inference": inference, "workload": "inference"})


def _layout_request(
    request: PlanRequest, gpu: GpuOffer, tp: int, dp: int = 1, experts: bool = False
) -> PlanRequest:
    gpus = tp * dp
    strategy = "tensor" if gpus > 1 else "single"
    parallelism = Parallelism(
        strategy=strategy,
        gpus=gpus,
        tensor_parallel=tp,
        expert_parallel=experts,
        data_parallel=dp if experts else None,
    )
    return request.model_copy(update={"parallelism": parallelism, "gpu": gpu.id})


def _held_at_once(layout: ServingLayout) -> tuple[int, Binding]:
    """Sequences of the longest request one replica holds at once, and what stops more.

    Under expert parallelism each data-parallel rank is an engine of its own (its KV pool and
    ``max_num_seqs``): the replica holds ``dp`` times what one rank does.
    """
    held, binding = _held_by_rank(layout)
    return held * layout.dp, binding


def _held_by_rank(layout: ServingLayout) -> tuple[int, Binding]:
    details = layout.estimate.details
    start_up = details.get("vllm_start_up") or {}
    at_once = start_up.get("sequences_at_once")
    profile = details.get("vllm_profile") or {}
    max_seqs = profile.get("max_num_seqs")
    if isinstance(at_once, int) and at_once > 0:
        if isinstance(max_seqs, int) and at_once >= max_seqs:
            return max_seqs, "max_num_seqs"
        return at_once, "memory"
    held = details.get("max_concurrent_sequences")
    return (held if isinstance(held, int) and held > 0 else 1), "memory"


def meets(
    source: ServingSource, layout: ServingLayout, profile: TrafficProfile, c: int
) -> tuple[bool, Binding | None, ServingPoint, ServingPoint]:
    """Whether ``c`` requests at once keep the target; the first target missed; the two points."""
    isl, osl = profile.input_tokens, profile.output_tokens
    target = profile.latency
    mean = source.at(layout, OperatingPoint(isl.mean, osl.mean, c))
    ceiling = target.tpot_ceiling
    if ceiling is not None and mean.tpot_s > ceiling * (1 + SLACK):
        return False, "tpot", mean, mean
    # The p90 prompt matters only to a p90 target (each point is a speed evaluation).
    p90 = mean
    if target.ttft_p90_s is not None and isl.high != isl.mean:
        p90 = source.at(layout, OperatingPoint(isl.high, osl.mean, c))
    if target.ttft_p90_s is not None and p90.ttft_s > target.ttft_p90_s * (1 + SLACK):
        return False, "ttft", mean, p90
    if target.ttft_p50_s is not None and mean.ttft_s > target.ttft_p50_s * (1 + SLACK):
        return False, "ttft", mean, p90
    return True, None, mean, p90


def _margin(profile: TrafficProfile, mean: ServingPoint, p90: ServingPoint) -> float:
    """How close the points come to the target: the largest of figure ÷ limit (≤ 1 meets it)."""
    target = profile.latency
    ratios = [0.0]
    if target.tpot_ceiling is not None:
        ratios.append(mean.tpot_s / target.tpot_ceiling)
    if target.ttft_p90_s is not None:
        ratios.append(p90.ttft_s / target.ttft_p90_s)
    if target.ttft_p50_s is not None:
        ratios.append(mean.ttft_s / target.ttft_p50_s)
    return max(ratios)


def capacity_of(source: ServingSource, layout: ServingLayout, profile: TrafficProfile) -> Capacity:
    """The most requests ``layout`` runs at once within the target, and what stops more."""
    cap, cap_binding = _held_at_once(layout)
    ok, missed, alone, alone_p90 = meets(source, layout, profile, 1)
    if not ok:
        assert missed is not None
        target = profile.latency
        if missed == "tpot":
            ceiling = target.tpot_ceiling
            assert ceiling is not None
            reason = Message("traffic.reason_tpot", value=alone.tpot_s, target=ceiling)
        else:
            p90_missed = target.ttft_p90_s is not None and alone_p90.ttft_s > target.ttft_p90_s * (
                1 + SLACK
            )
            value = alone_p90.ttft_s if p90_missed else alone.ttft_s
            limit = target.ttft_p90_s if p90_missed else target.ttft_p50_s
            assert limit is not None
            reason = Message("traffic.reason_ttft", value=value, target=limit)
        return Capacity(layout, cap, cap_binding, 0, None, alone, alone_p90, missed, (reason,))
    low, high = 1, cap  # low meets the target; find the largest that does
    binding: Binding = cap_binding
    top = meets(source, layout, profile, high)
    if not top[0]:
        low_margin, high_margin = _margin(profile, alone, alone_p90), _margin(profile, *top[2:])
        bisect = False
        kept = ""
        while high - low > 1:
            # Latency grows about linearly with concurrency, so the crossing of the target is
            # guessed by interpolating the margins (regula falsi), alternating with a bisection
            # whenever a guess did not halve the interval; when the same end moves twice running,
            # the other end's distance from the target is halved (the Illinois variant), so the
            # guesses stop creeping up on a jump in latency (a p90 prompt that no longer fits
            # waits). Either way the interval keeps a concurrency that meets the target and one
            # that does not, so c* is the same exact integer a bisection finds, mostly in fewer
            # speed evaluations and never in more than twice as many.
            middle = (low + high) // 2
            if not bisect and high_margin > low_margin:
                share = (1.0 - low_margin) / (high_margin - low_margin)
                middle = min(max(low + round((high - low) * share), low + 1), high - 1)
            width = high - low
            ok, _, mean, p90 = meets(source, layout, profile, middle)
            if ok:
                low, low_margin = middle, _margin(profile, mean, p90)
                if kept == "low":
                    high_margin = 1.0 + (high_margin - 1.0) / 2
            else:
                high, high_margin = middle, _margin(profile, mean, p90)
                if kept == "high":
                    low_margin = 1.0 - (1.0 - low_margin) / 2
            kept = "low" if ok else "high"
            bisect = not bisect and (high - low) * 2 > width
        missed = meets(source, layout, profile, high)[1]
        assert missed is not None
        binding = missed
    else:
        low = high
    best = source.at(
        layout, OperatingPoint(profile.input_tokens.mean, profile.output_tokens.mean, low)
    )
    return Capacity(layout, cap, cap_binding, low, best, alone, alone_p90, binding)


def _degrees(gpu: GpuOffer) -> list[int]:
    return [n for n in GPU_COUNTS if n <= gpu.gpus_per_node]


def layouts(gpu: GpuOffer, moe: ModelArchitecture | None) -> list[tuple[int, int, bool]]:
    """(tp, dp, expert-parallel) of every replica layout searched on ``gpu``, within one node.

    Tensor parallelism at each degree; for a mixture-of-experts model also vLLM's expert
    parallelism over every tp × dp of two GPUs or more (``dp`` data-parallel attention ranks of
    ``tp`` GPUs, the experts split whole over all of them) where each GPU gets an expert.
    """
    degrees = _degrees(gpu)
    found = [(tp, 1, False) for tp in degrees]
    if moe is None or not moe.is_moe:
        return found
    for gpus in degrees:
        for tp in degrees:
            if gpus % tp == 0 and layout_of(moe, gpus, tp) is not None:
                found.append((tp, gpus // tp, True))
    return found


def capacities(
    request: PlanRequest,
    profile: TrafficProfile,
    catalog: Catalog | None = None,
    *,
    model: ResolvedModel | None = None,
    source: ServingSource | None = None,
) -> tuple[list[Capacity], list[tuple[ServingLayout, tuple[str, ...]]]]:
    """Every replica layout's capacity under the target, and the layouts memory rules out."""
    catalog = catalog or default_catalog()
    source = source or default_serving()
    base = serving_request(request, profile)
    model = model if model is not None else resolve(base)
    gpus = [catalog.gpu(request.gpu)] if request.gpu else list(catalog.gpus)
    found: list[Capacity] = []
    refused: list[tuple[ServingLayout, tuple[str, ...]]] = []
    # Expert parallelism is vLLM's, for a language model with routed experts.
    vllm = base.inference.engine == "vllm" and isinstance(model, ModelArchitecture)
    served = model if vllm and isinstance(model, ModelArchitecture) else None
    for gpu in gpus:
        too_heavy: set[int] = set()  # GPU counts whose weights alone overflow tensor-parallel
        # A kernel that pads the experts per tensor-parallel rank (vLLM's MXFP4 kernels) can
        # make tensor parallelism the heavier layout: no inference from it then.
        kernel = mxfp4_kernel(base, served, gpu) if served is not None else None
        padded = served is not None and any(padding_bytes(served, n, kernel) for n in _degrees(gpu))
        for tp, dp, experts in layouts(gpu, served):
            if experts and tp * dp in too_heavy:
                # Expert parallelism holds at least tensor parallelism's weights per GPU at the
                # same GPU count (dense layers split by tp ≤ tp·dp, the fullest rank's ⌈E ÷ ep⌉
                # experts ≥ E ÷ ep): where those alone overflow, so do these; not laid out.
                continue
            variant = _layout_request(base, gpu, tp, dp, experts)
            result = estimate_on(variant, model, gpu)
            layout = ServingLayout(gpu, tp, result, variant, model, dp, experts)
            if not result.fits:
                weights = result.memory.weights + result.memory.quantization_metadata
                if not experts and not padded and weights > result.usable_bytes:
                    too_heavy.add(tp)
                refused.append((layout, tuple(reason_parts(result))))
                continue
            found.append(capacity_of(source, layout, profile))
    return found, refused
