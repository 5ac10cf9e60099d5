"""Diffusion estimates: the peak over text encoding, denoising and VAE decoding (core.diffusion)."""

from __future__ import annotations

from typing import Any

from core import compat
from core.catalog import GpuOffer
from core.estimate import EstimateResult, ModelSummary, Throughput
from core.memory import Finding
from core.request import PlanRequest


def estimate_diffusion(request: PlanRequest, pipeline: Any, gpu: GpuOffer) -> EstimateResult:
    """Estimate a diffusion pipeline on one GPU (more GPUs run independent replicas)."""
    from core.diffusion import diffusion_memory

    par = request.parallelism
    findings: list[Finding] = []
    findings += compat.platform_findings(request, gpu)
    findings += compat.precision_findings(request, gpu)
    findings += compat.quality_findings(request)
    findings += compat.parallel_findings(request, None, gpu, par.gpus, 1)
    if par.strategy in ("tensor", "fsdp"):
        findings.append(
            Finding(
                "diffusion_replicas_only",
                "blocker",
                "tensor_parallelism",
                "the diffusion pipelines run whole on each GPU; more GPUs serve as independent "
                "replicas (choose single or ddp)",
            )
        )
    result = diffusion_memory(pipeline, request, gpu)
    findings += list(result.findings)
    memory = result.memory
    usable = gpu.vram_bytes
    headroom = usable - memory.total
    blocked = any(f.severity == "blocker" for f in findings)
    findings += compat.closing_findings()
    images = None
    try:
        from core.diffusion import images_per_hour

        images = images_per_hour(pipeline, request, gpu) * par.gpus
    except ImportError:
        images = None
    return EstimateResult(
        request=request,
        model=ModelSummary(
            id=pipeline.id,
            name=pipeline.name,
            kind="diffusion",
            params_total=pipeline.params_total,
            params_active=pipeline.params_active,
            source="preset",
        ),
        gpu=gpu,
        gpus=par.gpus,
        strategy=par.strategy,
        memory=memory,
        usable_bytes=usable,
        fits=headroom >= 0 and not blocked,
        headroom_bytes=headroom,
        binding_component=memory.largest(),
        findings=tuple(findings),
        throughput=Throughput(images_per_hour=images),
        details={
            "peak_phase": result.peak_phase,
            "phases": {name: mb.as_dict() for name, mb in result.phases.items()},
        },
    )
