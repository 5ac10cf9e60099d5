"""Compatibility findings: platform, driver, precision support, parallel layout, quality notes.

Each finding has a code, a severity (info / warning / blocker) and the glossary term that explains
it. Sources for the hardware rules:
- bf16 tensor cores need compute capability 8.0+ (NVIDIA Ampere); fp8 tensor cores need 8.9+
  (Ada, Hopper) — NVIDIA CUDA C Programming Guide, "Compute Capabilities"; on AMD, fp8 runs in
  the FNUZ encoding on CDNA3 (gfx942) and as OCP FP8 (E4M3/E5M2) on CDNA4 (gfx950), bf16 from
  CDNA2 (gfx90a) — AMD ROCm precision-support tables. The fp8 rule reads the GPU's formats
  (:mod:`core.domain.gpu_formats`), the one list of what each GPU runs.
- int4 weight-only kernels: Marlin/Machete (vLLM) need compute capability 8.0+; on ROCm, GPTQ/AWQ
  run through Triton or ExLlama kernels whose support depends on the build.
- Named quantized formats (:mod:`core.domain.quant_formats`): whether the GPU runs one natively,
after
  conversion (OCP FP8 on gfx942), through weight-only kernels, or not at all comes from the
  catalog's ``native_formats`` / ``emulated_formats`` (:mod:`core.domain.gpu_formats`); each finding
  quotes the GPU's source for it.
- Tensor parallelism: the degree must divide the attention heads (vLLM and Megatron-LM check it),
  and runs over NVLink/Infinity Fabric within one node; across nodes or over PCIe every layer's
  all-reduce crosses the slow link.
"""

from __future__ import annotations

import re
from functools import lru_cache

# effective_format and uses_stored_weights are also read here by core.estimate.llamacpp
from core.capacity.weight_formats import effective_format as effective_format
from core.capacity.weight_formats import effective_formats, uses_checkpoint_layout
from core.capacity.weight_formats import uses_stored_weights as uses_stored_weights
from core.domain.breakdown import DISCLAIMER, Finding
from core.domain.catalog import GpuOffer, HwFeature
from core.domain.gpu_formats import support
from core.domain.quant_formats import QuantFormat
from core.domain.request import PlanRequest
from core.model.architecture import ModelArchitecture

_FEATURE: dict[str, HwFeature] = {
    "fp8": "fp8-ocp",
    "int8": "int8",
    "int4": "int4",
    "nvfp4": "nvfp4",
    "mxfp4": "mxfp4",
}
# The documents core.domain.gpu_formats' generation rules follow, for a GPU the catalog cites none
# for.
_RULES_SOURCE = "CUDA C Programming Guide and AMD ROCm documentation"
# Parameterless, so one instance serves every tensor-parallel estimate (as DISCLAIMER does).
_TP_STACK_SUPPORT = Finding.of("tp_stack_support", "info", "tensor_parallelism")


def checkpoint_findings(
    request: PlanRequest, arch: ModelArchitecture, checkpoint_gib: float
) -> list[Finding]:
    """Which format the weights are counted in when ``config.json`` declares another.

    Args:
        request: The plan.
        arch: The model, whose :attr:`~ModelArchitecture.checkpoint` is set.
        checkpoint_gib: The checkpoint's stored weights in GiB, all GPUs together.
    """
    layout = arch.checkpoint
    if layout is None:
        return []
    weights = request.precision.format or request.precision.weights
    if uses_checkpoint_layout(request, arch):
        if request.precision.weights in layout.classes:
            return [
                Finding.of(
                    "weights_as_stored",
                    "info",
                    "quantization",
                    stored_as=layout.label,
                    size=checkpoint_gib,
                )
            ]
        return [
            Finding.of(
                "weights_as_stored",
                "warning",
                "quantization",
                variant="instead",
                stored_as=layout.label,
                size=checkpoint_gib,
                weights=weights,
            )
        ]
    if arch.stored_bytes is not None:
        return []  # a checkpoint header's exact bytes; core.model.safetensors_model says which
    if request.workload == "training":
        return [
            Finding.of(
                "weights_not_as_stored",
                "info",
                "quantization",
                variant="training",
                stored_as=layout.label,
                size=checkpoint_gib,
            )
        ]
    return [
        Finding.of(
            "weights_not_as_stored",
            "warning",
            "quantization",
            stored_as=layout.label,
            size=checkpoint_gib,
            weights=weights,
        )
    ]


def feature_of(fmt: QuantFormat) -> HwFeature:
    """The hardware feature a format needs to run natively."""
    return _FEATURE[fmt.hardware]


