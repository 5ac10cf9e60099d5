"""One counter for every decoder the families describe: a plan of layers, counted weight by weight.

A family (:mod:`core.model.families.specs`) reads its config into a :class:`DecoderSpec`: the
widths, which mixer each layer has (attention or a recurrent mixer from
:mod:`core.model.families.mixers`), how each attention layer caches (full, sliding, chunked), which
feed-forward each layer has (dense, MoE or none), norms, biases, embeddings and head.
:func:`count_decoder` walks the layers once and returns the parameters by category plus the
per-layer cache groups.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from core.model.architecture import CacheGroup, CacheKind
from core.model.families.build import Build, Counted, attention_kind, merge_cache
from core.model.mtp import MTP_EH_PROJ, MtpBlock


@dataclass(frozen=True)
class Attention:
    """Self-attention projections of one layer (q/k/v/o, biases, q/k norms, sinks)."""

    heads: int
    kv: int
    d: int
    v_dim: int
    q_gate: bool = False  # q_proj also emits an output gate (Qwen3-Next: 2 × heads × d)
    qkv_bias: bool = False
    o_bias: bool = False
    qk_norm: int = 0  # q/k norm parameters per layer
    sinks: bool = False  # one learned sink logit per head (gpt-oss)
    fused: bool = False  # one qkv_proj matrix (Phi-3): same count, one LoRA target


@dataclass(frozen=True)
class Mixer:
    """A non-attention token mixer of one layer (Mamba, Gated DeltaNet, short convolution)."""

    matrices: tuple[tuple[str, int, int], ...]
    extra: int  # biases, conv kernels, A_log, D, dt_bias, norms
    cache: CacheGroup  # its recurrent state, layers=1


@dataclass(frozen=True)
class Mlp:
    """A dense feed-forward block."""

    ff: int
    gated: bool = True
    bias: bool = False
    fused: bool = False  # one gate_up_proj matrix (Phi-3)
    up_name: str = "fc1"  # the input matrix of a two-matrix MLP (Apertus, Arcee: "up_proj")
    act_params: int = 0  # learned activation parameters per layer (Apertus' xIELU: 2)


@dataclass(frozen=True)
class Moe:
    """A mixture-of-experts block: routed experts, router, optional shared expert and gate."""

    experts: int
    top_k: int
    ff: int
    gated: bool = True
    expert_bias: bool = False
    router_bias: bool = False
    router_extra: int = 0  # e.g. DeepSeek-style e_score_correction_bias (one per expert)
    shared_ff: int = 0
    shared_gate: bool = False  # Linear(h, 1) scaling the shared expert (Qwen2-MoE, Qwen3-Next)
    shared_count: int = 0  # shared experts, for display
    shared_gated: bool = True
    latent: int = 0  # experts work in a latent width, projected from and to h (Nemotron 3 Super)


@dataclass
class DecoderSpec:
    """A decoder as its family builds it."""

    h: int
    vocab: int
    layers: int
    layer_mixer: list[str]  # "attention", a key of ``mixers``, or "none"
    layer_cache: list[tuple[CacheKind, int | None]]  # attention layers: kind and window
    layer_ffn: list[str]  # "dense", "moe" or "none"
    attention: Attention | None
    mlp: Mlp | None = None
    moe: Moe | None = None
    mixers: dict[str, Mixer] = field(default_factory=dict)
    norm_params: int = 0  # per layer
    norms: int = 2  # norm modules per layer (activation memory keeps one input per norm)
    norm_upcast: bool = True  # the norms keep an fp32 copy of their input (RMSNorm)
    final_norm: int = 0
    positions: int = 0  # learned position rows × h
    emb_norm: int = 0  # a norm on the embeddings (BLOOM)
    tie: bool = False
    lm_head_bias: bool = False
    dropout: bool = False
    extra_modules: int = 0  # vision tower and projector
    also: Mixer | None = None  # a mixer every layer runs beside its own (Falcon-H1's Mamba-2)
    # Attention of another shape for layers whose mixer is "attention_alt" (MiMo-V2's
    # sliding-window layers have their own head counts).
    alt_attention: Attention | None = None
    # Multi-token-prediction layers vLLM loads for speculative decoding (core.model.mtp): each one
    # attention layer (``mtp_mixer``, caching as ``mtp_cache``) with the feed-forward
    # ``mtp_ffn`` ("moe" or "dense"), its [embedding, hidden] projection (``mtp_proj_whole``:
    # held whole on every rank) and three norms. ``mtp_pattern`` (Nemotron-H) builds it of
    # several decoder layers instead, each with its own norms: "*" attention, "E" MoE.
    # ``mtp_stored``: the MTP layers the checkpoint stores when vLLM loads fewer (MiMo-V2).
    mtp_layers: int = 0
    mtp_ffn: str = "moe"
    mtp_proj_whole: bool = False
    mtp_mixer: str = "attention"
    mtp_cache: tuple[CacheKind, int | None] = ("full", None)
    mtp_pattern: str = ""
    mtp_stored: int = 0


def _attention(b: Build, a: Attention, h: int) -> int:
    q_out = a.heads * a.d * (2 if a.q_gate else 1)
    if a.fused:
        n = b.linear("self_attn.qkv_proj", h, q_out + a.kv * (a.d + a.v_dim))
    else:
        n = b.linear("self_attn.q_proj", h, q_out)
        n += b.linear("self_attn.k_proj", h, a.kv * a.d)
        n += b.linear("self_attn.v_proj", h, a.kv * a.v_dim)
    n += b.linear("self_attn.o_proj", a.heads * a.v_dim, h)
    extra = (q_out + a.kv * (a.d + a.v_dim) if a.qkv_bias else 0) + (h if a.o_bias else 0)
    extra += a.qk_norm + (a.heads if a.sinks else 0)
    return n + b.extra(extra)


def _mlp(b: Build, m: Mlp, h: int, prefix: str = "mlp") -> int:
    if m.fused:
        n = b.linear(f"{prefix}.gate_up_proj", h, 2 * m.ff)
    elif m.gated:
        n = b.linear(f"{prefix}.gate_proj", h, m.ff) + b.linear(f"{prefix}.up_proj", h, m.ff)
    else:
        n = b.linear(f"{prefix}.{m.up_name}", h, m.ff)
    n += b.linear(f"{prefix}.down_proj", m.ff, h)
    return n + b.extra((((2 if m.gated else 1) * m.ff + h) if m.bias else 0) + m.act_params)


def _moe(b: Build, m: Moe, h: int) -> int:
    e, k = m.experts, m.top_k
    width = m.latent or h
    n = 0
    if m.latent:
        n += b.linear("moe.fc1_latent_proj", h, m.latent) + b.linear(
            "moe.fc2_latent_proj", m.latent, h
        )
    n += b.linear("experts.up_proj", width, m.ff, e, k)
    if m.gated:
        n += b.linear("experts.gate_proj", width, m.ff, e, k)
    n += b.linear("experts.down_proj", m.ff, width, e, k)
    if m.expert_bias:
        per = (2 if m.gated else 1) * m.ff + width
        n += b.extra(e * per, k * per)
    n += b.extra(h * e + (e if m.router_bias else 0) + m.router_extra)
    if m.shared_ff:
        n += _mlp(b, Mlp(m.shared_ff, gated=m.shared_gated), h, "shared_expert")
    if m.shared_gate:
        n += b.extra(h)
    return n


def count_decoder(spec: DecoderSpec, state_bits: int = 0) -> Counted:
    """Parameters by category and cache groups of ``spec``, layer by layer."""
    b = Build()
    h = spec.h
    cache: list[CacheGroup] = []
    largest = 0
    a = spec.attention
    for i in range(spec.layers):
        n = b.extra(spec.norm_params)
        mixer = spec.layer_mixer[i]
        this = spec.alt_attention if mixer == "attention_alt" else a
        if mixer in ("attention", "attention_alt") and this is not None:
            n += _attention(b, this, h)
            kind, window = spec.layer_cache[i]
            cache.append(CacheGroup(kind, 1, this.kv, this.d, this.v_dim, window))
        elif mixer in spec.mixers:
            mx = spec.mixers[mixer]
            n += sum(b.linear(name, i_f, o_f) for name, i_f, o_f in mx.matrices)
            n += b.extra(mx.extra)
            cache.append(mx.cache)
        if spec.also is not None:
            n += sum(b.linear(name, i_f, o_f) for name, i_f, o_f in spec.also.matrices)
            n += b.extra(spec.also.extra)
            cache.append(spec.also.cache)
        ffn = spec.layer_ffn[i]
        if ffn == "dense" and spec.mlp is not None:
            n += _mlp(b, spec.mlp, h)
        elif ffn == "moe" and spec.moe is not None:
            n += _moe(b, spec.moe, h)
        largest = max(largest, n)
    b.extra(spec.final_norm + spec.emb_norm)
    heads = a.heads if a else 1
    kv = a.kv if a else 1
    moe = spec.moe if "moe" in spec.layer_ffn else None
    sliding = [w for kind, w in spec.layer_cache if kind == "sliding"]
    if state_bits:
        cache = [replace(g, state_bits=state_bits) if not g.grows else g for g in cache]
    groups = merge_cache(cache)
    mtp = _mtp(spec) if spec.mtp_layers and a is not None else None
    return Counted(
        build=b,
        embedding=spec.vocab * h + spec.positions,
        lm_head=(0 if spec.tie else spec.vocab * h) + (spec.vocab if spec.lm_head_bias else 0),
        largest_layer=largest,
        intermediate_size=(moe.ff if moe else spec.mlp.ff if spec.mlp else 0),
        head_dim=a.d if a else 0,
        kv_heads=kv,
        attention=attention_kind(heads, kv),
        norms_per_layer=spec.norms,
        norm_upcast=spec.norm_upcast,
        mlp_gated=spec.mlp.gated if spec.mlp else True,
        dropout=spec.dropout,
        sliding_window=max((w for w in sliding if w), default=None),
        sliding_window_layers=len(sliding),
        num_experts=moe.experts if moe else 0,
        experts_per_token=moe.top_k if moe else 0,
        shared_experts=moe.shared_count if moe else 0,
        cache=groups,
        extra_modules=spec.extra_modules,
        layers=spec.layers,
        hidden=h,
        heads=heads,
        vocab=spec.vocab,
        mtp=mtp,
    )


def _mtp(spec: DecoderSpec) -> MtpBlock:
    """The MTP layers of ``spec``: an attention decoder layer, the projection, three norms.

    The norms are ``enorm``, ``hnorm`` and the shared head's norm (GLM-4.5), ``pre_fc_norm_
    embedding``, ``pre_fc_norm_hidden`` and ``norm`` (Qwen3-Next, Qwen3.5) or ``enorm``,
    ``hnorm`` and ``final_layernorm`` (MiMo-V2, Nemotron-H). A Nemotron-H MTP layer is the
    decoder layers of ``mtp_pattern`` ("*E": an attention layer, then a MoE layer).
    """
    a = spec.alt_attention if spec.mtp_mixer == "attention_alt" else spec.attention
    assert a is not None
    b = Build()
    h, n = spec.h, spec.mtp_layers
    pattern = spec.mtp_pattern or "*" + ("E" if spec.mtp_ffn == "moe" else "-")
    b.extra((len(pattern) if spec.mtp_pattern else 1) * spec.norm_params + 3 * h)
    for layer in pattern:
        if layer == "*":
            _attention(b, a, h)
        elif layer == "E" and spec.moe is not None:
            _moe(b, spec.moe, h)
        elif spec.mlp is not None:
            _mlp(b, spec.mlp, h)
    b.linear(MTP_EH_PROJ, 2 * h, h, replicated=spec.mtp_proj_whole)
    groups = tuple(replace(g, count=g.count * n, active_count=g.active_count * n) for g in b.groups)
    params = sum(g.params for g in groups) + n * b.other
    kind, window = spec.mtp_cache
    return MtpBlock(
        layers=n,
        groups=groups,
        other_params=n * b.other,
        other_active_params=n * b.other_active,
        cache=(CacheGroup(kind, n * pattern.count("*"), a.kv, a.d, a.v_dim, window),),
        params=params,
        stored_params=params // n * max(n, spec.mtp_stored),
        state_per_draft=True,  # the decoder's recurrent layers are vLLM MambaSpec layers
        stored_layers=spec.mtp_stored if spec.mtp_stored > n else 0,
    )
