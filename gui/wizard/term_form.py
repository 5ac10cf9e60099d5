"""The rental term (unit, count, start in UTC) and the optional persistent storage.

The end of the term is computed by ``core.domain.terms``; a term without a start begins when the
order is placed. Storage is priced by ``core.pricing`` per 30-day month, pro rata.

For training, "Finish by" is the deadline of the request's goal (``goal.deadline``), the same one
the "Traffic and latency" step shows: the form reports an edit with ``deadlineEdited`` and the
traffic step writes it into the request. A deadline not after the run's start is refused here,
with core's message, and not passed on. With the chosen option's run hours
(:meth:`TermForm.set_run_hours`) the form says whether it finishes in time, or how late.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from PySide6.QtCore import QDateTime, QTimeZone, Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QDateTimeEdit, QLabel, QSpinBox, QWidget

from core.domain.catalog import TERM_UNITS
from core.domain.request import PlanRequest, Term
from core.domain.terms import term_end, term_hours
from core.texts.messages import Message
from gui.core_text import message_text
from gui.presentation.formats import count, number, utc
from gui.translation import tr_id
from gui.wizard.field_form import FieldForm, combo_value, int_bounds, set_combo_value
from gui.wizard.int_field import IntField


class TermForm(FieldForm):
    """Rows ``term.*`` and ``storage_gb``; for training ``goal.*``, the deadline."""

    deadlineEdited = Signal(object)  # the deadline the user set (an aware datetime), or None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._build_ui()
        self._connect_signals()
        self._retranslate()

    def _build_ui(self) -> None:
        self._unit = QComboBox(self)
        self._unit.setObjectName("termUnit")
        for unit in TERM_UNITS:
            self._unit.addItem("", unit)
        self._count = QSpinBox(self)
        self._count.setObjectName("termCount")
        self._count.setRange(*int_bounds(Term, "count"))
        self._fixed_start = QCheckBox(self)
        self._fixed_start.setObjectName("fixedStart")
        self._start = QDateTimeEdit(self)
        self._start.setObjectName("termStart")
        self._start.setTimeZone(QTimeZone.utc())
        self._start.setDisplayFormat("yyyy-MM-dd HH:mm 'UTC'")
        self._start.setCalendarPopup(True)
        self._start.setDateTime(_next_hour())
        self._start.setEnabled(False)
        self._end = QLabel(self)
        self._end.setObjectName("termEnd")
        self._storage = IntField(self)
        self._storage.setObjectName("storageGb")
        self.add_row("term.unit", self._unit, ("fixed_term",))
        self.add_row("term.count", self._count, ("fixed_term",))
        self.add_row("storage_gb", self._storage, ("training_checkpoint",))
        right = self._right = self.add_column()
        self.add_row("term.start_fixed", self._fixed_start, ("fixed_term",), form=right)
        self.add_row("term.start", self._start, ("fixed_term",), form=right)
        right.addRow("", self._end)
        self._finish_by = QCheckBox(self)
        self._finish_by.setObjectName("termFinishBy")
        self._deadline = QDateTimeEdit(self)
        self._deadline.setObjectName("termDeadline")
        self._deadline.setTimeZone(QTimeZone.utc())
        self._deadline.setDisplayFormat("yyyy-MM-dd HH:mm 'UTC'")
        self._deadline.setCalendarPopup(True)
        self._deadline.setDateTime(_next_hour().addDays(7))  # as the traffic step starts it
        self._deadline.setEnabled(False)
        self._in_time = QLabel(self)
        self._in_time.setObjectName("termInTime")
        self._in_time.setWordWrap(True)
        self.add_row("goal.finish_by", self._finish_by, ("training_deadline",), form=right)
        self.add_row("goal.deadline", self._deadline, ("training_deadline",), form=right)
        right.addRow("", self._in_time)
        self._run_hours: float | None = None
        self._run_chosen = True  # whether the run is the chosen option's (else the cheapest's)
        self.rows["term"] = self.rows["term.count"]
        self.set_training(False)

    def _connect_signals(self) -> None:
        self._fixed_start.toggled.connect(self._start.setEnabled)
        self.edited.connect(self._show_end)
        self._finish_by.toggled.connect(self._on_deadline_edited)
        self._deadline.dateTimeChanged.connect(self._on_deadline_edited)

    def _retranslate(self) -> None:
        names = (
            tr_id("TermForm.hours", "Hours"),
            tr_id("TermForm.days_24_h", "Days (24 h)"),
            tr_id("TermForm.weeks_168_h", "Weeks (168 h)"),
            tr_id("TermForm.months_30_days", "Months (30 days)"),
        )
        for index, name in enumerate(names):
            self._unit.setItemText(index, name)
        rows = self.rows
        rows["term.unit"].set_texts(
            tr_id("TermForm.term_unit", "Term unit"),
            tr_id("TermForm.a_month_is_exactly_30_days", "a month is exactly 30 days"),
        )
        rows["term.count"].set_texts(tr_id("TermForm.number_of_units", "Number of units"), "")
        rows["term.start_fixed"].set_texts(
            tr_id("TermForm.start", "Start"),
            tr_id(
                "TermForm.otherwise_when_the_order_is_placed", "otherwise when the order is placed"
            ),
        )
        rows["term.start"].set_texts(tr_id("TermForm.start_time_utc", "Start time (UTC)"), "")
        rows["storage_gb"].set_texts(
            # Disk is billed per GB of 10^9 bytes (core.pricing.prices.BYTES_PER_GB), unlike memory
            # in GiB.
            tr_id(
                "TermForm.persistent_storage_gb_of_10_bytes", "Persistent storage (GB of 10⁹ bytes)"
            ),
            tr_id("TermForm.0_sized_from_the_checkpoint", "0: sized from the checkpoint"),
        )
        self._fixed_start.setText(tr_id("TermForm.at_a_set_time", "at a set time"))
        rows["goal.finish_by"].set_texts(
            tr_id("TermForm.finish_by", "Finish b&y"),
            tr_id("TermForm.when_the_training_run_must_end", "when the training run must end"),
        )
        rows["goal.deadline"].set_texts(tr_id("TermForm.deadline_utc", "Deadline (UTC)"), "")
        self._finish_by.setText(tr_id("TermForm.by_a_set_time", "by a set time"))
        self._storage.setPlaceholderText(tr_id("TermForm.none", "none"))
        self._show_end()

    def _term(self) -> Term | None:
        try:
            return Term(unit=combo_value(self._unit), count=self._count.value(), start=self.start())
        except ValueError:
            return None

    def start(self) -> datetime | None:
        """The chosen start in UTC, or None to start at placement."""
        if not self._fixed_start.isChecked():
            return None
        return datetime.fromtimestamp(self._start.dateTime().toSecsSinceEpoch(), UTC)

    def _show_end(self) -> None:
        term = self._term()
        if term is None:
            self._end.clear()
            return
        hours = count(term_hours(term))
        if term.start is None:
            text = tr_id(
                "TermForm.hours_h_starting_when_the_order",
                "{hours} h, starting when the order is placed",
            ).format(hours=hours)
        else:
            end = term_end(term.start, term.unit, term.count)
            text = tr_id("TermForm.hours_h_paid_until_end", "{hours} h, paid until {end}").format(
                hours=hours, end=utc(end)
            )
        self._end.setText(text)

    def fill(self, raw: dict[str, Any]) -> None:
        """Write the term and the storage into ``raw``."""
        start = self.start()
        raw["term"] = {
            "unit": combo_value(self._unit),
            "count": self._count.value(),
            "start": start.isoformat() if start is not None else None,
        }
        raw["storage_gb"] = self._storage.request_value()

    def set_term(self, unit: str, count_: int) -> None:
        """Choose ``count_`` × ``unit`` as if the user had (one edit)."""
        set_combo_value(self._unit, unit)
        self._count.setValue(count_)
        self._show_end()
        self.edited.emit()

    def load(self, request: PlanRequest) -> None:
        """Show ``request``'s term and storage."""
        set_combo_value(self._unit, request.term.unit)
        self._count.setValue(request.term.count)
        self._fixed_start.setChecked(request.term.start is not None)
        if request.term.start is not None:
            stamp = int(request.term.start.timestamp())
            self._start.setDateTime(QDateTime.fromSecsSinceEpoch(stamp, QTimeZone.utc()))
        self._storage.setValue(request.storage_gb)
        self._show_end()

    # -- the deadline (training) -----------------------------------------------------------

    def set_training(self, training: bool) -> None:
        """Show the deadline's rows for training only."""
        for widget in (self.rows["goal.finish_by"], self.rows["goal.deadline"], self._in_time):
            self._right.setRowVisible(widget, training)

    def deadline(self) -> datetime | None:
        """The deadline shown, or None when "Finish by" is off."""
        return deadline_of(self._finish_by, self._deadline)

    def show_deadline(self, deadline: datetime | None) -> None:
        """Show ``deadline`` (None: off) as the request has it; no edit is reported."""
        show_deadline_quietly(self._finish_by, self._deadline, deadline)
        self._deadline.setEnabled(deadline is not None)
        self.rows["goal.deadline"].set_error(None)
        self._show_in_time()

    def set_run_hours(self, hours: float | None, *, chosen: bool = True) -> None:
        """An option's estimated run, in hours (None when there is no estimate).

        ``chosen`` False: no option is chosen yet and the run is the cheapest one's.
        """
        self._run_hours = hours
        self._run_chosen = chosen
        self._show_in_time()

    def _run_start(self) -> datetime:
        return self.start() or datetime.now(UTC).replace(microsecond=0)

    def _on_deadline_edited(self, *_args: object) -> None:
        self._deadline.setEnabled(self._finish_by.isChecked())
        deadline, start = self.deadline(), self._run_start()
        row = self.rows["goal.deadline"]
        if deadline is not None and deadline <= start:
            # core's own refusal (core.planning.traffic.plan_goal), said where it is typed
            past = Message(
                "traffic.deadline_past", deadline=deadline.isoformat(), start=start.isoformat()
            )
            row.set_error(message_text(past))
            self._in_time.clear()
            return
        row.set_error(None)
        self._show_in_time()
        self.deadlineEdited.emit(deadline)

    def _show_in_time(self) -> None:
        deadline, hours = self.deadline(), self._run_hours
        if deadline is None or hours is None or self.rows["goal.deadline"].error:
            self._in_time.clear()
            return
        available = (deadline - self._run_start()).total_seconds() / 3600
        if hours <= available and self._run_chosen:
            text = tr_id(
                "TermForm.the_chosen_option_s_run_run",
                "The chosen option's run, {run} h, finishes in time: {spare} h before the deadline",
            )
        elif hours <= available:
            text = tr_id(
                "TermForm.no_option_is_chosen_yet_the",
                "No option is chosen yet; the cheapest one's run, {run} h, finishes in time: "
                "{spare} h before the deadline",
            )
        elif self._run_chosen:
            text = tr_id(
                "TermForm.the_chosen_option_s_run_run_ee3d2d",
                "The chosen option's run, {run} h, finishes {spare} h after the deadline",
            )
        else:
            text = tr_id(
                "TermForm.no_option_is_chosen_yet_the_702bbe",
                "No option is chosen yet; the cheapest one's run, {run} h, finishes {spare} h "
                "after the deadline",
            )
        spare = abs(available - hours)
        self._in_time.setText(text.format(run=number(hours, 1), spare=number(spare, 1)))

    @property
    def in_time(self) -> str:
        """Whether the chosen option finishes by the deadline, as shown (empty when not said)."""
        return self._in_time.text()


def deadline_of(finish_by: QCheckBox, edit: QDateTimeEdit) -> datetime | None:
    """The deadline a "Finish by" box and its UTC field state, or None when the box is off."""
    if not finish_by.isChecked():
        return None
    return datetime.fromtimestamp(edit.dateTime().toSecsSinceEpoch(), UTC)


def show_deadline_quietly(
    finish_by: QCheckBox, edit: QDateTimeEdit, deadline: datetime | None
) -> None:
    """Put ``deadline`` (None: off) in a "Finish by" box and its field without signals."""
    for widget in (finish_by, edit):
        widget.blockSignals(True)
    try:
        finish_by.setChecked(deadline is not None)
        if deadline is not None:
            stamp = int(deadline.timestamp())
            edit.setDateTime(QDateTime.fromSecsSinceEpoch(stamp, QTimeZone.utc()))
    finally:
        for widget in (finish_by, edit):
            widget.blockSignals(False)


def _next_hour() -> QDateTime:
    now = QDateTime.currentDateTimeUtc()
    whole = QDateTime.fromSecsSinceEpoch(now.toSecsSinceEpoch() // 3600 * 3600, QTimeZone.utc())
    return whole.addSecs(3600)
