"""The structure of a config whose family the planner does not know, read from shared fields.

Families that transformers or their authors add keep spelling the same structural facts with a
handful of field names: expert counts and widths (``num_experts``, ``n_routed_experts``,
``moe_intermediate_size``...), shared experts, multi-head latent attention (``kv_lora_rank``,
``q_lora_rank``), per-layer mixers (``layer_types``, ``layers_block_type``,
``hybrid_override_pattern``, attention-layer index lists), recurrent mixers (Mamba-1/2 state
sizes, Gated DeltaNet heads, short convolutions), the activation that tells a gated MLP from a
two-matrix one, sliding windows and vision sub-configs. :func:`read_generic` builds a
:class:`~core.model.families.decoder.DecoderSpec` from them and records, for every choice the fields
do not settle, how many parameters the other choice would add or remove and how far the cache
could be from the figure. :func:`~core.model.model_config.architecture_from_config` turns those into
the approximation bands it shows.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from core.base.errors import ModelSourceError
from core.model.architecture import CacheGroup, CacheKind
from core.model.families.build import Counted
from core.model.families.common import head_dim, kv_heads
from core.model.families.decoder import Attention, DecoderSpec, Mixer, Mlp, Moe, count_decoder
from core.model.families.deepseek import indexer_key_bytes
from core.model.families.mixers import gated_deltanet, mamba1, mamba2, pinned_state_bits, short_conv
from core.model.families.reader import ConfigReader
from core.texts.messages import Message

# Field names for one fact, in the order families use them (transformers configuration classes:
# Qwen2-MoE/Qwen3-MoE/OLMoE num_experts; Mixtral/Granite/Phi-3.5-MoE num_local_experts;
# DeepSeek/Kimi/GLM/dots1 n_routed_experts; ERNIE moe_num_experts; Hunyuan moe_topk; ...). A bare
# "top_k" is not read: older transformers releases wrote the sampling default into every config.
EXPERTS = ("num_experts", "num_local_experts", "n_routed_experts", "moe_num_experts", "n_experts")
TOP_K = (
    "num_experts_per_tok",
    "num_experts_per_token",
    "moe_topk",
    "moe_k",
    "moe_top_k",
    "n_activated_experts",
)
EXPERT_FF = ("moe_intermediate_size", "expert_intermediate_size", "moe_ffn_hidden_size")
SHARED_FF = (
    "shared_expert_intermediate_size",
    "moe_shared_expert_intermediate_size",
    "shared_intermediate_size",
)
SHARED_COUNT = ("n_shared_experts", "num_shared_experts", "moe_num_shared_experts")
FIRST_DENSE = ("first_k_dense_replace", "num_dense_layers", "first_dense_layers")
MOE_STEP = ("decoder_sparse_step", "moe_layer_freq", "interleave_moe_layer_step")
ACTIVATION = ("hidden_act", "hidden_activation", "activation_function", "mlp_hidden_act")
# Activations that name a gated MLP (SwiGLU and friends: gate, up, down) and ones that name a
# two-matrix MLP (squared ReLU: Nemotron, Arcee AFM; xIELU: Apertus). GELU and ReLU are used both
# ways (GPT-2, BLOOM, Falcon without a gate; Gemma with one), so they leave the gate open.
GATED_ACTS = frozenset({"silu", "swish", "swiglu", "geglu", "reglu"})
PLAIN_ACTS = frozenset({"relu2", "relu_squared", "squared_relu", "xielu"})
# Per-layer type names: attention that grows with the context, and recurrent mixers.
ATTENTION_TYPES = {
    "full_attention": "full",
    "attention": "full",
    "global_attention": "full",
    "global": "full",
    "full": "full",
    "hybrid": "full",  # Zamba2: a Mamba layer with the shared attention block beside it
    "sliding_attention": "sliding",
    "sliding": "sliding",
    "local_attention": "sliding",
    "local": "sliding",
    "chunked_attention": "chunked",
}
RECURRENT_TYPES = frozenset(
    {"mamba", "mamba2", "linear_attention", "linear", "conv", "lightning", "ssm", "recurrent"}
)
FFN_ONLY_TYPES = {"mlp": "dense", "moe": "moe", "-": "dense", "E": "moe"}


# Tensor-name parts that mark a layer's token mixer in a checkpoint (transformers' and the
# original releases' module names): attention projections, and recurrent mixers' own weights.
ATTENTION_PARTS = (
    "self_attn.k_proj",
    "self_attn.qkv_proj",
    "self_attn.kv_a_proj",
    "self_attn.query_key_value",
    "attention.k_proj",
    "attention.wk",
    "attn.c_attn",
    "attn.k_proj",
    "attention.query_key_value",
)
RECURRENT_PARTS = (".A_log", "conv1d.weight", "linear_attn.", "conv.in_proj", ".conv.conv")
GATE_PARTS = (".gate_proj.", ".gate_up_proj", ".w1.", ".w3.", "gate_up")
_LAYER = re.compile(r"(?:^|\.)(?:layers|h|blocks|layer)\.(\d+)\.")


@dataclass(frozen=True)
class TensorFacts:
    """What a checkpoint's tensor names settle that the config may leave open."""

    mixers: list[str] | None  # per layer: "full", "recurrent", "both" or "none"
    gated: bool | None
    tied: bool | None
    positions: bool | None


