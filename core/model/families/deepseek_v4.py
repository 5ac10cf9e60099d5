"""DeepSeek-V4 (``modeling_deepseek_v4.py``, transformers 5.24): hybrid compressed attention.

Every layer is a routed MoE (hash-routed or learned router, same weights) with one shared expert,
wrapped in two manifold-constrained hyper-connections over ``hc_mult`` residual streams. Its
attention is one shared K=V head of ``head_dim`` values with a grouped low-rank output projection
and per-head sinks, of three kinds by ``layer_types`` (or the legacy per-layer
``compress_ratios`` 0 / 4 / 128):

- ``sliding_attention``: the sliding window of uncompressed K=V only;
- ``compressed_sparse_attention`` (CSA): the window plus one compressed entry per
  ``compress_rates`` (4) tokens from overlapping windows, and a lightning indexer with its own
  compressor of ``index_head_dim`` entries that picks ``index_topk`` of them;
- ``heavily_compressed_attention`` (HCA): the window plus one entry per 128 tokens.

The cache follows vLLM's DeepSeek-V4 support (vllm-project/vllm,
``vllm/model_executor/layers/deepseek_v4_attention.py`` and ``deepseek_compressor.py``):

- every layer keeps ``sliding_window`` tokens of one K=V vector in vLLM's fp8 sparse-MLA layout,
  whatever the cache dtype: the NoPE part in fp8, the RoPE part in bf16, one scale byte per 64
  NoPE values and one pad byte (584 bytes for head_dim 512, rope 64);
- compressed entries in the same 584-byte layout, one per ``ratio`` tokens; the indexer's
  entries as fp8 plus one fp32 scale per 128 values (132 bytes for 128 values);
- each compressor keeps a float32 state of ``2 · coff · head_dim`` values (kv and score) for the
  last ``coff · ratio`` tokens (``coff`` 2 for overlapping CSA windows, 1 for HCA): a fixed
  state per sequence.

transformers keeps these differently (bf16 K and V of ``window - 1`` tokens, bf16 entries, a
partial-window buffer and the overlap slice); ``tests/test_oracle_configs.py`` turns the
planner's figures into that layout to compare with the oracle.
"""

from __future__ import annotations

from dataclasses import replace

from core.base.errors import ModelSourceError
from core.model.architecture import CacheGroup, LinearGroup
from core.model.checkpoint_layout import StorageHints
from core.model.families.build import Build, Counted, dropout_of
from core.model.families.deepseek import indexer_key_bytes
from core.model.families.reader import ConfigReader
from core.model.mtp import MtpBlock
from core.texts.messages import Message

SLIDING, CSA, HCA = (
    "sliding_attention",
    "compressed_sparse_attention",
    "heavily_compressed_attention",
)
# DeepseekV4Config: the legacy per-layer compress_ratios values and the default compress_rates.
RATIO_TO_TYPE = {0: SLIDING, 4: CSA, 128: HCA}
DEFAULT_RATES = {CSA: 4, HCA: 128}


def entry_bytes(head_dim: int, rope: int) -> int:
    """Bytes vLLM keeps per K=V vector: fp8 NoPE, bf16 RoPE, a scale per 64 NoPE, one pad."""
    nope = head_dim - rope
    return nope + 2 * rope + nope // 64 + 1


def layer_types(r: ConfigReader, layers: int) -> list[str]:
    """Each layer's attention kind: ``layer_types``, else ``compress_ratios``, else the default."""
    types = r.str_list("layer_types", layers)
    if types is None:
        ratios = r.int_list("compress_ratios")
        if ratios is not None:
            if len(ratios) < layers or any(x not in RATIO_TO_TYPE for x in ratios):
                raise ModelSourceError(Message("error.config_bad_list", name="compress_ratios"))
            # Published configs list one more ratio for the multi-token-prediction layer.
            types = [RATIO_TO_TYPE[x] for x in ratios[:layers]]
        else:
            # DeepseekV4Config default: two HCA layers, then CSA and HCA alternating.
            types = [HCA] * min(layers, 2) + [
                CSA if i % 2 else HCA for i in range(max(layers - 2, 0))
            ]
    if any(t not in (SLIDING, CSA, HCA) for t in types):
        raise ModelSourceError(Message("error.config_bad_list", name="layer_types"))
    return types


