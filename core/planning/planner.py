"""The planner: every GPU offer × GPU count × strategy, its fit and its price, ranked.

Like SkyPilot's optimizer or ``dstack offer``, it shows the options it considered, cheapest
first, with the infeasible ones and their reasons; unlike them it knows memory. When nothing fits it
says what would: the nearest options and the request changes that make one fit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal, getcontext
from functools import cached_property, lru_cache, partial
from typing import TYPE_CHECKING, Any, Literal

from core.base.errors import PlannerError
from core.base.units import gib
from core.capacity.expert_parallel import layout_of
from core.capacity.vllm_mxfp4 import padding_bytes
from core.domain.catalog import Catalog, GpuOffer, default_catalog
from core.domain.request import Parallelism, PlanRequest
from core.domain.terms import term_hours
from core.estimate.dispatch import estimate_on, resolve
from core.estimate.llm import mxfp4_kernel
from core.estimate.results import EstimateResult, certainty_json
from core.model.architecture import ModelArchitecture
from core.planning.limits import Limits, SharedLimits
from core.pricing.outcome import OutcomeCost, outcome_cost
from core.pricing.prices import Price, price_for, round_money
from core.texts.messages import Message, Param
from core.texts.words import (
    CHANGE_CHECKPOINTING,
    CHANGE_CPU_OFFLOAD,
    CHANGE_FP8_KV,
    CHANGE_INT4,
    CHANGE_OFFER,
    CHANGE_QLORA,
    CHANGE_VAE_TILING,
    STRATEGIES,
    Word,
)

if TYPE_CHECKING:
    from core.model.models import ResolvedModel

RankBy = Literal["total", "per-million-tokens", "job-cost"]
Maximize = Literal["context", "sequences", "batch"]
MAXIMIZED: dict[str, dict[str, str]] = {
    "context": {"inference": "context", "training": "sequence_length", "diffusion": "resolution"},
    "sequences": {"inference": "sequences", "training": "micro_batch", "diffusion": "batch"},
    "batch": {"inference": "sequences", "training": "micro_batch", "diffusion": "batch"},
}
"""The limit each ``--maximize`` choice ranks by, per workload."""
GPU_COUNTS = (1, 2, 4, 8, 16, 32, 64)
# Blockers that are about memory: the option's limits still say how far it goes (vLLM's
# refusal to start is its pool against one sequence, whose longest context is a limit).
MEMORY_BLOCKERS = frozenset({"ddp_does_not_pool", "vllm_does_not_start"})


@dataclass(frozen=True)
class PlanOption:
    """One considered layout: its estimate, price and the figures it is ranked by."""

    estimate: EstimateResult
    price: Price
    tensor_parallel: int
    per_million_tokens: Decimal | None
    job_cost: Decimal | None
    reason_parts: tuple[str, ...] = ()  # why it is infeasible, as Messages; empty when it fits
    outcome: OutcomeCost | None = None
    # Solves the limits when the plan was asked for them; they are solved on first use only.
    solver: Callable[[], Limits] | None = field(default=None, repr=False, compare=False)
    # Under vLLM's expert parallelism, the data-parallel ranks of ``tensor_parallel`` GPUs the
    # experts are split over (EP = TP × DP); 0 for a layout without expert parallelism.
    data_parallel: int = 0

    @property
    def expert_parallel(self) -> int:
        """The expert-parallel group's GPUs (0 without expert parallelism)."""
        return self.tensor_parallel * self.data_parallel

    @property
    def layout(self) -> str:
        """The layout in a few characters: "TP 4", "TP 2 × DP 4, EP 8", or the strategy's key."""
        return layout_name(self.estimate.strategy, self.tensor_parallel, self.data_parallel)

    @property
    def speed_band(self) -> float | None:
        """The serving speed's relative band (× or ÷ 1 + band); doubled under expert parallelism.

        No published measurement calibrates expert-parallel serving
        (:func:`core.speed.expert_parallel.widened`), so its speeds and costs per token are the
        least certain of a plan.
        """
        return self.estimate.throughput.band

    @cached_property
    def limits(self) -> Limits | None:
        """The option's limits (:mod:`core.planning.limits`), solved when first read."""
        return self.solver() if self.solver is not None else None

    @property
    def reason(self) -> str:
        """Why the option is infeasible, in one line ("" when it fits)."""
        return "; ".join(self.reason_parts)

    @property
    def gpu(self) -> GpuOffer:
        """The GPU offer."""
        return self.estimate.gpu

    @property
    def fits(self) -> bool:
        """Whether memory fits and nothing blocks the option."""
        return self.estimate.fits


