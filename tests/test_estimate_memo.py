"""Memoized parts of an estimate (core.estimate.memo) give the figures a fresh estimate gives."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from core.domain.catalog import GpuOffer, default_catalog
from core.domain.request import PlanRequest
from core.domain.request_parsing import parse_request
from core.estimate import memo as estimate_memo
from core.estimate.dispatch import estimate_on, resolve
from core.estimate.results import estimate_to_json
from core.planning.planner import _with_layout

SWEPT: list[dict[str, Any]] = [
    {"model": {"preset": "llama-3.1-70b"}, "inference": {"context_tokens": 8192}},
    {"model": {"preset": "qwen3-next-80b-a3b"}, "precision": {"kv_cache": "fp8"}},
    {"model": {"preset": "gemma-3-27b"}, "inference": {"concurrent_sequences": 16}},
    {"model": {"preset": "deepseek-v3"}, "inference": {"mtp_speculative_tokens": 1}},
    {"workload": "training", "model": {"preset": "llama-3.1-8b"}},
    {"workload": "training", "model": {"preset": "mixtral-8x7b"}, "training": {"method": "qlora"}},
    {
        "workload": "training",
        "model": {"preset": "qwen3-8b"},
        "training": {"trainer": "litgpt", "method": "lora"},
    },
]


def _layouts(gpu: GpuOffer) -> list[tuple[str, int]]:
    """Every strategy on 1 to 16 GPUs of ``gpu`` (inference too, as the benchmark sweeps)."""
    return [
        (strategy, count)
        for count in (1, 2, 4, 8, 16)
        for strategy in ("single", "tensor", "ddp", "fsdp")
        if (strategy == "single") == (count == 1) and count <= gpu.max_gpus
    ]


def _sweep(request: PlanRequest, *, remember: bool = True) -> list[str]:
    """Every layout of ``request`` on every offer, each estimate as its JSON.

    With ``remember`` off nothing is kept between the estimates.
    """
    model = resolve(request)
    found = []
    for gpu in default_catalog().gpus:
        for strategy, count in _layouts(gpu):
            if not remember:
                estimate_memo.forget()
            result = estimate_on(_with_layout(request, gpu, strategy, count, count), model, gpu)
            found.append(json.dumps(estimate_to_json(result), sort_keys=True, default=str))
    return found


@pytest.mark.parametrize("raw", SWEPT, ids=lambda raw: str(raw["model"]["preset"]))
def test_a_sweep_gives_what_fresh_estimates_give(raw: dict[str, Any]) -> None:
    request = parse_request(raw)
    estimate_memo.forget()
    swept = _sweep(request)
    assert swept == _sweep(request, remember=False)
    assert len(swept) > 150  # every offer, several GPU counts and strategies


def test_a_changed_request_is_estimated_afresh() -> None:
    request = parse_request({"model": {"preset": "llama-3.1-8b"}, "gpu": "l4"})
    model = resolve(request)
    gpu = default_catalog().gpu("l4")
    before = estimate_on(request, model, gpu)
    longer = request.model_copy(
        update={"inference": request.inference.model_copy(update={"context_tokens": 32768})}
    )
    after = estimate_on(longer, model, gpu)
    assert after.memory.kv_cache == 8 * before.memory.kv_cache
    estimate_memo.forget()
    assert estimate_to_json(after) == estimate_to_json(estimate_on(longer, model, gpu))


def test_the_memo_is_bounded() -> None:
    estimate_memo.forget()
    gpu = default_catalog().gpu("l4")
    model = resolve(parse_request({"model": {"preset": "llama-3.2-1b"}}))
    for tokens in range(1, estimate_memo.REQUESTS + 10):
        request = parse_request(
            {"model": {"preset": "llama-3.2-1b"}, "inference": {"context_tokens": tokens}}
        )
        estimate_on(request, model, gpu)
    assert len(estimate_memo._entries) == estimate_memo.REQUESTS


def test_offers_with_other_nodes_shard_apart() -> None:
    # FSDP's hybrid sharding spans one node: the same layout on smaller nodes shards less.
    request = parse_request({"workload": "training", "model": {"preset": "llama-3.1-8b"}})
    model = resolve(request)
    large = default_catalog().gpu("h100-80gb-sxm")
    small = large.model_copy(update={"id": "h100-pairs", "gpus_per_node": 2, "max_nodes": 16})
    estimate_memo.forget()
    swept = [
        estimate_to_json(estimate_on(_with_layout(request, gpu, "fsdp", 16, 1), model, gpu))
        for gpu in (large, small)
    ]
    fresh = []
    for gpu in (large, small):
        estimate_memo.forget()
        result = estimate_on(_with_layout(request, gpu, "fsdp", 16, 1), model, gpu)
        fresh.append(estimate_to_json(result))
    assert swept == fresh
    assert [s["details"]["shard_degree"] for s in swept] == [8, 2]


def test_sweeps_on_several_threads_share_the_memo() -> None:
    requests = [parse_request(raw) for raw in SWEPT]
    expected = [_sweep(request, remember=False) for request in requests]
    estimate_memo.forget()
    with ThreadPoolExecutor(max_workers=4) as pool:
        swept = list(pool.map(_sweep, requests + requests))
    assert swept == expected + expected


def test_the_memo_key_holds_every_field_of_the_request_but_its_layout():
    # A field added to PlanRequest and left out of the key would let an estimate that reads it
    # take another request's parts.
    from core.domain.request import PlanRequest
    from core.domain.request_parsing import parse_request
    from core.estimate.dispatch import resolve
    from core.estimate.memo import _held
    from core.model.architecture import ModelArchitecture

    request = parse_request({"workload": "inference", "model": {"preset": "llama-3.1-8b"}})
    arch = resolve(request)
    assert isinstance(arch, ModelArchitecture)
    held = _held(request, arch)
    layout = {"parallelism", "gpu"}
    for name in set(PlanRequest.model_fields) - layout:
        assert any(getattr(request, name) is value for value in held), name
    assert not any(request.parallelism is value for value in held)  # the layout is not
