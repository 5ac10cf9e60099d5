"""From the outcome to the rental: serve this traffic at this latency, train this much by then.

Serving (:func:`plan_traffic`), for every offer and replica layout within one node (:func:`layouts`:
each tensor-parallel degree, and for a mixture-of-experts model served by vLLM each expert-parallel
layout of ``dp`` data-parallel ranks of ``tp`` GPUs, :mod:`core.capacity.expert_parallel`):

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
3. **Rate**: one replica at ``c*`` completes ``r*`` requests/s (Little's law: concurrency = rate ×
   time in system), the most it does within the target since its throughput grows with its
   concurrency; the peak plus the spare fraction needs ⌈peak·(1 + fraction) ÷ r*⌉ replicas, then
   the spare replicas on top. More GPUs than the offer has fail on the rate.
4. **Operating point**: the peak spread over all replicas; the concurrency ``c`` with
   ``c ÷ time in system(c)`` = that share (Little's law again), its TTFT, TPOT and the utilisation
   (share ÷ r*).
5. **Cost**: the catalog price of replicas × the replica's GPUs for the request's term; per 1M
   tokens at the average rate (input and output together, and output alone) over the term's hours.

Options are ranked cheapest first (then fewer GPUs). When none serves the profile,
:attr:`TrafficPlan.unreachable` names the field to change and the best the catalog does.

Training (:func:`plan_goal`): every option the planner finds for the run, its hours at the training
speed, the cheapest whole term that covers them, and whether it ends by the deadline; the cheapest
on-time option first, or, when none is on time, how late the cheapest one (and the fastest) ends.

Speed comes only through :mod:`core.planning.traffic.speed_source`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from functools import cached_property, partial
from typing import TYPE_CHECKING, Any, Literal

from core.base.errors import InputError
from core.capacity.expert_parallel import layout_of
from core.capacity.vllm_mxfp4 import padding_bytes
from core.domain.catalog import Catalog, GpuOffer, default_catalog
from core.domain.request import Parallelism, PlanRequest
from core.domain.terms import to_utc
from core.domain.traffic_profile import SavedPoint, TrafficProfile, TrainingGoal
from core.estimate.dispatch import estimate_on, resolve
from core.estimate.llm import mxfp4_kernel
from core.model.architecture import ModelArchitecture
from core.planning.planner import GPU_COUNTS, PlanOption, plan, reason_parts
from core.planning.traffic.speed_model_source import default_serving
from core.planning.traffic.speed_source import (
    OperatingPoint,
    ServingLayout,
    ServingPoint,
    ServingSource,
    TrainingSource,
    default_training,
)
from core.pricing.outcome import TermProposal, propose_term
from core.pricing.prices import Price, price_for
from core.texts.messages import Message
from core.texts.words import CONSTRAINTS, UNITS

if TYPE_CHECKING:
    from core.model.models import ResolvedModel

Binding = Literal["memory", "ttft", "tpot", "rate", "max_num_seqs"]

PER_UNIT = Decimal("0.0001")
MILLION = Decimal(1_000_000)
# Floating-point slack when a rate exactly fills a whole number of replicas, or a run exactly
# meets its deadline: 1e-9 relative, far below any figure the planner states.
SLACK = 1e-9
# Bisection steps for the operating point's concurrency: within 2^-24 (6e-8) of c*, far finer
# than any figure is stated; each step is one speed evaluation (some 40 µs with the step model).
BISECTION_STEPS = 24


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


@dataclass(frozen=True)
class TrafficOption:
    """One offer, layout and replica count, sized for the profile's peak."""

    capacity: Capacity
    replicas: int
    gpus: int
    utilization: float  # the peak's share of what the replicas carry within the target
    price: Price
    per_million_tokens: Decimal | None
    per_million_output: Decimal | None
    reason_parts: tuple[str, ...] = ()
    # Solves the operating point at the peak load; solved the first time it is read, so ranking
    # the whole catalog solves only the options someone looks at.
    solver: Callable[[], tuple[float, ServingPoint]] | None = field(
        default=None, repr=False, compare=False
    )

    @cached_property
    def _operating(self) -> tuple[float, ServingPoint] | None:
        return self.solver() if self.solver is not None else None

    @property
    def point(self) -> ServingPoint | None:
        """The operating point at the peak load (None when the option cannot serve it)."""
        return self._operating[1] if self._operating else None

    @property
    def load_concurrency(self) -> float:
        """Requests in flight per replica at the peak (0 when the option cannot serve it)."""
        return self._operating[0] if self._operating else 0.0

    @property
    def gpu(self) -> GpuOffer:
        """The offer."""
        return self.capacity.gpu

    @property
    def tp(self) -> int:
        """The tensor-parallel degree."""
        return self.capacity.tp

    @property
    def replica_gpus(self) -> int:
        """GPUs per replica."""
        return self.capacity.replica_gpus

    @property
    def layout_name(self) -> str:
        """The replica's layout: "TP 8", or "TP 2 × DP 4, EP 8" under expert parallelism."""
        return self.capacity.layout.name

    @property
    def binding(self) -> Binding:
        """What stops one replica from taking more requests at once."""
        keys = {getattr(part, "key", "") for part in self.reason_parts}
        return "rate" if "traffic.reason_rate" in keys else self.capacity.binding

    @property
    def binding_text(self) -> str:
        """What limits the option, as a keyed message ("limited by time per output token")."""
        return Message("traffic.binds", constraint=CONSTRAINTS[self.binding])

    @property
    def reason(self) -> str:
        """Why the option fails, in one line ("" when it serves the profile)."""
        return "; ".join(self.reason_parts)


