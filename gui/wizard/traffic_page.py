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
    QCheckBox,
    QDateTimeEdit,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from core.base.errors import PlannerError
from core.domain.request import Parallelism
from core.planning.traffic import curve, option_at, plan_goal, plan_traffic, saved_point, what_if
from gui.core_text import message_text
from gui.presentation.traffic_text import TrafficText
from gui.translation import tr_id
from gui.wizard.term_form import deadline_of, show_deadline_quietly
from gui.wizard.traffic_chart import TrafficChart
from gui.wizard.traffic_options import TrafficOptionsTable, chosen_sentence
from gui.wizard.traffic_profile_form import TrafficProfileForm
from gui.wizard.wizard_step import WizardStep
from gui.worker import Worker

if TYPE_CHECKING:
    from core.domain.request import PlanRequest
    from core.planning.traffic import GoalPlan, TrafficOption, TrafficPlan
    from gui.wizard.plan_draft import DraftPart, PageContext

PAUSE_MS = 250  # after the last edit, as the live estimate waits for typing
SHOWN = 12  # options in the table


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
        self.profile = TrafficProfileForm(self)
        column.addWidget(self.profile)
        self.doubles = QCheckBox(self)
        self.doubles.setObjectName("trafficDoubles")
        column.addWidget(self.doubles)
        self.table = TrafficOptionsTable(self)
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
        self.profile.edited.connect(self._on_profile_edited)
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
        self.profile.retranslate()
        self.doubles.setText(
            tr_id("TrafficPage.what_if_traffic_doubles", "What if traffic &doubles")
        )
        self.table.retranslate()
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
        data = self.profile.data()
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
        widgets = [self.enabled, self.finish_by, self.deadline, self.doubles]
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
        self.profile.load(traffic)
        point = traffic.operating_point
        self._saved_point = point.model_dump(mode="json") if point else None

    def set_workload(self, workload: str) -> None:
        self._workload = workload
        self._show_workload()

    def _show_workload(self) -> None:
        serving = self._workload == "inference"
        training = self._workload == "training"
        on = serving and self.enabled.isChecked()
        self.enabled.setVisible(serving)
        for widget in (self.profile, self.doubles, self.table, self.chart, self.status):
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
        self._options = list(plan.options[:SHOWN]) if plan else []
        self.table.show_options(self._options)
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
            self.table.select_quietly(row)
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
        self.status.setText(chosen_sentence(option, plan, TrafficText(self)))

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
