"""Mixture-of-experts families, each as its transformers modeling file builds it.

Which layers are MoE, how wide the experts are, the router (and its bias or score-correction
bias), shared experts and their gates, expert biases and sinks are read per family.
"""

from __future__ import annotations

from collections.abc import Callable

from core.base.errors import ModelSourceError
from core.model.families.common import attention_cache, core, tie
from core.model.families.decoder import Attention, DecoderSpec, Mlp, Moe
from core.model.families.dense import QkNorm, llama_like
from core.model.families.reader import ConfigReader
from core.texts.messages import Message


def _top_k(
    r: ConfigReader,
    experts: int,
    key: str = "num_experts_per_tok",
    default: int = 2,
    aliases: tuple[str, ...] = (),
) -> int:
    k = r.integer(key, default, aliases=aliases)
    if k > experts:
        raise ModelSourceError(Message("error.config_top_k", name=key, top_k=k, experts=experts))
    return k


def _with_moe(spec: DecoderSpec, moe: Moe, is_moe: Callable[[int], bool]) -> DecoderSpec:
    spec.moe = moe
    spec.layer_ffn = ["moe" if is_moe(i) else "dense" for i in range(spec.layers)]
    return spec


def _sparse_step(r: ConfigReader, layers: int) -> Callable[[int], bool]:
    # Qwen2-MoE / Qwen3-MoE / Qwen3-Next: layer i is MoE unless listed in mlp_only_layers, every
    # decoder_sparse_step-th layer ((i + 1) % step == 0).
    step = r.integer("decoder_sparse_step", 1, quiet=True)
    only = set(r.int_list("mlp_only_layers") or [])
    return lambda i: i not in only and (i + 1) % step == 0


def mixtral(r: ConfigReader) -> DecoderSpec:
    """Mixtral: every layer MoE (gated experts of intermediate_size), router without bias."""
    spec = llama_like(
        r, tie_default=False, ff_default=14336, qkv_bias=False, o_bias=False, sliding_if="all"
    )
    e = r.integer("num_local_experts", 8)
    ff = spec.mlp.ff if spec.mlp else 0
    return _with_moe(spec, Moe(e, _top_k(r, e), ff), lambda i: True)


def qwen_moe(r: ConfigReader, version: int) -> DecoderSpec:
    """Qwen2-MoE (q/k/v biases, shared expert + sigmoid gate) and Qwen3-MoE (q/k norms)."""
    if version == 2:
        spec = llama_like(r, tie_default=False, ff_default=22016, qkv_bias=True, o_bias=False)
    else:
        spec = llama_like(r, tie_default=False, ff_default=6144, qk_norm="head", head_default=128)
    e = r.integer("num_experts", 60 if version == 2 else 128)
    k = _top_k(r, e, default=4 if version == 2 else 8)
    ff = r.integer("moe_intermediate_size", 1408 if version == 2 else 768)
    shared = r.integer("shared_expert_intermediate_size", 5632, minimum=0) if version == 2 else 0
    moe = Moe(e, k, ff, shared_ff=shared, shared_gate=shared > 0, shared_count=int(shared > 0))
    return _with_moe(spec, moe, _sparse_step(r, spec.layers))


def olmoe(r: ConfigReader) -> DecoderSpec:
    """OLMoE: q_norm over heads × d and k_norm over kv × d, gated experts, no shared expert."""
    spec = llama_like(r, tie_default=False, ff_default=2048, qk_norm="full")
    e = r.integer("num_experts", 64)
    ff = spec.mlp.ff if spec.mlp else 0
    return _with_moe(spec, Moe(e, _top_k(r, e, default=8), ff), lambda i: True)


def phimoe(r: ConfigReader) -> DecoderSpec:
    """Phi-3.5-MoE: LayerNorms with biases, biased q/k/v/o, biased head (``lm_head_bias``)."""
    spec = llama_like(
        r, tie_default=False, ff_default=6400, qkv_bias=True, o_bias=True, sliding_if="all"
    )
    spec.norm_params = 4 * spec.h
    spec.final_norm = 2 * spec.h
    spec.lm_head_bias = r.flag("lm_head_bias", False)
    e = r.integer("num_local_experts", 16)
    ff = spec.mlp.ff if spec.mlp else 0
    return _with_moe(spec, Moe(e, _top_k(r, e), ff), lambda i: True)


def granitemoe(r: ConfigReader, shared: bool) -> DecoderSpec:
    """GraniteMoE (and -Shared): fused input_linear (gate+up) / output_linear experts."""
    spec = llama_like(r, tie_default=True, ff_default=1024, mlp_bias_key=None)
    e = r.integer("num_local_experts", 8)
    ff = spec.mlp.ff if spec.mlp else 0
    sff = r.integer("shared_intermediate_size", 0, minimum=0, quiet=True) if shared else 0
    return _with_moe(
        spec, Moe(e, _top_k(r, e), ff, shared_ff=sff, shared_count=int(sff > 0)), lambda i: True
    )


