"""The GGUF reader against files built byte by byte, well-formed and hostile.

Format (ggml docs/gguf.md, version 3, little-endian): b"GGUF", uint32 version, uint64 tensor
count, uint64 key/value count, the key/values (uint64-length string key, uint32 type, value),
the tensor infos (name, uint32 n_dims, uint64 dims, uint32 ggml type, uint64 offset), padding
to ``general.alignment`` (32 by default), then the data. Data here is zeros.
"""

from __future__ import annotations

import struct
import time
from pathlib import Path
from typing import Any, get_args

import pytest

from core.base.errors import ModelSourceError
from core.capacity.weights import format_weight_memory
from core.domain.gguf_types import GGML_TYPE_NAMES
from core.domain.quant_formats import FORMATS
from core.domain.request import QuantFormatName
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.model.gguf import read_gguf
from core.model.gguf_model import architecture_from_gguf
from core.model.model_config import architecture_from_config

U8, I32, U32, F32, BOOL, STR, ARR, U64 = 0, 5, 4, 6, 7, 8, 9, 10


def s(text: str | bytes) -> bytes:
    raw = text.encode("utf-8") if isinstance(text, str) else text
    return struct.pack("<Q", len(raw)) + raw


def value(kind: int, v: Any) -> bytes:
    if kind == STR:
        return s(v)
    if kind == ARR:
        element, items = v
        return struct.pack("<IQ", element, len(items)) + b"".join(value(element, i) for i in items)
    fmt = {U8: "<B", I32: "<i", U32: "<I", F32: "<f", BOOL: "<?", U64: "<Q"}[kind]
    return struct.pack(fmt, v)


def kv(key: str, kind: int, v: Any) -> bytes:
    return s(key) + struct.pack("<I", kind) + value(kind, v)


def tensor_info(name: str, dims: list[int], type_id: int, offset: int) -> bytes:
    out = s(name) + struct.pack("<I", len(dims))
    out += b"".join(struct.pack("<Q", d) for d in dims)
    return out + struct.pack("<IQ", type_id, offset)


