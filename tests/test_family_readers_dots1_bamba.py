"""dots.llm1 and Bamba, counted by their own readers (core/model/families/moe.py, hybrid.py).

No verbatim copy of either family's published config.json was found in a public repository, so
neither is in tests/fixtures/hf_configs. Two checks stand in, both against transformers as the
oracle (tests/oracle/requirements.txt: transformers 5.24.0, meta device, tied tensors once):

- the configuration classes' own defaults, in tests/fixtures/heldout_families.json
  (tests/test_generic_reader.py, ``COUNTED_EXACTLY``);
- the models' published shapes below, written out from the models' pages and papers (not copies
  of their config.json files): dots.llm1 (rednote-hilab, technical report arXiv 2506.05767: 142B
  total, 14B active) and Bamba-9B (ibm-ai-platform; transformers' bamba.md table: 9.78B, 32
  layers, hidden 4096, 32 heads, 8 key/value heads, untied embeddings; attention at layers 9,
  18 and 27). The figures were read off ``BambaForCausalLM`` / ``Dots1ForCausalLM`` built from
  exactly these dicts and a 16-token forward (its cache object's tensors, bfloat16).
"""

from __future__ import annotations

from typing import Any

from core.model.architecture import ModelArchitecture
from core.model.model_config import architecture_from_config

DOTS1 = {
    "architectures": ["Dots1ForCausalLM"],
    "model_type": "dots1",
    "hidden_size": 4096,
    "num_hidden_layers": 62,
    "intermediate_size": 10944,
    "num_attention_heads": 32,
    "num_key_value_heads": 32,
    "rms_norm_eps": 1e-05,
    "vocab_size": 152064,
    "first_k_dense_replace": 1,
    "moe_intermediate_size": 1408,
    "n_routed_experts": 128,
    "n_shared_experts": 2,
    "num_experts_per_tok": 6,
    "norm_topk_prob": True,
    "routed_scaling_factor": 2.5,
    "max_position_embeddings": 32768,
    "rope_theta": 10000000,
    "attention_bias": False,
    "tie_word_embeddings": False,
}

BAMBA_9B = {
    "architectures": ["BambaForCausalLM"],
    "model_type": "bamba",
    "hidden_size": 4096,
    "num_hidden_layers": 32,
    "intermediate_size": 14336,
    "num_attention_heads": 32,
    "num_key_value_heads": 8,
    "vocab_size": 128256,
    "attn_layer_indices": [9, 18, 27],
    "mamba_d_state": 128,
    "mamba_n_heads": 128,
    "mamba_d_head": 64,
    "mamba_expand": 2,
    "mamba_n_groups": 1,
    "mamba_d_conv": 4,
    "mamba_conv_bias": True,
    "mamba_proj_bias": False,
    "attn_rotary_emb": 64,
    "max_position_embeddings": 262144,
    "tie_word_embeddings": False,
}


def _count(config: dict[str, Any]) -> ModelArchitecture:
    return architecture_from_config(dict(config), model_id="t", name="t", source="hf_config")


def test_dots1_counts_experts_shared_mlp_and_head_norms_as_transformers_builds_them():
    arch = _count(DOTS1)
    assert arch.approximate is None  # was the generic reader's band
    assert arch.params_total == 142_774_373_888  # transformers: Dots1ForCausalLM
    assert (arch.num_experts, arch.experts_per_token, arch.shared_experts) == (128, 6, 2)
    # 62 layers × 32 heads × 128 × (keys + values) × 2 bytes × 16 tokens = 16,252,928 B.
    [group] = arch.cache_groups
    assert (group.kind, group.layers, group.kv_heads, group.k_dim) == ("full", 62, 32, 128)
    assert group.layers * group.kv_heads * (group.k_dim + group.v_dim) * 2 * 16 == 16_252_928


def test_dots1_active_parameters_leave_out_all_but_six_routed_experts():
    arch = _count(DOTS1)
    # 61 MoE layers of 128 experts (3 matrices of 4096 × 1408), 6 of them used per token.
    idle = 61 * (128 - 6) * 3 * 4096 * 1408
    assert arch.params_total - arch.params_active == idle


def test_bamba_places_attention_at_its_indices_and_mamba_2_elsewhere():
    arch = _count(BAMBA_9B)
    assert arch.approximate is None
    assert arch.params_total == 9_780_235_392  # transformers: BambaForCausalLM
    groups = {g.kind: g for g in arch.cache_groups}
    assert set(groups) == {"full", "linear_state"}
    full, state = groups["full"], groups["linear_state"]
    # transformers' cache after 16 tokens: keys and values of 3 layers, 32,768 B each.
    assert (full.layers, full.kv_heads, full.k_dim) == (3, 8, 128)
    assert full.layers * full.kv_heads * (full.k_dim + full.v_dim) * 2 * 16 == 196_608
    # The recurrent state: 128 heads × 64 × 128 values per layer (transformers holds them in
    # float32, 4,194,304 B); the convolution's channels: 8,192 + 2 × 128.
    assert (state.layers, state.state_elements, state.conv_channels) == (29, 1_048_576, 8_448)


def test_bamba_head_size_auto_is_the_mixer_width_over_its_heads():
    # BambaConfig: mamba_d_head "auto" is mamba_expand × hidden_size // mamba_n_heads.
    auto = _count({**BAMBA_9B, "mamba_d_head": "auto"})
    assert auto.approximate is None and auto.params_total == 9_780_235_392