def tensor_facts(names: Sequence[str], layers: int) -> TensorFacts:
    """Per-layer mixers, the MLP gate, a tied head and learned positions from tensor names."""
    attention: set[int] = set()
    recurrent: set[int] = set()
    seen: set[int] = set()
    for name in names:
        match = _LAYER.search(name)
        if match is None:
            continue
        i = int(match.group(1))
        seen.add(i)
        if any(part in name for part in ATTENTION_PARTS):
            attention.add(i)
        if any(part in name for part in RECURRENT_PARTS):
            recurrent.add(i)
    mixers = None
    if seen and max(seen) < layers and (attention or recurrent):
        table = {(True, True): "both", (True, False): "full", (False, True): "recurrent"}
        mixers = [table.get((i in attention, i in recurrent), "none") for i in range(layers)]
    mlp = [n for n in names if ".mlp." in n or ".feed_forward." in n or ".experts." in n]
    gated = any(part in n for n in mlp for part in GATE_PARTS) if mlp else None
    return TensorFacts(
        mixers,
        gated,
        tied=not any(n.startswith(("lm_head.", "output.")) for n in names) if names else None,
        positions=any(p in n for n in names for p in ("wpe.", "embed_positions.")) or None,
    )


@dataclass
class Guess:
    """What the fields left open: parameters the other choices add or remove, cache multipliers."""

    params_down: int = 0  # parameters the figure may hold that the model lacks
    params_up: int = 0  # parameters the model may hold that the figure lacks
    cache_low: float = 1.0
    cache_high: float = 1.0
    params_open: list[str] = field(default_factory=list)  # what the parameter band is for
    cache_open: list[str] = field(default_factory=list)  # what the cache band is for

    def params(self, what: str, down: int = 0, up: int = 0) -> None:
        """Record an open choice that changes the parameters by ``-down`` or ``+up``."""
        self.params_down += down
        self.params_up += up
        self.params_open.append(what)

    def cache(self, what: str, low: float, high: float = 1.0) -> None:
        """Record an open choice that puts the cache between ``low`` and ``high`` × the figure."""
        self.cache_low = min(self.cache_low, low)
        self.cache_high = max(self.cache_high, high)
        self.cache_open.append(what)


def _first(r: ConfigReader, keys: tuple[str, ...]) -> int | None:
    """The first of ``keys`` the config sets to a positive integer (a per-layer list: its first)."""
    for key in keys:
        value = r.config.get(key)
        if isinstance(value, list) and value:
            value = value[0]
        if value is None or isinstance(value, bool) or value == 0:
            continue
        if isinstance(value, int):
            return r.check_int(key, value, 1)
    return None


def _str(config: dict[str, Any], keys: tuple[str, ...]) -> str | None:
    for key in keys:
        value = config.get(key)
        if isinstance(value, str):
            return value
    return None


