"""What a training request asks of the training speed model (:mod:`core.speed.training`).

The request's layout (GPUs, tensor parallelism, sequence length, micro-batch, recomputation,
FSDP or DDP) becomes the step model's, and its answer the estimate's tokens per second and the
run's hours; a request that states its own MFU keeps the older k·N FLOPs per token at that share
of the peak. The memory side of a training estimate is :mod:`core.estimate.training`.
"""

from __future__ import annotations

from core.capacity.throughput import (
    training_tokens_per_second,
)
from core.domain.catalog import GpuOffer
from core.domain.request import PlanRequest
from core.domain.workload_options import DEFAULT_MFU
from core.estimate.memo import parts_of
from core.estimate.results import (
    Throughput,
)
from core.model.architecture import ModelArchitecture
from core.speed.training import (
    TrainingFlops,
    TrainingLayout,
    TrainingSpeed,
    link_gbps,
    measured_family,
    training_flops,
    training_speed,
)
from core.texts.messages import Message


def training_tp(request: PlanRequest) -> int:
    """Tensor-parallel degree of a training layout (FSDP shards instead of splitting)."""
    par = request.parallelism
    return par.tp if par.strategy != "fsdp" else 1


def user_mfu(request: PlanRequest) -> bool:
    """Whether the request states its own MFU (any value but the default) for the run's speed.

    The default leaves the speed to the calibrated model of :mod:`core.speed.training`; another
    value is the user's own figure and is applied as it always was (k·N FLOPs per token at that
    share of the bf16 peak).
    """
    return request.training.mfu != DEFAULT_MFU


def layout_speed(
    request: PlanRequest,
    arch: ModelArchitecture,
    gpu: GpuOffer,
    flops: TrainingFlops | None = None,
) -> TrainingSpeed:
    """The calibrated training speed of ``request``'s layout on ``gpu``.

    The request trains in 16-bit (bf16 or fp16: the bf16 peak; fp32: TF32 at half of it, as the
    A100/H100 data sheets give), without pipeline, context or expert parallelism, one
    micro-batch per optimizer step, its data parallelism FSDP or DDP as its strategy says.
    """
    tr = request.training
    layout = TrainingLayout(
        gpus=request.parallelism.gpus,
        sequence_length=tr.sequence_length,
        micro_batch=tr.micro_batch_size,
        tp=training_tp(request),
        recompute="full" if tr.activation_checkpointing else "none",
        method=tr.method,
        data_parallel="fsdp" if request.parallelism.strategy == "fsdp" else "ddp",
    )
    scale = 0.5 if tr.mixed_precision == "fp32" else 1.0
    return training_speed(
        arch,
        layout,
        bf16_tflops=gpu.bf16_tflops * scale,
        fp8_tflops=None,
        memory_bandwidth_gbps=gpu.memory_bandwidth_gbps,
        link_gbps=link_gbps(gpu.id),
        gpus_per_node=gpu.gpus_per_node,
        measured_gpu=measured_family(gpu.id),
        flops=flops,
    )


def training_throughput(
    request: PlanRequest,
    arch: ModelArchitecture,
    gpu: GpuOffer,
    flops_per_token: int,
    assumptions: tuple[str, ...],
) -> Throughput:
    """Tokens per second and the run's hours: the calibrated model, or the user's MFU.

    ``flops_per_token`` and ``assumptions`` are the user's-MFU figure and its note, which the
    model's parts already hold (:mod:`core.estimate.training`).
    """
    par = request.parallelism
    tr = request.training
    if user_mfu(request):
        tps = training_tokens_per_second(gpu, par.gpus, flops_per_token, tr.mfu)
        return Throughput(
            training_tokens_per_s=tps,
            job_hours=tr.tokens / tps / 3600,
            assumptions=assumptions,
        )
    parts = parts_of(request, arch)  # the FLOPs depend on the request alone, not the layout
    flops = parts.get(
        "speed_flops",
        lambda: training_flops(
            arch,
            TrainingLayout(
                gpus=1,
                sequence_length=tr.sequence_length,
                recompute="full" if tr.activation_checkpointing else "none",
                method=tr.method,
            ),
        ),
    )
    speed = layout_speed(request, arch, gpu, flops)
    tps = speed.tokens_per_s_per_gpu * par.gpus
    notes = [
        Message(
            "throughput.training_model",
            per_gpu=speed.tokens_per_s_per_gpu,
            mfu=speed.mfu(gpu.bf16_tflops * 1e12),
            band=speed.band,
        )
    ]
    if not measured_family(gpu.id):
        notes.append(Message("throughput.training_unmeasured", gpu=gpu.label))
    return Throughput(
        training_tokens_per_s=tps,
        job_hours=tr.tokens / tps / 3600,
        assumptions=tuple(notes),
        speed_band=speed.band,
    )