def format_findings(fmt: QuantFormat, gpu: GpuOffer) -> list[Finding]:
    """Whether ``gpu`` runs ``fmt`` natively, after conversion, emulated, or not at all."""
    if fmt.hardware == "gguf":
        return []  # llama.cpp runs every GGUF type on CUDA and ROCm
    feature = feature_of(fmt)
    how = support(gpu, feature)
    source = _document(gpu.sources.get("native_formats", _RULES_SOURCE))
    if how == "native":
        return []
    if how == "converted":
        return [
            Finding.of(
                "format_converted",
                "warning",
                "quantization",
                format=fmt.name,
                gpu=gpu.label,
                gfx=str(gpu.gfx_target),
                source=source,
            )
        ]
    if how == "emulated":
        return [
            Finding.of(
                "format_emulated",
                "warning",
                "quantization",
                format=fmt.name,
                gpu=gpu.label,
                feature=feature,
                peak=gpu.bf16_tflops,
                source=source,
            )
        ]
    platform = "rocm" if gpu.platform == "rocm" else "cuda"
    return [
        Finding.of(
            "format_unsupported",
            "blocker",
            platform,
            format=fmt.name,
            gpu=gpu.label,
            feature=feature,
            source=source,
        )
    ]


def _document(citation: str) -> str:
    """The document a catalog citation names, without its English notes on what it says.

    A warning cites its source by name in any language ("CUDA C Programming Guide, Compute
    Capabilities"); the catalog's parenthesis and clauses after it are English prose.
    """
    return re.split(r" \(|: |; ", citation, maxsplit=1)[0].strip()


@lru_cache(maxsize=64)  # the catalog's compute capabilities and the requests' versions
def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def _cc(gpu: GpuOffer) -> tuple[int, ...]:
    return _version(gpu.compute_capability) if gpu.compute_capability else (0, 0)


def platform_findings(request: PlanRequest, gpu: GpuOffer) -> list[Finding]:
    """CUDA vs ROCm and the required runtime version against the offer's driver."""
    found: list[Finding] = []
    if request.platform != "any" and request.platform != gpu.platform:
        found.append(
            Finding.of(
                "platform_mismatch",
                "blocker",
                request.platform,
                needs=request.platform.upper(),
                gpu=gpu.label,
                vendor=gpu.vendor.upper(),
                has=gpu.platform.upper(),
            )
        )
        return found
    if request.runtime_version:
        limit = gpu.driver_cuda_max if gpu.platform == "cuda" else gpu.driver_rocm_max
        if limit and _version(request.runtime_version) > _version(limit):
            found.append(
                Finding.of(
                    "driver_too_old",
                    "blocker",
                    gpu.platform,
                    platform=gpu.platform.upper(),
                    version=request.runtime_version,
                    limit=limit,
                )
            )
    if gpu.platform == "rocm":
        found.append(Finding.of("rocm_verify", "info", "rocm", gfx=str(gpu.gfx_target)))
    return found


def precision_findings(
    request: PlanRequest, gpu: GpuOffer, arch: ModelArchitecture | None = None
) -> list[Finding]:
    """bf16, fp8 and int4-kernel support of the GPU generation for the chosen formats."""
    found: list[Finding] = []
    formats = effective_formats(request, arch)
    named = formats[0] if formats else None
    if request.workload != "training":  # training computes in 16-bit
        for fmt in formats:
            found += format_findings(fmt, gpu)
    cc = _cc(gpu)
    amd_gfx = gpu.gfx_target or ""
    wants_bf16 = request.precision.weights == "bf16" or request.precision.kv_cache == "bf16"
    if request.workload == "training" and request.training.mixed_precision == "bf16":
        wants_bf16 = True
    if wants_bf16 and gpu.vendor == "nvidia" and cc < (8, 0):
        found.append(
            Finding.of(
                "bf16_unsupported", "blocker", "cuda", gpu=gpu.label, cc=str(gpu.compute_capability)
            )
        )
    fp8_weights = request.precision.weights == "fp8" and named is None
    fp8_cache = request.workload == "inference" and request.precision.kv_cache == "fp8"
    if fp8_weights or fp8_cache:
        # The GPU's formats (core.domain.gpu_formats: the catalog's, else its generation rule)
        # decide: OCP FP8 natively (NVIDIA 8.9+, gfx950) or in the FNUZ encoding (gfx942).
        native = support(gpu, "fp8-ocp") in ("native", "converted")
        if not native:
            if gpu.vendor == "amd":
                found.append(
                    Finding.of(
                        "fp8_unsupported",
                        "blocker",
                        "rocm",
                        gpu=gpu.label,
                        gfx=amd_gfx,
                        source=_document(gpu.sources.get("native_formats", _RULES_SOURCE)),
                    )
                )
            else:
                found.append(
                    Finding.of(
                        "fp8_emulated",
                        "warning",
                        "quantization",
                        gpu=gpu.label,
                        cc=str(gpu.compute_capability),
                    )
                )
    if request.precision.weights == "int4" and request.workload != "training" and named is None:
        if gpu.vendor == "amd":
            found.append(Finding.of("int4_kernels_rocm", "warning", "quantization", gfx=amd_gfx))
        elif cc < (8, 0):
            found.append(Finding.of("int4_kernels_missing", "blocker", "quantization"))
    return found


