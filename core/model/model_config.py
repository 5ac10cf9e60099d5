"""Exact parameter counts of a decoder-only language model from its Hugging Face ``config.json``.

:func:`architecture_from_config` turns a config dict into a
:class:`~core.model.architecture.ModelArchitecture`. Each known family is counted weight by weight
the way its transformers modeling file builds the model (``modeling_llama.py``,
``modeling_mistral.py``, ``modeling_mixtral.py``, ``modeling_qwen2.py``, ``modeling_gemma2.py``,
``modeling_phi3.py``, ``modeling_deepseek_v3.py``, ``modeling_opt.py`` and the others named in
:mod:`core.model.families`). An unknown ``model_type`` is estimated with the Llama-style formula,
says so in ``notes`` and carries an :class:`~core.model.architecture.Approximation` band that the
estimate shows and uses to call a fit uncertain.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Literal

from core.base.errors import ModelSourceError
from core.model.architecture import Approximation, ModelArchitecture
from core.model.checkpoint_layout import StorageHints, read_layout
from core.model.checkpoint_mtp import as_mtp_groups, mtp_names
from core.model.config_json import loads_config
from core.model.families import (
    AUDIO_COUNTED,
    DEFAULTS,
    FLAT_TEXT,
    KNOWN,
    MULTIMODAL,
    WRAPPER_TIES,
    count_family,
)
from core.model.families.build import Counted
from core.model.families.generic import Guess, Tower, count_structure, estimate_tower
from core.model.families.reader import ConfigReader
from core.model.mtp import MTP_EH_PROJ, MtpBlock
from core.texts.messages import Message
from core.texts.words import UNNAMED_QUANTIZATION

Source = Literal["preset", "hf_config", "safetensors", "custom"]

# A config.json is a few kilobytes; anything this large is not one (and is not read whole).
MAX_CONFIG_BYTES = 10_000_000


_FAMILY_OF_ARCHITECTURE = {
    "LlamaForCausalLM": "llama",
    "MistralForCausalLM": "mistral",
    "MixtralForCausalLM": "mixtral",
    "Qwen2ForCausalLM": "qwen2",
    "Gemma2ForCausalLM": "gemma2",
    "Phi3ForCausalLM": "phi3",
    "DeepseekV3ForCausalLM": "deepseek_v3",
    "DeepseekV2ForCausalLM": "deepseek_v2",
    "OPTForCausalLM": "opt",
    "GPT2LMHeadModel": "gpt2",
    "BloomForCausalLM": "bloom",
    "FalconForCausalLM": "falcon",
    "MPTForCausalLM": "mpt",
}
# Remote-code model_types whose configs name a class the planner counts, by (model_type, class):
# Tencent's own release of Hunyuan-A13B (models/config.json of its GitHub repository) declares
# "hunyuan" with the HunYuanMoEV1ForCausalLM class that transformers ships as hunyuan_v1_moe
# and vLLM serves (it picks the implementation from `architectures`, its model registry).
_REMOTE_CODE_CLASSES = {("hunyuan", "HunYuanMoEV1ForCausalLM"): "hunyuan_v1_moe"}

# How far the structural reading of an unknown family can be from the truth beyond the choices
# it names (core.model.families.generic.Guess): biases, norms, q/k norms, routers, sinks and layer
# rules it does not see. Calibrated on every family the planner counts exactly, each read as an
# unknown family (tests/test_oracle_configs.py reads them so and fails if a truth falls outside a
# band): with no margin the largest residual is 3.0 % (ERNIE-4.5-21B-A3B: its MoE layer rules), then
# 2.3 % (DeepSeek-V4-Flash), 1.9 % (MiMo-V2-Flash), 1.5 % (Hunyuan-A13B); docs/UNKNOWN_FAMILIES.md
# gives the whole distribution.
PARAMS_MARGIN = 0.05
# A tower (vision, audio) estimated from its sub-config as a ViT, on top of its named choices:
# calibrated on the towers the planner counts (SigLIP for Gemma 3, Llama 4, Qwen3-VL/3.5, LFM2-VL,
# Gemma 4, MoonViT for Kimi K2.5) read as unknown towers, whose truth is 1.00x (Gemma 3) to 1.38x
# (Gemma 4) the ViT figure.
TOWER_MARGIN = 0.35
_RECURRENT_KEYS = ("mamba", "ssm", "linear_", "conv_", "state_size", "hybrid")

_TORCH_DTYPES = {"float32", "float16", "bfloat16", "float64", "float8_e4m3fn", "float8_e5m2"}


def load_config_file(path: str | Path) -> dict[str, Any]:
    """Read a ``config.json`` and return its object, or raise :class:`ModelSourceError`.

    ``NaN`` and ``Infinity`` are kept as markers that only a field the planner reads refuses
    (:mod:`core.model.config_json`).
    """
    path = Path(path)
    if not path.is_file():
        raise ModelSourceError(Message("error.config_missing", path=str(path)))
    try:
        size = path.stat().st_size
        if size > MAX_CONFIG_BYTES:
            raise ModelSourceError(Message("config.too_large", path=str(path), size=size))
        text = path.read_text("utf-8")
    except UnicodeDecodeError:
        raise ModelSourceError(Message("error.config_not_utf8", path=str(path))) from None
    except OSError as error:
        reason = str(error.strerror or error)
        raise ModelSourceError(
            Message("error.cannot_read", path=str(path), reason=reason)
        ) from None
    try:
        data = loads_config(text, source=str(path))
    except json.JSONDecodeError as error:
        message = Message("error.config_not_json", path=str(path), reason=str(error))
        raise ModelSourceError(message) from None
    if not isinstance(data, dict):
        kind = type(data).__name__
        raise ModelSourceError(Message("error.config_not_object", path=str(path), kind=kind))
    return data


def _family_of(config: dict[str, Any]) -> str:
    """The config's family: its model_type (see :data:`_REMOTE_CODE_CLASSES`), else its class's."""
    architectures = config.get("architectures")
    first = str(architectures[0]) if isinstance(architectures, list) and architectures else ""
    model_type = config.get("model_type")
    if isinstance(model_type, str) and model_type:
        return _REMOTE_CODE_CLASSES.get((model_type, first), model_type)
    return _FAMILY_OF_ARCHITECTURE.get(first, "")


def _torch_dtype(config: dict[str, Any]) -> str | None:
    value = config.get("torch_dtype", config.get("dtype"))
    return value if isinstance(value, str) and value in _TORCH_DTYPES else None


def _text_and_vision(
    config: dict[str, Any], family: str
) -> tuple[dict[str, Any], str, dict[str, Any] | None]:
    """The text model's config and family, and the vision config of a multimodal config."""
    text = config.get("text_config")
    vision = config.get("vision_config")
    if not isinstance(text, dict) and family in FLAT_TEXT:
        # The text model's fields at the top level, the vision tower's in vision_config.
        text = config.copy()  # keeps a decoded config's refusal of NaN and Infinity
        text.pop("vision_config", None)
        text["model_type"] = MULTIMODAL[family][0]
    if not isinstance(text, dict):
        if family in MULTIMODAL:
            raise ModelSourceError(Message("error.config_key_missing", key="text_config"))
        # A config without text_config may still carry a tower (an unknown wrapper that keeps
        # its text fields at the top level): counted from the sub-config, never dropped.
        return config, family, vision if isinstance(vision, dict) else None
    text = text.copy()  # keeps a decoded config's refusal of NaN and Infinity
    if "tie_word_embeddings" in config and (
        "tie_word_embeddings" not in text or family in WRAPPER_TIES
    ):
        text["tie_word_embeddings"] = config["tie_word_embeddings"]
    text_family = text.get("model_type") or (MULTIMODAL[family][0] if family in MULTIMODAL else "")
    return text, str(text_family), vision if isinstance(vision, dict) else None


