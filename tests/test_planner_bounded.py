"""The suggestion search is bounded: each request change is tried once, with the same answers."""

from __future__ import annotations

from typing import Any

import pytest

import core.planning.planner as planner
from core.domain.catalog import default_catalog
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import resolve
from core.planning.planner import _variants, layouts, plan
from core.texts.messages import Message

NOTHING_FITS: list[dict[str, Any]] = [
    {"model": {"preset": "llama-3.1-405b"}, "gpu": "l4", "inference": {"context_tokens": 131072}},
    {"model": {"preset": "llama-3.1-70b"}, "gpu": "a10", "precision": {"kv_cache": "bf16"}},
    {"workload": "training", "model": {"preset": "llama-3.1-70b"}, "gpu": "rtx-4090"},
    {"workload": "training", "model": {"preset": "deepseek-v3"}},
    {"workload": "training", "model": {"preset": "llama-3.1-405b"}},
    {"model": {"preset": "deepseek-v3"}, "gpu": "l40s", "inference": {"context_tokens": 131072}},
    {
        "workload": "diffusion",
        "model": {"preset": "flux.1-dev"},
        "gpu": "l4",
        "diffusion": {"width": 4096, "height": 4096, "batch_size": 8},
    },
    {
        "model": {"custom": {"params": 10**14, "layers": 1000, "hidden_size": 1_000_000}},
        "inference": {"context_tokens": 10_000_000, "concurrent_sequences": 100_000},
    },
]


def _reference(raw: dict[str, Any]) -> list[str]:
    """The suggestions as the unbounded search gave them: plan every change, take its best."""
    request = parse_request(raw)
    catalog = default_catalog()
    model = resolve(request)
    result = plan(request, catalog, model=model)
    lines = [s for s in result.suggestions if s.key == "planner.nearest"]
    for key, change, changed in _variants(request):
        trial = plan(changed, catalog, model=model)
        if trial.options:
            best = trial.options[0]
            lines.append(
                Message(
                    key,
                    **change,
                    gpus=best.estimate.gpus,
                    gpu=best.gpu.id,
                    strategy=best.estimate.strategy,
                    total=str(best.price.total),
                    currency=best.price.currency,
                )
            )
    return lines or [Message("planner.nothing")]


@pytest.mark.parametrize("raw", NOTHING_FITS)
def test_suggestions_are_those_of_planning_each_change_in_full(raw: dict[str, Any]) -> None:
    request = parse_request(raw)
    result = plan(request)
    assert not result.options
    assert list(result.suggestions) == _reference(raw)


def test_a_pinned_gpu_suggests_another_offer_that_fits() -> None:
    suggestions = plan(parse_request(NOTHING_FITS[0])).suggestions
    assert any("another GPU offer" in s and "fits for" in s for s in suggestions)


def test_each_change_is_estimated_once_never_its_own_changes(monkeypatch) -> None:
    request = parse_request(NOTHING_FITS[0])
    catalog = default_catalog()
    calls = 0
    estimate_on = planner.estimate_on

    def counting(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        return estimate_on(*args, **kwargs)

    monkeypatch.setattr(planner, "estimate_on", counting)
    plan(request, catalog)
    every_layout = sum(len(layouts(request, gpu)) for gpu in catalog.gpus)
    # the request itself on its GPU, then at most every layout once per change
    assert (
        calls <= len(layouts(request, catalog.gpu("l4"))) + len(_variants(request)) * every_layout
    )


def test_a_figure_beyond_decimal_precision_is_left_out_not_a_traceback() -> None:
    from decimal import Decimal
    from types import SimpleNamespace

    from core.planning.planner import _job_cost, _per_million

    crawl = SimpleNamespace(throughput=SimpleNamespace(decode_tokens_per_s=1e-40, job_hours=1e40))
    price = SimpleNamespace(
        total=Decimal("2.49"), hours=1, unit_price_per_gpu_hour=Decimal(2), gpus=1
    )
    assert _per_million(crawl, price) is None  # type: ignore[arg-type]
    assert _job_cost(crawl, price) is None  # type: ignore[arg-type]
    usual = SimpleNamespace(throughput=SimpleNamespace(decode_tokens_per_s=100.0, job_hours=2.5))
    assert _per_million(usual, price) == Decimal("6.9167")  # type: ignore[arg-type]
    assert _job_cost(usual, price) == Decimal("5.00")  # type: ignore[arg-type]
