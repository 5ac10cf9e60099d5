"""Hybrid and recurrent families: attention layers mixed with Mamba, Gated DeltaNet or convolutions.

Which layer is which comes from the config (``layer_types``, ``hybrid_override_pattern``,
``attn_layer_period`` / ``attn_layer_offset``, ``full_attention_interval``); only the attention
layers' cache grows with the context, the others keep a fixed state per sequence.
"""

from __future__ import annotations

from collections.abc import Callable

from core.base.errors import ModelSourceError
from core.model.families import mixers
from core.model.families.common import attention_cache, core, kv_heads, tie, types_from
from core.model.families.decoder import Attention, DecoderSpec, Mixer, Mlp, Moe
from core.model.families.moe import _top_k
from core.model.families.reader import ConfigReader
from core.texts.messages import Message


def _spec(
    r: ConfigReader, kinds: list[str], attn: Attention | None, h: int, vocab: int, **kw: object
) -> DecoderSpec:
    return DecoderSpec(
        h=h,
        vocab=vocab,
        layers=len(kinds),
        layer_mixer=kinds,
        layer_cache=kw.pop("layer_cache", [("full", None)] * len(kinds)),  # type: ignore[arg-type]
        layer_ffn=kw.pop("layer_ffn", ["dense"] * len(kinds)),  # type: ignore[arg-type]
        attention=attn,
        **kw,  # type: ignore[arg-type]
    )


def qwen3_next(r: ConfigReader, moe_block: bool = True) -> DecoderSpec:
    """Qwen3-Next and Qwen3.5: Gated DeltaNet layers and periodic gated full attention.

    Full attention every ``full_attention_interval`` layers; MoE with a gated shared expert, or
    (Qwen3.5 dense) a gated MLP.
    """
    c = core(r, head_default=256)
    every = r.integer("full_attention_interval", 4, quiet=True)
    types = types_from(r, c.layers) or [
        "full_attention" if (i + 1) % every == 0 else "linear_attention" for i in range(c.layers)
    ]
    kinds = ["attention" if t == "full_attention" else "gdn" for t in types]
    gdn = mixers.gated_deltanet(
        c.h,
        k_heads=r.integer("linear_num_key_heads", 16),
        v_heads=r.integer("linear_num_value_heads", 32),
        k_dim=r.integer("linear_key_head_dim", 128),
        v_dim=r.integer("linear_value_head_dim", 128),
        kernel=r.integer("linear_conv_kernel_dim", 4),
    )
    bias = r.flag("attention_bias", False)
    attn = Attention(
        c.heads, c.kv, c.d, c.d, q_gate=True, qkv_bias=bias, o_bias=bias, qk_norm=2 * c.d
    )
    if moe_block:
        e = r.integer("num_experts", 512)
        ff = r.integer("moe_intermediate_size", 512)
        shared = r.integer("shared_expert_intermediate_size", 512, minimum=0)
        step = r.integer("decoder_sparse_step", 1, quiet=True)
        only = set(r.int_list("mlp_only_layers") or [])
        ffn = ["moe" if i not in only and (i + 1) % step == 0 else "dense" for i in range(c.layers)]
        moe: Moe | None = Moe(
            e,
            _top_k(r, e, default=10),
            ff,
            shared_ff=shared,
            shared_gate=shared > 0,
            shared_count=int(shared > 0),
        )
        dense_ff = r.integer("intermediate_size", 5120, quiet=True)
    else:
        moe, ffn, dense_ff = None, ["dense"] * c.layers, r.integer("intermediate_size", 17408)
    # MTP layers (vLLM qwen3_next_mtp.py, qwen3_5_mtp.py): Qwen3.5 declares them in
    # mtp_num_hidden_layers; Qwen3-Next's published configs declare none, and vLLM builds
    # num_nextn_predict_layers of them, 1 when absent, for the checkpoint's one MTP layer.
    key = "num_nextn_predict_layers" if r.family == "qwen3_next" else "mtp_num_hidden_layers"
    mtp = r.integer(key, 1, minimum=0, quiet=True)
    return _spec(
        r,
        kinds,
        attn,
        c.h,
        c.vocab,
        mixers={"gdn": gdn},
        layer_ffn=ffn,
        mlp=Mlp(dense_ff),
        moe=moe,
        norm_params=2 * c.h,
        final_norm=c.h,
        tie=tie(r, False),
        mtp_layers=mtp,
        mtp_ffn=ffn[0] if ffn else "dense",
    )


