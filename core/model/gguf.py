"""Read a GGUF file's header, metadata and tensor infos (never tensor data), safely.

Format (ggml ``docs/gguf.md``; versions 2 and 3, little-endian): the magic ``GGUF``, a uint32
version, uint64 tensor and key/value counts, the key/value pairs (a string key, a uint32 value
type, the value; strings are a uint64 length and UTF-8 bytes; arrays a uint32 element type, a
uint64 count and the elements), then per tensor a name, a uint32 dimension count, uint64
dimensions (the first is the row length), a uint32 ggml type and a uint64 offset into the data
section, which starts at the next multiple of ``general.alignment`` (default 32).

Everything a hostile file can claim is checked before it costs anything: every count and length
against the bytes left in the file (a string needs at least its 8-byte length, a tensor info at
least 24 bytes), arrays nested at most :data:`MAX_ARRAY_DEPTH` deep, strings at most
:data:`MAX_STRING_BYTES`, numeric arrays kept only up to :data:`MAX_KEPT_ARRAY` values (longer
ones, such as a vocabulary, are skipped and only counted), types and dimensions against ggml's
limits, and every tensor's bytes inside the file without overlap. A bad file gives one
:class:`~core.base.errors.ModelSourceError`; the work done is bounded by the file's size.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, TypeAlias

from core.base.errors import ModelSourceError
from core.domain.gguf_types import GGML_TYPES, GgmlType
from core.texts.messages import Message, cause

MAGIC = b"GGUF"
VERSIONS = (2, 3)
DEFAULT_ALIGNMENT = 32
MAX_DIMS = 4  # GGML_MAX_DIMS
MAX_STRING_BYTES = 16 * 1024 * 1024
MAX_ARRAY_DEPTH = 4
MAX_KEPT_ARRAY = 65_536
MAX_COUNT = 10_000_000  # tensors or key/values: far above any model (DeepSeek-V3: ~1,100 tensors)
MAX_ELEMENTS = 1 << 50
MAX_VALUES = 20_000_000  # metadata values read in all (a 256k vocabulary with merges: ~0.8M)

# GGUF value types: id -> (struct format, size); 8 is a string, 9 an array.
_SCALARS = {
    0: ("<B", 1),
    1: ("<b", 1),
    2: ("<H", 2),
    3: ("<h", 2),
    4: ("<I", 4),
    5: ("<i", 4),
    6: ("<f", 4),
    7: ("<?", 1),
    10: ("<Q", 8),
    11: ("<q", 8),
    12: ("<d", 8),
}
_STRING, _ARRAY = 8, 9
_STRUCTS = {kind: struct.Struct(fmt) for kind, (fmt, _size) in _SCALARS.items()}
_CHUNK = 1 << 20  # bytes read at a time; a string up to MAX_STRING_BYTES is read whole


@dataclass(frozen=True)
class SkippedArray:
    """An array too long to keep (a vocabulary, merges): only its type and length."""

    element_type: int
    count: int


Value: TypeAlias = "int | float | bool | str | tuple[Value, ...] | SkippedArray"


@dataclass(frozen=True)
class GgufTensor:
    """One tensor info: name, dimensions (ggml order: row length first), type, data offset."""

    name: str
    dims: tuple[int, ...]
    type: GgmlType
    offset: int

    @property
    def elements(self) -> int:
        """Values in the tensor."""
        count = 1
        for d in self.dims:
            count *= d
        return count

    @property
    def nbytes(self) -> int:
        """Bytes of the tensor's data (whole blocks of its type)."""
        return self.type.nbytes(self.elements)


@dataclass(frozen=True)
class GgufFile:
    """Everything read from one GGUF file's header."""

    path: Path
    version: int
    metadata: dict[str, Value]
    tensors: tuple[GgufTensor, ...]
    alignment: int
    data_start: int
    shards: int = 1  # files read: more than one for a split model (``-00001-of-0000N.gguf``)

    @property
    def stored_bytes(self) -> int:
        """Bytes of all tensors' data (alignment padding excluded)."""
        return sum(t.nbytes for t in self.tensors)


class _InvalidError(ValueError):
    """A problem with the file's content; becomes one ModelSourceError naming the file."""


