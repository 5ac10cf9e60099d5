"""The training and image-generation speed model against published runs (core.speed)."""

from __future__ import annotations

import statistics

import pytest

from core.speed.diffusion import diffusion_speed
from core.speed.training import (
    BANDS,
    CONSTANTS,
    UNMEASURED_WIDENING,
    TrainingLayout,
    measured_family,
    training_flops,
    training_speed,
)
from tests.validation.speed_compare import (
    arch_of,
    baseline_training,
    model_diffusion,
    model_training,
)
from tests.validation.speed_report import diffusion_errors, training_errors, training_groups
from tests.validation.speed_training import DIFFUSION_SPEED, TRAINING_SPEED


def _case(case_id: str):  # type: ignore[no-untyped-def]
    return next(c for c in TRAINING_SPEED if c.id == case_id)


def test_flops_count_matmuls_head_and_attention() -> None:
    arch = arch_of("llama-3.1-8b")
    flops = training_flops(arch, TrainingLayout(gpus=8, sequence_length=8192))
    linear = sum(g.active_params for g in arch.linear_groups)
    assert flops.dense == 6 * (linear + arch.vocab_size * arch.hidden_size)
    # 6 · heads · (d_qk + d_v) · context per layer: PaLM's 12 · layers · d_attn · seq.
    assert flops.attention == 6 * 32 * (128 + 128) * 32 * 8192
    assert flops.experts == 0
    assert flops.recompute_matmul == 0 and flops.recompute_attention == 0


def test_lora_skips_weight_gradients_and_recompute_repeats_forward() -> None:
    arch = arch_of("llama-3.1-8b")
    full = training_flops(arch, TrainingLayout(gpus=1, sequence_length=4096))
    lora = training_flops(arch, TrainingLayout(gpus=1, sequence_length=4096, method="lora"))
    assert lora.dense == full.dense * 4 / 6
    assert lora.attention == full.attention
    rec = training_flops(arch, TrainingLayout(gpus=1, sequence_length=4096, recompute="full"))
    assert rec.recompute_matmul == full.dense / 3
    assert rec.recompute_attention == full.attention / 3


def test_mla_and_sliding_window_attention_widths() -> None:
    dsv3 = arch_of("deepseek-v3")  # MLA: d_qk 192 (128 nope + 64 rope), d_v 128
    f = training_flops(dsv3, TrainingLayout(gpus=1, sequence_length=4096))
    assert f.attention == 6 * 128 * (192 + 128) * 61 * 4096
    oss = arch_of("gpt-oss-120b")  # 18 of 36 layers attend within a 128-token window
    g = training_flops(oss, TrainingLayout(gpus=1, sequence_length=4096))
    assert g.attention == 6 * 64 * (64 + 64) * (18 * 4096 + 18 * 128)
    assert g.experts == 6 * 3 * 2880 * 2880 * 36 * 4


def test_pipeline_bubble_is_interleaved_1f1b() -> None:
    arch = arch_of("llama-3.1-70b")
    layout = TrainingLayout(
        gpus=64, sequence_length=8192, global_batch=128, tp=4, pp=8, virtual_stages=5
    )
    assert layout.dp == 2 and layout.micro_batches == 64
    speed = training_speed(
        arch, layout, bf16_tflops=989, fp8_tflops=1979, memory_bandwidth_gbps=3350, link_gbps=450
    )
    assert speed.bubble == pytest.approx(7 / (5 * 64))


def test_constants_are_the_fitted_ones() -> None:
    # Fitted by tests/validation/speed_fit.py on the calibration cases only.
    assert CONSTANTS.matmul_bf16 == 0.609
    assert CONSTANTS.matmul_fp8 == 0.449
    assert CONSTANTS.moe_seconds_per_route == 2.09e-7
    assert CONSTANTS.expert_efficiency == 0.323


def test_old_bound_was_off_where_the_issue_says() -> None:
    # Dense FP8 runs: the old bound said 0.52-0.68 of the measured speed; MoE 1.9-4.8x.
    dense = _case("mb2511-llama3-8b-h100-fp8")
    moe = _case("mb2511-qwen3-30b-b200-fp8")
    assert baseline_training(dense) / dense.tokens_per_s_per_gpu < 0.6
    assert baseline_training(moe) / moe.tokens_per_s_per_gpu > 4.5
    assert abs(model_training(dense) / dense.tokens_per_s_per_gpu - 1) < 0.1
    assert abs(model_training(moe) / moe.tokens_per_s_per_gpu - 1) < 0.25


def test_validation_meets_the_target() -> None:
    groups = training_groups()
    errors = training_errors(groups["validation"], model_training)
    assert len(errors) == 27
    assert sum(abs(e) <= 0.25 for e in errors) == 26  # 96 %: target ≥ 80 %
    assert statistics.median(abs(e) for e in errors) < 0.10  # target ≤ 15 %
    assert max(abs(e) for e in errors) < 0.40  # none beyond 2×
    cal = training_errors(groups["calibration"], model_training)
    assert sum(abs(e) <= 0.25 for e in cal) == 13 and len(cal) == 18


