"""Compatibility findings: platform, driver, precision support, parallel layout, quality notes.

Each finding has a code, a severity (info / warning / blocker) and the glossary term that explains
it. Sources for the hardware rules:
- bf16 tensor cores need compute capability 8.0+ (NVIDIA Ampere); fp8 tensor cores need 8.9+
  (Ada, Hopper) — NVIDIA CUDA C Programming Guide, "Compute Capabilities"; on AMD, fp8 needs CDNA3
  (gfx942), bf16 is supported from CDNA2 (gfx90a) — AMD ROCm precision-support tables.
- int4 weight-only kernels: Marlin/Machete (vLLM) need compute capability 8.0+; on ROCm, GPTQ/AWQ
  run through Triton or ExLlama kernels whose support depends on the build.
- Tensor parallelism: the degree must divide the attention heads (vLLM and Megatron-LM check it),
  and runs over NVLink/Infinity Fabric within one node; across nodes or over PCIe every layer's
  all-reduce crosses the slow link.
"""

from __future__ import annotations

from core.architecture import ModelArchitecture
from core.catalog import GpuOffer
from core.memory import DISCLAIMER, Finding
from core.request import PlanRequest


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def _cc(gpu: GpuOffer) -> tuple[int, ...]:
    return _version(gpu.compute_capability) if gpu.compute_capability else (0, 0)


def platform_findings(request: PlanRequest, gpu: GpuOffer) -> list[Finding]:
    """CUDA vs ROCm and the required runtime version against the offer's driver."""
    found: list[Finding] = []
    if request.platform != "any" and request.platform != gpu.platform:
        needs, has = request.platform.upper(), gpu.platform.upper()
        found.append(
            Finding(
                "platform_mismatch",
                "blocker",
                request.platform,
                f"the workload needs {needs}, but {gpu.name} is an {gpu.vendor.upper()} GPU that "
                f"runs {has}; {needs} workloads never run on it",
            )
        )
        return found
    if request.runtime_version:
        limit = gpu.driver_cuda_max if gpu.platform == "cuda" else gpu.driver_rocm_max
        name = gpu.platform.upper()
        if limit and _version(request.runtime_version) > _version(limit):
            found.append(
                Finding(
                    "driver_too_old",
                    "blocker",
                    gpu.platform,
                    f"the workload needs {name} {request.runtime_version}, but the driver of this "
                    f"offer supports {name} up to {limit}",
                )
            )
    if gpu.platform == "rocm":
        found.append(
            Finding(
                "rocm_verify",
                "info",
                "rocm",
                f"check ROCm support for {gpu.gfx_target}, the OS image, the framework build and "
                "every dependency: CUDA-only libraries and kernels do not run here",
            )
        )
    return found


def precision_findings(request: PlanRequest, gpu: GpuOffer) -> list[Finding]:
    """bf16, fp8 and int4-kernel support of the GPU generation for the chosen formats."""
    found: list[Finding] = []
    cc = _cc(gpu)
    amd_gfx = gpu.gfx_target or ""
    wants_bf16 = request.precision.weights == "bf16" or request.precision.kv_cache == "bf16"
    if request.workload == "training" and request.training.mixed_precision == "bf16":
        wants_bf16 = True
    if wants_bf16 and gpu.vendor == "nvidia" and cc < (8, 0):
        found.append(
            Finding(
                "bf16_unsupported",
                "blocker",
                "cuda",
                f"bf16 needs compute capability 8.0+, {gpu.name} has {gpu.compute_capability}",
            )
        )
    fp8_weights = request.precision.weights == "fp8"
    fp8_cache = request.workload == "inference" and request.precision.kv_cache == "fp8"
    if fp8_weights or fp8_cache:
        native = (gpu.vendor == "nvidia" and cc >= (8, 9)) or amd_gfx == "gfx942"
        if not native:
            if gpu.vendor == "amd":
                found.append(
                    Finding(
                        "fp8_unsupported",
                        "blocker",
                        "rocm",
                        f"fp8 needs CDNA3 (gfx942); {gpu.name} is {amd_gfx}",
                    )
                )
            else:
                found.append(
                    Finding(
                        "fp8_emulated",
                        "warning",
                        "quantization",
                        f"{gpu.name} (compute capability {gpu.compute_capability}) has no fp8 "
                        "tensor cores (8.9+ needed): weight-only fp8 kernels dequantize to 16-bit, "
                        "saving memory but not compute; check that your serving stack offers them",
                    )
                )
    if request.precision.weights == "int4" and request.workload != "training":
        if gpu.vendor == "amd":
            found.append(
                Finding(
                    "int4_kernels_rocm",
                    "warning",
                    "quantization",
                    "int4 (GPTQ/AWQ) kernels on ROCm depend on the framework build; verify them "
                    f"for {amd_gfx}",
                )
            )
        elif cc < (8, 0):
            found.append(
                Finding(
                    "int4_kernels_missing",
                    "blocker",
                    "quantization",
                    "fast int4 kernels (Marlin) need compute capability 8.0+",
                )
            )
    return found


