"""Finite extremes that used to end in a traceback: a busy share of 1e-999, a catalog with 1e308
GiB of memory, 1e-300 TFLOPs or GB/s, or a price of 1e999999. Each is refused in one keyed line."""

from __future__ import annotations

import copy
import json
from decimal import Decimal

import pytest

from core.base.errors import CatalogError, InputError
from core.domain.catalog import bundled_catalog_path, parse_catalog
from core.domain.request_parsing import parse_request
from core.planning.planner import plan
from core.pricing.outcome import MILLION, _per, outcome_cost
from tests.cli_helpers import run_cli, write_request

REQUEST = {"model": {"preset": "llama-3.1-8b"}, "gpu": "h100-80gb-sxm"}


def _one_line(result, *words: str) -> None:
    assert result.code == 2, result.err
    assert "Traceback" not in result.err
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, result.err
    assert all(word in lines[0] for word in words), lines[0]


@pytest.mark.parametrize("command", ["estimate", "plan", "fit"])
@pytest.mark.parametrize("share", ["1e-999", "0.0009", "0", "1.5", "-1"])
def test_a_utilization_out_of_range_is_refused_in_one_line(
    capsys, user_data_dir, tmp_path, command, share
):
    path = write_request(tmp_path, REQUEST)
    argv = ["fit", "--gpu", "h100-80gb-sxm"] if command == "fit" else [command, "--request", path]
    _one_line(run_cli(capsys, *argv, "--utilization", share), "from 0.001 to 1", share)


def test_the_smallest_utilization_prices_the_outcome(capsys, user_data_dir, tmp_path):
    path = write_request(tmp_path, REQUEST)
    result = run_cli(capsys, "estimate", "--request", path, "--json", "--utilization", "0.001")
    assert result.code == 0, result.err
    assert result.json()["outcome"]["utilization"] == "0.001"


def test_the_api_refuses_a_share_that_underflows_the_price_of_a_busy_hour():
    option = plan(parse_request(REQUEST)).options[0]
    with pytest.raises(InputError) as refused:
        outcome_cost(option.estimate, option.price, utilization=Decimal("1e-999"))
    assert refused.value.message.key == "outcome.utilization_range"


def test_a_cost_beyond_every_range_is_refused_in_words_not_in_arithmetic():
    with pytest.raises(InputError) as refused:
        _per(Decimal(2), 1e-300, MILLION)  # an hour that produces 1e-300 tokens
    assert refused.value.message.key == "outcome.too_large"
    assert _per(Decimal(2), 3600.0, MILLION) == Decimal("555.5556")


def _extreme(field: str, value: object) -> dict:
    raw = json.loads(bundled_catalog_path().read_text("utf-8"))
    gpu = copy.deepcopy(raw["gpus"][0])
    if field == "price":
        gpu["price_per_gpu_hour"] = dict.fromkeys(gpu["price_per_gpu_hour"], value)
    else:
        gpu[field] = value
    return dict(raw, gpus=[gpu])


EXTREMES = [
    ("vram_gib", 1e308, "vram_gib"),
    ("bf16_tflops", 1e-300, "bf16_tflops"),
    ("bf16_tflops", 1e308, "bf16_tflops"),
    ("fp8_tflops", 1e-300, "fp8_tflops"),
    ("memory_bandwidth_gbps", 1e-300, "memory_bandwidth_gbps"),
    ("memory_bandwidth_gbps", 1e308, "memory_bandwidth_gbps"),
    ("vram_reported_bytes", 10**30, "vram_reported_bytes"),
    ("price", "1e999999", "at most 100,000"),
    ("price", "9" * 60, "at most 100,000"),
]


@pytest.mark.parametrize(("field", "value", "named"), EXTREMES)
def test_a_finite_catalog_extreme_is_refused_naming_the_field(field, value, named):
    with pytest.raises(CatalogError) as refused:
        parse_catalog(_extreme(field, value))
    assert named in str(refused.value)


@pytest.mark.parametrize(("field", "value", "named"), EXTREMES)
@pytest.mark.parametrize("command", ["estimate", "plan"])
def test_the_commands_refuse_a_catalog_extreme_in_one_line(
    capsys, user_data_dir, tmp_path, field, value, named, command
):
    catalog = tmp_path / "catalog.json"
    catalog.write_text(json.dumps(_extreme(field, value)))
    user_data_dir.mkdir(parents=True)
    (user_data_dir / "settings.json").write_text(json.dumps({"catalog_path": str(catalog)}))
    path = write_request(tmp_path, {"model": {"preset": "llama-3.1-8b"}})
    _one_line(run_cli(capsys, command, "--request", path, "--json"), named)


def test_the_bounds_keep_every_bundled_gpu():
    raw = json.loads(bundled_catalog_path().read_text("utf-8"))
    assert len(parse_catalog(raw).gpus) == len(raw["gpus"])
