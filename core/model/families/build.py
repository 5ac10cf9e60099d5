"""What a family counter produces: parameters by category, per-layer cache groups, MoE shape."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from core.model.architecture import AttentionKind, CacheGroup, LinearGroup
from core.model.checkpoint_layout import StorageHints
from core.model.mtp import MtpBlock


@dataclass
class Build:
    """Parameters gathered by category while a family is counted (identical matrices merged)."""

    matrices: dict[tuple[str, int, int], list[int]] = field(default_factory=dict)
    other: int = 0
    other_active: int = 0
    # Matrices a tensor-parallel server holds whole on every rank (LinearGroup.replicated).
    replicated: set[str] = field(default_factory=set)

    def linear(
        self,
        name: str,
        in_f: int,
        out_f: int,
        count: int = 1,
        active: int | None = None,
        *,
        replicated: bool = False,
    ) -> int:
        """Add ``count`` matrices of ``in_f`` × ``out_f``; return their parameters."""
        if count > 0 and in_f > 0 and out_f > 0:
            slot = self.matrices.setdefault((name, in_f, out_f), [0, 0])
            slot[0] += count
            slot[1] += count if active is None else active
            if replicated:
                self.replicated.add(name)
        return in_f * out_f * count

    def extra(self, params: int, active: int | None = None) -> int:
        """Norms, biases, routers, sinks, SSM vectors (kept in 16-bit under quantization)."""
        self.other += params
        self.other_active += params if active is None else active
        return params

    @property
    def groups(self) -> tuple[LinearGroup, ...]:
        """The block linear layers as :class:`LinearGroup` s."""
        return tuple(
            LinearGroup(name, i, o, c, a, name in self.replicated)
            for (name, i, o), (c, a) in self.matrices.items()
        )


@dataclass
class Counted:
    """One family's result, before it becomes a ModelArchitecture."""

    build: Build
    embedding: int
    lm_head: int
    largest_layer: int
    intermediate_size: int
    head_dim: int
    kv_heads: int
    attention: AttentionKind
    norms_per_layer: int = 2
    norm_upcast: bool = True
    mlp_gated: bool = True
    dropout: bool = False
    sliding_window: int | None = None
    sliding_window_layers: int = 0
    kv_lora_rank: int | None = None
    qk_rope_head_dim: int | None = None
    num_experts: int = 0
    experts_per_token: int = 0
    shared_experts: int = 0
    cache: tuple[CacheGroup, ...] = ()
    # Weights outside the language model a server loads too (vision tower, projector).
    extra_modules: int = 0
    layers: int = 0
    hidden: int = 0
    heads: int = 0
    vocab: int = 0
    # How the family's published checkpoints store what quantization_config does not say.
    storage: StorageHints | None = None
    # Multi-token-prediction layers, counted as vLLM loads them for speculative decoding.
    mtp: MtpBlock | None = None


def merge_cache(per_layer: list[CacheGroup]) -> tuple[CacheGroup, ...]:
    """Per-layer cache entries merged into groups of identical kind and shape."""
    merged: dict[CacheGroup, int] = {}
    for g in per_layer:
        one = replace(g, layers=1)
        merged[one] = merged.get(one, 0) + g.layers
    return tuple(replace(g, layers=n) for g, n in merged.items())


def attention_kind(heads: int, kv_heads: int) -> AttentionKind:
    """MHA, GQA or MQA from the head counts."""
    if kv_heads == heads:
        return "mha"
    return "mqa" if kv_heads == 1 else "gqa"


def dropout_of(config: dict[str, object], default: float) -> bool:
    """Whether the config trains with dropout (any of the usual keys above zero)."""
    keys = ("dropout", "hidden_dropout", "resid_pdrop", "embd_pdrop", "attention_dropout")
    found = [config[k] for k in keys if isinstance(config.get(k), int | float)]
    return any(float(value) > 0 for value in found) if found else default > 0  # type: ignore[arg-type]
