"""How each known family's modeling code builds a model, counted weight by weight from its config.

:func:`count_family` hands a config to its family: the table of :class:`DecoderSpec` builders
(:mod:`~core.model.families.dense`, :mod:`~core.model.families.classic`,
:mod:`~core.model.families.moe`, :mod:`~core.model.families.hybrid`) counted by
:func:`~core.model.families.decoder.count_decoder`, or the dedicated counters for MLA
(:mod:`~core.model.families.deepseek`), DeepSeek-V4 (:mod:`~core.model.families.deepseek_v4`), Gemma
4 (:mod:`~core.model.families.gemma4`), Gemma 3n's text model
(:mod:`~core.model.families.gemma3n`), Zamba2 (:mod:`~core.model.families.zamba2`) and OPT.
Multimodal configs (``text_config``) are counted on their text model plus the vision tower and
projector a server loads (:mod:`~core.model.families.vision`). Defaults for absent fields are those
of the transformers configuration classes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.model.families.build import Counted
from core.model.families.classic import CLASSIC
from core.model.families.decoder import DecoderSpec, count_decoder
from core.model.families.deepseek import count_deepseek
from core.model.families.deepseek_v4 import count_deepseek_v4
from core.model.families.dense import DENSE
from core.model.families.gemma3n import count_gemma3n
from core.model.families.gemma4 import count_gemma4, gemma4_audio, gemma4_vision
from core.model.families.hybrid import HYBRID
from core.model.families.mixers import pinned_state_bits
from core.model.families.moe import MOE
from core.model.families.opt import count_opt
from core.model.families.reader import ConfigReader
from core.model.families.vision import (
    aya_vision_vision,
    glm4v_vision,
    internvl_vision,
    lfm2_vl_vision,
    llama4_vision,
    moonvit_kimi_k25,
    pixtral_mistral3,
    qwen3_vl_vision,
    qwen25_vl_vision,
    siglip_gemma3,
)
from core.model.families.zamba2 import count_zamba2

SPECS: dict[str, Callable[[ConfigReader], DecoderSpec]] = {**DENSE, **CLASSIC, **MOE, **HYBRID}
# Names the same layouts go by in published configs.
SPECS["RefinedWeb"] = SPECS["RefinedWebModel"] = SPECS["falcon"]
SPECS["starcoder"] = SPECS["gpt_bigcode"]
SPECS["qwen3_vl_text"] = SPECS["qwen3"]
SPECS["qwen3_vl_moe_text"] = SPECS["qwen3_moe"]
# EXAONE 4.5's language model is EXAONE 4's (Exaone4_5_Config.text_config: model_type exaone4);
# Qwen2.5-VL's is Qwen2's (modeling_qwen2_5_vl.py Qwen2_5_VLAttention: q/k/v biases, no o bias).
SPECS["exaone4_5_text"] = SPECS["exaone4"]
SPECS["qwen2_5_vl_text"] = SPECS["qwen2"]

MLA = {
    "deepseek_v3": 3,
    "deepseek_v2": 2,
    "kimi_k2": 3,
    "deepseek_v32": 3,
    "glm_moe_dsa": 3,
    "mistral4": 3,
}
# Multimodal families: the text model's family and the vision tower's counter, which gets the
# whole config, the vision config and the text width.
VisionCounter = Callable[[dict[str, Any], dict[str, Any], int], int]
MULTIMODAL: dict[str, tuple[str, VisionCounter]] = {
    "gemma3": ("gemma3_text", lambda c, v, h: siglip_gemma3(v, h)),
    "llama4": ("llama4_text", lambda c, v, h: llama4_vision(v, h)),
    "qwen3_5": ("qwen3_5_text", lambda c, v, h: qwen3_vl_vision(v, h)),
    "qwen3_5_moe": ("qwen3_5_moe_text", lambda c, v, h: qwen3_vl_vision(v, h)),
    "qwen3_vl": ("qwen3_vl_text", lambda c, v, h: qwen3_vl_vision(v, h)),
    "qwen3_vl_moe": ("qwen3_vl_moe_text", lambda c, v, h: qwen3_vl_vision(v, h)),
    "lfm2_vl": ("lfm2", lfm2_vl_vision),
    "gemma4": ("gemma4_text", lambda c, v, h: gemma4_vision(v, h) + _gemma4_audio(c, h)),
    "kimi_k25": ("kimi_k2", lambda c, v, h: moonvit_kimi_k25(v, h)),
    "qwen2_5_vl": ("qwen2_5_vl_text", lambda c, v, h: qwen25_vl_vision(v, h)),
    "exaone4_5": ("exaone4_5_text", lambda c, v, h: qwen25_vl_vision(v, h)),
    "mistral3": ("mistral", pixtral_mistral3),
    # InternVL 3 / 3.5 in transformers' format (InternVLForConditionalGeneration): the text model
    # is whatever text_config names (Qwen2 by default, Qwen3, GPT-OSS...).
    "internvl": ("qwen2", internvl_vision),
    "glm4v": ("glm4v_text", lambda c, v, h: glm4v_vision(v, h)),
    # GLM-4.5V / GLM-4.6V: GLM-4.1V's tower (modeling_glm4v_moe.py repeats it) before a GLM-4.5
    # text model.
    "glm4v_moe": ("glm4v_moe_text", lambda c, v, h: glm4v_vision(v, h)),
    # Aya Vision: a SigLIP tower and a SwiGLU projector before Command R7B's Cohere 2 model.
    "aya_vision": ("cohere2", aya_vision_vision),
}
# Multimodal families whose published configs may keep the text model's fields at the top level
# instead of in text_config (Qwen2.5-VL's of early 2025, written by transformers 4.4x).
FLAT_TEXT = frozenset({"qwen2_5_vl"})

# Multimodal families whose wrapper's tie_word_embeddings decides whether the head is tied, over
# the text config's own (InternVLForConditionalGeneration._tied_weights_keys ties lm_head to the
# text embeddings when the wrapper's config says so; AyaVisionForConditionalGeneration the same).
WRAPPER_TIES = frozenset({"internvl", "aya_vision"})

# Multimodal families whose audio tower (audio_config) the counter above counts as well.
AUDIO_COUNTED = frozenset({"gemma4"})


def _gemma4_audio(config: dict[str, Any], text_hidden: int) -> int:
    audio = config.get("audio_config")
    return gemma4_audio(audio, text_hidden) if isinstance(audio, dict) else 0


KNOWN = frozenset(SPECS) | frozenset(MLA) | frozenset(MULTIMODAL)
KNOWN |= {"opt", "gemma4_text", "gemma3n_text", "deepseek_v4", "zamba2"}


def count_family(r: ConfigReader, family: str) -> Counted | None:
    """The exact count of a known ``family``, or None when the planner does not know it."""
    if family in SPECS:
        return count_decoder(SPECS[family](r), pinned_state_bits(r.config))
    if family in MLA:
        return count_deepseek(r, MLA[family])
    if family == "opt":
        return count_opt(r)
    if family == "gemma4_text":
        return count_gemma4(r)
    if family == "deepseek_v4":
        return count_deepseek_v4(r)
    if family == "zamba2":
        return count_zamba2(r)
    if family == "gemma3n_text":
        return count_gemma3n(r)
    return None


# Configuration-class defaults for structural fields that published configs omit
# (Gemma3TextConfig: the Gemma 3 multimodal configs give only what differs from these;
# FalconConfig: Falcon's configs give no length, and serving engines read the class's 2,048).
DEFAULTS: dict[str, dict[str, int]] = {
    "falcon": {"max_position_embeddings": 2048},
    # Mistral4Config (configuration_mistral4.py): DeepSeek-V3's layout at other sizes, and no
    # dense layers before the experts.
    "mistral4": {
        "vocab_size": 131_072,
        "hidden_size": 4096,
        "intermediate_size": 12288,
        "num_hidden_layers": 36,
        "num_attention_heads": 32,
        "q_lora_rank": 1024,
        "kv_lora_rank": 256,
        "qk_nope_head_dim": 64,
        "qk_rope_head_dim": 64,
        "v_head_dim": 128,
        "n_routed_experts": 128,
        "n_shared_experts": 1,
        "moe_intermediate_size": 2048,
        "num_experts_per_tok": 4,
        "first_k_dense_replace": 0,
        "max_position_embeddings": 1_048_576,
    },
    # Cohere2Config (configuration_cohere2.py): Aya Vision's text_config gives only what differs
    # from these (no vocab_size, no max_position_embeddings).
    "cohere2": {
        "vocab_size": 256_000,
        "hidden_size": 8192,
        "intermediate_size": 22528,
        "num_hidden_layers": 40,
        "num_attention_heads": 64,
        "max_position_embeddings": 8192,
    },
    # MiniMaxConfig (configuration_minimax.py): MiniMax-Text-01's layout at Mixtral's sizes.
    "minimax": {
        "vocab_size": 32000,
        "hidden_size": 4096,
        "intermediate_size": 14336,
        "num_hidden_layers": 32,
        "num_attention_heads": 32,
        "max_position_embeddings": 131_072,
    },
    # Zamba2Config (configuration_zamba2.py): Zamba2-2.7B's sizes.
    "zamba2": {
        "vocab_size": 32000,
        "hidden_size": 2560,
        "num_hidden_layers": 54,
        "num_attention_heads": 32,
        "max_position_embeddings": 4096,
    },
    # Gemma3nTextConfig (configuration_gemma3n.py): Gemma 3n E4B's text sizes.
    "gemma3n_text": {
        "vocab_size": 262_400,
        "hidden_size": 2048,
        "num_hidden_layers": 35,
        "num_attention_heads": 8,
        "num_key_value_heads": 2,
        "head_dim": 256,
        "max_position_embeddings": 32_768,
    },
    "gemma3_text": {
        "vocab_size": 262_208,
        "hidden_size": 2304,
        "intermediate_size": 9216,
        "num_hidden_layers": 26,
        "num_attention_heads": 8,
        "num_key_value_heads": 4,
        "head_dim": 256,
        "sliding_window": 4096,
        "max_position_embeddings": 131_072,
    },
}
