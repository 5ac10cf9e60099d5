"""The live panel never paints one part over another, however short the window."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QScrollArea

from tests.test_gui_wizard import settle, wizard  # noqa: F401


def test_a_short_window_scrolls_the_panel_instead_of_overlapping_it(
    wizard,  # noqa: F811
    main_window,
    qtbot,
):
    main_window.resize(1100, 520)
    settle(qtbot, wizard)
    panel = wizard.panel
    verdict = panel.findChild(QLabel, "estimateVerdict")
    qtbot.waitUntil(lambda: bool(verdict.text()), timeout=10_000)
    chart = panel.chart
    chart_bottom = chart.mapTo(panel, chart.rect().bottomLeft()).y()
    verdict_top = verdict.mapTo(panel, verdict.rect().topLeft()).y()
    assert chart.height() >= chart.minimumHeight()
    assert chart_bottom < verdict_top
    area = wizard.findChild(QScrollArea, "liveEstimateScroll")
    assert area is not None and area.widget() is panel
    assert panel.height() > area.viewport().height()  # the rest is reached by scrolling