def layout_class(config: dict[str, Any]) -> str:
    """What kind of layout a config declares: "experts", "recurrent" or "dense" (for the reason)."""
    if any("expert" in key for key in config):
        return "experts"
    if any(word in key for key in config for word in _RECURRENT_KEYS):
        return "recurrent"
    return "dense"


def _approximate(reason: str, counted: Counted, guess: Guess, tower: Tower | None) -> Approximation:
    """The parameter band from the open choices and the margin; the cache band as guessed."""
    figure = _params_of(counted) + (tower.params if tower else 0)
    down, up = guess.params_down, guess.params_up
    slack = PARAMS_MARGIN * (figure - (tower.params if tower else 0))
    if tower is not None:
        down += tower.down
        up += tower.up
        slack += TOWER_MARGIN * tower.params
    low = max(figure - down - slack, 0) / figure
    high = (figure + up + slack) / figure
    return Approximation(
        round(low, 4),
        round(high, 4) + 0.0001,
        reason,
        round(guess.cache_low, 4),
        round(guess.cache_high, 4) + (0.0001 if guess.cache_high != 1.0 else 0.0),
    )


def _params_of(counted: Counted) -> int:
    b = counted.build
    return counted.embedding + counted.lm_head + b.other + sum(g.params for g in b.groups)


