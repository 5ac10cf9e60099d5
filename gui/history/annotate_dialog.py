"""Editing the label and notes of a saved quote or an order (History → Edit Label and Notes…).

Only these two texts can change: the quote's figures stay as they were snapshotted. The dialog
collects the texts; the history view saves them through the store service.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QPlainTextEdit,
    QWidget,
)

from core.quotes.quote import MAX_LABEL_LENGTH
from gui.translation import tr_id


class AnnotateDialog(QDialog):
    """A label line and a notes box, filled with the current texts of ``entity_id``."""

    def __init__(self, entity_id: str, label: str, notes: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("annotateDialog")
        self.setWindowTitle(
            tr_id("AnnotateDialog.label_and_notes_of_id", "Label and notes of {id}").format(
                id=entity_id
            )
        )
        self._label = QLineEdit(label, self)
        self._label.setObjectName("annotateLabel")
        self._label.setMaxLength(MAX_LABEL_LENGTH)
        self._label.setPlaceholderText(
            tr_id("AnnotateDialog.e_g_chatbot_staging", "e.g. chatbot staging")
        )
        self._notes = QPlainTextEdit(notes, self)
        self._notes.setObjectName("annotateNotes")
        self._notes.setTabChangesFocus(True)
        self._notes.setPlaceholderText(
            tr_id(
                "AnnotateDialog.anything_to_remember_notes_are_searched",
                "Anything to remember; notes are searched too",
            )
        )
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(tr_id("AnnotateDialog.label", "&Label:"), self._label)
        form.addRow(tr_id("AnnotateDialog.notes", "&Notes:"), self._notes)
        form.addRow(buttons)
        self.resize(460, 260)

    def label(self) -> str:
        """The label as typed (the store drops surrounding spaces)."""
        return self._label.text()

    def notes(self) -> str:
        """The notes as typed."""
        return self._notes.toPlainText()
