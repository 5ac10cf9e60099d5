"""The GPU total as CUDA reports it: sourced in the catalog, or by the calibrated rule."""

from __future__ import annotations

import statistics

import pytest

from core.domain.catalog import CUDA_RESERVED_MIB, MIB, default_catalog, parse_catalog
from core.domain.request import PlanRequest
from core.estimate.dispatch import estimate


def test_every_gpu_says_where_its_cuda_total_comes_from() -> None:
    for gpu in default_catalog().gpus:
        source = gpu.sources.get("vram_cuda_bytes", "")
        assert source, gpu.id
        if gpu.vram_cuda_bytes is None:
            assert source.startswith("not found"), gpu.id
        else:
            assert f"{gpu.vram_cuda_bytes // MIB:,}" in source, gpu.id


def test_the_rule_is_the_median_gap_of_the_sourced_gpus() -> None:
    gaps = [
        (g.vram_reported_bytes - g.vram_cuda_bytes) // MIB
        for g in default_catalog().gpus
        if g.vram_cuda_bytes and g.vram_reported_bytes and g.vendor == "nvidia"
    ]
    assert len(gaps) >= 5
    assert statistics.median(gaps) == CUDA_RESERVED_MIB
    assert all(300 < gap < 800 for gap in gaps)


def test_device_total_prefers_the_cuda_figure_then_the_rule() -> None:
    catalog = default_catalog()
    h100 = catalog.gpu("h100-80gb-sxm").device_total
    assert (h100.bytes, h100.basis) == (81_090 * MIB, "cuda")  # 79.19 GiB, as vLLM logs
    l4 = catalog.gpu("l4")
    assert l4.device_total.basis == "rule"
    assert l4.device_total.bytes == l4.vram_reported_bytes - CUDA_RESERVED_MIB * MIB
    assert catalog.gpu("mi300x").device_total.basis == "driver"
    ada = catalog.gpu("rtx-6000-ada")
    assert (ada.device_total.bytes, ada.device_total.basis) == (ada.vram_bytes, "vendor")
    assert not ada.device_total.driver_reported


def test_serving_uses_the_utilisation_fraction_of_cudas_total() -> None:
    request = PlanRequest.model_validate(
        {"model": {"preset": "llama-3.1-8b"}, "gpu": "h100-80gb-sxm"}
    )
    result = estimate(request)
    assert result.usable_bytes == int(81_090 * MIB * 0.9)
    assert result.details["vllm_profile"]["device_total_basis"] == "cuda"
    training = request.model_copy(update={"workload": "training"})
    assert estimate(training).usable_bytes == 81_090 * MIB


@pytest.mark.parametrize("cuda", [85_520_809_985, 60 * 2**30])
def test_a_cuda_total_above_the_drivers_or_far_below_the_label_is_refused(cuda: int) -> None:
    from core.base.errors import CatalogError

    raw = default_catalog().model_dump(mode="json")
    entry = next(g for g in raw["gpus"] if g["id"] == "h100-80gb-sxm")
    entry["vram_cuda_bytes"] = cuda
    with pytest.raises(CatalogError, match="vram_cuda_bytes"):
        parse_catalog(raw)
