"""A quantized checkpoint's weights, counted from its config.json as vLLM loads them.

Published figures pin the formulas where the checkpoint's index is public: gpt-oss's
``model.safetensors.index.json`` ``total_size``. DeepSeek-V4-Flash is checked against its own
tensor list, written out below from DeepSeek's ``inference/model.py`` (the module that defines
the checkpoint: names, shapes and dtypes) instead of from the planner's parameter groups.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.capacity.weights import format_weight_memory, layout_weight_memory
from core.domain.quant_formats import FORMATS
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.model.model_config import architecture_from_config
from core.model.models import load_preset

CONFIGS = Path(__file__).parent / "fixtures" / "hf_configs"


def _config(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((CONFIGS / name / "config.json").read_text("utf-8"))
    return data


def _arch(name: str, config: dict[str, Any] | None = None):  # type: ignore[no-untyped-def]
    return architecture_from_config(
        config or _config(name), model_id=name, name=name, source="hf_config"
    )


@pytest.mark.parametrize(
    ("name", "total_size"),
    [
        # openai/gpt-oss-20b model.safetensors.index.json: "metadata": {"total_size": 13761264768}
        ("gpt-oss-20b", 13_761_264_768),
        # openai/gpt-oss-120b: the tensor bytes of its 15 shards (index total_size)
        ("gpt-oss-120b", 65_248_815_744),
    ],
)
def test_gpt_oss_mxfp4_experts_match_the_published_index(name: str, total_size: int) -> None:
    layout = _arch(name).checkpoint
    assert layout is not None
    assert layout.total_bytes == total_size
    assert layout.formats == ("mxfp4-experts",) and layout.legacy == "int4"


def _fp8(out: int, inp: int, scale_bytes: int = 1) -> int:
    """An E4M3 matrix and its 128 × 128 block scales."""
    return out * inp + scale_bytes * -(-out // 128) * -(-inp // 128)


def _fp4(out: int, inp: int) -> int:
    """An E2M1 matrix (two values a byte) and its E8M0 scale per 32 values."""
    return out * inp // 2 + out * inp // 32


def _v4_flash_tensor_bytes(config: dict[str, Any]) -> int:
    """Every tensor of the DeepSeek-V4-Flash checkpoint but the MTP block, written out.

    From DeepSeek's ``inference/model.py``: ``Linear`` is FP8 with an E8M0 scale per 128 × 128
    block, experts are FP4 with an E8M0 scale per 32 values, norms and embeddings are bf16,
    ``wo_a`` is FP8 in the checkpoint, the compressors' ``wkv`` / ``wgate`` and the indexer's
    ``weights_proj`` bf16, ``ape``, sinks and hyper-connection weights float32; the router has a
    float32 ``bias`` or, in the first ``num_hash_layers`` layers, an int32 ``tid2eid``.
    """
    h, vocab, heads, hd = 4096, 129280, 64, 512
    q_lora, o_lora, groups, ff, experts = 1024, 1024, 8, 2048, 256
    index_heads, index_dim, hc, top_k = 64, 128, 4, 6
    mix = (2 + hc) * hc
    total = 2 * vocab * h * 2 + 2 * h + 4 * (hc * hc * h + hc + 1)  # embed, head, norm, hc_head
    for layer, ratio in enumerate(config["compress_ratios"][: config["num_hidden_layers"]]):
        attn = _fp8(q_lora, h) + _fp8(heads * hd, q_lora) + _fp8(hd, h)
        attn += _fp8(groups * o_lora, heads * hd // groups) + _fp8(h, groups * o_lora)
        attn += 4 * heads + 2 * (q_lora + hd)  # attn_sink, q_norm, kv_norm
        if ratio:
            coff = 2 if ratio == 4 else 1
            attn += 2 * 2 * coff * hd * h + 4 * ratio * coff * hd + 2 * hd  # wkv, wgate, ape, norm
        if ratio == 4:
            attn += _fp8(index_heads * index_dim, q_lora) + 2 * index_heads * h
            attn += 2 * 2 * 2 * index_dim * h + 4 * 4 * 2 * index_dim + 2 * index_dim
        ffn = 2 * experts * h  # gate.weight
        ffn += 4 * vocab * top_k if layer < config["num_hash_layers"] else 4 * experts
        ffn += experts * (2 * _fp4(ff, h) + _fp4(h, ff))
        ffn += 2 * _fp8(ff, h) + _fp8(h, ff)  # shared expert
        rest = 2 * 2 * h + 4 * 2 * (mix * hc * h + mix + 3)  # attn_norm, ffn_norm, hc_*
        total += attn + ffn + rest
    return total


def test_deepseek_v4_flash_counts_its_checkpoint_tensor_by_tensor() -> None:
    config = _config("deepseek-v4-flash")
    layout = _arch("deepseek-v4-flash", config).checkpoint
    assert layout is not None
    assert layout.total_bytes == _v4_flash_tensor_bytes(config) == 156_006_389_980
    assert layout.formats == ("mxfp4-experts", "fp8-block128")
    assert layout.label == "MXFP4 experts and fp8 blocks with E8M0 scales"


def test_deepseek_v4_fp8_experts_keep_float32_scales() -> None:
    fp4 = _arch("deepseek-v4-flash").checkpoint
    fp8 = _arch("deepseek-v4-flash", {**_config("deepseek-v4-flash"), "expert_dtype": "fp8"})
    assert fp4 is not None and fp8.checkpoint is not None
    assert fp8.checkpoint.formats == ("fp8-block128",)
    # Experts in FP8 take a byte a weight where MXFP4 took 17/32 of one.
    experts = 43 * 256 * 3 * 2048 * 4096
    assert fp8.checkpoint.total_bytes > fp4.total_bytes + experts * 15 // 32


def test_deepseek_v3_fp8_blocks_count_every_linear_layer_with_fp32_scales() -> None:
    arch = _arch("deepseek-v3")
    layout = arch.checkpoint
    assert layout is not None and layout.formats == ("fp8-block128",)
    linear = sum(g.params for g in arch.linear_groups)
    scales = sum(
        4 * -(-g.out_features // 128) * -(-g.in_features // 128) * g.count
        for g in arch.linear_groups
    )
    plain = 2 * (arch.params_total - linear)
    bias = 4 * 256 * 58  # float32 e_score_correction_bias of the 58 MoE layers
    assert layout.total_bytes == linear + scales + plain + bias == 673_150_611_808


def test_deepseek_v32_indexer_wk_and_weights_proj_are_held_in_bf16() -> None:
    # vLLM fuses the indexer's wk and weights_proj unquantized and upcasts the FP8 wk to bf16
    # while loading; weights_proj is stored in bf16. Every other linear layer is FP8 blocks.
    arch = _arch("deepseek-v3.2")
    layout = arch.checkpoint
    assert layout is not None
    kept = {"self_attn.indexer.wk", "self_attn.indexer.weights_proj"}
    fp8 = [g for g in arch.linear_groups if g.name not in kept]
    linear = sum(g.params for g in fp8)
    scales = sum(4 * -(-g.out_features // 128) * -(-g.in_features // 128) * g.count for g in fp8)
    plain = 2 * (arch.params_total - linear)
    bias = 4 * 256 * 58  # float32 e_score_correction_bias of the 58 MoE layers
    assert layout.total_bytes == linear + scales + plain + bias == 674_086_291_296
    # Against both as FP8 blocks with their scales: wk (128 × 7168) and weights_proj (64 × 7168)
    # take 917,280 and 458,528 bytes more in each of the 61 layers.
    all_linear = sum(g.params for g in arch.linear_groups)
    all_scales = sum(
        4 * -(-g.out_features // 128) * -(-g.in_features // 128) * g.count
        for g in arch.linear_groups
    )
    as_fp8 = all_linear + all_scales + 2 * (arch.params_total - all_linear) + bias
    assert layout.total_bytes - as_fp8 == 61 * (917_280 + 458_528)


def test_modules_kept_unquantized_stay_in_bf16() -> None:
    config = _config("gpt-oss-20b")
    kept = _arch("gpt-oss-20b", config)
    quantization = {**config["quantization_config"], "modules_to_not_convert": []}
    all_experts = _arch("gpt-oss-20b", {**config, "quantization_config": quantization})
    assert kept.checkpoint is not None and all_experts.checkpoint is not None
    # gpt-oss lists attention, router, embeddings and head: only the experts are MXFP4 either way.
    assert kept.checkpoint.total_bytes == all_experts.checkpoint.total_bytes
    fp8 = {"quant_method": "fp8", "weight_block_size": [128, 128]}
    attention_kept = {**fp8, "modules_to_not_convert": ["model.layers.*.self_attn"]}
    whole = _arch("gpt-oss-20b", {**config, "quantization_config": fp8}).checkpoint
    part = _arch("gpt-oss-20b", {**config, "quantization_config": attention_kept}).checkpoint
    assert whole is not None and part is not None
    attention = sum(g.params for g in kept.linear_groups if g.name.startswith("self_attn."))
    assert part.total_bytes - whole.total_bytes > attention // 2


@pytest.mark.parametrize(
    ("name", "method"),
    [
        ("ernie-4.5-21b-a3b", "a quantization method"),  # Paddle mix_quant, no quant_method
    ],
)
def test_an_unread_layout_is_said_and_counts_at_the_request(name: str, method: str) -> None:
    arch = _arch(name)
    assert arch.checkpoint is None
    notes = [n for n in arch.notes if getattr(n, "key", "") == "model_note.declared_quantization"]
    assert len(notes) == 1 and notes[0].params["method"] == method


def _request(config: Path | str, **extra: Any) -> Any:
    return parse_request({"model": {"hf_config": str(config)}, "gpu": "h200-141gb", **extra})


def _finding(result: Any, code: str) -> Any:
    found = [f for f in result.findings if f.code == code]
    return found[0] if found else None


def test_the_default_precision_counts_the_checkpoint_as_stored_and_says_so() -> None:
    path = CONFIGS / "deepseek-v4-flash" / "config.json"
    arch = _arch("deepseek-v4-flash")
    assert arch.checkpoint is not None
    result = estimate(_request(path))
    expected = layout_weight_memory(arch.checkpoint, 1)
    assert result.memory.weights == expected.weights
    assert result.memory.quantization_metadata == expected.quantization_metadata
    finding = _finding(result, "weights_as_stored")
    assert finding.severity == "warning" and finding.variant == "instead"
    assert finding.params["weights"] == "bf16"
    assert finding.params["size"] == pytest.approx(156_006_389_980 / 2**30)
    assert _finding(result, "quantization_quality") is None  # the published weights themselves
    fp8 = estimate(_request(path, precision={"weights": "fp8"}))
    assert fp8.memory.weights == expected.weights
    kept = _finding(fp8, "weights_as_stored")
    assert kept.severity == "info" and kept.variant == ""


def test_a_named_format_counts_a_converted_copy_and_says_what_is_published() -> None:
    path = CONFIGS / "deepseek-v4-flash" / "config.json"
    arch = _arch("deepseek-v4-flash")
    result = estimate(_request(path, precision={"format": "nvfp4"}))
    assert result.memory.weights == format_weight_memory(arch, FORMATS["nvfp4"], 1).weights
    finding = _finding(result, "weights_not_as_stored")
    assert finding.severity == "warning" and finding.params["weights"] == "nvfp4"
    assert _finding(result, "weights_as_stored") is None


def test_a_config_without_quantization_config_keeps_the_requested_precision(
    tmp_path: Path,
) -> None:
    config = _config("deepseek-v4-flash")
    del config["quantization_config"]
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config), "utf-8")
    result = estimate(_request(path))
    arch = _arch("deepseek-v4-flash", config)
    assert arch.checkpoint is None
    assert result.memory.weights == 2 * arch.params_total  # bf16, as before
    assert _finding(result, "weights_as_stored") is None
    assert _finding(result, "weights_not_as_stored") is None


def test_presets_with_a_quantization_config_plan_the_published_checkpoint() -> None:
    arch = load_preset("gpt-oss-120b")
    assert arch.checkpoint is not None
    request = parse_request({"model": {"preset": "gpt-oss-120b"}, "gpu": "h100-80gb-sxm"})
    result = estimate(request)
    assert result.memory.weights + result.memory.quantization_metadata == 65_248_815_744
    assert result.fits


def _v4_mtp_params() -> int:
    """DeepSeek-V4-Flash's MTP block (``inference/model.py`` MTPBlock), tensor by tensor."""
    h, heads, hd, q_lora, o_lora, ff, experts, hc = 4096, 64, 512, 1024, 1024, 2048, 256, 4
    mix = (2 + hc) * hc
    attn = h * q_lora + q_lora * heads * hd + h * hd + heads * hd * o_lora + 8 * o_lora * h
    attn += heads + q_lora + hd  # attn_sink, q_norm, kv_norm (no compressor: ratio 0)
    ffn = experts * h + experts * 3 * h * ff + 3 * h * ff  # gate, experts, shared expert
    block = attn + ffn + 2 * h + 2 * (mix * hc * h + mix + 3)
    return block + 2 * h * h + 3 * h + hc * hc * h + hc + 1  # e/h_proj, norms, hc_head