# The Mamba-2 field names of configs that prefix them with ``mamba_`` (Granite 4, Falcon-H1).
MAMBA_PREFIXED_KEYS = {
    "heads_key": "mamba_n_heads",
    "head_key": "mamba_d_head",
    "state_key": "mamba_d_state",
    "groups_key": "mamba_n_groups",
    "conv_key": "mamba_d_conv",
    "conv_bias": "mamba_conv_bias",
    "proj_bias": "mamba_proj_bias",
}


def _mamba2_of(
    r: ConfigReader,
    h: int,
    prefix: str,
    *,
    heads_key: str,
    head_key: str,
    state_key: str,
    groups_key: str,
    conv_key: str,
    conv_bias: str,
    proj_bias: str,
    inner_key: str | None = None,
) -> Mixer:
    heads = r.integer(heads_key, 128)
    head = r.integer(head_key, 64)
    inner = r.optional(inner_key) if inner_key else None
    return mixers.mamba2(
        h,
        heads=heads,
        head_dim=head,
        d_state=r.integer(state_key, 128),
        groups=r.integer(groups_key, 8, quiet=True),
        kernel=r.integer(conv_key, 4, quiet=True),
        conv_bias=r.flag(conv_bias, True),
        proj_bias=r.flag(proj_bias, False),
        inner=inner,
    )
    del prefix


def mamba2_model(r: ConfigReader) -> DecoderSpec:
    """Mamba-2: one norm and one mixer per layer, no MLP."""
    h = r.required("hidden_size")
    layers = r.required("num_hidden_layers")
    vocab = r.required("vocab_size")
    heads = r.integer("num_heads", 128)
    head = r.integer("head_dim", 64)
    mx = mixers.mamba2(
        h,
        heads=heads,
        head_dim=head,
        d_state=r.integer("state_size", 128),
        groups=r.integer("n_groups", 8),
        kernel=r.integer("conv_kernel", 4),
        conv_bias=r.flag("use_conv_bias", True),
        proj_bias=r.flag("use_bias", False),
    )
    return _spec(
        r,
        ["mamba"] * layers,
        None,
        h,
        vocab,
        mixers={"mamba": mx},
        layer_ffn=["none"] * layers,
        norm_params=h,
        final_norm=h,
        tie=tie(r, False),
    )


def nemotron_h(r: ConfigReader) -> DecoderSpec:
    """Nemotron-H: ``hybrid_override_pattern`` — M Mamba-2, * attention, - MLP, E MoE blocks."""
    c = core(r)
    pattern = r.config.get("hybrid_override_pattern")
    if not isinstance(pattern, str) or len(pattern) != c.layers or set(pattern) - set("M*-E"):
        raise ModelSourceError(
            Message(
                "error.config_list_length",
                name="hybrid_override_pattern",
                length=len(pattern) if isinstance(pattern, str) else 0,
                layers=c.layers,
            )
        )
    mx = _mamba2_of(
        r,
        c.h,
        "",
        heads_key="mamba_num_heads",
        head_key="mamba_head_dim",
        state_key="ssm_state_size",
        groups_key="n_groups",
        conv_key="conv_kernel",
        conv_bias="use_conv_bias",
        proj_bias="use_bias",
    )
    kinds = {"M": "mamba", "*": "attention", "-": "none", "E": "none"}
    ffn = {"M": "none", "*": "none", "-": "dense", "E": "moe"}
    bias = r.flag("attention_bias", False)
    mlp_bias = r.flag("mlp_bias", False)
    moe = None
    if "E" in pattern:
        e = r.integer("n_routed_experts", 128)
        eff = r.integer("moe_intermediate_size", 1856)
        sff = r.integer("moe_shared_expert_intermediate_size", 3712, minimum=0)
        moe = Moe(
            e,
            _top_k(r, e, default=6),
            eff,
            gated=False,
            shared_ff=sff,
            shared_count=int(sff > 0),
            shared_gated=False,
            latent=r.integer("moe_latent_size", 0, minimum=0, quiet=True),
        )
    return _spec(
        r,
        [kinds[p] for p in pattern],
        Attention(c.heads, c.kv, c.d, c.d, qkv_bias=bias, o_bias=bias),
        c.h,
        c.vocab,
        mixers={"mamba": mx},
        layer_ffn=[ffn[p] for p in pattern],
        mlp=Mlp(r.integer("intermediate_size", 21504), gated=False, bias=mlp_bias),
        moe=moe,
        norm_params=c.h,
        final_norm=c.h,
        tie=tie(r, False),
        **_nemotron_mtp(r, moe is not None),
    )