def gpt_oss(r: ConfigReader) -> DecoderSpec:
    """gpt-oss: biased q/k/v/o, sinks, biased router and experts, alternating sliding layers."""
    c = core(r, head_default=64)
    e = r.integer("num_local_experts", 128)
    k = _top_k(r, e, "num_experts_per_tok", 4, aliases=("experts_per_token",))
    ff = r.integer("intermediate_size", 2880)
    bias = r.flag("attention_bias", True)
    attn = Attention(c.heads, c.kv, c.d, c.d, qkv_bias=bias, o_bias=bias, sinks=True)
    return DecoderSpec(
        h=c.h,
        vocab=c.vocab,
        layers=c.layers,
        layer_mixer=["attention"] * c.layers,
        layer_cache=attention_cache(
            r, c.layers, sliding_if=lambda i: i % 2 == 0, window_default=128
        ),
        layer_ffn=["moe"] * c.layers,
        attention=attn,
        moe=Moe(e, k, ff, expert_bias=True, router_bias=True),
        norm_params=2 * c.h,
        final_norm=c.h,
        tie=tie(r, False),
    )


def llama4_text(r: ConfigReader) -> DecoderSpec:
    """Llama 4: chunked attention on RoPE layers, global NoPE layers; MoE + shared expert."""
    c = core(r, head_default=128)
    ff = r.integer("intermediate_size", 8192)
    dense_ff = r.integer("intermediate_size_mlp", 16384)
    e = r.integer("num_local_experts", 16)
    k = _top_k(r, e, default=1)
    step = r.integer("interleave_moe_layer_step", 1)
    moe_layers = set(r.int_list("moe_layers") or range(step - 1, c.layers, step))
    chunk = r.optional("attention_chunk_size")
    interval = r.integer("no_rope_layer_interval", 4, quiet=True)
    rope = r.int_list("no_rope_layers", c.layers) or [
        int((i + 1) % interval != 0) for i in range(c.layers)
    ]
    bias = r.flag("attention_bias", False)
    attn = Attention(c.heads, c.kv, c.d, c.d, qkv_bias=bias, o_bias=bias)
    return DecoderSpec(
        h=c.h,
        vocab=c.vocab,
        layers=c.layers,
        layer_mixer=["attention"] * c.layers,
        layer_cache=[
            ("chunked", chunk) if rope[i] and chunk else ("full", None) for i in range(c.layers)
        ],
        layer_ffn=["moe" if i in moe_layers else "dense" for i in range(c.layers)],
        attention=attn,
        mlp=Mlp(dense_ff),
        moe=Moe(e, k, ff, shared_ff=ff, shared_count=1),
        norm_params=2 * c.h,
        final_norm=c.h,
        tie=tie(r, False),
    )


def glm4_moe(r: ConfigReader, head_default: int | None = 128) -> DecoderSpec:
    """GLM-4.5: q/k/v biases, optional q/k norms, DeepSeek-style router and shared experts.

    GLM-4.5V's text model (``glm4v_moe_text``) is built alike; without ``head_dim`` its attention
    takes hidden_size // num_attention_heads (Glm4vMoeTextAttention), where Glm4MoeConfig has 128.
    """
    qk: QkNorm = "head" if r.flag("use_qk_norm", False) else "none"
    spec = llama_like(
        r,
        tie_default=False,
        ff_default=10944,
        qkv_bias=r.flag("attention_bias", True),
        o_bias=False,
        qk_norm=qk,
        head_default=head_default,
    )
    e = r.integer("n_routed_experts", 128)
    k = _top_k(r, e, default=8)
    ff = r.integer("moe_intermediate_size", 1408)
    shared = r.integer("n_shared_experts", 1, minimum=0)
    first = r.integer("first_k_dense_replace", 1, minimum=0)
    moe = Moe(e, k, ff, shared_ff=ff * shared, shared_count=shared)
    spec = _with_moe(spec, moe, lambda i: i >= first)
    # vLLM glm4_moe_mtp.py: each MTP layer a Glm4MoeDecoderLayer numbered after the decoder's,
    # so MoE (index >= first_k_dense_replace), with enorm, hnorm, an nn.Linear eh_proj and the
    # shared head's norm. The note names these parameters: GLM-4.5's checkpoint also keeps
    # copies of the embedding and head in layer 92, GLM-4.6's does not (vllm-project/vllm#27597),
    # and vLLM uses the target's either way.
    spec.mtp_layers = r.integer("num_nextn_predict_layers", 0, minimum=0, quiet=True)
    spec.mtp_proj_whole = True
    return spec


