"""Gemma 3n's text model (``gemma3n_text``): AltUp, LAuReL, per-layer inputs, shared keys/values.

No verbatim published Gemma 3n config.json was found in a public repository, so Gemma 3n is not
an oracle fixture. transformers 5.24.0 (tests/oracle/requirements.txt; meta device, tied tensors
once) is the oracle on:

- Gemma3nTextConfig's default, Gemma 3n E4B's text model (tests/fixtures/heldout_families.json,
  ``COUNTED_EXACTLY`` in test_generic_reader.py): 6,835,235,568 parameters;
- the 30-layer "E1.96B (layer-level)" shape of Google's published slicing table
  (google/gemma3n-slicing-configs: MLP widths of 2,048 × 4 except 2,048 × 8 in the fifth layer),
  the other fields left to the class: ``Gemma3nForCausalLM`` built from exactly that dict has
  4,475,027,296 parameters;
- the same with biased attention, an untied head and no shared layers: 5,044,037,216;
- a small config run for 16 tokens in bfloat16, whose cache held keys and values in its first
  seven layers only (six sliding, one full) and nothing in the three layers that reuse them.

The generic reader refused Gemma 3n (a list for intermediate_size).
"""

from __future__ import annotations

import pytest

from core.base.errors import ModelSourceError
from core.model.model_config import architecture_from_config

E1_96B = {
    "architectures": ["Gemma3nForCausalLM"],
    "model_type": "gemma3n_text",
    "num_hidden_layers": 30,
    "intermediate_size": [8192] * 4 + [16384] + [8192] * 25,
}

SMALL = {
    "model_type": "gemma3n_text",
    "vocab_size": 128,
    "vocab_size_per_layer_input": 64,
    "hidden_size": 32,
    "hidden_size_per_layer_input": 8,
    "intermediate_size": [64, 48] * 5,
    "num_hidden_layers": 10,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "head_dim": 16,
    "sliding_window": 8,
    "num_kv_shared_layers": 3,
    "laurel_rank": 4,
    "altup_num_inputs": 3,
}


def _arch(config):
    return architecture_from_config(config, model_id="g", name="g", source="hf_config")


def test_gemma3n_per_layer_widths_match_transformers():
    arch = _arch(E1_96B)  # was refused: intermediate_size is a list
    assert arch.approximate is None
    assert arch.params_total == 4_475_027_296
    # The last 15 layers reuse keys and values: 15 layers cache, 3 of them (4, 9, 14) in full.
    groups = {g.kind: g for g in arch.cache_groups}
    assert (groups["sliding"].layers, groups["full"].layers) == (12, 3)
    assert groups["sliding"].window == 512
    assert (groups["full"].kv_heads, groups["full"].k_dim) == (2, 256)


def test_gemma3n_biases_untied_head_and_no_sharing_match_transformers():
    switched = {
        **E1_96B,
        "attention_bias": True,
        "tie_word_embeddings": False,
        "num_kv_shared_layers": 0,
    }
    arch = _arch(switched)
    assert arch.params_total == 5_044_037_216
    assert sum(g.layers for g in arch.cache_groups) == 30


def test_gemma3n_default_is_e4b_text():
    arch = _arch({"model_type": "gemma3n_text"})
    assert arch.approximate is None
    assert arch.params_total == 6_835_235_568


def test_gemma3n_cache_matches_transformers_after_sixteen_tokens():
    arch = _arch(SMALL)
    assert arch.approximate is None
    assert arch.params_total == 136_800
    groups = {g.kind: g for g in arch.cache_groups}
    # transformers' cache: layers 0-3, 5, 6 slide over 8 tokens, layer 4 keeps all 16, layers
    # 7-9 hold nothing of their own.
    assert (groups["sliding"].layers, groups["sliding"].window) == (6, 8)
    assert groups["full"].layers == 1
    assert (groups["full"].kv_heads, groups["full"].k_dim) == (2, 16)


def test_gemma3n_refuses_shared_layers_of_a_kind_no_earlier_layer_caches():
    # Seven layers, the only full one (the fifth) among the three shared: Gemma3nTextConfig
    # refuses this, and so does the planner.
    config = {**SMALL, "num_hidden_layers": 7, "intermediate_size": 64}
    with pytest.raises(ModelSourceError, match="num_kv_shared_layers"):
        _arch(config)


def test_gemma3n_refuses_a_width_list_of_the_wrong_length():
    with pytest.raises(ModelSourceError, match="29 layers but the model has 30"):
        _arch({**E1_96B, "intermediate_size": [8192] * 29})
