"""InternVL in transformers' format: the InternViT tower and projector, the text model it names.

No verbatim copy of a published InternVL config.json was found in a public repository, so
InternVL is not an oracle fixture. The counts are checked against transformers 5.24.0
(tests/oracle/requirements.txt; meta device, tied tensors once) on the configuration class's
default (tests/fixtures/heldout_families.json, ``COUNTED_EXACTLY`` in test_generic_reader.py) and
on the config below, which turns on every switch of the tower the default leaves off: biased
q/k/v, RMSNorms on q and k, RMSNorm layers, a final LayerNorm instead of mean pooling, a mask
token, sizes given as [height, width], and a wrapper whose ``tie_word_embeddings`` (false)
differs from its text config's (true). transformers built ``InternVLForConditionalGeneration``
from exactly this dict: 365,138,048 parameters, 331,450,240 of them outside the tower and
projector.
"""

from __future__ import annotations

from core.model.model_config import architecture_from_config

SWITCHES = {
    "architectures": ["InternVLForConditionalGeneration"],
    "model_type": "internvl",
    "vision_config": {
        "attention_bias": True,
        "use_qk_norm": True,
        "norm_type": "rms_norm",
        "use_mean_pooling": False,
        "hidden_size": 640,
        "num_attention_heads": 10,
        "intermediate_size": 2560,
        "num_hidden_layers": 6,
        "image_size": [448, 448],
        "patch_size": [14, 14],
        "use_mask_token": True,
    },
    "text_config": {
        "model_type": "qwen2",
        "hidden_size": 896,
        "num_hidden_layers": 4,
        "num_attention_heads": 14,
        "num_key_value_heads": 2,
        "intermediate_size": 4864,
        "vocab_size": 151674,
        "tie_word_embeddings": True,
    },
    "downsample_ratio": 0.5,
    "tie_word_embeddings": False,
}


def test_internvl_tower_projector_and_wrapper_tie_match_transformers():
    arch = architecture_from_config(SWITCHES, model_id="i", name="i", source="hf_config")
    assert arch.approximate is None  # was the generic reader's estimated tower and band
    assert arch.params_total == 365_138_048
    assert arch.params_total - arch.vision_params == 331_450_240
    # The wrapper's untied head: the text model's own embeddings and a separate lm_head.
    assert arch.lm_head_params == 151_674 * 896


def test_internvl_projector_follows_the_pixel_shuffle_width():
    # A quarter of the patches, each four times as wide: LayerNorm and matrix over 640 × 4.
    base = architecture_from_config(SWITCHES, model_id="i", name="i", source="hf_config")
    coarser = architecture_from_config(
        {**SWITCHES, "downsample_ratio": 0.25}, model_id="i", name="i", source="hf_config"
    )
    merged, wider = 640 * 4, 640 * 16
    assert coarser.vision_params - base.vision_params == (2 + 896) * (wider - merged)
