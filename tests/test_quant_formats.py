"""Quantized formats: exact bytes from each format's layout, on checkpoints built tensor by tensor.

Each checkpoint below stores a small Llama-shaped model (V 100, h 256, ff 512, 2 layers, 4 heads
of 64, 2 KV heads, untied) with its linear layers in one format, laid out as that format's
tools save it (tensor names, dtypes and shapes), and a ``config.json`` with the format's
``quantization_config``. Three independent figures must agree: the header's byte ranges, the
format's per-matrix formula, and the estimate of the same model named by its config alone.
"""

from __future__ import annotations

import json
import struct
from fractions import Fraction
from pathlib import Path

import pytest

from core.capacity.weights import format_weight_memory
from core.domain.quant_formats import FORMATS
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.model.model_config import architecture_from_config
from core.model.safetensors_model import architecture_from_safetensors, read_safetensors
from tests.arch_factory import gpt_like

_BYTES = {"F32": 4, "BF16": 2, "F16": 2, "I32": 4, "U8": 1, "I8": 1, "F8_E4M3": 1}
H, FF, V, LAYERS = 256, 512, 100, 2


def write_file(path: Path, tensors: dict[str, tuple[str, list[int]]]) -> Path:
    """A safetensors file: the header with contiguous offsets, then zeros."""
    header, offset = {}, 0
    for name, (dtype, shape) in tensors.items():
        size = _BYTES[dtype]
        for dim in shape:
            size *= dim
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + size]}
        offset += size
    raw = json.dumps(header).encode("utf-8")
    path.write_bytes(struct.pack("<Q", len(raw)) + raw + bytes(offset))
    return path


CONFIG = {
    "model_type": "llama",
    "vocab_size": V,
    "hidden_size": H,
    "intermediate_size": FF,
    "num_hidden_layers": LAYERS,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "head_dim": 64,
    "tie_word_embeddings": False,
    "torch_dtype": "bfloat16",
}
# (name, out, in) of every linear layer of one block
LINEARS = (
    ("self_attn.q_proj", 256, H),
    ("self_attn.k_proj", 128, H),
    ("self_attn.v_proj", 128, H),
    ("self_attn.o_proj", H, 256),
    ("mlp.gate_proj", FF, H),
    ("mlp.up_proj", FF, H),
    ("mlp.down_proj", H, FF),
)


