"""How far a job can go on one offer: the longest context, the most sequences, the biggest batch.

Every limit asks the estimate's own memory function, with one size changed, whether the per-GPU
memory still fits the usable memory: :func:`core.estimate.llm.serving_memory` and
:func:`core.estimate.training.training_memory` (the parts that do not depend on the sizes,
weights and model states, computed once per limit set), :func:`core.capacity.diffusion.peak_memory`
for a pipeline. They are what :func:`core.estimate.dispatch.estimate_on` totals, without its
findings, throughput and details, so a probe costs a fraction of an estimate and the answer is the
estimate's exactly. Memory never falls when the context, the number of sequences, the batch or the
image grows, so the largest value that fits is found exactly (an integer) by a bracketing search
(:func:`core.planning.limit_search.largest_fitting`), whatever shape the capacity model gives memory
(sliding-window, chunked or recurrent layers included): nothing here repeats a memory formula.

Limits are about memory (and vLLM's pool and scheduler) only: a blocker that does not depend on
the size (a platform mismatch, a strategy that does not apply) still makes the option infeasible,
and the planner says so.

vLLM serving answers to vLLM's own rules too (:func:`core.capacity.kv_pool.vllm_bounds`), the
smaller value winning: its KV cache pool at start-up (:class:`core.capacity.kv_pool.KvPool`) must
hold every sequence in whole blocks, and its scheduler runs at most ``max_num_seqs`` sequences at
once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, Any, Literal

from core.capacity.kv_cache import VLLM_BLOCK_TOKENS
from core.capacity.kv_pool import KvPool, PoolBinding, vllm_bounds
from core.domain.request import PlanRequest
from core.domain.workload_options import InferenceOptions
from core.estimate.dispatch import engine, language_model_of, pipeline_of, served_model
from core.estimate.llm import inference_weights, mxfp4_kernel, serving_memory
from core.estimate.results import EstimateResult
from core.planning.limit_search import Power, largest_fitting
from core.texts.messages import Message
from core.texts.words import BINDINGS

if TYPE_CHECKING:
    from core.capacity.weights import WeightMemory
    from core.model.architecture import ModelArchitecture
    from core.model.diffusion_pipeline import DiffusionPipeline
    from core.model.models import ResolvedModel

Binding = Literal["memory", "max_position_embeddings", "user_cap", "request_maximum"] | PoolBinding
LimitName = Literal["context", "sequences", "micro_batch", "sequence_length", "batch", "resolution"]

# The request schema's own maxima (core.domain.request): a solved value never exceeds what a request
# may ask for.
MAX_CONTEXT = 10_000_000
MAX_SEQUENCES = 100_000
MAX_MICRO_BATCH = 100_000
MAX_SEQUENCE_LENGTH = 10_000_000
MAX_IMAGE_BATCH = 1024
MIN_SIDE, MAX_SIDE, SIDE_STEP = 64, 16_384, 8  # pixels; the VAE downsamples by 8


@dataclass(frozen=True)
class Limit:
    """The largest value of one dimension that fits, the others kept as requested.

    Attributes:
        name: Which dimension.
        value: The largest value that fits in memory (0 when even the smallest does not).
        requested: The request's own value of the dimension.
        binding: What stops it growing further.
        probes: How many sizes the search asked the memory of.
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
        """Memory evaluations run to solve every limit."""
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
    return Message(f"limits.{item.name}", binding=BINDINGS[item.binding], **params)


def _cap(request_maximum: int, model_maximum: int | None, user: int | None) -> tuple[int, Binding]:
    """The largest value searched and what sets it (the smallest of the three bounds)."""
    bounds: list[tuple[int, Binding]] = [(request_maximum, "request_maximum")]
    if model_maximum:
        bounds.append((model_maximum, "max_position_embeddings"))
    if user:
        bounds.append((user, "user_cap"))
    return min(bounds, key=lambda b: b[0])


@dataclass(frozen=True)
class Dimension:
    """One size a limit varies, the others held as requested.

    Attributes:
        name: The limit's name.
        total: Per-GPU bytes at a searched value, the other sizes as requested.
        requested: The request's own value of the size.
        low: The smallest value searched.
        cap: The largest value searched and what sets it.
        step: Units of the size per searched value (8 pixels for the side of an image).
        at_base: Whether ``requested`` is the size ``base`` was estimated at (not so for the
            square side of a non-square image).
        power: How memory grows with the searched value, for the search's guesses (2 for the side
            of an image, whose pixels grow with its square).
        grain: The block the memory steps by, for the search's guesses (the KV cache's 16-token
            blocks for the context).
    """

    name: LimitName
    total: Callable[[int], int]
    requested: int
    low: int
    cap: tuple[int, Binding]
    step: int = 1
    at_base: bool = True
    power: Power = 1
    grain: int = 1


