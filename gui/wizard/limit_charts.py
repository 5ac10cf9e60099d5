"""The sizes page's two limit curves, memory against the context or the concurrency, on one chart.

A tab bar above one :class:`~gui.wizard.limit_chart.LimitChart` switches between the curves and
keeps the tab chosen when new curves arrive; a value picked on the chart is announced as a
context length or a number of sequences, which the sizes page writes into that field. Apart from
the chart because the chart only draws one curve; which curve, and what a pick means, is here.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import QTabBar, QVBoxLayout, QWidget

from core.planning.limit_curve import LimitCurve
from gui.translation import tr_id
from gui.wizard.limit_chart import LimitChart

CURVE_NAMES = ("context", "sequences")  # the order of the tabs


class LimitCharts(QWidget):
    """Memory against the context or the concurrency, switched by a tab bar above one chart."""

    contextPicked = Signal(int)
    sequencesPicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("limitCharts")
        self._curves: dict[str, LimitCurve] = {}
        self.switch = QTabBar(self)
        self.switch.setObjectName("limitChartSwitch")
        self.switch.setDrawBase(False)
        for _ in CURVE_NAMES:
            self.switch.addTab("")
        self.chart = LimitChart(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.switch)
        layout.addWidget(self.chart, 1)
        self.switch.currentChanged.connect(self._show_current)
        self.chart.valuePicked.connect(self._on_picked)
        self._retranslate()

    def _retranslate(self) -> None:
        self.switch.setTabText(0, tr_id("LimitCharts.context", "Context"))
        self.switch.setTabToolTip(
            0,
            tr_id(
                "LimitCharts.memory_per_gpu_against_the_context",
                "Memory per GPU against the context length",
            ),
        )
        self.switch.setTabText(1, tr_id("LimitCharts.sequences", "Sequences"))
        self.switch.setTabToolTip(
            1,
            tr_id(
                "LimitCharts.memory_per_gpu_against_the_concurrent",
                "Memory per GPU against the concurrent sequences",
            ),
        )
        self.switch.setAccessibleName(
            tr_id(
                "LimitCharts.what_the_chart_of_memory_per",
                "What the chart of memory per GPU is drawn against",
            )
        )

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    @property
    def curves(self) -> dict[str, LimitCurve]:
        """The curves by name (empty when there are none)."""
        return dict(self._curves)

    def show_curve(self, name: str) -> None:
        """Switch to the curve ``name`` (``context`` or ``sequences``)."""
        self.switch.setCurrentIndex(CURVE_NAMES.index(name))

    def set_curves(self, curves: dict[str, LimitCurve]) -> None:
        """Show ``curves`` by name; the chosen tab is kept."""
        self._curves = dict(curves)
        self._show_current()

    def _show_current(self) -> None:
        self.chart.set_curve(self._curves.get(CURVE_NAMES[max(self.switch.currentIndex(), 0)]))

    def _on_picked(self, name: str, value: int) -> None:
        (self.sequencesPicked if name == "sequences" else self.contextPicked).emit(value)