def quality_findings(request: PlanRequest) -> list[Finding]:
    """Quantization quality notes (always a warning: quality must be verified)."""
    found: list[Finding] = []
    weights = request.precision.weights
    quantized = weights in ("fp8", "int8", "int4") and request.workload != "training"
    if quantized:
        found.append(
            Finding(
                "quantization_quality",
                "warning",
                "quantization",
                f"{weights} weights change the model's outputs; verify output quality on your own "
                "data, and that kernels exist for this GPU and platform",
            )
        )
    if request.workload == "inference" and request.precision.kv_cache == "fp8":
        found.append(
            Finding(
                "kv_cache_fp8_quality",
                "warning",
                "kv_cache",
                "an fp8 KV cache halves its memory but can lower accuracy; verify output quality",
            )
        )
    if request.workload == "training" and request.training.method == "qlora":
        found.append(
            Finding(
                "qlora_quality",
                "warning",
                "quantization",
                "QLoRA trains against NF4-quantized base weights; compare the result with a 16-bit "
                "baseline",
            )
        )
    return found


def parallel_findings(
    request: PlanRequest, arch: ModelArchitecture | None, gpu: GpuOffer, gpus: int, tp: int
) -> list[Finding]:
    """Tensor-parallel layout and GPU-count limits of the offer."""
    found: list[Finding] = []
    if gpus > gpu.max_gpus:
        found.append(
            Finding(
                "too_many_gpus",
                "blocker",
                "vram",
                f"{gpu.name} offers at most {gpu.max_gpus} GPUs per allocation "
                f"({gpu.gpus_per_node} per node × {gpu.max_nodes} nodes), {gpus} asked",
            )
        )
    if tp <= 1:
        return found
    if arch is not None and arch.attention_heads % tp:
        found.append(
            Finding(
                "tp_heads_indivisible",
                "blocker",
                "tensor_parallelism",
                f"tensor-parallel degree {tp} does not divide the {arch.attention_heads} attention "
                "heads",
            )
        )
    elif arch is not None and arch.attention != "mla" and arch.kv_heads % tp and tp % arch.kv_heads:
        found.append(
            Finding(
                "tp_kv_heads_indivisible",
                "blocker",
                "tensor_parallelism",
                f"tensor-parallel degree {tp} and the {arch.kv_heads} KV heads do not divide one "
                "another",
            )
        )
    elif arch is not None and arch.attention != "mla" and tp > arch.kv_heads:
        found.append(
            Finding(
                "kv_heads_replicated",
                "info",
                "kv_cache",
                f"tensor-parallel degree {tp} exceeds the {arch.kv_heads} KV heads: each GPU keeps "
                "a replicated head, so the KV cache does not shrink further",
            )
        )
    if tp > gpu.gpus_per_node:
        found.append(
            Finding(
                "tp_across_nodes",
                "warning",
                "tensor_parallelism",
                f"tensor-parallel degree {tp} spans nodes ({gpu.gpus_per_node} GPUs per node): "
                "every layer's all-reduce crosses the network; keep tensor parallelism within a "
                "node",
            )
        )
    if gpu.interconnect == "pcie":
        found.append(
            Finding(
                "tp_pcie",
                "warning",
                "tensor_parallelism",
                f"{gpu.name} GPUs talk over PCIe only: tensor parallelism's all-reduce in every "
                "layer will slow each step noticeably",
            )
        )
    found.append(
        Finding(
            "tp_stack_support",
            "info",
            "tensor_parallelism",
            "tensor parallelism needs a serving or training stack that supports it for this model",
        )
    )
    return found


def offer_findings(
    request: PlanRequest, arch: ModelArchitecture | None, gpu: GpuOffer, gpus: int, tp: int
) -> list[Finding]:
    """Every check of a request against an offer: platform, precision, quality, layout."""
    return [
        *platform_findings(request, gpu),
        *precision_findings(request, gpu),
        *quality_findings(request),
        *parallel_findings(request, arch, gpu, gpus, tp),
    ]


def closing_findings() -> list[Finding]:
    """Findings every result carries (the glossary disclaimer)."""
    return [DISCLAIMER]
