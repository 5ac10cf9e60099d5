"""Recurrent token mixers: their weights and the fixed state each keeps per sequence.

- Mamba-2 (transformers ``modeling_mamba2.py`` ``Mamba2Mixer``; the same layout in Bamba,
  Granite 4 hybrid, Nemotron-H and Falcon-H1): ``in_proj`` h → inner + conv_dim + heads, a
  depthwise ``conv1d`` over conv_dim = inner + 2·groups·d_state channels, ``dt_bias``, ``A_log``
  and ``D`` per head, a gated RMSNorm over inner, ``out_proj`` inner → h. State per sequence:
  heads × head_dim × d_state recurrent values plus the convolution window.
- Mamba-1 (``modeling_jamba.py`` ``JambaMambaMixer``): ``in_proj`` h → 2·inner, ``conv1d``,
  ``x_proj`` inner → dt_rank + 2·d_state, ``dt_proj`` dt_rank → inner (bias), ``A_log``
  inner × d_state, ``D``, ``out_proj``; Jamba adds RMSNorms on dt, B and C. State: inner × d_state.
- Gated DeltaNet (``modeling_qwen3_next.py`` ``Qwen3NextGatedDeltaNet``): ``in_proj_qkvz`` h →
  2·key_dim + 2·value_dim, ``in_proj_ba`` h → 2·v_heads, ``conv1d`` over 2·key_dim + value_dim
  (no bias), ``dt_bias`` and ``A_log`` per value head, a gated RMSNorm of head_v_dim,
  ``out_proj``. State: v_heads × head_k_dim × head_v_dim.
- Short convolution (``modeling_lfm2.py`` ``Lfm2ShortConv``): ``in_proj`` h → 3h, depthwise
  ``conv`` of ``L_cache`` taps, ``out_proj`` h → h. State: the convolution window only.
- Lightning attention (``modeling_minimax.py`` ``MiniMaxLightningAttention``): ``qkv_proj``
  h → 3·heads·d, ``output_gate`` h → heads·d, ``out_proj`` heads·d → h, all without bias, and an
  RMSNorm over heads·d; its decay slopes are buffers, not parameters. State: one d × d matrix
  (the running sum of kᵀv) per head, no convolution; transformers' ``MiniMaxCache.linear_cache``
  and vLLM's ``linear_attention_state_shape`` (heads / tp, d, d) agree on it, both in the
  model's dtype.

The convolution state keeps ``kernel - 1`` columns per channel, as vLLM's state shapes do.
"""

from __future__ import annotations

from core.model.architecture import CacheGroup
from core.model.families.decoder import Mixer


def _state(recurrent: int, conv_channels: int, kernel: int, heads: int) -> CacheGroup:
    return CacheGroup(
        "linear_state",
        1,
        state_elements=recurrent,
        conv_channels=conv_channels,
        conv_tokens=max(kernel - 1, 0),
        state_heads=heads,
    )


# The recurrent-state dtype a config may pin, in bits.
STATE_DTYPE_BITS = {"float32": 32, "float16": 16, "bfloat16": 16}


def pinned_state_bits(config: dict[str, object]) -> int:
    """Bits of the recurrent state when the config pins its dtype, else 0 (the cache dtype)."""
    for key in ("mamba_ssm_cache_dtype", "mamba_ssm_dtype"):
        value = config.get(key)
        if isinstance(value, str) and value in STATE_DTYPE_BITS:
            return STATE_DTYPE_BITS[value]
    return 0


def mamba2(
    h: int,
    *,
    heads: int,
    head_dim: int,
    d_state: int,
    groups: int,
    kernel: int,
    conv_bias: bool,
    proj_bias: bool,
    inner: int | None = None,
    gated_norm: bool = True,
) -> Mixer:
    """A Mamba-2 mixer; ``inner`` defaults to heads × head_dim."""
    inner = inner if inner is not None else heads * head_dim
    conv_dim = inner + 2 * groups * d_state
    proj_out = inner + conv_dim + heads
    extra = conv_dim * kernel + (conv_dim if conv_bias else 0) + 3 * heads
    extra += (inner if gated_norm else 0) + ((proj_out + h) if proj_bias else 0)
    return Mixer(
        (("mixer.in_proj", h, proj_out), ("mixer.out_proj", inner, h)),
        extra,
        _state(heads * head_dim * d_state, conv_dim, kernel, heads),
    )


def mamba1(
    h: int,
    *,
    inner: int,
    d_state: int,
    kernel: int,
    dt_rank: int,
    conv_bias: bool,
    proj_bias: bool,
    dt_norms: bool,
) -> Mixer:
    """A Mamba-1 mixer (Jamba)."""
    extra = inner * kernel + (inner if conv_bias else 0) + inner  # conv, dt_proj bias
    extra += inner * d_state + inner  # A_log, D
    extra += (2 * inner + h) if proj_bias else 0
    extra += (dt_rank + 2 * d_state) if dt_norms else 0
    return Mixer(
        (
            ("mixer.in_proj", h, 2 * inner),
            ("mixer.x_proj", inner, dt_rank + 2 * d_state),
            ("mixer.dt_proj", dt_rank, inner),
            ("mixer.out_proj", inner, h),
        ),
        extra,
        _state(inner * d_state, inner, kernel, inner),
    )


def gated_deltanet(
    h: int, *, k_heads: int, v_heads: int, k_dim: int, v_dim: int, kernel: int
) -> Mixer:
    """A Gated DeltaNet linear-attention mixer (Qwen3-Next)."""
    key_dim, value_dim = k_heads * k_dim, v_heads * v_dim
    conv_dim = 2 * key_dim + value_dim
    extra = conv_dim * kernel + 2 * v_heads + v_dim  # conv1d, dt_bias, A_log, norm
    return Mixer(
        (
            ("linear_attn.in_proj_qkvz", h, 2 * key_dim + 2 * value_dim),
            ("linear_attn.in_proj_ba", h, 2 * v_heads),
            ("linear_attn.out_proj", value_dim, h),
        ),
        extra,
        _state(v_heads * k_dim * v_dim, conv_dim, kernel, k_heads),
    )


def short_conv(h: int, *, kernel: int, bias: bool) -> Mixer:
    """An LFM2 gated short-convolution mixer."""
    extra = h * kernel + ((h + 3 * h + h) if bias else 0)
    return Mixer(
        (("conv.in_proj", h, 3 * h), ("conv.out_proj", h, h)),
        extra,
        _state(0, h, kernel, h),
    )


def lightning(h: int, *, heads: int, head_dim: int) -> Mixer:
    """A MiniMax-01 lightning (linear) attention mixer."""
    width = heads * head_dim
    return Mixer(
        (
            ("self_attn.qkv_proj", h, 3 * width),
            ("self_attn.output_gate", h, width),
            ("self_attn.out_proj", width, h),
        ),
        width,  # the RMSNorm over the heads' outputs
        _state(heads * head_dim * head_dim, 0, 0, heads),
    )
