"""The parts of a language model's estimate that vLLM, llama.cpp and training share.

The model's summary and findings, the weights one GPU holds, the serving memory at given sizes
(:mod:`core.planning.limits` varies them) and the replica check. The estimates themselves are in
:mod:`core.estimate.serving` (vLLM), :mod:`core.estimate.llamacpp` and
:mod:`core.estimate.training`.
"""

from __future__ import annotations

import math
from dataclasses import replace

from core.base.units import gib
from core.capacity import weight_formats
from core.capacity.activations import inference_activations
from core.capacity.expert_parallel import (
    ExpertBytes,
    ExpertLayout,
    expert_bytes_dtype,
    expert_bytes_format,
    expert_bytes_share,
    expert_parallel_weights,
    request_layout,
)
from core.capacity.kv_cache import kv_cache_per_gpu
from core.capacity.overhead import runtime_overhead
from core.capacity.vllm_mxfp4 import kernel_of, padding_bytes
from core.capacity.weights import (
    WeightMemory,
    format_weight_memory,
    layout_weight_memory,
    weight_memory,
)
from core.domain.breakdown import Finding, MemoryBreakdown
from core.domain.catalog import GpuOffer
from core.domain.quant_formats import FORMATS
from core.domain.request import PlanRequest
from core.estimate.results import ApproximateMemory, ModelSummary
from core.model.architecture import ModelArchitecture


def summary(arch: ModelArchitecture) -> ModelSummary:
    """Display summary of a language model."""
    return ModelSummary(
        id=arch.id,
        name=arch.name,
        kind="llm",
        params_total=arch.params_total,
        params_active=arch.params_active,
        source=arch.source,
    )


def model_findings(arch: ModelArchitecture) -> list[Finding]:
    """The model's notes and, for MoE, its total and active parameters, as findings."""
    found = [
        Finding.from_note(
            note,
            "warning",
            "vram",
            "model_type_unknown" if "not one the planner counts exactly" in note else "model_note",
        )
        for note in arch.notes
    ]
    if arch.is_moe:
        found.append(
            Finding.of(
                "moe_total_params",
                "info",
                "vram",
                total=arch.params_total / 1e9,
                active=arch.params_active / 1e9,
            )
        )
    return found


def approximate_memory(
    arch: ModelArchitecture, memory: MemoryBreakdown
) -> ApproximateMemory | None:
    """The per-GPU total at both ends of an approximate model's parameter band.

    Everything proportional to the parameters (weights, their metadata, gradients, optimizer
    states) scales with the parameter band; the cache scales with the cache band (1× both ends
    unless its layout is guessed); activations and overhead are kept.
    """
    band = arch.approximate
    if band is None:
        return None
    scaled = (
        memory.weights + memory.quantization_metadata + memory.gradients + memory.optimizer_states
    )
    cache = memory.kv_cache
    rest = memory.total - scaled - cache
    return ApproximateMemory(
        band_low=rest + int(scaled * band.band_low) + int(cache * band.cache_low),
        band_high=rest + math.ceil(scaled * band.band_high) + math.ceil(cache * band.cache_high),
        reason=band.reason,
    )


def no_pool_finding(request: PlanRequest, gpu: GpuOffer, total: int, usable: int) -> Finding | None:
    """DDP (or any replica layout) needs the whole job on every GPU: say so when it fails."""
    gpus = request.parallelism.gpus
    if total <= usable or gpus < 2 or request.parallelism.strategy not in ("ddp", "single"):
        return None
    if gpus * usable < total:
        return None
    return Finding.of(
        "ddp_does_not_pool",
        "blocker",
        "ddp",
        need=gib(total),  # GPU memory in GiB, the unit policy of core.base.units
        gpu=gpu.label,
        usable=gib(usable),
        gpus=gpus,
        pooled=gib(gpus * usable),
    )


