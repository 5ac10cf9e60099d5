"""The parts of a language model's estimate that vLLM, llama.cpp and training share.

The model's summary and findings, the weights one GPU holds, the serving memory at given sizes
(:mod:`core.limits` varies them) and the replica check. The estimates themselves are in
:mod:`core.estimate_serving` (vLLM), :mod:`core.estimate_llamacpp` and
:mod:`core.estimate_training`.
"""

from __future__ import annotations

import math

from core import compat
from core.architecture import ModelArchitecture
from core.capacity.activations import inference_activations
from core.capacity.kv_cache import kv_cache_per_gpu
from core.capacity.overhead import runtime_overhead
from core.capacity.weights import (
    WeightMemory,
    format_weight_memory,
    layout_weight_memory,
    weight_memory,
)
from core.catalog import GpuOffer
from core.estimate import ApproximateMemory, ModelSummary
from core.memory import Finding, MemoryBreakdown
from core.quant_formats import FORMATS
from core.request import PlanRequest
from core.units import gib


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
    states) scales with the band; the KV cache, activations and overhead are kept.
    """
    band = arch.approximate
    if band is None:
        return None
    scaled = (
        memory.weights + memory.quantization_metadata + memory.gradients + memory.optimizer_states
    )
    rest = memory.total - scaled
    return ApproximateMemory(
        band_low=rest + int(scaled * band.band_low),
        band_high=rest + math.ceil(scaled * band.band_high),
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
        need=gib(total),  # GPU memory in GiB, the unit policy of core.units
        gpu=gpu.label,
        usable=gib(usable),
        gpus=gpus,
        pooled=gib(gpus * usable),
    )


def _stored_weights(arch: ModelArchitecture, request: PlanRequest, tp: int) -> WeightMemory | None:
    """Exact bytes from a checkpoint (safetensors, GGUF) when the request keeps its format.

    Split by ``tp``, but for the replicated layers' tensors (``stored_whole_bytes``).
    """
    if arch.stored_bytes is None or not compat.uses_stored_weights(request, arch):
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
    if arch.checkpoint is not None and compat.uses_checkpoint_layout(request, arch):
        return layout_weight_memory(arch.checkpoint, tp)
    if request.precision.format is not None:
        return format_weight_memory(arch, FORMATS[request.precision.format], tp)
    return weight_memory(arch, request.precision.weights, request.precision.quant_group_size, tp)


def inference_weights(request: PlanRequest, arch: ModelArchitecture) -> WeightMemory:
    """Weight and metadata bytes one GPU holds when serving ``request`` (its tensor split)."""
    return _weights(arch, request, request.parallelism.tp)


def serving_memory(
    request: PlanRequest,
    arch: ModelArchitecture,
    weights: WeightMemory,
    context: int,
    sequences: int,
) -> MemoryBreakdown:
    """Serving memory per GPU at ``context`` tokens × ``sequences`` sequences.

    Everything else comes from ``request``; ``weights`` is :func:`inference_weights`, which does
    not depend on the sizes (:mod:`core.limits` computes it once and varies the sizes).
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
        runtime_overhead=runtime_overhead(request.runtime, communicating=tp > 1, dynamic_bytes=act),
    )
