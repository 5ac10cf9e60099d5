"""The live estimate beside every wizard page: memory chart, fit verdict, headroom, warnings.

The panel only shows what it is given: an :class:`core.estimate.results.EstimateResult`, the best
option of a :class:`core.planning.planner.Plan`, or why there is nothing to show yet. Every warning
names its severity and links to the glossary term that explains it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from core.estimate.results import EstimateResult
from gui.glossary_link import connect_term_links
from gui.presentation.palette import FAILS_STYLE
from gui.translation import tr_id
from gui.wizard.live_estimate_text import (
    best_text,
    binding_text,
    limits_html,
    subject_text,
    verdict_text,
    warnings_html,
)
from gui.wizard.memory_chart import MemoryChart

if TYPE_CHECKING:  # built before the first estimate, which needs neither the planner nor prices
    from core.planning.limits import Limits
    from core.planning.planner import Plan
    from core.pricing.outcome import OutcomeCost

PANEL_WIDTH = 360
# On a wide window the panel takes a quarter of the wizard, up to this: past it the chart and
# the lines of text beside it gain nothing (a 2560-pixel window kept them at 360 pixels).
PANEL_MAX_WIDTH = 560


class LiveEstimatePanel(QWidget):
    """Shows the latest estimate; the wizard calls the ``show_*`` methods."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("liveEstimatePanel")
        self._result: EstimateResult | None = None
        self._limits: Limits | None = None
        self._outcome: OutcomeCost | None = None
        self._plan: Plan | None = None
        self._status: tuple[str, str] | None = None  # (kind, message) when there is no result
        self._build_ui()
        self._retranslate()

    def _build_ui(self) -> None:
        self._title = QLabel(self)
        font = self._title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self._title.setFont(font)
        self._subject = QLabel(self)
        self._subject.setObjectName("estimateSubject")
        self._subject.setWordWrap(True)
        self._chart = MemoryChart(self)
        self._legend = QLabel(self)
        self._legend.setObjectName("memoryLegend")
        self._legend.setWordWrap(True)
        self._legend.setTextFormat(Qt.TextFormat.RichText)
        self._verdict = QLabel(self)
        self._verdict.setObjectName("estimateVerdict")
        self._verdict.setWordWrap(True)
        self._binding = QLabel(self)
        self._binding.setObjectName("estimateBinding")
        self._binding.setWordWrap(True)
        self._limit_lines = QLabel(self)
        self._limit_lines.setObjectName("estimateLimits")
        self._limit_lines.setWordWrap(True)
        self._limit_lines.setTextFormat(Qt.TextFormat.RichText)
        self._best = QLabel(self)
        self._best.setObjectName("estimateBestOption")
        self._best.setWordWrap(True)
        self._warnings = QLabel(self)
        self._warnings.setObjectName("estimateWarnings")
        self._warnings.setWordWrap(True)
        self._warnings.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self._warnings.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        connect_term_links(self._warnings)
        scroll = QScrollArea(self)
        scroll.setObjectName("estimateWarningsArea")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self._warnings)
        scroll.viewport().setBackgroundRole(QPalette.ColorRole.Window)
        self._content = QWidget(self)
        layout = QVBoxLayout(self._content)
        layout.setContentsMargins(0, 0, 6, 0)
        layout.addWidget(self._title)
        layout.addWidget(self._subject)
        chart_row = QHBoxLayout()
        chart_row.addWidget(self._chart, 1)
        chart_row.addWidget(self._legend, 1)
        layout.addLayout(chart_row, 3)
        layout.addWidget(self._verdict)
        layout.addWidget(self._binding)
        layout.addWidget(self._limit_lines)
        layout.addWidget(self._best)
        layout.addWidget(scroll, 2)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self._content)
        # QWizard gives its side widget no more than the width it insists on; the wizard widens
        # it on a wide window (PlanWizard._fit_panel).
        self.setFixedWidth(PANEL_WIDTH)

    @property
    def chart(self) -> MemoryChart:
        """The memory chart."""
        return self._chart

    def show_result(self, result: EstimateResult) -> None:
        """Show an estimate (its limits follow through :meth:`show_limits`)."""
        self._result, self._status = result, None
        self._limits = self._outcome = None
        self._render()

    def show_limits(self, limits: Limits | None, outcome: OutcomeCost | None) -> None:
        """Show how far the estimate shown goes on its offer and what its outcome costs."""
        self._limits, self._outcome = limits, outcome
        if self._result is not None:
            self._limit_lines.setText(limits_html(self._result, self._limits, self._outcome))

    @property
    def limits_text(self) -> str:
        """The plain text of the limits and costs shown (for tests and screen readers)."""
        return self._limit_lines.text()

    def show_status(self, kind: str, message: str) -> None:
        """Show why there is no estimate: ``kind`` is "busy", "invalid" or "error"."""
        self._result, self._status = None, (kind, message)
        self._render()

    def show_plan(self, plan: Plan | None) -> None:
        """Show the best option of ``plan`` (None while it is being computed)."""
        self._plan = plan
        self._render_best()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        self._title.setText(tr_id("LiveEstimatePanel.live_estimate", "Live estimate"))
        self._warnings.setAccessibleName(tr_id("LiveEstimatePanel.warnings", "Warnings"))
        self._chart.retranslate()
        self._render()

    def _render(self) -> None:
        result = self._result
        if result is None:
            kind, message = self._status or ("busy", "")
            self._chart.clear()
            self._legend.clear()
            self._subject.setText(
                message or tr_id("LiveEstimatePanel.reading_the_model", "Reading the model…")
            )
            _style(self._subject, FAILS_STYLE if kind != "busy" else "")
            for label in (self._verdict, self._binding, self._limit_lines, self._warnings):
                label.clear()
            if kind == "busy":
                self._render_best()
            else:
                self._best.clear()  # the options of an earlier request would mislead
            return
        _style(self._subject, "")
        self._subject.setText(subject_text(result))
        memory = result.memory
        self._chart.show_memory(memory, result.gpu.vram_bytes, result.usable_bytes)
        self._legend.setText(self._chart.legend_html())
        verdict, style = verdict_text(result)
        self._verdict.setText(verdict)
        _style(self._verdict, style)
        self._binding.setText(binding_text(result))
        self._limit_lines.setText(limits_html(result, self._limits, self._outcome))
        self._warnings.setText(warnings_html(result))
        self._render_best()

    def _render_best(self) -> None:
        plan = self._plan
        if self._result is None and self._status is not None and self._status[0] != "busy":
            self._best.clear()  # refused or failed: no offers are being ranked
        else:
            self._best.setText(best_text(plan))


def _style(label: QLabel, style: str) -> None:
    """Set a style sheet only when it changes (setting one restyles the widget)."""
    if label.styleSheet() != style:
        label.setStyleSheet(style)