def test_bands_by_kind_and_unmeasured_gpu() -> None:
    arch = arch_of("qwen3-30b-a3b")
    layout = TrainingLayout(gpus=8, sequence_length=4096, ep=8, precision="fp8")
    kw = {"bf16_tflops": 362.0, "fp8_tflops": 733.0, "memory_bandwidth_gbps": 864.0}
    measured = training_speed(arch, layout, link_gbps=32, **kw)
    unmeasured = training_speed(arch, layout, link_gbps=32, measured_gpu=False, **kw)
    assert measured.band == BANDS["moe"]
    assert unmeasured.band == BANDS["moe"] + UNMEASURED_WIDENING
    assert measured_family("h100-80gb-sxm") and not measured_family("h100-80gb-pcie")
    assert not measured_family("l40s") and not measured_family("mi300x")


def test_qlora_pays_for_dequantisation() -> None:
    arch = arch_of("llama-3.1-8b")
    kw = {"bf16_tflops": 165.0, "fp8_tflops": 330.0, "memory_bandwidth_gbps": 1008.0}
    lora = training_speed(
        arch, TrainingLayout(gpus=1, sequence_length=2048, method="lora"), link_gbps=32, **kw
    )
    qlora = training_speed(
        arch, TrainingLayout(gpus=1, sequence_length=2048, method="qlora"), link_gbps=32, **kw
    )
    linear = sum(g.params for g in arch.linear_groups)
    assert qlora.dequant_s == pytest.approx(3 * linear * 2.5 / 1008e9 / 2048)
    assert qlora.tokens_per_s_per_gpu < lora.tokens_per_s_per_gpu


def test_diffusion_model_and_cases() -> None:
    speed = diffusion_speed(100e12, 20, bf16_tflops=312)
    assert speed.seconds_per_image == pytest.approx(100e12 / (312e12 * 0.44) + 20 * 0.020)
    assert speed.images_per_hour == pytest.approx(3600 / speed.seconds_per_image)
    batch = diffusion_speed(100e12, 20, bf16_tflops=312, batch=4)  # the step's time is shared
    assert batch.seconds_per_image == pytest.approx(100e12 / (312e12 * 0.44) + 20 * 0.020 / 4)
    val = [c for c in DIFFUSION_SPEED if c.split == "validation"]
    errors = diffusion_errors(val, model_diffusion)
    assert len(errors) == 30
    assert sum(abs(e) <= 0.25 for e in errors) == 14  # the target is not met: see ACCURACY.md
    assert max(errors, key=abs) == pytest.approx(0.587, abs=0.002)  # inside the ±60 % band
    assert all(abs(e) <= 0.60 for e in errors)
    # Every FLUX and SDXL row on an H100 comes out 23-33 % too fast, whatever its source.
    h100 = [
        e
        for c, e in zip(val, errors, strict=True)
        if c.gpu == "h100-80gb-sxm" and c.preset != "sd-1.5"
    ]
    assert len(h100) == 7 and all(0.22 <= e <= 0.34 for e in h100)
    # Four calibration rows of three models and two GPUs; the H100 FLUX row stays 30 % off.
    cal = [c for c in DIFFUSION_SPEED if c.split == "calibration"]
    assert {c.preset for c in cal} == {"sd-1.5", "sdxl", "flux.1-dev"} and len(cal) == 4
    cal_errors = diffusion_errors(cal, model_diffusion)
    assert sum(abs(e) <= 0.25 for e in cal_errors) == 3
    assert max(cal_errors, key=abs) == pytest.approx(0.30, abs=0.01)


def test_data_parallel_traffic_bounds_a_pcie_fsdp_run() -> None:
    arch = arch_of("llama-3.1-8b")
    kw = {"bf16_tflops": 362.0, "fp8_tflops": 733.0, "memory_bandwidth_gbps": 864.0}
    fsdp = TrainingLayout(gpus=8, sequence_length=2048, data_parallel="fsdp")
    pcie = training_speed(arch, fsdp, link_gbps=32.0, **kw)
    # Two 16-bit gathers and one reduce-scatter of every parameter, 7/8 of them over PCIe.
    moved = (2 * arch.params_total * 2 + arch.params_total * 2) * 7 / 8
    assert pcie.dp_s == pytest.approx(moved / 32e9 / 2048)
    assert pcie.dp_s > pcie.compute_s  # the traffic, not the compute, sets the pace
    assert pcie.tokens_per_s_per_gpu == pytest.approx(1 / pcie.dp_s)
    nvlink = training_speed(arch, fsdp, link_gbps=450.0, **kw)
    assert nvlink.dp_s < nvlink.compute_s  # hidden behind the compute
    assert nvlink.tokens_per_s_per_gpu == pytest.approx(1 / nvlink.compute_s)
    # DDP all-reduces fp32 gradients once a step; across nodes at the network's 50 GB/s.
    ddp = TrainingLayout(gpus=16, sequence_length=2048, micro_batch=4)
    two_nodes = training_speed(arch, ddp, link_gbps=450.0, **kw)
    assert two_nodes.dp_s == pytest.approx(2 * arch.params_total * 4 * 15 / 16 / 50e9 / 8192)
