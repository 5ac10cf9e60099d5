"""Gemma 4 (``modeling_gemma4.py``, ``configuration_gemma4.py``), weight by weight.

The text model differs from Gemma 3 layer by layer, so it has a counter of its own:

- Sliding layers use ``head_dim`` and ``num_key_value_heads``; full-attention layers use
  ``global_head_dim`` (default 512) and, when ``attention_k_eq_v`` is set,
  ``num_global_key_value_heads``. Under ``attention_k_eq_v`` the full layers have no v_proj: the
  key projection serves as the value too, and the cache still holds keys and values.
- Every attention has q_norm and k_norm of its head width (v_norm has no weight), four norms per
  layer, a gated MLP of ``intermediate_size``.
- ``enable_moe_block`` adds, beside the dense MLP, a router (a matrix h × experts, a scale of h
  and one scale per expert), the experts (gate/up/down of ``moe_intermediate_size``) and three
  more norms.
- Per-layer input embeddings (``hidden_size_per_layer_input`` p, default 256): a table of
  ``vocab_size_per_layer_input`` × layers·p, a projection h × layers·p and its norm of p, and in
  each layer a gate h × p, a projection p × h and a norm of h.
- The last ``num_kv_shared_layers`` layers reuse the keys and values of the last earlier layer of
  their kind (Gemma4TextConfig.kv_sharing_modes): no k_proj, v_proj or k_norm, and no cache of
  their own; their MLP is twice as wide under ``use_double_wide_mlp``.

The vision tower (``Gemma4VisionModel``) has an unbiased patch projection (3·patch² → h), a
2 × ``position_embedding_size`` × h position table, layers with unbiased q/k/v/o, q/k norms of
``head_dim``, a gated MLP and four norms, and no final norm; the projector into the text model is
one unbiased matrix (its norm has no weight). Buffers (clipping bounds, standardisation) are not
weights. The audio tower of the E2B/E4B configs (``Gemma4AudioModel``) is counted by
:func:`gemma4_audio`.
"""

from __future__ import annotations

from typing import Any

from core.base.errors import ModelSourceError
from core.model.architecture import CacheGroup, CacheKind
from core.model.families.build import Build, Counted, attention_kind, dropout_of, merge_cache
from core.model.families.common import core, types_from
from core.model.families.reader import ConfigReader
from core.texts.messages import Message

# Gemma4TextConfig: 5 sliding layers to 1 full when layer_types is absent; the last is full.
PATTERN = 6


def _layer_types(r: ConfigReader, layers: int) -> list[bool]:
    """Whether each layer slides (Gemma4TextConfig.__post_init__)."""
    types = types_from(r, layers)
    slides = (
        [t == "sliding_attention" for t in types]
        if types is not None
        else [(i + 1) % PATTERN != 0 for i in range(layers)]
    )
    slides[-1] = False
    return slides


def _window(r: ConfigReader) -> int:
    window = r.integer("sliding_window", 512)
    # Bidirectional attention everywhere halves the window (exclusive bounds), as the config does.
    if r.config.get("use_bidirectional_attention") == "all":
        window = window // 2 + 1
    return window