class _Reader:
    """Sequential reads through a bounded buffer that never go past the end of the file."""

    def __init__(self, stream: BinaryIO, size: int) -> None:
        self.stream = stream
        self.size = size
        self.buffer = b""
        self.offset = 0  # of the next byte in the buffer
        self.base = 0  # file position of the buffer's first byte
        self.values_left = MAX_VALUES

    def spend(self, count: int, what: str) -> None:
        self.values_left -= count
        if self.values_left < 0:
            raise _InvalidError(Message("gguf.too_many_values", what=what, limit=MAX_VALUES))

    @property
    def position(self) -> int:
        return self.base + self.offset

    @property
    def left(self) -> int:
        return self.size - self.position

    def _have(self, count: int, what: str) -> None:
        """Make ``count`` bytes available in the buffer, or say the file ends first."""
        if count > self.left:
            raise _InvalidError(Message("gguf.truncated", what=what))
        have = len(self.buffer) - self.offset
        if have >= count:
            return
        more = self.stream.read(max(count - have, _CHUNK))
        self.buffer = self.buffer[self.offset :] + more
        self.base += self.offset
        self.offset = 0
        if len(self.buffer) < count:
            raise _InvalidError(Message("gguf.truncated", what=what))

    def take(self, count: int, what: str) -> bytes:
        self._have(count, what)
        start = self.offset
        self.offset += count
        return self.buffer[start : self.offset]

    def skip(self, count: int, what: str) -> None:
        if count > self.left:
            raise _InvalidError(Message("gguf.truncated", what=what))
        if count <= len(self.buffer) - self.offset:
            self.offset += count
            return
        target = self.position + count
        self.stream.seek(target)
        self.buffer, self.offset, self.base = b"", 0, target

    def scalar(self, kind: int, what: str) -> int | float | bool:
        unpack = _STRUCTS[kind]
        self._have(unpack.size, what)
        value: int | float | bool = unpack.unpack_from(self.buffer, self.offset)[0]
        self.offset += unpack.size
        return value

    def u32(self, what: str) -> int:
        return int(self.scalar(4, what))

    def u64(self, what: str) -> int:
        return int(self.scalar(10, what))

    def count(self, what: str, least_bytes: int, limit: int = MAX_COUNT) -> int:
        value = self.u64(what)
        if value > limit or value * least_bytes > self.left:
            raise _InvalidError(Message("gguf.count_too_large", what=what, value=value))
        return value

    def skip_strings(self, count: int, what: str) -> None:
        """Step over ``count`` strings (a vocabulary): the one loop a large header spends on."""
        length_of = _STRUCTS[10]
        for _ in range(count):
            if len(self.buffer) - self.offset < 8:
                self._have(8, what)
            (length,) = length_of.unpack_from(self.buffer, self.offset)
            self.offset += 8
            if length > MAX_STRING_BYTES:
                raise _InvalidError(Message("gguf.string_past_end", what=what, length=length))
            if length <= len(self.buffer) - self.offset:
                self.offset += length
            else:
                self.skip(length, what)

    def string(self, what: str) -> str:
        length = self.u64(what)
        if length > MAX_STRING_BYTES:
            raise _InvalidError(
                Message("gguf.string_too_long", what=what, length=length, limit=MAX_STRING_BYTES)
            )
        try:
            return self.take(length, what).decode("utf-8")
        except UnicodeDecodeError:
            raise _InvalidError(Message("gguf.not_utf8", what=what)) from None


def _least_bytes(kind: int) -> int:
    if kind in _SCALARS:
        return _SCALARS[kind][1]
    if kind in (_STRING, _ARRAY):
        return 8 if kind == _STRING else 12
    raise _InvalidError(Message("gguf.value_type", kind=kind))