@dataclass(frozen=True)
class TrafficPlan:
    """The answer to a traffic profile."""

    request: PlanRequest
    profile: TrafficProfile
    options: tuple[TrafficOption, ...]  # serve the profile, cheapest first
    infeasible: tuple[TrafficOption, ...]
    note: str  # what the speeds rest on (a Message)
    unreachable: str | None = None  # a Message when no option serves the profile
    unreachable_field: str | None = None
    capacities: tuple[Capacity, ...] = field(default=(), repr=False)
    tax_rate: Decimal = Decimal(0)

    def require_reachable(self) -> TrafficPlan:
        """This plan, or an :class:`InputError` naming the field when nothing serves it."""
        if self.unreachable is not None:
            field = f"traffic.{self.unreachable_field}" if self.unreachable_field else "traffic"
            raise InputError(self.unreachable, field=field)
        return self


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


def _meets(
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
    ok, missed, alone, alone_p90 = _meets(source, layout, profile, 1)
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
    top = _meets(source, layout, profile, high)
    if not top[0]:
        low_margin, high_margin = _margin(profile, alone, alone_p90), _margin(profile, *top[2:])
        bisect = False
        while high - low > 1:
            # Latency grows about linearly with concurrency, so the crossing of the target is
            # guessed by interpolating the margins (regula falsi), alternating with a bisection
            # whenever a guess did not halve the interval. Either way the interval keeps a
            # concurrency that meets the target and one that does not, so c* is the same exact
            # integer a bisection finds, in fewer speed evaluations.
            middle = (low + high) // 2
            if not bisect and high_margin > low_margin:
                share = (1.0 - low_margin) / (high_margin - low_margin)
                middle = min(max(low + round((high - low) * share), low + 1), high - 1)
            width = high - low
            ok, _, mean, p90 = _meets(source, layout, profile, middle)
            if ok:
                low, low_margin = middle, _margin(profile, mean, p90)
            else:
                high, high_margin = middle, _margin(profile, mean, p90)
            bisect = not bisect and (high - low) * 2 > width
        missed = _meets(source, layout, profile, high)[1]
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


def _per_million(hourly: Decimal, tokens_per_s: float) -> Decimal | None:
    if tokens_per_s <= 0 or not math.isfinite(tokens_per_s):
        return None
    per_hour = Decimal(str(tokens_per_s)) * 3600
    return (hourly * MILLION / per_hour).quantize(PER_UNIT, ROUND_HALF_UP)


def operating_concurrency(
    source: ServingSource, capacity: Capacity, profile: TrafficProfile, rate: float
) -> tuple[float, ServingPoint]:
    """The concurrency at which one replica completes ``rate`` requests/s, and its point.

    Little's law: a replica holding ``c`` requests, each in the system for T(c), completes
    c ÷ T(c) a second; that grows with ``c``, so bisection finds the ``c`` that matches ``rate``.
    """
    isl, osl = profile.input_tokens.mean, profile.output_tokens.mean
    low, high = 0.0, float(capacity.concurrency)
    for _ in range(BISECTION_STEPS):
        middle = (low + high) / 2
        if source.at(capacity.layout, OperatingPoint(isl, osl, middle)).requests_per_s < rate:
            low = middle
        else:
            high = middle
    return high, source.at(capacity.layout, OperatingPoint(isl, osl, high))


def size(
    found: Iterable[Capacity],
    profile: TrafficProfile,
    request: PlanRequest,
    catalog: Catalog,
    *,
    tax_rate: Decimal = Decimal(0),
    source: ServingSource | None = None,
) -> tuple[list[TrafficOption], list[TrafficOption]]:
    """Replicas, operating point and price of every capacity for the profile's peak."""
    source = source or default_serving()
    peak = profile.peak_rps
    wanted = peak * (1 + profile.spare.fraction)
    average_tokens = profile.average_rps * (profile.input_tokens.mean + profile.output_tokens.mean)
    average_output = profile.average_rps * profile.output_tokens.mean
    feasible: list[TrafficOption] = []
    infeasible: list[TrafficOption] = []
    for cap in found:
        one = cap.replica_gpus
        if cap.best is None:
            price = price_for(catalog, cap.gpu, one, request.term, tax_rate=tax_rate)
            infeasible.append(TrafficOption(cap, 1, one, 0.0, price, None, None, cap.reason_parts))
            continue
        per_replica = cap.best.requests_per_s
        needed = max(math.ceil(wanted / per_replica * (1 - SLACK)), 1)
        replicas = needed + profile.spare.replicas
        gpus = replicas * one
        if gpus > cap.gpu.max_gpus:
            price = price_for(catalog, cap.gpu, one, request.term, tax_rate=tax_rate)
            reason = Message("traffic.reason_rate", need=gpus, rate=wanted, has=cap.gpu.max_gpus)
            infeasible.append(TrafficOption(cap, replicas, gpus, 0.0, price, None, None, (reason,)))
            continue
        share = peak / replicas
        price = price_for(catalog, cap.gpu, gpus, request.term, tax_rate=tax_rate)
        hourly = price.total / Decimal(price.hours)
        feasible.append(
            TrafficOption(
                capacity=cap,
                replicas=replicas,
                gpus=gpus,
                utilization=share / per_replica,
                price=price,
                per_million_tokens=_per_million(hourly, average_tokens),
                per_million_output=_per_million(hourly, average_output),
                solver=partial(operating_concurrency, source, cap, profile, share),
            )
        )
    feasible.sort(
        key=lambda o: (
            o.price.total,
            o.gpus,
            o.gpu.id,
            o.capacity.layout.expert_parallel,  # the plainer layout first at a tie
            o.tp,
            o.replica_gpus,
        )
    )
    return feasible, infeasible


def option_at(
    plan_: TrafficPlan,
    option: TrafficOption,
    concurrency: int,
    catalog: Catalog,
    *,
    source: ServingSource | None = None,
) -> TrafficOption:
    """``option`` with its replicas run at most ``concurrency`` requests at once (a chosen point).

    The replicas are sized for the peak at that concurrency; a point beyond what the latency
    target allows (or the cache holds) is refused with the reason, as the search refuses it.
    """
    source = source or default_serving()
    cap = option.capacity
    chosen = min(max(concurrency, 1), max(cap.cap, 1))
    ok, missed, _, _ = _meets(source, cap.layout, plan_.profile, chosen)
    isl, osl = plan_.profile.input_tokens.mean, plan_.profile.output_tokens.mean
    best = source.at(cap.layout, OperatingPoint(isl, osl, chosen))
    binding: Binding = cap.binding if chosen == cap.concurrency else missed or cap.binding
    picked = Capacity(
        cap.layout, cap.cap, cap.cap_binding, chosen, best, cap.alone, cap.alone_p90, binding
    )
    if not ok:
        assert missed is not None
        target = plan_.profile.latency
        limit = target.tpot_ceiling if missed == "tpot" else target.ttft_p90_s or target.ttft_p50_s
        value = best.tpot_s if missed == "tpot" else best.ttft_s
        key = "traffic.point_tpot" if missed == "tpot" else "traffic.point_ttft"
        reason = Message(key, concurrency=chosen, value=value, target=limit or 0.0)
        return TrafficOption(
            picked, option.replicas, option.gpus, 0.0, option.price, None, None, (reason,)
        )
    found, refused = size(
        [picked], plan_.profile, plan_.request, catalog, tax_rate=plan_.tax_rate, source=source
    )
    return (found or refused)[0]


def saved_point(option: TrafficOption) -> SavedPoint | None:
    """The operating point of ``option`` as a quote keeps it (None when it cannot serve)."""
    point = option.point
    if point is None:
        return None
    return SavedPoint(
        concurrency=option.load_concurrency,
        replicas=option.replicas,
        ttft_s=point.ttft_s,
        tpot_s=point.tpot_s,
        utilization=min(max(option.utilization, 1e-9), 1.0),
        source=point.kind,
    )


def _rate_field(profile: TrafficProfile) -> str:
    if profile.peak_per_unit is not None:
        return "peak_per_unit"
    return "average_per_unit" if profile.average_per_unit is not None else "tokens_per_day"


def _tpot_field(profile: TrafficProfile) -> str:
    target = profile.latency
    if target.tpot_s is not None and (
        target.tokens_per_s_per_user is None or target.tpot_s <= 1 / target.tokens_per_s_per_user
    ):
        return "latency.tpot_s"
    return "latency.tokens_per_s_per_user"


def _unreachable(
    profile: TrafficProfile, found: list[Capacity], infeasible: list[TrafficOption]
) -> tuple[str, str]:
    """The message and field when no option serves the profile."""
    by_rate = [o for o in infeasible if o.capacity.best is not None]
    if by_rate:

        def most(o: TrafficOption) -> float:
            replicas = o.gpu.max_gpus // o.replica_gpus
            assert o.capacity.best is not None
            return replicas * o.capacity.best.requests_per_s

        best = max(by_rate, key=most)
        replicas = best.gpu.max_gpus // best.replica_gpus
        message = Message(
            "traffic.unreachable_rate",
            rate=profile.peak_rps * (1 + profile.spare.fraction),
            best=most(best),
            gpus=replicas * best.replica_gpus,
            gpu=best.gpu.id,
        )
        return message, _rate_field(profile)
    if not found:
        tokens = profile.input_tokens.high + profile.output_tokens.high
        return Message("traffic.unreachable_memory", tokens=tokens), "input_tokens.p90"
    # Every layout that fits misses the latency target even alone: name the target no layout
    # meets, the time per output token first (a layout that misses it is not timed further).
    target = profile.latency
    ceiling = target.tpot_ceiling
    if ceiling is not None:
        fastest = min(found, key=lambda c: c.alone.tpot_s if c.alone else math.inf)
        assert fastest.alone is not None
        if fastest.alone.tpot_s > ceiling * (1 + SLACK):
            message = Message(
                "traffic.unreachable_tpot",
                target=ceiling,
                best=fastest.alone.tpot_s,
                gpus=fastest.replica_gpus,
                gpu=fastest.gpu.id,
            )
            return message, _tpot_field(profile)
    timed = [c for c in found if c.binding == "ttft"] or found

    def ttft(c: Capacity, p90: bool) -> float:
        point = c.alone_p90 if p90 else c.alone
        return point.ttft_s if point else math.inf

    p90 = target.ttft_p90_s is not None and min(ttft(c, True) for c in timed) > (
        target.ttft_p90_s * (1 + SLACK)
    )
    chosen = target.ttft_p90_s if p90 else target.ttft_p50_s
    if chosen is None:  # each target is met by some layout, never both by one
        chosen, p90 = target.ttft_p90_s, True
    assert chosen is not None
    quickest = min(timed, key=lambda c: ttft(c, p90))
    message = Message(
        "traffic.unreachable_ttft",
        target=chosen,
        best=ttft(quickest, p90),
        gpus=quickest.replica_gpus,
        gpu=quickest.gpu.id,
    )
    return message, "latency.ttft_p90_s" if p90 else "latency.ttft_p50_s"


def plan_traffic(
    request: PlanRequest,
    profile: TrafficProfile | None = None,
    catalog: Catalog | None = None,
    *,
    tax_rate: Decimal = Decimal(0),
    model: ResolvedModel | None = None,
    source: ServingSource | None = None,
) -> TrafficPlan:
    """The cheapest rentals that serve ``profile`` (the request's own when not given).

    Raises:
        InputError: No profile, or a request that is not for serving.
    """
    profile = profile if profile is not None else request.traffic
    if profile is None:
        raise InputError(Message("traffic.no_rate"), field="traffic")
    if request.workload != "inference":
        raise InputError(
            Message("traffic.needs_inference", workload=request.workload), field="workload"
        )
    catalog = catalog or default_catalog()
    source = source or default_serving()
    found, refused = capacities(request, profile, catalog, model=model, source=source)
    return sized_plan(request, profile, catalog, found, refused, tax_rate=tax_rate, source=source)


def sized_plan(
    request: PlanRequest,
    profile: TrafficProfile,
    catalog: Catalog,
    found: list[Capacity],
    refused: list[tuple[ServingLayout, tuple[str, ...]]],
    *,
    tax_rate: Decimal = Decimal(0),
    source: ServingSource | None = None,
) -> TrafficPlan:
    """The plan of capacities already found, for ``profile``'s rates (re-sizing is cheap).

    "What if traffic doubles" keeps the capacities (the latency target and lengths are the same)
    and sizes them again for the scaled profile.
    """
    source = source or default_serving()
    feasible, infeasible = size(found, profile, request, catalog, tax_rate=tax_rate, source=source)
    memory: list[TrafficOption] = []
    for layout, parts in refused:
        price = price_for(catalog, layout.gpu, layout.gpus, request.term, tax_rate=tax_rate)
        blank = Capacity(layout, 0, "memory", 0, None, None, None, "memory", parts)
        memory.append(TrafficOption(blank, 1, layout.gpus, 0.0, price, None, None, parts))
    unreachable: tuple[str | None, str | None] = (None, None)
    if not feasible:
        unreachable = _unreachable(profile, found, infeasible)
    return TrafficPlan(
        request=request,
        profile=profile,
        options=tuple(feasible),
        infeasible=tuple(infeasible + memory),
        note=source.note(request),
        unreachable=unreachable[0],
        unreachable_field=unreachable[1],
        capacities=tuple(found),
        tax_rate=tax_rate,
    )


def what_if(plan_: TrafficPlan, factor: float, catalog: Catalog) -> TrafficPlan:
    """``plan_`` for the same traffic times ``factor``, reusing its layouts' capacities."""
    profile = plan_.profile.scaled(factor)
    refused = [
        (o.capacity.layout, o.reason_parts)
        for o in plan_.infeasible
        if o.capacity.binding == "memory" and o.capacity.cap == 0
    ]
    return sized_plan(
        plan_.request,
        profile,
        catalog,
        list(plan_.capacities),
        refused,
        tax_rate=plan_.tax_rate,
    )


def curve(
    capacity: Capacity,
    profile: TrafficProfile,
    *,
    points: int = 24,
    source: ServingSource | None = None,
) -> list[tuple[int, ServingPoint]]:
    """Throughput per GPU against tokens/s per user of one replica, from one request to its cap.

    Concurrencies spaced evenly on a log scale (each once), with the chosen ``c*`` among them.
    """
    source = source or default_serving()
    top = max(capacity.cap, 1)
    wanted = {1, top}
    if capacity.concurrency:
        wanted.add(capacity.concurrency)
    for i in range(points):
        wanted.add(max(1, round(top ** (i / max(points - 1, 1)))))
    isl, osl = profile.input_tokens.mean, profile.output_tokens.mean
    return [(c, source.at(capacity.layout, OperatingPoint(isl, osl, c))) for c in sorted(wanted)]


# ---- training goal ------------------------------------------------------------------------


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
