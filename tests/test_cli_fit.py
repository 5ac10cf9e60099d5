"""Limits and the cost of the outcome on the command line: estimate, plan --maximize, fit."""

from __future__ import annotations

import json
import math
from decimal import Decimal

from core.domain.catalog import default_catalog
from core.domain.request import Term
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.pricing.outcome import outcome_cost, propose_term
from core.pricing.prices import price_for
from tests.cli_helpers import run_cli, write_request

LLAMA_8B = {
    "workload": "inference",
    "model": {"preset": "llama-3.1-8b"},
    "gpu": "h100-80gb-sxm",
    # The release the pool's figures below were worked out for (tests/test_limits.py by hand).
    "inference": {"context_tokens": 8192, "vllm_version": "0.7-0.16"},
}


def test_estimate_json_has_limits_and_outcome(capsys, tmp_path):
    result = run_cli(capsys, "estimate", "--request", write_request(tmp_path, LLAMA_8B), "--json")
    assert result.code == 0, result.err
    data = result.json()
    limits = data["limits"]
    assert limits["sequences"] == {
        # 55 fit in the planner's memory, vLLM's pool holds 51 (tests/test_limits.py by hand)
        "value": 51,
        "requested": 1,
        "binding": "kv_pool",
        "probes": limits["sequences"]["probes"],
    }
    assert limits["context"]["binding"] == "max_position_embeddings"
    assert limits["kv_pool"]["tokens"] == 421_408  # vLLM's pool (tests/test_limits.py)
    outcome = data["outcome"]
    assert Decimal(outcome["per_million_output_tokens"]) > Decimal(
        outcome["per_million_input_tokens"]
    )


def test_estimate_text_has_a_limits_block(capsys, tmp_path):
    result = run_cli(capsys, "estimate", "--request", write_request(tmp_path, LLAMA_8B))
    assert result.code == 0, result.err
    assert (
        "most concurrent sequences of 8,192 tokens: 51 (limited by vLLM's KV cache pool)"
        in result.out
    )
    assert "vLLM's KV cache pool at start-up: 421,408 tokens" in result.out
    assert "per 1M output tokens (decode)" in result.out


def test_per_million_prices_follow_the_throughput_bounds():
    request = parse_request(LLAMA_8B)
    result = estimate(request)
    catalog = default_catalog()
    price = price_for(catalog, result.gpu, 1, request.term)
    cost = outcome_cost(result, price, utilization=Decimal("0.5"))
    hourly = price.total / price.hours  # 2.99 USD for one H100 hour
    decode = Decimal(str(result.throughput.decode_tokens_per_s))
    expected = (hourly / Decimal("0.5") * 1_000_000 / (decode * 3600)).quantize(Decimal("0.0001"))
    assert cost.per_million_output == expected
    prefill = Decimal(str(result.throughput.prefill_tokens_per_s))
    expected_in = (hourly / Decimal("0.5") * 1_000_000 / (prefill * 3600)).quantize(
        Decimal("0.0001")
    )
    assert cost.per_million_input == expected_in
    assert isinstance(cost.per_million_output, Decimal)


def test_training_run_cost_and_the_term_that_covers_it():
    request = parse_request(
        {
            "workload": "training",
            "model": {"preset": "llama-3.1-8b"},
            "training": {"method": "qlora", "tokens": 2_000_000_000, "mfu": 0.3},
            "gpu": "a100-80gb",
            "term": {"unit": "day", "count": 1},
        }
    )
    result = estimate(request)
    gpu = result.gpu
    price = price_for(default_catalog(), gpu, 1, request.term)
    cost = outcome_cost(result, price)
    # tokens × 4·N_active (LoRA skips weight gradients) ÷ (dense bf16 peak × MFU)
    seconds = 2_000_000_000 * 4 * result.model.params_active / (gpu.bf16_tflops * 1e12 * 0.3)
    assert cost.run_gpu_hours is not None
    assert math.isclose(cost.run_gpu_hours, seconds / 3600, rel_tol=1e-12)
    assert cost.flops_factor == 4 and cost.mfu == 0.3
    assert cost.run_cost == (price.total / 24 * Decimal(str(cost.run_hours))).quantize(
        Decimal("0.01")
    )
    proposal = cost.proposed_term
    assert proposal is not None and proposal.hours >= cost.run_hours
    # the cheapest whole term of any unit that covers the run, by brute force over counts
    candidates = []
    for unit in ("hour", "day", "week", "month"):
        for count in range(1, 2000):
            term = Term(unit=unit, count=count)
            hours = price_for(default_catalog(), gpu, 1, term).hours
            if hours >= cost.run_hours:
                candidates.append(price_for(default_catalog(), gpu, 1, term).total)
                break
    assert proposal.compute == min(candidates)
    share = cost.run_share_of_term
    assert share is not None and share == (Decimal(24) / Decimal(str(cost.run_hours))).quantize(
        Decimal("0.0001")
    )
    assert propose_term(result, 0.5, "USD").hours == 1  # type: ignore[union-attr]


def test_cost_per_thousand_images():
    request = parse_request({"workload": "diffusion", "model": {"preset": "sdxl"}, "gpu": "l4"})
    result = estimate(request)
    price = price_for(default_catalog(), result.gpu, 1, request.term)
    cost = outcome_cost(result, price)
    iph = Decimal(str(result.throughput.images_per_hour))
    assert cost.per_thousand_images == (price.total * 1000 / iph).quantize(Decimal("0.0001"))


