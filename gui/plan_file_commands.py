"""File → Open Plan… and Save Plan As…: the wizard's request as a JSON plan file.

The dialogs live here, the reading and writing in :mod:`gui.wizard.plan_files`. A file that
cannot be opened or written is reported in one message box naming the file and the reason; the
draft on screen is left as it was.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from core.base.errors import InputError
from gui.core_text import labelled_error_text
from gui.settings_store import dialog_start, remember_dialog_folder
from gui.translation import tr_id

if TYPE_CHECKING:
    from gui.wizard.plan_wizard import PlanWizard


class PlanFileCommands(QObject):
    """Opens and saves plan files for ``wizard``; dialogs are children of ``window``."""

    def __init__(self, window: QWidget, wizard: PlanWizard) -> None:
        super().__init__(window)
        self._window = window
        self._wizard = wizard

    def _filter(self) -> str:
        return tr_id(
            "PlanFileCommands.plan_files_json_all_files", "Plan files (*.json);;All files (*)"
        )

    def open(self) -> None:
        """Ask for a plan file and open it in the wizard as a new draft."""
        chosen, _ = QFileDialog.getOpenFileName(
            self._window,
            tr_id("PlanFileCommands.open_plan", "Open Plan"),
            dialog_start("plan"),
            self._filter(),
        )
        if chosen:
            remember_dialog_folder("plan", chosen)
            self.open_path(Path(chosen))

    def open_path(self, path: Path) -> bool:
        """Open ``path`` in the wizard; say why in a message box when it cannot be."""
        try:
            self._wizard.open_plan_file(path)
        except InputError as error:
            self._refuse(tr_id("PlanFileCommands.open_plan", "Open Plan"), error)
            return False
        return True

    def save_as(self) -> None:
        """Ask where, then write the wizard's request as a plan file."""
        chosen, _ = QFileDialog.getSaveFileName(
            self._window,
            tr_id("PlanFileCommands.save_plan_as", "Save Plan As"),
            dialog_start("plan", "plan.json"),
            self._filter(),
        )
        if chosen:
            remember_dialog_folder("plan", chosen)
            path = Path(chosen)
            self.save_path(path if path.suffix else path.with_suffix(".json"))

    def save_path(self, path: Path) -> bool:
        """Write the request to ``path``; say why in a message box when it cannot be."""
        try:
            self._wizard.save_plan_file(path)
        except InputError as error:
            self._refuse(tr_id("PlanFileCommands.save_plan_as", "Save Plan As"), error)
            return False
        return True

    def _refuse(self, title: str, error: InputError) -> None:
        QMessageBox.warning(self._window, title, labelled_error_text(error))
