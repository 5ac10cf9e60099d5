"""Split GGUF models (llama.cpp's gguf-split) and the bounds on what a header's counts may size.

A split model is ``<prefix>-00001-of-0000N.gguf`` … ``-0000N-of-0000N.gguf``; every shard carries
``split.no`` (0-based, u16), ``split.count`` (u16) and ``split.tensors.count`` (i32, the tensors of
all shards), and only the first carries the model's metadata (llama.cpp
``tools/gguf-split/gguf-split.cpp`` split_start; llama_model_loader reads every shard's tensors).
The files here are written byte by byte by the minimal writer of ``tests/test_gguf.py``.
"""

from __future__ import annotations

import struct
import tracemalloc
from pathlib import Path

import pytest

from core.base.errors import ModelSourceError
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.model.gguf import read_gguf, read_gguf_file
from core.model.gguf_model import architecture_from_gguf
from tests.test_gguf import LLAMA_KV, U32, U64, kv, llama_tensors, s, write_gguf

U16, I32 = 2, 5


def _split_keys(number: int, count: int, tensors: int) -> list[bytes]:
    return [
        _u16("split.no", number),
        _u16("split.count", count),
        kv("split.tensors.count", I32, tensors),
    ]


def _u16(key: str, value: int) -> bytes:
    raw = key.encode()
    return struct.pack("<Q", len(raw)) + raw + struct.pack("<IH", U16, value)


def write_split(
    folder: Path, prefix: str, parts: list[list[tuple[str, list[int], str]]]
) -> list[Path]:
    """The tiny Llama of test_gguf split as gguf-split does: metadata in the first shard only."""
    total = sum(len(p) for p in parts)
    paths = []
    for number, tensors in enumerate(parts):
        kvs = (LLAMA_KV if number == 0 else []) + _split_keys(number, len(parts), total)
        path = folder / f"{prefix}-{number + 1:05d}-of-{len(parts):05d}.gguf"
        paths.append(write_gguf(path, kvs, tensors))
    return paths


def _three_parts() -> list[list[tuple[str, list[int], str]]]:
    tensors = llama_tensors()
    return [tensors[:3], tensors[3:12], tensors[12:]]


def test_every_shard_is_read_whichever_is_given(tmp_path):
    whole = read_gguf(write_gguf(tmp_path / "whole.gguf", LLAMA_KV, llama_tensors()))
    paths = write_split(tmp_path, "tiny-Q4_K_M", _three_parts())
    first_alone = read_gguf_file(paths[0]).stored_bytes
    # The situation: the first shard alone is a fraction of the model.
    assert first_alone < whole.stored_bytes // 2
    for given in paths:
        read = read_gguf(given)
        assert read.shards == 3
        assert read.stored_bytes == whole.stored_bytes
        assert [t.name for t in read.tensors] == [t.name for t in whole.tensors]
        assert read.metadata["llama.block_count"] == 2
    arch = architecture_from_gguf(paths[1])
    assert arch.stored_bytes == whole.stored_bytes and arch.name == "tiny-Q4_K_M"
    assert any(n.key == "model_note.gguf_split" for n in arch.notes)
    request = parse_request(
        {"model": {"gguf": str(paths[0])}, "gpu": "l4", "inference": {"context_tokens": 1000}}
    )
    assert estimate(request).memory.weights == whole.stored_bytes


def test_a_missing_shard_is_named_not_counted_around(tmp_path):
    paths = write_split(tmp_path, "m", _three_parts())
    paths[2].unlink()
    with pytest.raises(ModelSourceError, match=r"1 of them are not beside it \(m-00003-of-00003"):
        architecture_from_gguf(paths[0])


@pytest.mark.parametrize(
    ("rename", "match"),
    [
        ("renamed.gguf", "its name does not end in -NNNNN-of-00003.gguf"),
        ("m-00001-of-00004.gguf", "its name does not end in -NNNNN-of-00003.gguf"),
    ],
)
def test_a_shard_whose_name_hides_its_siblings_is_refused(tmp_path, rename, match):
    paths = write_split(tmp_path, "m", _three_parts())
    moved = paths[0].rename(tmp_path / rename)
    with pytest.raises(ModelSourceError, match=match):
        read_gguf(moved)