def write_gguf(
    path: Path,
    kvs: list[bytes],
    tensors: list[tuple[str, list[int], str]],
    *,
    alignment: int = 32,
    version: int = 3,
    data_bytes: int | None = None,
) -> Path:
    """Tensors laid out one after another at aligned offsets; returns the file."""
    infos, offset = [], 0
    for name, dims, type_name in tensors:
        t = GGML_TYPE_NAMES[type_name]
        infos.append(tensor_info(name, dims, t.id, offset))
        elements = 1
        for d in dims:
            elements *= d
        offset += -(-t.nbytes(elements) // alignment) * alignment
    head = b"GGUF" + struct.pack("<IQQ", version, len(tensors), len(kvs)) + b"".join(kvs)
    head += b"".join(infos)
    head += bytes(-len(head) % alignment)
    path.write_bytes(head + bytes(offset if data_bytes is None else data_bytes))
    return path


# A tiny Llama in GGUF: V 64, h 256, ff 512, 2 blocks, 4 heads of 64, 2 KV heads, Q4_K / Q6_K.
LLAMA_KV = [
    kv("general.architecture", STR, "llama"),
    kv("general.name", STR, "tiny"),
    kv("llama.block_count", U32, 2),
    kv("llama.context_length", U32, 8192),
    kv("llama.embedding_length", U32, 256),
    kv("llama.feed_forward_length", U32, 512),
    kv("llama.attention.head_count", U32, 4),
    kv("llama.attention.head_count_kv", U32, 2),
    kv("llama.attention.key_length", U32, 64),
    kv("llama.attention.value_length", U32, 64),
    kv("tokenizer.ggml.tokens", ARR, (STR, [f"t{i}" for i in range(64)])),
]


def llama_tensors() -> list[tuple[str, list[int], str]]:
    tensors = [("token_embd.weight", [256, 64], "Q8_0")]
    for i in range(2):
        tensors += [
            (f"blk.{i}.attn_norm.weight", [256], "F32"),
            (f"blk.{i}.attn_q.weight", [256, 256], "Q4_K"),
            (f"blk.{i}.attn_k.weight", [256, 128], "Q4_K"),
            (f"blk.{i}.attn_v.weight", [256, 128], "Q6_K"),
            (f"blk.{i}.attn_output.weight", [256, 256], "Q4_K"),
            (f"blk.{i}.ffn_norm.weight", [256], "F32"),
            (f"blk.{i}.ffn_gate.weight", [256, 512], "Q4_K"),
            (f"blk.{i}.ffn_up.weight", [256, 512], "Q4_K"),
            (f"blk.{i}.ffn_down.weight", [512, 256], "Q6_K"),
        ]
    return tensors + [("output_norm.weight", [256], "F32"), ("output.weight", [256, 64], "Q6_K")]


def test_block_sizes_are_ggmls():
    bits = {name: float(t.bits_per_weight) for name, t in GGML_TYPE_NAMES.items()}
    assert bits["Q4_0"] == 4.5 and bits["Q4_1"] == 5.0 and bits["Q5_0"] == 5.5
    assert bits["Q8_0"] == 8.5 and bits["Q2_K"] == 2.625 and bits["Q3_K"] == 3.4375
    assert bits["Q4_K"] == 4.5 and bits["Q5_K"] == 5.5 and bits["Q6_K"] == 6.5625
    assert bits["IQ2_XXS"] == 2.0625 and bits["IQ2_XS"] == 2.3125 and bits["IQ2_S"] == 2.5625
    assert bits["IQ3_XXS"] == 3.0625 and bits["IQ3_S"] == 3.4375 and bits["IQ1_S"] == 1.5625
    assert bits["IQ1_M"] == 1.75 and bits["IQ4_NL"] == 4.5 and bits["IQ4_XS"] == 4.25
    assert bits["TQ1_0"] == 1.6875 and bits["TQ2_0"] == 2.0625 and bits["MXFP4"] == 4.25


def test_reads_a_tiny_llama_with_exact_bytes_and_kv_geometry(tmp_path):
    path = write_gguf(tmp_path / "tiny.gguf", LLAMA_KV, llama_tensors())
    gguf = read_gguf(path)
    assert gguf.version == 3 and gguf.alignment == 32 and len(gguf.tensors) == 21
    q4k, q6k, q8 = (GGML_TYPE_NAMES[n] for n in ("Q4_K", "Q6_K", "Q8_0"))
    # per block: q, k, o, gate, up in Q4_K (144 bytes / 256); v, down in Q6_K (210 / 256)
    q4_values = 256 * 256 + 256 * 128 + 256 * 256 + 2 * 256 * 512
    q6_values = 256 * 128 + 512 * 256
    expected = 2 * (q4_values // 256 * 144 + q6_values // 256 * 210 + 2 * 256 * 4)
    expected += 256 * 64 // 32 * 34 + 256 * 4 + 256 * 64 // 256 * 210
    assert gguf.stored_bytes == expected
    assert q4k.size == 144 and q6k.size == 210 and q8.size == 34
    arch = architecture_from_gguf(path)
    assert (arch.layers, arch.hidden_size, arch.attention_heads, arch.kv_heads) == (2, 256, 4, 2)
    assert arch.head_dim == 64 and arch.max_position_embeddings == 8192 and arch.vocab_size == 64
    assert arch.stored_bytes == expected and arch.stored_dtype == "gguf" and arch.source == "gguf"
    assert arch.params_total == 256 * 64 * 2 + 2 * (q4_values + q6_values + 512) + 256
    request = parse_request(
        {
            "model": {"gguf": str(path)},
            "gpu": "l4",
            "inference": {"context_tokens": 1000, "concurrent_sequences": 2},
        }
    )
    result = estimate(request)
    assert result.memory.weights == expected  # the file's bytes, not a bf16 estimate
    # KV: 2 (K and V) × 2 layers × 2 KV heads × 64 × 2 bytes (bf16) per token
    assert result.kv_cache_bytes_per_token == 2 * 2 * 2 * 64 * 2


def test_sliding_window_moe_and_per_layer_arrays(tmp_path):
    kvs = [
        kv("general.architecture", STR, "gptoss"),
        kv("general.alignment", U32, 64),
        kv("gptoss.block_count", U32, 1),
        kv("gptoss.embedding_length", U32, 64),
        kv("gptoss.attention.head_count", ARR, (U32, [8])),
        kv("gptoss.attention.head_count_kv", ARR, (U32, [2])),
        kv("gptoss.attention.sliding_window", U32, 128),
        kv("gptoss.expert_count", U32, 4),
        kv("gptoss.expert_used_count", U32, 2),
    ]
    tensors = [
        ("token_embd.weight", [64, 32], "F16"),
        ("blk.0.attn_q.weight", [64, 64], "BF16"),
        ("blk.0.ffn_gate_inp.weight", [64, 4], "F32"),
        ("blk.0.ffn_up_exps.weight", [64, 128, 4], "MXFP4"),
        ("blk.0.ffn_down_exps.weight", [128, 64, 4], "MXFP4"),
    ]
    path = write_gguf(tmp_path / "moe.gguf", kvs, tensors, alignment=64)
    arch = architecture_from_gguf(path)
    assert arch.num_experts == 4 and arch.experts_per_token == 2
    assert arch.sliding_window == 128 and arch.kv_heads == 2 and arch.head_dim == 8
    assert arch.sliding_window_layers == 0  # the file does not say which layers
    assert any(n.key == "model_note.gguf_window_layers" for n in arch.notes)
    experts = {g.name: (g.count, g.active_count) for g in arch.linear_groups}
    assert experts["ffn_up_exps"] == (4, 2)
    assert arch.other_params == 64 * 4  # the router stays 16-bit
    assert arch.stored_bytes == 64 * 32 * 2 + 64 * 64 * 2 + 64 * 4 * 4 + 2 * 64 * 128 * 4 // 32 * 17


def test_a_vocabulary_is_counted_not_kept(tmp_path):
    tokens = kv("tokenizer.ggml.tokens", ARR, (STR, [f"t{i}" for i in range(200_000)]))
    path = write_gguf(tmp_path / "vocab.gguf", [*LLAMA_KV[:-1], tokens], llama_tensors())
    started = time.perf_counter()
    arch = architecture_from_gguf(path)
    assert arch.vocab_size == 200_000
    assert time.perf_counter() - started < 5


def _refused(path: Path, match: str) -> None:
    started = time.perf_counter()
    with pytest.raises(ModelSourceError, match=match) as caught:
        read_gguf(path)
    assert time.perf_counter() - started < 2
    assert "\n" not in str(caught.value)


HEAD = b"GGUF" + struct.pack("<I", 3)


@pytest.mark.parametrize(
    ("raw", "match"),
    [
        (b"GGML" + bytes(40), "not a GGUF file"),
        (b"GGUF" + struct.pack("<IQQ", 1, 0, 0), "version 1"),
        (b"GGUF" + struct.pack("<IQQ", 4, 0, 0), "version 4"),
        (b"GGUF", "not a GGUF file"),
        (HEAD + struct.pack("<QQ", 2**63, 0), "tensor count is 9,223,372,036,854,775,808"),
        (HEAD + struct.pack("<QQ", 0, 2**63), "key/value count"),
        (HEAD + struct.pack("<QQ", 0, 1) + struct.pack("<Q", 2**63) + bytes(16), "claims"),
        (
            HEAD + struct.pack("<QQ", 0, 1) + struct.pack("<Q", 5000) + b"abc" + bytes(9),
            "past the end",
        ),
        (
            HEAD + struct.pack("<QQ", 0, 1) + s("k") + struct.pack("<I", 13) + bytes(8),
            "value type 13",
        ),
        (
            HEAD + struct.pack("<QQ", 0, 1) + s(b"\xff\xfe") + struct.pack("<I", 0) + bytes(8),
            "UTF-8",
        ),
        (
            HEAD + struct.pack("<QQ", 0, 1) + s("a") + struct.pack("<IIQ", ARR, U64, 2**40),
            "more than the file can hold",
        ),
        (
            HEAD
            + struct.pack("<QQ", 0, 1)
            + s("deep")
            + struct.pack("<I", ARR)
            + struct.pack("<IQ", ARR, 1) * 5
            + struct.pack("<IQ", U8, 0),
            "nests arrays more than 4 deep",
        ),
        (
            HEAD + struct.pack("<QQ", 0, 2) + kv("a", U8, 1) + kv("a", U8, 2) + bytes(8),
            "appears twice",
        ),
        (
            HEAD + struct.pack("<QQ", 0, 1) + kv("general.alignment", U32, 48) + bytes(8),
            "power of two",
        ),
    ],
)
def test_hostile_headers_give_one_clear_error(tmp_path, raw, match):
    path = tmp_path / "bad.gguf"
    path.write_bytes(raw)
    _refused(path, match)


def _with_tensor(tmp_path: Path, info: bytes, data: int = 4096) -> Path:
    raw = HEAD + struct.pack("<QQ", 1, 0) + info
    raw += bytes(-len(raw) % 32) + bytes(data)
    path = tmp_path / "tensor.gguf"
    path.write_bytes(raw)
    return path


@pytest.mark.parametrize(
    ("info", "match"),
    [
        (tensor_info("w", [32, 2], 99, 0), "ggml type 99"),
        (tensor_info("w", [32, 2], 31, 0), "ggml type 31"),  # removed from GGUF files
        (tensor_info("w", [1, 1, 1, 1, 1], 0, 0), "5 dimensions"),
        (tensor_info("w", [2**40, 2**40], 0, 0), "claims"),
        (tensor_info("w", [100, 2], 12, 0), "not whole Q4_K blocks"),
        (tensor_info("w", [1024, 1024], 0, 0), "truncated or incomplete"),
        (tensor_info("w", [32], 0, 7), "not a multiple of 32"),
    ],
)
def test_hostile_tensor_infos_give_one_clear_error(tmp_path, info, match):
    _refused(_with_tensor(tmp_path, info), match)


def test_overlapping_tensors_are_refused(tmp_path):
    raw = HEAD + struct.pack("<QQ", 2, 0)
    raw += tensor_info("a", [64], 0, 0) + tensor_info("b", [64], 0, 128)
    raw += bytes(-len(raw) % 32) + bytes(1024)
    path = tmp_path / "overlap.gguf"
    path.write_bytes(raw)
    _refused(path, "overlaps")


def test_a_file_cut_short_anywhere_is_refused(tmp_path):
    whole = write_gguf(tmp_path / "whole.gguf", LLAMA_KV, llama_tensors()).read_bytes()
    for cut in (3, 20, 60, 300, 900, len(whole) - 4000, len(whole) - 1):
        path = tmp_path / f"cut{cut}.gguf"
        path.write_bytes(whole[:cut])
        with pytest.raises(ModelSourceError):
            read_gguf(path)


def test_missing_keys_and_files_are_named(tmp_path):
    path = write_gguf(tmp_path / "nokeys.gguf", [kv("general.architecture", STR, "llama")], [])
    with pytest.raises(ModelSourceError, match="llama.block_count"):
        architecture_from_gguf(path)
    with pytest.raises(ModelSourceError, match="does not exist"):
        read_gguf(tmp_path / "absent.gguf")


def test_a_preset_named_in_a_gguf_type_matches_a_pure_file_of_that_type(tmp_path):
    """``gguf-q4_k`` for a model named by its config = a ``--pure`` Q4_K file's exact bytes."""
    pure = [(n, d, "F32" if len(d) == 1 else "Q4_K") for n, d, _ in llama_tensors()]
    path = write_gguf(tmp_path / "pure.gguf", LLAMA_KV, pure)
    config = {
        "model_type": "llama",
        "vocab_size": 64,
        "hidden_size": 256,
        "intermediate_size": 512,
        "num_hidden_layers": 2,
        "num_attention_heads": 4,
        "num_key_value_heads": 2,
        "head_dim": 64,
        "tie_word_embeddings": False,
    }
    plain = architecture_from_config(config, model_id="m", name="m", source="hf_config")
    memory = format_weight_memory(plain, FORMATS["gguf-q4_k"])
    assert memory.weights == read_gguf(path).stored_bytes
    from_file = format_weight_memory(architecture_from_gguf(path), FORMATS["gguf-q4_k"])
    assert from_file.weights == memory.weights


def test_every_named_format_is_a_request_value():
    assert set(get_args(QuantFormatName)) == set(FORMATS)


def test_a_long_string_array_is_checked_while_it_is_skipped(tmp_path):
    long = HEAD + struct.pack("<QQ", 0, 1) + s("v") + struct.pack("<IIQ", ARR, STR, 70_000)
    path = tmp_path / "short.gguf"
    path.write_bytes(long + bytes(8 * 1000))
    _refused(path, "more than the file can hold")
    huge = long + bytes(8 * 100) + struct.pack("<Q", 2**40) + bytes(8 * 70_000)
    path.write_bytes(huge)
    _refused(path, "holds a string of 1,099,511,627,776 bytes")
    past = long + bytes(8 * 100) + struct.pack("<Q", 8 * 70_000) + bytes(8 * 70_000)
    path.write_bytes(past)
    _refused(path, "past the end")


@pytest.mark.parametrize(
    ("pattern", "sliding"),
    [
        (kv("llama.attention.sliding_window_pattern", ARR, (BOOL, [True, False])), 1),
        (kv("llama.attention.sliding_window_pattern", U32, 2), 1),
    ],
)
def test_the_sliding_window_pattern_names_the_sliding_layers(tmp_path, pattern, sliding):
    kvs = [*LLAMA_KV, kv("llama.attention.sliding_window", U32, 512), pattern]
    arch = architecture_from_gguf(write_gguf(tmp_path / "swa.gguf", kvs, llama_tensors()))
    assert (arch.sliding_window, arch.sliding_window_layers) == (512, sliding)
    assert not any(n.key == "model_note.gguf_window_layers" for n in arch.notes)