def dots1(r: ConfigReader) -> DecoderSpec:
    """dots.llm1 (modeling_dots1.py): Qwen3's attention, DeepSeek-V3's experts.

    Per-head q/k norms and no attention biases; MoE after the first ``first_k_dense_replace``
    dense layers: routed experts of ``moe_intermediate_size``, one shared MLP
    ``n_shared_experts`` times as wide, a bias-free router (its ``e_score_correction_bias`` is a
    buffer in transformers, not a parameter).
    """
    spec = llama_like(
        r,
        tie_default=False,
        ff_default=10944,
        qkv_bias=r.flag("attention_bias", False),
        o_bias=r.flag("attention_bias", False),
        qk_norm="head",
    )
    e = r.required("n_routed_experts")
    k = _top_k(r, e, default=6)
    ff = r.integer("moe_intermediate_size", 1408)
    shared = r.integer("n_shared_experts", 0, minimum=0)
    first = r.integer("first_k_dense_replace", 0, minimum=0)
    moe = Moe(e, k, ff, shared_ff=ff * shared, shared_count=shared)
    return _with_moe(spec, moe, lambda i: i >= first)


def ernie_moe(r: ConfigReader) -> DecoderSpec:
    """ERNIE 4.5 MoE: experts between moe_layer_start_index and _end_index, every interval."""
    spec = llama_like(
        r, tie_default=True, ff_default=1536, bias_key="use_bias", mlp_bias_key="use_bias"
    )
    e = r.integer("moe_num_experts", 64)
    k = _top_k(r, e, "moe_k", 2)
    ff = r.integer("moe_intermediate_size", 1536)
    shared = r.integer("moe_num_shared_experts", 0, minimum=0, quiet=True)
    start = r.integer("moe_layer_start_index", 0, minimum=0, quiet=True)
    end = r.integer("moe_layer_end_index", spec.layers - 1, minimum=0, quiet=True)
    every = r.integer("moe_layer_interval", 1, quiet=True)
    # Every MoE block keeps moe_statics.e_score_correction_bias, one value per expert, as a
    # parameter (modeling_ernie4_5_moe.py Ernie4_5_MoeStatics; the published checkpoints carry it).
    moe = Moe(e, k, ff, router_extra=e, shared_ff=ff * shared, shared_count=shared)
    return _with_moe(spec, moe, lambda i: (i + 1) % every == 0 and start <= i <= end)


def _per_layer(
    r: ConfigReader, key: str, layers: int, default: int, minimum: int = 1, quiet: bool = True
) -> int:
    """A field given as one number or as a list with one entry per layer.

    HunYuan's moe_topk, num_shared_expert and moe_intermediate_size may be lists; vLLM's
    hunyuan_v1.py (HunYuanSparseMoeBlock) takes entry ``layer_id`` of each. Every MoE layer
    is counted with one expert shape, so a list must hold one value throughout (Hunyuan-A13B's
    do); one that differs between layers is refused, naming the field.
    """
    if not isinstance(r.config.get(key), list):
        return r.integer(key, default, minimum=minimum, quiet=quiet)
    values = r.int_list(key, layers) or [default]
    if len(set(values)) > 1:
        raise ModelSourceError(Message("error.config_layers_differ", name=key))
    return r.check_int(key, values[0], minimum)


def hunyuan_moe(r: ConfigReader) -> DecoderSpec:
    """Hunyuan MoE: q/k norms, shared MLP of intermediate_size × num_shared_expert when mixed.

    The expert width, top-k and shared count may be per-layer lists (:func:`_per_layer`).
    """
    qk: QkNorm = "head" if r.flag("use_qk_norm", True) else "none"
    spec = llama_like(r, tie_default=True, ff_default=11008, mlp_bias_key="mlp_bias", qk_norm=qk)
    e = r.integer("num_experts", 16)
    k = _per_layer(r, "moe_topk", spec.layers, 1, quiet=False)
    if k > e:
        raise ModelSourceError(Message("error.config_top_k", name="moe_topk", top_k=k, experts=e))
    ff = _per_layer(r, "moe_intermediate_size", spec.layers, spec.mlp.ff if spec.mlp else 1)
    # vLLM builds the shared MLP only when use_mixed_mlp_moe is set (hunyuan_v1.py
    # HunYuanSparseMoeBlock: "if config.use_mixed_mlp_moe > 0"; Tencent's HunYuanConfig
    # default False); transformers' HunYuanMoEV1Moe builds it whatever the flag. The planner
    # follows the server.
    mixed = r.flag("use_mixed_mlp_moe", False)
    shared = _per_layer(r, "num_shared_expert", spec.layers, 1, minimum=0) if mixed else 0
    dense = spec.mlp.ff if spec.mlp else 0
    moe = Moe(e, k, ff, shared_ff=dense * shared, shared_count=shared)
    return _with_moe(spec, moe, lambda i: True)