def _guess_notes(r: ConfigReader, guess: Guess, counted: Counted) -> None:
    """One note per choice the fields leave open, saying whether parameters or cache are open."""
    # The head count has its own note (model_note.open_heads), written where it is read.
    for what in dict.fromkeys(guess.params_open):
        if what != "heads":
            r.notes.append(
                Message(f"model_note.open_{what}", h=counted.hidden, vocab=counted.vocab)
            )
    for what in dict.fromkeys(guess.cache_open):
        if what not in guess.params_open:
            r.notes.append(Message(f"model_note.open_{what}"))
    if guess.cache_open:
        r.notes.append(Message("model_note.cache_band", low=guess.cache_low, high=guess.cache_high))


# Keys published configs use for their multi-token-prediction layers (DeepSeek-V3/V4, GLM-4.5,
# Nemotron 3: num_nextn_predict_layers; Qwen3-Next and Qwen3.5: mtp_num_hidden_layers; MiniMax:
# num_mtp_modules).
_MTP_KEYS = ("num_nextn_predict_layers", "mtp_num_hidden_layers", "num_mtp_modules")


def _note_mtp(text: dict[str, Any], r: ConfigReader, mtp: MtpBlock | None) -> None:
    """Say what the checkpoint's MTP layers are and that the model is counted without them.

    vLLM's loaders skip the MTP weights unless speculative decoding uses them
    (``get_spec_layer_idx_from_weight_name`` in ``deepseek_v2.py``, ``glm4_moe.py`` and
    ``minimax_m2.py``; the ``mtp.`` prefix in ``qwen3_next.py``, ``qwen3_5.py`` and
    ``deepseek_v4.py``). The layers a family counts (:mod:`core.model.mtp`) are named with the
    parameters the checkpoint stores for them; any other declared MTP layers with the key that
    declares them.
    """
    if mtp is not None and mtp.stored_layers:
        r.notes.append(
            Message(
                "model_note.mtp_layers_first",
                layers=mtp.stored_layers,
                params=mtp.stored_params,
                loaded=mtp.params,
            )
        )
        return
    if mtp is not None:
        r.notes.append(
            Message("model_note.mtp_layers", layers=mtp.layers, params=mtp.stored_params)
        )
        return
    for key in _MTP_KEYS:
        layers = text.get(key)
        if isinstance(layers, int) and not isinstance(layers, bool) and layers > 0:
            r.notes.append(Message("model_note.mtp_declared", layers=layers, key=key))
            return


def _vision_quantized(
    config: dict[str, Any], quantization: dict[str, Any], vision_params: int
) -> bool:
    """Whether a top-level compressed-tensors or ModelOpt scheme may quantize the vision tower too.

    Its ``Linear`` targets reach every linear layer of the model, the vision tower's included,
    unless ``ignore`` names it; the planner counts the vision tower in 16-bit, so such a layout
    is not read. A scheme in ``text_config`` covers the language model only.
    """
    if not vision_params or "quantization_config" not in config:
        return False
    if quantization.get("quant_method") not in ("compressed-tensors", "modelopt"):
        return False
    ignore = quantization.get("ignore", quantization.get("exclude_modules"))
    names = ignore if isinstance(ignore, list) else []
    return not any(isinstance(n, str) and ("vision" in n or "visual" in n) for n in names)


