"""Weight memory and quantization metadata of a language model on one GPU.

Sources:
- Which layers quantization leaves in 16-bit: vLLM and AutoGPTQ/AutoAWQ quantize the linear
  layers of
  the transformer blocks; token embeddings, the LM head, norms, biases and MoE routers stay 16-bit.
- Group-wise int4/int8 metadata: one fp16 scale and one fp16 zero point per group of
  ``quant_group_size`` weights along the input dimension, i.e. 32 bits per group (for group 128:
  32 bits per 128 weights, 0.25 bit per weight).
- fp8 (vLLM Fp8LinearMethod, per-tensor): one fp32 weight scale and one fp32 input scale per matrix.
- QLoRA (Dettmers et al. 2023, section 3): NF4 with block size 64 and fp32 absmax costs 32/64 = 0.5
  bit per weight; double quantization stores 8-bit absmax plus one fp32 constant per 256 blocks:
  8/64 + 32/(64·256) = 0.127 bit per weight.
- Tensor parallelism (Megatron-LM, vLLM): linear layers are split column- or row-wise and the
  vocabulary-parallel embedding and LM head are split by the degree; norms and routers are
  replicated, and so are the linear layers a family marks ``replicated`` (vLLM
  ``ReplicatedLinear`` or ``disable_tp=True``: DeepSeek's low-rank down-projections).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from core.domain.dtypes import BITS, FP32_BYTES, QUANTIZED, bytes_per_value, ceil_bytes
from core.domain.quant_formats import QuantFormat
from core.model import gguf_mix
from core.model.architecture import ModelArchitecture
from core.model.checkpoint_layout import CheckpointLayout

GROUP_METADATA_BYTES = 4  # fp16 scale + fp16 zero point per quantization group
FP8_SCALE_BYTES_PER_MATRIX = 8  # fp32 weight scale + fp32 input scale
NF4_BITS = Fraction(4)
NF4_DOUBLE_QUANT_METADATA_BITS = Fraction(8, 64) + Fraction(32, 64 * 256)


@dataclass(frozen=True)
class WeightMemory:
    """Bytes of weights and of quantization metadata on one GPU."""

    weights: int
    quantization_metadata: int


def quant_groups(arch: ModelArchitecture, group_size: int, replicated: bool = False) -> int:
    """Quantization groups (rows × ceil(in / group)) of the split or the replicated layers."""
    return sum(
        g.out_features * -(-g.in_features // group_size) * g.count
        for g in arch.linear_groups
        if g.replicated == replicated
    )


def _metadata(
    arch: ModelArchitecture, weights_dtype: str, group_size: int, replicated: bool
) -> int:
    """Scales of the split or the replicated layers for a coarse ``weights_dtype``."""
    if weights_dtype in ("int4", "int8"):
        return quant_groups(arch, group_size, replicated) * GROUP_METADATA_BYTES
    if weights_dtype == "fp8":
        matrices = sum(g.count for g in arch.linear_groups if g.replicated == replicated)
        return matrices * FP8_SCALE_BYTES_PER_MATRIX
    return 0


def _unquantized_dtype(weights_dtype: str) -> str:
    """The format of layers quantization leaves alone: fp32 stays fp32, otherwise 16-bit."""
    return "fp32" if weights_dtype == "fp32" else "bf16"


def weight_memory(
    arch: ModelArchitecture, weights_dtype: str, group_size: int, tp: int = 1
) -> WeightMemory:
    """Weights and metadata per GPU for ``weights_dtype`` with tensor-parallel degree ``tp``.

    Args:
        arch: The model.
        weights_dtype: One of fp32, bf16, fp16, fp8, int8, int4.
        group_size: Weights per quantization group (int4/int8).
        tp: Tensor-parallel degree; split layers are divided by it, norms are replicated.
    """
    dense = _unquantized_dtype(weights_dtype) if weights_dtype in QUANTIZED else weights_dtype
    whole = arch.replicated_linear_params
    # Whole bits, so that int4's half bytes stay exact; rounded up to bytes once at the end.
    split_bits = (arch.embedding_params + arch.lm_head_params) * BITS[dense]
    split_bits += (arch.linear_params - whole) * BITS[weights_dtype]
    replicated_bits = arch.other_params * BITS[dense] + whole * BITS[weights_dtype]
    metadata = _metadata(arch, weights_dtype, group_size, replicated=False)
    return WeightMemory(
        weights=-(-split_bits // (8 * tp)) + -(-replicated_bits // 8),
        quantization_metadata=-(-metadata // tp)
        + _metadata(arch, weights_dtype, group_size, replicated=True),
    )


def format_weight_memory(arch: ModelArchitecture, fmt: QuantFormat, tp: int = 1) -> WeightMemory:
    """Weights and scales per GPU for a named format (:mod:`core.domain.quant_formats`), exactly.

    Every quantized matrix takes :meth:`QuantFormat.matrix_bytes`; its quantized values count
    as weights and the rest (scales, zero points, ``g_idx``) as quantization metadata. A format
    that quantizes only MoE experts (gpt-oss MXFP4) leaves the other linear layers in bf16, as
    it leaves embeddings, the LM head, norms and routers. Split layers are divided by ``tp``.
    """
    if fmt.scope == "all":
        return _gguf_weight_memory(arch, fmt, tp)
    split, whole = _format_bytes(arch, fmt, replicated=False), _format_bytes(arch, fmt, True)
    split[0] += (arch.embedding_params + arch.lm_head_params) * 2
    return WeightMemory(
        weights=-(-split[0] // tp) + arch.other_params * 2 + whole[0],
        quantization_metadata=-(-split[1] // tp) + whole[1],
    )


def _format_bytes(arch: ModelArchitecture, fmt: QuantFormat, replicated: bool) -> list[int]:
    """[values, metadata] bytes of the split or the replicated linear layers in ``fmt``."""
    dense = quantized = metadata = 0
    for group in arch.linear_groups:
        if group.replicated != replicated:
            continue
        if fmt.scope == "experts" and group.active_count == group.count:
            dense += group.params * 2
            continue
        stored = fmt.matrix_bytes(group.out_features, group.in_features) * group.count
        values = ceil_bytes(Fraction(group.params * fmt.value_bits, 8))
        quantized += values
        metadata += stored - values
    return [dense + quantized, metadata]


def layout_weight_memory(layout: CheckpointLayout, tp: int = 1) -> WeightMemory:
    """A published checkpoint's stored bytes per GPU (:mod:`core.model.checkpoint_layout`)."""
    return WeightMemory(
        weights=-(-layout.split_values // tp) + layout.replicated,
        quantization_metadata=-(-layout.split_metadata // tp) + layout.replicated_metadata,
    )


def _gguf_weight_memory(arch: ModelArchitecture, fmt: QuantFormat, tp: int) -> WeightMemory:
    """GGUF weights: one type for every 2-D weight (``--pure``) or a K-quant mix.

    The mixes follow llama-quantize (:mod:`core.model.gguf_mix`); norms and biases are F32 (4
    bytes). Under tensor parallelism (vLLM serving the GGUF file) the linear layers a family marks
    ``replicated`` stay whole on every GPU, as they do in any other format: vLLM builds
    DeepSeek's ``q_a_proj`` and ``kv_a_proj_with_mqa`` with ``disable_tp=True`` (sources in
    :mod:`core.model.families.deepseek`) whatever the quantization method, GGUF's included.
    llama.cpp itself (:mod:`core.estimate.llamacpp`) places whole layers and never reaches
    this split.
    """
    whole = 0
    if fmt.mix:
        split = sum(gguf_mix.embedding_and_head_bytes(fmt, arch))
        for g in arch.linear_groups:
            if g.replicated:
                whole += gguf_mix.group_bytes(fmt, arch, g)
            else:
                split += gguf_mix.group_bytes(fmt, arch, g)
    else:
        split = 0
        for g in arch.linear_groups:
            stored = fmt.matrix_bytes(g.out_features, g.in_features) * g.count
            if g.replicated:
                whole += stored
            else:
                split += stored
        hidden = arch.hidden_size
        for params in (arch.embedding_params, arch.lm_head_params):
            split += fmt.matrix_bytes(params // hidden, hidden) if params else 0
    return WeightMemory(
        weights=-(-split // tp) + whole + FP32_BYTES * arch.other_params, quantization_metadata=0
    )


def nf4_weight_memory(arch: ModelArchitecture, tp: int = 1) -> WeightMemory:
    """QLoRA base weights: NF4 block linear layers with double quantization, the rest bf16."""
    dense = (arch.embedding_params + arch.lm_head_params) * bytes_per_value("bf16")
    linear = arch.linear_params * NF4_BITS / 8
    metadata = arch.linear_params * NF4_DOUBLE_QUANT_METADATA_BITS / 8
    return WeightMemory(
        weights=ceil_bytes((dense + linear) / tp + arch.other_params * bytes_per_value("bf16")),
        quantization_metadata=ceil_bytes(metadata / tp),
    )
