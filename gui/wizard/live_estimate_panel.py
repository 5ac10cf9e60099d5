"""The live estimate beside every wizard page: memory chart, fit verdict, headroom, warnings.

The panel only shows what it is given: an :class:`core.estimate.results.EstimateResult`, the best
option of a :class:`core.planning.planner.Plan`, or why there is nothing to show yet. Every warning
names its severity and links to the glossary term that explains it.
"""

from __future__ import annotations

from html import escape
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

from core.capacity.kv_pool import refused, runs_fewer
from core.domain.terms import term_hours
from core.estimate.results import EstimateResult
from gui.core_text import finding_text, message_text
from gui.glossary_link import connect_term_links, term_anchor
from gui.presentation import counts, palette
from gui.presentation.formats import count, gib, money
from gui.presentation.names import (
    component_name,
    model_name,
    offer,
    severity_name,
    strategy_name,
)
from gui.translation import tr_id
from gui.wizard.memory_chart import MemoryChart

if TYPE_CHECKING:  # built before the first estimate, which needs neither the planner nor prices
    from core.planning.limits import Limits
    from core.planning.planner import Plan
    from core.pricing.outcome import OutcomeCost

FITS_STYLE, FAILS_STYLE = palette.FITS_STYLE, palette.FAILS_STYLE
UNCERTAIN_STYLE = palette.UNCERTAIN_STYLE
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
            self._limit_lines.setText(self._limits_html(self._result))

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
        chosen = result.request.gpu is not None
        # The headline agrees with the verdict below it: an offer is "cheapest that fits" only
        # when it fits; otherwise it is the closest one, shown so the shortfall can be read.
        if chosen:
            text = tr_id(
                "LiveEstimatePanel.model_gpus_gpu_strategy", "{model}: {gpus} × {gpu}, {strategy}"
            )
        elif result.fits:
            text = tr_id(
                "LiveEstimatePanel.model_cheapest_offer_that_fits_this",
                "{model}: cheapest offer that fits this layout is {gpus} × {gpu}, {strategy}",
            )
        else:
            text = tr_id(
                "LiveEstimatePanel.model_no_offer_fits_this_layout",
                "{model}: no offer fits this layout; the closest is {gpus} × {gpu}, {strategy}",
            )
        sharding = result.request.parallelism.fsdp_sharding
        self._subject.setText(
            text.format(
                model=model_name(result.model.name),
                gpus=result.gpus,
                gpu=offer(result.gpu),
                strategy=strategy_name(result.strategy, sharding),
            )
        )
        memory = result.memory
        self._chart.show_memory(memory, result.gpu.vram_bytes, result.usable_bytes)
        self._legend.setText(self._chart.legend_html())
        refusal = refused(result.details)
        if result.fits:
            verdict = tr_id(
                "LiveEstimatePanel.fits_total_of_usable_usable_per",
                "Fits: {total} of {usable} usable per GPU, {headroom} headroom",
            )
            headroom = gib(result.headroom_bytes)
        elif result.headroom_bytes >= 0 and refusal is not None:
            # vLLM's start-up check (core.capacity.kv_pool.start_up): memory fits, the pool does not
            verdict = (
                tr_id(
                    "LiveEstimatePanel.does_not_fit_vllm_would_not",
                    "Does not fit: vLLM would not start, its KV cache pool holds no sequence of"
                    " {context}; the longest context that starts is {longest}",
                )
                if refusal.longest
                else tr_id(
                    "LiveEstimatePanel.does_not_fit_vllm_would_not_95f859",
                    "Does not fit: vLLM would not start, no KV cache pool is left for any context",
                )
            )
            headroom = gib(result.headroom_bytes)
        elif result.headroom_bytes < 0:
            verdict = tr_id(
                "LiveEstimatePanel.does_not_fit_needs_total_per",
                "Does not fit: needs {total} per GPU, {usable} usable, {headroom} short",
            )
            headroom = gib(-result.headroom_bytes)
        else:
            verdict = tr_id(
                "LiveEstimatePanel.does_not_run_total_of_usable",
                "Does not run: {total} of {usable} fits, but a blocker below stops it",
            )
            headroom = gib(result.headroom_bytes)
        requested = result.request.inference.concurrent_sequences
        text = verdict.format(
            total=gib(memory.total),
            usable=gib(result.usable_bytes),
            headroom=headroom,
            context=counts.tokens(result.request.inference.context_tokens),
            longest=counts.tokens(refusal.longest) if refusal is not None else "",
        )
        if result.fits and (at_once := runs_fewer(result.details, requested)) is not None:
            text += "\n" + tr_id(
                "LiveEstimatePanel.vllm_runs_at_once_of_requested",
                "vLLM runs {at_once} {of_requested}: the others wait",
            ).format(at_once=count(at_once), of_requested=counts.of_sequences_at_once(requested))
        if result.approximate is not None:
            # The model's counts are approximate: say so, and whether the range crosses the limit.
            line = (
                tr_id(
                    "LiveEstimatePanel.fit_uncertain_the_total_may_be",
                    "Fit uncertain: the total may be {low} to {high} per GPU (not counted exactly)",
                )
                if result.fit_certainty == "uncertain"
                else tr_id(
                    "LiveEstimatePanel.approximate_the_total_may_be_low",
                    "Approximate: the total may be {low} to {high} per GPU",
                )
            )
            text += "\n" + line.format(
                low=gib(result.approximate.band_low), high=gib(result.approximate.band_high)
            )
        self._verdict.setText(text)
        if result.fit_certainty == "uncertain":
            _style(self._verdict, UNCERTAIN_STYLE)
        else:
            _style(self._verdict, FITS_STYLE if result.fits else FAILS_STYLE)
        self._binding.setText(
            tr_id("LiveEstimatePanel.largest_component_name", "Largest component: {name}").format(
                name=component_name(result.binding_component)
            )
        )
        self._limit_lines.setText(self._limits_html(result))
        self._warnings.setText(self._warnings_html(result))
        self._render_best()

    def _limits_html(self, result: EstimateResult) -> str:
        lines: list[str] = []
        if self._limits is not None:
            lines += [message_text(m) for m in self._limits.messages(result.request)]
        profile = result.details.get("vllm_profile")
        if profile:  # core.capacity.vllm_profile: sized by inference.max_num_batched_tokens
            text = tr_id(
                "LiveEstimatePanel.vllm_s_start_up_profile_over",
                "vLLM's start-up profile over {tokens} tokens and {sequences} sequences:"
                " activation peak {peak} per GPU",
            )
            lines.append(
                text.format(
                    tokens=count(profile["max_num_batched_tokens"]),
                    sequences=count(profile["max_num_seqs"]),
                    peak=gib(profile["activation_peak_bytes"], 2),
                )
            )
        if self._outcome is not None:
            lines += [
                message_text(m) for m in self._outcome.messages(term_hours(result.request.term))
            ]
        if not lines:
            return ""
        heading = escape(
            tr_id("LiveEstimatePanel.on_this_offer_and_layout", "On this offer and layout:")
        )
        return f"<b>{heading}</b><br>" + "<br>".join(escape(line) for line in lines)

    def _warnings_html(self, result: EstimateResult) -> str:
        items = []
        for finding in result.findings:
            if finding.code == "disclaimer":
                continue
            color = palette.severity(finding.severity)
            items.append(
                f'<p style="margin:0 0 6px 0"><b style="color:{color}">'
                f"{escape(severity_name(finding.severity))}</b> "
                f"{escape(finding_text(finding))} ({term_anchor(finding.glossary_term)})</p>"
            )
        if not items:
            return escape(tr_id("LiveEstimatePanel.no_warnings", "No warnings."))
        return "".join(items)

    def _render_best(self) -> None:
        plan = self._plan
        if self._result is None and self._status is not None and self._status[0] != "busy":
            self._best.clear()  # refused or failed: no offers are being ranked
        elif plan is None:
            self._best.setText(tr_id("LiveEstimatePanel.ranking_the_offers", "Ranking the offers…"))
        elif plan.options:
            best = plan.options[0]
            if plan.rank_by == "job-cost" and best.job_cost is not None:
                text = tr_id(
                    "LiveEstimatePanel.cheapest_training_run_options_gpus_gpu",
                    "Cheapest training run {options}: {gpus} × {gpu}, {run} for the run "
                    "({total} for the term)",
                )
            else:
                text = tr_id(
                    "LiveEstimatePanel.cheapest_options_gpus_gpu_total_for",
                    "Cheapest {options}: {gpus} × {gpu}, {total} for the term",
                )
            currency = best.price.currency
            self._best.setText(
                text.format(
                    options=counts.of_options_that_fit(len(plan.options)),
                    gpus=best.estimate.gpus,
                    gpu=offer(best.gpu),
                    run=money(best.job_cost, currency) if best.job_cost is not None else "",
                    total=money(best.price.total, currency),
                )
            )
        else:
            self._best.setText(
                tr_id(
                    "LiveEstimatePanel.no_offer_in_the_catalog_fits",
                    "No offer in the catalog fits this request.",
                )
            )


def _style(label: QLabel, style: str) -> None:
    """Set a style sheet only when it changes (setting one restyles the widget)."""
    if label.styleSheet() != style:
        label.setStyleSheet(style)
