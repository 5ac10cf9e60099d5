"""Speculative decoding with MTP: the MTP layers loaded and cached as vLLM does when asked for.

DeepSeek-V3's MTP layer is written out below tensor by tensor from its checkpoint's layer 61
(``model.layers.61.*``: a MoE decoder layer, ``enorm``, ``hnorm``, ``eh_proj`` and
``shared_head.norm``; its ``embed_tokens`` and ``shared_head.head`` copies are dropped for the
target's), not from the planner's groups.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from core.base.errors import InputError
from core.capacity.weights import layout_weight_memory
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.model.model_config import architecture_from_config
from core.model.mtp import with_mtp
from tests.cli_helpers import run_cli

CONFIG = Path(__file__).parent / "fixtures" / "hf_configs" / "deepseek-v3" / "config.json"

H, Q_LORA, KV_LORA, HEADS, NOPE, ROPE, V = 7168, 1536, 512, 128, 128, 64, 128
EXPERTS, EXPERT_FF = 256, 2048


def _v3_mtp_matrices() -> list[tuple[int, int, int]]:
    """(out, in, count) of every matrix of DeepSeek-V3's MTP layer."""
    return [
        (Q_LORA, H, 1),  # q_a_proj
        (HEADS * (NOPE + ROPE), Q_LORA, 1),  # q_b_proj
        (KV_LORA + ROPE, H, 1),  # kv_a_proj_with_mqa
        (HEADS * (NOPE + V), KV_LORA, 1),  # kv_b_proj
        (H, HEADS * V, 1),  # o_proj
        (EXPERT_FF, H, 2 * EXPERTS + 2),  # experts' and the shared expert's gate_proj, up_proj
        (H, EXPERT_FF, EXPERTS + 1),  # their down_proj
    ]


# q_a_layernorm, kv_a_layernorm, input and post-attention norms, enorm, hnorm, shared_head.norm
V3_MTP_NORMS = Q_LORA + KV_LORA + 5 * H
V3_MTP_ROUTER = EXPERTS * H
V3_EH_PROJ = 2 * H * H


def _request(**inference: Any) -> Any:
    return parse_request(
        {
            "model": {"hf_config": str(CONFIG)},
            "gpu": "h200-141gb",
            "parallelism": {"strategy": "tensor", "gpus": 8, "tensor_parallel": 8},
            "inference": {"context_tokens": 8192, **inference},
        }
    )


def _arch():  # type: ignore[no-untyped-def]
    config = json.loads(CONFIG.read_text("utf-8"))
    return architecture_from_config(config, model_id="v3", name="v3", source="hf_config")


def test_the_mtp_layer_vllm_loads_is_counted_tensor_by_tensor() -> None:
    arch = _arch()
    assert arch.mtp is not None and arch.mtp.layers == 1
    params = sum(o * i * n for o, i, n in _v3_mtp_matrices())
    params += V3_MTP_NORMS + V3_MTP_ROUTER + V3_EH_PROJ
    assert arch.mtp.params == params == 11_610_067_968
    served = with_mtp(arch, 1)
    assert served.params_total - arch.params_total == params