def _stored_weights(arch: ModelArchitecture, request: PlanRequest, tp: int) -> WeightMemory | None:
    """Exact bytes from a checkpoint (safetensors, GGUF) when the request keeps its format.

    Split by ``tp``, but for the replicated layers' tensors (``stored_whole_bytes``).
    """
    if arch.stored_bytes is None or not weight_formats.uses_stored_weights(request, arch):
        return None
    whole = arch.stored_whole_bytes
    return WeightMemory(
        weights=whole + -(-(arch.stored_bytes - whole) // tp), quantization_metadata=0
    )


def _weights(arch: ModelArchitecture, request: PlanRequest, tp: int) -> WeightMemory:
    """Stored bytes, a named format's exact bytes, or the coarse format's estimate."""
    stored = _stored_weights(arch, request, tp)
    if stored is not None:
        return stored
    if arch.checkpoint is not None and weight_formats.uses_checkpoint_layout(request, arch):
        return layout_weight_memory(arch.checkpoint, tp)
    if request.precision.format is not None:
        return format_weight_memory(arch, FORMATS[request.precision.format], tp)
    return weight_memory(arch, request.precision.weights, request.precision.quant_group_size, tp)


def mxfp4_kernel(request: PlanRequest, arch: ModelArchitecture, gpu: GpuOffer | None) -> str | None:
    """The MoE kernel vLLM pads an MXFP4 checkpoint's experts for, if it serves them as stored.

    None under llama.cpp, when the checkpoint's layout is not what is served, or when the kernel
    is vLLM's choice and no GPU is given (:mod:`core.capacity.vllm_mxfp4`).
    """
    inf = request.inference
    if inf.engine != "vllm" or not weight_formats.uses_checkpoint_layout(request, arch):
        return None
    if gpu is None:
        return None if inf.mxfp4_backend == "auto" else inf.mxfp4_backend
    return kernel_of(inf.mxfp4_backend, gpu)


def inference_weights(
    request: PlanRequest, arch: ModelArchitecture, kernel: str | None = None
) -> WeightMemory:
    """Weight and metadata bytes one GPU holds when serving ``request`` (its tensor split).

    ``kernel`` is vLLM's MXFP4 MoE kernel (:func:`mxfp4_kernel`), whose padded experts it adds.
    """
    tp = request.parallelism.tp
    wm = _weights(arch, request, tp)
    padding = padding_bytes(arch, tp, kernel)
    wm = replace(wm, weights=wm.weights + padding) if padding else wm
    layout = expert_layout(request, arch)
    if layout is None:
        return wm
    return expert_parallel_weights(
        wm,
        expert_bytes(request, arch),
        layout,
        padding_tp=padding,
        padding_whole=padding_bytes(arch, 1, kernel),
    )


def expert_layout(request: PlanRequest, arch: ModelArchitecture) -> ExpertLayout | None:
    """The expert-parallel layout vLLM serves ``request`` with, or None (tensor parallel only)."""
    return request_layout(request, arch)


def expert_bytes(request: PlanRequest, arch: ModelArchitecture) -> ExpertBytes:
    """All routed experts' bytes in the format ``request`` serves them in."""
    if _stored_weights(arch, request, 1) is None and not (
        arch.checkpoint is not None and weight_formats.uses_checkpoint_layout(request, arch)
    ):
        named = request.precision.format
        if named is None:
            prec = request.precision
            return expert_bytes_dtype(arch, prec.weights, prec.quant_group_size)
        fmt = FORMATS[named]
        if fmt.scope != "all":
            return expert_bytes_format(arch, fmt)
    return expert_bytes_share(arch, lambda tp: _weights(arch, request, tp))


def serving_memory(
    request: PlanRequest,
    arch: ModelArchitecture,
    weights: WeightMemory,
    context: int,
    sequences: int,
) -> MemoryBreakdown:
    """Serving memory per GPU at ``context`` tokens × ``sequences`` sequences.

    Everything else comes from ``request``; ``weights`` is :func:`inference_weights`, which does
    not depend on the sizes (:mod:`core.planning.limits` computes it once and varies the sizes).
    """
    tp = request.parallelism.tp
    inf = request.inference
    kv = kv_cache_per_gpu(arch, request.precision.kv_cache, context, sequences, tp)
    chunk = min(inf.prefill_chunk_tokens, context * sequences)
    act = inference_activations(arch, chunk, sequences, tp)
    return MemoryBreakdown(
        weights=weights.weights,
        quantization_metadata=weights.quantization_metadata,
        kv_cache=kv,
        activations=act,
        runtime_overhead=runtime_overhead(
            request.runtime,
            # Expert-parallel ranks communicate even at tp 1 (their experts' tokens).
            communicating=tp > 1 or expert_layout(request, arch) is not None,
            dynamic_bytes=act,
        ),
    )
