"""Training and fine-tuning estimates for language models (see :mod:`core.capacity`)."""

from __future__ import annotations

from core import compat
from core.architecture import ModelArchitecture
from core.capacity.activations import (
    training_activations,
)
from core.capacity.overhead import runtime_overhead
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
from core.catalog import GpuOffer
from core.estimate import (
    EstimateResult,
    Throughput,
    finish_result,
)
from core.estimate_llm import approximate_memory, model_findings, no_pool_finding, summary
from core.memory import Finding, MemoryBreakdown
from core.messages import Message
from core.request import PlanRequest
from core.throughput import (
    training_flops_per_token,
    training_tokens_per_second,
)
from core.units import gib

_DDP_BUCKETS = Finding.of("ddp_buckets", "info", "ddp")
# LitGPT's fine-tuning scripts raise NotImplementedError ("Quantization is currently not supported
# for multi-GPU training") when --quantize is given with devices × num_nodes > 1
# (litgpt/finetune/lora.py, setup(), at c16c72c0).
_LITGPT_QUANTIZED_MULTI_GPU = Finding.of("litgpt_quantized_multi_gpu", "blocker", "quantization")


def _gb(value: float) -> float:
    """Bytes as the GB (10^9 bytes) figure a message shows with one decimal."""
    return value / 1e9


def _training_tp(request: PlanRequest) -> int:
    """Tensor-parallel degree of a training layout (FSDP shards instead of splitting)."""
    par = request.parallelism
    return par.tp if par.strategy != "fsdp" else 1


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
        tp=_training_tp(request),
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
    depend on the sizes (:mod:`core.limits` computes it once and varies the sizes).
    """
    tr = request.training
    tp = _training_tp(request)
    act_bytes = param_bytes(tr.mixed_precision)
    bnb_inputs = keeps_quantized_inputs(tr.trainer, tr.method, tr.bnb_version)
    loss_peak = None
    if tr.trainer == "litgpt":
        loss_peak = litgpt_loss_peak(arch, seq, batch, act_bytes, tr.method, bnb_inputs=bnb_inputs)
    act = training_activations(
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


def estimate_training(
    request: PlanRequest, arch: ModelArchitecture, gpu: GpuOffer
) -> EstimateResult:
    """Training memory per GPU: model states by strategy, activations, overhead; job time."""
    par = request.parallelism
    tr = request.training
    tp = _training_tp(request)
    findings = model_findings(arch) + compat.offer_findings(request, arch, gpu, par.gpus, tp)
    if arch.checkpoint is not None:
        findings += compat.checkpoint_findings(request, arch, gib(arch.checkpoint.total_bytes))
    states = training_states(request, arch, gpu)
    memory = training_memory(request, arch, states, tr.sequence_length, tr.micro_batch_size)
    usable = gpu.device_total.bytes  # what CUDA lets a process allocate
    if (pool := no_pool_finding(request, gpu, memory.total, usable)) is not None:
        findings.append(pool)
    ckpt = checkpoint_bytes(
        arch,
        method=tr.method,
        optimizer=tr.optimizer,
        mixed_precision=tr.mixed_precision,
        trainable=states.trainable_params,
    )
    findings.append(Finding.of("checkpoint_restore", "info", "training_checkpoint", size=_gb(ckpt)))
    if tr.trainer == "litgpt" and tr.method == "qlora" and par.gpus > 1:
        findings.append(_LITGPT_QUANTIZED_MULTI_GPU)
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
        findings.append(
            Finding.of("litgpt_previous_step", "info", "vram", variant=variant, size=gib(left))
        )
    if par.strategy == "fsdp":
        findings.append(
            Finding.of("fsdp_sharded_checkpoint", "warning", "fsdp", shards=states.shard_degree)
        )
    if par.strategy == "ddp" and par.gpus > 1:
        findings.append(_DDP_BUCKETS)
    flops = training_flops_per_token(
        arch.params_active, method=tr.method, checkpointing=tr.activation_checkpointing
    )
    tps = training_tokens_per_second(gpu, par.gpus, flops, tr.mfu)
    throughput = Throughput(
        training_tokens_per_s=tps,
        job_hours=tr.tokens / tps / 3600,
        assumptions=(
            Message("throughput.training", factor=flops // max(arch.params_active, 1), mfu=tr.mfu),
        ),
    )
    details = {
        "tensor_parallel": tp,
        "shard_degree": states.shard_degree,
        "trainable_params": states.trainable_params,
        "fsdp_gathered_unit_params": states.gathered_unit_params,
        "model_states_bytes": states.weights
        + states.quantization_metadata
        + states.gradients
        + states.optimizer_states,
        "model_states_replicated_bytes": states.replicated_model_states,
        "fsdp_gathered_bytes": states.gathered_bytes,
    }
    return finish_result(
        request,
        summary(arch),
        gpu,
        memory,
        usable,
        findings,
        kv_cache_bytes_per_token=None,
        checkpoint_bytes=ckpt,
        throughput=throughput,
        details=details,
        approximate=approximate_memory(arch, memory),
    )
