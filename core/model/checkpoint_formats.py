"""Stored bytes of one quantized linear layer, for the checkpoint formats read from config.json.

:mod:`core.model.checkpoint_layout` counts a whole checkpoint; this module gives, per format, what
one quantized ``out`` × ``inp`` matrix stores (values and metadata) and which linear layers the
config keeps unquantized. A ``quantization_config`` outside the cases below gives None: the
caller says the layout is not read rather than guess. Sources, by ``quant_method``:

- ``fp8`` without ``weight_block_size`` (AutoFP8, Neural Magic's ``*-FP8`` checkpoints): E4M3,
  one byte a weight, one float32 ``weight_scale`` per matrix and, with ``activation_scheme:
  static``, one float32 ``input_scale`` (vLLM ``Fp8LinearMethod.create_weights``: per-tensor
  ``weight_scale`` and ``input_scale`` of ``torch.float32``).
- ``compressed-tensors`` (vLLM ``compressed_tensors.py``; the compressed-tensors library): one
  scheme in ``config_groups`` targeting ``Linear`` (every linear layer but the ``ignore`` list,
  matched on full module names, ``re:`` prefixes as regular expressions). Scales are shaped
  ``[out, 1]`` per channel, ``[out, ceil(inp / group)]`` per group and ``[1]`` per tensor; a
  symmetric scheme stores no zero point. The library saves them in the weights' dtype
  (``initialize.py`` ``_initialize_scale_zero_point``: ``scale_dtype = module.weight.dtype``),
  but vLLM allocates what it loads them into: float32 for the fp8 and int8 W8A8 schemes'
  weight and input scales (``fp8_utils.py`` ``create_fp8_scale_parameter`` and
  ``create_fp8_input_scale``, ``compressed_tensors_w8a8_int8.py``), the model's dtype for the
  int4 packed scheme's group scales (``compressed_tensors_wNa16.py``: ``params_dtype``).

  - ``pack-quantized`` int4 (W4A16; Kimi K2-Thinking / K2.5 experts): ``weight_packed`` int32
    ``[out, ceil(inp / 8)]``, ``weight_scale`` per group, ``weight_shape`` (``torch.tensor(
    weight.shape)``: two int64), and for an asymmetric scheme a ``weight_zero_point`` packed
    eight a int32 along the rows, ``[ceil(out / 8), inp // group]`` (``pack_quantized.py``).
  - ``float-quantized`` fp8 (``FP8_DYNAMIC`` per channel, ``FP8`` per tensor): E4M3 weights,
    a scale per channel or per tensor, and one ``input_scale`` per tensor when the activations
    are static.
  - ``int-quantized`` / ``naive-quantized`` int8 W8A8: int8 weights, a scale per channel.
- ``awq`` (AutoAWQ GEMM; vLLM ``AWQLinearMethod``): 4-bit, ``qweight`` int32 ``[inp, out / 8]``,
  ``qzeros`` int32 ``[inp / group, out / 8]``, ``scales`` fp16 ``[inp / group, out]``; modules
  whose name contains an entry of ``modules_to_not_convert`` stay 16-bit.
- ``gptq`` (AutoGPTQ / GPTQModel; vLLM ``GPTQLinearMethod``): 4-bit, ``qweight`` int32
  ``[inp / 8, out]``, ``qzeros`` int32 ``[groups, out / 8]``, ``scales`` fp16 ``[groups, out]``
  and ``g_idx`` int32 ``[inp]``, saved with or without act-order.

AWQ and GPTQ quantize the linear layers of the decoder blocks only; the LM head, embeddings,
routers and any vision tower stay 16-bit. Int4 groups run on the Marlin kernels vLLM also uses
for GPTQ, so their hardware format is the GPTQ one of the same group size.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from core.domain.dtypes import FP32_BYTES
from core.domain.quant_formats import FORMATS
from core.model.architecture import LinearGroup
from core.model.checkpoint_mtp import (
    MtpNames,
    is_mtp_group,
    kept_mtp,
    layer_paths,
    names_mtp,
)
from core.texts.words import STORED_AWQ_INT4 as AWQ_INT4
from core.texts.words import STORED_FP8_CHANNEL as FP8_CHANNEL
from core.texts.words import STORED_FP8_TENSOR as FP8_TENSOR
from core.texts.words import STORED_GPTQ_INT4 as GPTQ_INT4
from core.texts.words import STORED_INT4_PACKED as INT4_PACKED
from core.texts.words import STORED_INT8_CHANNEL as INT8_CHANNEL
from core.texts.words import STORED_MODELOPT_NVFP4 as MODELOPT_NVFP4

_HALF_BYTES = 2  # fp16 / bf16: AWQ and GPTQ scales, compressed-tensors int4 group scales
_INT32_BYTES = 4
_SHAPE_BYTES = 16  # compressed-tensors weight_shape: two int64


Matrix = Callable[[int, int], tuple[int, int]]

# The one rule for an 8-bit checkpoint's scales, read from config.json (the rules below) or from
# safetensors headers (:func:`loaded_tensor_bytes`): vLLM loads the weight and input scales of an
# fp8 or int8 W8A8 checkpoint into float32 parameters whatever dtype they were saved in
# (``fp8_utils.py`` ``create_fp8_scale_parameter`` / ``create_fp8_input_scale``: ``torch.empty(...,
# dtype=torch.float32)``; ``compressed_tensors_w8a8_int8.py``), so each value takes 4 bytes on the
# GPU even when compressed-tensors saved it in bf16.
W8_SCALE_BYTES = FP32_BYTES
W8_FORMATS = frozenset({"fp8-tensor", "fp8-channel", "fp8-block128", "int8-w8a8"})
_W8_SCALES = (".weight_scale", ".weight_scale_inv", ".input_scale")


def loaded_tensor_bytes(name: str, elements: int, nbytes: int, fmt: str | None) -> int:
    """Bytes one saved tensor takes once loaded: its own, but for a W8 scale (float32)."""
    if fmt in W8_FORMATS and name.endswith(_W8_SCALES):
        return elements * W8_SCALE_BYTES
    return nbytes


def _ceil(a: int, b: int) -> int:
    return -(-a // b)


@dataclass(frozen=True)
class MatrixRule:
    """How a checkpoint stores the linear layers it quantizes.

    Attributes:
        label: What the checkpoint stores, in words (a :class:`~core.texts.words.Word`).
        fmt: The :data:`core.domain.quant_formats.FORMATS` name whose hardware support matters.
        matrix: (values, metadata) bytes of one quantized ``out`` × ``inp`` matrix.
        kept: Names of the linear groups kept 16-bit.
    """

    label: str
    fmt: str
    matrix: Matrix
    kept: frozenset[str]

    @property
    def legacy(self) -> str:
        """The coarse request class of the format (``fp8``, ``int8``, ``int4``)."""
        return FORMATS[self.fmt].legacy


def _int(value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return None


def _module_names(group: LinearGroup, layers: int) -> list[str]:
    """Full module names of a group in every layer, for experts 0 and 1 (``model.layers.3...``)."""
    paths = layer_paths(group.name)
    return [f"model.layers.{layer}.{path}" for layer in range(max(layers, 1)) for path in paths]


def _kept_by(
    groups: tuple[LinearGroup, ...],
    layers: int,
    patterns: list[str],
    matches: Callable[[str, str], bool],
    mtp: MtpNames | None,
) -> frozenset[str] | None:
    """The groups every one of whose modules a pattern names; None when a pattern splits one.

    A pattern that names a group in some layers (or experts) only cannot be expressed by the
    per-model groups: the layout is not read. MTP groups (:mod:`core.model.checkpoint_mtp`) are
    matched on the names of the MTP layers; for a family whose MTP naming is not known they
    follow the decoder's groups of the same name, unless a pattern mentions MTP layers.
    """
    kept: set[str] = set()
    for group in groups:
        if is_mtp_group(group):
            continue
        names = _module_names(group, layers)
        hits = [any(matches(p, name) for p in patterns) for name in names]
        if all(hits):
            kept.add(group.name)
        elif any(hits):
            return None
    found = kept_mtp(
        groups, mtp, patterns, matches, kept, lambda p: names_mtp(p, layers) or "mtp" in p
    )
    return None if found is None else frozenset(kept | found)


def _ct_match(pattern: str, name: str) -> bool:
    """compressed-tensors ``is_match``: ``re:`` is ``re.match``, anything else the full name."""
    if pattern.startswith("re:"):
        return re.match(pattern[3:], name) is not None
    return pattern == name


def _awq_match(pattern: str, name: str) -> bool:
    """Transformers' AWQ replacement skips a module whose name contains an entry."""
    return pattern in name