def test_mtp_layers_are_named_with_their_parameters_and_not_counted() -> None:
    arch = _arch("deepseek-v4-flash")
    notes = [n for n in arch.notes if getattr(n, "key", "") == "model_note.mtp_layers"]
    assert len(notes) == 1
    assert notes[0].params == {"layers": 1, "params": _v4_mtp_params()}
    assert arch.params_total == 284_332_230_231  # unchanged: transformers counts no MTP
    assert not any("mtp_declared" in getattr(n, "key", "") for n in arch.notes)


def test_mtp_modules_without_a_vllm_draft_are_declared_as_not_counted() -> None:
    arch = _arch("minimax-m2.5")
    notes = [n for n in arch.notes if getattr(n, "key", "") == "model_note.mtp_declared"]
    assert len(notes) == 1 and notes[0].params == {"layers": 3, "key": "num_mtp_modules"}
    assert arch.mtp is None


def test_training_says_it_does_not_keep_the_stored_format() -> None:
    path = CONFIGS / "gpt-oss-20b" / "config.json"
    request = _request(path, workload="training", parallelism={"strategy": "fsdp", "gpus": 8})
    result = estimate(request)
    finding = _finding(result, "weights_not_as_stored")
    assert finding.variant == "training" and finding.severity == "info"
    assert finding.params["size"] == pytest.approx(13_761_264_768 / 2**30)
    assert _finding(result, "weights_as_stored") is None


