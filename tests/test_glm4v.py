"""GLM-4.1V (``glm4v``): its vision tower and merger, and its text model, counted exactly.

No verbatim copy of a published GLM-4.xV config.json was found in a public repository, so GLM-4.1V
is not an oracle fixture. transformers 5.24.0 (tests/oracle/requirements.txt; meta device, tied
tensors once) is the oracle on the configuration class's default (tests/fixtures/
heldout_families.json, ``COUNTED_EXACTLY`` in test_generic_reader.py; GLM-4.1V-9B's shape) and
on the small config below, which also turns on the vision attention's biases:
``Glm4vForConditionalGeneration`` built from exactly this dict has 168,262,912 parameters,
160,831,488 of them outside the tower and merger. GLM-4.5V (``glm4v_moe``) is GLM-4.5's text
layout behind the same tower, checked below on its shape.
"""

from __future__ import annotations

import pytest

from core.base.errors import ModelSourceError
from core.model.model_config import architecture_from_config

SMALL = {
    "architectures": ["Glm4vForConditionalGeneration"],
    "model_type": "glm4v",
    "vision_config": {
        "depth": 3,
        "hidden_size": 384,
        "num_heads": 6,
        "out_hidden_size": 512,
        "intermediate_size": 1408,
        "image_size": 336,
        "patch_size": 14,
        "attention_bias": True,
        "spatial_merge_size": 2,
        "temporal_patch_size": 2,
    },
    "text_config": {
        "model_type": "glm4v_text",
        "hidden_size": 512,
        "num_hidden_layers": 2,
        "num_attention_heads": 8,
        "num_key_value_heads": 2,
        "intermediate_size": 1408,
        "vocab_size": 151552,
    },
}


def test_glm4v_tower_merger_and_text_model_match_transformers():
    arch = architecture_from_config(SMALL, model_id="g", name="g", source="hf_config")
    assert arch.approximate is None  # was the generic reader's estimated tower and band
    assert arch.params_total == 168_262_912
    assert arch.params_total - arch.vision_params == 160_831_488


def test_glm4v_text_layers_carry_four_norms_and_biased_qkv():
    arch = architecture_from_config(SMALL, model_id="g", name="g", source="hf_config")
    text = arch.params_total - arch.vision_params
    h, kv, ff, vocab = 512, 2 * 64, 1408, 151552
    layer = 4 * h + (h * h + h) + 2 * (h * kv + kv) + h * h + 3 * h * ff
    assert text == 2 * layer + h + 2 * vocab * h  # final norm, embeddings and an untied head


GLM45V_SHAPE = {
    "architectures": ["Glm4vMoeForConditionalGeneration"],
    "model_type": "glm4v_moe",
    "tie_word_embeddings": False,
    "text_config": {
        "model_type": "glm4v_moe_text",
        "hidden_size": 4096,
        "num_hidden_layers": 46,
        "num_attention_heads": 96,
        "num_key_value_heads": 8,
        "head_dim": 128,
        "intermediate_size": 10944,
        "moe_intermediate_size": 1408,
        "n_routed_experts": 128,
        "n_shared_experts": 1,
        "num_experts_per_tok": 8,
        "first_k_dense_replace": 1,
        "vocab_size": 151424,
        "attention_bias": True,
    },
    "vision_config": {
        "depth": 24,
        "hidden_size": 1536,
        "num_heads": 12,
        "out_hidden_size": 4096,
        "intermediate_size": 13696,
        "image_size": 336,
        "patch_size": 14,
        "spatial_merge_size": 2,
        "temporal_patch_size": 2,
    },
}


def test_glm45v_moe_text_and_tower_match_transformers():
    """GLM-4.5V's shape (Glm4vMoeConfig's defaults with the published 128-wide heads):
    ``Glm4vMoeForConditionalGeneration`` built from this dict by transformers 5.24.0 has
    107,743,695,360 parameters, 106,851,196,928 outside the tower and merger."""
    arch = architecture_from_config(GLM45V_SHAPE, model_id="g", name="g", source="hf_config")
    assert arch.approximate is None
    assert arch.params_total == 107_743_695_360
    assert arch.params_total - arch.vision_params == 106_851_196_928
    assert (arch.num_experts, arch.experts_per_token, arch.shared_experts) == (128, 8, 1)


def test_glm45v_without_head_dim_refuses_a_width_the_heads_do_not_divide():
    # Glm4vMoeTextAttention falls back to hidden_size // num_attention_heads (4096 // 96 = 42,
    # dropping 64 columns); the planner names the fields instead of counting a truncated head.
    text = {k: v for k, v in GLM45V_SHAPE["text_config"].items() if k != "head_dim"}
    with pytest.raises(ModelSourceError):
        architecture_from_config(
            {**GLM45V_SHAPE, "text_config": text}, model_id="g", name="g", source="hf_config"
        )
