"""A stacked bar of one GPU's memory by component against its VRAM and usable lines (QPainter).

The seven components are ``core.domain.breakdown.COMPONENTS``; their byte counts come from an
estimate and are only converted to GiB here. The bar, the two lines and the GiB axis are painted
directly, so the chart needs no charting module. :meth:`MemoryChart.legend_html` gives a legend that
wraps long names instead of eliding them, and leaves out components that are zero.
"""

from __future__ import annotations

import math
from html import escape

from PySide6.QtCore import QLineF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QWidget

from core.domain.breakdown import COMPONENTS, MemoryBreakdown
from gui.presentation import palette
from gui.presentation.formats import gib, gib_value
from gui.presentation.names import component_name
from gui.translation import tr_id

COLORS = palette.COMPONENTS
VRAM_COLOR, USABLE_COLOR = palette.ERROR, palette.AMBER
PLOT_COLOR, GRID_COLOR, FRAME_COLOR = "#ffffff", "#e4e4e4", "#c8c8c8"
BAR_WIDTH = 0.7  # of the plot's width
HEADROOM = 1.08  # the axis goes a little past the tallest of bar and VRAM
MIN_LEVELS, MAX_LEVELS = 3, 6  # labelled levels of the GiB axis, 0 included
MARGIN = 6


def _step_for(top: float, levels: int) -> float:
    """The smallest 1, 2, 2.5 or 5 × 10ⁿ step that reaches ``top`` in ``levels`` - 1 steps."""
    raw = top / (levels - 1)
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)


def nice_axis(top: float) -> tuple[float, float]:
    """(axis maximum, step) for values up to ``top``, labelled as a reader would by hand.

    The step is 1, 2, 2.5 or 5 × 10ⁿ and the maximum the first multiple of it at or above
    ``top``; of 3 to 6 labelled levels (0 included), the count that wastes the least height wins,
    the fewer levels on a tie.
    """
    choices = []
    for levels in range(MIN_LEVELS, MAX_LEVELS + 1):
        step = _step_for(top, levels)
        choices.append((math.ceil(top / step - 1e-9) * step, levels, step))
    maximum, _levels, step = min(choices)
    return maximum, step


class MemoryChart(QWidget):
    """Per-GPU memory by component; :meth:`show_memory` updates it in place."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("memoryChart")
        self._sizes: dict[str, int] = dict.fromkeys(COMPONENTS, 0)
        self._vram = self._usable = 0
        self._axis_max, self._step = nice_axis(HEADROOM)
        self._axis_title = ""
        self.setMinimumSize(150, 200)
        self._relabel()

    def sizeHint(self) -> QSize:
        return QSize(160, 220)

    def show_memory(self, memory: MemoryBreakdown, vram_bytes: int, usable_bytes: int) -> None:
        """Show ``memory`` (one GPU's bytes by component) against its VRAM and usable bytes."""
        self._sizes = {key: getattr(memory, key) for key in COMPONENTS}
        total = memory.total  # core's sum
        self._vram, self._usable = vram_bytes, usable_bytes
        top = max(gib_value(total), gib_value(vram_bytes), 1.0)
        self._axis_max, self._step = nice_axis(top * HEADROOM)
        self._relabel()
        self.update()

    def clear(self) -> None:
        """Show no memory (while the request is invalid)."""
        self.show_memory(MemoryBreakdown(), 0, 0)

    def axis(self) -> tuple[float, float]:
        """(maximum, step) of the GiB axis now shown."""
        return self._axis_max, self._step

    def legend_entries(self) -> list[tuple[str, str, str]]:
        """(colour, name, size) of every shown component, top of the bar first, then the lines."""
        entries = [
            (COLORS[key], component_name(key), gib(self._sizes[key]))
            for key in reversed(COMPONENTS)
            if self._sizes[key] > 0
        ]
        if self._vram:
            entries.append((VRAM_COLOR, tr_id("MemoryChart.vram", "VRAM"), gib(self._vram)))
        if self._usable and self._usable != self._vram:
            entries.append((USABLE_COLOR, tr_id("MemoryChart.usable", "Usable"), gib(self._usable)))
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
        self._axis_title = tr_id("MemoryChart.gib_per_gpu", "GiB per GPU")
        self.setAccessibleName(
            tr_id("MemoryChart.memory_per_gpu_by_component", "Memory per GPU by component")
        )
        self.setAccessibleDescription("; ".join(self.legend_texts()))

    def retranslate(self) -> None:
        """Relabel in the current language."""
        self._relabel()
        self.update()

    # -- painting --------------------------------------------------------------------------

    def _labels(self) -> list[tuple[float, str]]:
        count = round(self._axis_max / self._step)
        return [(i * self._step, f"{i * self._step:g}") for i in range(count + 1)]

    def plot_rect(self) -> QRectF:
        """Where the bar and the lines are drawn, inside the axis and its title."""
        metrics = self.fontMetrics()
        label_width = max(metrics.horizontalAdvance(text) for _, text in self._labels())
        left = MARGIN + metrics.height() + 4 + label_width + 6
        half = metrics.height() / 2
        return QRectF(
            left, MARGIN + half, self.width() - left - MARGIN, self.height() - 2 * MARGIN - 2 * half
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor(PLOT_COLOR))
        plot = self.plot_rect()
        if plot.width() <= 0 or plot.height() <= 0:
            return
        scale = plot.height() / self._axis_max

        def y_of(gib_level: float) -> float:
            return plot.bottom() - gib_level * scale

        text_color = self.palette().color(QPalette.ColorRole.WindowText)
        metrics = self.fontMetrics()
        align_right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        for level, text in self._labels():  # grid lines and the labels beside them
            y = y_of(level)
            painter.setPen(QPen(QColor(GRID_COLOR), 1))
            painter.drawLine(QLineF(plot.left(), y, plot.right(), y))
            painter.setPen(text_color)
            box = QRectF(0, y - metrics.height() / 2, plot.left() - 6, metrics.height())
            painter.drawText(box, align_right, text)
        painter.setPen(QPen(QColor(FRAME_COLOR), 1))
        painter.drawRect(plot)

        bar_width = plot.width() * BAR_WIDTH
        x = plot.left() + (plot.width() - bar_width) / 2
        base = 0.0
        for key in COMPONENTS:  # stacked from the bottom in core's order
            height = gib_value(self._sizes[key])
            if height > 0:
                top = y_of(base + height)
                painter.fillRect(QRectF(x, top, bar_width, y_of(base) - top), QColor(COLORS[key]))
                base += height
        for value, color, dashed in (
            (self._vram, VRAM_COLOR, False),
            (self._usable if self._usable != self._vram else 0, USABLE_COLOR, True),
        ):
            if value > 0:
                pen = QPen(QColor(color), 2)
                if dashed:
                    pen.setDashPattern([3.0, 2.0])
                painter.setPen(pen)
                y = y_of(gib_value(value))
                painter.drawLine(QLineF(plot.left(), y, plot.right(), y))

        font = painter.font()
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(text_color)
        painter.translate(MARGIN, plot.center().y())
        painter.rotate(-90)
        center = Qt.AlignmentFlag.AlignCenter
        painter.drawText(
            QRectF(-plot.height() / 2, 0, plot.height(), metrics.height()), center, self._axis_title
        )
        painter.end()
