"""Zamba2 (``modeling_zamba2.py``): Mamba-2 layers, some after a shared attention block.

Every layer is a Mamba-2 layer (an RMSNorm and the mixer of
:func:`~core.model.families.mixers.mamba2`, whose convolution always has a bias). A ``hybrid``
layer of ``layers_block_type`` first runs a shared transformer block and a linear map h → h of its
own. There are ``num_mem_blocks`` distinct blocks, used in turn by the hybrid layers (the k-th
hybrid layer uses block k mod ``num_mem_blocks``; the others are tied to them). A block: an RMSNorm
over the doubled width 2h (the hidden state concatenated with the embeddings), q/k/v from 2h with
heads of 2h / heads, o back to h, an RMSNorm and a gated MLP of ``intermediate_size``. Each
hybrid layer has its own low-rank adapter (rank ``adapter_rank``) on the MLP's gate/up
projection, and, with ``use_shared_attention_adapter``, on q, k and v, held in the block it
uses. Biases on the projections with ``add_bias_linear``.

Cache: keys and values in every hybrid layer (each its own, the block's weights being shared),
and a Mamba-2 state in every layer. transformers' ``Zamba2HybridDynamicCache`` and vLLM's
``Zamba2ForCausalLM`` (an attention cache per hybrid layer, a Mamba state per layer) agree.
Defaults: ``Zamba2Config``, whose ``__post_init__`` derives the attention and Mamba head widths
whatever the config says.
"""

from __future__ import annotations

from dataclasses import replace

from core.base.errors import ModelSourceError
from core.model.architecture import CacheGroup
from core.model.families import mixers
from core.model.families.build import Build, Counted, attention_kind, dropout_of, merge_cache
from core.model.families.common import kv_heads
from core.model.families.reader import ConfigReader
from core.texts.messages import Message

# Zamba2Config's layers_block_type when a config leaves it out (54 layers, Zamba2-2.7B's plan).
_DEFAULT_TYPES = (
    ["mamba"]
    + (["mamba"] * 5 + ["hybrid"]) * 7
    + ["mamba"] * 4
    + ["hybrid"]
    + ["mamba"] * 3
    + ["hybrid"]
    + ["mamba"] * 2
)
# The names transformers reads (remap_legacy_layer_types maps "mamba" to "linear_attention").
_TYPES = frozenset({"mamba", "linear_attention", "hybrid"})


def count_zamba2(r: ConfigReader) -> Counted:
    """Zamba2, weight by weight."""
    h = r.required("hidden_size")
    layers = r.required("num_hidden_layers")
    vocab = r.required("vocab_size")
    heads = r.required("num_attention_heads")
    kv = kv_heads(r, heads)
    types = r.str_list("layers_block_type", layers)
    if types is None:
        types = _DEFAULT_TYPES
        if layers != len(types):
            raise ModelSourceError(
                Message(
                    "error.config_list_length",
                    name="layers_block_type",
                    length=len(types),
                    layers=layers,
                )
            )
    if set(types) - _TYPES:
        raise ModelSourceError(Message("error.config_bad_list", name="layers_block_type"))
    hybrid = types.count("hybrid")
    ff = r.optional("intermediate_size") or 4 * h
    bias = r.flag("add_bias_linear", False)
    wide = 2 * h  # attention_hidden_size
    if wide % heads:
        raise ModelSourceError(Message("error.config_head_dim", hidden=wide, heads=heads))
    d = wide // heads  # attention_head_dim
    m_heads = r.integer("n_mamba_heads", 8)
    inner = int(r.number("mamba_expand", 2) * h)
    if inner % m_heads:
        raise ModelSourceError(Message("error.config_head_dim", hidden=inner, heads=m_heads))
    mamba = mixers.mamba2(
        h,
        heads=m_heads,
        head_dim=inner // m_heads,  # mamba_headdim
        d_state=r.integer("mamba_d_state", 64),
        groups=r.integer("mamba_ngroups", 1, quiet=True),
        kernel=r.integer("mamba_d_conv", 4, quiet=True),
        conv_bias=True,  # Zamba2MambaMixer builds its conv1d with a bias whatever use_conv_bias
        proj_bias=bias,
        inner=inner,
    )
    blocks = min(hybrid, r.integer("num_mem_blocks", 1))
    rank = r.integer("adapter_rank", 128, quiet=True)
    attn_adapters = r.flag("use_shared_attention_adapter", False)

    b = Build()
    mamba_layer = h + mamba.extra
    for name, i, o in mamba.matrices:
        mamba_layer += b.linear(name, i, o, layers)
    block = b.linear("self_attn.q_proj", wide, heads * d, blocks)
    block += b.linear("self_attn.k_proj", wide, kv * d, blocks)
    block += b.linear("self_attn.v_proj", wide, kv * d, blocks)
    block += b.linear("self_attn.o_proj", heads * d, h, blocks)
    block += b.linear("feed_forward.gate_up_proj", h, 2 * ff, blocks)
    block += b.linear("feed_forward.down_proj", ff, h, blocks)
    block_extra = wide + h + ((2 * ff + h) if bias else 0)  # two norms, MLP biases
    block = block // max(blocks, 1) + block_extra
    # One adapter per hybrid layer, in the block it uses.
    adapter = b.linear("feed_forward.gate_up_proj_adapter.0", h, rank, hybrid)
    adapter += b.linear("feed_forward.gate_up_proj_adapter.1", rank, 2 * ff, hybrid)
    if attn_adapters:
        for proj in ("q", "k", "v"):
            adapter += b.linear(f"self_attn.linear_{proj}_adapter.0", wide, rank, hybrid)
            adapter += b.linear(f"self_attn.linear_{proj}_adapter.1", rank, wide, hybrid)
    adapter //= max(hybrid, 1)
    b.linear("linear", h, h, hybrid)
    b.extra(layers * (h + mamba.extra) + blocks * block_extra + h)  # norms, Mamba vectors, final
    largest = mamba_layer + (h * h + block + adapter if hybrid else 0)
    cache = [CacheGroup("full", hybrid, kv, d, d)] if hybrid else []
    cache.append(replace(mamba.cache, layers=layers))
    return Counted(
        build=b,
        embedding=vocab * h,
        lm_head=0 if r.flag("tie_word_embeddings", True) else vocab * h,
        largest_layer=largest,
        intermediate_size=ff,
        head_dim=d,
        kv_heads=kv,
        attention=attention_kind(heads, kv),
        norms_per_layer=1,
        dropout=dropout_of(r.config, 0.0),
        cache=merge_cache(cache),
        layers=layers,
        hidden=h,
        heads=heads,
        vocab=vocab,
    )
