"""Help → Keyboard Shortcuts: every command that has a key, read from the actions themselves.

The list is made from the live QAction objects of the main window and of the History page, so it
can never disagree with the keys that work; texts and keys are shown in the interface's language
and the platform's notation.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gui.translation import tr_id


def shortcut_rows(groups: list[tuple[str, list[QAction]]]) -> list[tuple[str, str, str]]:
    """(where, command, keys) for every action of ``groups`` that has a key."""
    rows = []
    for where, actions in groups:
        for action in actions:
            # The primary key: the others are a platform's extra keys ("New", "Open").
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            if keys and action.text():
                rows.append((where, action.text().replace("&", "").rstrip("…"), keys))
    return rows


class ShortcutsDialog(QDialog):
    """A table of the commands with keys: where they work, what they do, the keys."""

    def __init__(
        self, groups: list[tuple[str, list[QAction]]], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("shortcutsDialog")
        self.setWindowTitle(tr_id("ShortcutsDialog.keyboard_shortcuts", "Keyboard Shortcuts"))
        rows = shortcut_rows(groups)
        table = QTableWidget(len(rows), 3, self)
        table.setObjectName("shortcutsTable")
        table.setHorizontalHeaderLabels(
            [
                tr_id("ShortcutsDialog.where", "Where"),
                tr_id("ShortcutsDialog.command", "Command"),
                tr_id("ShortcutsDialog.keys", "Keys"),
            ]
        )
        for number, row in enumerate(rows):
            for column, text in enumerate(row):
                table.setItem(number, column, QTableWidgetItem(text))
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.verticalHeader().hide()
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.horizontalHeader().setStretchLastSection(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(table)
        layout.addWidget(buttons)
        self.resize(620, 520)
