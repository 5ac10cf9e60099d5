"""vLLM serving estimates for language models: memory per GPU, the start-up pool, speed bounds.

The parts llama.cpp serving and training share (weights, the serving memory at given sizes, the
model's findings) are in :mod:`core.estimate.llm`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from core.base.units import gib
from core.capacity import compat, weight_formats
from core.capacity.expert_parallel import ExpertLayout, layout_note
from core.capacity.kv_cache import (
    cache_by_kind,
    kv_bytes_per_token,
    kv_cache_per_gpu,
    state_bytes_per_sequence,
)
from core.capacity.kv_pool import (
    KvPool,
    graph_estimate_finding,
    start_up,
    start_up_finding,
    vllm_sequences,
)
from core.capacity.throughput import Precision
from core.capacity.vllm_profile import vllm_profile
from core.capacity.weights import WeightMemory
from core.domain.breakdown import Finding, MemoryBreakdown
from core.domain.catalog import GpuOffer
from core.domain.dtypes import ceil_bytes
from core.domain.gpu_formats import support
from core.domain.request import PlanRequest
from core.estimate.llm import (
    approximate_memory,
    expert_bytes,
    expert_layout,
    inference_weights,
    model_findings,
    mxfp4_kernel,
    no_pool_finding,
    serving_memory,
    summary,
)
from core.estimate.memo import Parts, parts_of
from core.estimate.results import (
    ApproximateMemory,
    EstimateResult,
    ModelSummary,
    ServingDetails,
    finish_result,
)
from core.estimate.serving_speed import (
    KV_ELEMENT_BYTES,
    MATMUL,
    operating_point,
    serving_throughput,
    weight_bytes_per_param,
)
from core.model.architecture import CacheKind, ModelArchitecture
from core.model.mtp import COUNTED, NO_DRAFT
from core.speed.phases import phase_speed

# Parameterless texts: one instance serves every estimate (as core.domain.breakdown.DISCLAIMER
# does).
_NOT_FOR_INFERENCE = Finding.of("strategy_not_for_inference", "blocker", "fsdp")


def _vllm_runs_fewer(request: PlanRequest, pool: KvPool, max_num_seqs: int) -> Finding | None:
    """A finding when vLLM holds fewer of the requested sequences at once, and what stops it.

    Its start-up pool and its scheduler's ``max_num_seqs`` bound the sequences it runs at once
    (:func:`core.capacity.kv_pool.vllm_sequences`, with the sources); the other sequences wait in
    the queue, or are preempted when the pool runs out. None as well when not even one fits: vLLM
    does not start then (:func:`core.capacity.kv_pool.start_up_finding` says so), so nothing waits
    in a queue.
    """
    inf = request.inference
    at_once, binding = vllm_sequences(pool, max_num_seqs)
    if inf.concurrent_sequences <= at_once or at_once == 0:
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


def prefill_precision(request: PlanRequest, arch: ModelArchitecture, gpu: GpuOffer) -> Precision:
    """The tensor-core precision prefill runs at: the format's, where the GPU runs it natively."""
    named = weight_formats.effective_format(request, arch)
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


@dataclass(frozen=True)
class _OnDegree:
    """The parts of a serving estimate that depend on the tensor-parallel degree, not the offer.

    Memoized per request, model and degree (:mod:`core.estimate.memo`); the model's own findings
    ride along (they depend on less).
    """

    model_notes: tuple[Finding, ...]  # the model's notes, before the offer's checks
    serving_notes: tuple[Finding, ...]  # MTP and checkpoint notes, after the layout's
    weights: WeightMemory
    memory: MemoryBreakdown
    kv_per_seq: int
    read: int  # bytes one decode step reads on one GPU
    by_kind: dict[CacheKind, int]
    state: int
    approximate: ApproximateMemory | None
    summary: ModelSummary
    kv_per_token: int


@dataclass(frozen=True)
class _OnOffer:
    """The parts of a serving estimate that depend on the offer and degree, not the GPU count."""

    degree: _OnDegree
    checks: tuple[Finding, ...]  # the request against the offer (compat.request_findings)
    usable: int
    max_sequences: int | None
    precision: Precision
    profile: dict[str, Any]
    pool_notes: tuple[Finding, ...]  # what vLLM's start-up pool means for the request
    start_up: dict[str, Any]  # kv_pool.StartUp.as_dict() and the sequences run at once