def _nemotron_mtp(r: ConfigReader, has_moe: bool) -> dict[str, object]:
    """Nemotron-H's MTP layer as vLLM's ``nemotron_h_mtp.py`` builds it, when it does.

    vLLM drafts with it when ``num_nextn_predict_layers`` is above 0 (``SpeculativeConfig.
    hf_config_override``), asserts that it is 1, and builds one decoder layer per character of
    ``mtp_hybrid_override_pattern`` ("*" attention, "E" MoE; any other raises), the first with
    ``enorm``, ``hnorm`` and a column-parallel ``eh_proj``, the last with ``final_layernorm``.
    Nemotron 3 Super declares "*E". Nothing is counted for another layout.
    """
    pattern = r.config.get("mtp_hybrid_override_pattern")
    layers = r.integer("num_nextn_predict_layers", 0, minimum=0, quiet=True)
    if layers != 1 or not isinstance(pattern, str) or "*" not in pattern:
        return {}
    if set(pattern) - set("*E") or ("E" in pattern and not has_moe):
        return {}
    return {"mtp_layers": 1, "mtp_pattern": pattern}


def granitemoehybrid(r: ConfigReader) -> DecoderSpec:
    """Granite 4: Mamba-2 or attention per ``layer_types``, MoE and/or a shared gated MLP."""
    c = core(r)
    types = types_from(r, c.layers) or ["mamba"] * c.layers
    kinds = ["attention" if t == "attention" else "mamba" for t in types]
    mx = _mamba2_of(
        r,
        c.h,
        "",
        **MAMBA_PREFIXED_KEYS,
    )
    bias = r.flag("attention_bias", False)
    e = r.integer("num_local_experts", 0, minimum=0, quiet=True)
    sff = r.integer("shared_intermediate_size", 1024, minimum=0, quiet=True)
    if e:
        moe = Moe(
            e, _top_k(r, e), r.integer("intermediate_size", 1024), shared_ff=sff, shared_count=1
        )
        ffn, mlp = ["moe"] * c.layers, None
    else:
        moe, ffn, mlp = None, ["dense"] * c.layers, Mlp(sff)
    return _spec(
        r,
        kinds,
        Attention(c.heads, c.kv, c.d, c.d, qkv_bias=bias, o_bias=bias),
        c.h,
        c.vocab,
        mixers={"mamba": mx},
        layer_ffn=ffn,
        mlp=mlp,
        moe=moe,
        norm_params=2 * c.h,
        final_norm=c.h,
        tie=tie(r, True),
    )


def bamba(r: ConfigReader) -> DecoderSpec:
    """Bamba (modeling_bamba.py): attention at ``attn_layer_indices``, Mamba-2 elsewhere.

    Each layer's mixer is followed by a gated MLP of ``intermediate_size``.
    The Mamba-2 mixer is ``mamba_expand`` × hidden wide over ``mamba_n_heads`` heads; its head
    size ``mamba_d_head`` is that width over the heads when the config says "auto" (BambaConfig).
    """
    c = core(r)
    indices = set(r.int_list("attn_layer_indices") or [])
    kinds = ["attention" if i in indices else "mamba" for i in range(c.layers)]
    heads = r.integer("mamba_n_heads", 128)
    inner = r.integer("mamba_expand", 2) * c.h
    head = r.config.get("mamba_d_head")
    mx = mixers.mamba2(
        c.h,
        heads=heads,
        head_dim=inner // heads if head in (None, "auto") else r.integer("mamba_d_head", 64),
        d_state=r.integer("mamba_d_state", 256),
        groups=r.integer("mamba_n_groups", 1, quiet=True),
        kernel=r.integer("mamba_d_conv", 4, quiet=True),
        conv_bias=r.flag("mamba_conv_bias", True),
        proj_bias=r.flag("mamba_proj_bias", False),
        inner=inner,
    )
    bias = r.flag("attention_bias", False)
    return _spec(
        r,
        kinds,
        Attention(c.heads, c.kv, c.d, c.d, qkv_bias=bias, o_bias=bias),
        c.h,
        c.vocab,
        mixers={"mamba": mx},
        mlp=Mlp(r.integer("intermediate_size", 14336), bias=r.flag("mlp_bias", False)),
        norm_params=2 * c.h,
        final_norm=c.h,
        tie=tie(r, False),
    )


