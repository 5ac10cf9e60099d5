"""The general plan lays out vLLM's expert parallelism beside tensor parallelism for MoE models."""

from __future__ import annotations

import argparse
import json
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from core.app.cli.estimate_cmd import answer_choosing_gpu
from core.app.cli.fit_cmd import format_fit
from core.app.cli.plan_cmd import format_plan
from core.domain.catalog import default_catalog
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import resolve
from core.planning.fit import fit_models
from core.planning.planner import cheapest_fit, plan, plan_to_json
from gui.wizard.offer_table_model import GPU, UNIT_COST, OfferTableModel

FIXTURES = Path(__file__).parent / "fixtures" / "hf_configs"


def _at(result, gpu: str, gpus: int):
    return [
        o
        for o in (*result.options, *result.infeasible)
        if o.gpu.id == gpu and o.estimate.gpus == gpus
    ]


def test_moe_plan_shows_a_cheaper_expert_parallel_row_named_by_its_layout():
    request = parse_request({"model": {"preset": "mixtral-8x7b"}, "gpu": "h100-80gb-sxm"})
    result = plan(request)
    rows = {o.layout: o for o in _at(result, "h100-80gb-sxm", 2)}
    assert set(rows) == {"TP 2", "TP 1 × DP 2, EP 2"}
    tp, ep = rows["TP 2"], rows["TP 1 × DP 2, EP 2"]
    assert ep.fits and ep.expert_parallel == 2 and ep.data_parallel == 2
    assert ep.per_million_tokens < tp.per_million_tokens  # why it is shown
    # its speed has no published measurement: the band is twice the tensor-parallel one
    assert ep.speed_band == 2 * tp.speed_band
    data = plan_to_json(result)
    named = [o for o in data["options"] if o["gpus"] == 2]
    assert {o["layout"] for o in named} == {"TP 2", "TP 1 × DP 2, EP 2"}
    ep_json = next(o for o in named if o["expert_parallel"])
    assert ep_json["data_parallel"] == 2 and "expert-parallel" in ep_json["speed_uncalibrated"]
    text = format_plan(result, show_all=True)
    assert "TP 1 × DP 2, EP 2" in text and "band is doubled" in text


def test_per_million_ranking_counts_expert_parallel_at_the_slow_end_of_its_band():
    request = parse_request({"model": {"preset": "mixtral-8x7b"}, "gpu": "h100-80gb-sxm"})
    result = plan(request, rank_by="per-million-tokens")
    ep = next(o for o in result.options if o.layout == "TP 1 × DP 2, EP 2")
    tp = next(o for o in result.options if o.layout == "TP 2")
    # centrally 11.19 against 18.22 per 1M tokens, but 11.19 × 2.04 = 22.84 at the slow end
    assert ep.per_million_tokens < tp.per_million_tokens
    assert ep.per_million_tokens * (1 + Decimal(str(ep.speed_band))) > tp.per_million_tokens
    order = list(result.options)
    assert order.index(tp) < order.index(ep)


def test_no_expert_rows_for_dense_models_or_llama_cpp():
    dense = plan(parse_request({"model": {"preset": "llama-3.1-8b"}}))
    assert not any(o.data_parallel for o in (*dense.options, *dense.infeasible))
    cpp = plan(
        parse_request({"model": {"preset": "mixtral-8x7b"}, "inference": {"engine": "llama.cpp"}})
    )
    assert not any(o.data_parallel for o in (*cpp.options, *cpp.infeasible))


def test_a_request_asking_expert_parallel_still_gets_plain_tensor_rows():
    raw = {
        "model": {"preset": "mixtral-8x7b"},
        "gpu": "h100-80gb-sxm",
        "parallelism": {"strategy": "tensor", "gpus": 2, "expert_parallel": True},
    }
    result = plan(parse_request(raw))
    tp = next(o for o in result.options if o.layout == "TP 2")
    assert tp.estimate.details.expert_parallel is None
    assert tp.data_parallel == 0


def _twenty_heads(folder: Path) -> Path:
    """Mixtral with 20 attention heads: tensor parallelism over 8 GPUs cannot split them."""
    config = json.loads((FIXTURES / "mixtral-8x7b" / "config.json").read_text())
    config.update(num_attention_heads=20, num_key_value_heads=4, head_dim=128)
    path = folder / "twenty" / "config.json"
    path.parent.mkdir()
    path.write_text(json.dumps(config))
    return path


