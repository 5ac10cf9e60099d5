"""How a published checkpoint stores its weights, from ``config.json``, counted as vLLM loads it.

A config with a ``quantization_config`` describes a checkpoint whose tensors are not in
``torch_dtype``. vLLM loads such a checkpoint as stored (it does not dequantize it), so the
memory a server holds is the stored bytes, format by format. :func:`read_layout` turns the config
and the family's parameter groups into a :class:`CheckpointLayout` with those bytes; a layout it
cannot read exactly gives None, and the caller says so instead of guessing. Sources, by format:

- FP8 blocks (``quant_method: fp8`` with ``weight_block_size [bn, bk]``; DeepSeek-V3/R1/V3.2,
  Kimi K2, MiniMax-M2, MiMo, Qwen3 FP8): every linear layer of the decoder blocks as E4M3, one
  byte a weight, plus one ``weight_scale_inv`` per ``bn`` × ``bk`` block, float32 (vLLM
  ``Fp8LinearMethod.create_weights`` with ``block_quant``, ``vllm/model_executor/layers/
  quantization/fp8.py``). Embeddings, the LM head, norms and routers stay in ``torch_dtype``;
  ``modules_to_not_convert`` (transformers ``FineGrainedFP8Config``) or ``ignored_layers``
  (vLLM ``Fp8Config``) names more modules kept unquantized.
- DeepSeek-V4 (``model_type: deepseek_v4``): FP8 blocks for the linear layers, whose scales are
  one E8M0 byte per block when ``expert_dtype`` is ``fp4`` (vLLM ``DeepseekV4FP8Config``
  ``is_scale_e8m0``; DeepSeek's ``inference/model.py``: ``scale_dtype`` fp8 is
  ``float8_e8m0fnu``), and routed experts in MXFP4: two E2M1 values a byte and one E8M0 scale
  per 32 (vLLM ``Mxfp4MoEMethod``; ``inference/model.py`` ``fp4_block_size = 32``). The
  family names the tensors its checkpoint keeps in bf16 or float32 (:class:`StorageHints`).
- MXFP4 (``quant_method: mxfp4``, gpt-oss): the experts in MXFP4 (OCP Microscaling v1.0, vLLM
  ``Mxfp4MoEMethod``), the modules of ``modules_to_not_convert`` in bf16.
- Per-tensor FP8, compressed-tensors, AWQ and GPTQ: one rule per quantized matrix, from
  :mod:`core.model.checkpoint_formats`.

Split and replicated bytes follow :func:`core.capacity.weights.format_weight_memory`: linear
layers, embeddings and the head are divided by the tensor-parallel degree, the rest is not.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from core.domain.dtypes import FP32_BYTES
from core.domain.quant_formats import FORMATS
from core.model.architecture import LinearGroup
from core.model.checkpoint_formats import read_rule
from core.model.checkpoint_mtp import (
    MTP_GROUP,
    MtpNames,
    entry_names,
    is_mtp_group,
    kept_mtp,
    module_path,
    names_mtp,
)
from core.texts.words import (
    STORED_FP8_E8M0,
    STORED_FP8_FP32,
    STORED_MXFP4,
    STORED_MXFP4_FP8_E8M0,
    STORED_MXFP4_FP8_FP32,
)

_PLAIN_BYTES = 2  # bf16 / fp16: the torch_dtype of every published quantized checkpoint here
MXFP4_BLOCK = 32  # values per E8M0 scale (OCP Microscaling Formats v1.0)


@dataclass(frozen=True)
class StorageHints:
    """What a family knows of its published checkpoint beyond ``quantization_config``.

    Attributes:
        plain_groups: Linear groups the checkpoint keeps in 16-bit although the rest is
            quantized (DeepSeek-V4's compressors and indexer weights).
        fp32_params: Parameters among the family's "other" parameters stored and loaded as
            float32 (DeepSeek-V4's hyper-connections, sinks, compressor position biases).
        buffer_bytes: Tensors the checkpoint stores and vLLM loads that transformers keeps as
            buffers, not parameters (router score-correction biases, hash-routing tables).
        experts_mxfp4: Whether the routed experts are MXFP4 (DeepSeek-V4 ``expert_dtype: fp4``).
        e8m0_scales: Whether FP8 block scales are one E8M0 byte instead of float32.
        unread: A config field the storage depends on has a value the family does not know
            (DeepSeek-V4 ``expert_dtype`` other than ``fp4`` / ``fp8``): no layout is read.
    """

    plain_groups: frozenset[str] = frozenset()
    fp32_params: int = 0
    buffer_bytes: int = 0
    experts_mxfp4: bool = False
    e8m0_scales: bool = False
    unread: bool = False


@dataclass(frozen=True)
class CheckpointLayout:
    """The stored bytes of a quantized checkpoint, split the way tensor parallelism splits them.

    Attributes:
        label: What the checkpoint stores, in words (a :class:`~core.texts.words.Word`).
        legacy: The coarse request class of the format holding most bytes (``fp8``, ``int4``).
        formats: :data:`core.domain.quant_formats.FORMATS` names whose hardware support matters,
            the one holding most bytes first.
        split_values: Quantized values and 16-bit embeddings, head and linear layers, bytes.
        split_metadata: Scales of the quantized layers, bytes.
        replicated: Norms, routers, biases, buffers and the values of replicated linear layers
            (:attr:`~core.model.architecture.LinearGroup.replicated`) every GPU holds whole, bytes.
        replicated_metadata: Scales of the replicated linear layers, bytes.
    """

    label: str
    legacy: str
    formats: tuple[str, ...]
    split_values: int
    split_metadata: int
    replicated: int
    replicated_metadata: int = 0

    @property
    def total_bytes(self) -> int:
        """Every stored byte vLLM loads (on one GPU without tensor parallelism)."""
        return self.split_values + self.split_metadata + self.replicated + self.replicated_metadata

    @property
    def classes(self) -> frozenset[str]:
        """The coarse request classes a plan can name to keep this checkpoint as stored."""
        return frozenset(FORMATS[name].legacy for name in self.formats)


# The words a finding shows for a layout, by (MXFP4 experts, E8M0-scaled fp8, fp32-scaled fp8).
_LABELS = {
    (False, False, True): STORED_FP8_FP32,
    (False, True, False): STORED_FP8_E8M0,
    (True, False, False): STORED_MXFP4,
    (True, True, False): STORED_MXFP4_FP8_E8M0,
    (True, False, True): STORED_MXFP4_FP8_FP32,
}


def fp8_block_bytes(out: int, inp: int, block: tuple[int, int], scale_bytes: int) -> int:
    """Scale bytes of one FP8 matrix: one scale per ``block`` (rows, columns), rounded up."""
    return scale_bytes * -(-out // block[0]) * -(-inp // block[1])


def mxfp4_bytes(out: int, inp: int) -> tuple[int, int]:
    """Values and scales of one MXFP4 matrix: two values a byte, one byte per 32 values."""
    return out * -(-inp // 2), out * -(-inp // MXFP4_BLOCK)


def _is_expert(group: LinearGroup) -> bool:
    """Routed experts: the groups a token uses only some of (``active_count < count``)."""
    return group.active_count < group.count


_LAYER = re.compile(r"(?:^|\.)layers\.(\*|\d+)\.")
_EXPERT_INDEX = re.compile(r"\.experts\.\d+\.")


def _names(path: str, tail: str) -> bool:
    return path == tail or path.startswith(tail + ".")


def _entry_keeps(pattern: str, module: str) -> bool:
    """Whether an entry keeps the module of full name ``module`` (an MTP layer's) unquantized.

    Full names, parents and globs as :func:`~core.model.checkpoint_mtp.entry_names` reads them, and,
    like the decoder's (:func:`_kept_groups`), an entry without a layer index or with ``*``
    as its index names that path inside every layer.
    """
    if entry_names(pattern, module):
        return True
    layer = _LAYER.search(pattern)
    if layer is not None and layer.group(1) != "*":
        return False
    tail = pattern[layer.end() :] if layer else pattern
    inner = _LAYER.search(module)
    path = _EXPERT_INDEX.sub(".experts.", module[inner.end() :] if inner else module)
    return bool(tail) and _names(path, tail)


def _kept_groups(
    groups: tuple[LinearGroup, ...], patterns: list[str], layers: int, mtp: MtpNames | None
) -> set[str] | None:
    """The groups that ``modules_to_not_convert``-style ``patterns`` keep unquantized.

    ``model.layers.*.self_attn`` keeps every group under ``self_attn`` in every layer; entries
    that name one layer each (``model.layers.0.linear_attn.in_proj_ba``, Qwen3-Next's FP8
    list) keep a group when they name it in as many layers as the model has of it. A group
    named in only some of its layers, an expert group named layer by layer, or a regular
    expression (``re:``) is not a layout the per-model groups can express: None. Entries that
    name the MTP layers (:func:`~core.model.checkpoint_mtp.names_mtp`) are read for the MTP groups
    only, through their module names (``mtp``).
    """
    generic: set[str] = set()
    named: dict[str, set[int]] = {}
    decoder = [g for g in groups if not is_mtp_group(g)]
    paths = [(g.name, module_path(g.name)) for g in decoder]
    mtp_patterns = []  # the entries that can name an MTP module: its own, and every layer's
    for pattern in patterns:
        if pattern.startswith("re:"):
            return None
        if names_mtp(pattern, layers):
            mtp_patterns.append(pattern)
            continue
        layer = _LAYER.search(pattern)
        tail = pattern[layer.end() :] if layer else pattern
        hit = [name for name, path in paths if tail and _names(path, tail)]
        if layer is None or layer.group(1) == "*":
            generic.update(hit)
            mtp_patterns.append(pattern)
        else:
            for name in hit:
                named.setdefault(name, set()).add(int(layer.group(1)))
    kept = set(generic)
    for g in decoder:
        in_layers = named.get(g.name)
        if in_layers and g.name not in generic:
            if _is_expert(g) or len(in_layers) != g.count:
                return None
            kept.add(g.name)
    mtp_kept = kept_mtp(
        groups, mtp, mtp_patterns, _entry_keeps, generic, lambda p: names_mtp(p, layers)
    )
    return None if mtp_kept is None else kept | mtp_kept


def _patterns(quantization: Mapping[str, Any]) -> list[str] | None:
    """The modules a config keeps unquantized, or None when the list is not a list of names."""
    found: list[str] = []
    for key in ("modules_to_not_convert", "ignored_layers"):
        value = quantization.get(key)
        if value is None:
            continue
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return None
        found += value
    return found


def _block(quantization: Mapping[str, Any]) -> tuple[int, int] | None:
    block = quantization.get("weight_block_size")
    if (
        isinstance(block, list)
        and len(block) == 2
        and all(isinstance(b, int) and not isinstance(b, bool) and b > 0 for b in block)
    ):
        return block[0], block[1]
    return None


def read_layout(
    quantization: Mapping[str, Any],
    groups: tuple[LinearGroup, ...],
    split_plain_params: int,
    other_params: int,
    hints: StorageHints | None,
    layers: int = 0,
    mtp: MtpNames | None = None,
) -> CheckpointLayout | None:
    """The checkpoint's stored bytes, or None when its ``quantization_config`` is not read.

    Args:
        quantization: ``quantization_config`` of ``config.json``.
        groups: The family's linear groups (:class:`~core.model.architecture.LinearGroup`).
        split_plain_params: Embedding and LM head parameters (16-bit, split under TP).
        other_params: Norms, routers, biases and the like (16-bit unless ``hints`` says).
        hints: What the family knows of its checkpoint, if anything.
        layers: Decoder layers, to check that an exclusion names a group in every layer.
        mtp: How the checkpoint names the MTP layers, whose groups
            (:func:`~core.model.checkpoint_mtp.as_mtp_groups`) are among ``groups`` when they are
            loaded; None when the family's naming is not known.
    """
    hints = hints or StorageHints()
    method = str(quantization.get("quant_method", "")).lower()
    if hints.unread:
        return None
    patterns = _patterns(quantization)
    kept = _kept_groups(groups, patterns, layers, mtp) if patterns is not None else None
    block = _block(quantization) if method == "fp8" else None
    rule = None
    if method not in ("fp8", "mxfp4") or (
        method == "fp8" and block is None and not hints.experts_mxfp4
    ):
        rule = read_rule(quantization, groups, layers, mtp)
        if rule is None or kept is None:
            return None
        kept |= rule.kept
    elif kept is None or (method == "fp8" and block is None):
        return None
    scale = 1 if hints.e8m0_scales else FP32_BYTES
    # [values, metadata] of the split layers (with embeddings and head) and of the replicated.
    split, whole = [_PLAIN_BYTES * split_plain_params, 0], [0, 0]
    fp8 = mx = ruled = 0
    for g in groups:
        n = g.params
        if g.name in kept or g.name.removeprefix(MTP_GROUP) in hints.plain_groups:
            stored, meta = _PLAIN_BYTES * n, 0
        elif rule is not None:
            stored, meta = (b * g.count for b in rule.matrix(g.out_features, g.in_features))
            ruled += stored + meta
        elif _is_expert(g) and (method == "mxfp4" or hints.experts_mxfp4):
            stored, meta = (b * g.count for b in mxfp4_bytes(g.out_features, g.in_features))
            mx += stored + meta
        elif method == "fp8" and block is not None:
            stored = n
            meta = fp8_block_bytes(g.out_features, g.in_features, block, scale) * g.count
            fp8 += stored + meta
        else:
            stored, meta = _PLAIN_BYTES * n, 0
        target = whole if g.replicated else split
        target[0] += stored
        target[1] += meta
    replicated = _PLAIN_BYTES * other_params + hints.fp32_params * (FP32_BYTES - _PLAIN_BYTES)
    replicated += hints.buffer_bytes + whole[0]
    if rule is not None:
        if not ruled:
            return None
        label, parts = rule.label, [(ruled, rule.fmt, rule.legacy)]
    else:
        parts = [p for p in ((fp8, "fp8-block128", "fp8"), (mx, "mxfp4-experts", "int4")) if p[0]]
        if not parts:
            return None
        label = _LABELS[(bool(mx), bool(fp8) and scale == 1, bool(fp8) and scale > 1)]
    parts.sort(key=lambda p: -p[0])
    return CheckpointLayout(
        label=label,
        legacy=parts[0][2],
        formats=tuple(p[1] for p in parts),
        split_values=split[0],
        split_metadata=split[1],
        replicated=replicated,
        replicated_metadata=whole[1],
    )
