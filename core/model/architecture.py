"""A language model's architecture as the capacity engine needs it, with its exact parameter count.

Every source (bundled preset, a user's ``config.json``, a ``.safetensors`` header, custom numbers)
produces one :class:`ModelArchitecture`. Parameters are kept by category, because the categories
are stored differently: block linear layers are what quantization shrinks (and what carries
per-group metadata), while embeddings, the LM head, norms, biases and MoE routers stay 16-bit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from core.model.checkpoint_layout import CheckpointLayout
    from core.model.mtp import MtpBlock

AttentionKind = Literal["mha", "gqa", "mqa", "mla"]
# How a layer caches: every token (full), the last ``window`` tokens (sliding), the current chunk
# (chunked local attention), one MLA latent per token, or a fixed recurrent + convolution state per
# sequence (Mamba, Gated DeltaNet, short convolutions).
CacheKind = Literal["full", "sliding", "chunked", "mla", "linear_state"]
CACHE_KINDS: tuple[CacheKind, ...] = ("full", "sliding", "chunked", "mla", "linear_state")
# (kind, window, elements per token over its layers, fixed elements per sequence over its layers,
# bits of recurrent state held in a dtype the config pins, and bits per token over its layers held
# in a format the engine pins, both whatever the cache dtype)
CacheRow = tuple[CacheKind, int | None, int, int, int, int]


@dataclass(frozen=True)
class CacheGroup:
    """Layers that cache alike: ``layers`` layers of one kind with one shape.

    Attention kinds store ``kv_heads`` heads of ``k_dim`` key and ``v_dim`` value elements per
    token per layer (``v_dim`` may differ from ``k_dim``; MLA stores one latent of ``k_dim``
    elements with ``v_dim`` 0 and ``kv_heads`` 1, replicated on every tensor-parallel rank).
    ``window`` caps the tokens a sliding or chunked layer keeps. A ``linear_state`` layer keeps
    ``state_elements`` recurrent elements plus ``conv_channels`` × ``conv_tokens`` convolution
    elements per sequence, split over ``state_heads`` heads under tensor parallelism.
    ``token_bits`` are bits per token per layer that the engine stores in a format of its own,
    whatever the cache dtype (DeepSeek-V3.2's indexer key beside the MLA latent). ``states`` is
    how many such states a sequence keeps per layer: one, or one more per draft token while vLLM
    drafts with MTP (:func:`core.model.mtp.with_mtp`).
    """

    kind: CacheKind
    layers: int
    kv_heads: int = 0
    k_dim: int = 0
    v_dim: int = 0
    window: int | None = None
    state_elements: int = 0
    conv_channels: int = 0
    conv_tokens: int = 0
    state_heads: int = 1
    state_bits: int = 0  # recurrent state dtype the config pins (32: float32); 0 = cache dtype
    token_bits: int = 0  # bits per token per layer in a format the engine pins
    states: int = 1  # recurrent states per sequence per layer (1 + MTP draft tokens)

    @property
    def grows(self) -> bool:
        """Whether the cache grows with the context (every kind but a recurrent state)."""
        return self.kind != "linear_state"

    def heads_per_gpu(self, tp: int) -> int:
        """KV heads one GPU holds (vLLM: replicated when tp exceeds the heads; MLA replicated)."""
        if self.kind == "mla":
            return 1
        return max(1, -(-self.kv_heads // tp))

    def elements_per_token(self, tp: int = 1) -> int:
        """Cached elements per token per layer on one GPU."""
        return self.heads_per_gpu(tp) * (self.k_dim + self.v_dim)

    def _split(self, tp: int) -> int:
        return min(tp, max(self.state_heads, 1))

    def state_elements_per_gpu(self, tp: int = 1) -> int:
        """State elements per sequence per layer on one GPU kept in the cache dtype."""
        whole = self.conv_channels * self.conv_tokens
        whole += 0 if self.state_bits else self.state_elements
        return -(-whole // self._split(tp))

    def pinned_state_bits_per_gpu(self, tp: int = 1) -> int:
        """Bits per sequence per layer of recurrent state in the dtype the config pins."""
        if not self.state_bits:
            return 0
        return -(-self.state_elements // self._split(tp)) * self.state_bits


@dataclass(frozen=True)
class LinearGroup:
    """Identical weight matrices of the transformer blocks, counted over the whole model.

    ``count`` is how many such matrices the model stores (layers × experts); ``active_count`` how
    many one token passes through (MoE routes to top-k experts). ``in_features`` is the reduction
    dimension along which quantization groups run. ``replicated`` layers are held whole on every
    tensor-parallel rank instead of split (vLLM ``ReplicatedLinear`` or ``disable_tp=True``).
    """

    name: str
    in_features: int
    out_features: int
    count: int
    active_count: int
    replicated: bool = False

    @property
    def params(self) -> int:
        """Weights in all matrices of the group."""
        return self.in_features * self.out_features * self.count

    @property
    def active_params(self) -> int:
        """Weights one token uses."""
        return self.in_features * self.out_features * self.active_count


@dataclass(frozen=True)
class Approximation:
    """Why a count is not exact and how far off it may be (multipliers of the figure).

    ``band_low`` / ``band_high`` bound the parameters; ``cache_low`` / ``cache_high`` bound the
    cache where its structure is guessed (1.0 both: the cache layout is read, not guessed).
    """

    band_low: float
    band_high: float
    reason: str
    cache_low: float = 1.0
    cache_high: float = 1.0

    def cache_only(self) -> Approximation | None:
        """This band once a checkpoint's tensors give the parameters exactly: the cache alone.

        None when the cache layout was read rather than guessed.
        """
        if self.cache_low == 1.0 and self.cache_high == 1.0:
            return None
        return Approximation(1.0, 1.0, self.reason, self.cache_low, self.cache_high)


@dataclass(frozen=True)
class LayerShape:
    """The per-token widths of one decoder layer the activation formulas need."""

    hidden: int
    q_width: int  # heads × head_dim
    kv_width: int  # kv_heads × head_dim
    heads: int
    mlp_width: int  # intermediate width one token passes through
    mlp_gated: bool
    dropout: bool
    norms: int
    norm_upcast: bool = True  # each norm keeps an fp32 copy of its input (see ModelArchitecture)


@dataclass(frozen=True)
class StoredLayers:
    """Bytes of a GGUF file's tensors by the llama.cpp layer that loads them.

    ``token_embd`` is the input layer (kept on the CPU by llama.cpp), ``output`` the output layer
    (``output.weight``, ``output_norm`` and the other tensors outside the blocks), ``blocks`` the
    repeating layers in order (``blk.N.*``). ``tied`` when the file has no ``output.weight`` and
    llama.cpp duplicates ``token_embd`` onto the output layer's device.
    """

    token_embd: int
    output: int
    blocks: tuple[int, ...]
    tied: bool


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
    # Whether a norm keeps an fp32 copy of its input for backward (RMSNorm implementations,
    # CohereLayerNorm and OLMo's LayerNorm upcast with .float()/to(float32)) or its input in the
    # compute dtype (torch.nn.LayerNorm, MPT's low-precision LayerNorm).
    norm_upcast: bool = True
    num_experts: int = 0
    experts_per_token: int = 0
    shared_experts: int = 0
    largest_layer_params: int = 0  # biggest decoder layer (FSDP wrap unit)
    torch_dtype: str | None = None
    stored_bytes: int | None = None  # exact bytes of a safetensors checkpoint, when read from one
    stored_dtype: str | None = None
    # Of stored_bytes, the tensors of the linear groups marked replicated, which every
    # tensor-parallel rank holds whole (MLA down-projections: core.model.gguf_model,
    # core.model.safetensors_model).
    stored_whole_bytes: int = 0
    notes: tuple[str, ...] = field(default_factory=tuple)
    # Per-layer cache, grouped by kind and shape; empty means "derive from the fields above".
    cache: tuple[CacheGroup, ...] = ()
    # Set when the counts are not exact (an unknown family): (low, high) multipliers and a reason.
    approximate: Approximation | None = None
    vision_params: int = 0  # vision (and audio) towers and projectors, in other_params
    stored_layers: StoredLayers | None = None  # a GGUF file's bytes per llama.cpp layer
    # The published checkpoint's stored bytes when config.json declares a quantization the
    # planner reads (core.model.checkpoint_layout); None for a plain checkpoint or an unread layout.
    checkpoint: CheckpointLayout | None = None
    # Multi-token-prediction layers the checkpoint stores and a server loads only to draft tokens
    # with them (core.model.mtp); None when the model has none or the planner does not count them.
    mtp: MtpBlock | None = None

    @cached_property
    def cache_groups(self) -> tuple[CacheGroup, ...]:
        """The cache layout every KV/state figure is computed from (precomputed once)."""
        if self.cache:
            return self.cache
        if self.attention == "mla":
            latent = (self.kv_lora_rank or 0) + (self.qk_rope_head_dim or 0)
            return (CacheGroup("mla", self.layers, 1, latent, 0),)
        window_layers = self.sliding_window_layers if self.sliding_window else 0
        groups = []
        if self.layers - window_layers:
            groups.append(
                CacheGroup(
                    "full", self.layers - window_layers, self.kv_heads, self.head_dim, self.head_dim
                )
            )
        if window_layers:
            groups.append(
                CacheGroup(
                    "sliding",
                    window_layers,
                    self.kv_heads,
                    self.head_dim,
                    self.head_dim,
                    window=self.sliding_window,
                )
            )
        return tuple(groups)

    @cached_property
    def _rows_by_tp(self) -> dict[int, tuple[CacheRow, ...]]:
        return {}

    def cache_rows(self, tp: int = 1) -> tuple[CacheRow, ...]:
        """Per-kind totals on one GPU under ``tp``, computed once per model and split.

        Each row is (kind, window or None, elements per token over all its layers, fixed state
        elements per sequence over all its layers, pinned state bits per sequence, pinned bits per
        token over all its layers).
        """
        rows = self._rows_by_tp.get(tp)
        if rows is None:
            merged: dict[tuple[CacheKind, int | None], list[int]] = {}
            for g in self.cache_groups:
                slot = merged.setdefault((g.kind, g.window if g.grows else None), [0, 0, 0, 0])
                if g.grows:
                    slot[0] += g.layers * g.elements_per_token(tp)
                    slot[3] += g.layers * g.token_bits
                else:
                    slot[1] += g.layers * g.states * g.state_elements_per_gpu(tp)
                    slot[2] += g.layers * g.states * g.pinned_state_bits_per_gpu(tp)
            rows = tuple((k, w, v[0], v[1], v[2], v[3]) for (k, w), v in merged.items())
            self._rows_by_tp[tp] = rows
        return rows

    @cached_property
    def has_state(self) -> bool:
        """Whether some layers keep a fixed recurrent state instead of a KV cache."""
        return any(not g.grows for g in self.cache_groups)

    @cached_property
    def linear_params(self) -> int:
        """Parameters in block linear layers (the quantizable ones)."""
        return sum(g.params for g in self.linear_groups)

    @cached_property
    def replicated_linear_params(self) -> int:
        """Block linear weights every tensor-parallel rank holds whole."""
        return sum(g.params for g in self.linear_groups if g.replicated)

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

    @cached_property
    def layer_shape(self) -> LayerShape:
        """Per-token widths from the architecture (MoE: active experts' width), derived once.

        :mod:`core.capacity.activations` and :mod:`core.capacity.vllm_profile` read them several
        times per estimate.
        """
        h = self.hidden_size
        attn_params = (
            h * self.attention_heads * self.head_dim * 2 + h * self.kv_heads * self.head_dim * 2
        )
        active_linear = self.active_linear_params // max(self.layers, 1)
        mlp_params = max(active_linear - attn_params, 0)
        per_width = 3 * h if self.mlp_gated else 2 * h
        mlp_width = mlp_params // per_width if mlp_params else self.intermediate_size
        return LayerShape(
            hidden=h,
            q_width=self.attention_heads * self.head_dim,
            kv_width=self.kv_heads * self.head_dim,
            heads=self.attention_heads,
            mlp_width=mlp_width or self.intermediate_size,
            mlp_gated=self.mlp_gated,
            dropout=self.dropout,
            norms=self.norms_per_layer,
            norm_upcast=self.norm_upcast,
        )