def test_the_published_fp8_checkpoint_stores_the_mtp_layer_in_fp8_blocks() -> None:
    arch = _arch()
    assert arch.mtp is not None and arch.mtp.checkpoint is not None and arch.checkpoint
    fp8 = sum(n * (o * i + 4 * -(-o // 128) * -(-i // 128)) for o, i, n in _v3_mtp_matrices())
    plain = 2 * (V3_MTP_NORMS + V3_MTP_ROUTER + V3_EH_PROJ)  # eh_proj is an nn.Linear in vLLM
    bias = 4 * EXPERTS  # float32 e_score_correction_bias
    added = arch.mtp.checkpoint.total_bytes - arch.checkpoint.total_bytes
    assert added == fp8 + plain + bias


def test_drafting_with_mtp_adds_its_weights_and_one_more_layer_of_cache() -> None:
    off = estimate(_request())
    on = estimate(_request(mtp_speculative_tokens=3))
    arch = _arch()
    assert arch.mtp is not None and arch.mtp.checkpoint is not None and arch.checkpoint
    # 61 decoder layers cache an MLA latent per token; the MTP layer caches a 62nd.
    assert on.memory.kv_cache * 61 == off.memory.kv_cache * 62
    grown = on.memory.weights + on.memory.quantization_metadata
    grown -= off.memory.weights + off.memory.quantization_metadata
    per_gpu = [layout_weight_memory(c, 8) for c in (arch.mtp.checkpoint, arch.checkpoint)]
    added = [w.weights + w.quantization_metadata for w in per_gpu]
    assert grown == added[0] - added[1] > arch.mtp.checkpoint.total_bytes // 8 // 100
    codes = [f.template_key for f in on.findings]
    assert "model_note.mtp_counted" in codes and "model_note.mtp_layers" not in codes
    assert "mtp_not_counted" not in codes
    assert "model_note.mtp_layers" in [f.template_key for f in off.findings]


def test_a_model_without_counted_mtp_layers_says_so_and_keeps_its_memory() -> None:
    base = {"model": {"preset": "llama-3.1-8b"}, "gpu": "h100-80gb-sxm"}
    off = estimate(parse_request(base))
    on = estimate(parse_request({**base, "inference": {"mtp_speculative_tokens": 2}}))
    assert on.memory == off.memory
    finding = [f for f in on.findings if f.code == "mtp_not_counted"]
    assert len(finding) == 1 and finding[0].severity == "warning"


def test_mtp_is_a_vllm_option_and_off_by_default() -> None:
    with pytest.raises(InputError) as raised:
        parse_request(
            {
                "model": {"preset": "x"},
                "inference": {"engine": "llama.cpp", "mtp_speculative_tokens": 1},
            }
        )
    assert raised.value.field == "inference.mtp_speculative_tokens"
    default = parse_request({"model": {"preset": "x"}})
    assert default.inference.mtp_speculative_tokens == 0
    # A request saved before the option keeps its fingerprint.
    assert "mtp_speculative_tokens" not in default.canonical_json()
    on = parse_request({"model": {"preset": "x"}, "inference": {"mtp_speculative_tokens": 2}})
    assert parse_request(json.loads(on.model_dump_json())) == on


def test_fit_takes_the_option_on_the_command_line(capsys: Any, tmp_path: Path) -> None:
    folder = tmp_path / "models" / "deepseek-v3"
    folder.mkdir(parents=True)
    shutil.copy(CONFIG, folder / "config.json")
    runs = {}
    for flag in ((), ("--mtp-tokens", "1")):
        result = run_cli(
            capsys, "fit", "--gpu", "h200-141gb", "--gpus", "8", "--json",
            "--models-dir", str(tmp_path / "models"), *flag,
        )  # fmt: skip
        assert result.code == 0, result.err
        runs[flag] = result.json()["rows"][0]
    grown = runs[("--mtp-tokens", "1")]["memory_per_gpu_bytes"] - runs[()]["memory_per_gpu_bytes"]
    arch = _arch()
    assert arch.mtp is not None and arch.mtp.checkpoint is not None and arch.checkpoint
    assert grown > (arch.mtp.checkpoint.total_bytes - arch.checkpoint.total_bytes) // 8
    bad = run_cli(capsys, "fit", "--gpu", "h200-141gb", "--mtp-tokens", "99")
    assert bad.code != 0 and "mtp_speculative_tokens" in bad.err


def test_the_checkpoint_with_its_mtp_layer_matches_the_published_dtype_totals() -> None:
    # Hugging Face's safetensors parameters of deepseek-ai/DeepSeek-V3 (every tensor of its
    # index): BF16 3,918,786,560, F8_E4M3 680,571,043,840, F32 41,555,600 (684,531,386,000).
    arch = _arch()
    assert arch.mtp is not None and arch.mtp.checkpoint is not None
    served = with_mtp(arch, 1)
    fp8 = [g for g in served.linear_groups if g.name != "mtp.eh_proj"]
    values = sum(g.params for g in fp8)
    scales = sum(-(-g.out_features // 128) * -(-g.in_features // 128) * g.count for g in fp8)
    copies = 2 * 129_280 * H  # the MTP layer's own embedding and head, which vLLM drops
    bf16 = served.params_total - values + copies
    f32 = scales + EXPERTS * 59  # block scales and the 58 + 1 MoE layers' correction biases
    assert (bf16, values, f32) == (3_918_786_560, 680_571_043_840, 41_555_600)
    # As bytes: what vLLM holds with the MTP layer, and the two copies it does not load.
    stored = 2 * bf16 + values + 4 * f32
    assert arch.mtp.checkpoint.total_bytes + 2 * copies == stored == 688_574_839_360
