"""Zamba2 (``zamba2``): Mamba-2 layers and shared attention blocks with per-layer adapters.

No verbatim published Zamba2 config.json in transformers' field names was found in a public
repository, so Zamba2 is not an oracle fixture. transformers 5.24.0 (tests/oracle/requirements.txt;
meta device, tied tensors once) is the oracle on:

- Zamba2Config's default (tests/fixtures/heldout_families.json, ``COUNTED_EXACTLY`` in
  test_generic_reader.py): 2,481,848,336 parameters;
- Zamba2-2.7B's shape below, from Zyphra's public Zamba2-2.7B-instruct config (its older field
  names read as transformers names them: ffn_hidden_size 10,240, lora_rank 128, state_size 64,
  num_mem_blocks 2, shared attention adapters off, the 54-layer m/g plan that is Zamba2Config's
  default) and the Zamba2-2.7B-Instruct-v2 config (n_mamba_heads 80, i.e. Mamba heads of 64):
  2,662,214,560 parameters;
- the same with every switch on (attention adapters, biases, three shared blocks):
  2,868,776,832;
- a small config run for 16 tokens in bfloat16, whose cache held keys and values of
  (1, 4, 16, 16) in each of its three hybrid layers, and in every layer a Mamba state of
  (1, 4, 16, 8) (float32) and a convolution window of (1, 96, 4).

The planner follows vLLM for the Mamba state, as for every Mamba-2 family (core/model/families/
mixers.py): the convolution keeps kernel − 1 columns (transformers keeps kernel), and the
recurrent state is held in the cache dtype unless the config pins ``mamba_ssm_cache_dtype``
(transformers holds it in float32).
"""

from __future__ import annotations

import pytest

from core.base.errors import ModelSourceError
from core.model.model_config import architecture_from_config

ZAMBA2_2_7B = {
    "architectures": ["Zamba2ForCausalLM"],
    "model_type": "zamba2",
    "hidden_size": 2560,
    "num_hidden_layers": 54,
    "num_attention_heads": 32,
    "num_key_value_heads": 32,
    "intermediate_size": 10240,
    "n_mamba_heads": 80,
    "mamba_d_state": 64,
    "mamba_ngroups": 1,
    "mamba_d_conv": 4,
    "mamba_expand": 2,
    "num_mem_blocks": 2,
    "adapter_rank": 128,
    "use_shared_attention_adapter": False,
    "vocab_size": 32000,
    "max_position_embeddings": 4096,
    "tie_word_embeddings": True,
}

SMALL = {
    "model_type": "zamba2",
    "hidden_size": 32,
    "num_hidden_layers": 5,
    "num_attention_heads": 4,
    "num_key_value_heads": 4,
    "intermediate_size": 48,
    "n_mamba_heads": 4,
    "mamba_d_state": 8,
    "mamba_ngroups": 2,
    "mamba_d_conv": 4,
    "num_mem_blocks": 2,
    "adapter_rank": 4,
    "use_shared_attention_adapter": True,
    "vocab_size": 128,
    "layers_block_type": ["mamba", "hybrid", "mamba", "hybrid", "hybrid"],
}


def _arch(config):
    return architecture_from_config(config, model_id="z", name="z", source="hf_config")


def test_zamba2_2_7b_matches_transformers():
    arch = _arch(ZAMBA2_2_7B)
    assert arch.approximate is None  # was the generic reader: 7,898,336,160, band from 0 to 1.05
    assert arch.params_total == 2_662_214_560
    groups = {g.kind: g for g in arch.cache_groups}
    # Keys and values in the 9 hybrid layers: 32 heads of 2 × 2,560 / 32 = 160.
    assert (groups["full"].layers, groups["full"].kv_heads, groups["full"].k_dim) == (9, 32, 160)
    # A Mamba-2 state in all 54 layers: 80 heads × 64 × 64, convolution over 5,120 + 2 × 64.
    state = groups["linear_state"]
    assert (state.layers, state.state_elements, state.conv_channels) == (54, 327_680, 5_248)


def test_zamba2_adapters_biases_and_more_shared_blocks_match_transformers():
    switched = {
        **ZAMBA2_2_7B,
        "use_shared_attention_adapter": True,
        "add_bias_linear": True,
        "num_mem_blocks": 3,
    }
    assert _arch(switched).params_total == 2_868_776_832


def test_zamba2_cache_matches_transformers_after_sixteen_tokens():
    arch = _arch(SMALL)
    assert arch.approximate is None
    assert arch.params_total == 90_844
    rows = {row[0]: row for row in arch.cache_rows(tp=1)}
    # Three hybrid layers of 4 heads × (16 + 16): 16 tokens in bfloat16 are 3 × 4,096 B.
    assert rows["full"][2] * 16 * 2 == 3 * 2 * 4 * 16 * 16 * 2
    # Five states of 4 × 16 × 8 plus a window of 3 columns over 96 channels.
    assert rows["linear_state"][3] == 5 * (4 * 16 * 8 + 96 * 3)


def test_zamba2_fields_left_out_take_zamba2_config_defaults():
    # Was refused (no hidden_size). transformers built 2,481,848,336 parameters from this.
    arch = _arch({"model_type": "zamba2"})
    assert arch.approximate is None
    assert arch.params_total == 2_481_848_336


def test_zamba2_refuses_layer_plans_transformers_would_misread():
    # The pre-release m/g names: transformers would build no hybrid layer from them.
    legacy = {**SMALL, "layers_block_type": ["m", "g", "m", "g", "g"]}
    with pytest.raises(ModelSourceError, match="layers_block_type"):
        _arch(legacy)
    # Without a plan the class's 54-layer plan applies, whatever num_hidden_layers says.
    with pytest.raises(ModelSourceError, match="54 layers but the model has 38"):
        _arch({**ZAMBA2_2_7B, "num_hidden_layers": 38})
