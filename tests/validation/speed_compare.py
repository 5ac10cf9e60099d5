"""The planner's training and image-generation speeds against the published ones.

``baseline``: what the planner said before the speed model (``core/throughput.py``: the bf16
peak × 0.4 ÷ k·N_active, k = 6, or 8 with full recomputation; images at 0.4 of the bf16 peak
without a per-step time). ``model``: :mod:`core.speed.training` / :mod:`core.speed.diffusion`.
Errors are predicted ÷ measured − 1 on tokens/s per GPU (training) and images per second
(diffusion), so a positive error is an optimistic planner. Arithmetic only, no timing.
"""

from __future__ import annotations

from functools import cache

from core.capacity.diffusion_flops import denoise_flops_per_image
from core.domain.catalog import GpuOffer, default_catalog
from core.domain.request import PlanRequest
from core.estimate.dispatch import resolve
from core.model.architecture import ModelArchitecture
from core.speed.diffusion import diffusion_speed
from core.speed.training import (
    CONSTANTS,
    TrainingConstants,
    TrainingLayout,
    link_gbps,
    training_speed,
)
from tests.validation.case import CONFIGS
from tests.validation.speed_training import DiffusionSpeedCase, TrainingSpeedCase


@cache
def arch_of(model: str) -> ModelArchitecture:
    """The architecture of a case's model (a preset or a stored config.json)."""
    ref = (
        {"hf_config": str(CONFIGS / f"{model.removeprefix('config:')}.json")}
        if model.startswith("config:")
        else {"preset": model}
    )
    arch = resolve(PlanRequest.model_validate({"workload": "training", "model": ref}))
    assert isinstance(arch, ModelArchitecture)
    return arch


def gpu_of(gpu_id: str) -> GpuOffer:
    """The catalog's offer."""
    return default_catalog().gpu(gpu_id)


def layout_of(case: TrainingSpeedCase) -> TrainingLayout:
    """The case's layout."""
    return TrainingLayout(
        gpus=case.gpus,
        sequence_length=case.sequence_length,
        micro_batch=case.micro_batch,
        global_batch=case.global_batch,
        tp=case.tp,
        pp=case.pp,
        cp=case.cp,
        ep=case.ep,
        virtual_stages=case.virtual_stages,
        precision=case.precision,
        recompute=case.recompute,
        method=case.method,
        data_parallel="fsdp" if case.fsdp else "ddp",
    )


def baseline_training(case: TrainingSpeedCase) -> float:
    """Tokens/s per GPU the planner gave before the speed model."""
    arch = arch_of(case.model)
    gpu = gpu_of(case.gpu)
    factor = (6 if case.method == "full" else 4) + (2 if case.recompute == "full" else 0)
    return gpu.bf16_tflops * 1e12 * 0.4 / (factor * arch.params_active)


def model_training(case: TrainingSpeedCase, constants: TrainingConstants = CONSTANTS) -> float:
    """Tokens/s per GPU from :mod:`core.speed.training`."""
    gpu = gpu_of(case.gpu)
    return training_speed(
        arch_of(case.model),
        layout_of(case),
        bf16_tflops=gpu.bf16_tflops,
        fp8_tflops=gpu.fp8_tflops,
        memory_bandwidth_gbps=gpu.memory_bandwidth_gbps,
        link_gbps=link_gbps(gpu.id),
        constants=constants,
    ).tokens_per_s_per_gpu


@cache
def flops_of(case: DiffusionSpeedCase) -> float:
    """Denoiser FLOPs of one image at the case's size and steps."""
    request = PlanRequest.model_validate(
        {
            "workload": "diffusion",
            "model": {"preset": case.preset},
            "diffusion": {"height": case.size, "width": case.size, "steps": case.steps},
        }
    )
    return denoise_flops_per_image(resolve(request), request)  # type: ignore[arg-type]


def baseline_diffusion(case: DiffusionSpeedCase) -> float:
    """Images per second the planner gave before the speed model."""
    return gpu_of(case.gpu).bf16_tflops * 1e12 * 0.4 / flops_of(case)


def model_diffusion(case: DiffusionSpeedCase, **constants: float) -> float:
    """Images per second from :mod:`core.speed.diffusion`."""
    speed = diffusion_speed(
        flops_of(case),
        case.steps,
        bf16_tflops=gpu_of(case.gpu).bf16_tflops,
        batch=case.batch,
        **constants,  # type: ignore[arg-type]
    )
    return 1.0 / speed.seconds_per_image