def _layer_plan(r: ConfigReader) -> tuple[int, list[str] | None, list[str] | None]:
    """Layers, each layer's mixer name (or None: not stated) and FFN (None: every layer one).

    Mixer names: "full", "sliding", "chunked", "recurrent", "none".
    """
    pattern = r.config.get("hybrid_override_pattern")
    if isinstance(pattern, str) and pattern:
        # Nemotron-H: one block per character, M Mamba-2, * attention, - MLP, E MoE.
        mixers = [{"M": "recurrent", "*": "full"}.get(ch, "none") for ch in pattern]
        ffns = [FFN_ONLY_TYPES.get(ch, "none") for ch in pattern]
        return len(pattern), mixers, ffns
    for key in ("layers_block_type", "layer_types", "layers_type"):
        types = r.config.get(key)
        if not isinstance(types, list) or not types or not all(isinstance(t, str) for t in types):
            continue
        declared = r.optional("num_hidden_layers")
        if declared is not None and declared != len(types):
            raise ModelSourceError(
                Message("error.config_list_length", name=key, length=len(types), layers=declared)
            )
        low = [t.lower() for t in types]
        if any(t in FFN_ONLY_TYPES for t in low):
            mixers = [
                ATTENTION_TYPES.get(t, "recurrent" if t in RECURRENT_TYPES else "none") for t in low
            ]
            return len(types), mixers, [FFN_ONLY_TYPES.get(t, "none") for t in low]
        mixers = [
            ATTENTION_TYPES.get(t, "recurrent" if t in RECURRENT_TYPES or "linear" in t else "full")
            for t in low
        ]
        return len(types), mixers, None
    layers = r.required("num_hidden_layers")
    indices = None
    for key in ("attn_layer_indices", "full_attn_idxs", "attention_layer_indices"):
        listed = r.int_list(key)
        if listed is not None:
            indices = set(listed)
            break
    if indices is not None:
        return layers, ["full" if i in indices else "recurrent" for i in range(layers)], None
    kinds = r.int_list("attn_type_list", layers)
    if kinds is not None:  # MiniMax-Text-01: 0 lightning (linear) attention, 1 softmax attention
        return layers, ["full" if k else "recurrent" for k in kinds], None
    period = _first(r, ("attn_layer_period",))
    if period is not None:  # Jamba: attention at offset within every period
        offset = r.integer("attn_layer_offset", 0, minimum=0, quiet=True)
        mixers = ["full" if i % period == offset else "recurrent" for i in range(layers)]
        return layers, mixers, None
    interval = _first(r, ("full_attention_interval",))
    if interval is not None:  # Qwen3-Next: every interval-th layer is full attention
        mixers = ["full" if (i + 1) % interval == 0 else "recurrent" for i in range(layers)]
        return layers, mixers, None
    return layers, None, None