@dataclass(frozen=True)
class _Sizes:
    """What solving one estimate's limits needs: its dimensions, and whether vLLM sizes a pool."""

    dimensions: list[Dimension]
    kv_pool: bool = False  # vLLM serving: the estimate's details carry its start-up profile


def dimensions(
    base: EstimateResult, model: ResolvedModel, caps: Mapping[str, int] | None = None
) -> list[Dimension]:
    """The sizes of ``base``'s workload, each with its memory function and bounds.

    Args:
        base: The estimate at the requested sizes.
        model: The resolved model behind ``base.request``.
        caps: Optional user caps by limit name (``context``, ``sequences``, ...).
    """
    return _sizes(base, model, caps or {}).dimensions


def _sizes(base: EstimateResult, model: ResolvedModel, caps: Mapping[str, int]) -> _Sizes:
    request = base.request
    if request.workload == "inference" and request.inference.engine == "llama.cpp":
        return _Sizes(_llamacpp_serving(base, language_model_of(model), caps))
    if request.workload == "inference":
        llm = served_model(request, language_model_of(model))
        weights = inference_weights(request, llm, mxfp4_kernel(request, llm, base.gpu))
        return _Sizes(_serving(base, llm, weights, caps), kv_pool=True)
    if request.workload == "training":
        return _Sizes(_training(base, language_model_of(model), caps))
    return _Sizes(_diffusion(base, pipeline_of(model), caps))


def _serving(
    base: EstimateResult, model: ModelArchitecture, weights: WeightMemory, caps: Mapping[str, int]
) -> list[Dimension]:
    request = base.request
    inf = request.inference
    mpe = getattr(model, "max_position_embeddings", None)

    def total(context: int, sequences: int) -> int:
        return serving_memory(request, model, weights, context, sequences).total

    return _serving_dimensions(inf, total, mpe, caps, context_grain=VLLM_BLOCK_TOKENS)


def _llamacpp_serving(
    base: EstimateResult, model: ModelArchitecture, caps: Mapping[str, int]
) -> list[Dimension]:
    """llama.cpp's sizes at the estimate's ``-ngl``: no paged pool, one context for all slots."""
    llamacpp = engine("core.estimate.llamacpp")
    request = base.request
    inf = request.inference
    layers = llamacpp.model_layers(request, model)
    ngl = int(base.details["llamacpp"]["n_gpu_layers"])

    def total(context: int, sequences: int) -> int:
        return int(llamacpp.serving_total(request, model, layers, ngl, context, sequences))

    return _serving_dimensions(inf, total, model.max_position_embeddings, caps)


def _serving_dimensions(
    inf: InferenceOptions,
    total: Callable[[int, int], int],
    mpe: int | None,
    caps: Mapping[str, int],
    context_grain: int = 1,
) -> list[Dimension]:
    """A server's two sizes over ``total(context, sequences)``, each with the other as requested.

    ``context_grain`` is the block the context's memory steps by (vLLM's 16-token pages).
    """
    return [
        Dimension(
            "context",
            lambda x: total(x, inf.concurrent_sequences),
            inf.context_tokens,
            1,
            _cap(MAX_CONTEXT, mpe, caps.get("context")),
            grain=context_grain,
        ),
        Dimension(
            "sequences",
            lambda x: total(inf.context_tokens, x),
            inf.concurrent_sequences,
            1,
            _cap(MAX_SEQUENCES, None, caps.get("sequences")),
        ),
    ]


def _training(
    base: EstimateResult, model: ModelArchitecture, caps: Mapping[str, int]
) -> list[Dimension]:
    training = engine("core.estimate.training")
    request = base.request
    tr = request.training
    states = training.training_states(request, model, base.gpu)
    mpe = getattr(model, "max_position_embeddings", None)

    def total(seq: int, batch: int) -> int:
        return int(training.training_memory(request, model, states, seq, batch).total)

    return [
        Dimension(
            "micro_batch",
            lambda x: total(tr.sequence_length, x),
            tr.micro_batch_size,
            1,
            _cap(MAX_MICRO_BATCH, None, caps.get("micro_batch")),
        ),
        Dimension(
            "sequence_length",
            lambda x: total(x, tr.micro_batch_size),
            tr.sequence_length,
            1,
            _cap(MAX_SEQUENCE_LENGTH, mpe, caps.get("sequence_length")),
        ),
    ]


