"""Linear layers vLLM keeps whole on every tensor-parallel rank: DeepSeek's down-projections.

vLLM's DeepSeek-V2/V3 model fuses q_a_proj and kv_a_proj_with_mqa into one layer with
``disable_tp=True``; DeepSeek-V4's fuses wq_a and wkv the same way and keeps the compressors and
the indexer's wq_b and weights_proj whole too (sources in core.model.families.deepseek and
core.model.families.deepseek_v4). Written out by hand below from the published configs.
"""

from __future__ import annotations

import json
from pathlib import Path

from core.capacity.weights import layout_weight_memory, weight_memory
from core.model.model_config import architecture_from_config

CONFIGS = Path(__file__).parent / "fixtures" / "hf_configs"


def _arch(name: str):  # type: ignore[no-untyped-def]
    config = json.loads((CONFIGS / name / "config.json").read_text("utf-8"))
    return architecture_from_config(config, model_id=name, name=name, source="hf_config")


# DeepSeek-V3: 61 layers, hidden 7168, q_lora_rank 1536, kv_lora_rank 512 + rope 64.
V3_WHOLE = 61 * 7168 * (1536 + 576)


def test_deepseek_v3_keeps_q_a_and_kv_a_whole_on_every_rank() -> None:
    arch = _arch("deepseek-v3")
    whole = {g.name for g in arch.linear_groups if g.replicated}
    assert whole == {"self_attn.q_a_proj", "self_attn.kv_a_proj_with_mqa"}
    assert arch.replicated_linear_params == V3_WHOLE
    split = arch.params_total - arch.other_params - V3_WHOLE
    bf16 = weight_memory(arch, "bf16", 128, tp=8)
    assert bf16.weights == -(-2 * split // 8) + 2 * (arch.other_params + V3_WHOLE)
    assert weight_memory(arch, "bf16", 128, tp=1).weights == 2 * arch.params_total


def test_the_fp8_checkpoint_keeps_those_layers_and_their_block_scales_whole() -> None:
    arch = _arch("deepseek-v3")
    layout = arch.checkpoint
    assert layout is not None
    # E4M3 values, one byte a weight, and one fp32 scale per 128 x 128 block, on every rank.
    scales = 61 * 4 * (-(-1536 // 128) + -(-576 // 128)) * (7168 // 128)
    assert layout.replicated_metadata == scales
    bias = 4 * 256 * 58  # float32 e_score_correction_bias of the 58 MoE layers
    assert layout.replicated == 2 * arch.other_params + bias + V3_WHOLE
    one, eight = layout_weight_memory(layout, 1), layout_weight_memory(layout, 8)
    assert one.weights + one.quantization_metadata == layout.total_bytes == 673_150_611_808
    assert eight.quantization_metadata == -(-layout.split_metadata // 8) + scales


def test_deepseek_v4_keeps_its_fused_down_projections_compressors_and_indexer_whole() -> None:
    arch = _arch("deepseek-v4-flash")
    whole = {g.name for g in arch.linear_groups if g.replicated}
    assert whole == {
        "self_attn.q_a_proj",
        "self_attn.kv_proj",
        "compressor.kv_proj",
        "compressor.gate_proj",
        "indexer.kv_proj",
        "indexer.gate_proj",
        "indexer.q_b_proj",
        "indexer.weights_proj",
    }
    split = {g.name for g in arch.linear_groups if not g.replicated}
    assert {"self_attn.q_b_proj", "self_attn.o_a_proj", "self_attn.o_b_proj"} <= split


def test_families_without_replicated_layers_split_every_linear_layer() -> None:
    arch = _arch("llama-3.1-8b")
    assert arch.replicated_linear_params == 0
    one, eight = weight_memory(arch, "bf16", 128, 1), weight_memory(arch, "bf16", 128, 8)
    assert eight.weights == -(-(one.weights - 2 * arch.other_params) // 8) + 2 * arch.other_params
