"""Capacity formulas pinned by worked examples computed by hand, each citing its source."""

from __future__ import annotations

import dataclasses

import pytest

from core.capacity.activations import (
    layer_shape,
    training_activations,
    training_layer_activations,
)
from core.capacity.kv_cache import kv_bytes_per_token, kv_cache_per_gpu
from core.capacity.training import model_states
from core.capacity.weights import nf4_weight_memory, weight_memory
from core.model.architecture import LinearGroup, ModelArchitecture
from tests.arch_factory import gpt_like

# Llama-2-7B (Touvron et al. 2023; HF config): V 32000, h 4096, 32 layers, 32 heads, ff 11008,
# untied LM head, SwiGLU, RMSNorm ×2 per layer plus the final one.
LLAMA2_7B = gpt_like(
    layers=32, hidden=4096, heads=32, vocab=32000, ff=11008, gated=True, dropout=False, tied=False
)


def test_llama2_7b_parameter_count_matches_the_published_figure():
    # 2·32000·4096 = 262,144,000 (embeddings + head)
    # per layer 4·4096² = 67,108,864 + 3·4096·11008 = 135,266,304 + 2·4096 = 202,383,360
    # 32 layers = 6,476,267,520; + final norm 4096 → 6,738,415,616 (HF model card: 6.74B)
    assert LLAMA2_7B.params_total == 6_738_415_616


def test_opt_13b_kv_cache_is_800_kb_per_token():
    # vLLM paper (Kwon et al. 2023), section 3: OPT-13B needs 800 KB per token in fp16:
    # 2 (K, V) × 5120 hidden × 40 layers × 2 bytes = 819,200 bytes
    opt = gpt_like(layers=40, hidden=5120, heads=40, vocab=50272)
    assert kv_bytes_per_token(opt, "fp16") == 819_200
    assert kv_bytes_per_token(opt, "fp8") == 409_600


def test_gqa_kv_uses_kv_heads_not_attention_heads():
    # Llama-3.1-70B: 80 layers, 8 KV heads of 128: 2·80·8·128·2 = 327,680 bytes per token
    llama70 = gpt_like(layers=80, hidden=8192, heads=64, kv_heads=8, vocab=128256, gated=True)
    assert kv_bytes_per_token(llama70, "bf16") == 327_680
    # 8192 tokens × 4 sequences on one GPU: 327,680 · 8192 · 4
    assert kv_cache_per_gpu(llama70, "bf16", 8192, 4) == 327_680 * 8192 * 4
    # TP 4 splits the 8 heads 2 per GPU; TP 16 replicates: one head per GPU, not half
    assert kv_cache_per_gpu(llama70, "bf16", 8192, 1, tp=4) == 327_680 * 8192 // 4
    assert kv_cache_per_gpu(llama70, "bf16", 8192, 1, tp=16) == 327_680 * 8192 // 8


def test_explicit_head_dim_is_used():
    # Gemma-2-9B: 42 layers, 8 KV heads, head_dim 256 (not 3584 / 16 = 224):
    # 2·42·8·256·2 = 344,064 bytes per token
    gemma = gpt_like(layers=42, hidden=3584, heads=16, kv_heads=8, head_dim=256, vocab=256000)
    assert kv_bytes_per_token(gemma, "bf16") == 344_064


def test_mla_latent_cache_for_deepseek_v3():
    # DeepSeek-V3: 61 layers × (kv_lora_rank 512 + qk_rope_head_dim 64) × 2 bytes = 70,272 per
    # token, no factor 2, replicated on every tensor-parallel rank. The config's 128 KV heads of
    # 128+64 would give 2·61·128·192·2 = 5,996,544 — wrong by far.
    base = gpt_like(layers=61, hidden=7168, heads=128, vocab=129280)
    mla = dataclasses.replace(base, attention="mla", kv_lora_rank=512, qk_rope_head_dim=64)
    assert kv_bytes_per_token(mla, "bf16") == 70_272
    assert kv_cache_per_gpu(mla, "bf16", 1024, 1, tp=8) == 70_272 * 1024


def test_sliding_window_layers_cap_the_cache():
    # Every other layer of a 2-layer model keeps at most 4096 tokens: at 8192 tokens the cache is
    # (8192 + 4096) tokens·layers × 2 × 1 head × 64 × 2 bytes
    base = gpt_like(layers=2, hidden=64, heads=1, vocab=10)
    windowed = dataclasses.replace(base, sliding_window=4096, sliding_window_layers=1)
    assert kv_cache_per_gpu(windowed, "bf16", 8192, 1) == (8192 + 4096) * 2 * 64 * 2


def test_kv_cache_rounds_up_to_whole_blocks():
    # vLLM allocates 16-token blocks: 17 tokens occupy 32
    opt = gpt_like(layers=40, hidden=5120, heads=40, vocab=50272)
    assert kv_cache_per_gpu(opt, "fp16", 17, 1) == 819_200 * 32


def test_int4_weights_carry_group_metadata_and_keep_embeddings_16_bit():
    # Llama-2-7B linear weights: 6,476,267,520 − 32·8192 norms = 6,476,005,376
    linear = 6_476_005_376
    assert LLAMA2_7B.linear_params == linear
    wm = weight_memory(LLAMA2_7B, "int4", 128)
    # int4: linear / 2 = 3,238,002,688; embeddings + head 262,144,000 × 2 = 524,288,000;
    # norms 266,240 × 2 = 532,480
    assert wm.weights == 3_238_002_688 + 524_288_000 + 532_480
    # fp16 scale + fp16 zero per 128 weights = 32 bits per 128 weights: 6,476,005,376 / 128 · 4
    assert wm.quantization_metadata == 202_375_168
    # bf16: every parameter 2 bytes, no metadata
    assert weight_memory(LLAMA2_7B, "bf16", 128).weights == 2 * 6_738_415_616
    assert weight_memory(LLAMA2_7B, "bf16", 128).quantization_metadata == 0
    # a smaller group carries proportionally more metadata
    assert weight_memory(LLAMA2_7B, "int4", 64).quantization_metadata == 2 * 202_375_168


