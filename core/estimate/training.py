"""Training and fine-tuning estimates for language models (see :mod:`core.capacity`)."""

from __future__ import annotations

from dataclasses import dataclass

from core.base.units import gib
from core.capacity import compat
from core.capacity.activations import (
    training_activations,
)
from core.capacity.overhead import runtime_overhead
from core.capacity.throughput import (
    training_flops_per_token,
)
from core.capacity.trainers import (
    base_weights,
    keeps_quantized_inputs,
    kept_matmul_inputs,
    litgpt_loss_peak,
    litgpt_previous_step,
    quantizes_lm_head,
)
from core.capacity.training import (
    ModelStates,
    checkpoint_bytes,
    lora_dropout_activation_bytes,
    model_states,
    param_bytes,
)
from core.domain.breakdown import Finding, MemoryBreakdown
from core.domain.catalog import GpuOffer
from core.domain.request import PlanRequest
from core.estimate.llm import approximate_memory, model_findings, no_pool_finding, summary
from core.estimate.memo import Parts, parts_of
from core.estimate.results import (
    ApproximateMemory,
    EstimateResult,
    ModelSummary,
    TrainingDetails,
    finish_result,
)
from core.estimate.training_speed import training_throughput, training_tp
from core.model.architecture import ModelArchitecture
from core.texts.messages import Message

_DDP_BUCKETS = Finding.of("ddp_buckets", "info", "ddp")
# LitGPT's fine-tuning scripts raise NotImplementedError ("Quantization is currently not supported
# for multi-GPU training") when --quantize is given with devices × num_nodes > 1
# (litgpt/finetune/lora.py, setup(), at c16c72c0).
_LITGPT_QUANTIZED_MULTI_GPU = Finding.of("litgpt_quantized_multi_gpu", "blocker", "quantization")


def _gb(value: float) -> float:
    """Bytes as the GB (10^9 bytes) figure a message shows with one decimal."""
    return value / 1e9


