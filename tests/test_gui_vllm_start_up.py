"""The wizard's verdict and offer rows follow vLLM's start-up check (kv_pool.start_up).

A layout whose KV cache pool holds no sequence of the requested context does not fit, in the live
panel's verdict and in the offer table (no cost per token, the refusal as the reason); a layout
that fits but runs fewer sequences at once than asked says how many, in both languages.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLabel

from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.planning.planner import plan
from gui.presentation import counts
from gui.wizard.live_estimate_panel import LiveEstimatePanel
from gui.wizard.offer_table_model import REASON, UNIT_COST, OfferTableModel

# The cases of the issue were read with the start-up profile of vLLM 0.7 to 0.16 (the sampler
# sorts the vocabulary); from 0.17 the profile takes less and the same layouts get larger pools.
OLD_SORT = "0.7-0.16"


def _request(preset: str, gpu: str | None, **inference: Any) -> Any:
    data: dict[str, Any] = {"workload": "inference", "model": {"preset": preset}}
    if gpu is not None:
        data["gpu"] = gpu
    return parse_request(data | {"inference": {"vllm_version": OLD_SORT} | inference})


def _verdict(panel: LiveEstimatePanel) -> str:
    return panel.findChild(QLabel, "estimateVerdict").text()


def test_the_live_verdict_says_vllm_would_not_start_and_the_longest_context(
    app_state: Any, qtbot: Any
) -> None:
    panel = LiveEstimatePanel()
    qtbot.addWidget(panel)
    panel.show_result(estimate(_request("gemma-2-9b", "l4", context_tokens=4096)))
    text = _verdict(panel)
    assert text.startswith("Does not fit: vLLM would not start")
    # the numbers in the locale's digits (counts.tokens)
    assert f"no sequence of {counts.tokens(4096)};" in text and "4096 token" in text.replace(
        ",", ""
    )
    assert text.endswith("the longest context that starts is 336 tokens")
    panel.show_result(estimate(_request("qwen3.5-35b-a3b", "h100-80gb-sxm")))
    assert _verdict(panel) == (
        "Does not fit: vLLM would not start, no KV cache pool is left for any context"
    )
    app_state.update_settings(language="ru")
    try:
        panel.show_result(estimate(_request("gemma-2-9b", "l4", context_tokens=4096)))
        text = _verdict(panel)
        assert text.startswith("Не помещается: vLLM не запустится")
        assert "в 4096 токенов;" in text.replace("\xa0", "")  # grouped with a no-break space
        assert text.endswith("самый длинный контекст, с которым он запустится, — 336 токенов")
    finally:
        app_state.update_settings(language="en")


def test_the_live_verdict_says_how_many_sequences_run_at_once(app_state: Any, qtbot: Any) -> None:
    panel = LiveEstimatePanel()
    qtbot.addWidget(panel)
    request = _request("qwen3.5-27b", "h100-80gb-sxm", context_tokens=32768, concurrent_sequences=8)
    panel.show_result(estimate(request))
    text = _verdict(panel)
    assert text.startswith("Fits: ")
    assert text.splitlines()[-1] == "vLLM runs 5 of 8 sequences at once: the others wait"
    app_state.update_settings(language="ru")
    try:
        panel.show_result(estimate(request))
        assert _verdict(panel).splitlines()[-1] == (
            "vLLM выполняет 5 из 8 последовательностей одновременно: остальные ждут"
        )
    finally:
        app_state.update_settings(language="en")


def test_offer_rows_of_a_refused_layout_and_of_fewer_sequences(app_state: Any) -> None:
    model = OfferTableModel()
    model.set_plan(plan(_request("qwen3.5-122b-a10b", None)))
    row = model.find("mi325x", 1, "single")
    assert row is not None and not model.option(row).fits
    assert model.index(row, UNIT_COST).data() == "—"
    assert model.index(row, REASON).data().startswith("vLLM refuses to start")
    ranked = [model.option(r) for r in range(model.rowCount()) if model.option(r).fits]
    assert ranked and all(o.per_million_tokens is not None for o in ranked)

    request = _request("qwen3.5-27b", "h100-80gb-sxm", context_tokens=32768, concurrent_sequences=8)
    model.set_plan(plan(request))
    row = model.find("h100-80gb-sxm", 1, "single")
    assert row is not None and model.option(row).fits
    assert model.index(row, REASON).data() == "Runs 5 of 8 sequences at once"
    two = model.find("h100-80gb-sxm", 2, "tensor")
    assert two is not None and model.index(two, REASON).data() == ""  # all 8 at once there
