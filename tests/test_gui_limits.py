"""The wizard shows how far a job goes: limits in the live panel, sortable limit columns."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QTableView

from core.planning.limits import solve_limits
from gui.presentation.names import offer
from gui.wizard.offer_table_model import LIMIT_A, LIMIT_B, SORT_ROLE
from tests.test_gui_wizard import click_next, pick_preset, settle, wizard  # noqa: F401


def test_live_panel_shows_the_limits_and_the_cost_of_the_outcome(wizard, qtbot):  # noqa: F811
    click_next(qtbot, wizard)
    pick_preset(qtbot, wizard, "8b", "llama-3.1-8b")
    settle(qtbot, wizard)
    result, limits = wizard.live.result, wizard.live.limits
    assert result is not None and limits is not None
    # the panel's figures are the solver's own, for the estimate it shows
    expected = solve_limits(result, wizard.live.model_for(result.request))
    assert limits.as_dict() == expected.as_dict()
    text = wizard.panel.findChild(QLabel, "estimateLimits").text()
    assert "longest context per sequence" in text
    assert f"{limits.value('sequences'):,}" in text
    assert "per 1M output tokens" in text


def test_offer_table_has_sortable_max_context_and_sequences(wizard, qtbot):  # noqa: F811
    click_next(qtbot, wizard)
    pick_preset(qtbot, wizard, "70b", "llama-3.1-70b")
    while wizard.currentPage() is not wizard.offer_page:
        click_next(qtbot, wizard)
    table = wizard.findChild(QTableView, "offerTable")
    model = table.model()
    qtbot.waitUntil(lambda: model.rowCount() > 0, timeout=10_000)
    header = model.headerData(LIMIT_A, Qt.Orientation.Horizontal)
    assert header == "Max context"
    assert model.headerData(LIMIT_B, Qt.Orientation.Horizontal) == "Max sequences"
    table.sortByColumn(LIMIT_B, Qt.SortOrder.DescendingOrder)
    keys = [model.index(r, LIMIT_B).data(SORT_ROLE) for r in range(model.rowCount())]
    assert keys == sorted(keys, reverse=True) and keys[0] > 0
    plan = wizard.live.plan
    best = max(o.limits.value("sequences") for o in plan.options if o.limits)
    assert keys[0] == best


def test_limits_and_costs_read_in_russian(app_state):
    from decimal import Decimal

    from core.domain.catalog import default_catalog
    from core.domain.request_parsing import parse_request
    from core.estimate.dispatch import estimate, resolve
    from core.pricing.outcome import outcome_cost
    from core.pricing.prices import price_for
    from gui import core_text

    app_state.update_settings(language="ru")
    try:
        request = parse_request(
            {
                "model": {"preset": "llama-3.1-8b"},
                "gpu": "h100-80gb-sxm",
                # the release tests/test_limits.py works the pool by hand for (the sort)
                "inference": {"context_tokens": 8192, "vllm_version": "0.7-0.16"},
            }
        )
        model = resolve(request)
        result = estimate(request, model=model)
        lines = [core_text.message_text(m) for m in solve_limits(result, model).messages(request)]
        # 51, what vLLM's pool holds (tests/test_limits.py works it by hand);
        # 8192 ends in 2: "по 8192 токена"; 421 408 ends in 8: "421 408 токенов".
        assert "наибольшее число одновременных последовательностей по 8192 токена: 51" in lines[1]
        assert "(ограничение: пул KV-кэша vLLM)" in lines[1]
        assert "пул KV-кэша vLLM при запуске: 421\xa0408 токенов" in lines[2]
        price = price_for(default_catalog(), result.gpu, 1, request.term)
        cost = outcome_cost(result, price, utilization=Decimal("0.5"))
        text = core_text.message_text(cost.messages(1)[0])
        assert "за 1 млн выходных токенов" in text
        assert "GPU заняты 50" in text
        assert str(cost.per_million_output).replace(".", ",") in text
    finally:
        app_state.update_settings(language="en")


def test_training_offers_the_term_that_covers_the_run(main_window, wizard, qtbot):  # noqa: F811
    from PySide6.QtWidgets import QComboBox, QPushButton, QSpinBox

    from core.domain.request_parsing import parse_request

    request = parse_request(
        {
            "workload": "training",
            "model": {"preset": "llama-3.1-8b"},
            "training": {"method": "qlora", "tokens": 2_000_000_000},
            "gpu": "a100-80gb",
            "term": {"unit": "hour", "count": 1},
        }
    )
    main_window.page("plan").load_request(request)
    settle(qtbot, wizard)
    outcome = wizard.live.outcome
    assert outcome is not None and outcome.proposed_term is not None
    assert outcome.run_hours is not None and outcome.run_hours > 24
    text = wizard.panel.findChild(QLabel, "estimateLimits").text()
    # "6 days (144 h) cover the run", or "105 hours cover the run" when hours are the cheapest unit
    assert re.search(r"(\(\d+ h\)|\d+ hours) covers? the run", text) and "buys" in text
    button = wizard.findChild(QPushButton, "coverRun")
    assert not button.isHidden()
    button.click()
    settle(qtbot, wizard)
    proposal = outcome.proposed_term
    assert wizard.findChild(QComboBox, "termUnit").currentData() == proposal.unit
    assert wizard.findChild(QSpinBox, "termCount").value() == proposal.count
    assert wizard.current_request().term.unit == proposal.unit
    # the chosen term now covers the run: no share is stated any more
    after = wizard.live.outcome
    assert after is not None and after.run_share_of_term == 1


def _older_vllm(qtbot, wizard) -> None:  # noqa: F811
    """Serve on vLLM 0.7 to 0.16, whose sampler's sort leaves a pool that binds before memory."""
    from PySide6.QtWidgets import QComboBox

    from gui.wizard.field_form import set_combo_value

    set_combo_value(wizard.findChild(QComboBox, "vllmVersion"), "0.7-0.16")
    settle(qtbot, wizard)
    assert wizard.current_request().inference.vllm_version == "0.7-0.16"