def _expert_parallel_not_applied(arch: ModelArchitecture, gpus: int) -> Finding:
    """Why a request's ``expert_parallel`` leaves the layout tensor-parallel."""
    code, term = "expert_parallel_not_applied", "tensor_parallelism"
    if not arch.is_moe:
        return Finding.of(code, "warning", term, variant="dense")
    if gpus <= 1:
        return Finding.of(code, "warning", term, variant="one_gpu")
    return Finding.of(
        code, "warning", term, variant="few_experts", experts=arch.num_experts, gpus=gpus
    )


def _mtp_findings(request: PlanRequest, arch: ModelArchitecture) -> list[Finding]:
    """A warning when MTP drafting is asked of a model whose MTP layers are not counted."""
    if not request.inference.mtp_speculative_tokens:
        return []
    if any(getattr(n, "key", "") == COUNTED for n in arch.notes):
        return []
    if arch.model_type in NO_DRAFT:
        return [
            Finding.of(
                "mtp_not_counted",
                "warning",
                "kv_cache",
                variant="no_draft",
                model_type=arch.model_type,
            )
        ]
    return [Finding.of("mtp_not_counted", "warning", "kv_cache")]


def _on_degree(
    request: PlanRequest, arch: ModelArchitecture, tp: int, kernel: str | None
) -> _OnDegree:
    """:class:`_OnDegree` of ``request`` (whose degree is ``tp``) with vLLM's MXFP4 ``kernel``."""
    inf = request.inference
    cache = request.precision.kv_cache
    notes = _mtp_findings(request, arch) + compat.context_findings(request, arch)
    if arch.checkpoint is not None:
        notes += compat.checkpoint_findings(request, arch, gib(arch.checkpoint.total_bytes))
    wm = inference_weights(request, arch, kernel)
    memory = serving_memory(request, arch, wm, inf.context_tokens, inf.concurrent_sequences)
    # A decode step reads the weights and every sequence's cache: K/V of the tokens each
    # attention layer keeps (capped at the window or chunk) and the recurrent layers' fixed state
    # (read and rewritten once per step), all from the per-layer cache groups.
    weights = wm.weights + wm.quantization_metadata
    read = _bytes_read_per_step(arch, weights, inf.concurrent_sequences) + memory.kv_cache
    return _OnDegree(
        model_notes=tuple(model_findings(arch)),
        serving_notes=tuple(notes),
        weights=wm,
        memory=memory,
        kv_per_seq=kv_cache_per_gpu(arch, cache, inf.context_tokens, 1, tp),
        read=read,
        by_kind=cache_by_kind(arch, cache, inf.context_tokens, tp),
        state=state_bytes_per_sequence(arch, cache, tp),
        approximate=approximate_memory(arch, memory),
        summary=summary(arch),
        kv_per_token=kv_bytes_per_token(arch, cache),
    )


