"""MTP layers of Nemotron-H (Nemotron 3) and MiMo-V2-Flash, counted as vLLM loads them.

Nemotron 3 Super's MTP layer is written out below module by module from vLLM's
``nemotron_h_mtp.py`` (``mtp_hybrid_override_pattern`` "*E": an attention decoder layer with
``enorm``, ``hnorm`` and ``eh_proj``, then a latent-MoE decoder layer with ``final_layernorm``),
MiMo-V2-Flash's from ``mimo_v2_mtp.py`` (one layer of the sliding-window attention and the dense
MLP), with the shapes their configs give, not from the planner's groups. Nemotron 3 Super is
checked against Hugging Face's safetensors totals of nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-
BF16 as quoted in a public model-catalog test: BF16 weights 123,611,012,096 of which MTP
2,942,324,736, and 123,611,033,088 with the float32 tensors. No published total of
MiMo-V2-Flash's FP8 checkpoint was found: its MTP layer is checked tensor by tensor only.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.capacity.kv_cache import cache_bytes_per_sequence, kv_bytes_per_token
from core.capacity.vllm_kv_layout import kv_layout
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.model.model_config import architecture_from_config
from core.model.mtp import with_mtp

CONFIGS = Path(__file__).parent / "fixtures" / "hf_configs"
SUPER = "nemotron-3-super-120b-a12b-fp8"


def _arch(name: str) -> Any:
    # json.loads, not the planner's loader: the Nemotron-H configs hold an Infinity.
    config = json.loads((CONFIGS / name / "config.json").read_text("utf-8"))
    return architecture_from_config(config, model_id=name, name=name, source="hf_config")


def _super_mtp() -> int:
    """``mtp.layers.0`` (attention) and ``mtp.layers.1`` (MoE) of Nemotron 3 Super."""
    h, heads, kv, d = 4096, 32, 2, 128
    experts, ff, latent, shared = 512, 2688, 1024, 5376
    attention = h * heads * d + 2 * h * kv * d + heads * d * h  # q, k, v, o (no biases)
    start = 2 * h + 2 * h * h  # enorm, hnorm, eh_proj
    moe = experts * h  # gate.weight (its float32 e_score_correction_bias is counted apart)
    moe += 2 * h * latent  # fc1_latent_proj, fc2_latent_proj
    moe += experts * 2 * latent * ff  # experts' up_proj and down_proj (relu², not gated)
    moe += 2 * h * shared  # shared_experts' up_proj and down_proj
    norms = 2 * h + h  # each decoder layer's norm; final_layernorm
    return attention + start + moe + norms


def _mimo_mtp() -> int:
    """``model.mtp.layers.0`` of MiMo-V2-Flash: sliding-window attention, dense MLP."""
    h, heads, kv, d, v, ff = 4096, 64, 8, 192, 128, 16384
    attention = h * heads * d + h * kv * d + h * kv * v + heads * v * h + heads  # and sinks
    mlp = 3 * h * ff  # gate_proj, up_proj, down_proj
    norms = 5 * h  # enorm, hnorm, input_layernorm, pre_mlp_layernorm, final_layernorm
    return attention + mlp + norms + 2 * h * h  # + eh_proj


def test_nemotron_3_super_mtp_layer_is_counted_module_by_module() -> None:
    arch = _arch(SUPER)
    assert arch.mtp is not None and arch.mtp.layers == 1
    assert arch.mtp.params == _super_mtp() == 2_942_324_736
    assert with_mtp(arch, 1).params_total - arch.params_total == arch.mtp.params
    notes = [n.params for n in arch.notes if getattr(n, "key", "") == "model_note.mtp_layers"]
    assert notes == [{"layers": 1, "params": 2_942_324_736}]


def test_nemotron_3_super_with_its_mtp_layer_matches_the_published_totals() -> None:
    arch = _arch(SUPER)
    assert arch.mtp is not None
    assert arch.params_total + arch.mtp.params == 123_611_012_096
    # Float32 e_score_correction_bias of the 40 MoE layers and the MTP layer's, 512 each.
    assert arch.params_total + arch.mtp.params + 41 * 512 == 123_611_033_088


@pytest.mark.parametrize("name", ["nemotron-3-nano-30b-a3b", "nemotron-h-56b"])
def test_nemotron_h_without_mtp_layers_says_none_are_counted(name: str) -> None:
    """No ``num_nextn_predict_layers``: vLLM builds no Nemotron-H draft and nothing is counted.

    vLLM has a draft for the family (Nemotron 3 Super's), so the finding is the general one
    (the model declares none), not the one for families without a draft.
    """
    arch = _arch(name)
    assert arch.mtp is None
    request = {"model": {"preset": "llama-3.1-8b"}, "gpu": "h200-141gb"}
    off = estimate(parse_request(request), model=arch)
    drafting = {"mtp_speculative_tokens": 2}
    on = estimate(parse_request({**request, "inference": drafting}), model=arch)
    assert on.model.params_total == arch.params_total and on.memory == off.memory
    finding = [f for f in on.findings if f.code == "mtp_not_counted"]
    assert len(finding) == 1 and not finding[0].variant


def test_nemotron_3_super_caches_one_more_attention_layer_and_more_states() -> None:
    """8 attention layers of 2 KV heads × 128 (K and V, bf16: 1,024 B a token), the MTP's a 9th.

    vLLM at TP 4, 65,536 tokens: one head a GPU, 512 B a token. A Mamba-2 state per GPU: 128 ×
    64 × 128 / 4 = 262,144 float32 (mamba_ssm_cache_dtype) = 1,048,576 B and (8,192 + 2 × 8 ×
    128) × 3 / 4 = 7,680 bf16 = 15,360 B of convolution, 1,063,936 B: blocks of 16 × ⌈1,063,936
    / 8,192⌉ = 2,080 tokens, pages of 1,064,960 B. Without MTP: 40 Mamba and 8 attention layers,
    groups of 8, five state groups and one full, 8 pages a block id; ⌈65,536 / 2,080⌉ = 32 + 5
    = 37 blocks a request. Drafting 2 tokens: 9 attention layers, groups of 9, still five state
    groups (⌈40 / 9⌉), 9 pages a block id; 32 + 5 × 3 = 47 blocks. 120 state layers in groups of
    9 (the layout before) would have made 14 state groups and 46 blocks.
    """
    arch = _arch(SUPER)
    served = with_mtp(arch, 2)
    assert kv_bytes_per_token(arch, "bf16") == 8 * 1024
    assert kv_bytes_per_token(served, "bf16") == 9 * 1024
    off = kv_layout(arch, "bf16", 4, 8192, 65_536)
    on = kv_layout(served, "bf16", 4, 8192, 65_536)
    assert off is not None and on is not None
    rules = [(g.rule, g.block_tokens, g.states) for g in off.groups]
    assert rules == [("state", 2080, 1)] * 5 + [("full", 2080, 1)]
    assert [(g.rule, g.states) for g in on.groups] == [("state", 3)] * 5 + [("full", 1)]
    assert (off.block_bytes, on.block_bytes) == (2080 * 512 * 8, 2080 * 512 * 9)
    assert (off.per_request(65_536), on.per_request(65_536)) == (32 + 5, 32 + 5 * 3)


def test_nemotron_3_super_drafting_is_counted_and_said() -> None:
    request = {
        "model": {"preset": "llama-3.1-8b"},  # replaced by the parsed config below
        "gpu": "h200-141gb",
        "parallelism": {"strategy": "tensor", "gpus": 4, "tensor_parallel": 4},
        "inference": {"context_tokens": 8192, "mtp_speculative_tokens": 2},
    }
    arch = _arch(SUPER)
    result = estimate(parse_request(request), model=arch)
    assert arch.mtp is not None
    assert result.model.params_total == arch.params_total + arch.mtp.params
    codes = [f.template_key for f in result.findings]
    assert "model_note.mtp_counted" in codes and "model_note.mtp_layers" not in codes
    assert not any(f.code == "mtp_not_counted" for f in result.findings)
    states = [f.params for f in result.findings if f.template_key == "model_note.mtp_states"]
    assert states == [{"states": 3}]


def test_mimo_v2_flash_mtp_layer_is_counted_tensor_by_tensor() -> None:
    """vLLM loads the first of the three MTP layers the checkpoint stores."""
    arch = _arch("mimo-v2-flash")
    assert arch.mtp is not None and arch.mtp.layers == 1
    assert arch.mtp.params == _mimo_mtp() == 329_273_408
    assert with_mtp(arch, 1).params_total - arch.params_total == arch.mtp.params
    keys = [getattr(n, "key", "") for n in arch.notes]
    assert "model_note.mtp_layers" not in keys
    notes = [n for n in arch.notes if getattr(n, "key", "") == "model_note.mtp_layers_first"]
    assert len(notes) == 1
    assert notes[0].params == {"layers": 3, "params": 3 * 329_273_408, "loaded": 329_273_408}
    served = [getattr(n, "key", "") for n in with_mtp(arch, 1).notes]
    assert "model_note.mtp_counted" in served and "model_note.mtp_layers_first" not in served


def test_mimo_v2_flash_fp8_checkpoint_grows_by_one_mtp_layer() -> None:
    """FP8 blocks of 128 × 128 with a float32 scale each, as the decoder's; eh_proj and norms bf16.

    vLLM builds eh_proj as a ReplicatedLinear without the quantization config, the attention
    and the MLP with it.
    """
    arch = _arch("mimo-v2-flash")
    assert arch.mtp is not None and arch.mtp.checkpoint is not None and arch.checkpoint

    def fp8(out: int, inp: int) -> int:
        return out * inp + 4 * -(-out // 128) * -(-inp // 128)

    attention = fp8(64 * 192, 4096) + fp8(8 * 192, 4096) + fp8(8 * 128, 4096)
    attention += fp8(4096, 64 * 128) + 2 * 64  # o_proj, sinks
    mlp = 2 * fp8(16384, 4096) + fp8(4096, 16384)
    rest = 2 * (2 * 4096 * 4096) + 2 * 5 * 4096  # eh_proj, norms
    added = arch.mtp.checkpoint.total_bytes - arch.checkpoint.total_bytes
    assert added == attention + mlp + rest == 362_920_576


def test_mimo_v2_flash_mtp_layer_caches_one_more_sliding_window() -> None:
    """8 KV heads of 192 (K) and 128 (V), bf16: 5,120 B a token, for 128 tokens."""
    arch = _arch("mimo-v2-flash")
    served = with_mtp(arch, 3)
    assert kv_bytes_per_token(served, "bf16") - kv_bytes_per_token(arch, "bf16") == 5120
    grown = cache_bytes_per_sequence(served, "bf16", 32_768) - cache_bytes_per_sequence(
        arch, "bf16", 32_768
    )
    assert grown == 5120 * 128
    # No recurrent state: drafting adds no state blocks, the layer joins the window groups.
    assert not any(getattr(n, "key", "") == "model_note.mtp_states" for n in served.notes)
