"""DeepSeek-V2/V3 and Kimi K2 (``modeling_deepseek_v3.py``): MLA and shared + routed experts.

Dense first layers, then MoE layers; the cache is one MLA latent per token and layer.
"""

from __future__ import annotations

from dataclasses import replace

from core.base.errors import ModelSourceError
from core.model.architecture import CacheGroup, LinearGroup
from core.model.checkpoint_layout import StorageHints
from core.model.families.build import Build, Counted, dropout_of
from core.model.families.reader import ConfigReader
from core.model.mtp import MTP_EH_PROJ, MtpBlock
from core.texts.messages import Message

# vLLM caches the sparse-attention indexer's key as fp8 values plus one fp32 scale per this many
# values, in its own uint8 cache whatever --kv-cache-dtype says: Indexer.k_cache in
# vllm/model_executor/models/deepseek_v2.py (vllm-project/vllm 002d6073aa03), head_dim =
# index_head_dim + index_head_dim // quant_block_size * 4 bytes, quant_block_size = 128.
INDEXER_QUANT_BLOCK = 128


# The indexer's wk and weights_proj as vLLM holds them: 16-bit, unquantized. vLLM fuses them into
# one wk_weights_proj (MergedColumnParallelLinear, quant_config=None, disable_tp=True, in
# vllm/model_executor/models/deepseek_v2.py since vllm-project/vllm#38870) and upcasts the
# checkpoint's FP8 wk to bf16 while loading, so a served FP8 checkpoint holds more than it
# stores; weights_proj is bf16 in DeepSeek-V3.2's checkpoint already (its inference/model.py:
# "weights_proj in the checkpoint is stored in bf16").
INDEXER_16BIT = frozenset({"self_attn.indexer.wk", "self_attn.indexer.weights_proj"})


def indexer_key_bytes(index_dim: int) -> int:
    """Bytes vLLM keeps per token and layer for an indexer key of ``index_dim`` values."""
    return index_dim + index_dim // INDEXER_QUANT_BLOCK * 4