def falcon_h1(r: ConfigReader) -> DecoderSpec:
    """Falcon-H1: every layer runs attention and Mamba-2 in parallel, then a gated MLP."""
    c = core(r)
    mx = _mamba2_of(
        r,
        c.h,
        "",
        **MAMBA_PREFIXED_KEYS,
        inner_key="mamba_d_ssm",
    )
    if not r.flag("mamba_rms_norm", False):
        inner = r.optional("mamba_d_ssm") or r.integer("mamba_n_heads", 128) * r.integer(
            "mamba_d_head", 64
        )
        mx = Mixer(mx.matrices, mx.extra - inner, mx.cache)
    bias = r.flag("attention_bias", False)
    spec = _spec(
        r,
        ["attention"] * c.layers,
        Attention(c.heads, c.kv, c.d, c.d, qkv_bias=bias, o_bias=bias),
        c.h,
        c.vocab,
        mlp=Mlp(r.integer("intermediate_size", 14336), bias=r.flag("mlp_bias", False)),
        norm_params=2 * c.h,
        final_norm=c.h,
        tie=tie(r, False),
    )
    spec.also = mx
    return spec


def jamba(r: ConfigReader) -> DecoderSpec:
    """Jamba: attention every ``attn_layer_period`` layers, Mamba-1 elsewhere; MoE periodic."""
    c = core(r)
    period = r.integer("attn_layer_period", 8)
    offset = r.integer("attn_layer_offset", 4, minimum=0)
    eperiod = r.integer("expert_layer_period", 2)
    eoffset = r.integer("expert_layer_offset", 1, minimum=0)
    inner = r.integer("mamba_expand", 2) * c.h
    dt_rank = r.optional("mamba_dt_rank") or -(-c.h // 16)
    mx = mixers.mamba1(
        c.h,
        inner=inner,
        d_state=r.integer("mamba_d_state", 16),
        kernel=r.integer("mamba_d_conv", 4),
        dt_rank=dt_rank,
        conv_bias=r.flag("mamba_conv_bias", True),
        proj_bias=r.flag("mamba_proj_bias", False),
        dt_norms=True,
    )
    e = r.integer("num_experts", 16)
    ff = r.integer("intermediate_size", 14336)
    kinds = ["attention" if i % period == offset else "mamba" for i in range(c.layers)]
    ffn = ["moe" if e > 1 and i % eperiod == eoffset else "dense" for i in range(c.layers)]
    return _spec(
        r,
        kinds,
        Attention(c.heads, c.kv, c.d, c.d),
        c.h,
        c.vocab,
        mixers={"mamba": mx},
        layer_ffn=ffn,
        mlp=Mlp(ff),
        moe=Moe(e, _top_k(r, e), ff),
        norm_params=2 * c.h,
        final_norm=c.h,
        tie=tie(r, True),
    )


def _lfm2_ff(r: ConfigReader) -> int:
    # Lfm2MLP: with block_auto_adjust_ff_dim, ff = 2·ff/3, times block_ffn_dim_multiplier, rounded
    # up to block_multiple_of.
    ff = r.integer("block_ff_dim", 12288, aliases=("intermediate_size",))
    if r.flag("block_auto_adjust_ff_dim", True):
        ff = int(2 * ff / 3)
        mult = r.config.get("block_ffn_dim_multiplier")
        if mult is not None:
            ff = int(r.number("block_ffn_dim_multiplier", 1.0) * ff)
        step = r.integer("block_multiple_of", 256, quiet=True)
        ff = step * ((ff + step - 1) // step)
    return ff


def lfm2(r: ConfigReader) -> DecoderSpec:
    """LFM2: gated short-convolution layers and full-attention layers with q/k norms."""
    c = core(r)
    types = types_from(r, c.layers)
    if types is None:
        idx = set(r.int_list("full_attn_idxs") or [])
        types = ["full_attention" if i in idx else "conv" for i in range(c.layers)]
    kinds = ["attention" if t == "full_attention" else "conv" for t in types]
    conv = mixers.short_conv(
        c.h, kernel=r.integer("conv_L_cache", 3), bias=r.flag("conv_bias", False)
    )
    return _spec(
        r,
        kinds,
        Attention(c.heads, c.kv, c.d, c.d, qk_norm=2 * c.d),
        c.h,
        c.vocab,
        mixers={"conv": conv},
        mlp=Mlp(_lfm2_ff(r)),
        norm_params=2 * c.h,
        final_norm=c.h,
        tie=tie(r, True),
    )


def lfm2_moe(r: ConfigReader) -> DecoderSpec:
    """LFM2-MoE: LFM2's mixers with dense MLPs in the first layers and routed experts after.

    modeling_lfm2_moe.py (transformers 5.24): the first ``num_dense_layers`` layers run an
    Lfm2MoeMLP of ``intermediate_size`` as given (no LFM2 auto-adjust), every later layer
    ``num_experts`` gated experts of ``moe_intermediate_size`` behind a bias-free router;
    ``expert_bias`` (use_expert_bias) is a buffer, not a parameter. Q/k layernorms of head_dim,
    no projection biases, tied head (Lfm2MoeConfig defaults).
    """
    c = core(r)
    types = types_from(r, c.layers)
    if types is None:
        idx = set(r.int_list("full_attn_idxs") or [])
        types = ["full_attention" if i in idx else "conv" for i in range(c.layers)]
    kinds = ["attention" if t == "full_attention" else "conv" for t in types]
    conv = mixers.short_conv(
        c.h, kernel=r.integer("conv_L_cache", 3), bias=r.flag("conv_bias", False)
    )
    dense = r.integer("num_dense_layers", 2, minimum=0)
    experts = r.integer("num_experts", 32)
    moe = Moe(experts, _top_k(r, experts, default=4), r.integer("moe_intermediate_size", 1792))
    return _spec(
        r,
        kinds,
        Attention(c.heads, c.kv, c.d, c.d, qk_norm=2 * c.d),
        c.h,
        c.vocab,
        mixers={"conv": conv},
        mlp=Mlp(r.integer("intermediate_size", 7168)),
        moe=moe,
        layer_ffn=["dense" if i < dense else "moe" for i in range(c.layers)],
        norm_params=2 * c.h,
        final_norm=c.h,
        tie=tie(r, True),
    )


def minimax(r: ConfigReader) -> DecoderSpec:
    """MiniMax-Text-01 in transformers' format: lightning attention and softmax attention layers.

    A layer is lightning (linear) attention where ``layer_types`` says ``linear_attention``
    (MiniMaxConfig's default: every second layer, from the second), softmax attention (q/k/v/o
    without bias, GQA) otherwise. A published config in the original format lists the same as
    ``attn_type_list`` (0 lightning, 1 softmax); vLLM's ``MiniMaxText01Model`` reads that list
    before ``layer_types``, and so does this reader. Every layer ends in Mixtral's experts (router
    without bias, gated experts of ``intermediate_size``, no shared expert); two RMSNorms per
    layer, a final one, an untied head by default. Defaults: ``MiniMaxConfig``.
    """
    c = core(r, kv=kv_heads(r, r.required("num_attention_heads"), default=8))
    listed = r.int_list("attn_type_list", c.layers)
    if listed is not None:
        types = ["full_attention" if t else "linear_attention" for t in listed]
    else:
        types = types_from(r, c.layers) or [
            "full_attention" if (i + 1) % 2 else "linear_attention" for i in range(c.layers)
        ]
    kinds = ["lightning" if t == "linear_attention" else "attention" for t in types]
    e = r.integer("num_local_experts", 8)
    ff = r.integer("intermediate_size", 14336)
    return _spec(
        r,
        kinds,
        Attention(c.heads, c.kv, c.d, c.d),
        c.h,
        c.vocab,
        mixers={"lightning": mixers.lightning(c.h, heads=c.heads, head_dim=c.d)},
        layer_cache=attention_cache(r, c.layers),
        layer_ffn=["moe"] * c.layers,
        moe=Moe(e, _top_k(r, e), ff),
        norm_params=2 * c.h,
        final_norm=c.h,
        tie=tie(r, False),
    )


HYBRID: dict[str, Callable[[ConfigReader], DecoderSpec]] = {
    "qwen3_next": qwen3_next,
    "qwen3_5_moe_text": qwen3_next,
    "qwen3_5_text": lambda r: qwen3_next(r, moe_block=False),
    "mamba2": mamba2_model,
    "nemotron_h": nemotron_h,
    "granitemoehybrid": granitemoehybrid,
    "bamba": bamba,
    "falcon_h1": falcon_h1,
    "jamba": jamba,
    "lfm2": lfm2,
    "lfm2_moe": lfm2_moe,
    "minimax": minimax,
}