def layout_name(strategy: str, tp: int, dp: int = 0) -> str:
    """A layout in a few characters: "TP 4", "TP 2 × DP 4, EP 8" (``dp`` > 0), else ``strategy``."""
    if dp:
        return f"TP {tp} × DP {dp}, EP {tp * dp}"
    if strategy in ("single", "tensor"):
        return f"TP {tp}"
    return strategy


def expert_layout(request: PlanRequest, details: object = None) -> tuple[int, int] | None:
    """(tp, dp) of the replica ``request`` serves expert-parallel, or None without it.

    From the request's parallelism; where the estimate's ``details`` (as saved) show the engine
    did not split the experts (a dense model, llama.cpp), None: the layout stayed tensor-parallel.
    """
    par = request.parallelism
    if request.workload != "inference" or not par.expert_parallel or par.replica_gpus < 2:
        return None
    if details is not None and getattr(details, "expert_parallel", None) is None:
        return None
    return par.tp, par.replica_gpus // par.tp


@dataclass(frozen=True)
class Plan:
    """The planner's answer for one request."""

    request: PlanRequest
    rank_by: RankBy
    options: tuple[PlanOption, ...]  # feasible, best first
    infeasible: tuple[PlanOption, ...]
    suggestions: tuple[str, ...] = field(default_factory=tuple)  # Messages
    maximize: Maximize | None = None
    budget: Decimal | None = None

    def solve_limits(self) -> Plan:
        """Solve every option's limits now (for a caller that reads them all on another thread)."""
        for option in (*self.options, *self.infeasible):
            _ = option.limits
        return self


def layouts(request: PlanRequest, gpu: GpuOffer) -> list[tuple[str, int, int]]:
    """(strategy, GPUs, tensor-parallel degree) combinations that apply to the workload."""
    counts = [n for n in GPU_COUNTS if n <= gpu.max_gpus]
    found: list[tuple[str, int, int]] = [("single", 1, 1)]
    if request.workload == "diffusion":
        return found
    for n in counts[1:]:
        if n <= gpu.gpus_per_node:
            found.append(("tensor", n, n))
        if request.workload == "training":
            found.append(("ddp", n, 1))
            found.append(("fsdp", n, 1))
    return found


def expert_layouts(
    request: PlanRequest, gpu: GpuOffer, model: ResolvedModel
) -> list[tuple[int, int]]:
    """(GPUs, tensor-parallel degree) of each expert-parallel layout worth estimating on ``gpu``.

    vLLM's expert parallelism (:mod:`core.capacity.expert_parallel`) serves a mixture-of-experts
    language model; within one node, over two GPUs or more, where every GPU gets an expert. The
    layout is one replica of ``GPUs ÷ tp`` data-parallel ranks of ``tp`` GPUs each.
    """
    if (
        request.workload != "inference"
        or request.inference.engine != "vllm"
        or not isinstance(model, ModelArchitecture)
        or not model.is_moe
    ):
        return []
    counts = [n for n in GPU_COUNTS if 1 < n <= min(gpu.max_gpus, gpu.gpus_per_node)]
    return [
        (n, tp)
        for n in counts
        for tp in (1, *counts)
        if tp <= n and layout_of(model, n, tp) is not None
    ]


def _with_layout(
    request: PlanRequest, gpu: GpuOffer, strategy: str, gpus: int, tp: int, dp: int = 0
) -> PlanRequest:
    """``request`` laid out so; ``dp`` > 0 serves it expert-parallel over ``dp`` ranks of ``tp``."""
    sharding = request.parallelism.fsdp_sharding
    if strategy == "fsdp":
        sharding = "hybrid" if gpus > gpu.gpus_per_node else "full"
    tensor = tp if strategy == "tensor" else None
    parallelism = _parallelism(request.parallelism, strategy, gpus, tensor, sharding, dp)
    return request.model_copy(update={"parallelism": parallelism, "gpu": gpu.id})


