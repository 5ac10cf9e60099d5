"""The ggml tensor types a GGUF file names: values per block and bytes per block.

Numbers from ggml's own definitions: the ``ggml_type`` enum in ``ggml/include/ggml.h`` (numbering;
31–33 and 36–38 were removed from GGUF files) and the block structs with their ``static_assert``
sizes in ``ggml/src/ggml-common.h`` (``QK_K`` = 256, ``K_SCALE_SIZE`` = 12, ``ggml_half`` two
bytes), as the type-traits table of ``ggml.c`` uses them. A tensor of n values whose first
dimension is a multiple of the block takes n / block × bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class GgmlType:
    """One ggml tensor type."""

    id: int
    name: str
    block: int  # values per block
    size: int  # bytes per block

    @property
    def bits_per_weight(self) -> Fraction:
        """Stored bits per value, scales included."""
        return Fraction(self.size * 8, self.block)

    def nbytes(self, elements: int) -> int:
        """Bytes of ``elements`` values (a whole number of blocks)."""
        return elements // self.block * self.size


_QK_K = 256
_TYPES = (
    GgmlType(0, "F32", 1, 4),
    GgmlType(1, "F16", 1, 2),
    GgmlType(2, "Q4_0", 32, 2 + 16),  # d, 32 nibbles
    GgmlType(3, "Q4_1", 32, 4 + 16),  # d, m, 32 nibbles
    GgmlType(6, "Q5_0", 32, 2 + 4 + 16),  # d, high bits, nibbles
    GgmlType(7, "Q5_1", 32, 4 + 4 + 16),
    GgmlType(8, "Q8_0", 32, 2 + 32),
    GgmlType(9, "Q8_1", 32, 4 + 32),
    GgmlType(10, "Q2_K", _QK_K, 4 + 16 + 64),  # d, dmin, scales, 2-bit quants: 2.625 bpw
    GgmlType(11, "Q3_K", _QK_K, 32 + 64 + 12 + 2),  # hmask, qs, scales, d: 3.4375 bpw
    GgmlType(12, "Q4_K", _QK_K, 4 + 12 + 128),  # 4.5 bpw
    GgmlType(13, "Q5_K", _QK_K, 4 + 12 + 32 + 128),  # 5.5 bpw
    GgmlType(14, "Q6_K", _QK_K, 128 + 64 + 16 + 2),  # 6.5625 bpw
    GgmlType(15, "Q8_K", _QK_K, 4 + 256 + 32),  # float d, qs, int16 bsums
    GgmlType(16, "IQ2_XXS", _QK_K, 2 + 64),  # 2.0625 bpw
    GgmlType(17, "IQ2_XS", _QK_K, 2 + 64 + 8),  # 2.3125 bpw
    GgmlType(18, "IQ3_XXS", _QK_K, 2 + 96),  # 3.0625 bpw
    GgmlType(19, "IQ1_S", _QK_K, 2 + 32 + 16),  # 1.5625 bpw
    GgmlType(20, "IQ4_NL", 32, 2 + 16),
    GgmlType(21, "IQ3_S", _QK_K, 2 + 64 + 8 + 32 + 4),  # 3.4375 bpw
    GgmlType(22, "IQ2_S", _QK_K, 2 + 64 + 8 + 8),  # 2.5625 bpw
    GgmlType(23, "IQ4_XS", _QK_K, 2 + 2 + 4 + 128),  # 4.25 bpw
    GgmlType(24, "I8", 1, 1),
    GgmlType(25, "I16", 1, 2),
    GgmlType(26, "I32", 1, 4),
    GgmlType(27, "I64", 1, 8),
    GgmlType(28, "F64", 1, 8),
    GgmlType(29, "IQ1_M", _QK_K, 32 + 16 + 8),  # 1.75 bpw
    GgmlType(30, "BF16", 1, 2),
    GgmlType(34, "TQ1_0", _QK_K, 48 + 4 + 2),  # 1.6875 bpw
    GgmlType(35, "TQ2_0", _QK_K, 64 + 2),  # 2.0625 bpw
    GgmlType(39, "MXFP4", 32, 1 + 16),  # E8M0 scale, 32 E2M1 values: 4.25 bpw
    GgmlType(40, "NVFP4", 64, 4 + 32),  # four UE4M3 scales per 16 values: 4.5 bpw
    GgmlType(41, "Q1_0", 128, 2 + 16),
    GgmlType(42, "Q2_0", 64, 2 + 16),
)
GGML_TYPES: dict[int, GgmlType] = {t.id: t for t in _TYPES}
GGML_TYPE_NAMES: dict[str, GgmlType] = {t.name: t for t in _TYPES}