def test_expert_parallel_row_where_tensor_parallelism_cannot_serve(tmp_path):
    path = _twenty_heads(tmp_path)
    request = parse_request({"model": {"hf_config": str(path)}, "gpu": "l4"})
    result = plan(request)
    assert [o.layout for o in result.options] == ["TP 1 × DP 8, EP 8"]
    (tp8,) = [o for o in result.infeasible if o.estimate.gpus == 8]
    assert tp8.layout == "TP 8" and "20 attention heads" in tp8.reason
    assert result.suggestions == ()  # something fits: no "what would fit"


def test_cheapest_fit_takes_the_expert_parallel_layout_plan_shows_where_only_it_fits(tmp_path):
    path = _twenty_heads(tmp_path)
    request = parse_request({"model": {"hf_config": str(path)}, "gpu": "l4"})
    best = cheapest_fit(request, default_catalog(), resolve(request))
    assert best is not None and best.fits
    assert (best.gpu.id, best.estimate.gpus, best.layout) == ("l4", 8, "TP 1 × DP 8, EP 8")
    assert best.estimate.details.expert_parallel is not None
    # the same layout plan shows, at the same price
    (shown,) = plan(request).options
    assert (shown.layout, shown.price.total) == (best.layout, best.price.total)


def test_what_would_fit_names_the_expert_parallel_layout(tmp_path):
    path = _twenty_heads(tmp_path)
    raw = {
        "model": {"hf_config": str(path)},
        "gpu": "l4",
        "inference": {"context_tokens": 65536, "concurrent_sequences": 8},
    }
    result = plan(parse_request(raw))
    assert result.options == ()
    assert "with an fp8 KV cache: 8 × l4 (TP 4 × DP 2, EP 8) fits for 4.72 USD" in (
        result.suggestions
    )
    assert "with 32768 context tokens: 8 × l4 (TP 4 × DP 2, EP 8) fits for 4.72 USD" in (
        result.suggestions
    )
    # the suggestion is what plan shows for the changed request
    raw["precision"] = {"kv_cache": "fp8"}
    assert [o.layout for o in plan(parse_request(raw)).options] == ["TP 4 × DP 2, EP 8"]


def test_fit_names_the_expert_parallel_layout_where_only_it_fits(tmp_path):
    _twenty_heads(tmp_path)
    (row,) = fit_models({"workload": "inference"}, "l4", default_catalog(), models_dir=tmp_path)
    assert row.fits and row.estimate.gpus == 8
    # of the expert-parallel layouts that fit, the one with the most room left (fit is memory's)
    assert row.layout == "TP 4 × DP 2, EP 8"
    assert row.as_dict()["layout"] == "TP 4 × DP 2, EP 8"
    args = argparse.Namespace(
        term={"count": 1, "unit": "hour"},
        budget=None,
        workload="inference",
        gpu="l4",
        models_dir=tmp_path,
    )
    text = format_fit([row], args)
    assert "TP 4 × DP 2, EP 8" in text and "band is doubled" in text


def test_fit_rows_without_experts_name_their_tensor_layout():
    rows = fit_models({"workload": "inference"}, "h100-80gb-sxm", default_catalog())
    llama = next(r for r in rows if r.source == "llama-3.1-8b")
    assert llama.layout == "TP 1" and llama.as_dict()["layout"] == "TP 1"


def test_the_offer_table_names_the_expert_row_and_finds_each_layout(qapp, app_state):
    request = parse_request({"model": {"preset": "mixtral-8x7b"}, "gpu": "h100-80gb-sxm"})
    model = OfferTableModel()
    model.set_plan(plan(request))
    strategies = model.column_texts(3)
    assert "TP 1 × DP 2, EP 2" in strategies
    plain = model.find("h100-80gb-sxm", 2, "tensor")
    experts = model.find("h100-80gb-sxm", 2, "tensor", experts=True)
    assert plain is not None and experts is not None and plain != experts
    assert model.option(plain).data_parallel == 0
    assert model.option(experts).layout == "TP 1 × DP 2, EP 2"
    # a plan without expert-parallel rows: the plain row is the one selected
    model.set_plan(plan(parse_request({"model": {"preset": "llama-3.1-8b"}, "gpu": "l4"})))
    shown = model.find("l4", 2, "tensor")
    assert shown is not None and model.find("l4", 2, "tensor", experts=True) == shown