@lru_cache(maxsize=256)  # a sweep asks a few dozen layouts; Parallelism is frozen and hashable
def _parallelism(
    base: Parallelism, strategy: str, gpus: int, tp: int | None, sharding: str, dp: int = 0
) -> Parallelism:
    """``base`` with the layout's fields, made once and shared by every request laid out so.

    Expert parallelism is the layout's, never the base request's: a plan lays out both.
    """
    update: dict[str, Any] = {
        "strategy": strategy,
        "gpus": gpus,
        "tensor_parallel": tp,
        "fsdp_sharding": sharding,
        "expert_parallel": dp > 0,
        "data_parallel": dp or None,
    }
    return base.model_copy(update=update)


def reason_parts(result: EstimateResult) -> list[str]:
    """Why an option is infeasible: the memory shortfall, then each blocker's message."""
    blockers = [f for f in result.findings if f.severity == "blocker"]
    if result.headroom_bytes < 0:
        usable = result.usable_bytes < result.gpu.vram_bytes
        parts: list[str] = [
            Message(
                "planner.short_usable" if usable else "planner.short",
                need=gib(result.memory.total),
                has=gib(result.usable_bytes),
            )
        ]
        if any(f.code == "ddp_does_not_pool" for f in blockers):
            parts.append(Message("planner.ddp_no_pool"))
        # vLLM's refusal to start follows from the shortfall already stated
        return parts + [f.message for f in blockers if f.code not in MEMORY_BLOCKERS]
    return [f.message for f in blockers] or [Message("planner.does_not_fit")]


def _per_million(result: EstimateResult, price: Price) -> Decimal | None:
    """Price per million generated tokens at the decode bound over the term."""
    tps = result.throughput.decode_tokens_per_s
    if not tps:
        return None
    tokens = Decimal(str(tps)) * Decimal(price.hours) * 3600
    return _money(price.total / tokens * Decimal(1_000_000), Decimal("0.0001"))


def _job_cost(result: EstimateResult, price: Price) -> Decimal | None:
    """Cost of the training run: GPU-hours the dataset needs at the term's hourly rate."""
    hours = result.throughput.job_hours
    if hours is None:
        return None
    hourly = price.unit_price_per_gpu_hour * price.gpus
    return _money(hourly * Decimal(str(hours)), Decimal("0.01"))


def _money(amount: Decimal, step: Decimal) -> Decimal | None:
    """``amount`` rounded to ``step``, or None when that needs more digits than Decimal keeps.

    The context keeps 28 digits; only a model of absurd size decoding at a crawl goes past them.
    """
    if not amount.is_finite() or amount.adjusted() - step.adjusted() >= getcontext().prec:
        return None
    return amount.quantize(step)


def _rank_key(option: PlanOption, rank_by: RankBy) -> tuple[Any, ...]:
    """How ``option`` ranks: by ``rank_by``, the calibrated layout first at a tie.

    By cost per 1M tokens an expert-parallel option counts at the slow end of its speed band:
    no published measurement backs its speed, so it outranks a calibrated layout only where it
    would be cheaper even then (its row still shows the central figure and the band).
    """
    total = option.price.total
    guessed = option.data_parallel > 0
    if rank_by == "per-million-tokens" and option.per_million_tokens is not None:
        cost = option.per_million_tokens
        if guessed and option.speed_band:
            cost = cost * (1 + Decimal(str(option.speed_band)))
        return (cost, total, guessed)
    if rank_by == "job-cost" and option.job_cost is not None:
        return (option.job_cost, total)
    return (total, option.estimate.gpus, -option.estimate.headroom_bytes, guessed)


