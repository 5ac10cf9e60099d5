"""Shared readers for the family specs: core widths, head shapes, per-layer patterns."""

from __future__ import annotations

from dataclasses import dataclass

from core.base.errors import ModelSourceError
from core.model.architecture import CacheKind
from core.model.families.reader import ConfigReader
from core.texts.messages import Message


@dataclass(frozen=True)
class Core:
    """The widths every decoder config gives."""

    h: int
    layers: int
    heads: int
    kv: int
    d: int
    vocab: int


def kv_heads(r: ConfigReader, heads: int, default: int | None = None) -> int:
    """``num_key_value_heads`` (or an alias); absent means multi-head attention."""
    kv = r.integer("num_key_value_heads", default or heads, quiet=True)
    if kv > heads or heads % kv:
        raise ModelSourceError(Message("error.config_kv_heads", kv=kv, heads=heads))
    return kv


def head_dim(r: ConfigReader, h: int, heads: int, default: int | None = None) -> int:
    """``head_dim`` when given, else the family default, else hidden / heads."""
    explicit = r.optional("head_dim")
    if explicit is not None:
        return explicit
    if default is not None:
        return default
    if h % heads:
        raise ModelSourceError(Message("error.config_head_dim", hidden=h, heads=heads))
    return h // heads


def core(r: ConfigReader, *, head_default: int | None = None, kv: int | None = None) -> Core:
    """Hidden size, layers, heads, KV heads, head_dim and vocabulary, validated."""
    h = r.required("hidden_size")
    layers = r.required("num_hidden_layers")
    heads = r.required("num_attention_heads")
    vocab = r.required("vocab_size")
    kvh = kv if kv is not None else kv_heads(r, heads)
    return Core(h, layers, heads, kvh, head_dim(r, h, heads, head_default), vocab)


def types_from(r: ConfigReader, layers: int) -> list[str] | None:
    """``layer_types`` when the config lists one entry per layer."""
    return r.str_list("layer_types", layers)


def attention_cache(
    r: ConfigReader,
    layers: int,
    *,
    sliding_if: object = None,
    window_default: int | None = None,
) -> list[tuple[CacheKind, int | None]]:
    """Each layer's cache kind: ``layer_types`` when given, else the family rule ``sliding_if``.

    ``sliding_if`` is a predicate on the layer index (the family's documented pattern), ``"all"``
    for every layer, or None for no sliding layers. A null ``sliding_window`` disables sliding.
    """
    window = r.optional("sliding_window") if "sliding_window" in r.config else window_default
    types = types_from(r, layers)
    out: list[tuple[CacheKind, int | None]] = []
    for i in range(layers):
        if types is not None:
            slides = types[i] == "sliding_attention"
        elif sliding_if == "all":
            slides = True
        elif callable(sliding_if):
            slides = bool(sliding_if(i))
        else:
            slides = False
        out.append(("sliding", window) if slides and window else ("full", None))
    return out


def tie(r: ConfigReader, default: bool) -> bool:
    """``tie_word_embeddings`` with the family's default."""
    return r.flag("tie_word_embeddings", default)
