"""The safetensors header reader against real-format files built byte by byte.

Format (safetensors tensor.rs): struct.pack('<Q', N) + N bytes of JSON header + tensor bytes,
offsets relative to the end of the header. Files here are tiny; the data region is zeros.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

import pytest

from core.base.errors import ModelSourceError
from core.model.safetensors_header import read_header
from core.model.safetensors_model import architecture_from_safetensors, read_safetensors

_BYTES = {"F32": 4, "BF16": 2, "F16": 2, "I32": 4, "U8": 1, "F8_E4M3": 1}


def _header(tensors: dict[str, tuple[str, list[int]]]) -> tuple[dict[str, Any], int]:
    """Contiguous offsets in the given order; returns the header and the data length."""
    header: dict[str, Any] = {}
    offset = 0
    for name, (dtype, shape) in tensors.items():
        size = _BYTES[dtype]
        for dim in shape:
            size *= dim
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + size]}
        offset += size
    return header, offset


def write_file(
    path: Path,
    tensors: dict[str, tuple[str, list[int]]],
    *,
    metadata: dict[str, str] | None = None,
    header: dict[str, Any] | None = None,
    data_bytes: int | None = None,
) -> Path:
    built, length = _header(tensors)
    body = dict(header if header is not None else built)
    if metadata is not None:
        body["__metadata__"] = metadata
    raw = json.dumps(body).encode("utf-8")
    n = length if data_bytes is None else data_bytes
    path.write_bytes(struct.pack("<Q", len(raw)) + raw + bytes(n))
    return path


def write_raw(path: Path, header_bytes: bytes, data: bytes = b"") -> Path:
    path.write_bytes(struct.pack("<Q", len(header_bytes)) + header_bytes + data)
    return path


# A tiny Llama-style model: V=100 h=16 L=2 a=4 kv=2 d=4 ff=32, untied, BF16.
TINY = {
    "model.embed_tokens.weight": ("BF16", [100, 16]),
    **{
        name.format(i=i): spec
        for i in range(2)
        for name, spec in {
            "model.layers.{i}.self_attn.q_proj.weight": ("BF16", [16, 16]),
            "model.layers.{i}.self_attn.k_proj.weight": ("BF16", [8, 16]),
            "model.layers.{i}.self_attn.v_proj.weight": ("BF16", [8, 16]),
            "model.layers.{i}.self_attn.o_proj.weight": ("BF16", [16, 16]),
            "model.layers.{i}.mlp.gate_proj.weight": ("BF16", [32, 16]),
            "model.layers.{i}.mlp.up_proj.weight": ("BF16", [32, 16]),
            "model.layers.{i}.mlp.down_proj.weight": ("BF16", [16, 32]),
            "model.layers.{i}.input_layernorm.weight": ("BF16", [16]),
            "model.layers.{i}.post_attention_layernorm.weight": ("BF16", [16]),
        }.items()
    },
    "model.norm.weight": ("BF16", [16]),
    "lm_head.weight": ("BF16", [100, 16]),
}
# embeddings 1,600 + LM head 1,600; per layer 256 + 128 + 128 + 256 + 3·512 + 32 = 2,336;
# 2 layers 4,672; final norm 16 → 7,888 parameters, 15,776 bytes in BF16.
TINY_PARAMS = 7_888
TINY_CONFIG = {
    "model_type": "llama",
    "vocab_size": 100,
    "hidden_size": 16,
    "intermediate_size": 32,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "tie_word_embeddings": False,
    "torch_dtype": "bfloat16",
}


def test_reads_counts_bytes_and_metadata(tmp_path):
    path = write_file(tmp_path / "model.safetensors", TINY, metadata={"format": "pt"})
    summary = read_safetensors(path)
    assert summary.params == TINY_PARAMS
    assert summary.stored_bytes == 2 * TINY_PARAMS
    assert summary.bytes_by_dtype == {"BF16": 2 * TINY_PARAMS}
    assert summary.metadata == {"format": "pt"}
    assert "lm_head.weight" in summary.tensor_names
    assert not summary.looks_quantized
    hints = summary.hints
    assert (hints.layers, hints.hidden_size, hints.vocab_size) == (2, 16, 100)
    assert (hints.intermediate_size, hints.q_width, hints.kv_width) == (32, 16, 8)


def test_header_claiming_2_to_the_60_bytes_is_refused(tmp_path):
    path = tmp_path / "huge.safetensors"
    path.write_bytes(struct.pack("<Q", 2**60) + b"{}")
    with pytest.raises(ModelSourceError, match="100,000,000"):
        read_header(path)


def test_header_just_over_the_limit_is_refused_before_reading(tmp_path):
    # 100,000,001 claimed in a file of a few bytes: the limit is checked first.
    path = tmp_path / "over.safetensors"
    path.write_bytes(struct.pack("<Q", 100_000_001) + b"{}")
    with pytest.raises(ModelSourceError, match="refuses headers over 100,000,000"):
        read_header(path)


def test_header_longer_than_the_file_is_refused(tmp_path):
    path = tmp_path / "short.safetensors"
    path.write_bytes(struct.pack("<Q", 5_000) + b'{"a": 1}')
    with pytest.raises(ModelSourceError, match="truncated"):
        read_header(path)


def test_file_shorter_than_the_length_prefix(tmp_path):
    path = tmp_path / "tiny.safetensors"
    path.write_bytes(b"\x01\x02\x03")
    with pytest.raises(ModelSourceError, match="8-byte"):
        read_header(path)


def test_missing_data_region_is_refused_for_exceeding_the_file(tmp_path):
    # A correct header whose tensor bytes are absent: the reader never needs the data, but the
    # offsets point past the end of the file, so it is refused.
    path = write_file(tmp_path / "nodata.safetensors", TINY, data_bytes=0)
    with pytest.raises(ModelSourceError, match="holds only 0 bytes after the header"):
        read_header(path)


@pytest.mark.parametrize(
    ("header_bytes", "message"),
    [
        (b'{"a": ', "not valid JSON"),
        (b"\xff\xfe{}", "not UTF-8"),
        (b"[1, 2]", "not a JSON object"),
        (b'{"__metadata__": {"k": 1}}', "__metadata__"),
        (b'{"t": {"dtype": "F33", "shape": [1], "data_offsets": [0, 4]}}', "unknown dtype"),
        (b'{"t": {"dtype": "F32", "shape": [-1], "data_offsets": [0, 4]}}', "shape"),
        (b'{"t": {"dtype": "F32", "shape": [1], "data_offsets": [0]}}', "data_offsets"),
        (b'{"t": {"dtype": "F32", "shape": [1], "data_offsets": [4, 0]}}', "before it begins"),
        (b'{"t": 5}', "not an object"),
    ],
)
def test_invalid_headers_are_refused_with_a_reason(tmp_path, header_bytes, message):
    path = write_raw(tmp_path / "bad.safetensors", header_bytes, bytes(4))
    with pytest.raises(ModelSourceError, match=message):
        read_header(path)


def test_duplicate_tensor_names_are_refused(tmp_path):
    entry = '{"dtype": "U8", "shape": [1], "data_offsets": [0, 1]}'
    path = write_raw(
        tmp_path / "dup.safetensors", f'{{"t": {entry}, "t": {entry}}}'.encode(), b"\0"
    )
    with pytest.raises(ModelSourceError, match="twice"):
        read_header(path)


def test_offsets_that_do_not_match_shape_times_dtype(tmp_path):
    header = {"t": {"dtype": "F32", "shape": [2, 2], "data_offsets": [0, 12]}}
    path = write_file(tmp_path / "size.safetensors", {}, header=header, data_bytes=12)
    with pytest.raises(ModelSourceError, match="needs 16"):
        read_header(path)


def test_overlapping_offsets(tmp_path):
    header = {
        "a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},
        "b": {"dtype": "F32", "shape": [2], "data_offsets": [4, 12]},
    }
    path = write_file(tmp_path / "overlap.safetensors", {}, header=header, data_bytes=12)
    with pytest.raises(ModelSourceError, match="overlaps"):
        read_header(path)


def test_gap_and_trailing_bytes(tmp_path):
    gap = {"a": {"dtype": "U8", "shape": [2], "data_offsets": [2, 4]}}
    path = write_file(tmp_path / "gap.safetensors", {}, header=gap, data_bytes=4)
    with pytest.raises(ModelSourceError, match="belong to none"):
        read_header(path)
    path = write_file(tmp_path / "tail.safetensors", {"a": ("U8", [2])}, data_bytes=6)
    with pytest.raises(ModelSourceError, match="4 bytes after the last tensor"):
        read_header(path)


def test_packed_int4_counts_stored_elements_and_is_flagged_quantized(tmp_path):
    # GPTQ stores 8 int4 weights per int32: a 64×32 layer is qweight [8, 32] of I32.
    tensors = {
        "model.layers.0.mlp.down_proj.qweight": ("I32", [8, 32]),
        "model.layers.0.mlp.down_proj.scales": ("F16", [1, 32]),
    }
    summary = read_safetensors(write_file(tmp_path / "q.safetensors", tensors))
    assert summary.params == 8 * 32 + 32  # stored elements, not 64·32
    assert summary.stored_bytes == 8 * 32 * 4 + 32 * 2
    assert summary.bytes_by_dtype == {"I32": 1024, "F16": 64}
    assert summary.looks_quantized


def test_sub_byte_dtype_must_fill_whole_bytes(tmp_path):
    header = {"t": {"dtype": "F4", "shape": [3], "data_offsets": [0, 2]}}
    path = write_file(tmp_path / "f4.safetensors", {}, header=header, data_bytes=2)
    with pytest.raises(ModelSourceError, match="whole number of bytes"):
        read_header(path)


def _sharded(folder: Path, total_size: int | None = None) -> Path:
    folder.mkdir()
    names = list(TINY)
    first = {n: TINY[n] for n in names[:10]}
    second = {n: TINY[n] for n in names[10:]}
    write_file(folder / "model-00001-of-00002.safetensors", first)
    write_file(folder / "model-00002-of-00002.safetensors", second)
    weight_map = {n: "model-00001-of-00002.safetensors" for n in first}
    weight_map |= {n: "model-00002-of-00002.safetensors" for n in second}
    index: dict[str, Any] = {"weight_map": weight_map}
    if total_size is not None:
        index["metadata"] = {"total_size": total_size}
    (folder / "model.safetensors.index.json").write_text(json.dumps(index))
    return folder


def test_sharded_folder_with_index(tmp_path):
    folder = _sharded(tmp_path / "ckpt", total_size=2 * TINY_PARAMS)
    summary = read_safetensors(folder)
    assert len(summary.files) == 2
    assert summary.params == TINY_PARAMS
    assert summary.stored_bytes == 2 * TINY_PARAMS
    assert summary.notes == ()


def test_index_total_size_is_cross_checked(tmp_path):
    folder = _sharded(tmp_path / "ckpt", total_size=12_345)
    summary = read_safetensors(folder)
    assert summary.stored_bytes == 2 * TINY_PARAMS
    assert "12,345" in summary.notes[0]


def test_index_naming_a_missing_shard(tmp_path):
    folder = _sharded(tmp_path / "ckpt")
    (folder / "model-00002-of-00002.safetensors").unlink()
    with pytest.raises(ModelSourceError, match="missing"):
        read_safetensors(folder)


def test_index_pointing_a_tensor_at_the_wrong_shard(tmp_path):
    folder = _sharded(tmp_path / "ckpt")
    index_path = folder / "model.safetensors.index.json"
    index = json.loads(index_path.read_text())
    index["weight_map"]["lm_head.weight"] = "model-00001-of-00002.safetensors"
    index_path.write_text(json.dumps(index))
    with pytest.raises(ModelSourceError, match="lm_head.weight"):
        read_safetensors(folder)


def test_index_shard_outside_the_folder_is_refused(tmp_path):
    folder = _sharded(tmp_path / "ckpt")
    index_path = folder / "model.safetensors.index.json"
    index_path.write_text(json.dumps({"weight_map": {"x": "../outside.safetensors"}}))
    with pytest.raises(ModelSourceError, match="not a file beside the index"):
        read_safetensors(folder)


def test_folder_without_checkpoint(tmp_path):
    with pytest.raises(ModelSourceError, match="model.safetensors"):
        read_safetensors(tmp_path)


def test_architecture_from_config_beside_the_file(tmp_path):
    folder = tmp_path / "tiny-llama"
    folder.mkdir()
    write_file(folder / "model.safetensors", TINY)
    (folder / "config.json").write_text(json.dumps(TINY_CONFIG))
    arch = architecture_from_safetensors(folder / "model.safetensors")
    assert arch.params_total == TINY_PARAMS
    assert arch.stored_bytes == 2 * TINY_PARAMS
    assert arch.stored_dtype == "bf16"  # the request name of the format, so a bf16 plan uses it
    assert arch.source == "safetensors"
    assert arch.id == "tiny-llama"
    assert arch.notes == ()  # header and config agree


def test_config_and_header_disagreement_is_noted(tmp_path):
    folder = tmp_path / "m"
    folder.mkdir()
    write_file(folder / "model.safetensors", TINY)
    (folder / "config.json").write_text(json.dumps({**TINY_CONFIG, "tie_word_embeddings": True}))
    arch = architecture_from_safetensors(folder)
    assert arch.params_total == TINY_PARAMS - 1_600
    assert any(f"{TINY_PARAMS:,}" in note for note in arch.notes)


def test_architecture_inferred_without_config(tmp_path):
    arch = architecture_from_safetensors(write_file(tmp_path / "model.safetensors", TINY))
    assert arch.params_total == TINY_PARAMS  # every tensor lands in one category
    assert (arch.layers, arch.hidden_size, arch.vocab_size, arch.intermediate_size) == (
        2,
        16,
        100,
        32,
    )
    assert arch.embedding_params == arch.lm_head_params == 1_600
    assert arch.largest_layer_params == 2_336
    assert any("inferred" in note for note in arch.notes)
    # q width 16 and kv width 8 are not multiples of 128 or 64: one head of 16, kv 8 → assumed.
    assert any("head_dim" in note and "assumed" in note for note in arch.notes)


def test_inferred_head_dim_is_128_when_divisible(tmp_path):
    tensors = {
        "model.embed_tokens.weight": ("BF16", [10, 256]),
        "model.layers.0.self_attn.q_proj.weight": ("BF16", [256, 256]),
        "model.layers.0.self_attn.k_proj.weight": ("BF16", [128, 256]),
    }
    arch = architecture_from_safetensors(write_file(tmp_path / "m.safetensors", tensors))
    assert (arch.head_dim, arch.attention_heads, arch.kv_heads) == (128, 2, 1)
    assert arch.attention == "mqa"
    assert any("assumed 128" in note for note in arch.notes)


def test_unrecognisable_names_without_config(tmp_path):
    path = write_file(tmp_path / "m.safetensors", {"w": ("F32", [4])})
    with pytest.raises(ModelSourceError, match="config.json"):
        architecture_from_safetensors(path)