def test_the_offer_table_shows_an_expert_row_s_doubled_speed_band(qapp, app_state):
    request = parse_request({"model": {"preset": "mixtral-8x7b"}, "gpu": "h100-80gb-sxm"})
    result = plan(request)
    model = OfferTableModel()
    model.set_plan(result)
    tip = Qt.ItemDataRole.ToolTipRole
    experts = model.find("h100-80gb-sxm", 2, "tensor", experts=True)
    plain = model.find("h100-80gb-sxm", 2, "tensor")
    assert experts is not None and plain is not None
    # central 11.3356 USD per 1M tokens, the band × or ÷ 1.96 (the tensor-parallel 0.48, doubled)
    assert model.option(experts).per_million_tokens == Decimal("11.3356")
    assert model.data(model.index(experts, UNIT_COST)) == "≈ 11.3356 USD"
    assert model.data(model.index(plain, UNIT_COST)) == "15.1181 USD"
    assert model.data(model.index(experts, GPU), tip).splitlines()[1] == (
        "Expert parallelism: no published measurement backs its speed, so the speed band is"
        " doubled, to × or ÷ 1.96: 5.7835 USD to 22.2178 USD per 1M tokens"
    )
    assert "doubled" not in model.data(model.index(plain, GPU), tip)
    app_state.update_settings(language="ru")
    model.set_plan(result)
    russian = model.data(model.index(experts, GPU), tip)
    assert "диапазон скорости удвоен" in russian and "за 1 млн токенов" in russian
    assert "1,96" in russian


def test_estimate_without_a_gpu_names_the_expert_parallel_layout_it_chose(tmp_path):
    # Only L4 offers: tensor parallelism over 8 cannot split 20 heads, expert parallelism can;
    # the note says which layout was chosen instead of "strategy tensor".
    path = _twenty_heads(tmp_path)
    catalog = default_catalog()
    only_l4 = catalog.model_copy(update={"gpus": [catalog.gpu("l4")]})
    request = parse_request(
        {"model": {"hf_config": str(path)}, "parallelism": {"strategy": "tensor", "gpus": 8}}
    )
    _, choice = answer_choosing_gpu(request, only_l4, Decimal(0), Decimal(1))
    assert choice is not None and choice["reason"] == "closest"
    assert "TP 1 × DP 8, EP 8" in choice["note"] and "strategy tensor" not in choice["note"]


@pytest.mark.parametrize(
    "preset", ["llama-3.1-8b", "llama-3.1-70b", "mixtral-8x7b", "deepseek-v3", "gemma-3-27b"]
)
def test_the_cache_floor_skips_only_layouts_that_cannot_fit(preset, monkeypatch):
    # cheapest_fit skips a layout of N GPUs when the weights and every sequence's cache, spread
    # over N GPUs, exceed one GPU's usable memory. It must pick what it picked when only the
    # weights were counted, at short and long contexts, few and many sequences, with and without
    # a GPU named, and under llama.cpp (which keeps no cache floor).
    import core.planning.planner as planner

    catalog = default_catalog()
    # Moderate caches put the cheapest fit near the floor (counting the cache three times over
    # changes most of these picks); the huge ones leave nothing to fit.
    sizes = [(4096, 1), (32_768, 32), (131_072, 16), (1_000_000, 8), (10_000_000, 100_000)]
    requests = [
        parse_request(
            {
                "model": {"preset": preset},
                "inference": {"context_tokens": ctx, "concurrent_sequences": seqs, "engine": e},
                **({"gpu": gpu} if gpu else {}),
            }
        )
        for ctx, seqs in sizes
        for gpu in (None, "h100-80gb-sxm")
        for e in ("vllm", "llama.cpp")
    ]

    def picks() -> list[tuple[str, int, str, int, int | None] | None]:
        out = []
        for request in requests:
            best = cheapest_fit(request, catalog, resolve(request))
            out.append(
                None
                if best is None
                else (
                    best.gpu.id,
                    best.estimate.gpus,
                    best.estimate.strategy,
                    best.tensor_parallel,
                    best.data_parallel,
                )
            )
        return out

    floored = picks()
    monkeypatch.setattr(planner, "_floor_bytes", lambda request, alone: alone.memory.weights)
    assert picks() == floored
    assert any(p is not None for p in floored) and any(p is None for p in floored)
