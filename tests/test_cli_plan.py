"""The ``plan`` command: every offer × count × strategy, priced and ranked."""

from __future__ import annotations

import re
from decimal import Decimal

from core.domain.request_parsing import parse_request
from core.planning.planner import plan
from tests.catalog_prices import compute
from tests.cli_helpers import run_cli, write_request


def test_plan_json_contract_and_cheapest_first(capsys, tmp_path):
    path = write_request(
        tmp_path,
        {
            "workload": "inference",
            "model": {"preset": "llama-3.1-70b"},
            "inference": {"context_tokens": 8192, "concurrent_sequences": 4},
            "term": {"unit": "week", "count": 1},
        },
    )
    result = run_cli(capsys, "plan", "--request", path, "--json")
    assert result.code == 0, result.err
    data = result.json()
    options = data["options"]
    assert options, "a 70B model fits somewhere in the catalog"
    totals = [Decimal(o["price"]["total"]) for o in options]
    assert totals == sorted(totals)
    for option in options:
        assert option["fits"] is True
        assert option["memory_per_gpu"]["total"] <= option["vram_bytes"]
        assert option["price"]["currency"] == "USD"
        assert isinstance(option["price"]["total"], str)
        assert {"gpu", "gpus", "strategy"} <= set(option)
    # 70B in bf16 is ~141 GB of weights: it never fits one 80 GB card
    assert not any(o["gpu"] == "h100-80gb-sxm" and o["gpus"] == 1 for o in options)
    single_h100 = [i for i in data["infeasible"] if i["gpu"] == "h100-80gb-sxm" and i["gpus"] == 1]
    assert single_h100 and "needs" in single_h100[0]["reason"]


def test_week_price_is_168_hours_of_the_week_rate(capsys, tmp_path):
    path = write_request(
        tmp_path,
        {
            "model": {"preset": "llama-3.1-8b"},
            "gpu": "l4",
            "term": {"unit": "week", "count": 2},
        },
    )
    data = run_cli(capsys, "plan", "--request", path, "--json").json()
    single = next(o for o in data["options"] if o["gpus"] == 1)
    # 2 weeks = 336 h × the L4 week rate
    assert single["price"]["total"] == str(compute("l4", "week", count=2))
    assert single["price"]["hours"] == 336


def test_ddp_reason_says_it_does_not_pool(capsys, tmp_path):
    path = write_request(
        tmp_path,
        {
            "workload": "training",
            "model": {"preset": "llama-3.1-8b"},
            # 1,024 tokens: FSDP over 8 fits the 23.5 GiB CUDA leaves of an RTX 4090 with room.
            "training": {"activation_checkpointing": True, "sequence_length": 1024},
            "gpu": "rtx-4090",
        },
    )
    data = run_cli(capsys, "plan", "--request", path, "--json").json()
    ddp8 = next(i for i in data["infeasible"] if i["strategy"] == "ddp" and i["gpus"] == 8)
    assert "DDP does not pool memory" in ddp8["reason"]
    assert any(o["strategy"] == "fsdp" for o in data["options"])


def test_nothing_fits_says_what_would(capsys, tmp_path):
    path = write_request(
        tmp_path,
        {"model": {"preset": "llama-3.1-405b"}, "gpu": "l4"},
    )
    result = run_cli(capsys, "plan", "--request", path)
    assert result.code == 0
    assert "nothing in the catalog fits" in result.out
    assert "What would fit:" in result.out
    assert "with another GPU offer:" in result.out
    data = run_cli(capsys, "plan", "--request", path, "--json").json()
    assert data["options"] == []
    assert data["suggestions"]


def test_rank_by_job_cost_orders_training_runs():
    request = parse_request(
        {
            "workload": "training",
            "model": {"preset": "llama-3.2-1b"},
            "training": {"tokens": 10_000_000_000},
        }
    )
    result = plan(request, rank_by="job-cost")
    costs = [o.job_cost for o in result.options]
    assert all(c is not None for c in costs)
    assert costs == sorted(costs)


def test_amd_offers_are_not_options_for_a_cuda_workload():
    request = parse_request({"model": {"preset": "llama-3.1-8b"}, "platform": "cuda"})
    result = plan(request)
    assert result.options
    assert all(o.gpu.vendor == "nvidia" for o in result.options)
    amd = [o for o in result.infeasible if o.gpu.vendor == "amd"]
    assert amd and all("CUDA" in o.reason for o in amd)


def test_memory_is_in_gib_in_the_table_and_the_reasons(capsys, tmp_path):
    """One unit policy (core.base.units): the table and every reason say GiB, never GB."""
    request = {"model": {"preset": "llama-3.1-70b"}, "term": {"unit": "week", "count": 1}}
    result = run_cli(capsys, "plan", "--request", write_request(tmp_path, request), "--all")
    assert result.code == 0
    assert "GiB" in result.out and not re.search(r"\dGB|\d GB", result.out)
    assert re.search(r"needs \d+\.\d GiB per GPU, has \d+\.\d GiB", result.out)