def test_shards_of_another_split_and_a_wrong_tensor_total_are_refused(tmp_path):
    paths = write_split(tmp_path, "m", _three_parts())
    (tmp_path / "other").mkdir()
    other = write_split(tmp_path / "other", "m", _three_parts())
    paths[1].write_bytes(other[0].read_bytes())  # part 1's content under part 2's name
    with pytest.raises(ModelSourceError, match="does not say it is part 2 of 3"):
        read_gguf(paths[0])
    parts = _three_parts()
    kvs = [*LLAMA_KV, *_split_keys(0, 2, 99)]
    first = write_gguf(tmp_path / "t-00001-of-00002.gguf", kvs, parts[0])
    write_gguf(tmp_path / "t-00002-of-00002.gguf", _split_keys(1, 2, 99), parts[1] + parts[2])
    with pytest.raises(ModelSourceError, match="hold 99 tensors, but they hold 21"):
        read_gguf(first)


def _llama_with(tmp_path: Path, *extra: bytes, drop: tuple[str, ...] = ()) -> Path:
    """The tiny Llama with the keys ``drop`` names (exactly) left out and ``extra`` added."""
    kvs = [k for k in LLAMA_KV if not any(k.startswith(s(f"llama.{d}")) for d in drop)]
    return write_gguf(tmp_path / "m.gguf", [*kvs, *extra], llama_tensors())


@pytest.mark.parametrize(
    "block_count",
    [kv("llama.block_count", U32, 10**8), kv("llama.block_count", U32, 2**32 - 1)],
    ids=["10^8", "2^32-1"],
)
def test_a_block_count_past_the_tensors_is_refused_without_allocating(tmp_path, block_count):
    path = _llama_with(tmp_path, block_count, drop=("block_count",))
    tracemalloc.start()
    try:
        with pytest.raises(ModelSourceError, match="says .* blocks, but the file holds 21 tensors"):
            architecture_from_gguf(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 * 1024 * 1024  # a list of 10^8 layers alone would be 800 MB


def test_a_u64_block_count_is_refused_the_same_way(tmp_path):
    path = _llama_with(tmp_path, kv("llama.block_count", U64, 2**63), drop=("block_count",))
    with pytest.raises(ModelSourceError, match="9,223,372,036,854,775,808 blocks"):
        architecture_from_gguf(path)


def test_fewer_values_than_heads_is_refused_not_divided_by(tmp_path):
    narrow = [kv("llama.embedding_length", U32, 2)]
    path = _llama_with(tmp_path, *narrow, drop=("embedding_length", "attention.key_length"))
    with pytest.raises(ModelSourceError, match=r"head_count \(4\) is more than .*embedding_length"):
        architecture_from_gguf(path)
    request = parse_request(
        {"model": {"gguf": str(path)}, "gpu": "l4", "inference": {"context_tokens": 100}}
    )
    with pytest.raises(ModelSourceError):
        estimate(request)


def test_zero_heads_is_named_as_zero(tmp_path):
    path = _llama_with(
        tmp_path, kv("llama.attention.head_count", U32, 0), drop=("attention.head_count",)
    )
    with pytest.raises(ModelSourceError, match="head_count is 0"):
        architecture_from_gguf(path)


def test_the_reader_still_reads_an_unsplit_file_alone(tmp_path):
    path = write_gguf(tmp_path / "solo-00001-of-00002.gguf", LLAMA_KV, llama_tensors())
    # No split keys: one complete file, whatever its name.
    assert read_gguf(path).shards == 1
    assert read_gguf(path).stored_bytes == read_gguf_file(path).stored_bytes


@pytest.mark.parametrize(
    "key",
    [
        "embedding_length",
        "feed_forward_length",
        "attention.head_count",
        "attention.key_length",
        "expert_count",
    ],
)
def test_a_size_past_every_value_of_the_file_is_refused(tmp_path, key):
    # The tiny Llama's 21 tensors hold 1,213,696 values: no width or count can exceed them.
    path = _llama_with(tmp_path, kv(f"llama.{key}", U64, 2**64 - 1), drop=(key,))
    with pytest.raises(ModelSourceError, match="more than the 1,213,696 values"):
        architecture_from_gguf(path)


def test_more_experts_used_than_there_are_is_refused(tmp_path):
    path = _llama_with(
        tmp_path, kv("llama.expert_count", U32, 4), kv("llama.expert_used_count", U32, 8)
    )
    with pytest.raises(ModelSourceError, match=r"expert_used_count \(8\) is more than the 4"):
        architecture_from_gguf(path)