def _recurrent_mixer(r: ConfigReader, h: int, heads: int, d: int, g: Guess) -> Mixer:
    """The recurrent mixer the config's fields describe, or a linear-attention guess."""
    c = r.config

    def get(*keys: str) -> int | None:
        return _first(r, keys)

    d_state = get("mamba_d_state", "ssm_state_size", "state_size", "d_state")
    kernel = get("mamba_d_conv", "conv_kernel", "d_conv", "mamba_conv_kernel") or 4
    expand = get("mamba_expand", "expand") or 2
    conv_bias = bool(c.get("mamba_conv_bias", c.get("use_conv_bias", True)))
    proj_bias = bool(c.get("mamba_proj_bias", c.get("use_bias", False)))
    m_heads = get("mamba_n_heads", "mamba_num_heads", "n_mamba_heads", "num_heads_mamba")
    m_head = get("mamba_d_head", "mamba_head_dim", "mamba_headdim")
    if m_heads is None and d_state is not None and get("n_groups", "mamba_n_groups"):
        m_heads = get("num_heads")  # Mamba-2 names its own heads num_heads
        m_head = m_head or get("head_dim")
    if d_state is not None and (m_heads or m_head):
        groups = get("mamba_n_groups", "n_groups", "mamba_ngroups") or 1
        inner = get("mamba_d_ssm") or (m_heads * m_head if m_heads and m_head else expand * h)
        m_head = m_head or inner // max(m_heads or 1, 1)
        m_heads = m_heads or inner // m_head
        return mamba2(
            h,
            heads=m_heads,
            head_dim=m_head,
            d_state=d_state,
            groups=groups,
            kernel=kernel,
            conv_bias=conv_bias,
            proj_bias=proj_bias,
            inner=inner,
        )
    if d_state is not None:
        inner = expand * h
        dt_rank = get("mamba_dt_rank", "time_step_rank") or -(-h // 16)
        return mamba1(
            h,
            inner=inner,
            d_state=d_state,
            kernel=kernel,
            dt_rank=dt_rank,
            conv_bias=conv_bias,
            proj_bias=proj_bias,
            dt_norms=False,
        )
    v_heads = get("linear_num_value_heads")
    if v_heads is not None:
        k_heads = get("linear_num_key_heads") or v_heads
        return gated_deltanet(
            h,
            k_heads=k_heads,
            v_heads=v_heads,
            k_dim=get("linear_key_head_dim") or d,
            v_dim=get("linear_value_head_dim") or d,
            kernel=get("linear_conv_kernel_dim") or 4,
        )
    conv = get("conv_L_cache", "conv_kernel_size")
    if conv is not None:
        return short_conv(h, kernel=conv, bias=bool(c.get("conv_bias", False)))
    # A linear-attention layer no field describes (MiniMax-01's lightning attention): q, k, v,
    # an output gate and o, a norm, and a state of heads × d × d (its kv matrix per head). The
    # state's size and the gate are guesses.
    width = heads * d
    mixer = Mixer(
        (
            ("linear_attn.qkv_proj", h, 3 * width),
            ("linear_attn.output_gate", h, width),
            ("linear_attn.out_proj", width, h),
        ),
        width,
        CacheGroup("linear_state", 1, state_elements=heads * d * d, state_heads=heads),
    )
    g.cache("linear_state", 0.0, 2.0)
    return mixer


def _mla(r: ConfigReader, h: int, heads: int) -> tuple[Mixer, int, int, int]:
    """Multi-head latent attention from ``kv_lora_rank``: the mixer, latent, rope dim, q/k dim."""
    kv_lora = r.required("kv_lora_rank")
    rope = r.integer("qk_rope_head_dim", 64, quiet=True)
    nope = r.integer("qk_nope_head_dim", 128, quiet=True)
    v = r.integer("v_head_dim", nope, quiet=True)
    q_lora = _first(r, ("q_lora_rank",))
    qk = nope + rope
    if q_lora:
        q: tuple[tuple[str, int, int], ...] = (
            ("self_attn.q_a_proj", h, q_lora),
            ("self_attn.q_b_proj", q_lora, heads * qk),
        )
    else:
        q = (("self_attn.q_proj", h, heads * qk),)
    matrices = (
        *q,
        ("self_attn.kv_a_proj_with_mqa", h, kv_lora + rope),
        ("self_attn.kv_b_proj", kv_lora, heads * (nope + v)),
        ("self_attn.o_proj", heads * v, h),
    )
    extra = kv_lora + (q_lora or 0)  # the latent norms
    # A sparse-attention indexer (DeepSeek-V3.2, GLM-5: index_head_dim, index_n_heads) caches
    # one key per token beside the latent, stored as vLLM stores it (fp8 plus scales).
    index_dim = _first(r, ("index_head_dim",))
    index_heads = _first(r, ("index_n_heads",)) or 0
    bits = 8 * indexer_key_bytes(index_dim) if index_dim else 0
    if index_dim and index_heads:
        matrices += (
            ("self_attn.indexer.wq_b", q_lora or h, index_heads * index_dim),
            ("self_attn.indexer.wk", h, index_dim),
            ("self_attn.indexer.weights_proj", h, index_heads),
        )
        extra += 2 * index_dim
    cache = CacheGroup("mla", 1, 1, kv_lora + rope, 0, token_bits=bits)
    return Mixer(matrices, extra, cache), kv_lora, rope, qk


def _moe(r: ConfigReader, h: int, gated: bool) -> Moe | None:
    experts = _first(r, EXPERTS)
    if experts is None or experts < 2:
        return None
    top_k = min(_first(r, TOP_K) or 1, experts)
    ff = _first(r, EXPERT_FF) or r.integer("intermediate_size", None)
    shared_ff = _first(r, SHARED_FF)
    shared = _first(r, SHARED_COUNT) or 0
    if shared_ff is None:
        shared_ff = shared * ff
    # Experts that work in a narrower latent width (Nemotron 3 Super: moe_latent_size).
    latent = _first(r, ("moe_latent_size",)) or 0
    return Moe(
        experts,
        top_k,
        ff,
        gated=gated,
        shared_ff=shared_ff,
        shared_count=shared or (1 if shared_ff else 0),
        shared_gated=gated,
        latent=latent,
    )


def _ffn_layers(r: ConfigReader, layers: int) -> list[str]:
    """Which layers of a MoE model keep a dense MLP (leading dense layers, steps, listed layers)."""
    first = _first(r, FIRST_DENSE) or 0
    step = _first(r, MOE_STEP) or 1
    only = set(r.int_list("mlp_only_layers") or [])
    period = _first(r, ("expert_layer_period",))
    offset = r.integer("expert_layer_offset", 0, minimum=0, quiet=True)
    out = []
    for i in range(layers):
        dense = i < first or i in only or (i + 1) % step != 0
        if period is not None:
            dense = i % period != offset
        out.append("dense" if dense else "moe")
    return out


def read_generic(
    r: ConfigReader, names: Sequence[str] = ()
) -> tuple[DecoderSpec, Guess, dict[str, Any]]:
    """The decoder the shared fields describe, what they leave open, and facts for the Counted.

    ``names``: the checkpoint's tensor names when it is at hand; they settle the per-layer
    mixers, the MLP's gate, a tied head and learned positions where the config does not.
    """
    g = Guess()
    c = r.config
    h = r.required("hidden_size")
    vocab = r.required("vocab_size")
    layers, mixers, ffns = _layer_plan(r)
    r.check_int("num_hidden_layers", layers, 1)
    heads_open = not r.has("num_attention_heads")
    if heads_open:
        # A wrapper's text_config may leave the head count to its class default. The query and
        # output widths are heads × head_dim = hidden either way (or head_dim × the count); the
        # K/V heads are counted one per query head, the most there can be.
        d = r.optional("head_dim") or (128 if h % 128 == 0 else h)
        heads = max(h // d, 1)
        r.notes.append(Message("model_note.open_heads", heads=heads, head_dim=d))
    else:
        heads = r.required("num_attention_heads")
    # Falcon-7B and GPT-BigCode state multi-query attention as a flag instead of a head count.
    kv = 1 if c.get("multi_query") is True and not r.has("num_key_value_heads") else None
    kv = kv or kv_heads(r, heads)
    d = head_dim(r, h, heads) if not heads_open else d
    if heads_open and not r.has("num_key_value_heads") and kv > 1:
        g.params("heads", down=layers * 2 * h * (kv - 1) * d)
        g.cache("heads", 1 / kv)
    window = _first(r, ("sliding_window",))
    if c.get("use_sliding_window") is False:
        window = None
    # The MLP: a gate unless the activation names a two-matrix MLP.
    act = (_str(c, ACTIVATION) or "").lower()
    gated = act not in PLAIN_ACTS
    gate_open = act not in GATED_ACTS and act not in PLAIN_ACTS
    facts = tensor_facts(names, layers) if names else None
    if facts is not None and facts.gated is not None:
        gated, gate_open = facts.gated, False
    # The dense layers' width where a MoE model names it apart (Llama 4: intermediate_size_mlp).
    widths = c.get("intermediate_size")
    per_layer: list[int] = []
    if isinstance(widths, list) and widths:
        # Per-layer MLP widths (Gemma 3n): counted at the widest, the band reaches the listed ones.
        per_layer = r.int_list("intermediate_size", layers) or []
        ff = max(per_layer) or None
    else:
        ff = _first(r, ("intermediate_size_mlp",)) or r.optional("intermediate_size")
    if ff is None:
        ff = 4 * h  # Vaswani et al. 2017: d_ff = 4 · d_model
        r.notes.append(Message("model_note.ff_assumed", ff=ff))
    moe = _moe(r, h, gated)
    if ffns is None:
        ffns = _ffn_layers(r, layers) if moe is not None else ["dense"] * layers
    # Attention.
    bias = r.flag("attention_bias", False) if isinstance(c.get("attention_bias"), bool) else False
    v_dim = (_first(r, ("v_head_dim",)) or d) if c.get("kv_lora_rank") is None else d
    attention = Attention(heads, kv, d, v_dim, qkv_bias=bias, o_bias=bias)
    # Full-attention layers of another shape than the sliding ones (Gemma 4: global_head_dim,
    # num_global_key_value_heads), or sliding layers of another shape (MiMo-V2: swa_*).
    global_d = _first(r, ("global_head_dim",))
    global_kv = _first(r, ("num_global_key_value_heads",))
    swa_kv = _first(r, ("swa_num_key_value_heads",))
    swa_d = _first(r, ("swa_head_dim",))
    alt, alt_kind = None, "full"
    if global_d or global_kv:
        alt = Attention(heads, global_kv or kv, global_d or d, global_d or d, bias, bias)
    elif swa_kv or swa_d:
        swa_heads = _first(r, ("swa_num_attention_heads",)) or heads
        swa_v = _first(r, ("swa_v_head_dim",)) or swa_d or v_dim
        alt = Attention(swa_heads, swa_kv or kv, swa_d or d, swa_v, bias, bias)
        alt_kind = "sliding"
    mixer_of: dict[str, Mixer] = {}
    mla = None
    if c.get("kv_lora_rank") is not None:
        mla = _mla(r, h, heads)
        mixer_of["mla"] = mla[0]
    parallel = False
    recurrent = None
    plan_open = mixers is None
    if mixers is None and facts is not None and facts.mixers is not None:
        # The checkpoint names each layer's mixer: attention, a recurrent mixer, or both.
        plan_open = False
        if all(m == "both" for m in facts.mixers):
            parallel = True
            recurrent = _recurrent_mixer(r, h, heads, d, g)
            mixers = ["full"] * layers
        else:
            mixers = ["full" if m == "both" else m for m in facts.mixers]
    if mixers is None:
        mixers = ["full"] * layers
        if _first(r, ("mamba_d_state", "ssm_state_size", "state_size", "linear_num_value_heads")):
            # Recurrent fields without a per-layer plan: counted as a recurrent mixer beside the
            # attention in every layer (Falcon-H1); the model may have no attention at all
            # (Mamba-2) or no MLP.
            parallel = True
            recurrent = _recurrent_mixer(r, h, heads, d, g)
    if "recurrent" in mixers:
        recurrent = _recurrent_mixer(r, h, heads, d, g)
        mixer_of["recurrent"] = recurrent
    layer_mixer: list[str] = []
    layer_cache: list[tuple[CacheKind, int | None]] = []
    for kind in mixers:
        if kind == "recurrent":
            layer_mixer.append("recurrent")
            layer_cache.append(("full", None))
        elif kind == "none":
            layer_mixer.append("none")
            layer_cache.append(("full", None))
        elif mla is not None:
            layer_mixer.append("mla")
            layer_cache.append(("full", None))
        else:
            layer_mixer.append("attention_alt" if alt and kind == alt_kind else "attention")
            # A chunked layer keeps its chunk (attention_chunk_size), a sliding one its window.
            span = (_first(r, ("attention_chunk_size",)) or window) if kind == "chunked" else window
            cache_kind: CacheKind = "full"
            if kind in ("sliding", "chunked") and span:
                cache_kind = "sliding" if kind == "sliding" else "chunked"
            layer_cache.append((cache_kind, span if cache_kind != "full" else None))
    tie_set = isinstance(c.get("tie_word_embeddings"), bool)
    tie = r.flag("tie_word_embeddings", False)
    if not tie_set and facts is not None and facts.tied is not None:
        tie, tie_set = facts.tied, True
    positions = 0
    if facts is not None and facts.positions:
        longest = r.optional("max_position_embeddings", aliases=("n_positions", "max_seq_len"))
        positions = (longest or 0) * h
    spec = DecoderSpec(
        h=h,
        vocab=vocab,
        layers=layers,
        layer_mixer=layer_mixer,
        layer_cache=layer_cache,
        layer_ffn=ffns,
        attention=attention,
        mlp=Mlp(ff, gated=gated, bias=r.flag("mlp_bias", False)),
        moe=moe,
        mixers=mixer_of,
        norm_params=2 * h,
        final_norm=h,
        tie=tie,
        positions=positions,
        also=recurrent if parallel else None,
        alt_attention=alt,
    )
    # Tensor names say whether a position table exists: then it is no open choice.
    known_positions = facts is not None
    _open_choices(
        r, spec, g, gate_open, tie_set, window, mixers, parallel and plan_open, known_positions
    )
    if per_layer:
        narrower = sum(ff - w for w in per_layer) * (3 if gated else 2) * h
        g.params("layer_widths", down=narrower)
    if alt is not None and alt_kind == "sliding" and "sliding" not in mixers:
        # The sliding layers' own shape, with no plan saying which layers slide: they may cache
        # up to their per-token width over the full layers'.
        wide = alt.kv * (alt.d + alt.v_dim) / (kv * (d + v_dim))
        g.cache("layer_shapes", 1.0, max(wide, 1.0))
    if any(k.startswith("compress") for k in c):
        # Compressed-attention caches (DeepSeek-V4: compress_ratios) keep entries and compressor
        # states no shared field describes: read as unknown, DeepSeek-V4-Flash's cache is 0.08×
        # (131,072 tokens) to 1.77× (16 tokens) the figure of its plain layers.
        g.cache("compressed_cache", 0.0, 2.0)
    _exotic_choices(r, spec, g, mixers)
    if moe is not None and not any("shared" in k for k in c):
        # Llama 4 runs a shared expert its config does not declare: a MoE config that names no
        # shared expert may still have one, as wide as a routed expert, in every MoE layer.
        one = (3 if gated else 2) * (moe.latent or h) * moe.ff
        g.params("shared_expert", up=one * ffns.count("moe"))
    return spec, g, {"mla": mla, "heads": heads}


def _gate_params(spec: DecoderSpec) -> int:
    """The parameters of every gate matrix the spec counts (dense MLPs and experts)."""
    total = 0
    for ffn in spec.layer_ffn:
        if ffn == "dense" and spec.mlp is not None and spec.mlp.gated:
            total += spec.h * spec.mlp.ff
        elif ffn == "moe" and spec.moe is not None and spec.moe.gated:
            m = spec.moe
            total += m.experts * spec.h * m.ff + (spec.h * m.shared_ff if m.shared_ff else 0)
    return total


def _open_choices(
    r: ConfigReader,
    spec: DecoderSpec,
    g: Guess,
    gate_open: bool,
    tie_set: bool,
    window: int | None,
    mixers: list[str],
    parallel: bool,
    known_positions: bool = False,
) -> None:
    """Record what the fields leave open, as parameter deltas and cache multipliers."""
    c = r.config
    h, vocab = spec.h, spec.vocab
    if gate_open:
        g.params("mlp_gate", down=_gate_params(spec))
    if not tie_set:
        g.params("tied_head", down=vocab * h)
    positions = r.optional("max_position_embeddings", aliases=("n_positions", "max_seq_len"))
    has_rope = any("rope" in k or "rotary" in k or "alibi" in k for k in c)
    if positions and not has_rope and not known_positions:
        g.params("learned_positions", up=positions * h)
    if parallel and spec.also is not None:
        attn = spec.layers * sum(i * o for _, i, o in _attention_matrices(spec))
        mlp_all = (
            spec.layers * (3 if spec.mlp and spec.mlp.gated else 2) * h * spec.mlp.ff
            if spec.mlp
            else 0
        )
        g.params("layer_plan", down=attn + mlp_all)
        g.cache("layer_plan", 0.0)
    # A window without a per-layer plan: counted on every layer as full attention; the model may
    # slide on every layer, down to window / longest context of the figure.
    # A window (or attention chunk, Llama 4) without a per-layer plan: every layer is cached in
    # full; the model may slide on every layer, down to window / longest context.
    stated = any(k in c for k in ("layer_types", "layers_block_type"))
    pattern = c.get("sliding_window_pattern")
    longest = r.optional("max_position_embeddings")
    chunk = _first(r, ("attention_chunk_size",))
    if window and isinstance(pattern, int) and not isinstance(pattern, bool) and not stated:
        # Cohere 2, Gemma 3: every pattern-th layer attends in full, the others slide.
        r.check_int("sliding_window_pattern", pattern, 1)
        for i, kind in enumerate(mixers):
            if kind == "full" and (i + 1) % pattern:
                spec.layer_cache[i] = ("sliding", window)
    elif window and not stated:
        g.cache("sliding_window", min(1.0, window / max(longest or window, 1)))
    if chunk and not stated:
        g.cache("sliding_window", min(1.0, chunk / max(longest or chunk, 1)))


def _exotic_choices(r: ConfigReader, spec: DecoderSpec, g: Guess, mixers: list[str]) -> None:
    """Structures a few families declare by field and the decoder plan does not hold.

    - ``num_mem_blocks`` (Zamba2): the attention and MLP blocks are shared, ``num_mem_blocks``
      copies serve every hybrid layer, so the figure's per-layer blocks may be far fewer.
    - ``hidden_size_per_layer_input`` / ``vocab_size_per_layer_input`` (Gemma 3n): a second
      embedding of that width per layer with its projections, plus LAuReL (``laurel_rank``) and
      AltUp (``altup_num_inputs``) weights: more parameters than the figure.
    - ``num_kv_shared_layers`` (Gemma 3n): the last layers reuse earlier layers' keys and values,
      so the cache may hold that many layers fewer.
    """
    h, layers = spec.h, spec.layers
    shared = _first(r, ("num_mem_blocks",))
    if shared is not None:
        a = spec.attention
        attn = sum(i * o for _, i, o in _attention_matrices(spec)) if a else 0
        mlp = (3 if spec.mlp and spec.mlp.gated else 2) * h * (spec.mlp.ff if spec.mlp else 0)
        counted = mixers.count("full") * attn + spec.layer_ffn.count("dense") * mlp
        g.params("shared_blocks", down=max(counted - shared * (attn + mlp), 0))
    width = _first(r, ("hidden_size_per_layer_input",))
    if width is not None:
        vocab = _first(r, ("vocab_size_per_layer_input",)) or spec.vocab
        per_layer = vocab * width * layers + h * width * layers + layers * 2 * h * width
        rank = _first(r, ("laurel_rank",)) or 0
        inputs = _first(r, ("altup_num_inputs",)) or 1
        extra = layers * 2 * h * rank + 2 * (inputs - 1) * h * h + layers * (inputs + 1) * h
        g.params("per_layer_inputs", up=per_layer + extra)
    kv_shared = _first(r, ("num_kv_shared_layers",))
    if kv_shared is not None and kv_shared < layers:
        g.cache("kv_sharing", (layers - kv_shared) / layers)


def _attention_matrices(spec: DecoderSpec) -> list[tuple[str, int, int]]:
    a = spec.attention
    if a is None:
        return []
    h = spec.h
    return [
        ("q", h, a.heads * a.d),
        ("k", h, a.kv * a.d),
        ("v", h, a.kv * a.v_dim),
        ("o", a.heads * a.v_dim, h),
    ]


def count_structure(r: ConfigReader, names: Sequence[str] = ()) -> tuple[Counted, Guess]:
    """Count an unknown family from its shared fields (and tensor names); the rest is the Guess."""
    spec, guess, facts = read_generic(r, names)
    counted = count_decoder(spec, pinned_state_bits(r.config))
    mla = facts["mla"]
    if mla is not None:
        _, kv_lora, rope, qk = mla
        counted = replace(
            counted,
            attention="mla",
            heads=facts["heads"],
            kv_heads=facts["heads"],
            head_dim=qk,
            kv_lora_rank=kv_lora,
            qk_rope_head_dim=rope,
        )
    return counted, guess


@dataclass(frozen=True)
class Tower:
    """A vision or audio tower estimated from its sub-config: the figure and its open choices."""

    params: int
    down: int
    up: int


def _sub(r: ConfigReader, *keys: str) -> int | None:
    return _first(r, keys)


def estimate_tower(sub: dict[str, Any], text_hidden: int, top: dict[str, Any]) -> Tower:
    """A transformer encoder tower and its projector from the fields encoders share.

    Counted as a ViT (``modeling_siglip.py``, ``modeling_clip.py``): a patch embedding over
    channels × patch² (× temporal patch), learned positions, per layer biased q/k/v/o, a
    two-matrix biased MLP and two biased LayerNorms, a final LayerNorm, and a projector from the
    merged vision width to the text width. A gated MLP (Qwen2.5-VL, InternViT variants) and a
    second projector matrix are the open choices.
    """
    r = ConfigReader(sub, "tower")
    h = _sub(r, "hidden_size", "embed_dim", "width", "vt_hidden_size", "d_model") or 1024
    layers = (
        _sub(
            r, "num_hidden_layers", "depth", "num_layers", "vt_num_hidden_layers", "encoder_layers"
        )
        or 24
    )
    ratio = sub.get("mlp_ratio")
    ff = _sub(r, "intermediate_size", "vt_intermediate_size", "encoder_ffn_dim")
    if ff is None:
        wide = int(h * ratio) if isinstance(ratio, int | float) and 0 < ratio < 1e6 else 4 * h
        ff = r.check_int("mlp_ratio", max(wide, 1), 1, "intermediate_size")
    channels = _sub(r, "num_channels", "in_channels", "in_chans") or 3
    patch = _sub(r, "patch_size", "spatial_patch_size") or 14
    temporal = _sub(r, "temporal_patch_size") or 1
    image = _sub(r, "image_size")
    positions = _sub(r, "num_position_embeddings", "num_patches")
    if positions is None and image:
        positions = (image // patch) ** 2
    positions = positions or 0
    top_r = ConfigReader(top, "tower")
    merge = _sub(r, "spatial_merge_size") or _first(top_r, ("downsample_factor",)) or 1
    ratio_down = top.get("downsample_ratio")
    if isinstance(ratio_down, int | float) and 1e-3 < ratio_down <= 1:
        merge = max(merge, round(1 / ratio_down))  # InternVL's pixel shuffle: 0.5
    merged = h * merge * merge
    out = _sub(r, "out_hidden_size", "output_dim") or text_hidden
    embeddings = channels * temporal * patch * patch * h + h + positions * h
    per_layer = 4 * (h * h + h) + (h * ff + ff) + (ff * h + h) + 4 * h
    projector = merged * out + out
    params = embeddings + layers * per_layer + 2 * h + projector
    # The other choices: a gated MLP (one more h × ff matrix per layer) and a projector with a
    # hidden layer (merged × merged more); a projector without the merge (fewer parameters).
    up = layers * h * ff + merged * merged + 2 * merged
    down = projector - h * out
    return Tower(params, max(down, 0), up)
