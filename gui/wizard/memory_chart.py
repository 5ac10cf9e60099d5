"""A stacked bar of one GPU's memory by component against its VRAM and usable lines (Qt Charts).

The seven components are ``core.memory.COMPONENTS``; their byte counts come from an estimate and
are only converted to GiB here. The chart's own legend is hidden: :meth:`MemoryChart.legend_html`
gives a legend that wraps long names instead of eliding them, and leaves out components that are
zero.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCharts import (
    QBarSet,
    QChart,
    QChartView,
    QLineSeries,
    QStackedBarSeries,
    QValueAxis,
)
from PySide6.QtCore import QMargins, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QWidget

from core.memory import COMPONENTS
from gui.presentation import palette
from gui.presentation.formats import gib, gib_value
from gui.presentation.names import component_name

COLORS = palette.COMPONENTS
VRAM_COLOR, USABLE_COLOR = palette.ERROR, palette.AMBER
BAR_HALF_WIDTH = 0.5


class MemoryChart(QChartView):
    """Per-GPU memory by component; :meth:`show_memory` updates it in place."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("memoryChart")
        self._sizes: dict[str, int] = dict.fromkeys(COMPONENTS, 0)
        self._vram = self._usable = 0
        self._top = 0.0
        self._build_ui()

    def _build_ui(self) -> None:
        chart = QChart()
        chart.setBackgroundRoundness(0)
        chart.setMargins(QMargins(2, 2, 2, 2))
        chart.legend().hide()
        self._series = QStackedBarSeries()
        self._series.setBarWidth(0.7)
        self._sets: dict[str, QBarSet] = {}
        for key in COMPONENTS:
            bar = QBarSet("")
            bar.setColor(QColor(COLORS[key]))
            bar.setBorderColor(QColor(COLORS[key]))
            bar.append(0.0)
            self._series.append(bar)
            self._sets[key] = bar
        chart.addSeries(self._series)
        self._vram_line = self._line(VRAM_COLOR, Qt.PenStyle.SolidLine)
        self._usable_line = self._line(USABLE_COLOR, Qt.PenStyle.DashLine)
        chart.addSeries(self._vram_line)
        chart.addSeries(self._usable_line)
        self._x = QValueAxis()
        self._x.setRange(-BAR_HALF_WIDTH, BAR_HALF_WIDTH)
        self._x.setVisible(False)
        self._y = QValueAxis()
        self._y.setLabelFormat("%g")
        self._y.setMin(0)
        chart.addAxis(self._x, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(self._y, Qt.AlignmentFlag.AlignLeft)
        for series in (self._series, self._vram_line, self._usable_line):
            series.attachAxis(self._x)
            series.attachAxis(self._y)
        self.setChart(chart)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setMinimumSize(150, 200)
        self._relabel()

    @staticmethod
    def _line(color: str, style: Qt.PenStyle) -> QLineSeries:
        line = QLineSeries()
        pen = QPen(QColor(color))
        pen.setWidth(2)
        pen.setStyle(style)
        line.setPen(pen)
        return line

    def show_memory(self, sizes: dict[str, int], vram_bytes: int, usable_bytes: int) -> None:
        """Show ``sizes`` (bytes per component) against the GPU's VRAM and usable bytes."""
        self._sizes = {key: int(sizes.get(key, 0)) for key in COMPONENTS}
        total = int(sizes.get("total", 0))  # core's sum, as MemoryBreakdown.as_dict() gives it
        self._vram, self._usable = vram_bytes, usable_bytes
        for key, bar in self._sets.items():
            bar.replace(0, gib_value(self._sizes[key]))
        for line, value in ((self._vram_line, vram_bytes), (self._usable_line, usable_bytes)):
            level = gib_value(value)
            line.replace([])
            line.append(-BAR_HALF_WIDTH, level)
            line.append(BAR_HALF_WIDTH, level)
        self._vram_line.setVisible(vram_bytes > 0)
        self._usable_line.setVisible(0 < usable_bytes != vram_bytes)
        top = max(gib_value(total), gib_value(vram_bytes), 1.0)
        if top != self._top:  # rescaling the axis is the costly part of an update
            self._top = top
            self._y.setRange(0, top * 1.08)
            self._y.applyNiceNumbers()
        self._relabel()

    def clear(self) -> None:
        """Show no memory (while the request is invalid)."""
        self.show_memory({}, 0, 0)

    def legend_entries(self) -> list[tuple[str, str, str]]:
        """(colour, name, size) of every shown component, top of the bar first, then the lines."""
        entries = [
            (COLORS[key], component_name(key), gib(self._sizes[key]))
            for key in reversed(COMPONENTS)
            if self._sizes[key] > 0
        ]
        if self._vram:
            entries.append((VRAM_COLOR, self.tr("VRAM"), gib(self._vram)))
        if self._usable and self._usable != self._vram:
            entries.append((USABLE_COLOR, self.tr("Usable"), gib(self._usable)))
        return entries

    def legend_texts(self) -> list[str]:
        """The legend as plain lines, e.g. ``Weights 15.0 GiB``."""
        return [f"{name} {size}" for _color, name, size in self.legend_entries()]

    def legend_html(self) -> str:
        """The legend as a small HTML table with colour swatches."""
        rows = "".join(
            f"<tr><td style='color:{color}'>■</td><td>{escape(name)}</td>"
            f"<td align='right' style='white-space:nowrap'>{escape(size)}</td></tr>"
            for color, name, size in self.legend_entries()
        )
        return f"<table cellspacing='0' cellpadding='1'>{rows}</table>"

    def _relabel(self) -> None:
        for key, bar in self._sets.items():
            bar.setLabel(f"{component_name(key)} {gib(self._sizes[key])}")
        self._vram_line.setName(self.tr("VRAM"))
        self._usable_line.setName(self.tr("Usable"))
        self._y.setTitleText(self.tr("GiB per GPU"))
        self.setAccessibleName(self.tr("Memory per GPU by component"))
        self.setAccessibleDescription("; ".join(self.legend_texts()))

    def retranslate(self) -> None:
        """Relabel in the current language."""
        self._relabel()
