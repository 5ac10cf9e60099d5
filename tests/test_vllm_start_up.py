"""vLLM refuses to start when one sequence of ``max_model_len`` does not fit its KV cache pool.

``_check_enough_kv_cache_memory`` (``vllm/v1/core/kv_cache_utils.py``) raises "No available memory
for the cache blocks" for an empty pool, and "To serve at least one request with the models's max
seq len ... KV cache is needed, which is larger than the available KV cache memory" when the
blocks one request takes over every KV cache group (times the bytes a block id spans) exceed the
pool. The verdict follows it on every surface: the estimate, ``plan`` (never ranked, no cost per
token), ``fit``. The four layouts are those of the issue, on the bundled presets and catalog.
"""

from __future__ import annotations

from typing import Any

from core.capacity.kv_pool import refused, runs_fewer
from core.capacity.vllm_kv_layout import KvLayout
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.estimate.results import EstimateResult
from core.planning.planner import plan
from tests.cli_helpers import run_cli, write_request

# The cases of the issue were read with the start-up profile of vLLM 0.7 to 0.16 (the sampler
# sorts the vocabulary); from 0.17 the profile takes less and the same layouts get larger pools.
OLD_SORT = "0.7-0.16"


def _request(preset: str, gpu: str | None, **inference: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"workload": "inference", "model": {"preset": preset}}
    if gpu is not None:
        data["gpu"] = gpu
    return data | {"inference": {"vllm_version": OLD_SORT} | inference}


def _estimate(preset: str, gpu: str, **inference: Any) -> EstimateResult:
    return estimate(parse_request(_request(preset, gpu, **inference)))


def _codes(result: EstimateResult) -> list[str]:
    return [f.code for f in result.findings]


