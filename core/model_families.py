"""How each known family's modeling code builds a model, counted weight by weight from its config.

:mod:`core.model_config` reads a ``config.json`` and hands the fields to the counter of its family
here: :func:`count_llama_like` (Llama, Mistral, Mixtral, Qwen2, Gemma 2, Phi-3 and the generic
estimate), :func:`count_deepseek` (DeepSeek-V2/V3) and :func:`count_opt` (OPT). Each follows its
transformers modeling file (``modeling_llama.py``, ``modeling_mistral.py``,
``modeling_mixtral.py``, ``modeling_qwen2.py``, ``modeling_gemma2.py``, ``modeling_phi3.py``,
``modeling_deepseek_v3.py``, ``modeling_opt.py``); the defaults are those of the transformers
configuration classes. :class:`ConfigReader` validates every field it reads and records every
assumption as a note.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from core.architecture import AttentionKind, LinearGroup
from core.errors import ModelSourceError
from core.messages import Message

# Names other families use for the generic fields (GPT-2, GPT-J, T5-style configs).
_ALIASES = {
    "hidden_size": ("n_embd", "d_model"),
    "num_hidden_layers": ("n_layer", "num_layers"),
    "num_attention_heads": ("n_head", "num_heads"),
}


@dataclass(frozen=True)
class Style:
    """What a family's modeling file builds (defaults from its transformers config class)."""

    intermediate_default: int | None
    tie_default: bool
    qkv_bias: bool | None = None  # None: the config's ``attention_bias`` decides
    o_bias: bool | None = None
    reads_mlp_bias: bool = False  # Llama reads ``mlp_bias``
    norms_per_layer: int = 2
    fused: bool = False  # Phi-3 stores qkv_proj and gate_up_proj (same counts as split)
    moe: bool = False
    sliding: Literal["none", "all", "alternate", "after_max_window"] = "none"
    sliding_default: int | None = None
    head_dim_default: int | None = None


# Defaults are those of the transformers configuration classes (LlamaConfig, MistralConfig, ...).
STYLES: dict[str, Style] = {
    "llama": Style(11008, tie_default=False, reads_mlp_bias=True),
    "mistral": Style(
        14336, tie_default=False, qkv_bias=False, o_bias=False, sliding="all", sliding_default=4096
    ),
    "mixtral": Style(
        14336, tie_default=False, qkv_bias=False, o_bias=False, moe=True, sliding="all"
    ),
    # modeling_qwen2.py: q/k/v_proj bias=True, o_proj bias=False.
    "qwen2": Style(
        22016,
        tie_default=False,
        qkv_bias=True,
        o_bias=False,
        sliding="after_max_window",
        sliding_default=4096,
    ),
    # modeling_gemma2.py: input, post_attention, pre_feedforward and post_feedforward norms.
    "gemma2": Style(
        9216,
        tie_default=True,
        norms_per_layer=4,
        sliding="alternate",
        sliding_default=4096,
        head_dim_default=256,
    ),
    "phi3": Style(
        11008, tie_default=False, qkv_bias=False, o_bias=False, fused=True, sliding="all"
    ),
}
GENERIC = Style(None, tie_default=False, reads_mlp_bias=True)


