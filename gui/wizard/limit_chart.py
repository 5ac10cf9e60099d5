"""Per-GPU memory against the context length or the concurrency, drawn with QPainter.

A curve is :class:`core.planning.limit_curve.LimitCurve`: memory per GPU at sampled values of one
size, the usable memory as a dashed line, and a marker where the job stops fitting (the solved
limit). The requested value is a thin vertical line. Clicking the plot picks the value under the
pointer; from the keyboard, Left and Right move a marker (Home to the smallest value, End to the
limit) and Enter or Space picks it. :class:`gui.wizard.limit_charts.LimitCharts` switches
between the two curves with a tab bar.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QWidget

from core.planning.limit_curve import SAMPLES, LimitCurve
from gui.presentation import palette
from gui.presentation.formats import count, gib
from gui.translation import tr_id
from gui.wizard.chart_axes import AXIS_COLOR, PlotWidget, draw_axes, draw_corner_labels

LINE_COLOR, USABLE_COLOR = QColor(palette.ORANGE), QColor(palette.AMBER)
LIMIT_COLOR, REQUEST_COLOR = QColor(palette.ERROR), QColor(palette.ACCENT)
HEADROOM = 1.08  # the plot's top is this much above the larger of memory and usable


class LimitChart(PlotWidget):
    """The chart; :meth:`set_curve` gives it data, ``valuePicked`` reports a click or Enter."""

    valuePicked = Signal(str, int)  # the curve's name and the value picked

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("limitChart", parent)
        self._curve: LimitCurve | None = None
        self._marker = 1  # the value the keyboard marker is on
        self._retranslate()

    def _retranslate(self) -> None:
        sequences = self._curve is not None and self._curve.name == "sequences"
        if sequences:
            self.setAccessibleName(
                tr_id(
                    "LimitChart.memory_per_gpu_against_concurrent_sequences",
                    "Memory per GPU against concurrent sequences",
                )
            )
            tip = tr_id(
                "LimitChart.click_to_use_that_many_concurrent",
                "Click to use that many concurrent sequences",
            )
        else:
            self.setAccessibleName(
                tr_id(
                    "LimitChart.memory_per_gpu_against_context_length",
                    "Memory per GPU against context length",
                )
            )
            tip = tr_id(
                "LimitChart.click_to_use_that_context_length", "Click to use that context length"
            )
        keys = tr_id(
            "LimitChart.left_and_right_move_the_marker",
            "Left and Right move the marker, Home to the start, End to the limit; Enter uses it",
        )
        self.setToolTip(f"{tip}\n{keys}")
        self.setAccessibleDescription(self.summary())

    @property
    def curve(self) -> LimitCurve | None:
        """The curve shown (None when there is none)."""
        return self._curve

    @property
    def marker(self) -> int:
        """The value the keyboard marker is on."""
        return self._marker

    def set_curve(self, curve: LimitCurve | None) -> None:
        """Show ``curve`` (nothing for None); the keyboard marker starts at the requested value."""
        self._curve = curve
        if curve is not None:
            self._marker = min(max(curve.requested, 1), max(curve.top, 1))
        self._retranslate()
        self.update()

    def summary(self) -> str:
        """The chart in one sentence, for screen readers and tests."""
        curve = self._curve
        if curve is None:
            return ""
        usable = gib(curve.usable_bytes)
        if curve.name == "sequences":
            text = tr_id(
                "LimitChart.fits_up_to_limit_concurrent_sequences",
                "Fits up to {limit} concurrent sequences; {usable} usable per GPU",
            )
        else:
            text = tr_id(
                "LimitChart.fits_up_to_limit_tokens_per",
                "Fits up to {limit} tokens per sequence; {usable} usable per GPU",
            )
        marker = tr_id("LimitChart.marker_at_value", "marker at {value}").format(
            value=count(self._marker)
        )
        return f"{text.format(limit=count(curve.limit), usable=usable)}; {marker}"

    def limit_label(self) -> str:
        """The limit marker's label: the planner's memory, or the vLLM rule that stops it first."""
        curve = self._curve
        if curve is None:
            return ""
        if curve.binding == "kv_pool":
            text = tr_id("LimitChart.vllm_s_kv_pool_up_to", "vLLM's KV pool: up to {tokens}")
        elif curve.binding == "max_num_seqs":
            text = tr_id("LimitChart.vllm_s_max_num_seqs_tokens", "vLLM's max_num_seqs: {tokens}")
        else:
            text = tr_id("LimitChart.fits_up_to_tokens", "fits up to {tokens}")
        return text.format(tokens=count(curve.limit))

    def _axis_label(self, curve: LimitCurve) -> str:
        if curve.name == "sequences":
            return tr_id("LimitChart.concurrent_sequences", "concurrent sequences")
        return tr_id("LimitChart.context_tokens", "context tokens")

    def _y_top(self, curve: LimitCurve) -> float:
        highest = max([curve.usable_bytes, *(b for _, b in curve.points)])
        return max(highest * HEADROOM, 1.0)

    def _point(self, curve: LimitCurve, value: int, memory: float) -> QPointF:
        plot = self._plot()
        x = plot.left() + plot.width() * value / max(curve.top, 1)
        y = plot.bottom() - plot.height() * memory / self._y_top(curve)
        return QPointF(x, max(y, plot.top()))

    def value_at(self, x: float) -> int | None:
        """The value under horizontal position ``x`` (None without a curve)."""
        curve = self._curve
        if curve is None:
            return None
        plot = self._plot()
        share = min(max((x - plot.left()) / plot.width(), 0.0), 1.0)
        return max(1, round(share * curve.top))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        value = self.value_at(event.position().x())
        if value is not None and self._curve and event.button() == Qt.MouseButton.LeftButton:
            self._marker = value
            self.valuePicked.emit(self._curve.name, value)
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        curve = self._curve
        if curve is None:
            super().keyPressEvent(event)
            return
        step = max(1, curve.top // (SAMPLES - 1))
        key = Qt.Key(event.key())
        moves = {
            Qt.Key.Key_Left: self._marker - step,
            Qt.Key.Key_Right: self._marker + step,
            Qt.Key.Key_Home: 1,
            Qt.Key.Key_End: curve.limit if 0 < curve.limit < curve.top else curve.top,
        }
        if key in moves:
            self._marker = min(max(moves[key], 1), max(curve.top, 1))
            self.setAccessibleDescription(self.summary())
            self.update()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.valuePicked.emit(curve.name, self._marker)
        else:
            super().keyPressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        curve = self._curve
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        plot = self._plot()
        draw_axes(painter, plot)
        if curve is None:
            painter.end()
            return
        top = self._y_top(curve)
        metrics = painter.fontMetrics()
        draw_corner_labels(
            painter,
            plot,
            y_top=gib(int(top)),
            y_zero=gib(0),
            x_last=count(curve.top),
            x_name=self._axis_label(curve),
        )
        usable = self._point(curve, 0, curve.usable_bytes).y()
        painter.setPen(QPen(USABLE_COLOR, 1.5, Qt.PenStyle.DashLine))
        painter.drawLine(QPointF(plot.left(), usable), QPointF(plot.right(), usable))
        painter.drawText(QPointF(plot.left() + 4, usable - 3), tr_id("LimitChart.usable", "usable"))
        painter.setPen(QPen(LINE_COLOR, 2))
        painter.drawPolyline(
            QPolygonF([self._point(curve, value, memory) for value, memory in curve.points])
        )
        painter.setPen(QPen(REQUEST_COLOR, 1))
        requested = self._point(curve, curve.requested, 0).x()
        painter.drawLine(QPointF(requested, plot.top()), QPointF(requested, plot.bottom()))
        if 0 < curve.limit < curve.top:  # where it stops fitting
            # On the curve: under vLLM its pool or max_num_seqs may stop it below the usable line.
            at = self._point(curve, curve.limit, curve.memory_at(curve.limit))
            painter.setPen(QPen(LIMIT_COLOR, 1))
            painter.setBrush(LIMIT_COLOR)
            painter.drawEllipse(at, 4, 4)
            label = self.limit_label()
            width = metrics.horizontalAdvance(label)
            painter.drawText(QPointF(min(at.x() + 6, plot.right() - width), at.y() - 6), label)
        if self.hasFocus():  # the keyboard marker and a focus frame
            painter.setPen(QPen(AXIS_COLOR, 1, Qt.PenStyle.DotLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5))
            x = self._point(curve, self._marker, 0).x()
            painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
            value = count(self._marker)
            left = min(x + 4, plot.right() - metrics.horizontalAdvance(value))
            painter.drawText(QPointF(left, plot.top() + metrics.ascent()), value)
        painter.end()
