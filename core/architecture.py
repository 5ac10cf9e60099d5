"""A language model's architecture as the capacity engine needs it, with its exact parameter count.

Every source (bundled preset, a user's ``config.json``, a ``.safetensors`` header, custom numbers)
produces one :class:`ModelArchitecture`. Parameters are kept by category, because the categories
are stored differently: block linear layers are what quantization shrinks (and what carries
per-group metadata), while embeddings, the LM head, norms, biases and MoE routers stay 16-bit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

AttentionKind = Literal["mha", "gqa", "mqa", "mla"]


@dataclass(frozen=True)
class LinearGroup:
    """Identical weight matrices of the transformer blocks, counted over the whole model.

    ``count`` is how many such matrices the model stores (layers × experts); ``active_count`` how
    many one token passes through (MoE routes to top-k experts). ``in_features`` is the reduction
    dimension along which quantization groups run.
    """

    name: str
    in_features: int
    out_features: int
    count: int
    active_count: int

    @property
    def params(self) -> int:
        """Weights in all matrices of the group."""
        return self.in_features * self.out_features * self.count

    @property
    def active_params(self) -> int:
        """Weights one token uses."""
        return self.in_features * self.out_features * self.active_count


@dataclass(frozen=True)
class ModelArchitecture:
    """A decoder-only language model (dense or MoE) as the planner sees it."""

    id: str
    name: str
    model_type: str
    source: Literal["preset", "hf_config", "safetensors", "gguf", "custom"]
    layers: int
    hidden_size: int
    attention_heads: int
    kv_heads: int
    head_dim: int
    intermediate_size: int
    vocab_size: int
    # Parameters by category (whole model).
    embedding_params: int  # token embeddings plus learned position embeddings
    lm_head_params: int  # 0 when tied to the embeddings
    linear_groups: tuple[LinearGroup, ...]
    other_params: int  # norms, biases, MoE routers: stay in 16-bit under quantization
    other_active_params: int
    attention: AttentionKind = "gqa"
    max_position_embeddings: int | None = None
    sliding_window: int | None = None
    sliding_window_layers: int = 0  # how many layers cap their cache at the window
    kv_lora_rank: int | None = None  # MLA latent width (DeepSeek-V2/V3)
    qk_rope_head_dim: int | None = None  # MLA decoupled RoPE key width
    mlp_gated: bool = True
    dropout: bool = False
    norms_per_layer: int = 2
    num_experts: int = 0
    experts_per_token: int = 0
    shared_experts: int = 0
    largest_layer_params: int = 0  # biggest decoder layer (FSDP wrap unit)
    torch_dtype: str | None = None
    stored_bytes: int | None = None  # exact bytes of a safetensors checkpoint, when read from one
    stored_dtype: str | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)

    @cached_property
    def linear_params(self) -> int:
        """Parameters in block linear layers (the quantizable ones)."""
        return sum(g.params for g in self.linear_groups)

    @cached_property
    def params_total(self) -> int:
        """Every parameter the model stores (all experts)."""
        return self.embedding_params + self.lm_head_params + self.linear_params + self.other_params

    @cached_property
    def active_linear_params(self) -> int:
        """Block linear weights one token uses."""
        return sum(g.active_params for g in self.linear_groups)

    @cached_property
    def params_active(self) -> int:
        """Parameters one token uses (top-k experts for MoE; equal to the total when dense)."""
        return (
            self.embedding_params
            + self.lm_head_params
            + self.active_linear_params
            + self.other_active_params
        )

    @property
    def is_moe(self) -> bool:
        """Whether the model routes tokens to experts."""
        return self.num_experts > 0

    @cached_property
    def root_unit_params(self) -> int:
        """Parameters outside the decoder layers (embeddings, LM head, final norm)."""
        return self.embedding_params + self.lm_head_params + self.hidden_size