def plan(
    request: PlanRequest,
    catalog: Catalog | None = None,
    *,
    rank_by: RankBy = "total",
    tax_rate: Decimal = Decimal(0),
    model: ResolvedModel | None = None,
    with_limits: bool = False,
    maximize: Maximize | None = None,
    budget: Decimal | None = None,
    utilization: Decimal = Decimal(1),
) -> Plan:
    """Consider every offer × count × strategy for ``request`` and rank the feasible ones.

    ``with_limits`` gives every option its limits (:mod:`core.planning.limits`), solved when an
    option's ``limits`` is first read, so a caller that shows a few options solves only theirs;
    ``maximize`` solves the feasible options' and ranks them by one limit, largest first (the
    request's own value is the floor);
    ``budget`` moves options whose total exceeds it among the infeasible ones.
    """
    catalog = catalog or default_catalog()
    model = model if model is not None else resolve(request)
    feasible, infeasible = _options(
        request,
        catalog,
        model,
        rank_by,
        tax_rate,
        with_limits=with_limits,
        maximize=maximize,
        budget=budget,
        utilization=utilization,
    )
    suggestions: tuple[str, ...] = ()
    if not feasible:
        suggestions = tuple(_suggest(request, catalog, model, infeasible))
    return Plan(request, rank_by, tuple(feasible), tuple(infeasible), suggestions, maximize, budget)


def _options(
    request: PlanRequest,
    catalog: Catalog,
    model: ResolvedModel,
    rank_by: RankBy,
    tax_rate: Decimal,
    *,
    with_limits: bool = False,
    maximize: Maximize | None = None,
    budget: Decimal | None = None,
    utilization: Decimal = Decimal(1),
) -> tuple[list[PlanOption], list[PlanOption]]:
    """Every option for ``request``: the feasible ones ranked, the infeasible nearest first."""
    gpus = [catalog.gpu(request.gpu)] if request.gpu else list(catalog.gpus)
    feasible: list[PlanOption] = []
    infeasible: list[PlanOption] = []
    shared = SharedLimits(model) if with_limits or maximize else None

    def option_of(strategy: str, count: int, tp: int, gpu: GpuOffer, dp: int = 0) -> PlanOption:
        variant = _with_layout(request, gpu, strategy, count, tp, dp)
        result = estimate_on(variant, model, gpu)
        price = price_for(catalog, gpu, count, request.term, tax_rate=tax_rate)
        parts = () if result.fits else tuple(reason_parts(result))
        if not parts and budget is not None and price.total > budget:
            parts = (_over_budget(price, budget),)
        return PlanOption(
            estimate=result,
            price=price,
            tensor_parallel=tp,
            # an option that does not fit, or that vLLM would not start, generates nothing
            per_million_tokens=_per_million(result, price) if result.fits else None,
            job_cost=_job_cost(result, price),
            reason_parts=parts,
            outcome=outcome_cost(result, price, utilization=utilization),
            solver=partial(shared.solve, result)
            if shared is not None and not _blocked(result)
            else None,
            data_parallel=dp,
        )

    for gpu in gpus:
        tensor: dict[int, PlanOption] = {}
        for strategy, count, tp in layouts(request, gpu):
            option = option_of(strategy, count, tp, gpu)
            if strategy in ("single", "tensor"):
                tensor[count] = option
            (infeasible if option.reason_parts else feasible).append(option)
        feasible += _expert_options(request, gpu, model, tensor, partial(option_of, gpu=gpu))
    if maximize is not None:
        name = MAXIMIZED[maximize][request.workload]
        feasible.sort(key=lambda o: (-_limit(o, name), *_rank_key(o, rank_by)))
    else:
        feasible.sort(key=lambda o: _rank_key(o, rank_by))
    infeasible.sort(key=lambda o: -o.estimate.headroom_bytes / max(o.estimate.usable_bytes, 1))
    return feasible, infeasible