def _names(value: Any) -> list[str] | None:
    if value is None:
        return []
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return value
    return None


def _regexes_compile(patterns: list[str]) -> bool:
    for pattern in patterns:
        if pattern.startswith("re:"):
            try:
                re.compile(pattern[3:])
            except re.error:
                return False
    return True


def _ct_weights(q: Mapping[str, Any]) -> tuple[dict[str, Any], Any, str] | None:
    """The one scheme of a compressed-tensors config: weight args, input args, format."""
    schemes = q.get("config_groups")
    if not isinstance(schemes, dict) or len(schemes) != 1:
        return None
    scheme = next(iter(schemes.values()))
    if not isinstance(scheme, dict) or scheme.get("targets") != ["Linear"]:
        return None
    weights = scheme.get("weights")
    fmt = scheme.get("format") or q.get("format")
    if not isinstance(weights, dict) or not isinstance(fmt, str):
        return None
    if scheme.get("output_activations") is not None or weights.get("actorder") is not None:
        return None
    if weights.get("scale_dtype") is not None or weights.get("block_structure") is not None:
        return None
    return weights, scheme.get("input_activations"), fmt


def _static_input_scale(inputs: Any) -> int | None:
    """Bytes of a loaded input scale: none when dynamic or absent, one float32 per tensor."""
    if inputs is None:
        return 0
    if not isinstance(inputs, dict):
        return None
    if inputs.get("dynamic") is True:
        return 0
    return W8_SCALE_BYTES if inputs.get("strategy") == "tensor" else None


