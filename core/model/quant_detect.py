"""Name a checkpoint's weight format from ``quantization_config`` and the header's dtypes.

``config.json`` says how a checkpoint was quantized (``quant_method`` with its own keys, as
transformers' ``utils/quantization_config.py`` defines them); the safetensors header says how it
is stored: ``I32`` packed int4 (GPTQ/AWQ ``qweight``), ``U8`` packed E2M1 (MXFP4 ``_blocks``,
NVFP4 ``weight_packed`` or ModelOpt's ``weight``, bitsandbytes NF4) with ``F8_E4M3`` group scales
for NVFP4, ``F8_E4M3`` values with ``F32`` or 16-bit scales (FP8),
``F8_E8M0`` block scales. Either alone is enough for the common formats; the exact bytes always
come from the header's byte ranges, whatever the name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from core.domain.quant_formats import FORMATS

_PLAIN = {"BF16": "bf16", "F16": "fp16", "F32": "fp32"}


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _grouped(family: str, config: Mapping[str, Any]) -> str | None:
    bits, group = (
        _int(config.get("bits", config.get("w_bit"))),
        _int(config.get("group_size", config.get("q_group_size"))),
    )
    name = f"{family}-int4-g{group}"
    return name if bits == 4 and name in FORMATS else None


def _compressed(config: Mapping[str, Any]) -> str | None:
    if config.get("format") == "nvfp4-pack-quantized":
        return "nvfp4"
    groups = config.get("config_groups")
    if not isinstance(groups, Mapping):
        return None
    for group in groups.values():
        weights = group.get("weights") if isinstance(group, Mapping) else None
        if not isinstance(weights, Mapping):
            continue
        bits, kind, strategy = weights.get("num_bits"), weights.get("type"), weights.get("strategy")
        if bits == 4 and kind == "float" and _int(weights.get("group_size")) == 16:
            return "nvfp4"
        if bits == 8 and kind == "float":
            return {"tensor": "fp8-tensor", "channel": "fp8-channel", "block": "fp8-block128"}.get(
                str(strategy)
            )
        if bits == 8 and kind == "int":
            return "int8-w8a8"
    return None


def _from_config(config: Mapping[str, Any]) -> str | None:
    method = str(config.get("quant_method", "")).lower()
    if method in ("gptq", "awq"):
        return _grouped(method, config)
    if method == "fp8":
        block = config.get("weight_block_size")
        return "fp8-block128" if block == [128, 128] else None
    if method == "bitsandbytes" and config.get("load_in_4bit"):
        if config.get("bnb_4bit_quant_type", "fp4") != "nf4":
            return None
        return "nf4-dq" if config.get("bnb_4bit_use_double_quant") else "nf4"
    if method == "mxfp4":
        return "mxfp4-experts" if config.get("modules_to_not_convert") else "mxfp4"
    if method == "compressed-tensors":
        return _compressed(config)
    if method == "modelopt":
        algo = str(config.get("quant_algo", "")).upper()
        return {"NVFP4": "nvfp4", "FP8": "fp8-tensor"}.get(algo)
    return None


def _from_tensors(tensors: Iterable[tuple[str, str, tuple[int, ...]]]) -> str | None:
    dtypes: set[str] = set()
    fp8_scale: tuple[int, ...] | None = None
    mx_blocks = nv_scales = False
    for name, dtype, shape in tensors:
        dtypes.add(dtype)
        if name.endswith(".weight_scale") and dtype == "F8_E4M3":
            # NVFP4 (ModelOpt ``weight`` U8 + ``weight_scale_2``; compressed-tensors
            # ``weight_packed`` + ``weight_global_scale``): its group scales are themselves
            # E4M3, where an FP8 checkpoint's scales are float32 or 16-bit.
            nv_scales = True
        elif name.endswith((".weight_scale", ".weight_scale_inv")) and fp8_scale is None:
            fp8_scale = shape
        if name.endswith("_blocks") and dtype == "U8":
            mx_blocks = True
    if mx_blocks:
        return "mxfp4-experts"
    if nv_scales:
        return "nvfp4"
    if "F8_E4M3" in dtypes and fp8_scale is not None:
        if len(fp8_scale) == 2 and fp8_scale[1] > 1:
            return "fp8-block128"
        return "fp8-channel" if fp8_scale and fp8_scale[0] > 1 else "fp8-tensor"
    return None


def checkpoint_format(
    config: Mapping[str, Any] | None,
    tensors: Iterable[tuple[str, str, tuple[int, ...]]],
    dominant_dtype: str | None,
) -> str | None:
    """The checkpoint's format: a :data:`~core.domain.quant_formats.FORMATS` name, a plain dtype.

    Args:
        config: The ``quantization_config`` of ``config.json``, when there is one.
        tensors: (name, dtype, shape) of every tensor in the header.
        dominant_dtype: The dtype holding most bytes; names a plain checkpoint (``bf16``).

    Returns:
        The format name, ``quantized`` for a quantized checkpoint of another layout, or None.
    """
    tensors = list(tensors)
    named = _from_config(config) if config else None
    named = named or _from_tensors(tensors)
    if named is not None:
        return named
    if config:
        return "quantized"
    return _PLAIN.get(dominant_dtype or "")
