"""Read a ``.safetensors`` header (never tensor data): each tensor's name, dtype, shape and range.

Format (safetensors ``tensor.rs``): 8 bytes little-endian unsigned header length N, then N bytes
of UTF-8 JSON ``{name: {dtype, shape, data_offsets}}`` with an optional ``__metadata__``
string→string map, then the tensor bytes. Offsets are relative to the end of the header, must
tile the data region exactly, and each range must hold shape × dtype bytes. A header larger than
100,000,000 bytes is refused before anything past the 8-byte prefix is read, so a hostile file
cannot make the planner allocate more than that; a header listing more than :data:`MAX_TENSORS`
tensors is refused before it is decoded, so that reading one stays quick.
:mod:`core.model.safetensors_model` turns the headers of a checkpoint into a model architecture.
"""

from __future__ import annotations

import json
import stat
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.base.errors import ModelSourceError
from core.base.safe_json import loads_json
from core.texts.messages import Message, cause

MAX_HEADER_BYTES = 100_000_000  # safetensors tensor.rs MAX_HEADER_SIZE
# Tensors one file may list. The largest public checkpoints list fewer in all their shards
# together: DeepSeek-V3 (config.json: 58 MoE layers × 256 experts × 3 projections, each with an
# fp8 weight and its scale_inv) about 89,000 plus the attention and dense layers.
MAX_TENSORS = 100_000
MAX_RANK = 64  # dimensions of one tensor: NumPy 2's NPY_MAXDIMS; real weights have 1 to 5

# Bits per element of every safetensors dtype (tensor.rs Dtype::bitsize).
DTYPE_BITS = {
    "BOOL": 8,
    "F4": 4,
    "F6_E2M3": 6,
    "F6_E3M2": 6,
    "U8": 8,
    "I8": 8,
    "F8_E5M2": 8,
    "F8_E4M3": 8,
    "F8_E8M0": 8,
    "I16": 16,
    "U16": 16,
    "F16": 16,
    "BF16": 16,
    "I32": 32,
    "U32": 32,
    "F32": 32,
    "F64": 64,
    "I64": 64,
    "U64": 64,
    "C64": 64,
}


@dataclass(frozen=True)
class TensorInfo:
    """One tensor as its header describes it."""

    name: str
    dtype: str
    shape: tuple[int, ...]
    start: int
    end: int

    @property
    def elements(self) -> int:
        """Stored elements (packed sub-byte or int4-in-int32 tensors count what is stored)."""
        count = 1
        for dim in self.shape:
            count *= dim
        return count

    @property
    def nbytes(self) -> int:
        """Bytes of the tensor's data range."""
        return self.end - self.start


