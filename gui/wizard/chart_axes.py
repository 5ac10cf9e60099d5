"""What both wizard charts share: the widget's set-up, the plot's rectangle, axes and labels.

:mod:`gui.wizard.limit_chart` (memory per GPU) and :mod:`gui.wizard.traffic_chart` (throughput per
GPU) lay out their plot the same way: the same margins, a grey left and bottom axis, the top of the
vertical range and its zero on the left, the last value and the axis name below. Each chart draws
its own lines and markers on top.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from gui.presentation import palette

AXIS_COLOR = QColor(palette.GREY)
# Room for the vertical range's labels on the left, the axis name below, a marker label above.
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 64, 12, 22, 34


def plot_rect(widget: QWidget) -> QRectF:
    """The plot inside ``widget`` (never narrower or shorter than one pixel)."""
    return QRectF(
        MARGIN_LEFT,
        MARGIN_TOP,
        max(widget.width() - MARGIN_LEFT - MARGIN_RIGHT, 1),
        max(widget.height() - MARGIN_TOP - MARGIN_BOTTOM, 1),
    )


def draw_axes(painter: QPainter, plot: QRectF) -> None:
    """The left and the bottom axis of ``plot``."""
    painter.setPen(QPen(AXIS_COLOR, 1))
    painter.drawLine(plot.bottomLeft(), plot.bottomRight())
    painter.drawLine(plot.bottomLeft(), plot.topLeft())


def draw_corner_labels(
    painter: QPainter, plot: QRectF, *, y_top: str, y_zero: str, x_last: str, x_name: str
) -> None:
    """The vertical range's top and zero on the left; the last value and the axis name below."""
    metrics = painter.fontMetrics()
    painter.drawText(QPointF(4, plot.top() + metrics.ascent()), y_top)
    painter.drawText(QPointF(4, plot.bottom()), y_zero)
    below = plot.bottom() + metrics.height()
    painter.drawText(QPointF(plot.right() - metrics.horizontalAdvance(x_last), below), x_last)
    painter.drawText(QPointF(plot.left(), below), x_name)


class PlotWidget(QWidget):
    """A chart the pointer and the keyboard pick on: crosshair cursor, focus, a sized plot.

    A subclass sets its data, then calls :meth:`_retranslate` (its texts), which a language switch
    calls again.
    """

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setMinimumHeight(180)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setCursor(Qt.CursorShape.CrossCursor)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def _retranslate(self) -> None:
        raise NotImplementedError

    def changeEvent(self, event: QEvent) -> None:
        # The texts were set in the start-up language; they follow a switch now.
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
            self.update()
        super().changeEvent(event)

    def sizeHint(self) -> QSize:
        return QSize(480, 220)

    def _plot(self) -> QRectF:
        return plot_rect(self)