def _layout(fmt: str, p: str, n: int, k: int) -> dict[str, tuple[str, list[int]]]:
    """The tensors one n × k linear layer is saved as in ``fmt``."""
    if fmt.startswith("gptq"):
        g = FORMATS[fmt].group
        return {
            f"{p}.qweight": ("I32", [k // 8, n]),
            f"{p}.qzeros": ("I32", [k // g, n // 8]),
            f"{p}.scales": ("F16", [k // g, n]),
            f"{p}.g_idx": ("I32", [k]),
        }
    if fmt.startswith("awq"):
        g = FORMATS[fmt].group
        return {
            f"{p}.qweight": ("I32", [k, n // 8]),
            f"{p}.qzeros": ("I32", [k // g, n // 8]),
            f"{p}.scales": ("F16", [k // g, n]),
        }
    if fmt == "fp8-tensor":
        return {f"{p}.weight": ("F8_E4M3", [n, k]), f"{p}.weight_scale": ("F32", [1])}
    if fmt == "fp8-channel":
        return {f"{p}.weight": ("F8_E4M3", [n, k]), f"{p}.weight_scale": ("F32", [n, 1])}
    if fmt == "fp8-block128":
        return {
            f"{p}.weight": ("F8_E4M3", [n, k]),
            f"{p}.weight_scale_inv": ("F32", [-(-n // 128), -(-k // 128)]),
        }
    if fmt == "int8-w8a8":
        return {f"{p}.weight": ("I8", [n, k]), f"{p}.weight_scale": ("F32", [n, 1])}
    if fmt == "nvfp4":
        return {
            f"{p}.weight_packed": ("U8", [n, k // 2]),
            f"{p}.weight_scale": ("F8_E4M3", [n, k // 16]),
            f"{p}.weight_global_scale": ("F32", [1]),
            f"{p}.input_global_scale": ("F32", [1]),
        }
    if fmt == "mxfp4":
        return {f"{p}_blocks": ("U8", [n, k // 32, 16]), f"{p}_scales": ("U8", [n, k // 32])}
    blocks = n * k // 64
    tensors = {f"{p}.weight": ("U8", [n * k // 2, 1]), f"{p}.weight.quant_map": ("F32", [16])}
    if fmt == "nf4":
        tensors[f"{p}.weight.absmax"] = ("F32", [blocks])
    else:
        tensors[f"{p}.weight.absmax"] = ("U8", [blocks])
        tensors[f"{p}.weight.nested_absmax"] = ("F32", [-(-blocks // 256)])
        tensors[f"{p}.weight.nested_quant_map"] = ("F32", [256])
    return tensors


QUANT_CONFIG = {
    **{
        f"gptq-int4-g{g}": {"quant_method": "gptq", "bits": 4, "group_size": g}
        for g in (32, 64, 128)
    },
    **{
        f"awq-int4-g{g}": {"quant_method": "awq", "bits": 4, "group_size": g, "version": "gemm"}
        for g in (32, 64, 128)
    },
    "fp8-tensor": {
        "quant_method": "compressed-tensors",
        "config_groups": {
            "group_0": {"weights": {"num_bits": 8, "type": "float", "strategy": "tensor"}}
        },
    },
    "fp8-channel": {
        "quant_method": "compressed-tensors",
        "config_groups": {
            "group_0": {"weights": {"num_bits": 8, "type": "float", "strategy": "channel"}}
        },
    },
    "fp8-block128": {"quant_method": "fp8", "weight_block_size": [128, 128]},
    "int8-w8a8": {
        "quant_method": "compressed-tensors",
        "config_groups": {
            "group_0": {"weights": {"num_bits": 8, "type": "int", "strategy": "channel"}}
        },
    },
    "nvfp4": {"quant_method": "compressed-tensors", "format": "nvfp4-pack-quantized"},
    "nf4": {"quant_method": "bitsandbytes", "load_in_4bit": True, "bnb_4bit_quant_type": "nf4"},
    "nf4-dq": {
        "quant_method": "bitsandbytes",
        "load_in_4bit": True,
        "bnb_4bit_quant_type": "nf4",
        "bnb_4bit_use_double_quant": True,
    },
}


def _checkpoint(folder: Path, fmt: str) -> Path:
    tensors: dict[str, tuple[str, list[int]]] = {"model.embed_tokens.weight": ("BF16", [V, H])}
    for i in range(LAYERS):
        for name, n, k in LINEARS:
            tensors |= _layout(fmt, f"model.layers.{i}.{name}", n, k)
        tensors[f"model.layers.{i}.input_layernorm.weight"] = ("BF16", [H])
        tensors[f"model.layers.{i}.post_attention_layernorm.weight"] = ("BF16", [H])
    tensors["model.norm.weight"] = ("BF16", [H])
    tensors["lm_head.weight"] = ("BF16", [V, H])
    folder.mkdir()
    config = {**CONFIG, "quantization_config": QUANT_CONFIG[fmt]}
    (folder / "config.json").write_text(json.dumps(config), "utf-8")
    return write_file(folder / "model.safetensors", tensors)


@pytest.mark.parametrize("fmt", sorted(QUANT_CONFIG))
def test_a_checkpoint_names_its_format_and_the_preset_gives_its_exact_bytes(tmp_path, fmt):
    path = _checkpoint(tmp_path / fmt, fmt)
    arch = architecture_from_safetensors(path)
    assert arch.stored_dtype == fmt
    # the header's byte ranges of one linear layer equal the format's formula for it
    summary = read_safetensors(path)
    for name, n, k in LINEARS:
        prefix = f"model.layers.0.{name}"
        stored = sum(t.nbytes for t in summary.tensors if t.name.startswith(prefix))
        assert stored == FORMATS[fmt].matrix_bytes(n, k), name
    # the whole model named by its config alone, in that format: the checkpoint's exact size
    plain = architecture_from_config(CONFIG, model_id="m", name="m", source="hf_config")
    memory = format_weight_memory(plain, FORMATS[fmt])
    assert memory.weights + memory.quantization_metadata == arch.stored_bytes


def test_exact_bytes_of_one_4096_square_matrix_per_format():
    """One 4096 × 4096 projection, from each layout; the bits follow from the definitions."""
    n = 4096 * 4096
    expected = {
        "fp8-tensor": n + 4,
        "fp8-channel": n + 4 * 4096,
        "fp8-block128": n + 4 * 32 * 32,
        "int8-w8a8": n + 4 * 4096,
        "gptq-int4-g128": n // 2 + 32 * 512 * 4 + 32 * 4096 * 2 + 4096 * 4,
        "gptq-int4-g32": n // 2 + 128 * 512 * 4 + 128 * 4096 * 2 + 4096 * 4,
        "awq-int4-g128": n // 2 + 32 * 512 * 4 + 32 * 4096 * 2,
        "awq-int4-g64": n // 2 + 64 * 512 * 4 + 64 * 4096 * 2,
        "nf4": n // 2 + 4 * (n // 64) + 64,
        "nf4-dq": n // 2 + n // 64 + 4 * (n // 64 // 256) + 1024 + 64,
        "mxfp4": n // 2 + n // 32,
        "nvfp4": n // 2 + n // 16 + 8,
    }
    for name, size in expected.items():
        assert FORMATS[name].matrix_bytes(4096, 4096) == size, name
    bits = {name: FORMATS[name].bits_per_weight(1 << 16, 1 << 16) for name in FORMATS}
    assert bits["mxfp4"] == Fraction(17, 4)  # 4 + 8/32
    assert bits["awq-int4-g128"] == Fraction(4) + Fraction(20, 128)
    assert round(float(bits["nf4"]), 6) == 4.5
    assert round(float(bits["nf4-dq"]), 3) == 4.127  # QLoRA's 4.127
    assert round(float(bits["nvfp4"]), 6) == 4.5
    assert bits["fp8-block128"] == 8 + Fraction(32, 128 * 128)


def test_mxfp4_experts_only_leaves_attention_in_bf16():
    """gpt-oss: MXFP4 on the experts, attention and everything else in bf16."""
    dense = gpt_like(layers=2, hidden=256, heads=4, vocab=100, gated=True, ff=512)
    moe_groups = tuple(
        g
        if g.name.endswith("_proj") and g.name[0] in "qkvo"
        else type(g)(g.name, g.in_features, g.out_features, g.count * 8, g.count * 2)
        for g in dense.linear_groups
    )
    moe = type(dense)(
        **{**dense.__dict__, "linear_groups": moe_groups, "num_experts": 8, "experts_per_token": 2}
    )
    fmt = FORMATS["mxfp4-experts"]
    memory = format_weight_memory(moe, fmt)
    attention = sum(g.params for g in moe_groups if g.count == 2) * 2
    experts = sum(
        fmt.matrix_bytes(g.out_features, g.in_features) * g.count
        for g in moe_groups
        if g.count == 16
    )
    rest = (moe.embedding_params + moe.lm_head_params + moe.other_params) * 2
    assert memory.weights + memory.quantization_metadata == attention + experts + rest


def test_gpt_oss_style_tensors_are_detected_without_a_config(tmp_path):
    path = write_file(
        tmp_path / "experts.safetensors",
        {
            "model.embed_tokens.weight": ("BF16", [100, 64]),
            "model.layers.0.mlp.experts.gate_up_proj_blocks": ("U8", [4, 128, 2, 16]),
            "model.layers.0.mlp.experts.gate_up_proj_scales": ("U8", [4, 128, 2]),
            "model.layers.0.self_attn.q_proj.weight": ("BF16", [64, 64]),
        },
    )
    summary = read_safetensors(path)
    blocks = sum(t.nbytes for t in summary.tensors if "gate_up_proj" in t.name)
    assert blocks == 4 * FORMATS["mxfp4"].matrix_bytes(128, 64)


@pytest.mark.parametrize(
    ("precision", "fmt", "weights"),
    [
        ({"weights": "gptq-int4-g128"}, "gptq-int4-g128", "int4"),
        ({"format": "nvfp4"}, "nvfp4", "int4"),
        ({"weights": "fp8-block128"}, "fp8-block128", "fp8"),
        ({"weights": "int4"}, None, "int4"),  # the older coarse values read as before
    ],
)
def test_a_request_names_a_format_for_a_preset(precision, fmt, weights):
    request = parse_request({"model": {"preset": "llama-3.1-8b"}, "precision": precision})
    assert request.precision.format == fmt
    assert request.precision.weights == weights


def test_a_request_naming_two_formats_is_refused():
    from core.base.errors import InputError

    with pytest.raises(InputError, match="name different formats"):
        parse_request(
            {
                "model": {"preset": "llama-3.1-8b"},
                "precision": {"weights": "fp8", "format": "nvfp4"},
            }
        )


@pytest.mark.parametrize("weights", [[1], {"a": 1}])
def test_weights_that_are_not_text_are_refused_naming_the_field(weights):
    from core.base.errors import InputError

    with pytest.raises(InputError) as caught:
        parse_request({"model": {"preset": "llama-3.1-8b"}, "precision": {"weights": weights}})
    assert caught.value.field == "precision.weights"


def test_default_sections_are_shared_not_copied_and_cannot_change():
    from pydantic import ValidationError

    first = parse_request({"model": {"preset": "llama-3.1-8b"}})
    second = parse_request({"model": {"preset": "qwen2.5-7b"}})
    assert first.inference is second.inference
    with pytest.raises(ValidationError):
        first.inference.context_tokens = 1  # type: ignore[misc]


def test_an_older_request_keeps_its_fingerprint():
    from core.quotes.quote import request_fingerprint

    request = parse_request({"model": {"preset": "llama-3.1-8b"}})
    text = request.canonical_json()
    assert '"format"' not in text and '"gguf"' not in text
    named = parse_request({"model": {"preset": "llama-3.1-8b"}, "precision": {"format": "nvfp4"}})
    assert request_fingerprint(named) != request_fingerprint(request)


def test_a_gptq_checkpoint_is_served_as_stored(tmp_path):
    """Before, a GPTQ checkpoint with the default precision was sized as bf16 (about 3.5× more)."""
    path = _checkpoint(tmp_path / "gptq", "gptq-int4-g128")
    arch = architecture_from_safetensors(path)
    request = parse_request({"model": {"safetensors": str(path)}, "gpu": "a100-80gb"})
    result = estimate(request)
    assert result.memory.weights == arch.stored_bytes
    assert result.memory.quantization_metadata == 0
    bf16 = parse_request(
        {"model": {"safetensors": str(path)}, "gpu": "a100-80gb", "precision": {"weights": "fp8"}}
    )
    assert estimate(bf16).memory.weights != arch.stored_bytes  # another format: recomputed
