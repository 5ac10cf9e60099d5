"""Checkpoints stored as per-tensor FP8, compressed-tensors, AWQ and GPTQ, counted from config.json.

Neural Magic's Meta-Llama-3-8B-Instruct-FP8 is pinned to its published
``model.safetensors.index.json`` ``total_size``, and a DeepSeek-V3 AWQ checkpoint to its index's
(tests/fixtures/quantized_checkpoints, with their sources). No published index of a
compressed-tensors or GPTQ checkpoint whose config is public was at hand: those, and AWQ on a
dense model, are checked against their tensors written out one by one below, from the shapes and
dtypes the writing libraries give each tensor (compressed-tensors ``pack_quantized.py``, AutoAWQ
``WQLinear_GEMM``, AutoGPTQ ``QuantLinear``), not from the planner's parameter groups.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.model.model_config import architecture_from_config

FIXTURES = Path(__file__).parent / "fixtures"
CONFIGS = FIXTURES / "hf_configs"
CHECKPOINTS = FIXTURES / "quantized_checkpoints"


def _json(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data


def _arch(config: dict[str, Any]):  # type: ignore[no-untyped-def]
    return architecture_from_config(config, model_id="m", name="m", source="hf_config")


def _with(name: str, quantization: dict[str, Any]) -> dict[str, Any]:
    return {**_json(CONFIGS / name / "config.json"), "quantization_config": quantization}


def test_per_tensor_fp8_matches_the_published_index_to_the_byte() -> None:
    folder = CHECKPOINTS / "meta-llama-3-8b-instruct-fp8"
    layout = _arch(_json(folder / "config.json")).checkpoint
    assert layout is not None
    published = _json(folder / "index_metadata.json")["metadata"]["total_size"]
    assert layout.total_bytes == published == 9_081_202_432
    assert layout.formats == ("fp8-tensor",) and layout.legacy == "fp8"
    assert layout.label == "fp8 with one scale per matrix"


def _llama_like_linear(h: int, kv: int, ff: int) -> list[tuple[int, int]]:
    """(out, in) of each linear layer of one Llama / Qwen2 decoder layer."""
    return [(h, h), (kv, h), (kv, h), (h, h), (ff, h), (ff, h), (h, ff)]


def _qwen25_7b_plain() -> int:
    """Qwen2.5-7B's 16-bit tensors: embeddings, head, norms, q/k/v biases."""
    h, kv, vocab, layers = 3584, 512, 152064, 28
    return 2 * (2 * vocab * h + h + layers * (2 * h + h + 2 * kv))


def _awq_tensors(out: int, inp: int, group: int) -> int:
    """AutoAWQ WQLinear_GEMM: qweight int32 [in, out/8], qzeros int32 [in/g, out/8], scales fp16."""
    return 4 * inp * out // 8 + 4 * (inp // group) * (out // 8) + 2 * (inp // group) * out


def _gptq_tensors(out: int, inp: int, group: int) -> int:
    """AutoGPTQ QuantLinear: qweight int32 [in/8, out], qzeros, scales fp16, g_idx int32 [in]."""
    return 4 * inp // 8 * out + 4 * (inp // group) * (out // 8) + 2 * (inp // group) * out + 4 * inp


@pytest.mark.parametrize(
    ("quantization", "tensors", "fmt"),
    [
        (
            {"quant_method": "awq", "bits": 4, "group_size": 128, "version": "gemm",
             "zero_point": True, "modules_to_not_convert": None},
            _awq_tensors,
            "awq-int4-g128",
        ),
        (
            {"quant_method": "gptq", "bits": 4, "group_size": 128, "desc_act": False,
             "sym": True},
            _gptq_tensors,
            "gptq-int4-g128",
        ),
    ],
)  # fmt: skip
def test_awq_and_gptq_count_every_packed_tensor(
    quantization: dict[str, Any], tensors: Any, fmt: str
) -> None:
    layout = _arch(_with("qwen2.5-7b", quantization)).checkpoint
    assert layout is not None and layout.formats == (fmt,) and layout.legacy == "int4"
    linear = 28 * sum(tensors(o, i, 128) for o, i in _llama_like_linear(3584, 512, 18944))
    assert layout.total_bytes == linear + _qwen25_7b_plain()