def minimax_m2(r: ConfigReader) -> DecoderSpec:
    """MiniMax-M2: q/k norms over the projected widths, gated experts of intermediate_size.

    Its routing bias (``use_routing_bias``) is a buffer, not a parameter; the multi-token
    prediction modules are not part of the causal-LM model.
    """
    qk: QkNorm = "full" if r.flag("use_qk_norm", True) else "none"
    spec = llama_like(
        r, tie_default=False, ff_default=1536, qkv_bias=False, o_bias=False, qk_norm=qk
    )
    e = r.integer("num_local_experts", 256)
    ff = spec.mlp.ff if spec.mlp else 0
    sff = r.integer("shared_intermediate_size", 0, minimum=0, quiet=True)
    moe = Moe(e, _top_k(r, e, default=8), ff, shared_ff=sff, shared_count=int(sff > 0))
    return _with_moe(spec, moe, lambda i: True)


def mimo_v2(r: ConfigReader) -> DecoderSpec:
    """MiMo-V2-Flash: full and sliding layers, each kind with its own head shapes.

    V is narrower than K, the sliding layers carry sinks, and layers where ``moe_layer_freq`` is
    0 are dense.
    """
    c = core(r)
    pattern = r.int_list("hybrid_layer_pattern", c.layers) or [0] * c.layers
    freq = r.int_list("moe_layer_freq", c.layers) or [1] * c.layers
    window = r.optional("sliding_window")
    v_dim = r.integer("v_head_dim", c.d)
    full = Attention(c.heads, c.kv, c.d, v_dim, sinks=r.flag("add_full_attention_sink_bias", False))
    swa_heads = r.integer("swa_num_attention_heads", c.heads)
    swa_kv = r.integer("swa_num_key_value_heads", c.kv)
    swa = Attention(
        swa_heads,
        swa_kv,
        r.integer("swa_head_dim", c.d),
        r.integer("swa_v_head_dim", v_dim),
        sinks=r.flag("add_swa_attention_sink_bias", False),
    )
    e = r.integer("n_routed_experts", 256)
    moe = Moe(e, _top_k(r, e, default=8), r.integer("moe_intermediate_size", 2048))
    # vLLM mimo_v2_mtp.py (SpeculativeConfig.hf_config_override maps MiMoV2FlashForCausalLM to
    # it whatever the config says): one MTP layer, _MIMO_V2_FLASH_NUM_MTP_LAYERS, of the
    # sliding-window attention (its heads, sinks and sliding_window_size) and the dense MLP
    # (intermediate_size), with enorm, hnorm, final_layernorm and a ReplicatedLinear eh_proj
    # built without the quantization config. The checkpoint stores three (the MiMo-V2-Flash
    # technical report, arXiv 2601.02780: "three-layer MTP weights"), or
    # num_nextn_predict_layers where the config declares it.
    stored = r.integer("num_nextn_predict_layers", 3, minimum=0, quiet=True)
    mtp_window = r.optional("sliding_window_size") or window
    return DecoderSpec(
        h=c.h,
        vocab=c.vocab,
        layers=c.layers,
        layer_mixer=["attention_alt" if p else "attention" for p in pattern],
        layer_cache=[("sliding", window) if p and window else ("full", None) for p in pattern],
        layer_ffn=["moe" if f else "dense" for f in freq],
        attention=full,
        alt_attention=swa,
        mlp=Mlp(r.integer("intermediate_size", 16384)),
        moe=moe,
        norm_params=2 * c.h,
        final_norm=c.h,
        tie=tie(r, False),
        mtp_layers=1 if stored else 0,
        mtp_ffn="dense",
        mtp_proj_whole=True,
        mtp_mixer="attention_alt",
        mtp_cache=("sliding", mtp_window) if mtp_window else ("full", None),
        mtp_stored=stored,
    )


MOE: dict[str, Callable[[ConfigReader], DecoderSpec]] = {
    "mixtral": mixtral,
    "qwen2_moe": lambda r: qwen_moe(r, 2),
    "qwen3_moe": lambda r: qwen_moe(r, 3),
    "olmoe": olmoe,
    "phimoe": phimoe,
    "granitemoe": lambda r: granitemoe(r, False),
    "granitemoeshared": lambda r: granitemoe(r, True),
    "gpt_oss": gpt_oss,
    "llama4_text": llama4_text,
    "glm4_moe": glm4_moe,
    "glm4v_moe_text": lambda r: glm4_moe(r, head_default=None),
    "dots1": dots1,
    "ernie4_5_moe": ernie_moe,
    "hunyuan_v1_moe": hunyuan_moe,
    "minimax_m2": minimax_m2,
    "mimo_v2_flash": mimo_v2,
}
