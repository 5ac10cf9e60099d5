"""Rows of a form folded under a button until opened, and shown only while they apply.

The rows stay in the form's own layout (labels aligned with the rows above), and Tab reaches the
button and then each shown row in order. A row hidden because it does not apply is disabled too,
and the fold stays open while one of its rows shows a refusal, so that the refusal stays in sight.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QToolButton, QWidget

from gui.wizard.field_form import FieldForm
from gui.wizard.field_row import FieldRow


class FoldedRows(QObject):
    """A fold button in ``form``, then the rows added through :meth:`add_row`, closed."""

    def __init__(self, form: FieldForm, name: str) -> None:
        super().__init__(form)
        self._form = form
        self._applies = True
        self.paths: list[str] = []
        self.toggle = QToolButton(form)
        self.toggle.setObjectName(name)
        self.toggle.setCheckable(True)
        self.toggle.setAutoRaise(True)
        self.toggle.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        form.form.addRow(self.toggle)
        form.add_tab_stop(self.toggle)
        self.toggle.toggled.connect(self.set_open)
        self.set_open(False)

    def add_row(self, path: str, field: QWidget, terms: Sequence[str]) -> FieldRow:
        """Add the row of ``path`` under the button, shown while the fold is open."""
        row = self._form.add_row(path, field, terms)
        self.paths.append(path)
        self._show()
        return row

    @property
    def is_open(self) -> bool:
        """Whether the rows are unfolded."""
        return self.toggle.isChecked()

    @property
    def applies(self) -> bool:
        """Whether the rows apply (see :meth:`set_applies`)."""
        return self._applies

    def set_open(self, shown: bool) -> None:
        """Unfold (or fold) the rows; a row showing a refusal keeps them open."""
        shown = shown or any(self._form.rows[path].error for path in self.paths)
        self.toggle.setChecked(shown)
        arrow = Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow
        self.toggle.setArrowType(arrow)
        self._show()

    def set_applies(self, applies: bool) -> None:
        """Show the button and its rows only while they apply."""
        self._applies = applies
        self._show()

    def _show(self) -> None:
        self._form.form.setRowVisible(self.toggle, self._applies)
        for path in self.paths:
            row = self._form.rows[path]
            row.setEnabled(self._applies)
            self._form.form.setRowVisible(row, self._applies and self.is_open)
