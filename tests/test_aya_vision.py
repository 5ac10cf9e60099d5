"""Aya Vision (``aya_vision``): a SigLIP tower and a SwiGLU projector over a Cohere 2 text model.

No verbatim copy of the published Aya Vision 8B config.json was found in a public repository;
the shape below is that of a public conversion of it (mlx-community/aya-vision-8b-8bit,
config.json, its quantization block left out): Command R7B's Cohere 2 layout (32 layers, width
4,096, 32 heads, 8 K/V heads, MLP 14,336; vocab_size and max_position_embeddings left to
Cohere2Config) behind a SigLIP so400m tower at 364 px without its pooling head, and a projector
of width 28,672. transformers 5.24.0 (tests/oracle/requirements.txt; meta device, tied tensors
once) is the oracle: ``AyaVisionForConditionalGeneration`` built from exactly this dict has
8,631,842,032 parameters, 412,926,192 in the tower and 190,882,816 in the projector. The class's
own default config does not build (1,152 wide tower, 14 heads), so Aya Vision has no held-out
default.
"""

from __future__ import annotations

import copy

from core.model.model_config import architecture_from_config

AYA_VISION_8B = {
    "adapter_layer_norm_eps": 1e-06,
    "alignment_intermediate_size": 28672,
    "architectures": ["AyaVisionForConditionalGeneration"],
    "downsample_factor": 2,
    "image_token_index": 255036,
    "model_type": "aya_vision",
    "text_config": {
        "hidden_size": 4096,
        "intermediate_size": 14336,
        "logit_scale": 0.25,
        "model_type": "cohere2",
        "num_attention_heads": 32,
        "num_hidden_layers": 32,
        "num_key_value_heads": 8,
        "rope_theta": 50000,
        "use_qk_norm": False,
    },
    "vision_config": {
        "hidden_size": 1152,
        "image_size": 364,
        "intermediate_size": 4304,
        "model_type": "siglip_vision_model",
        "num_attention_heads": 16,
        "num_hidden_layers": 27,
        "patch_size": 14,
        "vision_use_head": False,
    },
    "vision_feature_layer": -1,
    "vision_feature_select_strategy": "full",
}


def _arch(config):
    return architecture_from_config(config, model_id="a", name="a", source="hf_config")


def test_aya_vision_8b_matches_transformers():
    # Was refused: the text config leaves vocab_size to Cohere2Config.
    arch = _arch(AYA_VISION_8B)
    assert arch.approximate is None
    assert arch.params_total == 8_631_842_032
    assert arch.vision_params == 412_926_192 + 190_882_816
    assert arch.lm_head_params == 0  # tied to the text embeddings
    assert arch.max_position_embeddings == 8192  # Cohere2Config's


def test_aya_vision_caches_like_command_r7b():
    # Cohere2Config.layer_types: every fourth layer (3, 7, ..., 31) attends in full, the others
    # slide over Cohere2Config's 4,096 tokens; 8 K/V heads of 128 each everywhere.
    groups = {g.kind: g for g in _arch(AYA_VISION_8B).cache_groups}
    assert set(groups) == {"sliding", "full"}
    assert (groups["full"].layers, groups["sliding"].layers) == (8, 24)
    assert groups["sliding"].window == 4096
    for g in groups.values():
        assert (g.kv_heads, g.k_dim, g.v_dim) == (8, 128, 128)


def test_aya_vision_fields_left_out_take_transformers_defaults():
    # Without vision_use_head, SiglipVisionConfig's true builds the pooling head; without
    # alignment_intermediate_size the projector is as wide as the text model. transformers on
    # this dict: 8,483,477,952 parameters, tower 428,164,544, projector 27,280,384.
    config = copy.deepcopy(AYA_VISION_8B)
    del config["vision_config"]["vision_use_head"]
    del config["alignment_intermediate_size"]
    arch = _arch(config)
    assert arch.params_total == 8_483_477_952
    assert arch.vision_params == 428_164_544 + 27_280_384


def test_aya_vision_projector_follows_the_downsample_factor():
    # Nine patches into one instead of four: LayerNorm and first matrix over 1,152 × 9
    # (transformers with downsample_factor 3: 8,797,004,272 parameters).
    base = _arch(AYA_VISION_8B)
    coarser = _arch({**AYA_VISION_8B, "downsample_factor": 3})
    merged, wider = 1152 * 4, 1152 * 9
    assert coarser.vision_params - base.vision_params == (2 + 28672) * (wider - merged)
