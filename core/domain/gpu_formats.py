"""What a GPU runs natively, what it runs through slower kernels, and what it cannot run.

The bundled catalog states each GPU's ``native_formats`` and ``emulated_formats`` with sources;
a catalog without them gets the generation rules below, from the same sources:

- NVIDIA (CUDA C Programming Guide, "Compute Capabilities"; the Ada, Hopper and Blackwell
  architecture whitepapers): bf16/fp16 and int8 tensor cores from 8.0 (Ampere); FP8 E4M3/E5M2
  (OCP) from 8.9 (Ada, Hopper); FP4 (NVFP4 and MXFP4, block-scaled) from 10.0 (Blackwell). On
  8.0+ without them, vLLM's Marlin kernels run FP8, NVFP4 and MXFP4 weights weight-only (they
  dequantize to 16-bit: the memory saving stays, the compute speed-up does not); GPTQ/AWQ int4
  run through Marlin/Machete on 8.0+.
- AMD (ROCm "Data types and precision support"): gfx942 (MI300X, MI325X) has FP8 in the FNUZ
  encoding only, so an OCP FP8 checkpoint is converted when loaded (vLLM does it: the values
  and scales change); gfx950 (MI355X) has OCP FP8 and MXFP4/MXFP6. int4 runs through Triton
  kernels, and so does MXFP4 on gfx942 (vLLM's gpt-oss recipe for MI300X); nothing is known to
  run MXFP4 on older gfx, and no ROCm kernel runs NVFP4.
"""

from __future__ import annotations

from typing import Literal

from core.domain.catalog import GpuOffer, HwFeature

Support = Literal["native", "converted", "emulated", "none"]

_NVIDIA_EMULATED: tuple[HwFeature, ...] = ("fp8-ocp", "nvfp4", "mxfp4")


def _version(text: str | None) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(".")) if text else (0, 0)


def native_features(gpu: GpuOffer) -> tuple[HwFeature, ...]:
    """The formats the GPU's tensor cores run: the catalog's list, else the generation rule."""
    if gpu.native_formats is not None:
        return gpu.native_formats
    found: list[HwFeature] = ["fp16"]
    if gpu.vendor == "nvidia":
        cc = _version(gpu.compute_capability)
        if cc >= (8, 0):
            found += ["bf16", "int8", "int4"]
        if cc >= (8, 9):
            found.append("fp8-ocp")
        if cc >= (10, 0):
            found += ["nvfp4", "mxfp4"]
        return tuple(found)
    gfx = gpu.gfx_target or ""
    found += ["bf16", "int8"]
    if gfx == "gfx942":
        found.append("fp8-fnuz")
    if gfx == "gfx950":
        found += ["fp8-ocp", "mxfp4"]
    return tuple(found)


def emulated_features(gpu: GpuOffer) -> tuple[HwFeature, ...]:
    """Formats that run through weight-only or software kernels (slower than native)."""
    if gpu.emulated_formats is not None:
        return gpu.emulated_formats
    native = native_features(gpu)
    if gpu.vendor == "nvidia":
        if _version(gpu.compute_capability) < (8, 0):
            return ()
        return tuple(f for f in _NVIDIA_EMULATED if f not in native)
    # MXFP4 through Triton kernels is documented for CDNA 3 (gpt-oss on MI300X), not older gfx.
    candidates: tuple[HwFeature, ...] = (
        ("int4", "mxfp4") if gpu.gfx_target in ("gfx942", "gfx950") else ("int4",)
    )
    return tuple(f for f in candidates if f not in native)


def support(gpu: GpuOffer, feature: HwFeature) -> Support:
    """How ``gpu`` runs weights that need ``feature``."""
    native = native_features(gpu)
    if feature in native:
        return "native"
    if feature == "fp8-ocp" and "fp8-fnuz" in native:
        return "converted"
    if feature in emulated_features(gpu):
        return "emulated"
    return "none"