def test_a_deepseek_v3_awq_checkpoint_matches_its_published_index() -> None:
    """All but the routers' score-correction biases, which this checkpoint stores in 16-bit.

    vLLM loads them as float32 (DeepseekV2MoE's ``e_score_correction_bias``), as the planner
    counts them: 58 MoE layers x 256 experts x 2 bytes more than stored. The group size is the
    one the published total singles out; the index's repository publishes no config.json.
    """
    folder = CHECKPOINTS / "deepseek-v3-awq"
    published = _json(folder / "index_metadata.json")["metadata"]["total_size"]
    awq = {"quant_method": "awq", "bits": 4, "version": "gemm", "zero_point": True}
    totals = {}
    for group in (32, 64, 128):
        layout = _arch(_with("deepseek-v3", {**awq, "group_size": group})).checkpoint
        assert layout is not None and layout.formats == (f"awq-int4-g{group}",)
        totals[group] = layout.total_bytes
    assert totals[64] - published == 58 * 256 * 2
    assert min(abs(totals[32] - published), abs(totals[128] - published)) > published * 3 // 100


def test_awq_modules_to_not_convert_keep_a_module_in_16_bit() -> None:
    base = {"quant_method": "awq", "bits": 4, "group_size": 128, "version": "gemm"}
    whole = _arch(_with("qwen2.5-7b", base)).checkpoint
    kept = _arch(_with("qwen2.5-7b", {**base, "modules_to_not_convert": ["down_proj"]}))
    assert whole is not None and kept.checkpoint is not None
    down = 28 * 3584 * 18944
    assert kept.checkpoint.total_bytes - whole.total_bytes == 2 * down - 28 * _awq_tensors(
        3584, 18944, 128
    )
    # A name that keeps one layer's module only is not expressible per model.
    split = _arch(_with("qwen2.5-7b", {**base, "modules_to_not_convert": ["layers.3.mlp"]}))
    assert split.checkpoint is None


def _ct(fmt: str, weights: dict[str, Any], inputs: Any = None, **extra: Any) -> dict[str, Any]:
    return {
        "quant_method": "compressed-tensors",
        "format": fmt,
        "config_groups": {
            "group_0": {"targets": ["Linear"], "weights": weights, "input_activations": inputs}
        },
        "ignore": ["lm_head"],
        **extra,
    }


def test_fp8_dynamic_per_channel_counts_a_float32_scale_per_row() -> None:
    # Saved in the weights' dtype, loaded by vLLM into float32 (create_fp8_scale_parameter).
    weights = {"num_bits": 8, "type": "float", "strategy": "channel", "symmetric": True}
    inputs = {"num_bits": 8, "type": "float", "strategy": "token", "dynamic": True}
    layout = _arch(_with("llama-3.1-8b", _ct("float-quantized", weights, inputs))).checkpoint
    assert layout is not None and layout.formats == ("fp8-channel",)
    h, vocab = 4096, 128256
    per_layer = sum(o * i + 4 * o for o, i in _llama_like_linear(h, 1024, 14336))
    plain = 2 * (2 * vocab * h + h + 32 * 2 * h)
    assert layout.total_bytes == 32 * per_layer + plain