@pytest.mark.parametrize(
    "kept",
    [
        ["model.layers.3.self_attn"],  # one layer's attention: not expressible per model
        ["re:.*self_attn.*"],  # a regular expression
    ],
)
def test_a_partial_or_regex_exclusion_list_is_not_guessed(kept: list[str]) -> None:
    config = _config("qwen3-235b-a22b-fp8")
    quantization = {**config["quantization_config"], "modules_to_not_convert": kept}
    arch = _arch("qwen3-235b-a22b-fp8", {**config, "quantization_config": quantization})
    assert arch.checkpoint is None
    assert "model_note.declared_quantization" in [getattr(n, "key", "") for n in arch.notes]


def test_an_exclusion_of_every_layer_s_experts_keeps_them_in_bf16() -> None:
    config = _config("qwen3-235b-a22b-fp8")
    published = _arch("qwen3-235b-a22b-fp8", config)
    quantization = {
        **config["quantization_config"],
        "ignored_layers": ["model.layers.*.mlp.experts"],
    }
    kept = _arch("qwen3-235b-a22b-fp8", {**config, "quantization_config": quantization})
    assert published.checkpoint is not None and kept.checkpoint is not None
    experts = sum(g.params for g in published.linear_groups if g.name.startswith("experts."))
    assert kept.checkpoint.total_bytes - published.checkpoint.total_bytes > experts * 99 // 100


def test_an_unknown_deepseek_v4_expert_dtype_is_not_guessed() -> None:
    arch = _arch("deepseek-v4-flash", {**_config("deepseek-v4-flash"), "expert_dtype": "int2"})
    assert arch.checkpoint is None
    assert "model_note.declared_quantization" in [getattr(n, "key", "") for n in arch.notes]
