"""Reading a ``config.json`` safely: field aliases, validation, documented bounds, notes.

Every integer a counter reads passes through :class:`ConfigReader`, which refuses a missing
required field, a non-integer, a value below its minimum and a value above its documented bound
(:data:`BOUNDS`), so an absurd config (``num_hidden_layers: 10**12``) is refused with one message
naming the field instead of looping or allocating. Every assumption becomes a note.
"""

from __future__ import annotations

import math
from typing import Any

from core.base.errors import ModelSourceError
from core.texts.messages import Message

# Names other families use for the generic fields (GPT-2, BLOOM, MPT, Falcon, OLMo, ...).
ALIASES: dict[str, tuple[str, ...]] = {
    "hidden_size": ("n_embd", "d_model", "n_embed"),
    "num_hidden_layers": ("n_layer", "num_layers", "n_layers"),
    "num_attention_heads": ("n_head", "num_heads", "n_heads"),
    "num_key_value_heads": ("num_kv_heads", "n_head_kv", "kv_n_heads"),
    "intermediate_size": ("n_inner", "ffn_hidden_size"),
}

# Upper bounds on config numbers. The largest published values (2026) are far below: 512 experts
# (Qwen3-Next), 163,840 positions (DeepSeek-V3), 262,208 vocabulary entries (Gemma 3), 126 layers
# (Llama 3.1 405B), hidden 16,384. The bounds leave two to three orders of magnitude of room and
# keep every per-layer loop and every product finite and fast.
MAX_LAYERS = 10_000
BOUNDS: dict[str, int] = {
    "num_hidden_layers": MAX_LAYERS,
    "num_experts": 100_000,
    "vocab_size": 100_000_000,
    "max_position_embeddings": 1 << 40,
    "sliding_window": 1 << 40,
    "attention_chunk_size": 1 << 40,
}
DEFAULT_BOUND = 10_000_000  # any width, head count, rank or expert count


class ConfigReader:
    """Reads config fields with validation; records every assumption as a note."""

    def __init__(
        self, config: dict[str, Any], family: str, defaults: dict[str, int] | None = None
    ) -> None:
        self.config = config
        self.family = family
        self.notes: list[str] = []
        # The family's configuration-class defaults for fields its published configs omit.
        self.defaults = defaults or {}
        self.note_aliases = False  # only an unknown family's alias reads are worth a note

    def _value(self, key: str, aliases: tuple[str, ...] = ()) -> tuple[str, Any]:
        for name in (key, *aliases):
            if self.config.get(name) is not None:
                return name, self.config[name]
        return key, None

    @staticmethod
    def check_int(name: str, value: Any, minimum: int, bound_key: str | None = None) -> int:
        """``value`` as an int at least ``minimum`` and within the field's bound, or refuse."""
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            key = "error.config_not_positive" if minimum >= 1 else "error.config_not_non_negative"
            raise ModelSourceError(Message(key, name=name, value=repr(value)))
        bound = BOUNDS.get(bound_key or name, DEFAULT_BOUND)
        if value > bound:
            raise ModelSourceError(
                Message("error.config_too_large", name=name, value=value, bound=bound)
            )
        return value

    def has(self, key: str) -> bool:
        """Whether the config sets ``key`` (or an alias of it) to something other than null."""
        return self._value(key, ALIASES.get(key, ()))[1] is not None

    def required(self, key: str) -> int:
        """A field the count cannot do without (aliases accepted)."""
        name, value = self._value(key, ALIASES.get(key, ()))
        if value is None:
            if key in self.defaults:
                return self.integer(key, self.defaults[key])
            raise ModelSourceError(Message("error.config_key_missing", key=key))
        if name != key and self.note_aliases:
            self.notes.append(Message("model_note.alias", key=key, name=name))
        return self.check_int(name, value, 1, key)

    def integer(
        self,
        key: str,
        default: int | None,
        *,
        minimum: int = 1,
        quiet: bool = False,
        aliases: tuple[str, ...] = (),
    ) -> int:
        """An integer field; when absent, the family default (noted unless ``quiet``)."""
        name, value = self._value(key, aliases or ALIASES.get(key, ()))
        if value is None:
            default = self.defaults.get(key, default)
            if default is None:
                raise ModelSourceError(Message("error.config_key_missing", key=key))
            if not quiet:
                self.notes.append(
                    Message(
                        "model_note.family_default", key=key, family=self.family, default=default
                    )
                )
            return default
        return self.check_int(name, value, minimum, key)

    def optional(self, key: str, *, aliases: tuple[str, ...] = ()) -> int | None:
        """An integer field that may be absent or null (absent: the family default, if any)."""
        name, value = self._value(key, aliases or ALIASES.get(key, ()))
        if value is None and key not in self.config and key in self.defaults:
            return self.defaults[key]
        return None if value is None else self.check_int(name, value, 1, key)

    def flag(self, key: str, default: bool) -> bool:
        """A true/false field (absent means the family default)."""
        value = self.config.get(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise ModelSourceError(Message("error.config_not_bool", name=key, value=repr(value)))
        return value

    def number(self, key: str, default: float) -> float:
        """A real-valued field (multipliers); absent means ``default``."""
        value = self.config.get(key)
        if value is None:
            return default
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
            or value <= 0
        ):
            raise ModelSourceError(Message("error.config_not_positive", name=key, value=value))
        return float(value)

    def int_list(self, key: str, length: int | None = None) -> list[int] | None:
        """A list of non-negative integers (layer indices, patterns), or None when absent."""
        value = self.config.get(key)
        if value is None:
            return None
        if not isinstance(value, list) or len(value) > MAX_LAYERS * 10:
            raise ModelSourceError(Message("error.config_bad_list", name=key))
        out = [self.check_int(key, item, 0) for item in value]
        if length is not None and len(out) != length:
            raise ModelSourceError(
                Message("error.config_list_length", name=key, length=len(out), layers=length)
            )
        return out

    def str_list(self, key: str, length: int) -> list[str] | None:
        """A per-layer list of strings (``layer_types``), its length checked against the layers."""
        value = self.config.get(key)
        if value is None:
            return None
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ModelSourceError(Message("error.config_bad_list", name=key))
        if len(value) != length:
            raise ModelSourceError(
                Message("error.config_list_length", name=key, length=len(value), layers=length)
            )
        return list(value)
