"""Diffusion estimates: peak over text encoding, denoising and VAE decode (capacity.diffusion)."""

from __future__ import annotations

from typing import Any

from core.capacity import compat
from core.capacity.diffusion import diffusion_memory
from core.capacity.diffusion_flops import denoise_flops_per_image
from core.domain.breakdown import Finding
from core.domain.catalog import GpuOffer
from core.domain.request import PlanRequest
from core.estimate.results import (
    DiffusionDetails,
    EstimateResult,
    ModelSummary,
    Throughput,
    finish_result,
)
from core.speed.diffusion import diffusion_speed, measured_family
from core.texts.messages import Message


def image_throughput(pipeline: Any, request: PlanRequest, gpu: GpuOffer) -> Throughput:
    """Images per hour of all the request's GPUs (independent replicas), with the band."""
    measured = measured_family(gpu.id)
    speed = diffusion_speed(
        denoise_flops_per_image(pipeline, request),
        request.diffusion.steps,
        bf16_tflops=gpu.bf16_tflops,
        fp32=request.precision.weights == "fp32",
        batch=request.diffusion.batch_size,
        measured_gpu=measured,
    )
    notes = [Message("throughput.images_model", seconds=speed.seconds_per_image, band=speed.band)]
    if not measured:
        notes.append(Message("throughput.images_unmeasured", gpu=gpu.label))
    return Throughput(
        images_per_hour=speed.images_per_hour * request.parallelism.gpus,
        assumptions=tuple(notes),
        speed_band=speed.band,
    )


def estimate_diffusion(request: PlanRequest, pipeline: Any, gpu: GpuOffer) -> EstimateResult:
    """Estimate a diffusion pipeline on one GPU (more GPUs run independent replicas)."""
    par = request.parallelism
    findings = compat.offer_findings(request, None, gpu, par.gpus, 1)
    if par.strategy in ("tensor", "fsdp"):
        findings.append(Finding.of("diffusion_replicas_only", "blocker", "tensor_parallelism"))
    result = diffusion_memory(pipeline, request, gpu)
    findings += list(result.findings)
    model = ModelSummary(
        id=pipeline.id,
        name=pipeline.name,
        kind="diffusion",
        params_total=pipeline.params_total,
        params_active=pipeline.params_active,
        source="preset",
    )
    return finish_result(
        request,
        model,
        gpu,
        result.memory,
        gpu.device_total.bytes,  # what CUDA lets a process allocate
        findings,
        throughput=image_throughput(pipeline, request, gpu),
        details=DiffusionDetails(
            peak_phase=result.peak_phase,
            phases={name: mb.as_dict() for name, mb in result.phases.items()},
            reserved_uncontended_bytes=result.reserved_uncontended,
        ),
    )
