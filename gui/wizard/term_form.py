"""The rental term (unit, count, start in UTC) and the optional persistent storage.

The end of the term is computed by ``core.domain.terms``; a term without a start begins when the
order is placed. Storage is priced by ``core.pricing`` per 30-day month, pro rata.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from PySide6.QtCore import QDateTime, QTimeZone
from PySide6.QtWidgets import QCheckBox, QComboBox, QDateTimeEdit, QLabel, QSpinBox, QWidget

from core.domain.catalog import TERM_UNITS
from core.domain.request import PlanRequest, Term
from core.domain.terms import term_end, term_hours
from gui.presentation.formats import count, utc
from gui.wizard.field_form import FieldForm, combo_value, int_bounds, set_combo_value
from gui.wizard.int_field import IntField


class TermForm(FieldForm):
    """Rows ``term.*`` and ``storage_gb``."""

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
        right = self.add_column()
        self.add_row("term.start_fixed", self._fixed_start, ("fixed_term",), form=right)
        self.add_row("term.start", self._start, ("fixed_term",), form=right)
        right.addRow("", self._end)
        self.rows["term"] = self.rows["term.count"]

    def _connect_signals(self) -> None:
        self._fixed_start.toggled.connect(self._start.setEnabled)
        self.edited.connect(self._show_end)

    def _retranslate(self) -> None:
        names = (
            self.tr("Hours"),
            self.tr("Days (24 h)"),
            self.tr("Weeks (168 h)"),
            self.tr("Months (30 days)"),
        )
        for index, name in enumerate(names):
            self._unit.setItemText(index, name)
        rows = self.rows
        rows["term.unit"].set_texts(self.tr("Term unit"), self.tr("a month is exactly 30 days"))
        rows["term.count"].set_texts(self.tr("Number of units"), "")
        rows["term.start_fixed"].set_texts(
            self.tr("Start"), self.tr("otherwise when the order is placed")
        )
        rows["term.start"].set_texts(self.tr("Start time (UTC)"), "")
        rows["storage_gb"].set_texts(
            # Disk is billed per GB of 10^9 bytes (core.pricing.prices.BYTES_PER_GB), unlike memory
            # in GiB.
            self.tr("Persistent storage (GB of 10⁹ bytes)"),
            self.tr("0: sized from the checkpoint"),
        )
        self._fixed_start.setText(self.tr("at a set time"))
        self._storage.setPlaceholderText(self.tr("none"))
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
            text = self.tr("{hours} h, starting when the order is placed").format(hours=hours)
        else:
            end = term_end(term.start, term.unit, term.count)
            text = self.tr("{hours} h, paid until {end}").format(hours=hours, end=utc(end))
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


def _next_hour() -> QDateTime:
    now = QDateTime.currentDateTimeUtc()
    whole = QDateTime.fromSecsSinceEpoch(now.toSecsSinceEpoch() // 3600 * 3600, QTimeZone.utc())
    return whole.addSecs(3600)