def _expert_options(
    request: PlanRequest,
    gpu: GpuOffer,
    model: ResolvedModel,
    tensor: dict[int, PlanOption],
    option_of: Callable[..., PlanOption],
) -> list[PlanOption]:
    """The expert-parallel options worth showing beside the tensor-parallel ones on ``gpu``.

    At each GPU count, the best expert-parallel layout that fits (cheapest per 1M tokens, then the
    most headroom) is shown where tensor parallelism on as many GPUs does not fit, or where it
    generates tokens more cheaply. Layouts that do not fit are not listed: the tensor-parallel row
    already says why that count falls short. A count whose weights alone overflow under tensor
    parallelism is skipped without an estimate: expert parallelism holds at least as much per GPU
    there (dense layers split by tp ≤ the count, the fullest rank's ⌈E ÷ ep⌉ experts ≥ E ÷ ep),
    unless a kernel pads the experts per tensor-parallel rank (vLLM's MXFP4 kernels).
    """
    found = expert_layouts(request, gpu, model)
    if not found or not isinstance(model, ModelArchitecture):
        return []
    kernel = mxfp4_kernel(request, model, gpu)
    padded = any(padding_bytes(model, n, kernel) for n in GPU_COUNTS)
    best: dict[int, PlanOption] = {}
    for count, tp in found:
        plain = tensor.get(count)
        if plain is not None and not plain.fits and not padded:
            memory = plain.estimate.memory
            if memory.weights + memory.quantization_metadata > plain.estimate.usable_bytes:
                continue
        option = option_of("tensor", count, tp, dp=count // tp)
        if option.reason_parts:
            continue
        held = best.get(count)
        if held is None or _expert_key(option) < _expert_key(held):
            best[count] = option
    shown = []
    for count, option in best.items():
        plain = tensor.get(count)
        cheaper = (
            plain is not None
            and option.per_million_tokens is not None
            and plain.per_million_tokens is not None
            and option.per_million_tokens < plain.per_million_tokens
        )
        if plain is None or plain.reason_parts or cheaper:
            shown.append(option)
    return shown


def _expert_key(option: PlanOption) -> tuple[Any, ...]:
    """Among expert-parallel layouts of one count: cheapest per 1M tokens, then most headroom."""
    cost = option.per_million_tokens
    return (cost is None, cost or Decimal(0), -option.estimate.headroom_bytes)


def _blocked(result: EstimateResult) -> bool:
    """Whether something other than memory rules the option out (its limits would mean nothing)."""
    return any(f.severity == "blocker" and f.code not in MEMORY_BLOCKERS for f in result.findings)


def _over_budget(price: Price, budget: Decimal) -> str:
    return Message(
        "planner.over_budget", total=str(price.total), budget=str(budget), currency=price.currency
    )


def _limit(option: PlanOption, name: str) -> int:
    """The solved value of limit ``name`` of ``option`` (0 when unsolved)."""
    value = option.limits.value(name) if option.limits else None
    return value or 0


def _suggest(
    request: PlanRequest, catalog: Catalog, model: ResolvedModel, infeasible: list[PlanOption]
) -> list[str]:
    """What would fit: the nearest options and request changes that make one fit."""
    memory_only = [
        o
        for o in infeasible
        if o.estimate.headroom_bytes < 0
        and all(f.severity != "blocker" or f.code in MEMORY_BLOCKERS for f in o.estimate.findings)
    ]
    memory_only.sort(key=lambda o: o.estimate.memory.total - o.estimate.usable_bytes)
    lines: list[str] = []
    for option in memory_only[:3]:
        lines.append(
            Message(
                "planner.nearest",
                gpus=option.estimate.gpus,
                gpu=option.gpu.id,
                strategy=STRATEGIES[option.estimate.strategy],
                short=gib(option.estimate.memory.total - option.estimate.usable_bytes),
            )
        )
    for key, change, changed in _variants(request):
        try:
            best = cheapest_fit(changed, catalog, model)
        except PlannerError:  # a variant that cannot be planned is simply not offered
            continue
        if best is not None:
            lines.append(
                Message(
                    key,
                    **change,
                    gpus=best.estimate.gpus,
                    gpu=best.gpu.id,
                    # an expert-parallel option is named by its layout ("TP 1 × DP 8, EP 8")
                    strategy=best.layout
                    if best.data_parallel
                    else STRATEGIES[best.estimate.strategy],
                    total=str(best.price.total),
                    currency=best.price.currency,
                )
            )
    if not lines:
        lines.append(Message("planner.nothing"))
    return lines


def cheapest_fit(request: PlanRequest, catalog: Catalog, model: ResolvedModel) -> PlanOption | None:
    """The option :func:`plan` would rank first for ``request`` (by total, no tax), or None.

    Each request change is tried once, on its own, never searching changes of the change (that
    search was exponential). Layouts are estimated cheapest first and the search stops at the
    first price above a fitting one, so a change that fits costs a few estimates. A language
    model's layout of N GPUs is skipped without an estimate when even an N-th of the weights one
    GPU holds alone (with, under vLLM, every sequence's cache: :func:`_floor_bytes`) exceeds the
    GPU's usable memory: every strategy keeps at least that share on its fullest GPU, so the
    layout cannot fit (a blocker never makes a layout fit).
    Where tensor parallelism over N GPUs of an offer does not fit, its expert-parallel layouts of
    N GPUs are tried, and the one :func:`plan` would show is taken (:func:`_expert_fit`).
    """
    gpus = [catalog.gpu(request.gpu)] if request.gpu else list(catalog.gpus)
    hours = term_hours(request.term)
    candidates: list[tuple[Decimal, int, GpuOffer, str, int]] = []
    for gpu in gpus:
        unit_price = gpu.price_per_gpu_hour.for_unit(request.term.unit)
        for strategy, count, tp in layouts(request, gpu):
            # Without tax or storage a price is its compute line alone (pricing.price_for).
            total = round_money(unit_price * count * hours, catalog.currency)
            candidates.append((total, count, gpu, strategy, tp))
    candidates.sort(key=lambda c: (c[0], c[1]))  # stable: ties keep plan()'s order
    alone: dict[str, EstimateResult] = {}

    def on_one(gpu: GpuOffer) -> EstimateResult:
        if gpu.id not in alone:
            single = _with_layout(request, gpu, "single", 1, 1)
            alone[gpu.id] = estimate_on(single, model, gpu)
        return alone[gpu.id]

    best: PlanOption | None = None
    best_key = (Decimal(0), 0)
    for total, count, gpu, strategy, tp in candidates:
        if best is not None and (total, count) > best_key:
            break
        if request.workload != "diffusion":  # a diffusion pipeline may offload to the CPU
            first = on_one(gpu)
            if _floor_bytes(request, first) > first.usable_bytes * count:
                continue
            if count == 1:
                result = first
            else:
                result = estimate_on(_with_layout(request, gpu, strategy, count, tp), model, gpu)
        else:
            result = estimate_on(_with_layout(request, gpu, strategy, count, tp), model, gpu)
        found: PlanOption | None = None
        if result.fits:
            price = price_for(catalog, gpu, count, request.term)
            found = PlanOption(result, price, tp, None, None)
        elif strategy == "tensor":
            found = _expert_fit(request, catalog, model, gpu, count)
        if found is not None and (
            best is None or found.estimate.headroom_bytes > best.estimate.headroom_bytes
        ):
            best, best_key = found, (total, count)
    return best


def _floor_bytes(request: PlanRequest, alone: EstimateResult) -> int:
    """Bytes no layout can spread thinner than over its GPUs, from the request on one GPU.

    Every layout holds the weights at least once; a vLLM server holds every sequence's cache at
    least once too (tensor parallelism splits or replicates the heads, data parallelism splits
    the sequences, and both round up to blocks), so a layout of N GPUs needs at least this ÷ N
    on its fullest GPU. llama.cpp may keep layers, and so their cache, on the CPU: weights only.
    """
    floor = alone.memory.weights
    if request.workload == "inference" and request.inference.engine == "vllm":
        floor += alone.memory.kv_cache
    return floor


def _expert_fit(
    request: PlanRequest, catalog: Catalog, model: ResolvedModel, gpu: GpuOffer, count: int
) -> PlanOption | None:
    """The expert-parallel layout of ``count`` GPUs of ``gpu`` that :func:`plan` shows, or None.

    :func:`plan` shows it where tensor parallelism on as many GPUs does not fit: of the
    expert-parallel layouts that fit, the cheapest per 1M tokens, then the one with most headroom
    (:func:`_expert_options`, :func:`_expert_key`).
    """
    price = price_for(catalog, gpu, count, request.term)
    best: PlanOption | None = None
    for gpus, tp in expert_layouts(request, gpu, model):
        if gpus != count:
            continue
        dp = count // tp
        result = estimate_on(_with_layout(request, gpu, "tensor", count, tp, dp), model, gpu)
        if not result.fits:
            continue
        option = PlanOption(result, price, tp, _per_million(result, price), None, data_parallel=dp)
        if best is None or _expert_key(option) < _expert_key(best):
            best = option
    return best


def _variants(request: PlanRequest) -> list[tuple[str, dict[str, Param], PlanRequest]]:
    """Request changes worth trying when nothing fits: message key, its parameters, request."""
    found: list[tuple[str, dict[str, Param], PlanRequest]] = []

    def change(words: Word, changed: PlanRequest) -> None:
        found.append(("planner.with_change", {"change": words}, changed))

    if request.gpu:
        change(CHANGE_OFFER, request.model_copy(update={"gpu": None}))
    if request.workload == "inference":
        if request.precision.weights not in ("int4",):
            precision = request.precision.model_copy(update={"weights": "int4", "format": None})
            change(CHANGE_INT4, request.model_copy(update={"precision": precision}))
        if request.precision.kv_cache != "fp8":
            precision = request.precision.model_copy(update={"kv_cache": "fp8"})
            change(CHANGE_FP8_KV, request.model_copy(update={"precision": precision}))
        if request.inference.context_tokens > 1024:
            half = request.inference.model_copy(
                update={"context_tokens": request.inference.context_tokens // 2}
            )
            found.append(
                (
                    "planner.with_context",
                    {"tokens": half.context_tokens},
                    request.model_copy(update={"inference": half}),
                )
            )
    elif request.workload == "training":
        if not request.training.activation_checkpointing:
            training = request.training.model_copy(update={"activation_checkpointing": True})
            change(CHANGE_CHECKPOINTING, request.model_copy(update={"training": training}))
        if request.training.method == "full":
            training = request.training.model_copy(update={"method": "qlora"})
            change(CHANGE_QLORA, request.model_copy(update={"training": training}))
    elif request.workload == "diffusion":
        if not request.diffusion.vae_tiling:
            diffusion = request.diffusion.model_copy(update={"vae_tiling": True})
            change(CHANGE_VAE_TILING, request.model_copy(update={"diffusion": diffusion}))
        if request.diffusion.cpu_offload == "none":
            diffusion = request.diffusion.model_copy(update={"cpu_offload": "model"})
            change(CHANGE_CPU_OFFLOAD, request.model_copy(update={"diffusion": diffusion}))
    return found


def plan_to_json(result: Plan) -> dict[str, Any]:
    """The plan as ``plan --json`` prints it."""

    def common(option: PlanOption) -> dict[str, Any]:
        return {
            "gpu": option.gpu.id,
            "gpus": option.estimate.gpus,
            "strategy": option.estimate.strategy,
            "tensor_parallel": option.tensor_parallel,
            "layout": option.layout,
            "expert_parallel": option.expert_parallel or None,
            "data_parallel": option.data_parallel or None,
            "fits": option.fits,
            **certainty_json(option.estimate),
            "memory_per_gpu": option.estimate.memory.as_dict(),
            "vram_bytes": option.gpu.vram_bytes,
            "headroom_bytes": option.estimate.headroom_bytes,
        }

    return {
        "rank_by": result.rank_by,
        "maximize": result.maximize,
        "budget": str(result.budget) if result.budget is not None else None,
        "options": [
            {
                **common(o),
                "price": o.price.as_json(),
                "per_million_tokens": str(o.per_million_tokens)
                if o.per_million_tokens is not None
                else None,
                "job_cost": str(o.job_cost) if o.job_cost is not None else None,
                "speed_band": o.speed_band,
                "speed_uncalibrated": list(o.estimate.throughput.uncalibrated),
                "limits": o.limits.as_dict() if o.limits else None,
                "outcome": o.outcome.as_dict() if o.outcome else None,
                "warnings": [f.as_dict() for f in o.estimate.findings if f.severity != "info"],
            }
            for o in result.options
        ],
        "infeasible": [
            {
                **common(o),
                "reason": o.reason,
                "limits": o.limits.as_dict() if o.limits else None,
            }
            for o in result.infeasible
        ],
        "suggestions": [str(s) for s in result.suggestions],
    }