def test_qlora_nf4_double_quant_costs_0_127_bits_per_weight():
    # QLoRA paper section 3: 8/64 + 32/(64·256) = 0.127 bits of constants per weight
    wm = nf4_weight_memory(LLAMA2_7B)
    expected = 6_476_005_376 * (8 / 64 + 32 / (64 * 256)) / 8
    assert wm.quantization_metadata == pytest.approx(expected, abs=1)


def test_korthikanti_activations_per_layer_for_a_gpt_layer():
    # Korthikanti et al. 2022, eq. 1: s·b·h·(34 + 5·a·s/h); GPT-3 175B: s 2048, b 1, h 12288, a 96
    gpt3 = gpt_like(layers=96, hidden=12288, heads=96, vocab=51200)
    layer = training_layer_activations(layer_shape(gpt3), 2048, 1)
    s, b, h, a = 2048, 1, 12288, 96
    assert layer.per_gpu(1, flash_attention=False) == s * b * h * (34 + 5 * a * s // h)
    # eq. 2, tensor parallel t = 8: s·b·h·(10 + 24/t + 5·a·s/(h·t))
    assert layer.per_gpu(8, flash_attention=False) == s * b * h * (10 + 3) + 5 * a * s * s * b // 8
    # flash attention removes the 5·a·s²·b scores term
    assert layer.per_gpu(1, flash_attention=True) == 34 * s * b * h


def test_activation_checkpointing_keeps_layer_inputs_plus_one_layer():
    gpt3 = gpt_like(layers=96, hidden=12288, heads=96, vocab=51200)
    s, b, h = 2048, 1, 12288
    logits = 12 * b * s * 51200
    full = training_activations(gpt3, s, b, flash_attention=True, checkpointing=False)
    ckpt = training_activations(gpt3, s, b, flash_attention=True, checkpointing=True)
    assert full == 96 * 34 * s * b * h + logits
    # Korthikanti section 4.3: 2·s·b·h per layer, plus one layer rebuilt during backward; the
    # logits are freed by the loss's backward before that layer is rebuilt
    assert ckpt == 96 * 2 * s * b * h + max(34 * s * b * h, logits)
    big_vocab = gpt_like(layers=96, hidden=12288, heads=96, vocab=256_000)
    ckpt_big_vocab = training_activations(big_vocab, s, b, flash_attention=True, checkpointing=True)
    assert ckpt_big_vocab == 96 * 2 * s * b * h + 12 * b * s * 256_000


def _flat(params: int, hidden: int = 4096) -> ModelArchitecture:
    """A model of exactly ``params`` parameters, all in block linear layers."""
    return ModelArchitecture(
        id="flat",
        name="flat",
        model_type="custom",
        source="custom",
        layers=1,
        hidden_size=hidden,
        attention_heads=32,
        kv_heads=32,
        head_dim=hidden // 32,
        intermediate_size=4 * hidden,
        vocab_size=1,
        embedding_params=0,
        lm_head_params=0,
        linear_groups=(LinearGroup("blocks", 1000, params // 1000, 1, 1),),
        other_params=0,
        other_active_params=0,
    )


def _states(arch: ModelArchitecture, strategy: str, gpus: int, sharding: str = "full"):
    return model_states(
        arch,
        method="full",
        optimizer="adamw",
        mixed_precision="bf16",
        lora_rank=16,
        lora_targets="all_linear",
        strategy=strategy,
        fsdp_sharding=sharding,
        gpus=gpus,
        gpus_per_node=8,
        tp=1,
    )


def test_zero_paper_7_5b_model_on_64_gpus():
    # ZeRO paper (Rajbhandari et al. 2020), figure 1: Ψ = 7.5B, N = 64, K = 12.
    arch = _flat(7_500_000_000)
    ddp = _states(arch, "ddp", 64)
    # baseline data parallelism: (2 + 2 + K)·Ψ = 16 · 7.5B = 120 GB on every GPU
    assert ddp.weights + ddp.gradients + ddp.optimizer_states == 120_000_000_000
    full = _states(arch, "fsdp", 64)
    sharded = full.weights + full.gradients + full.optimizer_states - full.gathered_bytes
    # P_os+g+p: 16Ψ / N = 120 GB / 64 = 1.875 GB ("1.9 GB")
    assert sharded == 1_875_000_000
    # stage 2 (SHARD_GRAD_OP): 2Ψ + 14Ψ/N = 15 GB + 1.640625 GB = 16.640625 GB (paper: 16.6 GB)
    grad_op = _states(arch, "fsdp", 64, "grad_op")
    assert grad_op.weights + grad_op.gradients + grad_op.optimizer_states == 16_640_625_000


def test_fsdp_full_shard_adds_the_gathered_unit():
    # DeepSpeed estimate_zero3_model_states_mem_needs: 4 bytes × largest layer parameters
    full = _states(LLAMA2_7B, "fsdp", 8)
    # the largest unit here is the root: embeddings 131,072,000 + head 131,072,000 + norm 4096
    unit = 2 * 131_072_000 + 4096
    assert full.gathered_unit_params == unit
    assert full.gathered_bytes == 4 * unit


def test_hybrid_shards_within_a_node_only():
    arch = _flat(8_000_000_000)
    hybrid = _states(arch, "fsdp", 16, "hybrid")
    assert hybrid.shard_degree == 8
    assert hybrid.optimizer_states == 12 * 8_000_000_000 // 8
