"""The Gemma 3n text model (``modeling_gemma3n.py``, ``Gemma3nTextConfig``), weight by weight.

Gemma 4's ancestor, with parts of its own:

- ``intermediate_size`` is one width or one per layer; every MLP is gated (gate/up/down).
- Every attention has q_norm and k_norm of ``head_dim`` (v_norm has no weight) and four norms of
  h per layer; ``layer_types`` or, when absent, every fifth layer full and the others sliding.
- AltUp: per layer a correction scale of h, ``altup_num_inputs`` n coefficient matrices
  n × n and n × n², a router h × n and its norm of h; in the model n − 1 projections h × h in and
  n − 1 out.
- LAuReL: per layer a low-rank residual h × ``laurel_rank`` × h and its norm of h.
- Per-layer input embeddings (``hidden_size_per_layer_input`` p): a table of
  ``vocab_size_per_layer_input`` × layers·p, a projection h × layers·p and its norm of p, and in
  each layer a gate h × p, a projection p × h and a norm of h.
- The last ``num_kv_shared_layers`` layers reuse the keys and values of the last earlier layer
  of their kind (``Gemma3nTextConfig.kv_sharing_modes``): no k_proj, v_proj or k_norm, and no
  cache of their own. vLLM shares those layers' caches the same way
  (``kv_sharing_target_layer_name``), so only the earlier layers hold keys and values.

Buffers (scales, the activation-sparsity pattern) are not weights.
"""

from __future__ import annotations

from core.base.errors import ModelSourceError
from core.model.architecture import CacheGroup, CacheKind
from core.model.families.build import Build, Counted, attention_kind, dropout_of, merge_cache
from core.model.families.common import core, types_from
from core.model.families.reader import ConfigReader
from core.texts.messages import Message

# Gemma3nTextConfig: 4 sliding layers to 1 full when layer_types is absent.
PATTERN = 5


def _widths(r: ConfigReader, layers: int) -> list[int]:
    """Each layer's MLP width: one for all layers, or a list of one per layer."""
    if isinstance(r.config.get("intermediate_size"), list):
        listed = r.int_list("intermediate_size", layers) or []
        if any(w < 1 for w in listed):
            raise ModelSourceError(Message("error.config_bad_list", name="intermediate_size"))
        return listed
    return [r.integer("intermediate_size", 16_384)] * layers


def count_gemma3n(r: ConfigReader) -> Counted:
    """The Gemma 3n text model (Gemma3nTextConfig defaults for absent fields)."""
    c = core(r, head_default=256)
    h, layers, heads, d, kv = c.h, c.layers, c.heads, c.d, c.kv
    widths = _widths(r, layers)
    bias = r.flag("attention_bias", False)
    per_layer = r.integer("hidden_size_per_layer_input", 256)
    n = r.integer("altup_num_inputs", 4, quiet=True)
    rank = r.integer("laurel_rank", 64, quiet=True)
    shared = r.integer("num_kv_shared_layers", 15, minimum=0)
    if shared > layers:
        raise ModelSourceError(Message("error.config_bad_list", name="num_kv_shared_layers"))
    types = types_from(r, layers)
    slides = (
        [t == "sliding_attention" for t in types]
        if types is not None
        else [(i + 1) % PATTERN != 0 for i in range(layers)]
    )
    first_shared = layers - shared
    if shared and set(slides[first_shared:]) - set(slides[:first_shared]):
        # Gemma3nTextConfig refuses a shared layer kind that no earlier layer produces.
        raise ModelSourceError(Message("error.config_bad_list", name="num_kv_shared_layers"))
    window = r.integer("sliding_window", 512)

    b = Build()
    cache: list[CacheGroup] = []
    largest = 0
    for i in range(layers):
        size = b.linear("self_attn.q_proj", h, heads * d)
        size += b.linear("self_attn.o_proj", heads * d, h)
        other = d + 4 * h + (heads * d + h if bias else 0)  # q_norm, four norms, q/o biases
        if i < first_shared:
            size += b.linear("self_attn.k_proj", h, kv * d)
            size += b.linear("self_attn.v_proj", h, kv * d)
            other += d + (2 * kv * d if bias else 0)  # k_norm, k/v biases
            kind: CacheKind = "sliding" if slides[i] else "full"
            cache.append(CacheGroup(kind, 1, kv, d, d, window if slides[i] else None))
        ff = widths[i]
        size += b.linear("mlp.gate_proj", h, ff) + b.linear("mlp.up_proj", h, ff)
        size += b.linear("mlp.down_proj", ff, h)
        size += b.linear("laurel.linear_left", h, rank) + b.linear("laurel.linear_right", rank, h)
        size += b.linear("per_layer_input_gate", h, per_layer)
        size += b.linear("per_layer_projection", per_layer, h)
        size += b.linear("altup.modality_router", h, n)
        # AltUp's correction scale, coefficient matrices and router norm; LAuReL's norm; the
        # per-layer input's norm.
        other += h + n * n + n * n * n + h + h + h
        largest = max(largest, size + b.extra(other))
    b.linear("altup_projections", h, h, n - 1)
    b.linear("altup_unembed_projections", h, h, n - 1)
    b.linear("per_layer_model_projection", h, layers * per_layer)
    b.extra(h + per_layer)  # final norm, per-layer projection norm
    ple_vocab = r.integer("vocab_size_per_layer_input", 262_144, quiet=True)
    embedding = c.vocab * h + ple_vocab * layers * per_layer
    sliding_layers = sum(slides)
    return Counted(
        build=b,
        embedding=embedding,
        lm_head=0 if r.flag("tie_word_embeddings", True) else c.vocab * h,
        largest_layer=largest,
        intermediate_size=max(widths),
        head_dim=d,
        kv_heads=kv,
        attention=attention_kind(heads, kv),
        norms_per_layer=4,
        dropout=dropout_of(r.config, 0.0),
        sliding_window=window if sliding_layers else None,
        sliding_window_layers=sliding_layers,
        cache=merge_cache(cache),
        layers=layers,
        hidden=h,
        heads=heads,
        vocab=c.vocab,
    )