def test_context_chart_marks_where_it_stops_fitting_and_a_click_sets_the_context(
    wizard,  # noqa: F811
    qtbot,
    tmp_path,
):
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QSpinBox

    click_next(qtbot, wizard)
    pick_preset(qtbot, wizard, "3.2 1b", "llama-3.2-1b")
    click_next(qtbot, wizard)  # the sizes page
    wizard.findChild(QSpinBox, "concurrentSequences").setValue(200)
    _older_vllm(qtbot, wizard)
    charts = wizard.sizes_page.limit_charts
    chart = charts.chart
    curve = chart.curve
    assert charts.isVisible() and curve is not None and curve.name == "context"
    assert curve.limit == wizard.live.limits.value("context")
    assert 0 < curve.limit < curve.top
    # up to the limit memory fits; vLLM's pool stops it first, the marker sits on the curve
    assert curve.binding == "kv_pool"
    assert all(m <= curve.usable_bytes for x, m in curve.points if x <= curve.limit)
    assert chart.limit_label() == f"vLLM's KV pool: up to {curve.limit:,}"
    assert chart.grab().save(str(tmp_path / "context-chart.png"))
    plot_left, plot_width = 64, chart.width() - 64 - 12
    x = plot_left + plot_width // 4
    qtbot.mouseClick(chart, Qt.MouseButton.LeftButton, pos=QPoint(x, chart.height() // 2))
    settle(qtbot, wizard)
    expected = chart.value_at(x)
    assert wizard.current_request().inference.context_tokens == expected
    assert expected is not None and abs(expected - curve.top / 4) <= curve.top / plot_width + 1


def test_concurrency_chart_is_switched_to_and_picks_sequences_by_click_and_keyboard(
    wizard,  # noqa: F811
    qtbot,
    tmp_path,
):
    from PySide6.QtCore import QPoint

    from gui.wizard.int_field import IntField

    click_next(qtbot, wizard)
    pick_preset(qtbot, wizard, "3.2 1b", "llama-3.2-1b")
    click_next(qtbot, wizard)  # the sizes page
    wizard.sizes_page.findChild(IntField, "contextTokens").setValue(16_384)
    _older_vllm(qtbot, wizard)
    charts = wizard.sizes_page.limit_charts
    charts.switch.setFocus()
    qtbot.keyClick(charts.switch, Qt.Key.Key_Right)  # the tab bar is reached and moved by keys
    chart = charts.chart
    curve = chart.curve
    assert curve is not None and curve.name == "sequences"
    limit = wizard.live.limits.value("sequences")
    assert curve.limit == limit and 0 < limit < curve.top and curve.binding == "kv_pool"
    assert all(m <= curve.usable_bytes for x, m in curve.points if x <= curve.limit)
    assert "concurrent sequences" in chart.summary()
    assert chart.grab().save(str(tmp_path / "sequences-chart.png"))
    # the keyboard: End goes to the limit, Left steps back one sample, Enter uses the value
    chart.setFocus()
    qtbot.keyClick(chart, Qt.Key.Key_End)
    assert chart.marker == limit
    qtbot.keyClick(chart, Qt.Key.Key_Return)
    settle(qtbot, wizard)
    assert wizard.current_request().inference.concurrent_sequences == limit
    assert wizard.live.result is not None and wizard.live.result.fits
    curve = chart.curve
    assert curve is not None and curve.requested == limit
    qtbot.keyClick(chart, Qt.Key.Key_Home)
    qtbot.keyClick(chart, Qt.Key.Key_Right)
    step = max(1, curve.top // 31)
    assert chart.marker == 1 + step
    qtbot.keyClick(chart, Qt.Key.Key_Space)
    settle(qtbot, wizard)
    assert wizard.current_request().inference.concurrent_sequences == 1 + step
    # a click picks the value under the pointer
    x = 64 + (chart.width() - 64 - 12) // 2
    expected = chart.value_at(x)
    qtbot.mouseClick(chart, Qt.MouseButton.LeftButton, pos=QPoint(x, chart.height() // 2))
    settle(qtbot, wizard)
    assert wizard.current_request().inference.concurrent_sequences == expected
    # the context tab still shows the context curve
    charts.show_curve("context")
    assert chart.curve is not None and chart.curve.name == "context"


def test_compare_two_to_four_options_side_by_side_and_export_csv(wizard, qtbot, tmp_path):  # noqa: F811
    import csv

    from PySide6.QtCore import QItemSelectionModel
    from PySide6.QtWidgets import QPushButton

    click_next(qtbot, wizard)
    pick_preset(qtbot, wizard, "70b", "llama-3.1-70b")
    while wizard.currentPage() is not wizard.offer_page:
        click_next(qtbot, wizard)
    table = wizard.findChild(QTableView, "offerTable")
    model = table.model()
    qtbot.waitUntil(lambda: model.rowCount() >= 3, timeout=10_000)
    button = wizard.findChild(QPushButton, "compareOptions")
    selection = table.selectionModel()
    flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    selection.clearSelection()
    selection.select(model.index(0, 0), flags)
    assert not button.isEnabled()  # one option is nothing to compare
    for row in (1, 2):
        selection.select(model.index(row, 0), flags)
    assert button.isEnabled()
    options = wizard.offer_page.selected_options()
    assert len(options) == 3
    dialog = wizard.offer_page.open_comparison()
    assert dialog is not None
    rows = dict(dialog.rows)
    assert rows["GPU"] == [offer(o.gpu) for o in options]
    assert rows["Most concurrent sequences"] == [
        f"{o.limits.value('sequences'):,}" for o in options
    ]
    assert "Per 1M output tokens" in rows
    path = tmp_path / "comparison.csv"
    dialog.export_csv(path)
    with path.open(encoding="utf-8-sig", newline="") as handle:
        written = list(csv.reader(handle))
    assert len(written) == len(dialog.rows) + 1
    assert (
        written[0][1]
        == f"{options[0].gpu.id} × {options[0].estimate.gpus} {options[0].estimate.strategy}"
    )
    assert written[1] == ["GPU", *rows["GPU"]]
    for row in range(3, 6):
        selection.select(model.index(row, 0), flags)
    assert not button.isEnabled()  # more than four
    dialog.close()


def test_vllm_running_fewer_sequences_reads_in_russian(app_state):
    from core.domain.request_parsing import parse_request
    from core.estimate.dispatch import estimate
    from gui import core_text

    app_state.update_settings(language="ru")
    try:
        request = parse_request(
            {
                "model": {"preset": "llama-3.1-8b"},
                "gpu": "l4",
                "inference": {
                    "context_tokens": 4096,
                    "concurrent_sequences": 8,
                    "vllm_version": "0.7-0.16",  # the pool the Russian text below counts
                },
            }
        )
        (finding,) = [f for f in estimate(request).findings if f.code == "vllm_runs_fewer"]
        text = core_text.message_text(finding.message)
        assert text.startswith("пул KV-кэша vLLM вмещает одновременно 7 последовательностей")
        assert "по 4096 токенов" in text and "запрошено (8)" in text
    finally:
        app_state.update_settings(language="en")
