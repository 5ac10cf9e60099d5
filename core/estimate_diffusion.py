"""Diffusion estimates: the peak over text encoding, denoising and VAE decoding (core.diffusion)."""

from __future__ import annotations

from typing import Any

from core import compat
from core.catalog import GpuOffer
from core.estimate import EstimateResult, ModelSummary, Throughput, finish_result
from core.memory import Finding
from core.request import PlanRequest


def estimate_diffusion(request: PlanRequest, pipeline: Any, gpu: GpuOffer) -> EstimateResult:
    """Estimate a diffusion pipeline on one GPU (more GPUs run independent replicas)."""
    from core.diffusion import diffusion_memory, images_per_hour

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
        throughput=Throughput(images_per_hour=images_per_hour(pipeline, request, gpu) * par.gpus),
        details={
            "peak_phase": result.peak_phase,
            "phases": {name: mb.as_dict() for name, mb in result.phases.items()},
            "reserved_uncontended_bytes": result.reserved_uncontended,
        },
    )
