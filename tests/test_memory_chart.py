"""The memory chart painted with QPainter: its axis, its bar and lines, and its legend."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from core.domain.breakdown import MemoryBreakdown
from gui.wizard.memory_chart import COLORS, USABLE_COLOR, VRAM_COLOR, MemoryChart, nice_axis

GIB = 2**30


@pytest.mark.parametrize(
    ("top", "axis"),
    [
        (86.4, (100, 50)),  # 80 GiB of VRAM × 1.08
        (207.36, (250, 50)),  # 192 GiB
        (43.2, (50, 25)),
        (1.08, (1.25, 0.25)),  # nothing shown yet: 1 GiB × 1.08
    ],
)
def test_the_axis_ends_on_a_round_step_just_above_the_top(top, axis):
    assert nice_axis(top) == axis


def _row_colors(chart: MemoryChart, x: int) -> list[str]:
    image = chart.grab().toImage()
    return [QColor(image.pixel(x, y)).name() for y in range(image.height())]


def test_the_bar_is_stacked_in_core_order_under_the_vram_and_usable_lines(qtbot):
    chart = MemoryChart()
    qtbot.addWidget(chart)
    chart.resize(160, 220)
    memory = MemoryBreakdown(weights=33 * GIB, kv_cache=10 * GIB, runtime_overhead=3 * GIB)
    chart.show_memory(memory, 80 * GIB, 72 * GIB)
    assert chart.axis() == (100, 50)
    plot = chart.plot_rect()
    column = _row_colors(chart, round(plot.center().x()))
    # From the top of the plot down: the VRAM line, then the usable line, then the bar's parts
    # from runtime overhead down to the weights at the bottom.
    order = [c for i, c in enumerate(column) if i == 0 or c != column[i - 1]]
    wanted = [VRAM_COLOR, USABLE_COLOR, *(COLORS[k] for k in ("runtime_overhead", "kv_cache"))]
    wanted.append(COLORS["weights"])
    seen = [c for c in order if c in wanted]
    assert seen == wanted
    # The weights end at 33 GiB of the 100 GiB axis (within a pixel or two).
    weights_top = next(i for i, c in enumerate(column) if c == COLORS["weights"])
    expected = plot.bottom() - 0.33 * plot.height()
    assert abs(weights_top - expected) <= 2


def test_an_empty_chart_has_no_bar_and_no_lines(qtbot):
    chart = MemoryChart()
    qtbot.addWidget(chart)
    chart.resize(160, 220)
    chart.clear()
    column = set(_row_colors(chart, round(chart.plot_rect().center().x())))
    assert column.isdisjoint({*COLORS.values(), VRAM_COLOR, USABLE_COLOR})
    assert chart.legend_texts() == []


def test_the_legend_lists_shown_parts_top_first_and_the_usable_line_only_when_it_differs(qtbot):
    chart = MemoryChart()
    qtbot.addWidget(chart)
    chart.show_memory(MemoryBreakdown(weights=15 * GIB), 24 * GIB, 24 * GIB)
    assert chart.legend_texts() == ["Weights 15.0 GiB", "VRAM 24.0 GiB"]
    assert "Weights 15.0 GiB" in chart.accessibleDescription()