def count_gemma4(r: ConfigReader) -> Counted:
    """The Gemma 4 text model (Gemma4TextConfig defaults for absent fields)."""
    c = core(r, head_default=256)
    h, layers, heads = c.h, c.layers, c.heads
    global_d = r.integer("global_head_dim", 512, quiet=True)
    k_eq_v = r.flag("attention_k_eq_v", False)
    global_kv = c.kv
    if k_eq_v and r.optional("num_global_key_value_heads") is not None:
        global_kv = r.integer("num_global_key_value_heads", c.kv)
        if heads % global_kv:
            raise ModelSourceError(Message("error.config_kv_heads", kv=global_kv, heads=heads))
    ff = r.integer("intermediate_size", 9216)
    bias = r.flag("attention_bias", False)
    per_layer = r.integer("hidden_size_per_layer_input", 256, minimum=0)
    shared = r.integer("num_kv_shared_layers", 0, minimum=0)
    if shared > layers:
        raise ModelSourceError(Message("error.config_bad_list", name="num_kv_shared_layers"))
    double_wide = r.flag("use_double_wide_mlp", False)
    moe = r.flag("enable_moe_block", False)
    experts = r.integer("num_experts", 128) if moe else 0
    top_k = r.integer("top_k_experts", 8) if moe else 0
    expert_ff = r.integer("moe_intermediate_size", 704) if moe else 0
    if top_k > experts:
        raise ModelSourceError(
            Message("error.config_top_k", name="top_k_experts", top_k=top_k, experts=experts)
        )
    slides = _layer_types(r, layers)
    window = _window(r)
    first_shared = layers - shared

    b = Build()
    cache: list[CacheGroup] = []
    largest = 0
    for i in range(layers):
        d, kv = (c.d, c.kv) if slides[i] else (global_d, global_kv)
        reuse = i >= first_shared
        n = b.linear("self_attn.q_proj", h, heads * d)
        n += b.linear("self_attn.o_proj", heads * d, h)
        other = d + 4 * h + (heads * d + h if bias else 0)  # q_norm, four norms, q/o biases
        if not reuse:
            with_v = slides[i] or not k_eq_v
            n += b.linear("self_attn.k_proj", h, kv * d)
            n += b.linear("self_attn.v_proj", h, kv * d) if with_v else 0
            other += d + ((2 if with_v else 1) * kv * d if bias else 0)  # k_norm, k/v biases
            kind: CacheKind = "sliding" if slides[i] else "full"
            cache.append(CacheGroup(kind, 1, kv, d, d, window if slides[i] else None))
        width = ff * (2 if double_wide and reuse else 1)
        n += b.linear("mlp.gate_proj", h, width) + b.linear("mlp.up_proj", h, width)
        n += b.linear("mlp.down_proj", width, h)
        if per_layer:
            n += b.linear("per_layer_input_gate", h, per_layer)
            n += b.linear("per_layer_projection", per_layer, h)
            other += h
        if moe:
            n += b.linear("experts.gate_proj", h, expert_ff, experts, top_k)
            n += b.linear("experts.up_proj", h, expert_ff, experts, top_k)
            n += b.linear("experts.down_proj", expert_ff, h, experts, top_k)
            other += h * experts + h + experts + 3 * h  # router proj and scales, three norms
        largest = max(largest, n + b.extra(other))
    embedding = c.vocab * h
    b.extra(h)  # final norm
    if per_layer:
        ple_vocab = r.integer("vocab_size_per_layer_input", 262_144, quiet=True)
        embedding += ple_vocab * layers * per_layer
        b.linear("per_layer_model_projection", h, layers * per_layer)
        b.extra(per_layer)
    sliding_layers = sum(slides)
    return Counted(
        build=b,
        embedding=embedding,
        lm_head=0 if r.flag("tie_word_embeddings", True) else c.vocab * h,
        largest_layer=largest,
        intermediate_size=expert_ff if moe else ff,
        head_dim=c.d,
        kv_heads=c.kv,
        attention=attention_kind(heads, c.kv),
        norms_per_layer=7 if moe else 4,
        dropout=dropout_of(r.config, 0.0),
        sliding_window=window if sliding_layers else None,
        sliding_window_layers=sliding_layers,
        num_experts=experts,
        experts_per_token=top_k,
        cache=merge_cache(cache),
        layers=layers,
        hidden=h,
        heads=heads,
        vocab=c.vocab,
    )


def gemma4_vision(vision: dict[str, Any], text_hidden: int) -> int:
    """The Gemma 4 vision tower plus its projector into the text model."""
    r = ConfigReader(vision, "gemma4_vision")
    h = r.integer("hidden_size", 768, quiet=True)
    ff = r.integer("intermediate_size", 3072, quiet=True)
    layers = r.integer("num_hidden_layers", 16, quiet=True)
    heads = r.integer("num_attention_heads", 12, quiet=True)
    kv = r.integer("num_key_value_heads", 12, quiet=True)
    d = r.integer("head_dim", 64, quiet=True)
    patch = r.integer("patch_size", 16, quiet=True)
    positions = r.integer("position_embedding_size", 10 * 1024, quiet=True)
    embeddings = 3 * patch * patch * h + 2 * positions * h
    attention = h * heads * d + 2 * h * kv * d + heads * d * h + 2 * d
    layer = attention + 3 * h * ff + 4 * h
    return embeddings + layers * layer + h * text_hidden


def gemma4_audio(audio: dict[str, Any], text_hidden: int) -> int:
    """The Gemma 4 audio tower (``Gemma4AudioModel``) plus its embedder into the text model.

    A conformer of ``num_hidden_layers`` layers of width h (Gemma4AudioConfig defaults, those of
    the published E2B/E4B configs): two convolutions of 3 × 3 with LayerNorms without bias
    (1 → c0 → c1 channels), a projection of (c0 // 4) · c1 → h; per layer two feed-forward
    modules (h → 4h → h and two norms each), attention with q/k/v/post and a relative-position
    key projection (h × h each) and a per-dimension scale of h / heads, a light convolution
    (h → 2h, a depthwise kernel of ``conv_kernel_size`` per channel, h → h, two norms) and three
    norms; then an output projection h → ``output_proj_dims`` with bias, and the embedder's
    projection into the text width (its norm has no weight). Clipping bounds are buffers.
    """
    r = ConfigReader(audio, "gemma4_audio")
    h = r.integer("hidden_size", 1024, quiet=True)
    layers = r.integer("num_hidden_layers", 12, quiet=True)
    heads = r.integer("num_attention_heads", 8, quiet=True)
    kernel = r.integer("conv_kernel_size", 5, quiet=True)
    out = r.integer("output_proj_dims", 1536, quiet=True)
    channels = r.int_list("subsampling_conv_channels") or [128, 32]
    if len(channels) != 2 or min(channels) < 1:
        raise ModelSourceError(Message("error.config_bad_list", name="subsampling_conv_channels"))
    c0, c1 = channels
    subsample = 9 * c0 + c0 + 9 * c0 * c1 + c1 + (c0 // 4) * c1 * h
    feed_forward = 8 * h * h + 2 * h
    attention = 5 * h * h + h // heads
    light_conv = 3 * h * h + kernel * h + 2 * h
    layer = 2 * feed_forward + attention + light_conv + 3 * h
    return subsample + layers * layer + h * out + out + out * text_hidden