def _value(reader: _Reader, kind: int, what: str, depth: int = 0) -> Value:
    reader.spend(1, what)
    if kind in _SCALARS:
        return reader.scalar(kind, what)
    if kind == _STRING:
        return reader.string(what)
    if kind != _ARRAY:
        raise _InvalidError(Message("gguf.value_type_of", what=what, kind=kind))
    if depth >= MAX_ARRAY_DEPTH:
        raise _InvalidError(Message("gguf.array_depth", what=what, limit=MAX_ARRAY_DEPTH))
    element = reader.u32(Message("gguf.part_element_type", what=what))
    count = reader.count(
        Message("gguf.part_length", what=what), _least_bytes(element), limit=1 << 40
    )
    if element in _SCALARS and count > MAX_KEPT_ARRAY:
        reader.skip(count * _SCALARS[element][1], what)
        return SkippedArray(element, count)
    if element == _STRING and count > MAX_KEPT_ARRAY:
        reader.spend(count, what)
        reader.skip_strings(count, what)
        return SkippedArray(element, count)
    if count > MAX_KEPT_ARRAY:
        raise _InvalidError(
            Message("gguf.array_count", what=what, count=count, limit=MAX_KEPT_ARRAY)
        )
    return tuple(_value(reader, element, what, depth + 1) for _ in range(count))


def _tensor(reader: _Reader, index: int) -> GgufTensor:
    name = reader.string(Message("gguf.part_tensor_name", number=index + 1))
    what = Message("gguf.part_tensor", name=name)
    n_dims = reader.u32(Message("gguf.part_dimension_count", what=what))
    if not 1 <= n_dims <= MAX_DIMS:
        raise _InvalidError(Message("gguf.dimensions", what=what, n_dims=n_dims, limit=MAX_DIMS))
    dims = tuple(reader.u64(Message("gguf.part_dimensions", what=what)) for _ in range(n_dims))
    elements = 1
    for d in dims:
        elements *= d
    if elements > MAX_ELEMENTS:
        raise _InvalidError(Message("gguf.elements", what=what, elements=elements))
    type_id = reader.u32(Message("gguf.part_type", what=what))
    ggml_type = GGML_TYPES.get(type_id)
    if ggml_type is None:
        raise _InvalidError(Message("gguf.ggml_type", what=what, type_id=type_id))
    if dims[0] % ggml_type.block:
        raise _InvalidError(
            Message(
                "gguf.blocks",
                what=what,
                values=dims[0],
                ggml_type=ggml_type.name,
                block=ggml_type.block,
            )
        )
    offset = reader.u64(Message("gguf.part_offset", what=what))
    return GgufTensor(name, dims, ggml_type, offset)


def _alignment(metadata: dict[str, Value]) -> int:
    value = metadata.get("general.alignment", DEFAULT_ALIGNMENT)
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0 or value & (value - 1):
        raise _InvalidError(Message("gguf.alignment", value=repr(value)))
    return value


def _check_layout(tensors: list[GgufTensor], alignment: int, data_bytes: int) -> None:
    end = 0
    for t in sorted(tensors, key=lambda t: t.offset):
        if t.offset % alignment:
            raise _InvalidError(
                Message("gguf.misaligned", name=t.name, offset=t.offset, alignment=alignment)
            )
        if t.offset < end:
            raise _InvalidError(Message("gguf.overlap", name=t.name))
        end = t.offset + t.nbytes
        if end > data_bytes:
            raise _InvalidError(
                Message("gguf.past_end", name=t.name, end=end, data_bytes=data_bytes)
            )


