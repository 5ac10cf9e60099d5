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


class AnnotateDialog(QDialog):
    """A label line and a notes box, filled with the current texts of ``entity_id``."""

    def __init__(self, entity_id: str, label: str, notes: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("annotateDialog")
        self.setWindowTitle(self.tr("Label and notes of {id}").format(id=entity_id))
        self._label = QLineEdit(label, self)
        self._label.setObjectName("annotateLabel")
        self._label.setMaxLength(MAX_LABEL_LENGTH)
        self._label.setPlaceholderText(self.tr("e.g. chatbot staging"))
        self._notes = QPlainTextEdit(notes, self)
        self._notes.setObjectName("annotateNotes")
        self._notes.setTabChangesFocus(True)
        self._notes.setPlaceholderText(self.tr("Anything to remember; notes are searched too"))
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(self.tr("&Label:"), self._label)
        form.addRow(self.tr("&Notes:"), self._notes)
        form.addRow(buttons)
        self.resize(460, 260)

    def label(self) -> str:
        """The label as typed (the store drops surrounding spaces)."""
        return self._label.text()

    def notes(self) -> str:
        """The notes as typed."""
        return self._notes.toPlainText()