def _shape(name: str, value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > MAX_RANK:
        raise ValueError(Message("safetensors.header_rank", name=name, limit=MAX_RANK))
    if any(isinstance(d, bool) or not isinstance(d, int) or d < 0 for d in value):
        raise ValueError(Message("safetensors.header_shape", name=name))
    return tuple(value)


def _tensor(name: str, entry: Any) -> TensorInfo:
    if not isinstance(entry, dict):
        raise ValueError(Message("safetensors.header_entry", name=name))
    dtype = entry.get("dtype")
    if not isinstance(dtype, str) or dtype not in DTYPE_BITS:
        raise ValueError(Message("safetensors.header_dtype", name=name, dtype=repr(dtype)))
    shape = _shape(name, entry.get("shape"))
    offsets = entry.get("data_offsets")
    if (
        not isinstance(offsets, list)
        or len(offsets) != 2
        or any(isinstance(o, bool) or not isinstance(o, int) or o < 0 for o in offsets)
    ):
        raise ValueError(Message("safetensors.header_offsets", name=name))
    start, end = offsets
    if end < start:
        raise ValueError(Message("safetensors.header_backwards", name=name, end=end, start=start))
    return TensorInfo(name, dtype, shape, start, end)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(Message("safetensors.header_duplicate", key=key))
        result[key] = value
    return result


def _parse_header(raw: bytes) -> tuple[list[TensorInfo], dict[str, str]]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(Message("safetensors.header_not_utf8")) from None
    count = raw.count(b'"data_offsets"')
    if count > MAX_TENSORS:
        raise ValueError(Message("safetensors.header_tensor_count", count=count, limit=MAX_TENSORS))
    try:
        data = loads_json(
            text,
            source=Message("safetensors.part_header"),
            error=ValueError,
            object_pairs_hook=_no_duplicates,
        )
    except json.JSONDecodeError as error:
        raise ValueError(Message("safetensors.header_not_json", reason=error.msg)) from None
    if not isinstance(data, dict):
        raise ValueError(Message("safetensors.header_not_object"))
    metadata = data.pop("__metadata__", None) or {}
    if not isinstance(metadata, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in metadata.items()
    ):
        raise ValueError(Message("safetensors.header_metadata"))
    return [_tensor(name, entry) for name, entry in data.items()], metadata


def _check_layout(tensors: list[TensorInfo], data_bytes: int) -> None:
    """Offsets must tile the data region exactly, as safetensors Metadata::validate requires."""
    position = 0
    for t in sorted(tensors, key=lambda t: (t.start, t.end)):
        bits = t.elements * DTYPE_BITS[t.dtype]
        if bits % 8:
            raise ValueError(Message("safetensors.header_partial_byte", name=t.name, dtype=t.dtype))
        if t.end > data_bytes:
            raise ValueError(
                Message(
                    "safetensors.header_past_end", name=t.name, end=t.end, data_bytes=data_bytes
                )
            )
        if t.nbytes != bits // 8:
            raise ValueError(
                Message(
                    "safetensors.header_size",
                    name=t.name,
                    nbytes=t.nbytes,
                    shape=str(list(t.shape)),
                    dtype=t.dtype,
                    needed=bits // 8,
                )
            )
        if t.start < position:
            raise ValueError(Message("safetensors.header_overlap", name=t.name))
        if t.start > position:
            raise ValueError(
                Message("safetensors.header_gap", size=t.start - position, name=t.name)
            )
        position = t.end
    if position != data_bytes:
        raise ValueError(Message("safetensors.header_trailing", size=data_bytes - position))


def read_header(path: str | Path) -> tuple[list[TensorInfo], dict[str, str]]:
    """Read and validate one file's header; tensor data is never read.

    Raises:
        ModelSourceError: The file is missing, truncated, or its header is invalid or hostile.
    """
    path = Path(path)
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):  # opening a FIFO would wait for a writer forever
            raise ModelSourceError(Message("json.not_a_file", path=str(path)))
        size = info.st_size
        with path.open("rb") as f:
            prefix = f.read(8)
            if len(prefix) < 8:
                raise ModelSourceError(Message("safetensors.too_short", path=path.name, size=size))
            (length,) = struct.unpack("<Q", prefix)
            if length > MAX_HEADER_BYTES:
                raise ModelSourceError(
                    Message(
                        "safetensors.header_too_large",
                        path=path.name,
                        length=length,
                        limit=MAX_HEADER_BYTES,
                    )
                )
            if 8 + length > size:
                raise ModelSourceError(
                    Message(
                        "safetensors.header_truncated", path=path.name, length=length, size=size - 8
                    )
                )
            raw = f.read(length)
    except OSError as error:
        reason = str(error.strerror or error)
        raise ModelSourceError(
            Message("error.cannot_read", path=str(path), reason=reason)
        ) from None
    if len(raw) != length:
        raise ModelSourceError(Message("safetensors.header_ended", path=path.name))
    try:
        tensors, metadata = _parse_header(raw)
        _check_layout(tensors, size - 8 - length)
    except ValueError as error:
        raise ModelSourceError(
            Message("safetensors.invalid_header", path=path.name, reason=cause(error))
        ) from None
    return tensors, metadata