def test_plan_maximize_context_ranks_by_the_limit_within_the_budget(capsys, tmp_path):
    path = write_request(
        tmp_path,
        {
            "model": {"preset": "llama-3.1-70b"},
            "inference": {"context_tokens": 8192, "concurrent_sequences": 8},
            "term": {"unit": "week", "count": 1},
        },
    )
    result = run_cli(
        capsys, "plan", "--request", path, "--json", "--maximize", "sequences", "--budget", "3000"
    )
    assert result.code == 0, result.err
    data = result.json()
    assert data["maximize"] == "sequences" and data["budget"] == "3000"
    values = [o["limits"]["sequences"]["value"] for o in data["options"]]
    assert values == sorted(values, reverse=True) and values[0] > 8
    assert all(Decimal(o["price"]["total"]) <= 3000 for o in data["options"])
    over = [i for i in data["infeasible"] if "over the budget" in i["reason"]]
    assert over
    text = run_cli(capsys, "plan", "--request", path, "--maximize", "context")
    assert "max ctx" in text.out and "1M out" in text.out


def test_plan_rejects_a_bad_budget(capsys, tmp_path):
    path = write_request(tmp_path, {"model": {"preset": "llama-3.2-1b"}})
    result = run_cli(capsys, "plan", "--request", path, "--budget", "-3")
    assert result.code == 2 and "non-negative" in result.err
    assert run_cli(capsys, "plan", "--request", path, "--utilization", "0").code == 2


def test_fit_lists_presets_that_fit_and_why_others_do_not(capsys):
    result = run_cli(
        capsys, "fit", "--gpu", "h100-80gb-sxm", "--term", "week", "--budget", "500", "--json"
    )
    assert result.code == 0, result.err
    rows = {r["model"]: r for r in result.json()["rows"]}
    assert rows["llama-3.1-8b"]["fits"] is True
    assert rows["llama-3.1-8b"]["limits"]["sequences"]["value"] >= 1
    assert Decimal(rows["llama-3.1-8b"]["price"]["total"]) <= 500
    assert rows["llama-3.1-70b"]["fits"] is False  # two H100s cost more than 500 a week
    assert "needs" in rows["llama-3.1-70b"]["reason"]
    # Gemma 2's 8,192-token maximum is below a 32k request: it fits memory, not the model
    result = run_cli(capsys, "fit", "--gpu", "h100-80gb-sxm", "--context", "32768", "--json")
    rows = {r["model"]: r for r in result.json()["rows"]}
    assert rows["gemma-2-9b"]["fits"] is False
    assert "max_position_embeddings is 8,192" in rows["gemma-2-9b"]["reason"]


def test_fit_without_gpus_takes_the_smallest_count_that_fits(capsys):
    # Two H100s hold Llama 3.1 70B's weights and the planner's KV cache (68.8 of 71.3 GiB), but
    # vLLM's start-up pool (3,520 tokens) holds no 4,096-token sequence, so vLLM would not
    # start there: four is the smallest count that serves the request.
    # (vLLM 0.7 to 0.16; from 0.17 the start-up profile's sampler takes less and two start).
    old = ("--vllm-version", "0.7-0.16")
    result = run_cli(capsys, "fit", "--gpu", "h100-80gb-sxm", *old, "--json")
    rows = {r["model"]: r for r in result.json()["rows"]}
    assert rows["llama-3.1-70b"]["fits"] and rows["llama-3.1-70b"]["gpus"] == 4
    current = run_cli(capsys, "fit", "--gpu", "h100-80gb-sxm", "--json")
    rows = {r["model"]: r for r in current.json()["rows"]}
    assert rows["llama-3.1-70b"]["fits"] and rows["llama-3.1-70b"]["gpus"] == 2
    two = run_cli(capsys, "fit", "--gpu", "h100-80gb-sxm", "--gpus", "2", *old, "--json")
    row = {r["model"]: r for r in two.json()["rows"]}["llama-3.1-70b"]
    assert row["fits"] is False and row["memory_per_gpu_bytes"] <= row["usable_bytes"]
    assert "vLLM refuses to start" in row["reason"] and "3,520 tokens" in row["reason"]


def test_fit_models_dir_reports_a_broken_config_and_goes_on(capsys, tmp_path):
    good = {
        "model_type": "llama",
        "hidden_size": 2048,
        "intermediate_size": 8192,
        "num_hidden_layers": 16,
        "num_attention_heads": 32,
        "num_key_value_heads": 8,
        "vocab_size": 128256,
        "max_position_embeddings": 131072,
        "tie_word_embeddings": True,
    }
    (tmp_path / "small").mkdir()
    (tmp_path / "small" / "config.json").write_text(json.dumps(good), "utf-8")
    (tmp_path / "broken.json").write_text("{not json", "utf-8")
    result = run_cli(capsys, "fit", "--gpu", "l4", "--models-dir", str(tmp_path))
    assert result.code == 0, result.err
    assert "small/config.json" in result.out and "broken.json" in result.out
    assert "not valid JSON" in result.out


def test_fit_refuses_bad_input_with_one_line(capsys, tmp_path):
    for argv in (
        ("fit", "--gpu", "nope"),
        ("fit", "--gpu", "l4", "--term", "year"),
        ("fit", "--gpu", "l4", "--term", "week:0"),
        ("fit", "--gpu", "l4", "--gpus", "0"),
        ("fit", "--gpu", "l4", "--models-dir", str(tmp_path / "missing")),
    ):
        result = run_cli(capsys, *argv)
        assert result.code == 2, argv
        assert result.err.count("\n") == 1, result.err
