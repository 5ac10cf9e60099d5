"""The calibrated speeds reach the estimate and the cost of the outcome, with their bands."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.capacity.diffusion_flops import denoise_flops_per_image
from core.domain.catalog import default_catalog
from core.domain.request import PlanRequest
from core.estimate.dispatch import estimate_on, resolve
from core.estimate.results import EstimateResult
from core.estimate.training_speed import layout_speed
from core.pricing.outcome import outcome_cost
from core.pricing.prices import price_estimate
from core.speed.diffusion import SECONDS_PER_STEP, UTILISATION
from core.speed.training import BANDS, UNMEASURED_WIDENING


def _estimate(request: dict) -> tuple[PlanRequest, EstimateResult]:  # type: ignore[type-arg]
    req = PlanRequest.model_validate(request)
    return req, estimate_on(req, resolve(req), default_catalog().gpu(req.gpu or ""))


def _training(preset: str, gpu: str, **training: object) -> dict:  # type: ignore[type-arg]
    return {
        "workload": "training",
        "model": {"preset": preset},
        "parallelism": {"strategy": "fsdp", "gpus": 8},
        "training": {"tokens": 10**10, "sequence_length": 4096, **training},
        "gpu": gpu,
    }


def test_training_speed_comes_from_the_calibrated_model() -> None:
    req, result = _estimate(_training("qwen3-30b-a3b", "h100-80gb-sxm"))
    t = result.throughput
    speed = layout_speed(req, resolve(req), result.gpu)  # type: ignore[arg-type]
    assert t.training_tokens_per_s == pytest.approx(speed.tokens_per_s_per_gpu * 8)
    assert t.job_hours == pytest.approx(10**10 / t.training_tokens_per_s / 3600)
    assert t.speed_band == BANDS["moe"]
    # The old bound (bf16 peak x 0.4 / 6 N_active) was about 3x faster for this MoE model.
    old = 989e12 * 0.4 / (6 * result.model.params_active) * 8
    assert t.training_tokens_per_s < old / 2.5
    assert any("training speed" in str(a) for a in t.assumptions)


def test_a_stated_mfu_is_applied_as_given() -> None:
    _, result = _estimate(_training("llama-3.1-8b", "h100-80gb-sxm", mfu=0.5))
    t = result.throughput
    assert t.speed_band is None
    assert t.training_tokens_per_s == pytest.approx(989e12 * 0.5 / (6 * 8_030_261_248) * 8)


def test_unmeasured_gpu_widens_the_band_and_says_so() -> None:
    _, result = _estimate(_training("llama-3.1-8b", "l40s"))
    assert result.throughput.speed_band == BANDS["dense"] + UNMEASURED_WIDENING
    assert any("no published training run" in str(a) for a in result.throughput.assumptions)


def test_run_cost_carries_the_band() -> None:
    _, result = _estimate(_training("llama-3.1-8b", "h100-80gb-sxm"))
    cost = outcome_cost(result, price_estimate(result, default_catalog(), Decimal(0)))
    assert cost.run_cost is not None and cost.run_hours is not None
    band = Decimal(str(BANDS["dense"]))
    hourly = cost.hourly
    busy = Decimal(str(cost.run_hours))
    assert cost.run_cost_low == (hourly * busy / (1 + band)).quantize(Decimal("0.01"))
    assert cost.run_cost_high == (hourly * busy / (1 - band)).quantize(Decimal("0.01"))
    assert cost.mfu is None and cost.speed_band == BANDS["dense"]
    texts = [str(m) for m in cost.messages(1)]
    assert any(f"from {cost.run_cost_low} to {cost.run_cost_high}" in t for t in texts)


def test_images_per_hour_and_cost_per_thousand_with_band() -> None:
    req, result = _estimate(
        {"workload": "diffusion", "model": {"preset": "sdxl"}, "gpu": "a100-80gb"}
    )
    flops = denoise_flops_per_image(resolve(req), req)  # type: ignore[arg-type]
    seconds = flops / (312e12 * UTILISATION) + 30 * SECONDS_PER_STEP
    assert result.throughput.images_per_hour == pytest.approx(3600 / seconds)
    cost = outcome_cost(result, price_estimate(result, default_catalog(), Decimal(0)))
    assert cost.per_thousand_images is not None
    assert cost.per_thousand_images_low is not None and cost.per_thousand_images_high is not None
    assert cost.per_thousand_images_low < cost.per_thousand_images < cost.per_thousand_images_high
    assert any("per 1,000 images over the speed" in str(m) for m in cost.messages(1))


def test_a_run_larger_than_one_order_is_priced_as_the_orders_it_needs() -> None:
    from core.domain.request import Term
    from core.pricing.prices import price_for

    catalog = default_catalog()
    gpu = catalog.gpu("h100-80gb-sxm")
    assert gpu.max_gpus == 32
    price = price_for(catalog, gpu, 72, Term(), per_order=gpu.max_gpus)
    assert price.orders == 3  # ceil(72 / 32)
    assert price.total == (gpu.price_per_gpu_hour.for_unit("hour") * 72).quantize(Decimal("0.01"))
    assert price.as_json()["orders"] == 3
    assert "orders" not in price_for(catalog, gpu, 32, Term()).as_json()
    from core.base.errors import PlannerError

    with pytest.raises(PlannerError):  # serving and images stay within one order
        price_for(catalog, gpu, 72, Term())


def test_training_beyond_one_order_fits_and_says_so() -> None:
    request = _training("llama-3.1-70b", "h100-80gb-sxm", activation_checkpointing=True)
    request["parallelism"] = {"strategy": "fsdp", "gpus": 64}
    _, result = _estimate(request)
    codes = [f.code for f in result.findings]
    assert "priced_as_orders" in codes and "too_many_gpus" not in codes
    note = next(f for f in result.findings if f.code == "priced_as_orders")
    assert dict(note.params)["orders"] == 2
    assert result.fits
    cost = outcome_cost(result, price_estimate(result, default_catalog(), Decimal(0)))
    assert cost.run_cost is not None and cost.run_cost_low is not None
    serving = {"workload": "inference", "model": {"preset": "llama-3.1-8b"}, "gpu": "l4"}
    serving["parallelism"] = {"strategy": "ddp", "gpus": 64}
    _, served = _estimate(serving)
    # Serving replicas are priced as orders too, in whole replicas (the serving wording).
    (replicas,) = [f for f in served.findings if f.code == "priced_as_orders"]
    assert replicas.variant == "serving" and replicas.severity == "info"
    assert "too_many_gpus" not in [f.code for f in served.findings]
    # A training run's note says its orders must reach each other over a network.
    assert note.variant == "" and note.severity == "warning"
    # Diffusion replicas beyond one order stay refused.
    images = {"workload": "diffusion", "model": {"preset": "sdxl"}, "gpu": "l4"}
    images["parallelism"] = {"strategy": "ddp", "gpus": 64}
    _, drawn = _estimate(images)
    assert "too_many_gpus" in [f.code for f in drawn.findings]


def test_the_speed_texts_read_in_russian(app_state) -> None:
    from gui.core_text import message_text

    app_state.update_settings(language="ru")
    try:
        request = _training("llama-3.1-70b", "h100-80gb-sxm", activation_checkpointing=True)
        request["parallelism"] = {"strategy": "fsdp", "gpus": 72}
        _, result = _estimate(request)
        note = next(f for f in result.findings if f.code == "priced_as_orders")
        assert "посчитано как 3 заказа" in message_text(note.message)
        speed = message_text(result.throughput.assumptions[0])
        assert speed.startswith("скорость обучения") and "±20" in speed
        cost = outcome_cost(result, price_estimate(result, default_catalog(), Decimal(0)))
        run = message_text(cost.messages(1)[0])
        assert run.startswith("всё обучение:") and "по скорости" in run
        import re

        assert re.search(r"от \d[\d\s]*,\d\d до \d[\d\s]*,\d\d USD", run), run  # money localized
    finally:
        app_state.update_settings(language="en")


def test_the_estimate_command_prints_the_band_and_the_orders(capsys, tmp_path) -> None:
    from tests.cli_helpers import run_cli, write_request

    request = _training("qwen3-30b-a3b", "h100-80gb-sxm", activation_checkpointing=True)
    request["parallelism"] = {"strategy": "fsdp", "gpus": 64}
    result = run_cli(capsys, "estimate", "--request", write_request(tmp_path, request))
    assert result.code == 0, result.err
    assert "tokens/s (±45%)" in result.out
    assert "Price (1 h, 64 GPU, 2 orders," in result.out