def _packed(out: int, inp: int, group: int, symmetric: bool = True) -> int:
    """weight_packed int32 [out, in/8], weight_scale bf16 [out, in/g], weight_shape int64 [2]."""
    zero = 0 if symmetric else 4 * -(-out // 8) * (inp // group)
    return 4 * out * inp // 8 + 2 * out * (inp // group) + 16 + zero


def _kimi_k25_tensors() -> int:
    """Kimi K2.5's checkpoint written out: int4 experts, the rest bf16 (``ignore`` list)."""
    h, vocab, layers, experts, ff, dense_ff = 7168, 163840, 61, 384, 2048, 18432
    q_lora, kv_lora, heads, nope, rope, v = 1536, 512, 64, 128, 64, 128
    attn = h * q_lora + q_lora * heads * (nope + rope) + h * (kv_lora + rope)
    attn += kv_lora * heads * (nope + v) + heads * v * h + q_lora + kv_lora  # + the two norms
    total = 2 * (2 * vocab * h + h) + 2 * layers * (attn + 2 * h)  # embed, head, norms
    total += 2 * 3 * dense_ff * h  # layer 0's dense MLP (re:.*mlp\.(gate|up|gate_up|down)_proj)
    moe = experts * (2 * _packed(ff, h, 32) + _packed(h, ff, 32))
    moe += 2 * 3 * ff * h + 2 * experts * h + 4 * experts  # shared expert, router, fp32 bias
    return total + (layers - 1) * moe


def test_kimi_k25_int4_experts_count_tensor_by_tensor() -> None:
    arch = _arch(_json(CONFIGS / "kimi-k2.5" / "config.json"))
    layout = arch.checkpoint
    assert layout is not None
    assert layout.formats == ("gptq-int4-g32",) and layout.legacy == "int4"
    assert layout.label == "int4 packed in groups (compressed-tensors)"
    # The vision tower is stored in bf16: the quantization_config sits in text_config.
    assert layout.total_bytes == _kimi_k25_tensors() + 2 * arch.vision_params


def test_an_asymmetric_scheme_stores_packed_zero_points() -> None:
    weights = {"num_bits": 4, "type": "int", "strategy": "group", "group_size": 128}
    sym = _arch(_with("llama-3.1-8b", _ct("pack-quantized", {**weights, "symmetric": True})))
    asym = _arch(_with("llama-3.1-8b", _ct("pack-quantized", {**weights, "symmetric": False})))
    assert sym.checkpoint is not None and asym.checkpoint is not None
    zeros = 32 * sum(
        _packed(o, i, 128, False) - _packed(o, i, 128)
        for o, i in _llama_like_linear(4096, 1024, 14336)
    )
    assert asym.checkpoint.total_bytes - sym.checkpoint.total_bytes == zeros


@pytest.mark.parametrize(
    "quantization",
    [
        # an ignore pattern that names one layer's attention only
        _ct("pack-quantized", {"num_bits": 4, "type": "int", "strategy": "group",
            "group_size": 128, "symmetric": True},
            ignore=["lm_head", "re:.*layers\\.3\\.self_attn.*"]),
        # a quantized LM head
        _ct("float-quantized", {"num_bits": 8, "type": "float", "strategy": "channel",
            "symmetric": True}, ignore=[]),
        # two schemes
        {**_ct("float-quantized", {}), "config_groups": {"a": {}, "b": {}}},
        # 3-bit GPTQ, AWQ GEMV
        {"quant_method": "gptq", "bits": 3, "group_size": 128},
        {"quant_method": "awq", "bits": 4, "group_size": 128, "version": "gemv"},
    ],
)  # fmt: skip
def test_a_layout_outside_the_read_cases_is_not_guessed(quantization: dict[str, Any]) -> None:
    arch = _arch(_with("llama-3.1-8b", quantization))
    assert arch.checkpoint is None
    assert "model_note.declared_quantization" in [getattr(n, "key", "") for n in arch.notes]


def test_a_top_level_scheme_that_may_reach_the_vision_tower_is_not_read() -> None:
    config = _json(CONFIGS / "kimi-k2.5" / "config.json")
    quantization = config["text_config"]["quantization_config"]
    assert _arch(config).checkpoint is not None
    top = {**config, "quantization_config": quantization}
    assert _arch(top).checkpoint is None
    ignored = {**quantization, "ignore": [*quantization["ignore"], "re:vision_tower.*"]}
    assert _arch({**config, "quantization_config": ignored}).checkpoint is not None
