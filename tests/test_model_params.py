"""Exact parameter counts from config.json, checked against hand arithmetic and published figures.

Every expected number below is worked out by hand in the comment above it from the model's
published config.json (copied into resources/models/llm/<id>.json) and the weights its
transformers modeling file creates. Notation: V vocab, h hidden, L layers, a heads, kv key/value
heads, d head_dim, ff intermediate size.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from core.base.errors import ModelSourceError
from core.base.resources import resource_path
from core.model.architecture import ModelArchitecture
from core.model.model_config import architecture_from_config
from core.model.models import load_preset


def _preset_config(preset_id: str) -> dict[str, Any]:
    data = json.loads(resource_path("models", "llm", f"{preset_id}.json").read_text("utf-8"))
    config: dict[str, Any] = data["config"]
    return config


def _count(config: dict[str, Any]) -> ModelArchitecture:
    return architecture_from_config(config, model_id="t", name="t", source="hf_config")


def test_llama_2_7b_matches_the_published_count():
    # Llama 2 paper (Touvron et al. 2023) / HF model card: 6,738,415,616 parameters.
    # V=32000 h=4096 L=32 a=kv=32 d=128 ff=11008, untied.
    # embeddings 32000·4096 = 131,072,000, LM head the same.
    # per layer: attention 4·4096² = 67,108,864; MLP 3·4096·11008 = 135,266,304;
    #   2 RMSNorms 2·4096 = 8,192 → 202,383,360; × 32 = 6,476,267,520.
    # total 2·131,072,000 + 6,476,267,520 + final norm 4,096 = 6,738,415,616.
    arch = load_preset("llama-2-7b")
    assert arch.params_total == 6_738_415_616
    assert arch.params_active == arch.params_total
    assert arch.attention == "mha"
    assert arch.largest_layer_params == 202_383_360


def test_llama_3_1_8b():
    # meta-llama/Llama-3.1-8B config: V=128256 h=4096 L=32 a=32 kv=8 d=128 ff=14336, untied.
    # embeddings 128256·4096 = 525,336,576 (×2 with the LM head = 1,050,673,152).
    # attention: q 4096·4096 = 16,777,216; k = v = 4096·1024 = 4,194,304; o 16,777,216
    #   → 41,943,040. MLP 3·4096·14336 = 176,160,768. norms 8,192. layer 218,112,000.
    # 32 layers 6,979,584,000 + 1,050,673,152 + 4,096 = 8,030,261,248.
    arch = load_preset("llama-3.1-8b")
    assert arch.params_total == 8_030_261_248
    assert arch.attention == "gqa"
    assert (arch.kv_heads, arch.head_dim) == (8, 128)
    assert arch.lm_head_params == 525_336_576


def test_llama_3_1_405b():
    # meta-llama/Llama-3.1-405B: V=128256 h=16384 L=126 a=128 kv=8 d=128 ff=53248, untied.
    # embeddings 128256·16384 = 2,101,346,304, ×2 = 4,202,692,608.
    # attention: q, o 16384² = 268,435,456 each; k, v 16384·1024 = 16,777,216 each → 570,425,344.
    # MLP 3·16384·53248 = 2,617,245,696. norms 32,768. layer 3,187,703,808.
    # 126 layers 401,650,679,808 + 4,202,692,608 + 16,384 = 405,853,388,800 (the "405B").
    arch = load_preset("llama-3.1-405b")
    assert arch.params_total == 405_853_388_800


def test_qwen2_5_7b_counts_qkv_biases():
    # Qwen/Qwen2.5-7B: V=152064 h=3584 L=28 a=28 kv=4 d=128 ff=18944, untied.
    # modeling_qwen2.py: q/k/v_proj have biases, o_proj has none.
    # embeddings 152064·3584 = 544,997,376, ×2 = 1,089,994,752.
    # attention: q, o 3584² = 12,845,056 each; k, v 3584·512 = 1,835,008 each → 29,360,128.
    # biases 3584 + 512 + 512 = 4,608. MLP 3·3584·18944 = 203,685,888. norms 7,168.
    # layer 233,057,792; × 28 = 6,525,618,176; + 1,089,994,752 + 3,584 = 7,615,616,512.
    # (Qwen2.5 model card: 7.61B.)
    arch = load_preset("qwen2.5-7b")
    assert arch.params_total == 7_615_616_512
    assert arch.other_params == 28 * (4_608 + 7_168) + 3_584
    # use_sliding_window is false in the published config: no layer caps its cache.
    assert arch.sliding_window is None
    assert arch.sliding_window_layers == 0


def test_gemma_2_9b_uses_explicit_head_dim_four_norms_and_tied_embeddings():
    # google/gemma-2-9b: V=256000 h=3584 L=42 a=16 kv=8 head_dim=256 (≠ 3584/16 = 224)
    # ff=14336; no tie_word_embeddings key, and Gemma2Config ties by default.
    # embeddings 256000·3584 = 917,504,000 (counted once).
    # attention: q 3584·4096 = 14,680,064; k, v 3584·2048 = 7,340,032 each; o 4096·3584
    #   = 14,680,064 → 44,040,192. MLP 3·3584·14336 = 154,140,672. norms 4·3584 = 14,336.
    # layer 198,195,200; × 42 = 8,324,198,400; + 917,504,000 + 3,584 = 9,241,705,984.
    arch = load_preset("gemma-2-9b")
    assert arch.params_total == 9_241_705_984
    assert arch.head_dim == 256
    assert arch.lm_head_params == 0
    assert arch.norms_per_layer == 4
    # Gemma2Config.layer_types: every even layer (21 of 42) uses the 4096-token window.
    assert (arch.sliding_window, arch.sliding_window_layers) == (4096, 21)


def test_mixtral_8x7b_total_and_active():
    # mistralai/Mixtral-8x7B-v0.1: V=32000 h=4096 L=32 a=32 kv=8 ff=14336, 8 experts, top-2.
    # embeddings 32000·4096 = 131,072,000, ×2 = 262,144,000.
    # attention 41,943,040 (as Llama 3.1 8B). one expert 3·4096·14336 = 176,160,768;
    # router 8·4096 = 32,768; norms 8,192.
    # total layer 41,943,040 + 8·176,160,768 + 32,768 + 8,192 = 1,451,270,144;
    #   × 32 = 46,440,644,608; + 262,144,000 + 4,096 = 46,702,792,704 (Mistral: "46.7B").
    # active layer 41,943,040 + 2·176,160,768 + 32,768 + 8,192 = 394,305,536;
    #   × 32 = 12,617,777,152; + 262,148,096 = 12,879,925,248 (Mistral: "12.9B").
    arch = load_preset("mixtral-8x7b")
    assert arch.params_total == 46_702_792_704
    assert arch.params_active == 12_879_925_248
    assert arch.is_moe
    assert (arch.num_experts, arch.experts_per_token) == (8, 2)
    experts = {g.name: g for g in arch.linear_groups}["experts.gate_proj"]
    assert (experts.count, experts.active_count) == (32 * 8, 32 * 2)
    assert arch.largest_layer_params == 1_451_270_144


def test_opt_13b_has_biases_layernorms_and_learned_positions():
    # facebook/opt-13b: V=50272 h=5120 ffn_dim=20480 L=40 a=40 max_position_embeddings=2048.
    # token embeddings 50272·5120 = 257,392,640; learned positions (2048 + 2)·5120
    #   = 10,496,000 (OPTLearnedPositionalEmbedding offset 2); LM head tied.
    # per layer: q, k, v, out_proj 4·5120² + 4·5120 = 104,878,080;
    #   fc1 + fc2 2·5120·20480 + 20480 + 5120 = 209,740,800; 2 LayerNorms 2·2·5120 = 20,480
    #   → 314,639,360; × 40 = 12,585,574,400.
    # total 257,392,640 + 10,496,000 + 12,585,574,400 + final LayerNorm 10,240 = 12,853,473,280.
    arch = load_preset("opt-13b")
    assert arch.params_total == 12_853_473_280
    assert arch.embedding_params == 257_392_640 + 10_496_000
    assert arch.lm_head_params == 0
    assert arch.mlp_gated is False
    assert arch.dropout is True


def test_opt_with_projection_and_post_layernorm():
    # facebook/opt-350m config: V=50272 h=1024 word_embed_proj_dim=512 ffn_dim=4096 L=24 a=16,
    # do_layer_norm_before false (so no final LayerNorm).
    # embeddings 50272·512 + 2050·1024 = 25,739,264 + 2,099,200 = 27,838,464;
    # project_in + project_out 2·512·1024 = 1,048,576.
    # layer 4·1024² + 4·1024 + 2·1024·4096 + 4096 + 1024 + 4·1024 = 12,596,224; × 24 = 302,309,376.
    # total 27,838,464 + 1,048,576 + 302,309,376 = 331,196,416 (HF: "331M").
    config = {
        "model_type": "opt",
        "vocab_size": 50272,
        "hidden_size": 1024,
        "word_embed_proj_dim": 512,
        "ffn_dim": 4096,
        "num_hidden_layers": 24,
        "num_attention_heads": 16,
        "max_position_embeddings": 2048,
        "do_layer_norm_before": False,
    }
    assert _count(config).params_total == 331_196_416


def test_phi_3_mini_with_fused_projections():
    # microsoft/Phi-3-mini-4k-instruct: V=32064 h=3072 L=32 a=kv=32 ff=8192, untied.
    # embeddings 32064·3072 = 98,500,608, ×2 = 197,001,216.
    # qkv_proj 3072·9216 + o_proj 3072² = 37,748,736; gate_up_proj 3072·16384 + down_proj
    #   8192·3072 = 75,497,472; norms 6,144 → layer 113,252,352; × 32 = 3,624,075,264.
    # total 197,001,216 + 3,624,075,264 + 3,072 = 3,821,079,552.
    arch = load_preset("phi-3-mini")
    assert arch.params_total == 3_821_079_552
    assert {"self_attn.qkv_proj", "mlp.gate_up_proj"} <= {g.name for g in arch.linear_groups}


def test_deepseek_v3_total_and_active():
    # deepseek-ai/DeepSeek-V3: V=129280 h=7168 L=61 a=128, q_lora 1536, kv_lora 512, nope 128,
    # rope 64, v 128, 256 routed experts (top 8) of 2048, 1 shared, first 3 layers dense
    # (ff 18432), untied.
    # embeddings 129280·7168 = 926,679,040, ×2 = 1,853,358,080.
    # MLA per layer: q_a 7168·1536 = 11,010,048; q_b 1536·128·192 = 37,748,736;
    #   kv_a_with_mqa 7168·576 = 4,128,768; kv_b 512·128·256 = 16,777,216;
    #   o 128·128·7168 = 117,440,512; q_a/kv_a norms 1536 + 512 → 187,107,328.
    # layer norms 2·7168 = 14,336.
    # dense layer: + 3·7168·18432 = 396,361,728 → 583,483,392; × 3 = 1,750,450,176.
    # MoE layer: experts 256·3·7168·2048 = 11,274,289,152; shared 44,040,192;
    #   router 256·7168 = 1,835,008 (its e_score_correction_bias is a buffer, not a
    #   parameter) → 11,507,286,016; × 58 = 667,422,588,928.
    # total 1,853,358,080 + 1,750,450,176 + 667,422,588,928 + 7,168 = 671,026,404,352.
    # active MoE layer: 187,107,328 + 14,336 + 8·44,040,192 + 44,040,192 + 1,835,008
    #   = 585,318,400; × 58 = 33,948,467,200;
    # active total 1,853,358,080 + 1,750,450,176 + 33,948,467,200 + 7,168 = 37,552,282,624.
    arch = load_preset("deepseek-v3")
    assert arch.params_total == 671_026_404_352
    assert arch.params_active == 37_552_282_624
    # DeepSeek-V3 report: "671B total parameters with 37B activated for each token".
    assert round(arch.params_total / 1e9) == 671
    assert 37e9 <= arch.params_active < 38e9
    assert arch.attention == "mla"
    assert (arch.kv_lora_rank, arch.qk_rope_head_dim) == (512, 64)
    assert arch.shared_experts == 1
    assert arch.largest_layer_params == 11_507_286_016
    groups = {g.name: g for g in arch.linear_groups}
    assert groups["dense_mlp.gate_proj"].count == 3
    assert (groups["experts.down_proj"].count, groups["experts.down_proj"].active_count) == (
        58 * 256,
        58 * 8,
    )
    # MTP module: MoE layer + 3·7168 norms + eh_proj 2·7168² + own embedding and head
    # = 11,507,286,016 + 21,504 + 102,760,448 + 1,853,358,080 = 13,463,426,048 (the "685B"
    # checkpoint = 671B + ~14B).
    assert any("13,463,426,048" in note for note in arch.notes)


@pytest.mark.parametrize(
    ("preset_id", "published_billions", "digits"),
    [
        ("llama-3.2-1b", 1.24, 2),  # HF model card / hub: 1.24B
        ("llama-3.2-3b", 3.21, 2),  # 3.21B
        ("llama-3.1-70b", 70.6, 1),  # 70.6B
        ("mistral-7b", 7.25, 2),  # 7.25B
        ("mixtral-8x22b", 141, 0),  # Mistral: 141B total
        ("gemma-2-27b", 27.2, 1),  # 27.2B
        ("qwen2.5-14b", 14.7, 1),  # Qwen2.5 model card: 14.7B
        ("qwen2.5-72b", 72.7, 1),  # Qwen2.5 model card: 72.7B
    ],
)
def test_other_presets_match_published_rounded_counts(preset_id, published_billions, digits):
    total = load_preset(preset_id).params_total / 1e9
    # Within one unit of the last published digit (cards round or truncate).
    assert abs(total - published_billions) <= 10.0**-digits


def test_mixtral_8x22b_active_matches_published():
    # Mistral's announcement: 39B active of 141B.
    assert round(load_preset("mixtral-8x22b").params_active / 1e9) == 39


def test_missing_kv_heads_means_multi_head_attention():
    config = _preset_config("llama-2-7b")
    del config["num_key_value_heads"]
    arch = _count(config)
    assert arch.kv_heads == arch.attention_heads == 32
    assert arch.params_total == 6_738_415_616


def test_llama_attention_and_mlp_bias_flags_add_biases():
    config = _preset_config("llama-3.1-8b")
    config.update(attention_bias=True, mlp_bias=True)
    # q 4096 + k 1024 + v 1024 + o 4096 = 10,240; gate/up 2·14336 + down 4096 = 32,768.
    extra = 32 * (10_240 + 32_768)
    assert _count(config).params_total == 8_030_261_248 + extra


def test_family_tie_defaults():
    gemma = _preset_config("gemma-2-9b")
    assert "tie_word_embeddings" not in gemma  # as published
    assert _count(gemma).lm_head_params == 0
    llama = _preset_config("llama-3.1-8b")
    del llama["tie_word_embeddings"]  # LlamaConfig default is untied
    assert _count(llama).lm_head_params == 128256 * 4096


def test_mistral_v0_1_window_applies_to_every_layer():
    config = _preset_config("mistral-7b")
    config["sliding_window"] = 4096  # Mistral-7B-v0.1 publishes a 4096-token window
    arch = _count(config)
    assert (arch.sliding_window, arch.sliding_window_layers) == (4096, 32)
    assert load_preset("mistral-7b").sliding_window is None  # v0.3 publishes null


def test_qwen2_window_only_when_enabled():
    config = _preset_config("qwen2.5-7b")
    config.update(use_sliding_window=True, sliding_window=4096, max_window_layers=20)
    arch = _count(config)
    # Qwen2Config: layers from max_window_layers on use the window: 28 − 20 = 8.
    assert (arch.sliding_window, arch.sliding_window_layers) == (4096, 8)


def test_unknown_model_type_is_estimated_with_a_note():
    config = _preset_config("llama-3.1-8b")
    config["model_type"] = "brand_new_lm"
    arch = _count(config)
    assert arch.params_total == 8_030_261_248  # same generic fields, same Llama-style formula
    assert "brand_new_lm" in arch.notes[0]
    assert "estimated" in arch.notes[0]


def test_unknown_model_type_reads_gpt2_style_field_names():
    config = {"model_type": "gpt_like", "n_embd": 64, "n_layer": 2, "n_head": 4, "vocab_size": 100}
    arch = _count(config)
    assert (arch.hidden_size, arch.layers, arch.attention_heads) == (64, 2, 4)
    assert any("n_embd" in note for note in arch.notes)
    assert any("intermediate_size" in note for note in arch.notes)


@pytest.mark.parametrize(
    "field", ["hidden_size", "num_hidden_layers", "num_attention_heads", "vocab_size"]
)
def test_missing_required_field_is_named(field):
    config = _preset_config("llama-3.1-8b")
    del config[field]
    with pytest.raises(ModelSourceError, match=field):
        _count(config)


@pytest.mark.parametrize("value", [0, -4096, 4096.0, "4096", True, None])
def test_non_positive_or_non_integer_values_are_refused(value):
    config = _preset_config("llama-3.1-8b")
    config["hidden_size"] = value
    with pytest.raises(ModelSourceError, match="hidden_size"):
        _count(config)


def test_kv_heads_must_divide_heads():
    config = _preset_config("llama-3.1-8b")
    config["num_key_value_heads"] = 5
    with pytest.raises(ModelSourceError, match="num_key_value_heads"):
        _count(config)


def test_flag_must_be_boolean():
    config = _preset_config("llama-3.1-8b")
    config["tie_word_embeddings"] = "no"
    with pytest.raises(ModelSourceError, match="tie_word_embeddings"):
        _count(config)


def test_config_must_be_an_object():
    with pytest.raises(ModelSourceError):
        architecture_from_config([], model_id="t", name="t", source="hf_config")  # type: ignore[arg-type]


def test_absent_structural_field_uses_family_default_with_a_note():
    config = _preset_config("llama-2-7b")
    del config["intermediate_size"]  # LlamaConfig default is 11008
    arch = _count(config)
    assert arch.params_total == 6_738_415_616
    assert any("intermediate_size" in note and "11008" in note for note in arch.notes)
