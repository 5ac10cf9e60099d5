"""The optional "Traffic and latency" step: plan serving from the outcome, or training by a date.

Serving: with "Plan from traffic and latency" ticked, the page takes a traffic profile (rates,
lengths, the latency target, spare capacity) and shows the cheapest offers, layouts and replica
counts that serve it (:func:`core.planning.traffic.plan_traffic`), and for the chosen one its curve
of throughput per GPU against tokens/s per user with the target and the operating point; clicking a
point (or Enter on the keyboard marker) runs the replicas at that concurrency. "What if traffic
doubles" sizes the same layouts for twice the rates, live. Choosing an option sets the offer and
the layout of the plan, and the profile with its operating point is saved with the request (so
a quote keeps them). Unticked, the page writes nothing: the plan is made as before.

Training: "Finish by" states a deadline; the page says which option trains the request's tokens
by then and the term that covers it, or how late the cheapest finishes
(:func:`core.planning.traffic.plan_goal`).

The plans are made after a pause in typing on the thread pool, through :class:`gui.worker.Worker`
(a whole-catalog traffic plan takes some 20 ms with the roofline, 21-52 ms with the step model):
the worker gets the request, the profile and the catalog and returns the plan, which the page
shows when ``planned`` is emitted; a plan that a newer edit has superseded is cancelled, and
should it arrive all the same it is dropped. Re-sizing for doubled traffic (2 ms) stays on the
GUI thread.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QDateTime, Qt, QTimer, QTimeZone, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDateTimeEdit,
    QDoubleSpinBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.base.errors import PlannerError
from core.domain.request import Parallelism
from core.planning.traffic import curve, option_at, plan_goal, plan_traffic, saved_point, what_if
from gui.core_text import message_text
from gui.presentation.formats import money
from gui.presentation.names import offer
from gui.presentation.traffic_text import TrafficText
from gui.translation import tr_id
from gui.wizard.term_form import deadline_of, show_deadline_quietly
from gui.wizard.traffic_chart import TrafficChart
from gui.wizard.wizard_step import WizardStep
from gui.worker import Worker

if TYPE_CHECKING:
    from core.domain.request import PlanRequest
    from core.planning.traffic import GoalPlan, TrafficOption, TrafficPlan
    from gui.wizard.plan_draft import DraftPart, PageContext

PAUSE_MS = 250  # after the last edit, as the live estimate waits for typing
SHOWN = 12  # options in the table
NOT_SET = 0.0  # a latency figure of 0 is no target


def _spin(
    low: float, high: float, decimals: int, value: float, special: str = ""
) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(low, high)
    box.setDecimals(decimals)
    box.setValue(value)
    if special:
        box.setSpecialValueText(special)
    return box


def _count(low: int, high: int, value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    box.setGroupSeparatorShown(True)
    return box


class TrafficPage(WizardStep):
    """Serving from a traffic profile, or training by a deadline; both optional."""

    PREFIXES = ("traffic", "goal")
    # A traffic plan or a goal answer was shown (the result of the latest refresh only).
    planned = Signal(object)

    def __init__(self, context: PageContext | None = None, parent: QWidget | None = None) -> None:
        super().__init__("trafficPage", context, parent)
        self._worker: Worker | None = None  # the plan being made, off the GUI thread
        self._workload = "inference"
        self._plan: TrafficPlan | None = None
        self._shown: TrafficPlan | None = None  # the plan shown: doubled or not
        self._options: list[TrafficOption] = []
        self._chosen: TrafficOption | None = None
        self._saved_point: dict[str, Any] | None = None
        # The profile and goal as loaded, written back until an input of theirs is edited: the
        # page shows a profile given as tokens per day, or a goal's tokens and epochs, without
        # inputs of their own, and writes them back unchanged.
        self._loaded: dict[str, Any] | None = None
        self._loaded_goal: dict[str, Any] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(PAUSE_MS)
        self._timer.timeout.connect(self.refresh)
        self._build_ui()
        self._connect_signals()
        self._retranslate()
        self._show_workload()

    # -- the widgets ---------------------------------------------------------------------------

    def _build_ui(self) -> None:
        # Everything scrolls together: the profile, the table and the chart do not fit a short
        # window at once.
        inner = QWidget(self)
        column = QVBoxLayout(inner)
        column.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea(self)
        scroll.setObjectName("trafficScroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(inner)
        self.content.addWidget(scroll)
        self.enabled = QCheckBox(self)
        self.enabled.setObjectName("trafficEnabled")
        column.addWidget(self.enabled)
        self.profile_box = QGroupBox(self)
        form = QGridLayout(self.profile_box)
        self.rate_unit = QComboBox(self)
        self.rate_unit.setObjectName("trafficRateUnit")
        self.rate_unit.addItem("", "second")
        self.rate_unit.addItem("", "minute")
        self.rate_unit.setCurrentIndex(1)  # the example: 300 requests a minute at peak
        self.average = _spin(0.0, 1e9, 2, 200.0)
        self.peak = _spin(0.0, 1e9, 2, 300.0, "—")
        self.input_mean = _count(1, 10_000_000, 2000)
        self.input_p90 = _count(0, 10_000_000, 3000)
        self.output_mean = _count(1, 10_000_000, 400)
        self.output_p90 = _count(0, 10_000_000, 800)
        self.ttft_p50 = _spin(NOT_SET, 3600.0, 3, NOT_SET, "—")
        self.ttft_p90 = _spin(NOT_SET, 3600.0, 3, 1.0, "—")
        self.user_rate = _spin(NOT_SET, 100_000.0, 1, 30.0, "—")
        self.spare_replicas = _count(0, 1000, 1)
        self.spare_percent = _spin(0.0, 1000.0, 0, 0.0)
        self.input_p90.setSpecialValueText("—")
        self.output_p90.setSpecialValueText("—")
        self._labels: dict[str, QLabel] = {}
        # Two fields a row, each with its pair: the rate's unit alone, then average and peak, the
        # mean and p90 of the prompt and of the answer, the two first-token percentiles, and so on.
        fields: list[tuple[str, QWidget] | None] = [
            ("rate_unit", self.rate_unit),
            None,
            ("average", self.average),
            ("peak", self.peak),
            ("input_mean", self.input_mean),
            ("input_p90", self.input_p90),
            ("output_mean", self.output_mean),
            ("output_p90", self.output_p90),
            ("ttft_p50", self.ttft_p50),
            ("ttft_p90", self.ttft_p90),
            ("user_rate", self.user_rate),
            None,
            ("spare_replicas", self.spare_replicas),
            ("spare_percent", self.spare_percent),
        ]
        for i, field in enumerate(fields):
            if field is None:
                continue
            name, widget = field
            widget.setObjectName(f"traffic_{name}")
            label = QLabel(self)
            label.setBuddy(widget)
            self._labels[name] = label
            row, pair = divmod(i, 2)
            form.addWidget(label, row, 2 * pair)
            form.addWidget(widget, row, 2 * pair + 1)
        form.setColumnStretch(1, 1)
        form.setColumnStretch(3, 1)
        column.addWidget(self.profile_box)
        self.doubles = QCheckBox(self)
        self.doubles.setObjectName("trafficDoubles")
        column.addWidget(self.doubles)
        self.table = QTableWidget(0, 9, self)
        self.table.setObjectName("trafficTable")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setMinimumHeight(170)
        column.addWidget(self.table)
        self.chart = TrafficChart(self)
        self.chart.setMinimumHeight(220)
        column.addWidget(self.chart)
        self.status = QLabel(self)
        self.status.setObjectName("trafficStatus")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        column.addWidget(self.status)
        # training: a deadline next to the term
        row = QHBoxLayout()
        self.finish_by = QCheckBox(self)
        self.finish_by.setObjectName("trafficFinishBy")
        self.deadline = QDateTimeEdit(self)
        self.deadline.setObjectName("trafficDeadline")
        self.deadline.setTimeZone(QTimeZone.utc())
        self.deadline.setDisplayFormat("yyyy-MM-dd HH:mm 'UTC'")
        self.deadline.setCalendarPopup(True)
        stamp = int((datetime.now(UTC) + timedelta(days=7)).replace(minute=0, second=0).timestamp())
        self.deadline.setDateTime(QDateTime.fromSecsSinceEpoch(stamp, QTimeZone.utc()))
        row.addWidget(self.finish_by)
        row.addWidget(self.deadline, 1)
        self.goal_row = QWidget(self)
        self.goal_row.setLayout(row)
        column.addWidget(self.goal_row)
        self.goal_answer = QLabel(self)
        self.goal_answer.setObjectName("trafficGoalAnswer")
        self.goal_answer.setWordWrap(True)
        column.addWidget(self.goal_answer)
        self.not_here = QLabel(self)
        self.not_here.setWordWrap(True)
        column.addWidget(self.not_here)
        column.addStretch(1)

    def _connect_signals(self) -> None:
        if self.context is not None:  # the deadline set next to the term
            self.context.draft.deadlineShared.connect(self._on_deadline_shared)
        self.enabled.toggled.connect(self._on_enabled)
        for box in (
            self.average,
            self.peak,
            self.ttft_p50,
            self.ttft_p90,
            self.user_rate,
            self.spare_percent,
        ):
            box.valueChanged.connect(self._on_profile_edited)
        for spin in (
            self.input_mean,
            self.input_p90,
            self.output_mean,
            self.output_p90,
            self.spare_replicas,
        ):
            spin.valueChanged.connect(self._on_profile_edited)
        self.rate_unit.currentIndexChanged.connect(self._on_profile_edited)
        self.doubles.toggled.connect(self._show_doubled)
        self.table.currentCellChanged.connect(self._on_row_changed)
        self.chart.concurrencyPicked.connect(self._on_point_picked)
        self.finish_by.toggled.connect(self._on_goal_edited)
        self.deadline.dateTimeChanged.connect(self._on_goal_edited)

    def _retranslate(self) -> None:
        self.setTitle(tr_id("TrafficPage.traffic_and_latency", "Traffic and latency"))
        self.setSubTitle(
            tr_id(
                "TrafficPage.optional_plan_from_the_traffic_you",
                "Optional: plan from the traffic you serve and the latency you need, or from the "
                "date a training run must finish. Skip it to keep the layout you chose.",
            )
        )
        self.enabled.setText(
            tr_id("TrafficPage.plan_from_traffic_and_latency", "&Plan from traffic and latency")
        )
        self.profile_box.setTitle(tr_id("TrafficPage.traffic_profile", "Traffic profile"))
        self.rate_unit.setItemText(
            0, tr_id("TrafficPage.requests_per_second", "requests per second")
        )
        self.rate_unit.setItemText(
            1, tr_id("TrafficPage.requests_per_minute", "requests per minute")
        )
        texts = {
            "rate_unit": tr_id("TrafficPage.rate_unit", "Rate unit:"),
            "average": tr_id("TrafficPage.average_rate", "Average rate:"),
            "peak": tr_id("TrafficPage.peak_rate", "Peak rate:"),
            "input_mean": tr_id("TrafficPage.input_tokens_mean", "Input tokens, mean:"),
            "input_p90": tr_id("TrafficPage.input_tokens_p90", "Input tokens, p90:"),
            "output_mean": tr_id("TrafficPage.output_tokens_mean", "Output tokens, mean:"),
            "output_p90": tr_id("TrafficPage.output_tokens_p90", "Output tokens, p90:"),
            "ttft_p50": tr_id(
                "TrafficPage.time_to_first_token_p50_s", "Time to first token p50, s:"
            ),
            "ttft_p90": tr_id(
                "TrafficPage.time_to_first_token_p90_s", "Time to first token p90, s:"
            ),
            "user_rate": tr_id(
                "TrafficPage.tokens_s_per_user_at_least", "Tokens/s per user, at least:"
            ),
            "spare_replicas": tr_id("TrafficPage.spare_replicas", "Spare replicas:"),
            "spare_percent": tr_id(
                "TrafficPage.spare_capacity_of_the_peak", "Spare capacity, % of the peak:"
            ),
        }
        for name, text in texts.items():
            self._labels[name].setText(text)
        self.doubles.setText(
            tr_id("TrafficPage.what_if_traffic_doubles", "What if traffic &doubles")
        )
        self.table.setHorizontalHeaderLabels(
            [
                tr_id("TrafficPage.gpu", "GPU"),
                tr_id("TrafficPage.layout", "Layout"),
                tr_id("TrafficPage.replicas", "Replicas"),
                tr_id("TrafficPage.at_once", "At once"),
                tr_id("TrafficPage.ttft_s", "TTFT, s"),
                tr_id("TrafficPage.tpot_ms", "TPOT, ms"),
                tr_id("TrafficPage.tokens_s_per_user", "Tokens/s per user"),
                tr_id("TrafficPage.total", "Total"),
                tr_id("TrafficPage.per_1m_tokens", "Per 1M tokens"),
            ]
        )
        self.finish_by.setText(tr_id("TrafficPage.finish_by", "&Finish by"))
        self.not_here.setText(
            tr_id(
                "TrafficPage.traffic_and_deadlines_plan_serving_and",
                "Traffic and deadlines plan serving and training; image generation has none.",
            )
        )
        self._show_plan()

    # -- the request -----------------------------------------------------------------------------

    def profile_data(self) -> dict[str, Any]:
        """The traffic profile the inputs describe, as request JSON."""
        latency: dict[str, float] = {}
        if self.ttft_p50.value() > NOT_SET:
            latency["ttft_p50_s"] = self.ttft_p50.value()
        if self.ttft_p90.value() > NOT_SET:
            latency["ttft_p90_s"] = self.ttft_p90.value()
        if self.user_rate.value() > NOT_SET:
            latency["tokens_per_s_per_user"] = self.user_rate.value()
        data: dict[str, Any] = {
            "rate_unit": self.rate_unit.currentData(),
            "average_per_unit": self.average.value(),
            "input_tokens": {"mean": self.input_mean.value()},
            "output_tokens": {"mean": self.output_mean.value()},
            "latency": latency,
            "spare": {
                "replicas": self.spare_replicas.value(),
                "fraction": self.spare_percent.value() / 100,
            },
        }
        if self.peak.value() > 0:
            data["peak_per_unit"] = self.peak.value()
        if self.input_p90.value() > 0:
            data["input_tokens"]["p90"] = self.input_p90.value()
        if self.output_p90.value() > 0:
            data["output_tokens"]["p90"] = self.output_p90.value()
        if self._saved_point is not None:
            data["operating_point"] = self._saved_point
        return data

    def write(self, part: DraftPart) -> None:
        part.pop("traffic", None)
        part.pop("goal", None)
        workload = part.workload
        if workload == "inference" and self.enabled.isChecked():
            if self._loaded is not None:
                part["traffic"] = {**self._loaded, "operating_point": self._saved_point}
            else:
                part["traffic"] = self.profile_data()
        if workload == "training" and self.finish_by.isChecked():
            deadline = self.deadline.dateTime().toSecsSinceEpoch()
            goal = dict(self._loaded_goal or {})
            if goal.get("deadline") is None or goal.get("stamp") != deadline:
                goal["deadline"] = datetime.fromtimestamp(deadline, UTC).isoformat()
            goal.pop("stamp", None)
            part["goal"] = goal

    def load(self, request: PlanRequest) -> None:
        widgets = [self.enabled, self.finish_by, self.deadline, self.rate_unit, self.doubles]
        for widget in widgets:
            widget.blockSignals(True)
        try:
            traffic = request.traffic
            self.enabled.setChecked(traffic is not None)
            self._saved_point = None
            self._loaded = self._loaded_goal = None
            if traffic is not None:
                self._load_profile(request)
                self._loaded = traffic.model_dump(mode="json", exclude={"operating_point"})
            goal = request.goal
            self.finish_by.setChecked(goal is not None)
            if goal is not None:
                stamp = int(goal.deadline.timestamp())
                self.deadline.setDateTime(QDateTime.fromSecsSinceEpoch(stamp, QTimeZone.utc()))
                self._loaded_goal = {**goal.model_dump(mode="json"), "stamp": stamp}
            self.doubles.setChecked(False)
        finally:
            for widget in widgets:
                widget.blockSignals(False)
        self._plan = self._shown = None
        self._show_workload()
        self._show_plan()

    def _load_profile(self, request: PlanRequest) -> None:
        traffic = request.traffic
        assert traffic is not None
        spins = [
            self.average,
            self.peak,
            self.input_mean,
            self.input_p90,
            self.output_mean,
            self.output_p90,
            self.ttft_p50,
            self.ttft_p90,
            self.user_rate,
            self.spare_replicas,
            self.spare_percent,
        ]
        for spin in spins:
            spin.blockSignals(True)
        try:
            self.rate_unit.setCurrentIndex(0 if traffic.rate_unit == "second" else 1)
            self.average.setValue(traffic.average_display)
            self.peak.setValue(traffic.peak_per_unit or 0.0)
            self.input_mean.setValue(traffic.input_tokens.mean)
            self.input_p90.setValue(traffic.input_tokens.p90 or 0)
            self.output_mean.setValue(traffic.output_tokens.mean)
            self.output_p90.setValue(traffic.output_tokens.p90 or 0)
            self.ttft_p50.setValue(traffic.latency.ttft_p50_s or NOT_SET)
            self.ttft_p90.setValue(traffic.latency.ttft_p90_s or NOT_SET)
            user = traffic.latency.tpot_ceiling
            self.user_rate.setValue(1 / user if user else NOT_SET)
            self.spare_replicas.setValue(traffic.spare.replicas)
            self.spare_percent.setValue(traffic.spare.fraction * 100)
            point = traffic.operating_point
            self._saved_point = point.model_dump(mode="json") if point else None
        finally:
            for spin in spins:
                spin.blockSignals(False)

    def set_workload(self, workload: str) -> None:
        self._workload = workload
        self._show_workload()

    def _show_workload(self) -> None:
        serving = self._workload == "inference"
        training = self._workload == "training"
        on = serving and self.enabled.isChecked()
        self.enabled.setVisible(serving)
        for widget in (self.profile_box, self.doubles, self.table, self.chart, self.status):
            widget.setVisible(on)
        self.goal_row.setVisible(training)
        self.goal_answer.setVisible(training and self.finish_by.isChecked())
        self.deadline.setEnabled(self.finish_by.isChecked())
        self.not_here.setVisible(not serving and not training)

    def initializePage(self) -> None:
        self.refresh()

    # -- planning ------------------------------------------------------------------------------

    def _request(self) -> PlanRequest | None:
        try:
            return self.context.draft.request() if self.context is not None else None
        except PlannerError:
            return None  # the page's message shows why

    def refresh(self) -> None:
        """Plan the profile (or the goal) of the request the pages describe now, on the pool.

        The plan in the making, if any, is superseded: its result is not shown.
        """
        self._timer.stop()
        if self._worker is not None:
            self._worker.cancel()
            self._worker = None
        request = self._request()
        if request is None or self.context is None:
            return
        state = self.context.state
        if request.workload == "inference" and request.traffic is not None:
            worker = Worker(
                plan_traffic,
                request.model_copy(update={"gpu": None}),
                request.traffic,
                state.catalog,
                tax_rate=state.settings.tax_rate,
            )
            worker.succeeded.connect(self._on_traffic_planned)
            worker.failed.connect(self._on_traffic_failed)
        elif request.workload == "training" and request.goal is not None:
            worker = Worker(
                plan_goal,
                request,
                None,
                state.catalog,
                now=datetime.now(UTC),
                tax_rate=state.settings.tax_rate,
            )
            worker.succeeded.connect(self._on_goal_planned)
            worker.failed.connect(self._on_goal_failed)
        else:
            return
        self._worker = worker
        worker.start()

    def _latest(self) -> bool:
        """Whether the worker reporting made the plan of the latest refresh (else it is stale).

        A superseded worker is cancelled and reports nothing; this guards the rest.
        """
        if self._worker is None or self.sender() is not self._worker:
            return False
        self._worker = None
        return True

    def _on_traffic_planned(self, plan: TrafficPlan) -> None:
        if not self._latest():
            return
        self._plan = plan
        self._show_doubled()
        self.planned.emit(plan)

    def _on_traffic_failed(self, error: Exception) -> None:
        if not self._latest():
            return
        self._plan = None
        self.status.setText(_error_text(error))
        self.planned.emit(None)

    def _on_goal_planned(self, answer: GoalPlan) -> None:
        if not self._latest():
            return
        lines = [message_text(answer.summary)]
        if answer.fastest:
            lines.append(message_text(answer.fastest))
        self.goal_answer.setText("\n".join(lines))
        self.planned.emit(answer)

    def _on_goal_failed(self, error: Exception) -> None:
        if not self._latest():
            return
        self.goal_answer.setText(_error_text(error))
        self.planned.emit(None)

    def _show_doubled(self, *_args: object) -> None:
        if self._plan is None:
            self._shown = None
        elif self.doubles.isChecked() and self.context is not None:
            self._shown = what_if(self._plan, 2.0, self.context.state.catalog)
        else:
            self._shown = self._plan
        self._chosen = None
        self._show_plan()

    def _show_plan(self) -> None:
        plan = self._shown
        self.table.blockSignals(True)
        try:
            self._options = list(plan.options[:SHOWN]) if plan else []
            self.table.setRowCount(len(self._options))
            for row, option in enumerate(self._options):
                for column, text in enumerate(self._cells(option)):
                    item = QTableWidgetItem(text)
                    if column:
                        item.setTextAlignment(
                            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                        )
                    self.table.setItem(row, column, item)
        finally:
            self.table.blockSignals(False)
        if plan is None:
            self.status.setText("")
            self.chart.set_curve([], target=None, best=0, chosen=0.0)
            return
        if not plan.options:
            self.status.setText(message_text(plan.unreachable or ""))
            self.chart.set_curve([], target=None, best=0, chosen=0.0)
            return
        if self._chosen is None:
            # Showing the plan chooses nothing: the row of the plan's own offer and layout (or
            # the cheapest) is shown until the user picks one.
            row = self._row_of_request()
            self.table.blockSignals(True)
            try:
                self.table.selectRow(row)
            finally:
                self.table.blockSignals(False)
            self._show_option(self._options[row])

    def _row_of_request(self) -> int:
        request = self._request()
        if request is None:
            return 0
        for row, option in enumerate(self._options):
            split = option.capacity.layout.expert_parallel
            layout = (option.gpu.id, option.gpus, option.tp, split, option.replica_gpus)
            par = request.parallelism
            if layout == (request.gpu, par.gpus, par.tp, par.expert_parallel, par.replica_gpus):
                return row
        return 0

    def _cells(self, option: TrafficOption) -> list[str]:
        point = option.point
        assert point is not None
        per_million = option.per_million_tokens
        return [
            offer(option.gpu),
            TrafficText(self).layout(
                option.tp, option.capacity.layout.dp, option.capacity.layout.expert_parallel
            ),
            str(option.replicas),
            f"{option.load_concurrency:.1f}",
            f"{point.ttft_s:.3f}",
            f"{point.tpot_s * 1000:.1f}",
            f"{point.tokens_per_s_per_user:.1f}",
            money(option.price.total, option.price.currency),
            money(per_million, option.price.currency) if per_million is not None else "—",
        ]

    def _show_option(self, option: TrafficOption) -> None:
        plan = self._shown
        assert plan is not None
        self._chosen = option
        ceiling = plan.profile.latency.tpot_ceiling
        points = curve(option.capacity, plan.profile)
        self.chart.set_curve(
            points,
            target=1 / ceiling if ceiling else None,
            best=option.capacity.concurrency,
            chosen=option.load_concurrency,
            chosen_point=option.point,
        )
        binding = message_text(option.binding_text)
        point = option.point
        assert point is not None
        text = tr_id(
            "TrafficPage.gpu_gpus_layout_replicas_replicas_at",
            "{gpu} × {gpus}, {layout}, replicas: {replicas}. At the peak each replica "
            "runs {at:.1f} requests at once: first token in {ttft:.3f} s, {user:.1f} tokens/s per "
            "user, {util:.0%} busy; {binding} ({note})",
        )
        self.status.setText(
            text.format(
                gpus=option.gpus,
                replicas=option.replicas,
                layout=TrafficText(self).layout_words(
                    option.tp, option.capacity.layout.dp, option.capacity.layout.expert_parallel
                ),
                gpu=offer(option.gpu),
                at=option.load_concurrency,
                ttft=point.ttft_s,
                user=point.tokens_per_s_per_user,
                util=option.utilization,
                binding=binding,
                note=message_text(plan.note),
            )
        )

    def choose(self, option: TrafficOption) -> None:
        """Make ``option`` the plan's: its offer, layout and operating point."""
        self._show_option(option)
        point = saved_point(option)
        self._saved_point = point.model_dump(mode="json") if point else None
        strategy = "tensor" if option.gpus > 1 else "single"
        tp = option.tp if option.gpus > 1 else None
        split = option.capacity.layout
        layout = Parallelism(
            strategy=strategy,
            gpus=option.gpus,
            tensor_parallel=tp,
            expert_parallel=split.expert_parallel,
            data_parallel=split.dp if split.expert_parallel else None,
        )
        if self.context is not None:  # shown on the pages that own the layout and the offer
            draft = self.context.draft
            draft.choose_layout(layout)
            request = self._request()
            if request is not None:
                draft.choose_offer(request.model_copy(update={"gpu": option.gpu.id}))
        self.edited.emit()

    # -- signals -------------------------------------------------------------------------------

    def _on_enabled(self, _checked: bool) -> None:
        self._show_workload()
        self.edited.emit()
        self._timer.start()

    def _on_profile_edited(self, *_args: object) -> None:
        self._saved_point = None  # a new profile, a new operating point
        self._loaded = None  # the inputs say it now
        self.edited.emit()
        self._timer.start()

    def _on_goal_edited(self, *_args: object) -> None:
        self._show_workload()
        if self.context is not None:  # the deadline is shown next to the term as well
            self.context.draft.share_deadline(self.deadline_value(), self)
        self.edited.emit()
        self._timer.start()

    def deadline_value(self) -> datetime | None:
        """The deadline "Finish by" states, or None when it is off."""
        return deadline_of(self.finish_by, self.deadline)

    def set_deadline(self, deadline: datetime | None) -> None:
        """Take the deadline set next to the term (None: off) as if it were typed here."""
        if deadline == self.deadline_value():
            return
        show_deadline_quietly(self.finish_by, self.deadline, deadline)
        self._on_goal_edited()

    def _on_deadline_shared(self, deadline: datetime | None, setter: object) -> None:
        if setter is not self:
            self.set_deadline(deadline)

    def _on_row_changed(self, row: int, *_args: int) -> None:
        if 0 <= row < len(self._options):
            self.choose(self._options[row])

    def _on_point_picked(self, concurrency: int) -> None:
        if self._chosen is None or self._shown is None or self.context is None:
            return
        catalog = self.context.state.catalog
        picked = option_at(self._shown, self._chosen, concurrency, catalog)
        if picked.reason_parts:
            self.status.setText(message_text(picked.reason_parts[0]))
            return
        self.choose(picked)


def _error_text(error: Exception) -> str:
    """What a failed plan says: core's message, or (a defect, logged by the worker) its text."""
    if isinstance(error, PlannerError):
        return message_text(error.message)
    return str(error)
