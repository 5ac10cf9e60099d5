"""Families beyond Llama: exact counts against published figures, per-layer caches, bounds.

Published parameter counts (the exact figures the models' pages report): GPT-2 124,439,808;
Pythia-70m 70,426,624; BLOOM-560m 559,214,592; Falcon-7B 6,921,720,704; Falcon-40B
41,303,293,952; Phi-2 2,779,683,840; GPT-J-6B 6,050,882,784; MPT-7B 6,649,286,656; StableLM 2
1.6B 1,644,515,328; Qwen1.5-MoE-A2.7B 14,315,784,192; Mamba-2 2.7B 2,702,599,680; Phi-3.5-MoE
41,873,153,344; OLMoE-1B-7B 6,919,161,856; Command R7B 8,028,033,024; StarCoder2-3B
3,030,371,328; SmolLM3-3B 3,075,098,624; Gemma 3 4B / 12B / 27B 4,300,079,472 / 12,187,325,040
/ 27,432,406,640 (with the SigLIP tower and projector). The configs
below carry the published configs' structural fields. The 2026 families are checked against
transformers in ``test_oracle_configs.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.base.errors import ModelSourceError
from core.capacity.kv_cache import (
    cache_by_kind,
    cache_bytes_per_sequence,
    kv_bytes_per_token,
    kv_cache_per_gpu,
    state_bytes_per_sequence,
)
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.estimate.results import estimate_to_json
from core.model.architecture import ModelArchitecture
from core.model.families.gemma4 import gemma4_audio
from core.model.model_config import architecture_from_config
from core.model.models import load_preset


def _count(config: dict[str, Any]) -> ModelArchitecture:
    return architecture_from_config(config, model_id="t", name="t", source="hf_config")


GPT2 = {"model_type": "gpt2", "n_embd": 768, "n_layer": 12, "n_head": 12, "vocab_size": 50257}
FALCON_7B = {
    "model_type": "falcon",
    "hidden_size": 4544,
    "num_hidden_layers": 32,
    "num_attention_heads": 71,
    "vocab_size": 65024,
    "multi_query": True,
    "parallel_attn": True,
    "new_decoder_architecture": False,
    "bias": False,
}
GEMMA_3_4B = {
    "architectures": ["Gemma3ForConditionalGeneration"],
    "model_type": "gemma3",
    "text_config": {
        "hidden_size": 2560,
        "intermediate_size": 10240,
        "model_type": "gemma3_text",
        "num_hidden_layers": 34,
        "rope_scaling": {"factor": 8.0, "rope_type": "linear"},
        "sliding_window": 1024,
    },
    "torch_dtype": "bfloat16",
    "vision_config": {
        "hidden_size": 1152,
        "image_size": 896,
        "intermediate_size": 4304,
        "model_type": "siglip_vision_model",
        "num_attention_heads": 16,
        "num_hidden_layers": 27,
        "patch_size": 14,
        "vision_use_head": False,
    },
}


@pytest.mark.parametrize(
    ("config", "published"),
    [
        # GPT-2: wte 50257·768 + wpe 1024·768; per layer ln_1, ln_2 (2·768 each), c_attn
        # 768·2304 + 2304, c_proj 768² + 768, c_fc 768·3072 + 3072, c_proj 3072·768 + 768;
        # ln_f; head tied.
        (GPT2, 124_439_808),
        # Pythia-70m (gpt_neox): untied embed_out, biased fused qkv, two LayerNorms.
        (
            {
                "model_type": "gpt_neox",
                "hidden_size": 512,
                "num_hidden_layers": 6,
                "num_attention_heads": 8,
                "vocab_size": 50304,
                "intermediate_size": 2048,
                "tie_word_embeddings": False,
            },
            70_426_624,
        ),
        # BLOOM-560m: word_embeddings_layernorm, biased 4h MLP, tied head.
        (
            {
                "model_type": "bloom",
                "hidden_size": 1024,
                "n_layer": 24,
                "n_head": 16,
                "vocab_size": 250880,
            },
            559_214_592,
        ),
        # Falcon-7B: multi_query (one KV head), one LayerNorm per parallel layer, no biases.
        (FALCON_7B, 6_921_720_704),
        # Phi-2: one LayerNorm per layer, biases everywhere, biased untied head.
        (
            {
                "model_type": "phi",
                "hidden_size": 2560,
                "num_hidden_layers": 32,
                "num_attention_heads": 32,
                "vocab_size": 51200,
                "intermediate_size": 10240,
            },
            2_779_683_840,
        ),
        # GPT-J-6B: ln_1 only, unbiased attention, biased fc_in/fc_out and head.
        (
            {
                "model_type": "gptj",
                "n_embd": 4096,
                "n_layer": 28,
                "n_head": 16,
                "vocab_size": 50400,
                "n_positions": 2048,
            },
            6_050_882_784,
        ),
        # Gemma 3 4B: text model from Gemma3TextConfig defaults + SigLIP tower + projector.
        (GEMMA_3_4B, 4_300_079_472),
        # Phi-3.5-MoE: LayerNorms with biases, biased q/k/v/o and head, 16 experts.
        (
            {
                "model_type": "phimoe",
                "hidden_size": 4096,
                "num_hidden_layers": 32,
                "num_attention_heads": 32,
                "num_key_value_heads": 8,
                "intermediate_size": 6400,
                "num_local_experts": 16,
                "num_experts_per_tok": 2,
                "vocab_size": 32064,
                "lm_head_bias": True,
                "attention_bias": True,
                "tie_word_embeddings": False,
            },
            41_873_153_344,
        ),
        # MPT-7B: no biases, weight-only LayerNorms, tied head.
        (
            {
                "model_type": "mpt",
                "d_model": 4096,
                "n_layers": 32,
                "n_heads": 32,
                "vocab_size": 50432,
                "expansion_ratio": 4,
                "no_bias": True,
            },
            6_649_286_656,
        ),
        # StableLM 2 1.6B: LayerNorms with biases, q/k/v biases only.
        (
            {
                "model_type": "stablelm",
                "hidden_size": 2048,
                "num_hidden_layers": 24,
                "num_attention_heads": 32,
                "num_key_value_heads": 32,
                "intermediate_size": 5632,
                "vocab_size": 100352,
                "use_qkv_bias": True,
                "tie_word_embeddings": False,
            },
            1_644_515_328,
        ),
        # Falcon-40B: the new decoder layout (8 KV heads, ln_attn + ln_mlp).
        (
            {
                "model_type": "falcon",
                "hidden_size": 8192,
                "num_hidden_layers": 60,
                "num_attention_heads": 128,
                "num_kv_heads": 8,
                "new_decoder_architecture": True,
                "bias": False,
                "vocab_size": 65024,
            },
            41_303_293_952,
        ),
        # OLMoE-1B-7B: q/k norms over the projected widths, 64 experts.
        (
            {
                "model_type": "olmoe",
                "hidden_size": 2048,
                "num_hidden_layers": 16,
                "num_attention_heads": 16,
                "intermediate_size": 1024,
                "num_experts": 64,
                "num_experts_per_tok": 8,
                "vocab_size": 50304,
                "tie_word_embeddings": False,
            },
            6_919_161_856,
        ),
        # Command R7B (cohere2): one weight-only norm per layer, tied head.
        (
            {
                "model_type": "cohere2",
                "hidden_size": 4096,
                "num_hidden_layers": 32,
                "num_attention_heads": 32,
                "num_key_value_heads": 8,
                "intermediate_size": 14336,
                "vocab_size": 256000,
                "sliding_window": 4096,
            },
            8_028_033_024,
        ),
        # StarCoder2-3B: biased LayerNorms and projections, c_fc/c_proj MLP, tied head.
        (
            {
                "model_type": "starcoder2",
                "hidden_size": 3072,
                "num_hidden_layers": 30,
                "num_attention_heads": 24,
                "num_key_value_heads": 2,
                "intermediate_size": 12288,
                "vocab_size": 49152,
                "sliding_window": 4096,
            },
            3_030_371_328,
        ),
        # Qwen1.5-MoE-A2.7B (qwen2_moe): 60 experts, a shared expert of 5,632 and its gate.
        (
            {
                "model_type": "qwen2_moe",
                "hidden_size": 2048,
                "num_hidden_layers": 24,
                "num_attention_heads": 16,
                "num_key_value_heads": 16,
                "intermediate_size": 5632,
                "moe_intermediate_size": 1408,
                "shared_expert_intermediate_size": 5632,
                "num_experts": 60,
                "num_experts_per_tok": 4,
                "vocab_size": 151936,
                "tie_word_embeddings": False,
            },
            14_315_784_192,
        ),
        # Mamba-2 2.7B: a norm and a Mamba-2 mixer per layer, tied head.
        (
            {
                "model_type": "mamba2",
                "hidden_size": 2560,
                "num_hidden_layers": 64,
                "num_heads": 80,
                "head_dim": 64,
                "state_size": 128,
                "n_groups": 1,
                "vocab_size": 50288,
                "tie_word_embeddings": True,
            },
            2_702_599_680,
        ),
        # SmolLM3-3B: Llama layout, tied head by default.
        (
            {
                "model_type": "smollm3",
                "hidden_size": 2048,
                "num_hidden_layers": 36,
                "num_attention_heads": 16,
                "num_key_value_heads": 4,
                "intermediate_size": 11008,
                "vocab_size": 128256,
            },
            3_075_098_624,
        ),
    ],
)
def test_published_counts_of_non_llama_layouts(config, published):
    arch = _count(config)
    assert arch.params_total == published
    assert arch.approximate is None


def test_falcon_multi_query_caches_one_kv_head():
    # 2 (K, V) · 32 layers · 1 head · 64 · 2 bytes = 8,192 bytes per token (71 heads would
    # give 581,632).
    assert kv_bytes_per_token(_count(FALCON_7B), "bf16") == 8_192


def test_gemma_3_local_layers_cap_at_the_window():
    arch = _count(GEMMA_3_4B)
    kinds = {g.kind: (g.layers, g.window) for g in arch.cache_groups}
    # 34 layers, every 6th global: 29 local of window 1024, 5 global.
    assert kinds == {"sliding": (29, 1024), "full": (5, None)}
    per_layer_token = 2 * 4 * 256 * 2  # K and V, 4 KV heads of 256, bf16
    by_kind = cache_by_kind(arch, "bf16", 8192, padded=False)
    assert by_kind["full"] == 5 * per_layer_token * 8192
    assert by_kind["sliding"] == 29 * per_layer_token * 1024
    assert arch.vision_params == 419_816_304


# Gemma 4 with per-layer input embeddings and KV-shared layers, E2B-sized (no published text-only
# config of that shape is in the fixtures). transformers 5.24.0 builds Gemma4ForCausalLM from it on
# the meta device with 4,621,490,944 parameters, and after a 16-token forward its cache holds
# 8,704 elements per token: only layers 0-14 cache, the last 20 reuse them.
GEMMA_4_SHARED_KV = {
    "model_type": "gemma4_text",
    "hidden_size": 1536,
    "intermediate_size": 6144,
    "num_attention_heads": 8,
    "num_key_value_heads": 1,
    "head_dim": 256,
    "global_head_dim": 512,
    "num_hidden_layers": 35,
    "num_kv_shared_layers": 20,
    "use_double_wide_mlp": True,
    "hidden_size_per_layer_input": 256,
    "sliding_window": 512,
    "vocab_size": 262144,
    "attention_k_eq_v": False,
    "tie_word_embeddings": True,
}


def test_gemma_4_per_layer_embeddings_and_shared_kv_layers_match_transformers():
    arch = _count(GEMMA_4_SHARED_KV)
    assert arch.approximate is None
    assert arch.params_total == 4_621_490_944
    kinds = {g.kind: (g.layers, g.kv_heads, g.k_dim, g.window) for g in arch.cache_groups}
    # Layers 0-14 cache: global at 5 and 11 (5 sliding : 1 global), the other 13 slide.
    assert kinds == {"sliding": (13, 1, 256, 512), "full": (2, 1, 512, None)}
    assert sum(g.layers * g.kv_heads * (g.k_dim + g.v_dim) for g in arch.cache_groups) == 8_704


# Gemma4AudioModel plus its Gemma4MultimodalEmbedder as transformers 5.24.0 builds them on the
# meta device (sum of parameters), for (audio_config, text hidden_size): the published E2B/E4B
# audio config, which is Gemma4AudioConfig's defaults, under the E2B and E4B text widths, and a
# config that changes every field the count reads.
GEMMA_4_AUDIO_ORACLE = [
    ({}, 1536, 307_183_904),
    ({}, 2560, 308_756_768),
    (
        {
            "hidden_size": 512,
            "num_hidden_layers": 3,
            "num_attention_heads": 4,
            "subsampling_conv_channels": [64, 16],
            "conv_kernel_size": 7,
            "output_proj_dims": 768,
        },
        1024,
        20_220_688,
    ),
]


@pytest.mark.parametrize(("audio", "text_hidden", "params"), GEMMA_4_AUDIO_ORACLE)
def test_gemma_4_audio_tower_matches_transformers(
    audio: dict[str, object], text_hidden: int, params: int
) -> None:
    assert gemma4_audio(audio, text_hidden) == params


def test_gemma_4_counts_its_audio_tower_exactly():
    config = {
        "model_type": "gemma4",
        "text_config": dict(GEMMA_4_SHARED_KV),
        "vision_config": {"hidden_size": 768},
    }
    without = _count(config)
    arch = _count({**config, "audio_config": {"model_type": "gemma4_audio"}})
    assert arch.approximate is None
    assert "model_note.audio_estimated" not in [getattr(n, "key", "") for n in arch.notes]
    audio = gemma4_audio({}, GEMMA_4_SHARED_KV["hidden_size"])
    assert arch.params_total == without.params_total + audio
    assert arch.vision_params == without.vision_params + audio


def test_an_audio_tower_the_planner_does_not_count_is_estimated_within_a_band():
    config = {
        "model_type": "gemma3",
        "text_config": {"hidden_size": 2560, "num_hidden_layers": 34},
        "vision_config": {},
        "audio_config": {"hidden_size": 1024},
    }
    arch = _count(config)
    assert arch.approximate is not None and "audio" in arch.approximate.reason
    assert "model_note.audio_estimated" in [getattr(note, "key", "") for note in arch.notes]
    without = _count({k: v for k, v in config.items() if k != "audio_config"})
    # The tower is counted, not dropped: the band is around the text, vision and audio figure.
    assert arch.vision_params > without.vision_params
    assert arch.approximate.band_low < 1.0 < arch.approximate.band_high


def test_llama_4_chunked_layers_cap_at_the_chunk_and_nope_layers_grow():
    arch = load_preset("llama-4-scout")
    kinds = {g.kind: (g.layers, g.window) for g in arch.cache_groups}
    # 48 layers, every 4th NoPE (global); the others chunked at 8,192 tokens.
    assert kinds == {"chunked": (36, 8192), "full": (12, None)}
    per_layer_token = 2 * 8 * 128 * 2
    assert cache_bytes_per_sequence(arch, "bf16", 131_072, padded=False) == (
        per_layer_token * (36 * 8192 + 12 * 131_072)
    )


def test_hybrid_state_is_fixed_and_only_attention_grows():
    arch = load_preset("qwen3-next-80b-a3b")
    state = state_bytes_per_sequence(arch, "bf16")
    # Gated DeltaNet: 36 layers × (32 value heads · 128 · 128 recurrent + conv_dim 8,192 × 3
    # columns), 2 bytes.
    assert state == 36 * (32 * 128 * 128 + (2 * 16 * 128 + 32 * 128) * 3) * 2
    short = cache_bytes_per_sequence(arch, "bf16", 16, padded=False)
    long = cache_bytes_per_sequence(arch, "bf16", 16 + 1024, padded=False)
    # 12 full-attention layers, 2 KV heads of 256: 2 · 12 · 2 · 256 · 2 bytes per token.
    assert long - short == 1024 * 2 * 12 * 2 * 256 * 2
    assert state_bytes_per_sequence(load_preset("llama-3.1-8b"), "bf16") == 0


def test_tensor_parallel_splits_recurrent_state_over_its_heads():
    arch = load_preset("nemotron-h-56b")
    one = state_bytes_per_sequence(arch, "bf16", tp=1)
    assert state_bytes_per_sequence(arch, "bf16", tp=8) == one // 8


def test_mla_latent_is_replicated_under_tensor_parallelism():
    arch = load_preset("kimi-k2")
    assert kv_cache_per_gpu(arch, "bf16", 1024, 1, tp=8) == kv_cache_per_gpu(arch, "bf16", 1024, 1)
    assert kv_bytes_per_token(arch, "bf16") == 61 * 576 * 2


def test_the_sparse_attention_indexer_key_is_cached_the_way_vllm_stores_it():
    # DeepSeek-V3.2: 61 MLA layers, each a 576-value latent in the cache dtype plus the indexer
    # key vLLM keeps as 128 fp8 values and one fp32 scale (Indexer.k_cache, 132 bytes),
    # whatever the cache dtype, replicated on every tensor-parallel rank like the latent.
    path = Path(__file__).parent / "fixtures" / "hf_configs" / "deepseek-v3.2" / "config.json"
    arch = _count(json.loads(path.read_text("utf-8")))
    assert kv_bytes_per_token(arch, "bf16") == 61 * (576 * 2 + 132)
    assert kv_bytes_per_token(arch, "fp8") == 61 * (576 + 132)
    assert cache_by_kind(arch, "bf16", 1000, padded=False) == {"mla": 1000 * 61 * 1284}
    assert kv_cache_per_gpu(arch, "bf16", 1024, 1, tp=8) == kv_cache_per_gpu(arch, "bf16", 1024, 1)
    # DeepSeek-V3 has no indexer: the latent alone.
    assert kv_bytes_per_token(load_preset("kimi-k2"), "fp8") == 61 * 576


def test_estimate_json_has_the_per_kind_breakdown_and_state():
    request = parse_request(
        {
            "workload": "inference",
            "model": {"preset": "qwen3-next-80b-a3b"},
            "gpu": "h200-141gb",
            "inference": {"context_tokens": 8192, "concurrent_sequences": 1},
        }
    )
    data = estimate_to_json(estimate(request))
    by_kind = data["details"]["cache_bytes_per_sequence_by_kind"]
    assert set(by_kind) == {"full", "linear_state"}
    assert data["details"]["state_bytes_per_sequence"] == by_kind["linear_state"]
    assert sum(by_kind.values()) == data["details"]["kv_cache_bytes_per_sequence"]
    assert data["approximate"] is None and data["fit_certainty"] in ("fits", "does_not_fit")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("num_hidden_layers", 10**12),
        ("hidden_size", 10**12),
        ("vocab_size", 10**12),
        ("num_attention_heads", 10**9),
    ],
)
def test_absurd_config_numbers_are_refused_naming_the_field(field, value):
    config = {
        **GPT2,
        "model_type": "llama",
        "hidden_size": 768,
        "num_hidden_layers": 12,
        "num_attention_heads": 12,
        "intermediate_size": 3072,
        field: value,
    }
    with pytest.raises(ModelSourceError, match=field):
        _count(config)


def test_layer_types_must_describe_every_layer():
    config = {
        "model_type": "gemma3_text",
        "num_hidden_layers": 4,
        "layer_types": ["sliding_attention"] * 3,
    }
    with pytest.raises(ModelSourceError, match="layer_types"):
        _count(config)


def test_nemotron_pattern_must_match_the_layers():
    config = {
        "model_type": "nemotron_h",
        "hidden_size": 64,
        "num_hidden_layers": 3,
        "num_attention_heads": 4,
        "vocab_size": 100,
        "hybrid_override_pattern": "M*",
    }
    with pytest.raises(ModelSourceError, match="hybrid_override_pattern"):
        _count(config)


def test_multimodal_config_without_text_config_is_refused():
    with pytest.raises(ModelSourceError, match="text_config"):
        _count({"model_type": "gemma3", "vision_config": {}})


def test_unknown_family_is_approximate_with_a_band():
    arch = _count(
        {
            "model_type": "brand_new",
            "hidden_size": 512,
            "num_hidden_layers": 4,
            "num_attention_heads": 8,
            "vocab_size": 1000,
            "intermediate_size": 2048,
        }
    )
    assert arch.approximate is not None
    assert arch.approximate.band_low < 1 < arch.approximate.band_high
    assert "brand_new" in arch.approximate.reason
    experts = _count(
        {
            "model_type": "brand_new_moe",
            "hidden_size": 512,
            "num_hidden_layers": 4,
            "num_attention_heads": 8,
            "vocab_size": 1000,
            "intermediate_size": 2048,
            "n_routed_experts": 64,
        }
    )
    assert experts.approximate is not None
    assert experts.approximate.band_high > arch.approximate.band_high


@pytest.mark.parametrize(
    ("layers", "gpu", "certainty"),
    [
        # ~10.5 B parameters (21 GB in bf16) on an L4 (21.6 GB usable at 0.9): the band of
        # 0.58x to 1.18x the weights straddles the limit.
        (32, "l4", "uncertain"),
        # The same model on an 80 GB A100: even the high end fits.
        (32, "a100-80gb", "fits"),
        # ~42 B parameters on the L4: even the low end does not fit.
        (128, "l4", "does_not_fit"),
    ],
)
def test_an_approximate_model_straddling_the_limit_is_an_uncertain_fit(
    tmp_path, layers, gpu, certainty
):
    config = {
        "model_type": "brand_new",
        "hidden_size": 5120,
        "num_hidden_layers": layers,
        "num_attention_heads": 40,
        "vocab_size": 32000,
        "intermediate_size": 13824,
    }
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    request = {
        "workload": "inference",
        "model": {"hf_config": str(path)},
        "gpu": gpu,
        "inference": {"context_tokens": 2048, "concurrent_sequences": 1},
    }
    result = estimate(parse_request(request))
    a = result.approximate
    assert a is not None and a.band_low < result.memory.total < a.band_high
    assert result.fit_certainty == certainty
    assert result.fits == (certainty != "does_not_fit" and result.headroom_bytes >= 0)
    data = estimate_to_json(result)
    assert data["approximate"]["band_low"] == a.band_low
    assert data["fit_certainty"] == certainty
    assert isinstance(data["fits"], bool)


def _uncertain_result(tmp_path):
    config = {
        "model_type": "brand_new",
        "hidden_size": 5120,
        "num_hidden_layers": 32,
        "num_attention_heads": 40,
        "vocab_size": 32000,
        "intermediate_size": 13824,
    }
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    request = {
        "workload": "inference",
        "model": {"hf_config": str(path)},
        "gpu": "l4",
        "inference": {"context_tokens": 2048, "concurrent_sequences": 1},
    }
    return estimate(parse_request(request))


def test_cli_table_says_approximate_and_uncertain(tmp_path):
    from core.app.cli.estimate_text import format_estimate

    text = format_estimate(_uncertain_result(tmp_path), None)
    assert "fit UNCERTAIN" in text
    assert "APPROXIMATE: total between" in text and "brand_new" in text


def test_live_panel_shows_the_range_of_an_approximate_model(qtbot, tmp_path):
    from PySide6.QtWidgets import QLabel

    from gui.wizard.live_estimate_panel import LiveEstimatePanel

    panel = LiveEstimatePanel()
    qtbot.addWidget(panel)
    panel.show_result(_uncertain_result(tmp_path))
    verdict = panel.findChild(QLabel, "estimateVerdict")
    assert verdict is not None
    assert "Fit uncertain: the total may be" in verdict.text()


def test_a_recurrent_state_dtype_pinned_by_the_config_holds_whatever_the_cache_dtype():
    # Qwen3.5 27B declares mamba_ssm_dtype float32: 48 Gated DeltaNet layers × 48 value heads ×
    # 128 × 128 recurrent values in 4 bytes, plus the conv state (2·16·128 + 48·128 = 10,240
    # channels × 3 columns) in the model's 16-bit dtype: vLLM's mamba_cache_dtype, not the KV
    # cache's (core.capacity.kv_cache.STATE_BITS), so an fp8 KV cache leaves it as it is.
    arch = load_preset("qwen3.5-27b")
    recurrent = 48 * 48 * 128 * 128 * 4
    conv = 48 * 10_240 * 3
    assert state_bytes_per_sequence(arch, "bf16") == recurrent + conv * 2
    assert state_bytes_per_sequence(arch, "fp8") == recurrent + conv * 2


def test_an_unknown_family_with_its_checkpoint_is_counted_from_the_tensors(tmp_path):
    from tests.test_safetensors_header import TINY, TINY_CONFIG, TINY_PARAMS, write_file

    write_file(tmp_path / "model.safetensors", TINY)
    # The generic formula would tie the head (as the config says), missing 1,600 stored weights.
    config = {**TINY_CONFIG, "model_type": "brand_new", "tie_word_embeddings": True}
    (tmp_path / "config.json").write_text(json.dumps(config))
    from core.model.safetensors_model import architecture_from_safetensors

    arch = architecture_from_safetensors(tmp_path / "model.safetensors")
    assert arch.approximate is None
    assert arch.params_total == TINY_PARAMS
    assert any(f"{TINY_PARAMS:,}" in note for note in arch.notes)
    # Without the checkpoint the same config is approximate.
    alone = _count(config)
    assert alone.approximate is not None and alone.params_total == TINY_PARAMS - 1_600


MINIMAL = {
    "hidden_size": 64,
    "num_hidden_layers": 4,
    "num_attention_heads": 4,
    "vocab_size": 128,
    "intermediate_size": 128,
}


@pytest.mark.parametrize(
    "family", sorted(__import__("core.model.families", fromlist=["KNOWN"]).KNOWN)
)
def test_every_known_family_counts_a_minimal_config_or_names_what_is_missing(family):
    from core.model.families import MULTIMODAL

    config: dict[str, Any] = {"model_type": family, **MINIMAL}
    if family in MULTIMODAL:
        config = {"model_type": family, "text_config": dict(MINIMAL), "vision_config": {}}
    try:
        arch = _count(config)
    except ModelSourceError as error:
        assert "config.json" in str(error)  # a clear message naming the field
        return
    assert arch.approximate is None
    assert arch.params_total > 0 and arch.params_active <= arch.params_total
    assert cache_bytes_per_sequence(arch, "bf16", 100) > 0
    # Cache bytes never shrink as the context grows, and only attention grows with it.
    assert cache_bytes_per_sequence(arch, "bf16", 1000) >= cache_bytes_per_sequence(
        arch, "bf16", 100
    )


@pytest.mark.parametrize(
    ("preset", "published"),
    [
        # Model pages of google/gemma-3-*-it: text model + SigLIP tower + projector.
        ("gemma-3-4b", 4_300_079_472),
        ("gemma-3-12b", 12_187_325_040),
        ("gemma-3-27b", 27_432_406_640),
    ],
)
def test_gemma_3_presets_match_the_published_counts(preset, published):
    assert load_preset(preset).params_total == published


def test_cli_table_breaks_a_hybrid_cache_down_by_layer_kind():
    from core.app.cli.estimate_text import format_estimate

    request = parse_request(
        {
            "workload": "inference",
            "model": {"preset": "qwen3-next-80b-a3b"},
            "gpu": "h200-141gb",
            "inference": {"context_tokens": 8192, "concurrent_sequences": 1},
        }
    )
    text = format_estimate(estimate(request), None)
    assert "by layer kind: full " in text and "linear state " in text


def _v4(**fields: Any) -> dict[str, Any]:
    """A small DeepSeek-V4 config: every field DeepseekV4Config reads, V4-Flash widths halved."""
    config: dict[str, Any] = {
        "model_type": "deepseek_v4",
        "hidden_size": 1024,
        "num_hidden_layers": 4,
        "num_attention_heads": 16,
        "vocab_size": 1000,
        "head_dim": 512,
        "qk_rope_head_dim": 64,
        "q_lora_rank": 256,
        "o_groups": 4,
        "o_lora_rank": 256,
        "index_n_heads": 8,
        "index_head_dim": 128,
        "sliding_window": 128,
        "hc_mult": 4,
        "moe_intermediate_size": 512,
        "n_routed_experts": 8,
        "num_experts_per_tok": 2,
        "compress_ratios": [0, 4, 128, 4, 0],
    }
    config.update(fields)
    return config


def test_deepseek_v4_layer_kinds_come_from_the_legacy_ratios_or_layer_types():
    by_ratio = _count(_v4())
    by_name = _count(
        _v4(
            compress_ratios=None,
            layer_types=[
                "sliding_attention",
                "compressed_sparse_attention",
                "heavily_compressed_attention",
                "compressed_sparse_attention",
            ],
        )
    )
    assert by_ratio.params_total == by_name.params_total
    assert by_ratio.cache_groups == by_name.cache_groups
    # Only sliding layers: no compressor weights, no compressed entries, no state.
    sliding = _count(_v4(compress_ratios=[0, 0, 0, 0]))
    assert sliding.params_total < by_ratio.params_total
    assert {g.kind for g in sliding.cache_groups} == {"sliding"}
    assert state_bytes_per_sequence(sliding, "bf16") == 0


def test_deepseek_v4_refuses_a_compression_ratio_transformers_does_not_build():
    with pytest.raises(ModelSourceError, match="compress_ratios"):
        _count(_v4(compress_ratios=[0, 4, 64, 4]))
    with pytest.raises(ModelSourceError, match="compress_ratios"):
        _count(_v4(compress_ratios=[0, 4]))


def test_deepseek_v4_cache_follows_vllm_layouts():
    """vLLM (deepseek_v4_attention.py, kv_cache_interface.py): 584 bytes per K=V vector for
    head_dim 512 (448 fp8 NoPE + 64 bf16 RoPE + 7 scales + 1 pad), 132 per indexer key, a
    float32 kv + score state of coff · ratio tokens per compressor; replicated under TP."""
    arch = _count(_v4())
    tokens = 4096
    by_kind = cache_by_kind(arch, "bf16", tokens, padded=False)
    assert by_kind["sliding"] == 4 * 128 * 584
    # Two CSA layers (an entry and an indexer key per 4 tokens), one HCA (an entry per 128).
    exact = 2 * tokens // 4 * (584 + 132) + tokens // 128 * 584
    # One HCA layer's share is 36.5 bits per token, kept as 37: under a bit per token in all
    # (none for V4-Flash's 20 HCA layers, checked exactly against the oracle).
    assert exact <= by_kind["mla"] <= exact + tokens // 8
    csa_state = 2 * 4 * (2 * 2 * 512 + 2 * 2 * 128) * 4
    hca_state = 128 * 2 * 512 * 4
    assert state_bytes_per_sequence(arch, "bf16") == 2 * csa_state + hca_state
    # The layout is vLLM's own: the cache dtype does not change it; TP replicates it.
    assert cache_by_kind(arch, "fp8", tokens, padded=False) == by_kind
    assert cache_by_kind(arch, "bf16", tokens, tp=4, padded=False) == by_kind