def compress_rates(r: ConfigReader) -> dict[str, int]:
    """Tokens per compressed entry of CSA and HCA layers (``compress_rates`` or the defaults)."""
    rates = dict(DEFAULT_RATES)
    given = r.config.get("compress_rates")
    if given is not None:
        if not isinstance(given, dict):
            raise ModelSourceError(Message("error.config_bad_list", name="compress_rates"))
        for kind in rates:
            if kind in given:
                rates[kind] = r.check_int("compress_rates", given[kind], 1)
    return rates


def count_deepseek_v4(r: ConfigReader) -> Counted:
    """DeepSeek-V4, weight by weight (defaults: DeepseekV4Config, the V4-Flash shape)."""
    h = r.required("hidden_size")
    layers = r.required("num_hidden_layers")
    heads = r.required("num_attention_heads")
    vocab = r.required("vocab_size")
    hd = r.integer("head_dim", 512)
    q_lora = r.integer("q_lora_rank", 1024)
    o_groups = r.integer("o_groups", 8)
    o_lora = r.integer("o_lora_rank", 1024)
    index_heads = r.integer("index_n_heads", 64)
    index_dim = r.integer("index_head_dim", 128)
    window = r.integer("sliding_window", 128)
    hc = r.integer("hc_mult", 4)
    # The shared expert is one MLP of moe_intermediate_size (n_shared_experts is not read).
    ff = r.integer("moe_intermediate_size", 2048)
    experts = r.integer("n_routed_experts", 256)
    top_k = r.integer("num_experts_per_tok", 6)
    # RoPE width: qk_rope_head_dim, else head_dim × partial_rotary_factor (default 64 / 512).
    factor = r.number("partial_rotary_factor", 64 / 512)
    rope = r.integer("qk_rope_head_dim", int(hd * factor), quiet=True)
    if top_k > experts:
        raise ModelSourceError(
            Message("error.config_top_k", name="num_experts_per_tok", top_k=top_k, experts=experts)
        )
    rope = min(rope, hd)
    types = layer_types(r, layers)
    rates = compress_rates(r)
    n_csa, n_hca = types.count(CSA), types.count(HCA)
    b = Build()
    # Attention of every layer: q_a (+ q_a_norm), q_b, kv_proj (+ kv_norm), grouped o_a, o_b,
    # and one sink per head. Under tensor parallelism vLLM keeps q_a and kv_proj whole on every
    # rank (vllm/model_executor/models/deepseek_v4.py at 023da1fc: fused_wqa_wkv with
    # disable_tp=True), as it keeps the compressors (deepseek_compressor.py: fused_wkv_wgate,
    # disable_tp=True) and the indexer's wq_b and weights_proj (deepseek_v4_attention.py:
    # ReplicatedLinear); wq_b and wo_a are column-split, wo_b row-split.
    attn = b.linear("self_attn.q_a_proj", h, q_lora, layers, replicated=True)
    attn += b.linear("self_attn.q_b_proj", q_lora, heads * hd, layers)
    attn += b.linear("self_attn.kv_proj", h, hd, layers, replicated=True)
    attn += b.linear("self_attn.o_a_proj", heads * hd // o_groups, o_groups * o_lora, layers)
    attn += b.linear("self_attn.o_b_proj", o_groups * o_lora, h, layers)
    attn_other = heads + q_lora + hd
    # Compressors: kv_proj and gate_proj to coff · head_dim, a (ratio × coff · head_dim)
    # position bias and a norm; CSA's overlapping windows double the width (coff 2).
    csa = b.linear("compressor.kv_proj", h, 2 * hd, n_csa, replicated=True)
    csa += b.linear("compressor.gate_proj", h, 2 * hd, n_csa, replicated=True)
    csa_other = rates[CSA] * 2 * hd + hd
    hca = b.linear("compressor.kv_proj", h, hd, n_hca, replicated=True)
    hca += b.linear("compressor.gate_proj", h, hd, n_hca, replicated=True)
    hca_other = rates[HCA] * hd + hd
    # CSA's lightning indexer: its own overlapping compressor at index_head_dim, q_b from the
    # query latent and the per-head score weights.
    csa += b.linear("indexer.kv_proj", h, 2 * index_dim, n_csa, replicated=True)
    csa += b.linear("indexer.gate_proj", h, 2 * index_dim, n_csa, replicated=True)
    csa += b.linear("indexer.q_b_proj", q_lora, index_heads * index_dim, n_csa, replicated=True)
    csa += b.linear("indexer.weights_proj", h, index_heads, n_csa, replicated=True)
    csa_other += rates[CSA] * 2 * index_dim + index_dim
    csa, hca = csa // max(n_csa, 1), hca // max(n_hca, 1)
    # Two hyper-connections per layer (fn, base, scale) and two RMSNorms.
    mix = (2 + hc) * hc
    hc_params = 2 * (mix * hc * h + mix + 3)
    norms = 2 * h
    b.extra(layers * (attn_other + hc_params + norms) + n_csa * csa_other + n_hca * hca_other)
    # Final norm and the hyper-connection head that merges the streams.
    b.extra(h + hc * hc * h + hc + 1)
    # MoE: router weight (E × h; hash layers add only a token → expert buffer), experts with
    # gate_up (2·ff × h) and down, one shared expert.
    b.linear("experts.gate_proj", h, ff, layers * experts, layers * top_k)
    b.linear("experts.up_proj", h, ff, layers * experts, layers * top_k)
    b.linear("experts.down_proj", ff, h, layers * experts, layers * top_k)
    for name in ("gate_proj", "up_proj"):
        b.linear(f"shared_experts.{name}", h, ff, layers)
    b.linear("shared_experts.down_proj", ff, h, layers)
    b.extra(layers * experts * h)
    attn //= layers
    base = attn + attn_other + hc_params + norms + experts * (3 * h * ff + h) + 3 * h * ff
    largest = base + max(csa + csa_other if n_csa else 0, hca + hca_other if n_hca else 0)
    nextn = r.integer("num_nextn_predict_layers", 0, minimum=0, quiet=True)
    mtp = None
    if nextn and _mtp_is_sliding(r, layers):
        head = hc * hc * h + hc + 1  # the MTP block's own hyper-connection head, float32
        mtp = _v4_mtp(
            b.groups,
            nextn,
            layers,
            h,
            other=attn_other + hc_params + norms + experts * h + 3 * h + head,
            fp32=heads + hc_params + head,
            cache=CacheGroup(
                "sliding", nextn, 1, window=window, token_bits=8 * entry_bytes(hd, rope)
            ),
            buffer_bytes=4 * experts * nextn,  # the learned router's float32 bias
        )
    hash_layers = min(r.integer("num_hash_layers", 0, minimum=0, quiet=True), layers)
    fp32 = layers * (heads + hc_params) + hc * hc * h + hc + 1
    fp32 += n_csa * rates[CSA] * 2 * (hd + index_dim) + n_hca * rates[HCA] * hd
    return Counted(
        build=b,
        embedding=vocab * h,
        lm_head=0 if r.flag("tie_word_embeddings", False) else vocab * h,
        largest_layer=largest,
        intermediate_size=ff,
        head_dim=hd,
        kv_heads=1,
        attention="mqa",
        dropout=dropout_of(r.config, 0.0),
        sliding_window=window,
        sliding_window_layers=layers,
        num_experts=experts,
        experts_per_token=top_k,
        shared_experts=1,
        cache=v4_cache(layers, n_csa, n_hca, rates, window, hd, rope, index_dim),
        layers=layers,
        hidden=h,
        heads=heads,
        vocab=vocab,
        storage=v4_storage(r, experts, top_k, vocab, layers, hash_layers, fp32),
        mtp=mtp,
    )


def _mtp_is_sliding(r: ConfigReader, layers: int) -> bool:
    """Whether the MTP layer is a sliding-window one, the only kind counted for it.

    Published configs give its compress ratio as the entry after the decoder's in
    ``compress_ratios`` (0 for V4-Flash); vLLM builds the MTP decoder layer with that entry.
    """
    ratios = r.int_list("compress_ratios")
    return ratios is not None and len(ratios) > layers and ratios[layers] == 0


def _v4_mtp(
    groups: tuple[LinearGroup, ...],
    nextn: int,
    layers: int,
    h: int,
    *,
    other: int,
    fp32: int,
    cache: CacheGroup,
    buffer_bytes: int,
) -> MtpBlock:
    """DeepSeek-V4's MTP blocks as vLLM loads them (``deepseek_v4_mtp.py``).

    Each block (DeepSeek ``inference/model.py`` MTPBlock, 6,610,048,635 parameters for
    V4-Flash): a sliding-window decoder layer (attention, routed and shared experts, two
    hyper-connections, learned router), ``e_proj`` and ``h_proj`` (h × h, fp8
    ``ReplicatedLinear``: whole on every rank), ``enorm``, ``hnorm``, the shared head's norm and
    a float32 hyper-connection head. Embedding and LM head are the model's, in the checkpoint
    and in vLLM. ``groups`` are the decoder's, one layer's share taken per MTP block.
    """
    out = [
        replace(g, count=g.count // layers * nextn, active_count=g.active_count // layers * nextn)
        for g in groups
        if g.name.split(".")[0] in ("self_attn", "experts", "shared_experts")
    ]
    out += [LinearGroup(f"mtp.{name}", h, h, nextn, nextn, True) for name in ("e_proj", "h_proj")]
    params = sum(g.params for g in out) + nextn * other
    return MtpBlock(
        layers=nextn,
        groups=tuple(out),
        other_params=nextn * other,
        other_active_params=nextn * other,
        cache=(cache,),
        params=params,
        stored_params=params,
        buffer_bytes=buffer_bytes,
        fp32_params=nextn * fp32,
    )


def v4_storage(
    r: ConfigReader, experts: int, top_k: int, vocab: int, layers: int, hash_layers: int, fp32: int
) -> StorageHints:
    """How the published DeepSeek-V4 checkpoint stores what ``quantization_config`` leaves out.

    DeepSeek's ``inference/model.py`` (deepseek-ai/DeepSeek-V4-Flash, revision 60d8d707):
    the compressors' ``wkv`` and ``wgate`` and the indexer's ``weights_proj`` are bf16 in the
    checkpoint; sinks, hyper-connection weights and the compressors' position biases ``ape``
    are float32. The routers keep a float32 score bias (``gate.bias``) in learned-routing
    layers and a token → experts table (``gate.tid2eid``, vocab × top-k) in the
    ``num_hash_layers`` hash-routed ones; vLLM loads both (``DeepseekV4ForCausalLM``'s weight
    mapper), transformers keeps them as buffers. The table is counted as the int32 that
    ``inference/model.py``'s ``Gate`` holds; the published safetensors store it as int64
    (``I64``), 4 bytes more per entry than counted here (``tests/test_mtp_families.py`` checks
    the published index's ``total_size`` with that difference). ``expert_dtype`` ``fp4``
    (vLLM's default when absent) stores the routed experts in MXFP4 and the FP8 block scales as
    one E8M0 byte (vLLM ``DeepseekV4FP8Config``); ``fp8`` keeps FP8 experts with float32 scales.
    """
    expert_dtype = r.config.get("expert_dtype", "fp4")
    fp4 = expert_dtype == "fp4"
    return StorageHints(
        plain_groups=frozenset(
            {
                "compressor.kv_proj",
                "compressor.gate_proj",
                "indexer.kv_proj",
                "indexer.gate_proj",
                "indexer.weights_proj",
            }
        ),
        fp32_params=fp32,
        buffer_bytes=4 * ((layers - hash_layers) * experts + hash_layers * vocab * top_k),
        unread=expert_dtype not in ("fp4", "fp8"),  # vLLM refuses any other
        experts_mxfp4=fp4,
        e8m0_scales=fp4,
    )


def v4_cache(
    layers: int,
    n_csa: int,
    n_hca: int,
    rates: dict[str, int],
    window: int,
    hd: int,
    rope: int,
    index_dim: int,
) -> tuple[CacheGroup, ...]:
    """The cache of one sequence as vLLM keeps it: windows, entries, compressor states."""
    entry = 8 * entry_bytes(hd, rope)
    index = 8 * indexer_key_bytes(index_dim)
    groups = [CacheGroup("sliding", layers, 1, window=window, token_bits=entry)]
    if n_csa:
        # One entry and one indexer key per rate tokens, as bits per token over all CSA layers
        # together (one group of 1: a single layer's share need not be a whole number of bits).
        bits = -(-n_csa * (entry + index) // rates[CSA])
        groups.append(CacheGroup("mla", 1, 1, token_bits=bits))
        # float32 kv + score state of the last 2 · rate tokens, main and indexer compressors.
        state = 2 * rates[CSA] * (2 * 2 * hd + 2 * 2 * index_dim)
        groups.append(CacheGroup("linear_state", n_csa, state_elements=state, state_bits=32))
    if n_hca:
        # 36.5 bits per token for one V4-Flash HCA layer: again all HCA layers together, rounded
        # up to a whole bit per token when their count is odd (exact for V4-Flash's 20).
        groups.append(CacheGroup("mla", 1, 1, token_bits=-(-n_hca * entry // rates[HCA])))
        state = rates[HCA] * 2 * hd
        groups.append(CacheGroup("linear_state", n_hca, state_elements=state, state_bits=32))
    return tuple(groups)
