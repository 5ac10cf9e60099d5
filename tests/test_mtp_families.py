"""MTP layers of GLM-4.5/5, Qwen3-Next, Qwen3.5 and DeepSeek-V4, counted as vLLM loads them.

Each family's MTP layer is written out below tensor by tensor from the names its published
checkpoint stores (the names vLLM's draft loaders read: ``model.layers.92.*`` in GLM-4.5,
``mtp.*`` in Qwen3-Next and Qwen3.5, ``mtp.0.*`` in DeepSeek-V4), with the shapes the config
gives, not from the planner's groups. DeepSeek-V4-Flash is checked against its published
``model.safetensors.index.json`` ``total_size``; GLM-4.5, GLM-5, Qwen3-Next and Qwen3.5 against
the parameter totals Hugging Face reads from their published safetensors (no copy of their
indexes was found), which the model and its MTP layer make up exactly.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from core.capacity.kv_cache import kv_bytes_per_token, state_bytes_per_sequence
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.model.model_config import architecture_from_config
from core.model.mtp import with_mtp
from tests.cli_helpers import run_cli
from tests.test_checkpoint_layout import _v4_flash_tensor_bytes

CONFIGS = Path(__file__).parent / "fixtures" / "hf_configs"


def _config(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((CONFIGS / name / "config.json").read_text("utf-8"))
    return data


def _arch(name: str):  # type: ignore[no-untyped-def]
    return architecture_from_config(_config(name), model_id=name, name=name, source="hf_config")


def _glm45_mtp() -> int:
    """GLM-4.5's layer 92 as vLLM's glm4_moe_mtp.py loads it (its own embedding and head
    copies are dropped for the target's)."""
    h, heads, kv, d, experts, ff = 5120, 96, 8, 128, 160, 1536
    attn = h * heads * d + heads * d  # q_proj and its bias
    attn += 2 * (h * kv * d + kv * d)  # k_proj, v_proj and their biases
    attn += heads * d * h + 2 * d  # o_proj, q_norm, k_norm
    mlp = experts * h  # mlp.gate.weight (its e_score_correction_bias is a buffer)
    mlp += (experts + 1) * 3 * h * ff  # mlp.experts.{0..159} and mlp.shared_experts
    norms = 2 * h + 3 * h  # input / post-attention norms; enorm, hnorm, shared_head.norm
    return attn + mlp + norms + 2 * h * h  # + eh_proj


def _qwen_mtp(h: int, heads: int, kv: int, ffn: int) -> int:
    """A Qwen3-Next / Qwen3.5 ``mtp.*`` block but its feed-forward ``ffn``: ``fc``,
    ``norm``, ``pre_fc_norm_hidden``, ``pre_fc_norm_embedding`` and ``layers.0``'s
    ``input_layernorm``, ``post_attention_layernorm``, gated ``q_proj`` (2 × heads × 256),
    ``k_proj``, ``v_proj``, ``o_proj``, ``q_norm``, ``k_norm``."""
    d = 256
    attn = h * 2 * heads * d + 2 * h * kv * d + heads * d * h + 2 * d
    return 2 * h * h + 3 * h + 2 * h + attn + ffn


def _qwen_moe(h: int, experts: int, ff: int) -> int:
    """``mlp.gate``, the experts (gate, up, down), the shared expert and its gate."""
    return experts * h + experts * 3 * h * ff + 3 * h * ff + h


QWEN3_NEXT = _qwen_mtp(2048, 16, 2, _qwen_moe(2048, 512, 512))
QWEN35_27B = _qwen_mtp(5120, 24, 4, 3 * 5120 * 17408)  # dense mlp gate, up, down
QWEN35_35B = _qwen_mtp(2048, 16, 2, _qwen_moe(2048, 256, 512))


@pytest.mark.parametrize(
    ("name", "params", "exact"),
    [
        ("glm-4.5", _glm45_mtp(), 3_988_069_632),
        ("qwen3-next-80b-a3b-thinking", QWEN3_NEXT, 1_650_471_424),
        ("qwen3.5-27b", QWEN35_27B, 424_699_392),
        ("qwen3.5-35b-a3b", QWEN35_35B, 844_640_768),
    ],
)
def test_the_mtp_layer_vllm_loads_is_counted_tensor_by_tensor(
    name: str, params: int, exact: int
) -> None:
    arch = _arch(name)
    assert arch.mtp is not None and arch.mtp.layers == 1
    assert arch.mtp.params == params == exact
    assert with_mtp(arch, 1).params_total - arch.params_total == params
    notes = [n for n in arch.notes if getattr(n, "key", "") == "model_note.mtp_layers"]
    assert len(notes) == 1 and notes[0].params == {"layers": 1, "params": params}
    assert not any(getattr(n, "key", "") == "model_note.mtp_declared" for n in arch.notes)


@pytest.mark.parametrize(
    ("name", "extra", "published"),
    [
        # Hugging Face's safetensors parameter totals of the published checkpoints (every
        # tensor of model.safetensors.index.json; all bf16 but GLM's float32
        # e_score_correction_bias, one per expert of each MoE layer, GLM-4.5's 89 and the MTP
        # layer, a buffer beside the parameters). zai-org/GLM-4.5 keeps its MTP layer's own
        # embedding and head
        # (151,552 × 5,120 each); zai-org/GLM-4.6, of the same config shape, does not
        # (vllm-project/vllm#27597): 356,785,898,816.
        ("glm-4.5", 90 * 160 + 2 * 151_552 * 5_120, 358_337_791_296),
        # zai-org/GLM-5: float32 router biases of 75 + 1 MoE layers, no embedding or head copy.
        ("glm-5", 76 * 256, 753_864_139_008),
        ("qwen3-next-80b-a3b-thinking", 0, 81_324_862_720),
        ("qwen3.5-27b", 0, 27_781_427_952),
        ("qwen3.5-35b-a3b", 0, 35_951_822_704),
        ("qwen3.5-122b-a10b", 0, 125_086_497_008),
        ("qwen3.5-397b-a17b", 0, 403_397_928_944),
    ],
)
def test_the_model_and_its_mtp_layer_match_the_published_parameter_total(
    name: str, extra: int, published: int
) -> None:
    arch = _arch(name)
    assert arch.mtp is not None
    assert arch.params_total + arch.mtp.params + extra == published


def test_minimax_m2_checkpoints_store_no_mtp_weights() -> None:
    # MiniMaxAI/MiniMax-M2.5 declares num_mtp_modules 3, but its published safetensors total
    # (228,703,644,928) is the decoder, the float32 router bias of each of the 62 layers and
    # the float32 scale of every 128 × 128 FP8 block: no room for an MTP module (MiniMax-M2,
    # without the scales in its total: 228,689,764,864).
    arch = _arch("minimax-m2.5")
    scales = sum(
        -(-g.out_features // 128) * -(-g.in_features // 128) * g.count for g in arch.linear_groups
    )
    assert arch.params_total + 62 * 256 + scales == 228_703_644_928
    assert arch.params_total + 62 * 256 == 228_689_764_864
    assert arch.mtp is None


@pytest.mark.parametrize(
    ("name", "off", "on"),
    [
        # K and V in bf16: 92 layers of 8 heads × 128, one more for the MTP layer.
        ("glm-4.5", 92 * 4096, 93 * 4096),
        # Only the full-attention layers cache per token (2 heads × 256 each for K and V):
        # 12, 16 and 10 of them, and the MTP layer is one more, never a Gated DeltaNet one.
        ("qwen3-next-80b-a3b-thinking", 12 * 2048, 13 * 2048),
        ("qwen3.5-27b", 16 * 4096, 17 * 4096),
        ("qwen3.5-35b-a3b", 10 * 2048, 11 * 2048),
    ],
)
def test_the_mtp_layer_caches_one_more_full_attention_layer(name: str, off: int, on: int) -> None:
    arch = _arch(name)
    served = with_mtp(arch, 1)
    assert kv_bytes_per_token(arch, "bf16") == off
    assert kv_bytes_per_token(served, "bf16") == on


@pytest.mark.parametrize("name", ["qwen3-next-80b-a3b-thinking", "qwen3.5-27b"])
def test_drafting_keeps_one_more_recurrent_state_per_draft_token(name: str) -> None:
    # vLLM's Gated DeltaNet layers hold 1 + num_speculative_tokens state blocks per request
    # (MambaSpec num_speculative_blocks); the MTP layer itself adds none.
    arch = _arch(name)
    one = state_bytes_per_sequence(arch, "bf16")
    assert one > 0
    for tokens in (1, 3):
        assert state_bytes_per_sequence(with_mtp(arch, tokens), "bf16") == (1 + tokens) * one


def _v4_mtp_tensor_bytes() -> int:
    """DeepSeek-V4-Flash's ``mtp.0.*`` tensors, stored as ``inference/model.py`` defines them.

    A sliding-window block (compress ratio 0): attention and shared expert FP8 with an E8M0
    scale per 128 × 128 block, MXFP4 routed experts, a learned router with its float32 bias,
    bf16 norms, float32 sinks and hyper-connections; ``e_proj`` and ``h_proj`` FP8, ``enorm``,
    ``hnorm`` and ``norm`` bf16 and a float32 ``hc_head``.
    """

    def fp8(out: int, inp: int) -> int:
        return out * inp + -(-out // 128) * -(-inp // 128)

    def fp4(out: int, inp: int) -> int:
        return out * inp // 2 + out * inp // 32

    h, heads, hd, q_lora, o_lora, groups = 4096, 64, 512, 1024, 1024, 8
    ff, experts, hc = 2048, 256, 4
    mix = (2 + hc) * hc
    attn = fp8(q_lora, h) + fp8(heads * hd, q_lora) + fp8(hd, h)
    attn += fp8(groups * o_lora, heads * hd // groups) + fp8(h, groups * o_lora)
    attn += 4 * heads + 2 * (q_lora + hd)  # attn_sink, q_norm, kv_norm
    ffn = 2 * experts * h + 4 * experts  # gate.weight, gate.bias
    ffn += experts * (2 * fp4(ff, h) + fp4(h, ff)) + 2 * fp8(ff, h) + fp8(h, ff)
    rest = 2 * 2 * h + 4 * 2 * (mix * hc * h + mix + 3)  # attn_norm, ffn_norm, hc_attn/ffn_*
    mtp = 2 * fp8(h, h) + 2 * 3 * h + 4 * (hc * hc * h + hc + 1)  # e/h_proj, norms, hc_head
    return attn + ffn + rest + mtp


def test_deepseek_v4_flash_with_its_mtp_block_matches_the_published_index() -> None:
    arch = _arch("deepseek-v4-flash")
    assert arch.mtp is not None and arch.mtp.checkpoint is not None and arch.checkpoint
    assert arch.mtp.params == 6_610_048_635
    loaded = arch.mtp.checkpoint.total_bytes
    assert loaded == _v4_flash_tensor_bytes(_config("deepseek-v4-flash")) + _v4_mtp_tensor_bytes()
    # deepseek-ai/DeepSeek-V4-Flash model.safetensors.index.json: "total_size": 159609485896
    # (69,187 tensors, 1,575 of them under mtp.0.). Its three hash-routing tables tid2eid
    # (129,280 × 6) are stored as int64 and counted as the int32 a server holds.
    assert loaded == 159_609_485_896 - 3 * 129_280 * 6 * 4 == 159_600_177_736
    assert loaded - arch.checkpoint.total_bytes == _v4_mtp_tensor_bytes()


def test_deepseek_v4_mtp_block_caches_one_more_sliding_window() -> None:
    arch = _arch("deepseek-v4-flash")
    served = with_mtp(arch, 1)
    # One more 584-byte K=V vector per token, kept for the 128-token window only.
    assert kv_bytes_per_token(served, "bf16") - kv_bytes_per_token(arch, "bf16") == 584
    request = {
        "model": {"hf_config": str(CONFIGS / "deepseek-v4-flash" / "config.json")},
        "gpu": "h200-141gb",
        "parallelism": {"strategy": "tensor", "gpus": 4, "tensor_parallel": 4},
        "inference": {"context_tokens": 32768},
    }
    off = estimate(parse_request(request))
    on_request = {**request, "inference": {"context_tokens": 32768, "mtp_speculative_tokens": 1}}
    on = estimate(parse_request(on_request))
    assert on.memory.kv_cache - off.memory.kv_cache == 584 * 128


# What every GPU holds whole of the MTP layer: norms, biases, q/k norms and the router (and
# the shared expert's gate in Qwen), plus GLM-4.5's eh_proj, an nn.Linear vLLM does not split
# (Qwen's fc is column-parallel). The rest is split over the 8 GPUs.
GLM45_WHOLE = 5 * 5120 + 12288 + 2 * 1024 + 2 * 128 + 160 * 5120 + 2 * 5120 * 5120
QWEN3_NEXT_WHOLE = 5 * 2048 + 2 * 256 + 512 * 2048 + 2048
QWEN35_35B_WHOLE = 5 * 2048 + 2 * 256 + 256 * 2048 + 2048


@pytest.mark.parametrize(
    ("name", "head_bytes", "whole"),
    [
        ("glm-4.5", 8 * 256 * 2 // 8, GLM45_WHOLE),
        # 2 KV heads over 8 GPUs: each GPU keeps one (vLLM replicates them).
        ("qwen3-next-80b-a3b-thinking", 512 * 2, QWEN3_NEXT_WHOLE),
        ("qwen3.5-35b-a3b", 512 * 2, QWEN35_35B_WHOLE),
    ],
)
def test_drafting_with_mtp_counts_the_layer_and_says_so(
    name: str, head_bytes: int, whole: int
) -> None:
    request = {
        "model": {"hf_config": str(CONFIGS / name / "config.json")},
        "gpu": "h200-141gb",
        "parallelism": {"strategy": "tensor", "gpus": 8, "tensor_parallel": 8},
        "inference": {"context_tokens": 8192},
    }
    off = estimate(parse_request(request))
    drafting = {"context_tokens": 8192, "mtp_speculative_tokens": 2}
    on = estimate(parse_request({**request, "inference": drafting}))
    arch = _arch(name)
    assert arch.mtp is not None
    # One more full-attention layer's K and V per GPU at 8,192 tokens, and (hybrids) two more
    # recurrent states for the two draft tokens.
    states = 2 * state_bytes_per_sequence(arch, "bf16", tp=8)
    assert on.memory.kv_cache - off.memory.kv_cache == 8192 * head_bytes + states
    # bf16 weights: the split part over 8 GPUs, the rest whole on each.
    grown = on.memory.weights - off.memory.weights
    assert grown == 2 * (arch.mtp.params - whole) // 8 + 2 * whole
    codes = [f.template_key for f in on.findings]
    assert "model_note.mtp_counted" in codes and "model_note.mtp_layers" not in codes
    assert not any(f.code == "mtp_not_counted" for f in on.findings)
    noted = [f.params for f in on.findings if f.template_key == "model_note.mtp_states"]
    assert noted == ([{"states": 3}] if states else [])


def test_minimax_m2_says_vllm_has_no_mtp_draft_for_it() -> None:
    config = CONFIGS / "minimax-m2.5" / "config.json"
    request = {"model": {"hf_config": str(config)}, "gpu": "h200-141gb"}
    off = estimate(parse_request(request))
    on = estimate(parse_request({**request, "inference": {"mtp_speculative_tokens": 1}}))
    assert on.memory == off.memory
    finding = [f for f in on.findings if f.code == "mtp_not_counted"]
    assert len(finding) == 1 and finding[0].variant == "no_draft"
    assert finding[0].params == {"model_type": "minimax_m2"}
    assert "vLLM has no MTP draft model for minimax_m2" in finding[0].message


def test_fit_drafts_with_qwen3_next_mtp_layer_on_the_command_line(
    capsys: Any, tmp_path: Path
) -> None:
    folder = tmp_path / "models" / "qwen3-next"
    folder.mkdir(parents=True)
    shutil.copy(CONFIGS / "qwen3-next-80b-a3b-thinking" / "config.json", folder / "config.json")
    runs = {}
    for flag in ((), ("--mtp-tokens", "2")):
        result = run_cli(
            capsys, "fit", "--gpu", "h200-141gb", "--gpus", "2", "--json",
            "--models-dir", str(tmp_path / "models"), *flag,
        )  # fmt: skip
        assert result.code == 0, result.err
        runs[flag] = result.json()["rows"][0]
    grown = runs[("--mtp-tokens", "2")]["memory_per_gpu_bytes"] - runs[()]["memory_per_gpu_bytes"]
    arch = _arch("qwen3-next-80b-a3b-thinking")
    assert arch.mtp is not None
    # At least the MTP layer's bf16 weights split over the two GPUs.
    assert grown > arch.mtp.params * 2 // 2


@pytest.mark.parametrize(
    ("name", "copies"),
    [
        # DeepSeek's checkpoints keep the MTP layer's own embedding and head (129,280 × 7,168
        # each); GLM-5's does not (vLLM-Ascend issue #6754: model.layers.78.shared_head.head and
        # embed_tokens are missing from it). vLLM uses the target's in both.
        ("deepseek-v3.2", 2 * 129_280 * 7_168),
        ("glm-5", 0),
    ],
)
def test_the_note_names_what_the_checkpoint_stores(name: str, copies: int) -> None:
    arch = _arch(name)
    assert arch.mtp is not None
    notes = [n for n in arch.notes if getattr(n, "key", "") == "model_note.mtp_layers"]
    assert notes[0].params["params"] == arch.mtp.params + copies