# The fields that give a model's longest sequence, as vLLM reads them (``possible_keys`` of
# ``_get_and_verify_max_len``, vllm/config/model.py): OPT and most families, GPT-2, MPT,
# ChatGLM2, Command-R, then other spellings. vLLM takes the smallest of those present.
_LENGTH_KEYS = (
    "max_position_embeddings",
    "n_positions",
    "max_seq_len",
    "seq_length",
    "model_max_length",
    "max_sequence_length",
    "max_seq_length",
    "seq_len",
)


def _max_positions(text: Mapping[str, Any], r: ConfigReader) -> int | None:
    """The model's longest sequence: the smallest length field present, else its class default.

    A configuration class's default counts where published configs omit the field (Gemma 3's
    multimodal configs, Falcon's), as the serving engine builds the config with it, and the
    model's notes say so; with neither, the model states no length and none is assumed.
    """
    found = [
        value
        for key in _LENGTH_KEYS
        if isinstance(value := text.get(key), int) and not isinstance(value, bool) and value > 0
    ]
    if found:
        return min(found)
    default = r.defaults.get("max_position_embeddings")
    if default is not None:
        r.notes.append(
            Message(
                "model_note.family_default",
                key="max_position_embeddings",
                family=r.family,
                default=default,
            )
        )
    return default


def architecture_from_config(
    config: dict[str, Any],
    *,
    model_id: str,
    name: str,
    source: Source,
    tensor_names: Sequence[str] = (),
) -> ModelArchitecture:
    """Count a model's parameters, category by category, and its per-layer cache.

    Args:
        config: The decoded ``config.json``.
        model_id: Identifier the planner shows and stores.
        name: Human-readable model name.
        source: Where the config came from.
        tensor_names: The checkpoint's tensor names, when it is at hand: for a family the
            planner does not know they settle which layers attend, the MLP's gate and a tied
            head where the config does not.

    Returns:
        The architecture with exact parameter counts for known families, or a Llama-style
        estimate with an approximation band and a note for an unknown ``model_type``.

    Raises:
        ModelSourceError: A required field is missing, or a field has an impossible value.
    """
    if not isinstance(config, dict):
        raise ModelSourceError(Message("config.not_an_object"))
    family = _family_of(config)
    text, text_family, vision = _text_and_vision(config, family)
    r = ConfigReader(text, text_family or "generic", DEFAULTS.get(text_family))
    counted: Counted | None = count_family(r, text_family)
    approximate = None
    guess = None
    if counted is None:
        r.note_aliases = True
        counted, guess = count_structure(r, tensor_names)
        unknown = (
            Message("model_type_unknown.named", family=text_family)
            if text_family
            else Message("model_type_unknown.unnamed")
        )
        r.notes.insert(0, unknown)
    extra_modules = 0
    tower = None
    reasons = []
    if guess is not None:
        reasons.append(f"model_type '{text_family or 'unknown'}' ({layout_class(text)})")
    if vision is not None and family in MULTIMODAL:
        extra_modules = MULTIMODAL[family][1](config, vision, counted.hidden)
    elif vision is not None:
        # A vision tower no counter knows: estimated from its sub-config, never dropped.
        tower = estimate_tower(vision, counted.hidden, config)
        reasons.append(f"vision tower of '{family}'")
        r.notes.append(Message("model_note.vision_estimated", family=family, params=tower.params))
    audio = config.get("audio_config")
    counted_audio = family in AUDIO_COUNTED and vision is not None
    if isinstance(audio, dict) and not counted_audio:
        heard = estimate_tower(audio, counted.hidden, {})
        reasons.append(f"audio tower of '{family}'")
        tower = (
            heard
            if tower is None
            else Tower(tower.params + heard.params, tower.down + heard.down, tower.up + heard.up)
        )
        r.notes.append(Message("model_note.audio_estimated", family=family, params=heard.params))
    if tower is not None:
        extra_modules += tower.params
    if guess is not None or tower is not None:
        guess = guess or Guess()
        approximate = _approximate("; ".join(reasons), counted, guess, tower)
        _guess_notes(r, guess, counted)
    _note_mtp(text, r, counted.mtp)
    b = counted.build
    groups = b.groups
    checkpoint = None
    mtp = counted.mtp
    quantization = config.get("quantization_config", text.get("quantization_config"))
    if isinstance(quantization, dict):
        if approximate is None and not _vision_quantized(config, quantization, extra_modules):
            checkpoint = read_layout(
                quantization,
                groups,
                counted.embedding + counted.lm_head,
                b.other + extra_modules,
                counted.storage,
                counted.layers,
            )
            if checkpoint is not None and mtp is not None:
                mtp = _mtp_checkpoint(mtp, quantization, counted, extra_modules, text_family)
                if mtp is None:
                    r.notes.append(Message("model_note.mtp_storage_unread"))
        if checkpoint is None:
            # A layout the planner does not read (or an approximate count): say the weights
            # are counted at the request's precision, not as published.
            named = quantization.get("quant_method")
            method = UNNAMED_QUANTIZATION if named is None else str(named)
            r.notes.append(Message("model_note.declared_quantization", method=method))
    max_pos = _max_positions(text, r)
    return ModelArchitecture(
        id=model_id,
        name=name,
        model_type=(family if family in KNOWN else text_family) or "unknown",
        source=source,
        layers=counted.layers,
        hidden_size=counted.hidden,
        attention_heads=max(counted.heads, 1),
        kv_heads=max(counted.kv_heads, 1),
        head_dim=counted.head_dim,
        intermediate_size=counted.intermediate_size,
        vocab_size=counted.vocab,
        embedding_params=counted.embedding,
        lm_head_params=counted.lm_head,
        linear_groups=groups,
        other_params=b.other + extra_modules,
        other_active_params=b.other_active + extra_modules,
        attention=counted.attention,
        max_position_embeddings=max_pos,
        sliding_window=counted.sliding_window,
        sliding_window_layers=counted.sliding_window_layers,
        kv_lora_rank=counted.kv_lora_rank,
        qk_rope_head_dim=counted.qk_rope_head_dim,
        mlp_gated=counted.mlp_gated,
        dropout=counted.dropout,
        norms_per_layer=counted.norms_per_layer,
        norm_upcast=counted.norm_upcast,
        num_experts=counted.num_experts,
        experts_per_token=counted.experts_per_token,
        shared_experts=counted.shared_experts,
        largest_layer_params=counted.largest_layer,
        torch_dtype=_torch_dtype(config) or _torch_dtype(text),
        notes=tuple(dict.fromkeys(r.notes)),
        cache=counted.cache,
        approximate=approximate,
        vision_params=extra_modules,
        checkpoint=checkpoint,
        mtp=mtp,
    )