def test_llama_70b_on_one_b200_starts_up_to_the_last_whole_block_of_its_pool() -> None:
    """One group of full attention: a sequence of L tokens takes ⌈L / 16⌉ blocks of the pool.

    The pool's blocks (its bytes over the bytes a block spans, from the estimate's profile) times
    16 is the longest context that starts; one token more needs one block more and vLLM refuses.
    Before, 79,217 tokens was "fits, tight" at a pool of 79,216 tokens.
    """
    refused_at = _estimate("llama-3.1-70b", "b200-180gb", context_tokens=79_217)
    profile = refused_at.details["vllm_profile"]
    layout = KvLayout.of_dict(profile["kv_layout"])
    assert [g.rule for g in layout.groups] == ["full"]
    blocks = profile["kv_pool_bytes"] // layout.block_bytes
    assert blocks * 16 == 79_216  # the pool of the issue
    assert refused_at.headroom_bytes > 0  # memory alone said it fits
    assert refused_at.fits is False and refused_at.fit_certainty == "does_not_fit"
    (finding,) = [f for f in refused_at.findings if f.code == "vllm_does_not_start"]
    assert finding.severity == "blocker" and finding.variant == ""
    assert finding.params["longest"] == 79_216 and finding.params["context"] == 79_217
    assert "vllm_runs_fewer" not in _codes(refused_at)  # nothing waits in a queue
    check = refused(refused_at.details)
    assert check is not None and check.longest == 79_216
    assert check.needed_bytes == layout.block_bytes * -(-79_217 // 16)

    starts = _estimate("llama-3.1-70b", "b200-180gb", context_tokens=79_216)
    assert starts.fits and refused(starts.details) is None
    assert "vllm_does_not_start" not in _codes(starts)


def test_qwen35_35b_on_an_h100_has_no_pool_and_does_not_fit() -> None:
    """Weights and the start-up profile take the whole budget: vLLM's "No available memory"."""
    result = _estimate("qwen3.5-35b-a3b", "h100-80gb-sxm")
    assert result.details["vllm_profile"]["kv_pool_bytes"] == 0
    assert result.headroom_bytes > 0  # before: "fits, tight"
    assert result.fits is False
    (finding,) = [f for f in result.findings if f.code == "vllm_does_not_start"]
    assert finding.variant == "no_pool" and finding.params["longest"] == 0
    assert "vllm_runs_fewer" not in _codes(result)


def test_gemma_2_9b_on_an_l4_starts_at_336_tokens_not_4096() -> None:
    """Two groups (sliding 4,096 and full): one sequence of L takes ⌈L / 16⌉ + 1 + ⌈L / 16⌉.

    The pool's 43 blocks hold 2 × 21 + 1 = 43 blocks, L = 336 (21 blocks of each group); 337
    needs 45. Before, 4,096 tokens was "fits, tight" at a pool of 343 tokens.
    """
    result = _estimate("gemma-2-9b", "l4", context_tokens=4096)
    profile = result.details["vllm_profile"]
    layout = KvLayout.of_dict(profile["kv_layout"])
    blocks = profile["kv_pool_bytes"] // layout.block_bytes
    assert blocks == 43 and profile["kv_pool_tokens"] == 343
    assert result.fits is False and result.headroom_bytes > 0
    check = refused(result.details)
    assert check is not None and check.longest == 336
    assert layout.per_request(336) <= blocks < layout.per_request(337)
    assert _estimate("gemma-2-9b", "l4", context_tokens=336).fits
    assert not _estimate("gemma-2-9b", "l4", context_tokens=337).fits


def test_qwen35_122b_on_one_mi325x_is_not_ranked_and_has_no_cost_per_token() -> None:
    """Before, one MI325X was row 1 of the plan with a pool of 0 tokens and a price per 1M."""
    result = plan(parse_request(_request("qwen3.5-122b-a10b", None)), with_limits=True)
    ranked = [(o.gpu.id, o.estimate.gpus) for o in result.options]
    assert ("mi325x", 1) not in ranked
    assert all(refused(o.estimate.details) is None for o in result.options)
    (option,) = [o for o in result.infeasible if (o.gpu.id, o.estimate.gpus) == ("mi325x", 1)]
    assert option.estimate.headroom_bytes > 0
    assert "vLLM refuses to start" in option.reason
    assert option.per_million_tokens is None
    assert option.outcome is not None and option.outcome.per_million_output is None
    assert option.limits is not None and option.limits.value("context") == 0
    # the ranked options all start, and keep their cost per token
    first = result.options[0]
    assert first.fits and first.per_million_tokens is not None


def test_the_fit_listing_leaves_out_a_model_vllm_would_not_start(capsys: Any) -> None:
    listing = run_cli(
        capsys,
        "fit",
        "--gpu",
        "l4",
        "--gpus",
        "1",
        "--context",
        "4096",
        "--vllm-version",
        OLD_SORT,
        "--json",
    ).json()
    row = {r["model"]: r for r in listing["rows"]}["gemma-2-9b"]
    assert row["fits"] is False and row["memory_per_gpu_bytes"] <= row["usable_bytes"]
    assert "longest context (max_model_len) that starts here is 336 tokens" in row["reason"]
    text = run_cli(
        capsys, "fit", "--gpu", "l4", "--gpus", "1", "--context", "4096", "--vllm-version", OLD_SORT
    ).out
    fitting, _, others = text.partition("Do not fit")
    assert "gemma-2-9b" not in fitting and "gemma-2-9b" in others


def test_the_estimate_command_says_it_does_not_start(capsys: Any, tmp_path: Any) -> None:
    path = write_request(tmp_path, _request("gemma-2-9b", "l4", context_tokens=4096))
    out = run_cli(capsys, "estimate", "--request", path).out
    assert "does NOT fit: vLLM would not start" in out
    assert "the longest context that starts is 336" in out
    assert "wait in its queue" not in out
    assert "Cost of the outcome" not in out  # no price per token for a server that never runs
    data = run_cli(capsys, "estimate", "--request", path, "--json").json()
    assert data["fits"] is False and data["memory_fits"] is True
    assert data["details"]["vllm_start_up"] == {
        "starts": False,
        "needed_bytes": data["details"]["vllm_start_up"]["needed_bytes"],
        "longest_context": 336,
        "sequences_at_once": 0,
    }


def test_fewer_sequences_at_once_are_said_in_the_verdict_and_the_rows(
    capsys: Any, tmp_path: Any
) -> None:
    """Qwen3.5 27B on one H100 at 32k × 8: the pool holds 5 of the 8 at once, the rest queue."""
    request = _request("qwen3.5-27b", "h100-80gb-sxm", context_tokens=32768, concurrent_sequences=8)
    result = estimate(parse_request(request))
    held = result.details["vllm_profile"]["max_concurrency"]
    assert result.fits and int(held) == 5
    assert runs_fewer(result.details, 8) == 5
    assert any(f.code == "vllm_runs_fewer" for f in result.findings)
    path = write_request(tmp_path, request)
    out = run_cli(capsys, "estimate", "--request", path).out
    assert "5 of 8 sequences at once:" in out
    rows = run_cli(capsys, "plan", "--request", path).out.splitlines()
    (row,) = [line for line in rows if line.startswith("  * NVIDIA H100 SXM · 80 GiB    1")]
    assert row.endswith("(5 of 8 sequences at once)")
