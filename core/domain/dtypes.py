"""Bytes per value of the numeric formats the planner knows."""

from __future__ import annotations

from fractions import Fraction

# Bits per stored value. int4 packs two values per byte.
BITS: dict[str, int] = {
    "fp32": 32,
    "bf16": 16,
    "fp16": 16,
    "fp8": 8,
    "int8": 8,
    "int4": 4,
}

QUANTIZED = frozenset({"fp8", "int8", "int4"})

FP32_BYTES = 4  # IEEE 754 binary32: fp32 scales, buffers, optimizer states and logits


def bytes_per_value(dtype: str) -> Fraction:
    """Exact bytes per value of ``dtype`` (a Fraction, since int4 is half a byte)."""
    return Fraction(BITS[dtype], 8)


def ceil_bytes(value: Fraction | int) -> int:
    """Round a byte count up to a whole byte."""
    fraction = Fraction(value)
    return -(-fraction.numerator // fraction.denominator)
