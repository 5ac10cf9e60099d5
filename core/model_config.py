"""Exact parameter counts of a decoder-only language model from its Hugging Face ``config.json``.

:func:`architecture_from_config` turns a config dict into a
:class:`~core.architecture.ModelArchitecture`. Each known family is counted weight by weight the
way its transformers modeling file builds the model (``modeling_llama.py``,
``modeling_mistral.py``, ``modeling_mixtral.py``, ``modeling_qwen2.py``, ``modeling_gemma2.py``,
``modeling_phi3.py``, ``modeling_deepseek_v3.py``, ``modeling_opt.py``; the counters are in
:mod:`core.model_families`). An unknown ``model_type`` is estimated with the Llama-style formula
and says so in ``notes``; the estimate turns notes into warnings a user sees.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from core.architecture import ModelArchitecture
from core.errors import ModelSourceError
from core.messages import UNNAMED_QUANTIZATION, Message
from core.model_families import (
    GENERIC,
    STYLES,
    ConfigReader,
    count_deepseek,
    count_llama_like,
    count_opt,
)
from core.safe_json import loads_json

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
}

_TORCH_DTYPES = {"float32", "float16", "bfloat16", "float64", "float8_e4m3fn", "float8_e5m2"}


def load_config_file(path: str | Path) -> dict[str, Any]:
    """Read a ``config.json`` and return its object, or raise :class:`ModelSourceError`."""
    path = Path(path)
    if not path.is_file():
        raise ModelSourceError(Message("error.config_missing", path=str(path)))
    try:
        size = path.stat().st_size
        if size > MAX_CONFIG_BYTES:
            raise ModelSourceError(
                f"{path} is {size:,} bytes; a config.json is a few kilobytes, so this is not one"
            )
        text = path.read_text("utf-8")
    except UnicodeDecodeError:
        raise ModelSourceError(Message("error.config_not_utf8", path=str(path))) from None
    except OSError as error:
        reason = str(error.strerror or error)
        raise ModelSourceError(
            Message("error.cannot_read", path=str(path), reason=reason)
        ) from None
    try:
        data = loads_json(text, source=str(path), error=ModelSourceError)
    except json.JSONDecodeError as error:
        message = Message("error.config_not_json", path=str(path), reason=str(error))
        raise ModelSourceError(message) from None
    if not isinstance(data, dict):
        kind = type(data).__name__
        raise ModelSourceError(Message("error.config_not_object", path=str(path), kind=kind))
    return data


def _family_of(config: dict[str, Any]) -> str:
    model_type = config.get("model_type")
    if isinstance(model_type, str) and model_type:
        return model_type
    architectures = config.get("architectures")
    if isinstance(architectures, list) and architectures:
        return _FAMILY_OF_ARCHITECTURE.get(str(architectures[0]), "")
    return ""


def _torch_dtype(config: dict[str, Any]) -> str | None:
    value = config.get("torch_dtype", config.get("dtype"))
    return value if isinstance(value, str) and value in _TORCH_DTYPES else None


def architecture_from_config(
    config: dict[str, Any], *, model_id: str, name: str, source: Source
) -> ModelArchitecture:
    """Count a model's parameters, category by category, from its ``config.json`` object.

    Args:
        config: The decoded ``config.json``.
        model_id: Identifier the planner shows and stores.
        name: Human-readable model name.
        source: Where the config came from.

    Returns:
        The architecture with exact parameter counts for known families, or a Llama-style
        estimate (with a note saying so) for an unknown ``model_type``.

    Raises:
        ModelSourceError: A required field is missing, or a field has an impossible value.
    """
    if not isinstance(config, dict):
        raise ModelSourceError("config.json must hold a JSON object")
    family = _family_of(config)
    r = ConfigReader(config, family or "generic")
    if family in STYLES:
        counted = count_llama_like(r, STYLES[family])
    elif family in ("deepseek_v3", "deepseek_v2"):
        counted = count_deepseek(r, 3 if family == "deepseek_v3" else 2)
    elif family == "opt":
        counted = count_opt(r)
    else:
        counted = count_llama_like(r, GENERIC)
        unknown = (
            Message("model_type_unknown.named", family=family)
            if family
            else Message("model_type_unknown.unnamed")
        )
        r.notes.insert(0, unknown)
    quantization = config.get("quantization_config")
    if isinstance(quantization, dict):
        method = str(quantization.get("quant_method", UNNAMED_QUANTIZATION))
        r.notes.append(Message("model_note.declared_quantization", method=method))
    max_pos = config.get("max_position_embeddings")
    b = counted.build
    return ModelArchitecture(
        id=model_id,
        name=name,
        model_type=family or "unknown",
        source=source,
        layers=r.required("num_hidden_layers"),
        hidden_size=r.required("hidden_size"),
        attention_heads=r.required("num_attention_heads"),
        kv_heads=counted.kv_heads,
        head_dim=counted.head_dim,
        intermediate_size=counted.intermediate_size,
        vocab_size=r.required("vocab_size"),
        embedding_params=counted.embedding,
        lm_head_params=counted.lm_head,
        linear_groups=tuple(b.groups),
        other_params=b.other,
        other_active_params=b.other_active,
        attention=counted.attention,
        max_position_embeddings=max_pos if isinstance(max_pos, int) and max_pos > 0 else None,
        sliding_window=counted.sliding_window,
        sliding_window_layers=counted.sliding_window_layers,
        kv_lora_rank=counted.kv_lora_rank,
        qk_rope_head_dim=counted.qk_rope_head_dim,
        mlp_gated=counted.mlp_gated,
        dropout=counted.dropout,
        norms_per_layer=counted.norms_per_layer,
        num_experts=counted.num_experts,
        experts_per_token=counted.experts_per_token,
        shared_experts=counted.shared_experts,
        largest_layer_params=counted.largest_layer,
        torch_dtype=_torch_dtype(config),
        notes=tuple(dict.fromkeys(r.notes)),
    )
