"""Inference estimates for language models, and the parts training shares (:mod:`core.capacity`).

Training estimates are in :mod:`core.estimate_training`.
"""

from __future__ import annotations

import math
from fractions import Fraction

from core import compat
from core.architecture import ModelArchitecture
from core.capacity.activations import (
    inference_activations,
)
from core.capacity.dtypes import ceil_bytes
from core.capacity.kv_cache import (
    cache_by_kind,
    kv_bytes_per_token,
    kv_cache_per_gpu,
    state_bytes_per_sequence,
)
from core.capacity.overhead import runtime_overhead
from core.capacity.vllm_profile import vllm_profile
from core.capacity.weights import (
    WeightMemory,
    format_weight_memory,
    layout_weight_memory,
    weight_memory,
)
from core.catalog import GpuOffer
from core.estimate import (
    ApproximateMemory,
    EstimateResult,
    ModelSummary,
    Throughput,
    finish_result,
)
from core.gpu_formats import support
from core.kv_pool import KvPool, graph_estimate_finding, vllm_sequences
from core.memory import Finding, MemoryBreakdown
from core.messages import Message
from core.mtp import COUNTED, NO_DRAFT
from core.quant_formats import FORMATS
from core.request import PlanRequest
from core.throughput import (
    Precision,
    decode_tokens_per_second,
    prefill_tokens_per_second,
)
from core.units import gib

# Parameterless texts: one instance serves every estimate (as core.memory.DISCLAIMER does).
_DECODE_BOUND = Message("throughput.decode_bound")
_NOT_FOR_INFERENCE = Finding.of("strategy_not_for_inference", "blocker", "fsdp")


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
        gpu=gpu.name,
        usable=gib(usable),
        gpus=gpus,
        pooled=gib(gpus * usable),
    )


