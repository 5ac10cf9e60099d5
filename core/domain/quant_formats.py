"""Quantized weight formats: exact bytes of one weight matrix, from each format's definition.

A format stores a matrix of ``out`` rows by ``inp`` columns (``inp`` is the reduction dimension
quantization groups run along) as quantized values plus scales, zero points and indices. The byte
counts below follow each format's tensor layout, so a checkpoint's header and a preset give the
same figure. Sources:

- FP8 (OCP E4M3, one byte a weight). Per tensor: one fp32 ``weight_scale`` (compressed-tensors
  ``FP8_DYNAMIC``, vLLM ``Fp8LinearMethod``). Per channel: one fp32 scale per output row. Block:
  one fp32 ``weight_scale_inv`` per 128×128 block (DeepSeek-V3 ``quantization_config``
  ``weight_block_size: [128, 128]``).
- INT8 W8A8 (compressed-tensors / SmoothQuant): int8 weights, one fp32 scale per output row;
  activations are quantized at run time (nothing stored).
- GPTQ (AutoGPTQ / vLLM ``gptq.py``): ``qweight`` int32 [inp/8, out] (eight 4-bit values per
  int32), ``qzeros`` int32 [groups, out/8], ``scales`` fp16 [groups, out], ``g_idx`` int32 [inp]
  (the group of each input row, used by act-order). AWQ (AutoAWQ / vLLM ``awq.py``): ``qweight``
  int32 [inp, out/8], ``qzeros`` int32 [groups, out/8], ``scales`` fp16 [groups, out], no
  ``g_idx``. groups = ceil(inp / group size). Group 128: 4 + (16 + 4)/128 = 4.15625 bits.
- bitsandbytes NF4 (QLoRA, Dettmers et al. 2023, section 3; ``bitsandbytes.functional.QuantState``):
  two values a byte, one fp32 absmax per 64 values (4.5 bits), a 16-entry fp32 code per tensor.
  Double quantization stores the absmax as uint8 with one fp32 scale per 256 absmax values and
  a 256-entry fp32 code: 4 + 8/64 + 32/(64·256) ≈ 4.127 bits. A saved checkpoint also holds a
  small JSON ``quant_state`` blob per tensor (block size, shape, offset; a few hundred bytes),
  which is not counted here; a checkpoint's header counts it.
- MXFP4 (OCP Microscaling Formats v1.0): E2M1 values two a byte, one E8M0 scale byte per 32
  values: 4.25 bits. gpt-oss quantizes only the MoE experts this way (its ``quantization_config``
  ``modules_to_not_convert`` keeps attention, router, embeddings and head in bf16).
- NVFP4 (NVIDIA; compressed-tensors ``nvfp4``): E2M1 values two a byte, one FP8 E4M3 scale per 16
  values, one fp32 global scale per tensor (plus the activation's fp32 global scale): 4.5 bits.
- GGUF block types (:mod:`core.domain.gguf_types`): ``gguf-q4_k`` and the like are one type for
every
  2-D weight, embeddings and LM head included, with norms and biases in F32, as llama.cpp's
  ``llama-quantize --pure`` writes them. ``gguf-q4_k_m`` and ``gguf-q5_k_m`` are
  ``llama-quantize``'s default mixes of those names (:mod:`core.model.gguf_mix`); a GGUF file is
  read exactly, whatever its mix.

Embeddings, norms, biases, routers and the LM head stay 16-bit in every other format.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from core.domain.gguf_types import GGML_TYPE_NAMES

Hardware = Literal["fp8", "int8", "int4", "nvfp4", "mxfp4", "gguf"]
Compute = Literal["bf16", "fp8", "int8", "fp4"]
Scope = Literal["linear", "experts", "all"]


def _ceil(a: int, b: int) -> int:
    return -(-a // b)


@dataclass(frozen=True)
class QuantFormat:
    """One quantized weight format.

    Attributes:
        name: The id a request and a checkpoint's detection use (``gptq-int4-g128``).
        family: ``fp8``, ``int8``, ``gptq``, ``awq``, ``nf4``, ``mxfp4``, ``nvfp4``.
        legacy: The coarse class of the older ``precision.weights`` values (``int4``, ``fp8``).
        hardware: What a GPU needs to run it natively (see the catalog's ``native_formats``).
        compute: The tensor-core precision prefill runs at when the GPU runs it natively.
        scope: ``experts`` when only the MoE experts are quantized (gpt-oss MXFP4).
        group: Values per scale group along the input dimension (0: per tensor or per row).
    """

    name: str
    family: str
    legacy: Literal["fp8", "int8", "int4"]
    hardware: Hardware
    compute: Compute
    scope: Scope = "linear"
    group: int = 0
    ggml: str = ""  # the ggml type of a GGUF format
    mix: bool = False  # llama-quantize's K-quant mix (core.model.gguf_mix), not one type throughout

    @property
    def value_bits(self) -> int:
        """Bits of one quantized value, without its share of scales (GGUF: all of a block)."""
        if self.family == "gguf":
            return 0
        return 8 if self.family in ("fp8", "int8") else 4

    def matrix_bytes(self, out: int, inp: int) -> int:
        """Exact bytes of one ``out`` × ``inp`` weight matrix with its scales and indices."""
        n = out * inp
        if self.family == "gguf":
            block = GGML_TYPE_NAMES[self.ggml]
            # A row that is not whole blocks is padded here; llama.cpp picks another type for it.
            return out * -(-inp // block.block) * block.size
        if self.family == "fp8":
            if self.name == "fp8-tensor":
                return n + 4
            if self.name == "fp8-channel":
                return n + 4 * out
            return n + 4 * _ceil(out, 128) * _ceil(inp, 128)
        if self.family == "int8":
            return n + 4 * out
        if self.family in ("gptq", "awq"):
            groups = _ceil(inp, self.group)
            packed = 4 * _ceil(inp, 8) * out if self.family == "gptq" else 4 * inp * _ceil(out, 8)
            zeros = 4 * groups * _ceil(out, 8)
            scales = 2 * groups * out
            g_idx = 4 * inp if self.family == "gptq" else 0
            return packed + zeros + scales + g_idx
        if self.family == "nf4":
            blocks = _ceil(n, 64)
            if self.name == "nf4":
                return _ceil(n, 2) + 4 * blocks + 4 * 16
            return _ceil(n, 2) + blocks + 4 * _ceil(blocks, 256) + 4 * 256 + 4 * 16
        if self.family == "mxfp4":
            return out * (_ceil(inp, 2) + _ceil(inp, 32))
        # nvfp4: values, E4M3 scale per 16, fp32 weight and input global scales
        return out * (_ceil(inp, 2) + _ceil(inp, 16)) + 8

    def bits_per_weight(self, out: int = 4096, inp: int = 4096) -> Fraction:
        """Stored bits per weight of one ``out`` × ``inp`` matrix, everything included."""
        return Fraction(self.matrix_bytes(out, inp) * 8, out * inp)


def _gptq(group: int) -> QuantFormat:
    return QuantFormat(f"gptq-int4-g{group}", "gptq", "int4", "int4", "bf16", group=group)


def _awq(group: int) -> QuantFormat:
    return QuantFormat(f"awq-int4-g{group}", "awq", "int4", "int4", "bf16", group=group)


# The GGUF types a request can name for a whole model (the legacy class is by bits per weight).
GGUF_PRESET_TYPES = (
    "Q4_0",
    "Q4_1",
    "Q5_0",
    "Q5_1",
    "Q8_0",
    "Q2_K",
    "Q3_K",
    "Q4_K",
    "Q5_K",
    "Q6_K",
    "IQ1_S",
    "IQ1_M",
    "IQ2_XXS",
    "IQ2_XS",
    "IQ2_S",
    "IQ3_XXS",
    "IQ3_S",
    "IQ4_NL",
    "IQ4_XS",
    "MXFP4",
)


def _gguf(ggml: str) -> QuantFormat:
    legacy: Literal["int8", "int4"] = "int8" if ggml == "Q8_0" else "int4"
    block = GGML_TYPE_NAMES[ggml]
    return QuantFormat(
        f"gguf-{ggml.lower()}", "gguf", legacy, "gguf", "bf16", "all", block.block, ggml
    )


FORMATS: dict[str, QuantFormat] = {
    f.name: f
    for f in (
        QuantFormat("fp8-tensor", "fp8", "fp8", "fp8", "fp8"),
        QuantFormat("fp8-channel", "fp8", "fp8", "fp8", "fp8"),
        QuantFormat("fp8-block128", "fp8", "fp8", "fp8", "fp8", group=128),
        QuantFormat("int8-w8a8", "int8", "int8", "int8", "int8"),
        *(_gptq(g) for g in (32, 64, 128)),
        *(_awq(g) for g in (32, 64, 128)),
        QuantFormat("nf4", "nf4", "int4", "int4", "bf16", group=64),
        QuantFormat("nf4-dq", "nf4", "int4", "int4", "bf16", group=64),
        QuantFormat("mxfp4", "mxfp4", "int4", "mxfp4", "fp4", group=32),
        QuantFormat("mxfp4-experts", "mxfp4", "int4", "mxfp4", "fp4", "experts", group=32),
        QuantFormat("nvfp4", "nvfp4", "int4", "nvfp4", "fp4", group=16),
        *(_gguf(name) for name in GGUF_PRESET_TYPES),
        QuantFormat("gguf-q4_k_m", "gguf", "int4", "gguf", "bf16", "all", 256, "Q4_K", mix=True),
        QuantFormat("gguf-q5_k_m", "gguf", "int4", "gguf", "bf16", "all", 256, "Q5_K", mix=True),
    )
}
FORMAT_NAMES: tuple[str, ...] = tuple(FORMATS)
# A checkpoint's format that is not one of the above: GGUF files (per-tensor block types).
GGUF_FORMAT = "gguf"