def _lora_dropout_layer_bytes(
    request: PlanRequest, arch: ModelArchitecture, tp: int, seq: int, batch: int
) -> int:
    """LoRA dropout's stored copies (core.capacity.training) of one layer on one GPU."""
    tr = request.training
    if tr.method == "full" or not tr.lora_dropout:
        return 0
    stored = lora_dropout_activation_bytes(
        arch, tr.lora_targets, seq * batch, param_bytes(tr.mixed_precision)
    )
    return -(-stored // (max(arch.layers, 1) * tp))


def training_states(request: PlanRequest, arch: ModelArchitecture, gpu: GpuOffer) -> ModelStates:
    """Weights, gradients and optimizer states per GPU: they do not depend on the sizes."""
    par = request.parallelism
    tr = request.training
    return model_states(
        arch,
        method=tr.method,
        optimizer=tr.optimizer,
        mixed_precision=tr.mixed_precision,
        lora_rank=tr.lora_rank,
        lora_targets=tr.lora_targets,
        strategy=par.strategy,
        fsdp_sharding=par.fsdp_sharding,
        gpus=par.gpus,
        gpus_per_node=gpu.gpus_per_node,
        tp=training_tp(request),
        weights_precision=tr.weights_precision,
        optimizer_in_backward=tr.optimizer_in_backward,
        offload=tr.offload,
        double_quant=tr.qlora_double_quant,
        quantized_head=quantizes_lm_head(tr.trainer, tr.method, arch),
    )


def training_memory(
    request: PlanRequest, arch: ModelArchitecture, states: ModelStates, seq: int, batch: int
) -> MemoryBreakdown:
    """Training memory per GPU at sequence length ``seq`` × micro-batch ``batch``.

    Everything else comes from ``request``; ``states`` is :func:`training_states`, which does not
    depend on the sizes (:mod:`core.planning.limits` computes it once and varies the sizes).
    """
    act = _activation_bytes(request, arch, training_tp(request), seq, batch)
    return _with_activations(request, states, act)


def _activation_bytes(
    request: PlanRequest, arch: ModelArchitecture, tp: int, seq: int, batch: int
) -> int:
    """Activation bytes per GPU at ``seq`` × ``batch`` under tensor-parallel degree ``tp``."""
    tr = request.training
    act_bytes = param_bytes(tr.mixed_precision)
    bnb_inputs = keeps_quantized_inputs(tr.trainer, tr.method, tr.bnb_version)
    loss_peak = None
    if tr.trainer == "litgpt":
        loss_peak = litgpt_loss_peak(arch, seq, batch, act_bytes, tr.method, bnb_inputs=bnb_inputs)
    return training_activations(
        arch,
        seq,
        batch,
        tp=tp,
        flash_attention=tr.flash_attention,
        checkpointing=tr.activation_checkpointing,
        act_bytes=act_bytes,
        chunked_loss=tr.loss == "chunked",
        offloading=tr.activation_offloading,
        base=base_weights(tr.method),
        matmul_inputs=kept_matmul_inputs(
            tr.method, tr.trainer, tr.bnb_version, tr.lora_targets, tr.lora_dropout
        ),
        layer_extra=_lora_dropout_layer_bytes(request, arch, tp, seq, batch),
        loss_peak=loss_peak,
    )


def _with_activations(request: PlanRequest, states: ModelStates, act: int) -> MemoryBreakdown:
    """The memory per GPU of ``states`` and ``act`` activation bytes, with the overhead."""
    communicating = request.parallelism.gpus > 1
    return MemoryBreakdown(
        weights=states.weights,
        quantization_metadata=states.quantization_metadata,
        activations=act,
        gradients=states.gradients,
        optimizer_states=states.optimizer_states,
        runtime_overhead=runtime_overhead(
            request.runtime, communicating=communicating, dynamic_bytes=act
        ),
    )


@dataclass(frozen=True)
class _ModelParts:
    """The parts of a training estimate that depend on the request and model, not the layout.

    Memoized per request and model (:mod:`core.estimate.memo`).
    """

    notes: tuple[Finding, ...]  # the model's notes, before the offer's checks
    stored_notes: tuple[Finding, ...]  # how the stored checkpoint is counted, after them
    summary: ModelSummary
    flops: int  # per trained token
    assumptions: tuple[str, ...]
    litgpt_note: Finding | None


def _model_parts(request: PlanRequest, arch: ModelArchitecture) -> _ModelParts:
    """:class:`_ModelParts` of ``request``."""
    tr = request.training
    stored_notes = []
    if arch.checkpoint is not None:
        stored_notes = compat.checkpoint_findings(request, arch, gib(arch.checkpoint.total_bytes))
    litgpt_note = None
    if tr.trainer == "litgpt":
        bnb_inputs = keeps_quantized_inputs(tr.trainer, tr.method, tr.bnb_version)
        left = litgpt_previous_step(
            arch,
            tr.sequence_length,
            tr.micro_batch_size,
            param_bytes(tr.mixed_precision),
            bnb_inputs=bnb_inputs,
        )
        variant = "bnb_inputs" if bnb_inputs else "logits"
        litgpt_note = Finding.of(
            "litgpt_previous_step", "info", "vram", variant=variant, size=gib(left)
        )
    flops = training_flops_per_token(
        arch.params_active, method=tr.method, checkpointing=tr.activation_checkpointing
    )
    factor = flops // max(arch.params_active, 1)
    return _ModelParts(
        notes=tuple(model_findings(arch)),
        stored_notes=tuple(stored_notes),
        summary=summary(arch),
        flops=flops,
        assumptions=(Message("throughput.training", factor=factor, mfu=tr.mfu),),
        litgpt_note=litgpt_note,
    )


@dataclass(frozen=True)
class _LayoutParts:
    """The parts of a training estimate that depend on its layout, not on the offer.

    The offer enters only through its GPUs per node (FSDP's hybrid sharding); memoized per
    request, model, layout and GPUs per node (:mod:`core.estimate.memo`).
    """

    memory: MemoryBreakdown
    approximate: ApproximateMemory | None
    checkpoint_bytes: int
    notes: tuple[Finding, ...]  # the checkpoint's, LitGPT's and the strategy's, last
    details: TrainingDetails


def _layout_parts(
    request: PlanRequest, arch: ModelArchitecture, gpu: GpuOffer, parts: Parts
) -> _LayoutParts:
    """:class:`_LayoutParts` of ``request`` on ``gpu``'s nodes."""
    par = request.parallelism
    tr = request.training
    tp = training_tp(request)
    states = training_states(request, arch, gpu)
    act = parts.get(
        ("activations", tp),
        lambda: _activation_bytes(request, arch, tp, tr.sequence_length, tr.micro_batch_size),
    )
    memory = _with_activations(request, states, act)
    size = checkpoint_bytes(
        arch,
        method=tr.method,
        optimizer=tr.optimizer,
        mixed_precision=tr.mixed_precision,
        trainable=states.trainable_params,
    )
    notes = [Finding.of("checkpoint_restore", "info", "training_checkpoint", size=_gb(size))]
    if tr.trainer == "litgpt" and tr.method == "qlora" and par.gpus > 1:
        notes.append(_LITGPT_QUANTIZED_MULTI_GPU)
    litgpt_note = parts.get("model", lambda: _model_parts(request, arch)).litgpt_note
    if litgpt_note is not None:
        notes.append(litgpt_note)
    if par.strategy == "fsdp":
        notes.append(
            Finding.of("fsdp_sharded_checkpoint", "warning", "fsdp", shards=states.shard_degree)
        )
    if par.strategy == "ddp" and par.gpus > 1:
        notes.append(_DDP_BUCKETS)
    details = TrainingDetails(
        tensor_parallel=tp,
        shard_degree=states.shard_degree,
        trainable_params=states.trainable_params,
        fsdp_gathered_unit_params=states.gathered_unit_params,
        model_states_bytes=states.weights
        + states.quantization_metadata
        + states.gradients
        + states.optimizer_states,
        model_states_replicated_bytes=states.replicated_model_states,
        fsdp_gathered_bytes=states.gathered_bytes,
    )
    return _LayoutParts(
        memory=memory,
        approximate=approximate_memory(arch, memory),
        checkpoint_bytes=size,
        notes=tuple(notes),
        details=details,
    )


def estimate_training(
    request: PlanRequest, arch: ModelArchitecture, gpu: GpuOffer
) -> EstimateResult:
    """Training memory per GPU: model states by strategy, activations, overhead; job time.

    What does not depend on the layout is computed once per request and model, the offer's
    checks once per offer, and the memory once per layout and GPUs per node
    (:func:`core.estimate.memo.parts_of`).
    """
    par = request.parallelism
    parts = parts_of(request, arch)
    model = parts.get("model", lambda: _model_parts(request, arch))
    checks = parts.get("checks", lambda: tuple(compat.request_findings(request, arch, gpu)), gpu)
    layout = parts.get(
        ("layout", par, gpu.gpus_per_node), lambda: _layout_parts(request, arch, gpu, parts)
    )
    memory = layout.memory
    findings = [
        *model.notes,
        *checks,
        *compat.parallel_findings(request, arch, gpu, par.gpus, training_tp(request)),
        *model.stored_notes,
    ]
    usable = gpu.device_total.bytes  # what CUDA lets a process allocate
    if (pool := no_pool_finding(request, gpu, memory.total, usable)) is not None:
        findings.append(pool)
    findings += layout.notes
    throughput = parts.get(
        ("throughput", par),
        lambda: training_throughput(request, arch, gpu, model.flops, model.assumptions),
        gpu,
    )
    return finish_result(
        request,
        model.summary,
        gpu,
        memory,
        usable,
        findings,
        kv_cache_bytes_per_token=None,
        checkpoint_bytes=layout.checkpoint_bytes,
        throughput=throughput,
        details=layout.details,
        approximate=layout.approximate,
    )