def _parse(reader: _Reader, path: Path) -> GgufFile:
    if reader.left < 24 or reader.take(4, Message("gguf.part_magic")) != MAGIC:
        raise ModelSourceError(Message("error.gguf_magic", path=path.name))
    version = reader.u32(Message("gguf.part_version"))
    if version not in VERSIONS:
        raise ModelSourceError(Message("error.gguf_version", path=path.name, version=version))
    n_tensors = reader.count(Message("gguf.part_tensor_count"), 24)
    n_kv = reader.count(Message("gguf.part_kv_count"), 12)
    metadata: dict[str, Value] = {}
    for index in range(n_kv):
        key = reader.string(Message("gguf.part_key_number", number=index + 1))
        if key in metadata:
            raise _InvalidError(Message("gguf.key_twice", key=key))
        kind = reader.u32(Message("gguf.part_value_type", key=key))
        metadata[key] = _value(reader, kind, Message("gguf.part_key", key=key))
    alignment = _alignment(metadata)
    tensors = [_tensor(reader, i) for i in range(n_tensors)]
    names = {t.name for t in tensors}
    if len(names) != len(tensors):
        raise _InvalidError(Message("gguf.tensor_twice"))
    data_start = -(-reader.position // alignment) * alignment
    _check_layout(tensors, alignment, max(reader.size - data_start, 0))
    return GgufFile(path, version, metadata, tuple(tensors), alignment, data_start)


def read_gguf_file(path: str | Path) -> GgufFile:
    """Read one GGUF file's header, metadata and tensor infos (one shard of a split model alone).

    Raises:
        ModelSourceError: The file is missing, unreadable, truncated, not GGUF, or hostile.
    """
    path = Path(path)
    if not path.is_file():
        raise ModelSourceError(Message("error.safetensors_missing", path=str(path)))
    try:
        with path.open("rb") as stream:
            reader = _Reader(stream, path.stat().st_size)
            return _parse(reader, path)
    except _InvalidError as error:
        raise ModelSourceError(
            Message("error.gguf_invalid", path=path.name, reason=cause(error))
        ) from None
    except OSError as error:
        reason = str(error.strerror or error)
        raise ModelSourceError(
            Message("error.cannot_read", path=str(path), reason=reason)
        ) from None


# llama.cpp's split models (``gguf-split``; ``llama_split_path`` writes "%s-%05d-of-%05d.gguf"):
# every shard carries ``split.no`` (0-based), ``split.count`` and, in the first,
# ``split.tensors.count`` (LLM_KV_SPLIT_* in llama.cpp's src/llama-arch.cpp); the first shard
# holds the model's metadata and llama_model_loader reads the tensors of all of them.
SPLIT_NAME = re.compile(r"^(?P<prefix>.+)-(?P<no>\d{5})-of-(?P<count>\d{5})\.gguf$")
SPLIT_COUNT, SPLIT_NO, SPLIT_TENSORS = "split.count", "split.no", "split.tensors.count"


def _split_int(gguf: GgufFile, key: str) -> int | None:
    value = gguf.metadata.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ModelSourceError(
            Message("error.gguf_split_key", path=gguf.path.name, key=key, value=repr(value))
        )
    return value


def read_gguf(path: str | Path) -> GgufFile:
    """Read a GGUF model: one file, or every shard of a split model, whichever shard is given.

    A shard names its siblings by the ``-NNNNN-of-NNNNN.gguf`` pattern in the same folder; the
    result has the first shard's metadata and the tensors of all shards.

    Raises:
        ModelSourceError: A file is missing, unreadable, truncated, not GGUF, or hostile, a shard
            is missing, or the shards do not belong together.
    """
    given = read_gguf_file(path)
    count = _split_int(given, SPLIT_COUNT)
    if count is None or count <= 1:
        return given
    name = SPLIT_NAME.match(given.path.name)
    if name is None or int(name.group("count")) != count:
        raise ModelSourceError(Message("error.gguf_split_name", path=given.path.name, count=count))
    prefix = name.group("prefix")
    paths = [
        given.path.with_name(f"{prefix}-{i:05d}-of-{count:05d}.gguf") for i in range(1, count + 1)
    ]
    missing = [p.name for p in paths if not p.is_file()]
    if missing:
        raise ModelSourceError(
            Message(
                "error.gguf_split_missing",
                path=given.path.name,
                count=count,
                missing=", ".join(missing[:5]),
                missing_count=len(missing),
            )
        )
    shards = [given if p == given.path else read_gguf_file(p) for p in paths]
    tensors: list[GgufTensor] = []
    for number, shard in enumerate(shards):
        if _split_int(shard, SPLIT_COUNT) != count or _split_int(shard, SPLIT_NO) != number:
            raise ModelSourceError(
                Message(
                    "error.gguf_split_mismatch",
                    path=shard.path.name,
                    number=number + 1,
                    count=count,
                )
            )
        tensors.extend(shard.tensors)
    if len({t.name for t in tensors}) != len(tensors):
        raise ModelSourceError(Message("error.gguf_split_tensor_twice", path=paths[0].name))
    declared = _split_int(shards[0], SPLIT_TENSORS)
    if declared is not None and declared != len(tensors):
        raise ModelSourceError(
            Message(
                "error.gguf_split_tensors",
                path=paths[0].name,
                declared=declared,
                found=len(tensors),
                count=count,
            )
        )
    first = shards[0]
    return GgufFile(
        first.path,
        first.version,
        first.metadata,
        tuple(tensors),
        first.alignment,
        first.data_start,
        shards=count,
    )
