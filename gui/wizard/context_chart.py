"""Per-GPU memory against the context length, drawn with QPainter; a click picks a context.

The curve is :class:`core.limit_curve.ContextCurve`: memory per GPU at sampled context lengths,
the usable memory as a dashed line, and a marker where the job stops fitting (the solved limit).
The requested context is a thin vertical line. Clicking the plot emits the context under the
pointer, which the sizes page writes into its context field.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from core.limit_curve import ContextCurve
from gui.presentation import palette
from gui.presentation.formats import count, gib

LINE_COLOR, USABLE_COLOR = QColor(palette.ORANGE), QColor(palette.AMBER)
LIMIT_COLOR, REQUEST_COLOR, AXIS_COLOR = (
    QColor(palette.ERROR),
    QColor(palette.ACCENT),
    QColor(palette.GREY),
)
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 64, 12, 22, 34
HEADROOM = 1.08  # the plot's top is this much above the larger of memory and usable


class ContextChart(QWidget):
    """The chart; :meth:`set_curve` gives it data, ``contextPicked`` reports a click."""

    contextPicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("contextChart")
        self._curve: ContextCurve | None = None
        self.setMinimumHeight(180)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setCursor(Qt.CursorShape.CrossCursor)
        self._retranslate()

    def _retranslate(self) -> None:
        self.setToolTip(self.tr("Click to use that context length"))

    def changeEvent(self, event: QEvent) -> None:
        # The tooltip was set once in the start-up language; it follows a switch now.
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
            self.update()
        super().changeEvent(event)

    def sizeHint(self) -> QSize:
        return QSize(480, 220)

    @property
    def curve(self) -> ContextCurve | None:
        """The curve shown (None when there is none)."""
        return self._curve

    def set_curve(self, curve: ContextCurve | None) -> None:
        """Show ``curve`` (nothing for None)."""
        self._curve = curve
        self.setAccessibleDescription(self.summary())
        self.update()

    def summary(self) -> str:
        """The chart in one sentence, for screen readers and tests."""
        curve = self._curve
        if curve is None:
            return ""
        return self.tr("Fits up to {limit} tokens per sequence; {usable} usable per GPU").format(
            limit=count(curve.limit), usable=gib(curve.usable_bytes)
        )

    def _plot(self) -> QRectF:
        return QRectF(
            MARGIN_LEFT,
            MARGIN_TOP,
            max(self.width() - MARGIN_LEFT - MARGIN_RIGHT, 1),
            max(self.height() - MARGIN_TOP - MARGIN_BOTTOM, 1),
        )

    def _y_top(self, curve: ContextCurve) -> float:
        highest = max([curve.usable_bytes, *(b for _, b in curve.points)])
        return max(highest * HEADROOM, 1.0)

    def _point(self, curve: ContextCurve, tokens: int, memory: float) -> QPointF:
        plot = self._plot()
        x = plot.left() + plot.width() * tokens / max(curve.top, 1)
        y = plot.bottom() - plot.height() * memory / self._y_top(curve)
        return QPointF(x, max(y, plot.top()))

    def context_at(self, x: float) -> int | None:
        """The context length under horizontal position ``x`` (None without a curve)."""
        curve = self._curve
        if curve is None:
            return None
        plot = self._plot()
        share = min(max((x - plot.left()) / plot.width(), 0.0), 1.0)
        return max(1, round(share * curve.top))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        tokens = self.context_at(event.position().x())
        if tokens is not None and event.button() == Qt.MouseButton.LeftButton:
            self.contextPicked.emit(tokens)
        super().mousePressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        curve = self._curve
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        plot = self._plot()
        painter.setPen(QPen(AXIS_COLOR, 1))
        painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        painter.drawLine(plot.bottomLeft(), plot.topLeft())
        if curve is None:
            painter.end()
            return
        top = self._y_top(curve)
        metrics = painter.fontMetrics()
        painter.drawText(QPointF(4, plot.top() + metrics.ascent()), gib(int(top)))
        painter.drawText(QPointF(4, plot.bottom()), gib(0))
        last = count(curve.top)
        painter.drawText(
            QPointF(
                plot.right() - metrics.horizontalAdvance(last), plot.bottom() + metrics.height()
            ),
            last,
        )
        painter.drawText(
            QPointF(plot.left(), plot.bottom() + metrics.height()), self.tr("context tokens")
        )
        usable = self._point(curve, 0, curve.usable_bytes).y()
        painter.setPen(QPen(USABLE_COLOR, 1.5, Qt.PenStyle.DashLine))
        painter.drawLine(QPointF(plot.left(), usable), QPointF(plot.right(), usable))
        painter.drawText(QPointF(plot.left() + 4, usable - 3), self.tr("usable"))
        painter.setPen(QPen(LINE_COLOR, 2))
        painter.drawPolyline(
            QPolygonF([self._point(curve, tokens, memory) for tokens, memory in curve.points])
        )
        painter.setPen(QPen(REQUEST_COLOR, 1))
        requested = self._point(curve, curve.requested, 0).x()
        painter.drawLine(QPointF(requested, plot.top()), QPointF(requested, plot.bottom()))
        if 0 < curve.limit < curve.top:  # where it stops fitting
            at = self._point(curve, curve.limit, curve.usable_bytes)
            painter.setPen(QPen(LIMIT_COLOR, 1))
            painter.setBrush(LIMIT_COLOR)
            painter.drawEllipse(at, 4, 4)
            label = self.tr("fits up to {tokens}").format(tokens=count(curve.limit))
            width = metrics.horizontalAdvance(label)
            painter.drawText(QPointF(min(at.x() + 6, plot.right() - width), at.y() - 6), label)
        painter.end()
