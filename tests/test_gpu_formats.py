"""What each GPU runs natively: the catalog's data, the findings built on it, the prefill peak."""

from __future__ import annotations

import json

import pytest

from core.base.errors import CatalogError
from core.domain.catalog import bundled_catalog_path, default_catalog, parse_catalog
from core.domain.gpu_formats import native_features, support
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.speed.calibration import DEFAULT

CATALOG = default_catalog()


def _result(gpu: str, weights: str):
    request = parse_request(
        {"model": {"preset": "llama-3.1-8b"}, "gpu": gpu, "precision": {"weights": weights}}
    )
    return estimate(request)


def _codes(result) -> dict[str, str]:
    return {f.code: f.severity for f in result.findings}


@pytest.mark.parametrize(
    ("gpu", "weights", "code", "severity"),
    [
        ("b200-180gb", "nvfp4", None, None),
        ("rtx-5090", "mxfp4", None, None),
        ("mi355x", "mxfp4", None, None),
        ("h100-80gb-sxm", "fp8-block128", None, None),
        ("h100-80gb-sxm", "nvfp4", "format_emulated", "warning"),
        ("a100-80gb", "fp8-channel", "format_emulated", "warning"),
        ("mi300x", "fp8-block128", "format_converted", "warning"),
        ("mi325x", "fp8-tensor", "format_converted", "warning"),
        ("mi300x", "mxfp4", "format_emulated", "warning"),
        ("mi300x", "nvfp4", "format_unsupported", "blocker"),
        ("mi355x", "nvfp4", "format_unsupported", "blocker"),
        ("mi250", "fp8-tensor", "format_unsupported", "blocker"),
        ("mi250", "gguf-q4_k", None, None),  # llama.cpp runs GGUF types on CUDA and ROCm
    ],
)
def test_a_format_a_gpu_cannot_run_natively_is_flagged(gpu, weights, code, severity):
    codes = _codes(_result(gpu, weights))
    flagged = {c: s for c, s in codes.items() if c.startswith("format_")}
    assert flagged == ({code: severity} if code else {})
    if code:
        finding = next(f for f in _result(gpu, weights).findings if f.code == code)
        assert "source:" in finding.message  # each names where the rule comes from


def test_the_quality_warning_names_the_format():
    finding = next(
        f for f in _result("b200-180gb", "gguf-q6_k").findings if f.code == "quantization_quality"
    )
    assert finding.params["weights"] == "gguf-q6_k"


def test_prefill_runs_at_the_formats_peak_only_where_native():
    # A 3,584-token prompt of Llama 3.1 8B is compute-bound: its time follows the matmul peak.
    def ttft(gpu: str, weights: str) -> float:
        value = _result(gpu, weights).throughput.ttft_s
        assert value is not None
        return value

    # FP4 tensor cores: 4x the bf16 peak, at 0.40 of it where 16-bit GEMMs reach 0.66 of theirs
    # (2.4x on the matmuls; attention runs in 16-bit either way)
    assert ttft("b200-180gb", "bf16") / ttft("b200-180gb", "nvfp4") > 2.0
    # emulated: weight-only, bf16 compute; the prompt time differs only by the part of the (now
    # smaller) weight read the step model's ridge term lets show, a few per cent
    assert ttft("h100-80gb-sxm", "nvfp4") == pytest.approx(ttft("h100-80gb-sxm", "bf16"), rel=0.06)
    assert ttft("mi300x", "bf16") / ttft("mi300x", "fp8-block128") > 1.5  # converted to FNUZ


def test_decode_reads_the_formats_bytes():
    nvfp4 = _result("b200-180gb", "nvfp4")
    bf16 = _result("b200-180gb", "bf16")
    read_nvfp4 = nvfp4.memory.weights + nvfp4.memory.quantization_metadata
    read_bf16 = bf16.memory.weights + bf16.memory.quantization_metadata
    assert read_nvfp4 < read_bf16 / 2.5
    assert nvfp4.throughput.tpot_s is not None and bf16.throughput.tpot_s is not None
    # One sequence's decode step is memory-bound: it is shorter by the bytes it no longer reads,
    # at vLLM's (uncalibrated, default) share of the B200's 8 TB/s.
    saved = bf16.throughput.tpot_s - nvfp4.throughput.tpot_s
    assert saved == pytest.approx((read_bf16 - read_nvfp4) / (8000e9 * DEFAULT.bandwidth), rel=0.1)


def test_a_catalog_without_format_lists_gets_the_generation_rules():
    raw = json.loads(bundled_catalog_path().read_text("utf-8"))
    for gpu in raw["gpus"]:
        gpu.pop("native_formats", None)
        gpu.pop("emulated_formats", None)
    bare = {g.id: g for g in parse_catalog(raw).gpus}
    for gpu in CATALOG.gpus:
        assert set(native_features(bare[gpu.id])) == set(native_features(gpu)), gpu.id
        for feature in ("fp8-ocp", "nvfp4", "mxfp4", "int4"):
            assert support(bare[gpu.id], feature) == support(gpu, feature), (gpu.id, feature)