def _diffusion(
    base: EstimateResult, model: DiffusionPipeline, caps: Mapping[str, int]
) -> list[Dimension]:
    peak_memory = engine("core.capacity.diffusion").peak_memory
    request = base.request
    diff = request.diffusion

    def total(**sizes: int) -> int:
        part = diff.model_copy(update=sizes)
        return int(peak_memory(model, request.model_copy(update={"diffusion": part})).total)

    user_side = caps.get("resolution")
    return [
        Dimension(
            "batch",
            lambda x: total(batch_size=x),
            diff.batch_size,
            1,
            _cap(MAX_IMAGE_BATCH, None, caps.get("batch")),
        ),
        # The side of a square image, in steps of 8 pixels (the VAE downsamples by 8).
        Dimension(
            "resolution",
            lambda x: total(width=x * SIDE_STEP, height=x * SIDE_STEP),
            diff.width,
            MIN_SIDE // SIDE_STEP,
            _cap(MAX_SIDE // SIDE_STEP, None, user_side // SIDE_STEP if user_side else None),
            step=SIDE_STEP,
            at_base=diff.width == diff.height,
            power=2,
        ),
    ]


def _solve(base: EstimateResult, dim: Dimension) -> Limit:
    """The largest value of ``dim`` that fits ``base``'s usable memory, and what binds it."""
    usable = base.usable_bytes

    def headroom(x: int) -> int:
        return usable - dim.total(x)

    high, bound = dim.cap
    start = dim.requested // dim.step
    known, extra = None, 0
    if dim.low <= start <= high:
        if dim.at_base:
            known = (start, base.headroom_bytes)
        else:
            known, extra = (start, headroom(start)), 1
    value, probes = largest_fitting(
        headroom, dim.low, high, known=known, power=dim.power, grain=dim.grain
    )
    binding: Binding = bound if value == high else "memory"
    return Limit(dim.name, max(value, 0) * dim.step, dim.requested, binding, probes + extra)


def solve_limits(
    base: EstimateResult, model: ResolvedModel, *, caps: Mapping[str, int] | None = None
) -> Limits:
    """Every limit of ``base`` (an estimate of ``model`` on one offer and layout).

    Args:
        base: The estimate at the requested sizes.
        model: The resolved model behind ``base.request``.
        caps: Optional user caps by limit name (``context``, ``sequences``, ...).
    """
    return _limits(base, _sizes(base, model, caps or {}))


def _bounded(item: Limit, bound: tuple[int, Binding] | None) -> Limit:
    """``item`` lowered to ``bound`` when the bound is the smaller (it then binds)."""
    if bound is None or bound[0] >= item.value:
        return item
    return replace(item, value=bound[0], binding=bound[1])


def _limits(base: EstimateResult, sizes: _Sizes) -> Limits:
    items = tuple(_solve(base, dim) for dim in sizes.dimensions)
    if not sizes.kv_pool:
        return Limits(base.request.workload, items)
    profile = base.details["vllm_profile"]
    inf = base.request.inference
    pool = KvPool.of_profile(profile, inf.context_tokens)
    bounds = vllm_bounds(
        pool, profile["max_num_seqs"], inf.concurrent_sequences, ceiling=MAX_CONTEXT
    )
    items = tuple(_bounded(item, bounds.get(item.name)) for item in items)
    return Limits("inference", items, pool)


class SharedLimits:
    """Solves the limits of many estimates of one model, sharing what their memory shares.

    A plan estimates one request on every offer and layout. Per-GPU memory depends on the
    request and, of the offer, only on its GPUs per node (FSDP's hybrid sharding, in the model
    states); the offer's usable memory only decides what fits. So the dimensions of a layout
    (with their weights or model states) are built once, and every memory evaluation is kept by
    size: the first probe of every search (at the cap) and the searches of offers with the same
    usable memory are answered without evaluating again. The answers are those of
    :func:`solve_limits`.
    """

    def __init__(self, model: ResolvedModel) -> None:
        self._model = model
        self._sizes: dict[tuple[str, int], _Sizes] = {}

    def solve(self, base: EstimateResult) -> Limits:
        """Every limit of ``base``, an estimate of this object's model."""
        key = (base.request.model_dump_json(exclude={"gpu"}), base.gpu.gpus_per_node)
        sizes = self._sizes.get(key)
        if sizes is None:
            found = _sizes(base, self._model, {})
            remembered = [replace(d, total=cache(d.total)) for d in found.dimensions]
            sizes = self._sizes[key] = _Sizes(remembered, found.kv_pool)
        return _limits(base, sizes)