def _compressed_tensors(
    q: Mapping[str, Any], groups: tuple[LinearGroup, ...], layers: int, mtp: MtpNames | None
) -> MatrixRule | None:
    found = _ct_weights(q)
    ignore = _names(q.get("ignore"))
    if found is None or ignore is None or not _regexes_compile(ignore):
        return None
    weights, inputs, fmt = found
    bits, group = _int(weights.get("num_bits")), _int(weights.get("group_size"))
    strategy, kind = weights.get("strategy"), weights.get("type")
    symmetric = weights.get("symmetric") is True
    found_scale = _static_input_scale(inputs)
    if not any(_ct_match(p, "lm_head") for p in ignore) or found_scale is None:
        return None  # a quantized LM head is not one of the groups counted here
    input_scale: int = found_scale
    kept = _kept_by(groups, layers, ignore, _ct_match, mtp)
    if kept is None:
        return None
    if fmt == "pack-quantized" and kind == "int" and bits == 4 and strategy == "group":
        if group is None or f"gptq-int4-g{group}" not in FORMATS or inputs is not None:
            return None
        g = group

        def packed(out: int, inp: int) -> tuple[int, int]:
            meta = _HALF_BYTES * out * _ceil(inp, g) + _SHAPE_BYTES
            if not symmetric:
                meta += _INT32_BYTES * _ceil(out, 8) * (inp // g)
            return _INT32_BYTES * out * _ceil(inp, 8), meta

        return MatrixRule(INT4_PACKED, f"gptq-int4-g{g}", packed, kept)
    if fmt == "float-quantized" and kind == "float" and bits == 8 and symmetric:
        if strategy == "tensor":
            return MatrixRule(
                FP8_TENSOR, "fp8-tensor", lambda o, i: (o * i, W8_SCALE_BYTES + input_scale), kept
            )
        if strategy == "channel":
            return MatrixRule(
                FP8_CHANNEL,
                "fp8-channel",
                lambda o, i: (o * i, W8_SCALE_BYTES * o + input_scale),
                kept,
            )
        return None
    w8a8 = isinstance(inputs, dict) and inputs.get("type") == "int" and inputs.get("num_bits") == 8
    int8 = fmt in ("int-quantized", "naive-quantized") and kind == "int" and bits == 8
    if int8 and strategy == "channel" and symmetric and w8a8:
        return MatrixRule(
            INT8_CHANNEL, "int8-w8a8", lambda o, i: (o * i, W8_SCALE_BYTES * o + input_scale), kept
        )
    return None


def _awq(
    q: Mapping[str, Any], groups: tuple[LinearGroup, ...], layers: int, mtp: MtpNames | None
) -> MatrixRule | None:
    group = _int(q.get("group_size", q.get("q_group_size")))
    bits = _int(q.get("bits", q.get("w_bit")))
    version = str(q.get("version", "gemm")).lower()
    skip = _names(q.get("modules_to_not_convert"))
    if bits != 4 or group is None or f"awq-int4-g{group}" not in FORMATS or skip is None:
        return None
    if version != "gemm" or q.get("zero_point", True) is not True:
        return None
    kept = _kept_by(groups, layers, skip, _awq_match, mtp)
    if kept is None:
        return None
    g = group

    def awq(out: int, inp: int) -> tuple[int, int]:
        groups_ = _ceil(inp, g)
        meta = _INT32_BYTES * groups_ * _ceil(out, 8) + _HALF_BYTES * groups_ * out
        return _INT32_BYTES * inp * _ceil(out, 8), meta

    return MatrixRule(AWQ_INT4, f"awq-int4-g{g}", awq, kept)


def _gptq(
    q: Mapping[str, Any], groups: tuple[LinearGroup, ...], layers: int, mtp: MtpNames | None
) -> MatrixRule | None:
    group, bits = _int(q.get("group_size")), _int(q.get("bits"))
    if bits != 4 or group is None or f"gptq-int4-g{group}" not in FORMATS:
        return None
    if q.get("lm_head") is True or q.get("dynamic") or q.get("modules_in_block_to_quantize"):
        return None
    g = group

    def gptq(out: int, inp: int) -> tuple[int, int]:
        groups_ = _ceil(inp, g)
        meta = _INT32_BYTES * groups_ * _ceil(out, 8) + _HALF_BYTES * groups_ * out
        return _INT32_BYTES * _ceil(inp, 8) * out, meta + _INT32_BYTES * inp

    del layers, mtp
    return MatrixRule(GPTQ_INT4, f"gptq-int4-g{g}", gptq, frozenset())


def _fp8_tensor(
    q: Mapping[str, Any], groups: tuple[LinearGroup, ...], layers: int, mtp: MtpNames | None
) -> MatrixRule | None:
    """Per-tensor FP8; its exclusion lists are read by :mod:`core.model.checkpoint_layout`."""
    scheme = q.get("activation_scheme", "dynamic")
    if scheme not in ("static", "dynamic") or q.get("weight_block_size") is not None:
        return None
    meta = W8_SCALE_BYTES * (2 if scheme == "static" else 1)
    del groups, layers, mtp
    return MatrixRule(FP8_TENSOR, "fp8-tensor", lambda o, i: (o * i, meta), frozenset())


def _modelopt_match(pattern: str, name: str) -> bool:
    """ModelOpt's wildcard exclusion, on the text-only and the multimodal module names.

    vLLM ``is_layer_excluded``: ``*`` is any run of characters, matched on the whole module name;
    multimodal exports name the decoder ``model.language_model.layers`` or
    ``language_model.model.layers``.
    """
    regex = re.escape(pattern).replace(r"\*", ".*")
    tail = name.removeprefix("model.")
    return any(
        re.fullmatch(regex, candidate) is not None
        for candidate in (name, f"model.language_model.{tail}", f"language_model.{name}")
    )


# NVIDIA ModelOpt's exports (vLLM ``modelopt.py``: ModelOptNvFp4LinearMethod and
# ModelOptFp8LinearMethod).
# NVFP4: ``weight`` uint8, two E2M1 values a byte, [out, in / 2]; ``weight_scale`` float8_e4m3fn,
# one per group of 16 along the input, [out, in / 16]; ``weight_scale_2`` and ``input_scale``
# float32, one each per matrix. The block scales are stored unpadded: create_weights declares
# ``weight_scale`` as [out, in / group_size] per rank and the loader copies the checkpoint's tensor
# into it, so a file padded to 128 × 4 would not load. The padding to 128 rows × 4 columns and
# the swizzle CUTLASS and FlashInfer want happen on the GPU after loading (``swizzle_blockscale``
# in process_weights_after_loading), and only there.
# FP8: ``weight`` float8_e4m3fn, ``weight_scale`` and ``input_scale`` float32, one each per matrix.
# The config is ``quantization_config`` with ``quant_method: modelopt`` and ``quant_algo``,
# ``ignore`` and ``config_groups`` (newer exports),
# or hf_quant_config.json's ``quantization`` block with ``quant_algo``, ``group_size`` and
# ``exclude_modules`` (:func:`modelopt_quantization` turns the latter into the former).
NVFP4_GROUP = 16
_NVFP4_GLOBAL_SCALES = 2 * FP32_BYTES  # weight_scale_2 and input_scale


def _modelopt_group(q: Mapping[str, Any]) -> int | None:
    group = _int(q.get("group_size"))
    schemes = q.get("config_groups")
    if isinstance(schemes, dict):
        for scheme in schemes.values():
            weights = scheme.get("weights") if isinstance(scheme, dict) else None
            found = _int(weights.get("group_size")) if isinstance(weights, dict) else None
            if found is not None and group is not None and found != group:
                return None
            group = found if found is not None else group
    return group


def _modelopt(
    q: Mapping[str, Any], groups: tuple[LinearGroup, ...], layers: int, mtp: MtpNames | None
) -> MatrixRule | None:
    algo = str(q.get("quant_algo", "")).upper()
    patterns = _names(q.get("ignore", q.get("exclude_modules")))
    if patterns is None or not any(_modelopt_match(p, "lm_head") for p in patterns):
        return None  # a quantized LM head is not one of the groups counted here
    kept = _kept_by(groups, layers, patterns, _modelopt_match, mtp)
    if kept is None:
        return None
    if algo == "NVFP4" and _modelopt_group(q) in (None, NVFP4_GROUP):
        return MatrixRule(
            MODELOPT_NVFP4,
            "nvfp4",
            lambda o, i: (
                o * _ceil(i, 2),
                o * _ceil(i, NVFP4_GROUP) + _NVFP4_GLOBAL_SCALES,
            ),
            kept,
        )
    if algo == "FP8":
        return MatrixRule(FP8_TENSOR, "fp8-tensor", lambda o, i: (o * i, 2 * W8_SCALE_BYTES), kept)
    return None


def modelopt_quantization(sidecar: Mapping[str, Any]) -> dict[str, Any] | None:
    """hf_quant_config.json as a ``quantization_config`` (``quant_method: modelopt``), or None."""
    block = sidecar.get("quantization")
    if not isinstance(block, Mapping) or not isinstance(block.get("quant_algo"), str):
        return None
    found: dict[str, Any] = {"quant_method": "modelopt", "quant_algo": block["quant_algo"]}
    for key in ("group_size", "exclude_modules", "kv_cache_quant_algo"):
        if key in block:
            found[key] = block[key]
    return found


_READERS = {
    "modelopt": _modelopt,
    "compressed-tensors": _compressed_tensors,
    "awq": _awq,
    "gptq": _gptq,
    "fp8": _fp8_tensor,
}


def read_rule(
    quantization: Mapping[str, Any],
    groups: tuple[LinearGroup, ...],
    layers: int,
    mtp: MtpNames | None = None,
) -> MatrixRule | None:
    """The per-matrix storage of a ``quantization_config``, or None when it is not read.

    Args:
        quantization: ``quantization_config`` of ``config.json``.
        groups: The family's linear groups.
        layers: Decoder layers, to check that an exclusion names a group in every layer.
        mtp: How the checkpoint names the MTP layers among ``groups``, if known.
    """
    reader = _READERS.get(str(quantization.get("quant_method", "")).lower())
    rule: MatrixRule | None = reader(quantization, groups, layers, mtp) if reader else None
    return rule