def test_every_new_gpu_cites_every_figure():
    new = ("b200-180gb", "b300-288gb", "h200-nvl-141gb", "rtx-pro-6000-server", "rtx-5090")
    new += ("mi325x", "mi355x")
    for gpu in CATALOG.gpus:
        assert "vram_reported_bytes" in gpu.sources, gpu.id  # a figure, or "not found"
        if gpu.vram_reported_bytes is None:
            assert gpu.sources["vram_reported_bytes"].startswith("not found"), gpu.id
        assert "AnchorGPU list price" in gpu.sources["price_per_gpu_hour"]
        if gpu.id not in new:
            continue
        cited = {"vram_gib", "memory_bandwidth_gbps", "bf16_tflops", "native_formats"}
        cited |= {"fp8_tflops"} if gpu.fp8_tflops else set()
        cited |= {"fp4_tflops"} if gpu.fp4_tflops else set()
        cited |= {"compute_capability"} if gpu.vendor == "nvidia" else {"gfx_target"}
        assert cited <= set(gpu.sources), (gpu.id, cited - set(gpu.sources))


def _one_gpu(**changes):
    raw = json.loads(bundled_catalog_path().read_text("utf-8"))
    raw["gpus"][0].update(changes)
    return raw


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"vram_reported_bytes": 200 * 2**30}, "not within 85-100%"),
        ({"vram_reported_bytes": 10 * 2**30}, "not within 85-100%"),
        ({"sources": {"colour": "blue"}}, "unknown field"),
        ({"native_formats": ["fp8-ocp"], "emulated_formats": ["fp8-ocp"]}, "both native"),
        ({"native_formats": ["fp7"]}, "native_formats"),
        ({"fp4_tflops": -1}, "fp4_tflops"),
    ],
)
def test_bad_new_fields_are_refused_naming_the_gpu(changes, message):
    with pytest.raises(CatalogError, match=message) as caught:
        parse_catalog(_one_gpu(**changes))
    assert "h200-141gb" in str(caught.value)


def test_old_catalog_ids_keep_their_specs_and_prices():
    """Saved quotes name these ids; their figures and prices are what they were."""
    h100 = CATALOG.gpu("h100-80gb-sxm")
    assert (h100.vram_gib, h100.bf16_tflops, str(h100.price_per_gpu_hour.hour)) == (80, 989, "2.99")
    assert CATALOG.gpu("mi300x").vram_bytes == 192 * 2**30  # fits still use the memory as sold


def test_training_is_not_flagged_for_the_served_format():
    request = parse_request(
        {
            "workload": "training",
            "model": {"preset": "llama-3.1-8b"},
            "gpu": "h100-80gb-sxm",
            "precision": {"weights": "nvfp4"},
        }
    )
    assert not [f for f in estimate(request).findings if f.code.startswith("format_")]


@pytest.mark.parametrize(
    ("gpu", "precision", "expected"),
    [
        # gfx950 runs OCP FP8 natively (ROCm "Data types and precision support"): no finding
        ("mi355x", {"weights": "fp8"}, {}),
        ("mi355x", {"weights": "bf16", "kv_cache": "fp8"}, {}),
        # gfx942 runs FP8 in the FNUZ encoding: allowed, as before
        ("mi300x", {"weights": "fp8"}, {}),
        ("mi325x", {"weights": "bf16", "kv_cache": "fp8"}, {}),
        # gfx90a runs no FP8 at all
        ("mi250", {"weights": "fp8"}, {"fp8_unsupported": "blocker"}),
        ("mi250", {"weights": "bf16", "kv_cache": "fp8"}, {"fp8_unsupported": "blocker"}),
        ("h100-80gb-sxm", {"weights": "fp8"}, {}),
        ("a100-80gb", {"weights": "fp8"}, {"fp8_emulated": "warning"}),
    ],
)
def test_plain_fp8_follows_the_gpus_formats(gpu, precision, expected):
    request = parse_request(
        {"model": {"preset": "llama-3.1-8b"}, "gpu": gpu, "precision": precision}
    )
    result = estimate(request)
    flagged = {f.code: f.severity for f in result.findings if f.code.startswith("fp8_")}
    assert flagged == expected
    # the rule reads the same list the named formats do (core.domain.gpu_formats)
    assert (support(CATALOG.gpu(gpu), "fp8-ocp") in ("native", "converted")) == (
        "fp8_unsupported" not in flagged and "fp8_emulated" not in flagged
    )
    if "fp8_unsupported" in flagged:
        finding = next(f for f in result.findings if f.code == "fp8_unsupported")
        assert "neither OCP FP8 nor its FNUZ encoding" in finding.message
        assert "source: AMD ROCm documentation" in finding.message


def test_an_fp8_plan_on_mi355x_is_ranked() -> None:
    from core.planning.planner import plan

    request = parse_request(
        {
            "model": {"preset": "llama-3.1-70b"},
            "gpu": "mi355x",
            "precision": {"weights": "fp8", "kv_cache": "fp8"},
        }
    )
    result = plan(request)
    assert [(o.gpu.id, o.estimate.gpus) for o in result.options][0] == ("mi355x", 1)
    assert all("fp8" not in o.reason for o in result.infeasible)
