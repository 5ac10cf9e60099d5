"""A form of :class:`FieldRow` inputs keyed by their request path (``inference.context_tokens``).

Forms announce every edit through ``edited``; the page that holds them routes a refused value,
named by its path in the message of :class:`core.base.errors.InputError`, back to the row it came
from.
"""

from __future__ import annotations

from collections.abc import Sequence

import annotated_types
from pydantic import BaseModel
from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QDateTimeEdit,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from gui.wizard.field_row import FieldRow

COMBO_MIN_CHARACTERS = 10


def watch(widget: QWidget, slot: object) -> None:
    """Call ``slot`` whenever the value of ``widget`` changes (typing included)."""
    if isinstance(widget, QLineEdit):
        widget.textChanged.connect(slot)
    elif isinstance(widget, QSpinBox | QDoubleSpinBox):
        widget.valueChanged.connect(slot)
    elif isinstance(widget, QDateTimeEdit):
        widget.dateTimeChanged.connect(slot)
    elif isinstance(widget, QComboBox):
        widget.currentIndexChanged.connect(slot)
    elif isinstance(widget, QAbstractButton):
        widget.toggled.connect(slot)
    elif hasattr(widget, "edited"):  # a compound input such as the preset picker
        widget.edited.connect(slot)
    else:
        raise TypeError(f"cannot watch {type(widget).__name__}")


def int_bounds(model: type[BaseModel], name: str) -> tuple[int, int]:
    """The smallest and largest whole number ``model.name`` accepts (as a spin box range)."""
    low, high = 0, 2**31 - 1
    for rule in model.model_fields[name].metadata:
        if isinstance(rule, annotated_types.Ge):
            low = int(rule.ge)  # type: ignore[call-overload]
        elif isinstance(rule, annotated_types.Gt):
            low = int(rule.gt) + 1  # type: ignore[call-overload]
        elif isinstance(rule, annotated_types.Le):
            high = min(high, int(rule.le))  # type: ignore[call-overload]
    return low, high


def combo_value(combo: QComboBox) -> str:
    """The data of the chosen item."""
    return str(combo.currentData())


def set_combo_value(combo: QComboBox, value: object) -> None:
    """Choose the item whose data is ``value`` (unknown values leave the choice as it is)."""
    index = combo.findData(value)
    if index >= 0:
        combo.setCurrentIndex(index)


class WheelGuard(QObject):
    """Lets the wheel scroll the page over a combo box or spin box that has no focus.

    Qt turns the wheel into a new value of whatever field is under the pointer, so scrolling a
    long form changed choices the user never touched. A guarded field takes the wheel only once
    clicked or reached by Tab; otherwise the event goes on to the scroll area around it
    (an ignored event that a filter stops travels to the parent).
    """

    def guard(self, field: QWidget) -> None:
        """Keep ``field``'s value and focus from following the wheel until it has focus."""
        field.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        field.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        wheel = event.type() == QEvent.Type.Wheel
        if wheel and isinstance(watched, QWidget) and not watched.hasFocus():
            event.ignore()
            return True
        return False


class FieldForm(QWidget):
    """Rows of labelled inputs; subclasses add the rows and set their texts in ``_retranslate``."""

    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: dict[str, FieldRow] = {}
        self._tab_tail: QWidget | None = None  # the last widget Tab reaches so far
        self._wheel_guard = WheelGuard(self)
        self._columns = QHBoxLayout(self)
        self._columns.setContentsMargins(0, 0, 0, 0)
        self.form = self.add_column()

    def add_column(self) -> QFormLayout:
        """A further column of rows beside the others (for short forms on a busy page)."""
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        # In a narrow window a label goes above its field instead of widening the window.
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self._columns.addLayout(form, 1)
        return form

    def add_row(
        self,
        path: str,
        field: QWidget,
        terms: Sequence[str] = (),
        *,
        marked: QWidget | None = None,
        form: QFormLayout | None = None,
    ) -> FieldRow:
        """Add ``field`` for the request path ``path`` with links to ``terms``."""
        row = FieldRow(path, field, terms, self, marked=marked)
        self.rows[path] = row
        (form or self.form).addRow(row.label, row)
        # Tab follows the rows as they are added, whatever order their inputs were made in.
        for widget in (row.marked, *row.links.values()):
            self.add_tab_stop(widget)
        if isinstance(field, QAbstractSpinBox):
            field.setKeyboardTracking(True)
        if isinstance(field, QAbstractSpinBox | QComboBox):
            self._wheel_guard.guard(field)
        if isinstance(field, QComboBox):  # long item texts must not widen the whole window
            field.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            field.setMinimumContentsLength(COMBO_MIN_CHARACTERS)
        watch(field, self._on_field_changed)
        return row

    def add_tab_stop(self, widget: QWidget) -> None:
        """Let Tab reach ``widget`` after everything added so far (a row, a fold button)."""
        if self._tab_tail is not None:
            QWidget.setTabOrder(self._tab_tail, widget)
        self._tab_tail = widget

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        """Set every text in the current language (subclasses)."""

    def _on_field_changed(self, *_value: object) -> None:
        self.edited.emit()
