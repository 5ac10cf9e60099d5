"""LayerNorm decoders with two-matrix MLPs and biases, and the other non-Llama layouts.

Each follows its transformers modeling file: GPT-2 (``modeling_gpt2.py``: learned positions,
Conv1D projections with biases, tied head), GPTBigCode (``multi_query``: one KV head), GPT-NeoX,
GPT-J (one norm per layer, biased head), BLOOM (embedding LayerNorm), Falcon (both decoder
layouts), MPT (LayerNorms without biases, no biases at all), Phi-1/2, StarCoder2, StableLM,
Cohere / Cohere 2 (one weight-only norm per layer) and OLMo (non-parametric norms).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.model.families.build import dropout_of
from core.model.families.common import Core, attention_cache, core, kv_heads, tie
from core.model.families.decoder import Attention, DecoderSpec, Mlp
from core.model.families.dense import llama_like
from core.model.families.reader import ConfigReader


def _plain(
    r: ConfigReader,
    c: Core,
    *,
    ff: int,
    bias: bool,
    norm_params: int,
    final_norm: int,
    tie_head: bool,
    gated: bool = False,
    positions: int = 0,
    qkv_bias: bool | None = None,
    o_bias: bool | None = None,
    mlp_bias: bool | None = None,
    qk_norm: int = 0,
    lm_head_bias: bool = False,
    emb_norm: int = 0,
    sliding_if: object = None,
    window_default: int | None = None,
    dropout: float = 0.0,
    norms: int = 2,
    norm_upcast: bool = False,
) -> DecoderSpec:
    attn = Attention(
        c.heads,
        c.kv,
        c.d,
        c.d,
        qkv_bias=bias if qkv_bias is None else qkv_bias,
        o_bias=bias if o_bias is None else o_bias,
        qk_norm=qk_norm,
    )
    return DecoderSpec(
        h=c.h,
        vocab=c.vocab,
        layers=c.layers,
        layer_mixer=["attention"] * c.layers,
        layer_cache=attention_cache(
            r, c.layers, sliding_if=sliding_if, window_default=window_default
        ),
        layer_ffn=["dense"] * c.layers,
        attention=attn,
        mlp=Mlp(ff, gated=gated, bias=bias if mlp_bias is None else mlp_bias),
        norm_params=norm_params,
        final_norm=final_norm,
        positions=positions,
        emb_norm=emb_norm,
        tie=tie_head,
        lm_head_bias=lm_head_bias,
        dropout=dropout_of(r.config, dropout),
        norms=norms,
        norm_upcast=norm_upcast,
    )


def gpt2(r: ConfigReader) -> DecoderSpec:
    """GPT-2: ln_1/ln_2 with biases, c_attn/c_proj/c_fc with biases, wpe of n_positions."""
    return _gpt2_layout(r, core(r))


def gpt_bigcode(r: ConfigReader) -> DecoderSpec:
    """GPTBigCode (SantaCoder, StarCoder): GPT-2 with one KV head when ``multi_query``."""
    multi = r.flag("multi_query", True)
    heads = r.required("num_attention_heads")
    return _gpt2_layout(r, core(r, kv=1 if multi else heads))


def _gpt2_layout(r: ConfigReader, c: Core) -> DecoderSpec:
    """GPT-2's layer layout over the head shape ``c`` (GPTBigCode differs only in KV heads)."""
    ff = r.integer("intermediate_size", 4 * c.h, quiet=True)
    pos = r.integer("n_positions", 1024, aliases=("max_position_embeddings",))
    return _plain(
        r,
        c,
        ff=ff,
        bias=True,
        norm_params=4 * c.h,
        final_norm=2 * c.h,
        tie_head=tie(r, True),
        positions=pos * c.h,
        dropout=0.1,
    )


def gpt_neox(r: ConfigReader) -> DecoderSpec:
    """GPT-NeoX / Pythia: fused qkv with bias (attention_bias), two LayerNorms, untied head."""
    c = core(r)
    ff = r.integer("intermediate_size", 24576)
    bias = r.flag("attention_bias", True)
    return _plain(
        r,
        c,
        ff=ff,
        bias=bias,
        mlp_bias=True,
        norm_params=4 * c.h,
        final_norm=2 * c.h,
        tie_head=tie(r, False),
    )


def gptj(r: ConfigReader) -> DecoderSpec:
    """GPT-J: one ln_1 per layer (parallel block), unbiased q/k/v/out, biased fc and head."""
    c = core(r)
    ff = r.integer("intermediate_size", 4 * c.h, quiet=True)
    return _plain(
        r,
        c,
        ff=ff,
        bias=False,
        mlp_bias=True,
        norm_params=2 * c.h,
        final_norm=2 * c.h,
        tie_head=tie(r, False),
        lm_head_bias=True,
        norms=1,
    )


def bloom(r: ConfigReader) -> DecoderSpec:
    """BLOOM: ALiBi, embedding LayerNorm, biased fused qkv and 4h MLP, tied head."""
    c = core(r)
    return _plain(
        r,
        c,
        ff=4 * c.h,
        bias=True,
        norm_params=4 * c.h,
        final_norm=2 * c.h,
        tie_head=tie(r, True),
        emb_norm=2 * c.h,
    )


