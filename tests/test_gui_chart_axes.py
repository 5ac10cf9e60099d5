"""The frame the memory chart and the traffic chart share (gui.wizard.chart_axes)."""

from __future__ import annotations

from PySide6.QtGui import QColor

from gui.wizard.chart_axes import AXIS_COLOR, MARGIN_BOTTOM, MARGIN_LEFT, MARGIN_TOP, plot_rect
from gui.wizard.limit_chart import LimitChart
from gui.wizard.traffic_chart import TrafficChart


def test_both_charts_draw_the_same_frame_without_data(qtbot):
    limit, traffic = LimitChart(), TrafficChart()
    for chart in (limit, traffic):
        qtbot.addWidget(chart)
        chart.resize(400, 240)
    first, second = limit.grab().toImage(), traffic.grab().toImage()
    assert first == second
    plot = plot_rect(limit)
    assert (plot.left(), plot.top(), plot.height()) == (MARGIN_LEFT, MARGIN_TOP, 240 - 22 - 34)
    assert plot.bottom() == 240 - MARGIN_BOTTOM
    # the axes (antialiased, so tinted towards the axis grey): on the bottom and the left line,
    # not inside the plot
    bottom, left = int(plot.bottom()), int(plot.left())
    inside = QColor(first.pixel(left + 100, bottom - 50))
    for x, y in ((left + 100, bottom), (left, bottom - 50)):
        on_axis = QColor(first.pixel(x, y))
        assert on_axis != inside
        assert abs(on_axis.lightness() - AXIS_COLOR.lightness()) < abs(
            inside.lightness() - AXIS_COLOR.lightness()
        )


def test_a_narrow_chart_keeps_a_plot_one_pixel_wide(qtbot):
    chart = TrafficChart()
    qtbot.addWidget(chart)
    chart.resize(10, 200)
    assert chart.width() == 10
    assert plot_rect(chart).width() == 1
