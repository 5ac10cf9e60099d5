"""Throughput per GPU against tokens/s per user for one offer and layout, drawn with QPainter.

Each point is one replica at a concurrency (:func:`core.planning.traffic.curve`): more requests at
once move it up (more tokens/s per GPU) and to the left (fewer tokens/s per user). The latency
target's tokens/s per user is a dashed vertical line (points left of it miss the target), the
most the target allows is a ring, and the chosen operating point a filled dot. Clicking picks
the point nearest the pointer; from the keyboard, Left and Right move a marker along the points
(Home and End to the ends) and Enter or Space picks it, like the limit chart.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QWidget

from core.planning.traffic.speed_source import ServingPoint
from gui.presentation import palette
from gui.presentation.formats import count
from gui.translation import tr_id
from gui.wizard.chart_axes import AXIS_COLOR, PlotWidget, draw_axes, draw_corner_labels

LINE_COLOR, TARGET_COLOR = QColor(palette.ORANGE), QColor(palette.AMBER)
CHOSEN_COLOR, BEST_COLOR = QColor(palette.ACCENT), QColor(palette.ERROR)
HEADROOM = 1.08


class TrafficChart(PlotWidget):
    """The chart; :meth:`set_curve` gives it data, ``concurrencyPicked`` reports a pick."""

    concurrencyPicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("trafficChart", parent)
        self._points: list[tuple[int, ServingPoint]] = []
        self._target: float | None = None  # tokens/s per user the target asks at least
        self._best = 0  # the most requests at once within the target
        self._chosen = 0.0  # requests in flight per replica at the operating point
        self._chosen_point: ServingPoint | None = None
        self._marker = 0  # index of the keyboard marker
        self._retranslate()

    def _retranslate(self) -> None:
        self.setAccessibleName(
            tr_id(
                "TrafficChart.throughput_per_gpu_against_tokens_per",
                "Throughput per GPU against tokens per second per user",
            )
        )
        tip = tr_id(
            "TrafficChart.click_a_point_to_run_each",
            "Click a point to run each replica at that many requests at once",
        )
        keys = tr_id(
            "TrafficChart.left_and_right_move_the_marker",
            "Left and Right move the marker, Home and End to the ends; Enter uses it",
        )
        self.setToolTip(f"{tip}\n{keys}")
        self.setAccessibleDescription(self.summary())

    @property
    def points(self) -> list[tuple[int, ServingPoint]]:
        """(concurrency, point) from one request to the most a replica holds."""
        return list(self._points)

    @property
    def marker(self) -> int:
        """The concurrency the keyboard marker is on (0 without points)."""
        return self._points[self._marker][0] if self._points else 0

    def set_curve(
        self,
        points: list[tuple[int, ServingPoint]],
        *,
        target: float | None,
        best: int,
        chosen: float,
        chosen_point: ServingPoint | None = None,
    ) -> None:
        """Show ``points``; ``target`` tokens/s per user, ``best`` and ``chosen`` concurrencies.

        ``chosen_point`` is the operating point itself (drawn where it is, between samples).
        """
        self._points = list(points)
        self._target, self._best, self._chosen = target, best, chosen
        self._chosen_point = chosen_point
        at = [i for i, (c, _) in enumerate(self._points) if c <= max(chosen, 1)]
        self._marker = at[-1] if at else 0
        self._retranslate()
        self.update()

    def summary(self) -> str:
        """The chart in one sentence, for screen readers and tests."""
        if not self._points:
            return ""
        text = tr_id(
            "TrafficChart.within_the_target_up_to_best",
            "Within the target up to {best} requests at once per replica; operating at {chosen}; "
            "marker at {marker}",
        )
        return text.format(
            best=count(self._best), chosen=f"{self._chosen:.1f}", marker=count(self.marker)
        )

    def _ranges(self) -> tuple[float, float]:
        users = [p.tokens_per_s_per_user for _, p in self._points]
        if self._target is not None:
            users.append(self._target)
        gpus = [p.tokens_per_s_per_gpu for _, p in self._points]
        return max(max(users, default=1.0) * HEADROOM, 1e-9), max(
            max(gpus, default=1.0) * HEADROOM, 1e-9
        )

    def _at(self, user: float, gpu: float) -> QPointF:
        plot = self._plot()
        x_top, y_top = self._ranges()
        return QPointF(
            plot.left() + plot.width() * user / x_top,
            plot.bottom() - plot.height() * gpu / y_top,
        )

    def _where(self, index: int) -> QPointF:
        _, point = self._points[index]
        return self._at(point.tokens_per_s_per_user, point.tokens_per_s_per_gpu)

    def index_at(self, position: QPointF) -> int | None:
        """The index of the point nearest ``position`` (None without points)."""
        if not self._points:
            return None
        distances = [
            (self._where(i) - position).manhattanLength() for i in range(len(self._points))
        ]
        return distances.index(min(distances))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        index = self.index_at(event.position())
        if index is not None and event.button() == Qt.MouseButton.LeftButton:
            self._marker = index
            self.concurrencyPicked.emit(self._points[index][0])
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self._points:
            super().keyPressEvent(event)
            return
        key = Qt.Key(event.key())
        last = len(self._points) - 1
        moves = {
            Qt.Key.Key_Left: self._marker - 1,
            Qt.Key.Key_Right: self._marker + 1,
            Qt.Key.Key_Home: 0,
            Qt.Key.Key_End: last,
        }
        if key in moves:
            self._marker = min(max(moves[key], 0), last)
            self.setAccessibleDescription(self.summary())
            self.update()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.concurrencyPicked.emit(self._points[self._marker][0])
        else:
            super().keyPressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        plot = self._plot()
        draw_axes(painter, plot)
        if not self._points:
            painter.end()
            return
        x_top, y_top = self._ranges()
        metrics = painter.fontMetrics()
        draw_corner_labels(
            painter,
            plot,
            y_top=count(round(y_top)),
            y_zero="0",
            x_last=count(round(x_top)),
            x_name=tr_id("TrafficChart.tokens_s_per_user", "tokens/s per user"),
        )
        painter.save()
        painter.translate(12, plot.bottom() - metrics.height())  # above the 0 of the axis
        painter.rotate(-90)
        painter.drawText(QPointF(0, 0), tr_id("TrafficChart.tokens_s_per_gpu", "tokens/s per GPU"))
        painter.restore()
        if self._target is not None:
            x = self._at(self._target, 0).x()
            painter.setPen(QPen(TARGET_COLOR, 1.5, Qt.PenStyle.DashLine))
            painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
            painter.drawText(
                QPointF(x + 4, plot.top() + metrics.ascent()),
                tr_id("TrafficChart.target", "target"),
            )
        painter.setPen(QPen(LINE_COLOR, 2))
        painter.drawPolyline(QPolygonF([self._where(i) for i in range(len(self._points))]))
        for i, (c, _) in enumerate(self._points):
            if c == self._best:
                painter.setPen(QPen(BEST_COLOR, 1.5))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(self._where(i), 6, 6)
        if self._chosen_point is not None:
            p = self._chosen_point
            painter.setPen(QPen(CHOSEN_COLOR, 1))
            painter.setBrush(CHOSEN_COLOR)
            painter.drawEllipse(self._at(p.tokens_per_s_per_user, p.tokens_per_s_per_gpu), 4, 4)
        if self.hasFocus():
            painter.setPen(QPen(AXIS_COLOR, 1, Qt.PenStyle.DotLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5))
            at = self._where(self._marker)
            painter.drawEllipse(at, 8, 8)
            label = count(self.marker)
            painter.drawText(
                QPointF(min(at.x() + 10, plot.right() - metrics.horizontalAdvance(label)), at.y()),
                label,
            )
        painter.end()