def _vllm_runs_fewer(request: PlanRequest, pool: KvPool, max_num_seqs: int) -> Finding | None:
    """A finding when vLLM holds fewer of the requested sequences at once, and what stops it.

    Its start-up pool and its scheduler's ``max_num_seqs`` bound the sequences it runs at once
    (:func:`core.kv_pool.vllm_sequences`, with the sources); the other sequences wait in the queue,
    or are preempted when the pool runs out.
    """
    inf = request.inference
    at_once, binding = vllm_sequences(pool, max_num_seqs)
    if inf.concurrent_sequences <= at_once:
        return None
    return Finding.of(
        "vllm_runs_fewer",
        "warning",
        "kv_cache",
        variant=binding,
        at_once=at_once,
        requested=inf.concurrent_sequences,
        context=inf.context_tokens,
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


def _prefill_precision(request: PlanRequest, arch: ModelArchitecture, gpu: GpuOffer) -> Precision:
    """The tensor-core precision prefill runs at: the format's, where the GPU runs it natively."""
    named = compat.effective_format(request, arch)
    if named is None:
        fp8 = request.precision.weights == "fp8" and gpu.fp8_tflops is not None
        return "fp8" if fp8 else "bf16"
    if named.hardware == "gguf":
        return "bf16"
    how = support(gpu, compat.feature_of(named))
    if how == "native" or (how == "converted" and named.compute == "fp8"):
        return named.compute
    return "bf16"  # weight-only kernels dequantize to 16-bit


def _bytes_read_per_step(arch: ModelArchitecture, weights: int, sequences: int) -> int:
    """Weight bytes one decode step reads: MoE reads only the experts the batch routes to.

    With top-k routing over E experts, a batch of B tokens touches each expert with probability
    1 − (1 − k/E)^B (uniform routing), so that fraction of expert weights is read.
    """
    if not arch.is_moe:
        return weights
    expert = sum(g.params for g in arch.linear_groups if g.active_count < g.count)
    share = Fraction(expert, max(arch.params_total, 1))
    k, experts = arch.experts_per_token, arch.num_experts
    touched = 1 - (1 - Fraction(k, experts)) ** min(sequences, 64)
    return ceil_bytes(weights * (1 - share + share * touched))


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


def estimate_inference(
    request: PlanRequest, arch: ModelArchitecture, gpu: GpuOffer
) -> EstimateResult:
    """Serving memory per GPU: weights, metadata, KV cache, prefill activations, overhead."""
    par = request.parallelism
    inf = request.inference
    tp = par.tp
    replicas = par.gpus // tp
    findings = model_findings(arch) + compat.offer_findings(request, arch, gpu, par.gpus, tp)
    if par.strategy == "fsdp":
        findings.append(_NOT_FOR_INFERENCE)
    if inf.mtp_speculative_tokens and not any(getattr(n, "key", "") == COUNTED for n in arch.notes):
        if arch.model_type in NO_DRAFT:
            findings.append(
                Finding.of(
                    "mtp_not_counted",
                    "warning",
                    "kv_cache",
                    variant="no_draft",
                    model_type=arch.model_type,
                )
            )
        else:
            findings.append(Finding.of("mtp_not_counted", "warning", "kv_cache"))
    if arch.checkpoint is not None:
        findings += compat.checkpoint_findings(request, arch, gib(arch.checkpoint.total_bytes))
    wm = inference_weights(request, arch)
    memory = serving_memory(request, arch, wm, inf.context_tokens, inf.concurrent_sequences)
    kv = memory.kv_cache
    chunk = min(inf.prefill_chunk_tokens, inf.context_tokens * inf.concurrent_sequences)
    # vLLM: gpu_memory_utilization x the total CUDA reports (core.catalog GpuOffer.device_total).
    usable = int(gpu.device_total.bytes * inf.gpu_memory_utilization)
    if (pool := no_pool_finding(request, gpu, memory.total, usable)) is not None:
        findings.append(pool)
    kv_per_seq = kv_cache_per_gpu(arch, request.precision.kv_cache, inf.context_tokens, 1, tp)
    spare = usable - (memory.total - kv)
    max_sequences = max(spare // kv_per_seq, 0) if kv_per_seq else None
    # A decode step reads the weights and every sequence's cache: K/V of the tokens each
    # attention layer keeps (capped at the window or chunk) and the recurrent layers' fixed state
    # (read and rewritten once per step), all from the per-layer cache groups.
    read = (
        _bytes_read_per_step(arch, wm.weights + wm.quantization_metadata, inf.concurrent_sequences)
        + kv
    )
    precision = _prefill_precision(request, arch, gpu)
    throughput = Throughput(
        decode_tokens_per_s=decode_tokens_per_second(
            gpu,
            bytes_per_step_per_gpu=read,
            sequences=inf.concurrent_sequences,
            replicas=replicas,
        ),
        prefill_tokens_per_s=prefill_tokens_per_second(
            gpu, par.gpus, arch.params_active, request.training.mfu, precision
        ),
        assumptions=(
            _DECODE_BOUND,
            Message("throughput.prefill", mfu=request.training.mfu),
        ),
    )
    profile = vllm_profile(request, arch, gpu, wm.weights + wm.quantization_metadata).as_dict()
    start_up_pool = KvPool.of_profile(profile, inf.context_tokens)
    if (fewer := _vllm_runs_fewer(request, start_up_pool, profile["max_num_seqs"])) is not None:
        findings.append(fewer)
    if (graphs := graph_estimate_finding(start_up_pool)) is not None:
        findings.append(graphs)
    details = {
        "tensor_parallel": tp,
        "replicas": replicas,
        "kv_cache_bytes_per_sequence": kv_per_seq,
        "cache_bytes_per_sequence_by_kind": cache_by_kind(
            arch, request.precision.kv_cache, inf.context_tokens, tp
        ),
        "state_bytes_per_sequence": state_bytes_per_sequence(arch, request.precision.kv_cache, tp),
        "max_concurrent_sequences": max_sequences,
        "prefill_chunk_tokens": chunk,
        "gpu_memory_utilization": inf.gpu_memory_utilization,
        "vllm_profile": profile,
    }
    return finish_result(
        request,
        summary(arch),
        gpu,
        memory,
        usable,
        findings,
        kv_cache_bytes_per_token=kv_bytes_per_token(arch, request.precision.kv_cache),
        throughput=throughput,
        details=details,
        approximate=approximate_memory(arch, memory),
    )