def quality_findings(request: PlanRequest, arch: ModelArchitecture | None = None) -> list[Finding]:
    """Quantization quality notes (always a warning: quality must be verified)."""
    found: list[Finding] = []
    named = effective_format(request, arch)
    weights = named.name if named is not None else request.precision.weights
    quantized = named is not None or weights in ("fp8", "int8", "int4")
    if uses_checkpoint_layout(request, arch):
        quantized = False  # the published weights themselves, not a quantized copy of them
    if quantized and request.workload != "training":
        found.append(Finding.of("quantization_quality", "warning", "quantization", weights=weights))
    if request.workload == "inference" and request.precision.kv_cache == "fp8":
        found.append(Finding.of("kv_cache_fp8_quality", "warning", "kv_cache"))
    if request.workload == "training" and request.training.method == "qlora":
        found.append(Finding.of("qlora_quality", "warning", "quantization"))
    return found


def parallel_findings(
    request: PlanRequest, arch: ModelArchitecture | None, gpu: GpuOffer, gpus: int, tp: int
) -> list[Finding]:
    """Tensor-parallel layout and GPU-count limits of the offer."""
    found: list[Finding] = []
    per_order = gpu.max_gpus // tp * tp  # whole tensor-parallel groups in one order
    if gpus > gpu.max_gpus and request.workload == "training":
        # A training run larger than one allocation is priced as the orders it needs
        # (core.pricing.prices.price_for); the memory plan per GPU is the same.
        found.append(
            Finding.of(
                "priced_as_orders",
                "warning",
                "vram",
                gpu=gpu.label,
                max_gpus=gpu.max_gpus,
                gpus=gpus,
                orders=-(-gpus // gpu.max_gpus),
                per_order=gpu.max_gpus,
            )
        )
    elif gpus > gpu.max_gpus and request.workload == "inference" and per_order and gpus % tp == 0:
        # Serving replicas are independent servers: a run larger than one order is priced as
        # the orders it needs, each holding whole replicas (core.pricing.prices.price_for).
        found.append(
            Finding.of(
                "priced_as_orders",
                "info",
                "vram",
                variant="serving",
                gpu=gpu.label,
                max_gpus=gpu.max_gpus,
                gpus=gpus,
                orders=-(-gpus // per_order),
                per_order=per_order,
            )
        )
    elif gpus > gpu.max_gpus:
        found.append(
            Finding.of(
                "too_many_gpus",
                "blocker",
                "vram",
                gpu=gpu.label,
                max_gpus=gpu.max_gpus,
                per_node=gpu.gpus_per_node,
                max_nodes=gpu.max_nodes,
                gpus=gpus,
            )
        )
    if tp <= 1:
        return found
    term = "tensor_parallelism"
    if arch is not None and arch.attention_heads % tp:
        found.append(
            Finding.of("tp_heads_indivisible", "blocker", term, tp=tp, heads=arch.attention_heads)
        )
    elif arch is not None and arch.attention != "mla" and arch.kv_heads % tp and tp % arch.kv_heads:
        found.append(
            Finding.of("tp_kv_heads_indivisible", "blocker", term, tp=tp, kv_heads=arch.kv_heads)
        )
    elif arch is not None and arch.attention != "mla" and tp > arch.kv_heads:
        found.append(
            Finding.of("kv_heads_replicated", "info", "kv_cache", tp=tp, kv_heads=arch.kv_heads)
        )
    if tp > gpu.gpus_per_node:
        found.append(
            Finding.of("tp_across_nodes", "warning", term, tp=tp, per_node=gpu.gpus_per_node)
        )
    if gpu.interconnect == "pcie":
        found.append(Finding.of("tp_pcie", "warning", term, gpu=gpu.label))
    found.append(_TP_STACK_SUPPORT)
    return found


def context_findings(request: PlanRequest, arch: ModelArchitecture) -> list[Finding]:
    """A served context longer than the model's longest sequence (``max_position_embeddings``).

    vLLM refuses a ``max_model_len`` above the length it derives from the config (the length
    fields, times the ``rope_scaling`` factor of the methods that extend it), unless
    ``VLLM_ALLOW_LONG_MAX_MODEL_LEN=1`` (``_get_and_verify_max_len`` in ``vllm/config``);
    llama.cpp runs and logs "possible training context overflow" (``llama-context.cpp``). The
    planner does not read ``rope_scaling``, so this is a warning, not a blocker: the estimate
    is still counted at the requested length.
    """
    maximum = arch.max_position_embeddings
    context = request.inference.context_tokens
    if maximum is None or context <= maximum:
        return []
    return [
        Finding.of("context_beyond_model", "warning", "kv_cache", context=context, maximum=maximum)
    ]


def request_findings(
    request: PlanRequest, arch: ModelArchitecture | None, gpu: GpuOffer
) -> list[Finding]:
    """Checks of a request against an offer, whatever the layout: platform, precision, quality."""
    return [
        *platform_findings(request, gpu),
        *precision_findings(request, gpu, arch),
        *quality_findings(request, arch),
    ]


def offer_findings(
    request: PlanRequest, arch: ModelArchitecture | None, gpu: GpuOffer, gpus: int, tp: int
) -> list[Finding]:
    """Every check of a request against an offer: platform, precision, quality, layout."""
    return [*request_findings(request, arch, gpu), *parallel_findings(request, arch, gpu, gpus, tp)]


def closing_findings() -> list[Finding]:
    """Findings every result carries (the glossary disclaimer)."""
    return [DISCLAIMER]