def _mtp_checkpoint(
    mtp: MtpBlock,
    quantization: dict[str, Any],
    counted: Counted,
    extra_modules: int,
    family: str,
) -> MtpBlock | None:
    """``mtp`` with the checkpoint's stored bytes once its layers are loaded too.

    The MTP layers are stored like the decoder's (DeepSeek-V3's FP8 blocks) except where the
    config's exclusion lists name them (:mod:`core.model.checkpoint_mtp`: Qwen3-Next's FP8 list
    keeps ``mtp.fc`` in 16-bit). A family whose MTP naming the planner does not know keeps
    ``eh_proj`` in 16-bit, as vLLM's drafts build it. None (the MTP layers left uncounted) when
    that layout is not read.
    """
    names = mtp_names(family, counted.layers, mtp.layers)
    storage = counted.storage or StorageHints()
    storage = replace(
        storage,
        plain_groups=storage.plain_groups | ({MTP_EH_PROJ} if names is None else set()),
        fp32_params=storage.fp32_params + mtp.fp32_params,
        buffer_bytes=storage.buffer_bytes + mtp.buffer_bytes,
    )
    layout = read_layout(
        quantization,
        counted.build.groups + as_mtp_groups(mtp.groups),
        counted.embedding + counted.lm_head,
        counted.build.other + extra_modules + mtp.other_params,
        storage,
        counted.layers,
        mtp=names,
    )
    return replace(mtp, checkpoint=layout) if layout is not None else None
