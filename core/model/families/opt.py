"""OPT (``modeling_opt.py``): biases everywhere, LayerNorms, ReLU MLP, learned positions."""

from __future__ import annotations

from core.base.errors import ModelSourceError
from core.model.architecture import CacheGroup
from core.model.families.build import Build, Counted, dropout_of
from core.model.families.reader import ConfigReader
from core.texts.messages import Message


def count_opt(r: ConfigReader) -> Counted:
    """OPT, weight by weight."""
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
        raise ModelSourceError(Message("error.config_head_dim", hidden=h, heads=heads))
    b = Build()
    layer = b.linear("self_attn.q_proj", h, h, layers)
    layer += b.linear("self_attn.k_proj", h, h, layers)
    layer += b.linear("self_attn.v_proj", h, h, layers)
    layer += b.linear("self_attn.out_proj", h, h, layers)
    layer += b.linear("fc1", h, ff, layers)
    layer += b.linear("fc2", ff, h, layers)
    layer //= layers
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
    d = h // heads
    return Counted(
        build=b,
        embedding=embedding,
        lm_head=0 if tie else vocab * proj,
        largest_layer=layer,
        intermediate_size=ff,
        head_dim=d,
        kv_heads=heads,
        attention="mha",
        mlp_gated=False,
        norm_upcast=False,  # nn.LayerNorm keeps its input in the compute dtype
        dropout=dropout_of(r.config, 0.1),
        cache=(CacheGroup("full", layers, heads, d, d),),
        layers=layers,
        hidden=h,
        heads=heads,
        vocab=vocab,
    )
