"""From the outcome to the rental: serve this traffic at this latency.

Serving (:func:`plan_traffic`) takes every replica layout's capacity under the target
(:mod:`core.planning.traffic.capacity`: memory, then latency), then:

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
Training by a date is :mod:`core.planning.traffic.goal`.

Speed comes only through :mod:`core.planning.traffic.speed_source`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from functools import cached_property, partial
from typing import TYPE_CHECKING

from core.base.errors import InputError
from core.domain.catalog import Catalog, GpuOffer, default_catalog
from core.domain.request import PlanRequest
from core.domain.traffic_profile import SavedPoint, TrafficProfile
from core.planning.traffic.capacity import (
    SLACK,
    Binding,
    Capacity,
    capacities,
    meets,
)
from core.planning.traffic.speed_model_source import default_serving
from core.planning.traffic.speed_source import (
    OperatingPoint,
    ServingLayout,
    ServingPoint,
    ServingSource,
)
from core.pricing.prices import Price, price_for
from core.texts.messages import Message
from core.texts.words import CONSTRAINTS

if TYPE_CHECKING:
    from core.model.models import ResolvedModel

PER_UNIT = Decimal("0.0001")
MILLION = Decimal(1_000_000)
# Bisection steps for the operating point's concurrency: within 2^-24 (6e-8) of c*, far finer
# than any figure is stated; each step is one speed evaluation (some 40 µs with the step model).
BISECTION_STEPS = 24


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
    ok, missed, _, _ = meets(source, cap.layout, plan_.profile, chosen)
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