def _on_offer(
    request: PlanRequest,
    arch: ModelArchitecture,
    gpu: GpuOffer,
    tp: int,
    parts: Parts,
    experts: ExpertLayout | None = None,
) -> _OnOffer:
    """:class:`_OnOffer` of ``request`` (whose degree is ``tp``) on ``gpu``."""
    inf = request.inference
    kernel = mxfp4_kernel(request, arch, gpu)  # the same on every offer of a compute capability
    split = experts.dp if experts else 0  # the expert-parallel layout changes the weights
    degree = parts.get(("degree", tp, kernel, split), lambda: _on_degree(request, arch, tp, kernel))
    memory, wm = degree.memory, degree.weights
    # vLLM: gpu_memory_utilization x the total CUDA reports (core.domain.catalog
    # GpuOffer.device_total).
    usable = int(gpu.device_total.bytes * inf.gpu_memory_utilization)
    spare = usable - (memory.total - memory.kv_cache)
    kv_per_seq = degree.kv_per_seq
    profile = vllm_profile(request, arch, gpu, wm.weights + wm.quantization_metadata).as_dict()
    start_up_pool = KvPool.of_profile(profile, inf.context_tokens)
    check = start_up(start_up_pool)
    at_once = vllm_sequences(start_up_pool, profile["max_num_seqs"])[0]
    notes = []
    if (refused := start_up_finding(start_up_pool, check)) is not None:
        notes.append(refused)
    if (fewer := _vllm_runs_fewer(request, start_up_pool, profile["max_num_seqs"])) is not None:
        notes.append(fewer)
    if refused is None and (graphs := graph_estimate_finding(start_up_pool)) is not None:
        notes.append(graphs)
    checks, precision = parts.get(  # whatever the degree
        "offer",
        lambda: (
            tuple(compat.request_findings(request, arch, gpu)),
            prefill_precision(request, arch, gpu),
        ),
        gpu,
    )
    return _OnOffer(
        degree=degree,
        checks=checks,
        usable=usable,
        max_sequences=max(spare // kv_per_seq, 0) if kv_per_seq else None,
        precision=precision,
        profile=profile,
        pool_notes=tuple(notes),
        start_up={**check.as_dict(), "sequences_at_once": at_once},
    )


def estimate_inference(
    request: PlanRequest, arch: ModelArchitecture, gpu: GpuOffer
) -> EstimateResult:
    """Serving memory per GPU: weights, metadata, KV cache, prefill activations, overhead.

    What does not depend on the GPU count or strategy is computed once per offer and degree
    (:func:`core.estimate.memo.parts_of`).
    """
    par = request.parallelism
    inf = request.inference
    tp = par.tp
    experts = expert_layout(request, arch)
    # Under expert parallelism the data-parallel ranks share their experts: one replica of them.
    replicas = par.gpus // experts.ep if experts else par.gpus // tp
    ranks = experts.dp if experts else 1  # data-parallel attention ranks of one replica
    parts = parts_of(request, arch)
    on_offer = parts.get(
        ("on_offer", tp, ranks if experts else 0),
        lambda: _on_offer(request, arch, gpu, tp, parts, experts),
        gpu,
    )
    degree = on_offer.degree
    memory = degree.memory
    findings = [
        *degree.model_notes,
        *on_offer.checks,
        *compat.parallel_findings(request, arch, gpu, par.gpus, tp),
    ]
    if par.strategy == "fsdp":
        findings.append(_NOT_FOR_INFERENCE)
    if experts is not None:
        findings.append(
            Finding.of(
                "expert_parallel_layout",
                "info",
                "tensor_parallelism",
                experts=experts.experts,
                ep=experts.ep,
                per_gpu=experts.most_experts,
                tp=experts.tp,
                dp=experts.dp,
            )
        )
        if experts.ep > gpu.gpus_per_node:
            # The step model times the ranks' token exchange over the node's link.
            findings.append(
                Finding.of(
                    "expert_parallel_across_nodes",
                    "warning",
                    "tensor_parallelism",
                    ep=experts.ep,
                    per_node=gpu.gpus_per_node,
                )
            )
    elif par.expert_parallel:  # asked for, but vLLM would not split experts here: say why
        findings.append(_expert_parallel_not_applied(arch, par.replica_gpus))
    findings += degree.serving_notes
    if (pool := no_pool_finding(request, gpu, memory.total, on_offer.usable)) is not None:
        findings.append(pool)
    findings += on_offer.pool_notes
    # One replica's speed, whatever the layout but the degree (replicas serve independently).
    point = operating_point(request)
    point["concurrency"] *= ranks  # each data-parallel rank runs the request's sequences
    one = parts.get(
        ("speed", tp, ranks if experts else 0),
        lambda: phase_speed(
            arch,
            gpu,
            gpus=tp * ranks,  # one replica
            tp=tp,
            expert_ranks=ranks if experts else 0,
            weight_bytes=parts.get("weight_bytes", lambda: weight_bytes_per_param(request, arch)),
            kv_bytes=KV_ELEMENT_BYTES[request.precision.kv_cache],
            matmul=MATMUL[on_offer.precision],
            engine=inf.engine,
            **point,
        ),
        gpu,
    )
    throughput = parts.get(
        ("throughput", tp, replicas, ranks if experts else 0),
        lambda: serving_throughput(request, arch, gpu, one.scaled(replicas)),
        gpu,
    )
    details = ServingDetails(
        tensor_parallel=tp,
        replicas=replicas,
        kv_cache_bytes_per_sequence=degree.kv_per_seq,
        cache_bytes_per_sequence_by_kind=degree.by_kind,
        state_bytes_per_sequence=degree.state,
        max_concurrent_sequences=on_offer.max_sequences,
        prefill_chunk_tokens=min(
            inf.prefill_chunk_tokens, inf.context_tokens * inf.concurrent_sequences
        ),
        gpu_memory_utilization=inf.gpu_memory_utilization,
        vllm_profile=on_offer.profile,
        vllm_start_up=on_offer.start_up,
        expert_parallel=None
        if experts is None
        else {
            **layout_note(
                experts, parts.get("expert_bytes_exact", lambda: expert_bytes(request, arch).exact)
            ),
            "sequences_at_once": (on_offer.start_up.get("sequences_at_once") or 0) * experts.dp,
        },
    )
    return finish_result(
        request,
        degree.summary,
        gpu,
        memory,
        on_offer.usable,
        findings,
        kv_cache_bytes_per_token=degree.kv_per_token,
        throughput=throughput,
        details=details,
        approximate=degree.approximate,
    )