def falcon(r: ConfigReader) -> DecoderSpec:
    """Falcon: ``new_decoder_architecture`` (GQA, ln_attn + ln_mlp) or the parallel/MQA layout."""
    h = r.required("hidden_size")
    heads = r.required("num_attention_heads")
    new = r.flag("new_decoder_architecture", False)
    # The new layout reads num_kv_heads; the old one has one KV head when multi_query. The cache
    # follows vLLM (num_kv_heads heads); transformers broadcasts K/V to every query head first.
    multi = r.flag("multi_query", True)
    c = core(r, kv=kv_heads(r, heads) if new else (1 if multi else heads))
    ff = r.integer("ffn_hidden_size", 4 * h, quiet=True)
    bias = r.flag("bias", False)
    if new:
        lns = r.integer("num_ln_in_parallel_attn", 2, quiet=True)
        norm = 2 * h * (2 if lns == 2 else 1)
    else:
        norm = 2 * h if r.flag("parallel_attn", True) else 4 * h
    return _plain(
        r,
        c,
        ff=ff,
        bias=bias,
        norm_params=norm,
        final_norm=2 * h,
        tie_head=tie(r, True),
        norms=norm // (2 * h),
    )


def mpt(r: ConfigReader) -> DecoderSpec:
    """MPT (modeling_mpt.py): no biases anywhere when ``no_bias`` (LayerNorms keep weights only)."""
    attn_config: Any = r.config.get("attn_config")
    sub = attn_config if isinstance(attn_config, dict) else {}
    h = r.required("hidden_size")
    heads = r.required("num_attention_heads")
    kv = sub.get("kv_n_heads")
    c = core(r, kv=ConfigReader.check_int("kv_n_heads", kv, 1) if kv is not None else heads)
    del h
    ratio = r.integer("expansion_ratio", 4, quiet=True)
    bias = not r.flag("no_bias", True)
    norm = c.h * (2 if bias else 1)
    return _plain(
        r, c, ff=ratio * c.h, bias=bias, norm_params=2 * norm, final_norm=norm, tie_head=True
    )


def phi(r: ConfigReader) -> DecoderSpec:
    """Phi-1/1.5/2: one LayerNorm per layer, biases everywhere, biased untied head."""
    c = core(r)
    ff = r.integer("intermediate_size", 8192)
    qk = 2 * (c.d + c.d) if r.flag("qk_layernorm", False) else 0
    return _plain(
        r,
        c,
        ff=ff,
        bias=True,
        norm_params=2 * c.h,
        final_norm=2 * c.h,
        tie_head=tie(r, False),
        lm_head_bias=True,
        qk_norm=qk,
        norms=1,
    )


def starcoder2(r: ConfigReader) -> DecoderSpec:
    """StarCoder2: LayerNorms with biases, c_fc/c_proj MLP, ``use_bias``, sliding window."""
    c = core(r)
    ff = r.integer("intermediate_size", 12288)
    bias = r.flag("use_bias", True)
    return _plain(
        r,
        c,
        ff=ff,
        bias=bias,
        norm_params=4 * c.h,
        final_norm=2 * c.h,
        tie_head=tie(r, True),
        sliding_if="all",
    )


def stablelm(r: ConfigReader) -> DecoderSpec:
    """StableLM: LayerNorms with biases, q/k/v biases (``use_qkv_bias``), per-head q/k norms."""
    c = core(r)
    ff = r.integer("intermediate_size", 6912)
    qkv = r.flag("use_qkv_bias", False)
    parallel = r.flag("use_parallel_residual", False)
    qk = (c.heads + c.kv) * c.d if r.flag("qk_layernorm", False) else 0
    return _plain(
        r,
        c,
        ff=ff,
        bias=False,
        qkv_bias=qkv,
        gated=True,
        qk_norm=qk,
        norm_params=(2 if parallel else 4) * c.h,
        final_norm=2 * c.h,
        tie_head=tie(r, False),
        norms=1 if parallel else 2,
    )


def cohere(r: ConfigReader, sliding: bool) -> DecoderSpec:
    """Cohere / Cohere 2: one weight-only LayerNorm per layer (parallel block), tied head."""
    c = core(r)
    ff = r.integer("intermediate_size", 22528)
    bias = r.flag("attention_bias", False)
    qk = (c.heads + c.kv) * c.d if r.flag("use_qk_norm", False) else 0
    every = r.integer("sliding_window_pattern", 4, quiet=True)
    return _plain(
        r,
        c,
        ff=ff,
        bias=bias,
        mlp_bias=False,
        gated=True,
        qk_norm=qk,
        norm_params=c.h,
        final_norm=c.h,
        tie_head=tie(r, True),
        sliding_if=(lambda i: (i + 1) % every != 0) if sliding else None,
        # Cohere2Config's sliding_window defaults to 4096 when a config leaves it out.
        window_default=4096 if sliding else None,
        norms=1,
        norm_upcast=True,  # CohereLayerNorm normalises an fp32 copy
    )


def olmo(r: ConfigReader) -> DecoderSpec:
    """OLMo 1: LayerNorms without parameters (no norm weights at all)."""
    spec = llama_like(r, tie_default=False, ff_default=11008)
    spec.norm_params = 0
    spec.final_norm = 0
    return spec


CLASSIC: dict[str, Callable[[ConfigReader], DecoderSpec]] = {
    "gpt2": gpt2,
    "gpt_bigcode": gpt_bigcode,
    "gpt_neox": gpt_neox,
    "gptj": gptj,
    "bloom": bloom,
    "falcon": falcon,
    "mpt": mpt,
    "phi": phi,
    "starcoder2": starcoder2,
    "stablelm": stablelm,
    "cohere": lambda r: cohere(r, False),
    "cohere2": lambda r: cohere(r, True),
    "olmo": olmo,
}