def count_deepseek(r: ConfigReader, version: int) -> Counted:
    """DeepSeek-V2/V3 (and the V3-shaped Kimi K2), weight by weight."""
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
    if top_k > experts:
        raise ModelSourceError(
            Message("error.config_top_k", name="num_experts_per_tok", top_k=top_k, experts=experts)
        )
    # Decoder layer i is MoE when i >= first_k_dense_replace and i % moe_layer_freq == 0.
    moe_layers = sum(1 for i in range(layers) if i >= first_dense and i % freq == 0)
    dense_layers = layers - moe_layers
    b = Build()
    qk_head = nope + rope
    # MLA attention: q_a_proj, q_a_layernorm, q_b_proj, kv_a_proj_with_mqa, kv_a_layernorm,
    # kv_b_proj, o_proj. attention_bias applies to q_a, kv_a and o_proj.
    attn_other = kv_lora + (h if bias else 0) + (kv_lora + rope if bias else 0)
    attn = 0
    # Under tensor parallelism vLLM keeps the down-projections whole on every rank
    # (vllm/model_executor/models/deepseek_v2.py at 002d6073: q_a_proj and kv_a_proj_with_mqa
    # fused into DeepSeekV2FusedQkvAProjLinear with disable_tp=True, or kv_a_proj_with_mqa a
    # ReplicatedLinear; the indexer's wq_b a ReplicatedLinear and wk with weights_proj fused
    # with disable_tp=True) and splits q_b_proj / q_proj, kv_b_proj and o_proj.
    if q_lora:
        attn += b.linear("self_attn.q_a_proj", h, q_lora, replicated=True) + b.linear(
            "self_attn.q_b_proj", q_lora, heads * qk_head
        )
        attn_other += q_lora + (q_lora if bias else 0)
    else:
        attn += b.linear("self_attn.q_proj", h, heads * qk_head)
    # DeepSeek-V3.2 / GLM-5 sparse attention: a lightning indexer per layer (wq_b from the
    # query latent, wk, a LayerNorm on its key, weights_proj) whose keys are cached too.
    index_heads = r.integer("index_n_heads", 0, minimum=0, quiet=True)
    index_dim = r.integer("index_head_dim", 128, quiet=True) if index_heads else 0
    if index_heads:
        wq_b = index_heads * index_dim
        attn += b.linear("self_attn.indexer.wq_b", q_lora or h, wq_b, replicated=True)
        attn += b.linear("self_attn.indexer.wk", h, index_dim, replicated=True)
        attn += b.linear("self_attn.indexer.weights_proj", h, index_heads, replicated=True)
        attn_other += 2 * index_dim
    attn += b.linear("self_attn.kv_a_proj_with_mqa", h, kv_lora + rope, replicated=True)
    attn += b.linear("self_attn.kv_b_proj", kv_lora, heads * (nope + v_dim))
    attn += b.linear("self_attn.o_proj", heads * v_dim, h)
    # The per-layer matrices above were added once; scale them to every layer.
    for slot in b.matrices.values():
        slot[0] = slot[1] = layers
    norms = 2 * h
    b.extra(layers * (attn_other + norms) + h)  # + final norm

    dense_mlp = b.linear("dense_mlp.gate_proj", h, ff, dense_layers)
    dense_mlp += b.linear("dense_mlp.up_proj", h, ff, dense_layers)
    dense_mlp += b.linear("dense_mlp.down_proj", ff, h, dense_layers)
    dense_mlp //= max(dense_layers, 1)
    count, active = moe_layers * experts, moe_layers * top_k
    per_expert = 3 * h * expert_ff
    b.linear("experts.gate_proj", h, expert_ff, count, active)
    b.linear("experts.up_proj", h, expert_ff, count, active)
    b.linear("experts.down_proj", expert_ff, h, count, active)
    shared_ff = expert_ff * shared  # DeepseekV3MoE: one MLP of moe_intermediate_size × n_shared
    shared_layers = moe_layers if shared else 0
    b.linear("shared_experts.gate_proj", h, shared_ff, shared_layers)
    b.linear("shared_experts.up_proj", h, shared_ff, shared_layers)
    b.linear("shared_experts.down_proj", shared_ff, h, shared_layers)
    shared_mlp = 3 * h * shared_ff if shared else 0
    # The router's weight E×h. Its e_score_correction_bias (E values, topk_method noaux_tc) is a
    # buffer in transformers, not a parameter, and is left out like the oracle leaves it out
    # (58 × 256 values for DeepSeek-V3, 2·10^-8 of the weights).
    router = experts * h
    b.extra(moe_layers * router)
    base = attn + attn_other + norms
    moe_layer = base + experts * per_expert + shared_mlp + router
    largest = max(base + dense_mlp if dense_layers else 0, moe_layer if moe_layers else 0)
    # noaux_tc routing keeps a float32 score-correction bias per expert, which transformers
    # holds as a buffer and vLLM loads as a parameter (DeepseekV2MoE e_score_correction_bias).
    noaux = r.config.get("topk_method") == "noaux_tc"
    storage = StorageHints(
        plain_groups=INDEXER_16BIT if index_heads else frozenset(),
        buffer_bytes=4 * experts * moe_layers if noaux else 0,
    )
    cache = CacheGroup(
        "mla", layers, 1, kv_lora + rope, 0, token_bits=8 * indexer_key_bytes(index_dim)
    )
    mtp_block = None
    if nextn:
        # Each MTP module (DeepSeek-V3 report §2.2): a MoE layer, enorm, hnorm, eh_proj (2h×h),
        # the shared head's norm, and its own copies of the embedding and output head, which
        # DeepSeek's checkpoints store and GLM-5's does not (vLLM-Ascend issue #6754: its
        # model.layers.78.shared_head.head and embed_tokens are missing from the checkpoint).
        # vLLM loads the layer, the three norms and eh_proj; embedding and head are shared.
        small = nextn * (attn_other + norms + router + 3 * h)
        loaded = nextn * (moe_layer + 3 * h + 2 * h * h)
        copies = 0 if r.family == "glm_moe_dsa" else nextn * 2 * vocab * h
        mtp_block = MtpBlock(
            layers=nextn,
            groups=_mtp_groups(b.groups, nextn, experts, top_k, h, moe_layers > 0),
            other_params=small,
            other_active_params=small,
            cache=(replace(cache, layers=nextn),),
            params=loaded,
            stored_params=loaded + copies,
            buffer_bytes=4 * experts * nextn if noaux else 0,
        )
    return Counted(
        build=b,
        embedding=vocab * h,
        lm_head=0 if r.flag("tie_word_embeddings", False) else vocab * h,
        largest_layer=largest,
        intermediate_size=ff,
        head_dim=qk_head,
        kv_heads=kv,
        attention="mla",
        dropout=dropout_of(r.config, 0.0),
        kv_lora_rank=kv_lora,
        qk_rope_head_dim=rope,
        num_experts=experts,
        experts_per_token=top_k,
        shared_experts=shared,
        # The indexer's key (index_head_dim per token) sits beside the latent, stored the way
        # vLLM stores it (fp8 plus scales, 132 bytes for 128 values); transformers keeps it in
        # the cache dtype instead.
        cache=(cache,),
        layers=layers,
        hidden=h,
        heads=heads,
        vocab=vocab,
        storage=storage,
        mtp=mtp_block,
    )


def _mtp_groups(
    groups: tuple[LinearGroup, ...], nextn: int, experts: int, top_k: int, h: int, moe: bool
) -> tuple[LinearGroup, ...]:
    """The matrices of ``nextn`` MTP layers: a MoE decoder layer each, and ``eh_proj``.

    ``eh_proj`` is an ``nn.Linear`` in vLLM's ``deepseek_mtp.py``: never quantized, and held
    whole on every tensor-parallel rank.
    """
    out = []
    for g in groups:
        head = g.name.partition(".")[0]
        if head == "self_attn":
            out.append(replace(g, count=nextn, active_count=nextn))
        elif head == "experts" and moe:
            out.append(replace(g, count=nextn * experts, active_count=nextn * top_k))
        elif head == "shared_experts" and moe:
            out.append(replace(g, count=nextn, active_count=nextn))
    out.append(LinearGroup(MTP_EH_PROJ, 2 * h, h, nextn, nextn, replicated=True))
    return tuple(out)