class ConfigReader:
    """Reads config fields with validation; records every assumption as a note."""

    def __init__(self, config: dict[str, Any], family: str) -> None:
        self.config = config
        self.family = family
        self.notes: list[str] = []

    def _value(self, key: str, aliases: tuple[str, ...] = ()) -> tuple[str, Any]:
        for name in (key, *aliases):
            if self.config.get(name) is not None:
                return name, self.config[name]
        return key, None

    @staticmethod
    def _check_int(name: str, value: Any, minimum: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            key = "error.config_not_positive" if minimum >= 1 else "error.config_not_non_negative"
            raise ModelSourceError(Message(key, name=name, value=repr(value)))
        return value

    def required(self, key: str) -> int:
        """A field the count cannot do without."""
        name, value = self._value(key, _ALIASES.get(key, ()))
        if value is None:
            raise ModelSourceError(Message("error.config_key_missing", key=key))
        if name != key:
            self.notes.append(Message("model_note.alias", key=key, name=name))
        return self._check_int(name, value, 1)

    def integer(
        self, key: str, default: int | None, *, minimum: int = 1, quiet: bool = False
    ) -> int:
        """An integer field; when absent, the family default (noted unless ``quiet``)."""
        _, value = self._value(key)
        if value is None:
            if default is None:
                raise ModelSourceError(Message("error.config_key_missing", key=key))
            if not quiet:
                self.notes.append(
                    Message(
                        "model_note.family_default", key=key, family=self.family, default=default
                    )
                )
            return default
        return self._check_int(key, value, minimum)

    def optional(self, key: str) -> int | None:
        """An integer field that may be absent or null."""
        _, value = self._value(key)
        return None if value is None else self._check_int(key, value, 1)

    def flag(self, key: str, default: bool) -> bool:
        """A true/false field (absent means the family default)."""
        value = self.config.get(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise ModelSourceError(Message("error.config_not_bool", name=key, value=repr(value)))
        return value


@dataclass
class _Build:
    """Parameters gathered by category while a family is counted."""

    groups: list[LinearGroup] = field(default_factory=list)
    other: int = 0
    other_active: int = 0

    def linear(
        self, name: str, in_f: int, out_f: int, count: int, active: int | None = None
    ) -> int:
        """Add ``count`` matrices of ``in_f`` × ``out_f``; return one matrix's parameters."""
        if count > 0:
            self.groups.append(
                LinearGroup(name, in_f, out_f, count, count if active is None else active)
            )
        return in_f * out_f

    def extra(self, params: int, active: int | None = None) -> None:
        """Norms, biases and routers (kept in 16-bit under quantization)."""
        self.other += params
        self.other_active += params if active is None else active


@dataclass
class Counted:
    """One family's result, before it becomes a ModelArchitecture."""

    build: _Build
    embedding: int
    lm_head: int
    largest_layer: int
    intermediate_size: int
    head_dim: int
    kv_heads: int
    attention: AttentionKind
    norms_per_layer: int = 2
    mlp_gated: bool = True
    dropout: bool = False
    sliding_window: int | None = None
    sliding_window_layers: int = 0
    kv_lora_rank: int | None = None
    qk_rope_head_dim: int | None = None
    num_experts: int = 0
    experts_per_token: int = 0
    shared_experts: int = 0


def _attention_kind(heads: int, kv_heads: int) -> AttentionKind:
    if kv_heads == heads:
        return "mha"
    return "mqa" if kv_heads == 1 else "gqa"


def _kv_heads(r: ConfigReader, heads: int) -> int:
    # A config without num_key_value_heads is multi-head attention (LlamaConfig and others).
    kv = r.integer("num_key_value_heads", heads, quiet=True)
    if kv > heads or heads % kv:
        raise ModelSourceError(
            f"config.json field 'num_key_value_heads' ({kv}) must divide "
            f"'num_attention_heads' ({heads})"
        )
    return kv


def _head_dim(r: ConfigReader, hidden: int, heads: int, default: int | None) -> int:
    explicit = r.optional("head_dim")
    if explicit is not None:
        return explicit
    if default is not None:
        return default
    if hidden % heads:
        raise ModelSourceError(
            f"config.json has no 'head_dim' and 'hidden_size' ({hidden}) is not a multiple of "
            f"'num_attention_heads' ({heads})"
        )
    return hidden // heads


def _sliding(r: ConfigReader, style: Style, layers: int) -> tuple[int | None, int]:
    """Window size and how many layers use it, as the modeling code decides."""
    # Present but null means no window; absent means the config class default.
    has_key = "sliding_window" in r.config
    window = r.optional("sliding_window") if has_key else style.sliding_default
    layer_types = r.config.get("layer_types")
    if isinstance(layer_types, list) and window is not None:
        sliding = sum(1 for kind in layer_types if kind == "sliding_attention")
        return (window, sliding) if sliding else (None, 0)
    if window is None or style.sliding == "none":
        return None, 0
    if style.sliding == "alternate":
        # Gemma2Config.layer_types: layer i slides when (i + 1) % 2, i.e. every even index.
        return window, (layers + 1) // 2
    if style.sliding == "after_max_window":
        # Qwen2Config: the window is used only with use_sliding_window, from max_window_layers on.
        if not r.flag("use_sliding_window", False):
            return None, 0
        first = r.integer("max_window_layers", 28, minimum=0)
        return window, max(0, layers - first)
    return window, layers


def _dropout(config: dict[str, Any], default: float) -> bool:
    keys = ("dropout", "hidden_dropout", "resid_pdrop", "embd_pdrop", "attention_dropout")
    found = [config[k] for k in keys if isinstance(config.get(k), int | float)]
    return any(value > 0 for value in found) if found else default > 0


def count_llama_like(r: ConfigReader, style: Style) -> Counted:
    """Llama, Mistral, Mixtral, Qwen2, Gemma 2, Phi-3 and the generic estimate."""
    h = r.required("hidden_size")
    layers = r.required("num_hidden_layers")
    heads = r.required("num_attention_heads")
    vocab = r.required("vocab_size")
    kv = _kv_heads(r, heads)
    d = _head_dim(r, h, heads, style.head_dim_default)
    if style.intermediate_default is None and r.optional("intermediate_size") is None:
        ff = 4 * h  # Vaswani et al. 2017: d_ff = 4 · d_model
        r.notes.append(Message("model_note.ff_assumed", ff=ff))
    else:
        ff = r.integer("intermediate_size", style.intermediate_default)
    b = _Build()
    attention_bias = r.flag("attention_bias", False)
    qkv_bias = attention_bias if style.qkv_bias is None else style.qkv_bias
    o_bias = attention_bias if style.o_bias is None else style.o_bias
    q_out, kv_out = heads * d, kv * d

    # Attention (e.g. modeling_llama.py LlamaAttention): h·a·d + 2·h·kv·d + a·d·h.
    layer = 0
    if style.fused:
        layer += b.linear("self_attn.qkv_proj", h, q_out + 2 * kv_out, layers)
    else:
        layer += b.linear("self_attn.q_proj", h, q_out, layers)
        layer += b.linear("self_attn.k_proj", h, kv_out, layers)
        layer += b.linear("self_attn.v_proj", h, kv_out, layers)
    layer += b.linear("self_attn.o_proj", q_out, h, layers)
    biases = (q_out + 2 * kv_out if qkv_bias else 0) + (h if o_bias else 0)

    experts = top_k = 0
    if style.moe or r.config.get("num_local_experts") or r.config.get("num_experts"):
        # Mixtral (modeling_mixtral.py): E experts of gate/up/down h·ff, router h·E, top-k used.
        key = "num_local_experts" if "num_local_experts" in r.config else "num_experts"
        experts = r.integer(key, 8)
        top_k = r.integer("num_experts_per_tok", 2)
        if top_k > experts:
            raise ModelSourceError(
                f"config.json field 'num_experts_per_tok' ({top_k}) exceeds the {experts} experts"
            )
        expert_ff = r.optional("moe_intermediate_size") or ff
        count, active = layers * experts, layers * top_k
        per_expert = b.linear("experts.gate_proj", h, expert_ff, count, active)
        per_expert += b.linear("experts.up_proj", h, expert_ff, count, active)
        per_expert += b.linear("experts.down_proj", expert_ff, h, count, active)
        router = experts * h
        b.extra(layers * router)
        layer += experts * per_expert + router
        ff = expert_ff
    else:
        # Gated MLP 3·h·ff (modeling_llama.py LlamaMLP: gate_proj, up_proj, down_proj).
        if style.fused:
            layer += b.linear("mlp.gate_up_proj", h, 2 * ff, layers)
        else:
            layer += b.linear("mlp.gate_proj", h, ff, layers)
            layer += b.linear("mlp.up_proj", h, ff, layers)
        layer += b.linear("mlp.down_proj", ff, h, layers)
        if style.reads_mlp_bias and r.flag("mlp_bias", False):
            biases += 2 * ff + h
    norms = style.norms_per_layer * h  # RMSNorm: one weight vector of h each
    b.extra(layers * (biases + norms) + h)  # + final norm
    layer += biases + norms

    tie = r.flag("tie_word_embeddings", style.tie_default)
    if style is GENERIC and "tie_word_embeddings" not in r.config:
        r.notes.append(Message("model_note.untied_head"))
    window, window_layers = _sliding(r, style, layers)
    return Counted(
        build=b,
        # embed_tokens V·h; lm_head V·h unless tied (LlamaForCausalLM and its relatives).
        embedding=vocab * h,
        lm_head=0 if tie else vocab * h,
        largest_layer=layer,
        intermediate_size=ff,
        head_dim=d,
        kv_heads=kv,
        attention=_attention_kind(heads, kv),
        norms_per_layer=style.norms_per_layer,
        dropout=_dropout(r.config, 0.0),
        sliding_window=window,
        sliding_window_layers=window_layers,
        num_experts=experts,
        experts_per_token=top_k,
    )


def count_deepseek(r: ConfigReader, version: int) -> Counted:
    """DeepSeek-V2/V3: multi-head latent attention, shared + routed experts, dense first layers."""
    h = r.required("hidden_size")
    layers = r.required("num_hidden_layers")
    heads = r.required("num_attention_heads")
    vocab = r.required("vocab_size")
    kv = r.integer("num_key_value_heads", heads, quiet=True)
    # DeepseekV3Config defaults (V2 differs only where the published configs set the field).
    q_lora = (
        r.optional("q_lora_rank") if "q_lora_rank" in r.config else r.integer("q_lora_rank", 1536)
    )
    kv_lora = r.integer("kv_lora_rank", 512)
    nope = r.integer("qk_nope_head_dim", 128)
    rope = r.integer("qk_rope_head_dim", 64)
    v_dim = r.integer("v_head_dim", 128)
    ff = r.integer("intermediate_size", 18432)
    experts = r.integer("n_routed_experts", 256)
    shared = r.integer("n_shared_experts", 1, minimum=0)
    expert_ff = r.integer("moe_intermediate_size", 2048)
    top_k = r.integer("num_experts_per_tok", 8)
    first_dense = r.integer("first_k_dense_replace", 3, minimum=0)
    freq = r.integer("moe_layer_freq", 1, quiet=True)
    nextn = r.integer("num_nextn_predict_layers", 0, minimum=0, quiet=True)
    bias = r.flag("attention_bias", False)
    default_method = "noaux_tc" if version == 3 else "greedy"
    topk_method = r.config.get("topk_method") or default_method
    if top_k > experts:
        raise ModelSourceError(
            f"config.json field 'num_experts_per_tok' ({top_k}) exceeds the {experts} experts"
        )

    # modeling_deepseek_v3.py: DeepseekV2/V3 decoder layer i is MoE when i >= first_k_dense_replace
    # and i % moe_layer_freq == 0.
    moe_layers = sum(1 for i in range(layers) if i >= first_dense and i % freq == 0)
    dense_layers = layers - moe_layers
    b = _Build()
    qk_head = nope + rope
    # MLA attention (DeepseekV3Attention): q_a_proj, q_a_layernorm, q_b_proj, kv_a_proj_with_mqa,
    # kv_a_layernorm, kv_b_proj, o_proj. attention_bias applies to q_a, kv_a and o_proj.
    attn = 0
    attn_other = kv_lora + (h if bias else 0) + (kv_lora + rope if bias else 0)
    if q_lora:
        attn += b.linear("self_attn.q_a_proj", h, q_lora, layers)
        attn += b.linear("self_attn.q_b_proj", q_lora, heads * qk_head, layers)
        attn_other += q_lora + (q_lora if bias else 0)
    else:
        attn += b.linear("self_attn.q_proj", h, heads * qk_head, layers)
    attn += b.linear("self_attn.kv_a_proj_with_mqa", h, kv_lora + rope, layers)
    attn += b.linear("self_attn.kv_b_proj", kv_lora, heads * (nope + v_dim), layers)
    attn += b.linear("self_attn.o_proj", heads * v_dim, h, layers)
    norms = 2 * h
    b.extra(layers * (attn_other + norms) + h)  # + final norm

    dense_mlp = b.linear("dense_mlp.gate_proj", h, ff, dense_layers)
    dense_mlp += b.linear("dense_mlp.up_proj", h, ff, dense_layers)
    dense_mlp += b.linear("dense_mlp.down_proj", ff, h, dense_layers)

    count, active = moe_layers * experts, moe_layers * top_k
    per_expert = b.linear("experts.gate_proj", h, expert_ff, count, active)
    per_expert += b.linear("experts.up_proj", h, expert_ff, count, active)
    per_expert += b.linear("experts.down_proj", expert_ff, h, count, active)
    shared_ff = expert_ff * shared  # DeepseekV3MoE: one MLP of moe_intermediate_size × n_shared
    shared_mlp = b.linear("shared_experts.gate_proj", h, shared_ff, moe_layers if shared else 0)
    shared_mlp += b.linear("shared_experts.up_proj", h, shared_ff, moe_layers if shared else 0)
    shared_mlp += b.linear("shared_experts.down_proj", shared_ff, h, moe_layers if shared else 0)
    if not shared:
        shared_mlp = 0
    # DeepseekV3TopkRouter: weight E×h plus e_score_correction_bias (E) for topk_method noaux_tc.
    router = experts * h + (experts if topk_method == "noaux_tc" else 0)
    b.extra(moe_layers * router)

    base = attn + attn_other + norms
    moe_layer = base + experts * per_expert + shared_mlp + router
    largest = max(base + dense_mlp if dense_layers else 0, moe_layer if moe_layers else 0)
    if nextn:
        # Each MTP module (DeepSeek-V3 report §2.2): a MoE layer, enorm, hnorm, eh_proj (2h×h),
        # the shared head's norm, and its own copies of the embedding and output head.
        mtp = nextn * (moe_layer + 3 * h + 2 * h * h + 2 * vocab * h)
        r.notes.append(Message("model_note.mtp_layers", layers=nextn, params=mtp))
    return Counted(
        build=b,
        embedding=vocab * h,
        lm_head=0 if r.flag("tie_word_embeddings", False) else vocab * h,
        largest_layer=largest,
        intermediate_size=ff,
        head_dim=qk_head,
        kv_heads=kv,
        attention="mla",
        dropout=_dropout(r.config, 0.0),
        kv_lora_rank=kv_lora,
        qk_rope_head_dim=rope,
        num_experts=experts,
        experts_per_token=top_k,
        shared_experts=shared,
    )


def count_opt(r: ConfigReader) -> Counted:
    """OPT (modeling_opt.py): biases everywhere, LayerNorms, ReLU MLP, learned positions."""
    h = r.required("hidden_size")
    layers = r.required("num_hidden_layers")
    heads = r.required("num_attention_heads")
    vocab = r.required("vocab_size")
    ff = r.integer("ffn_dim", 3072)
    max_pos = r.integer("max_position_embeddings", 2048)
    proj = r.optional("word_embed_proj_dim") or h
    bias = r.flag("enable_bias", True)
    affine = r.flag("layer_norm_elementwise_affine", True)
    if h % heads:
        raise ModelSourceError(
            f"'hidden_size' ({h}) is not a multiple of 'num_attention_heads' ({heads})"
        )
    b = _Build()
    layer = b.linear("self_attn.q_proj", h, h, layers)
    layer += b.linear("self_attn.k_proj", h, h, layers)
    layer += b.linear("self_attn.v_proj", h, h, layers)
    layer += b.linear("self_attn.out_proj", h, h, layers)
    layer += b.linear("fc1", h, ff, layers)
    layer += b.linear("fc2", ff, h, layers)
    biases = (4 * h + ff + h) if bias else 0
    norms = 2 * (2 * h) if affine else 0  # self_attn_layer_norm and final_layer_norm, weight+bias
    layer += biases + norms
    final = 2 * h if affine else 0
    # OPTDecoder keeps a final LayerNorm only when do_layer_norm_before and not removed.
    if not r.flag("do_layer_norm_before", True) or r.flag("_remove_final_layer_norm", False):
        final = 0
    projections = 2 * proj * h if proj != h else 0  # project_in / project_out, no bias
    b.extra(layers * (biases + norms) + final + projections)
    # OPTLearnedPositionalEmbedding keeps 2 extra rows (offset 2): (max_position_embeddings + 2)·h.
    embedding = vocab * proj + (max_pos + 2) * h
    tie = r.flag("tie_word_embeddings", True)
    return Counted(
        build=b,
        embedding=embedding,
        lm_head=0 if tie else vocab * proj,
        largest_layer=layer,
        intermediate_size=ff,
        head_dim=h // heads,
        kv_heads=heads,
        attention="mha",
        mlp_gated=False,
        dropout=_dropout(r.config, 0.1),
    )
