"""MiniMax-Text-01 in transformers' format (``minimax``): lightning and softmax attention, experts.

No verbatim copy of a published MiniMax-Text-01 config.json was found in a public repository,
so MiniMax is not an oracle fixture. transformers 5.24.0 (tests/oracle/requirements.txt) is the
oracle on three configs:

- MiniMaxConfig's default (tests/fixtures/heldout_families.json, ``COUNTED_EXACTLY`` in
  test_generic_reader.py): 47,373,946,880 parameters;
- MiniMax-Text-01's published shape, written out from its model card (MiniMaxAI/MiniMax-Text-01:
  80 layers, a softmax-attention layer after every 7 lightning ones, 64 heads of 128, width
  6,144, 32 experts of 9,216 with top-2 routing, vocabulary 200,064; 456B parameters). The card
  gives no key/value head count: 8 is MiniMaxConfig's default. ``MiniMaxForCausalLM`` built from
  exactly this dict on the meta device has 456,089,655,296 parameters;
- a small config run for 16 tokens in bfloat16 on the CPU, whose ``MiniMaxCache`` held one
  (1, 4, 24, 24) state per lightning layer and keys and values of (1, 2, 16, 24) for the softmax
  layer. vLLM's ``linear_attention_state_shape`` is the same (heads / tp, d, d) per layer, in the
  model's dtype, so the planner follows both.
"""

from __future__ import annotations

from core.model.model_config import architecture_from_config

MINIMAX_TEXT_01 = {
    "architectures": ["MiniMaxForCausalLM"],
    "model_type": "minimax",
    "vocab_size": 200064,
    "hidden_size": 6144,
    "intermediate_size": 9216,
    "num_hidden_layers": 80,
    "num_attention_heads": 64,
    "num_key_value_heads": 8,
    "head_dim": 128,
    "num_local_experts": 32,
    "num_experts_per_tok": 2,
    "max_position_embeddings": 10240000,
    "layer_types": [
        "full_attention" if (i + 1) % 8 == 0 else "linear_attention" for i in range(80)
    ],
    "tie_word_embeddings": False,
}

SMALL = {
    "model_type": "minimax",
    "vocab_size": 512,
    "hidden_size": 64,
    "intermediate_size": 96,
    "num_hidden_layers": 4,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "head_dim": 24,
    "num_local_experts": 4,
    "num_experts_per_tok": 2,
    "layer_types": ["linear_attention", "full_attention", "linear_attention", "linear_attention"],
    "block_size": 8,
}


def _arch(config):
    return architecture_from_config(config, model_id="m", name="m", source="hf_config")


def test_minimax_text_01_matches_transformers():
    arch = _arch(MINIMAX_TEXT_01)
    assert arch.approximate is None  # was the generic reader's bands: parameters and cache
    assert arch.params_total == 456_089_655_296
    assert (arch.num_experts, arch.experts_per_token) == (32, 2)
    # 80 layers of 32 experts of three 6,144 × 9,216 matrices, 2 of them used per token.
    assert arch.params_total - arch.params_active == 80 * 30 * 3 * 6144 * 9216


def test_minimax_text_01_caches_ten_layers_per_token_and_seventy_states():
    groups = {g.kind: g for g in _arch(MINIMAX_TEXT_01).cache_groups}
    assert set(groups) == {"full", "linear_state"}
    full, state = groups["full"], groups["linear_state"]
    assert (full.layers, full.kv_heads, full.k_dim, full.v_dim) == (10, 8, 128, 128)
    # One 128 × 128 matrix per head per lightning layer, no convolution window.
    assert (state.layers, state.state_elements, state.conv_channels) == (70, 64 * 128 * 128, 0)
    assert state.state_heads == 64  # split over tensor-parallel ranks by heads


def test_minimax_cache_matches_transformers_after_sixteen_tokens():
    arch = _arch(SMALL)
    assert arch.approximate is None
    assert arch.params_total == 472_928  # transformers: MiniMaxForCausalLM
    rows = {row[0]: row for row in arch.cache_rows(tp=1)}
    # Keys and values of the softmax layer: 2 heads × (24 + 24) per token; 16 tokens in
    # bfloat16 are 3,072 B, as transformers' cache held.
    assert rows["full"][2] * 16 * 2 == 2 * 2 * 16 * 24 * 2 == 3_072
    # Three lightning states of 4 × 24 × 24, whatever the length.
    assert rows["linear_state"][3] == 3 * 4 * 24 * 24
    # Two tensor-parallel ranks hold two heads each.
    assert {r[0]: r for r in arch.cache_rows(tp=2)}["linear_state"][3] == 3 * 2 * 24 * 24


def test_minimax_fields_left_out_take_minimax_config_defaults():
    # Was refused (no hidden_size). MiniMaxConfig: 32 layers alternating softmax (even) and
    # lightning (odd) attention, 8 key/value heads, 8 experts of 14,336 — transformers built
    # 47,373,946,880 parameters from this.
    arch = _arch({"model_type": "minimax"})
    assert arch.approximate is None
    assert arch.params_total == 47_373_946_880
    groups = {g.kind: g for g in arch.cache_groups}
    assert (groups["full"].layers, groups["full"].kv_heads) == (16, 8)
    assert groups["linear_state"].layers == 16


def test_minimax_attn_type_list_places_the_layers_as_vllm_reads_it():
    # The original format's list (0 lightning, 1 softmax); vLLM's MiniMaxText01Model reads it
    # before layer_types.
    listed = {**SMALL, "attn_type_list": [1, 1, 0, 0]}
    groups = {g.kind: g for g in _arch(listed).cache_groups}
    assert (groups["full"].layers, groups["linear_state"].layers) == (2, 2)
