"""The history's file commands: export CSV/JSON, import JSON, back up and restore the database.

Each asks for a file, then runs ``core`` on the store thread behind a progress dialog: the store's
own functions write atomically, verify backups by reading them back, and restore only a verified
copy, keeping the replaced database beside it. The outcome is announced with ``finished`` (a
sentence for the user); the store service announces the rows an import or a restore changed.
Errors get one dialog.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QProgressDialog, QWidget

from core.store import HistoryStore
from core.store.backup import Verified, backup_database
from core.store.exporting import export_csv, export_json
from core.store.importing import import_json
from core.store.restore_preview import RestoreLoss, restore_loss
from gui.history.error_message import show_error
from gui.history.history_file_texts import imported_text, restore_loss_text, restored_text
from gui.presentation import counts
from gui.settings_store import dialog_start, remember_dialog_folder
from gui.store_service import StoreService
from gui.translation import tr_id

Clock = Callable[[], datetime]


class HistoryFileTasks(QObject):
    """Runs the file commands for the page ``page`` (dialogs are its children).

    Signals:
        finished(object): a command succeeded; a callable that words what it did, in a sentence
            of the current language (a notice shown keeps following the language). Announced
            before the sentence's own dialog opens, so the page behind it no longer shows an
            older notice (after a restore, "Backup written …" spoke of the database that was
            replaced).
        running(str): a command started (what it does, e.g. "Restoring from …"), or failed
            (an empty text): the page's notice follows it.
    """

    finished = Signal(object)
    running = Signal(str)
    _progressed = Signal(int, int)

    def __init__(self, client: StoreService, clock: Clock, page: QWidget) -> None:
        super().__init__(page)
        self._client = client
        self._clock = clock
        self._page = page
        self._progress: QProgressDialog | None = None
        self._progressed.connect(self._on_progressed)

    # -- commands -------------------------------------------------------------------------------

    def export_csv(self) -> None:
        """Write every quote and order to a CSV file the user chooses."""
        path = self._save_path(
            tr_id("HistoryFileTasks.export_csv", "Export CSV"),
            "csv",
            tr_id("HistoryFileTasks.csv_files_csv", "CSV files (*.csv)"),
        )
        if path is not None:
            self._run(
                tr_id("HistoryFileTasks.exporting_to_file", "Exporting to {file}…").format(
                    file=path.name
                ),
                lambda store: export_csv(store, path),
                lambda rows: tr_id(
                    "HistoryFileTasks.exported_rows_rows_to_path", "Exported {rows} rows to {path}."
                ).format(rows=rows, path=path),
            )

    def export_json(self) -> None:
        """Write the whole history (snapshots, orders, audit log) to a JSON file."""
        path = self._save_path(
            tr_id("HistoryFileTasks.export_json", "Export JSON"),
            "json",
            tr_id("HistoryFileTasks.json_files_json", "JSON files (*.json)"),
        )
        if path is not None:
            self._run(
                tr_id("HistoryFileTasks.exporting_to_file", "Exporting to {file}…").format(
                    file=path.name
                ),
                lambda store: export_json(store, path),
                lambda written: tr_id(
                    "HistoryFileTasks.exported_quotes_and_orders_to_path",
                    "Exported {quotes} and {orders} to {path}.",
                ).format(
                    quotes=counts.quotes(written["quotes"]),
                    orders=counts.orders(written["orders"]),
                    path=path,
                ),
            )

    def import_json(self) -> None:
        """Merge a JSON export into the history without duplicates."""
        path = self._open_path(
            tr_id("HistoryFileTasks.import_json", "Import JSON"),
            tr_id("HistoryFileTasks.json_files_json", "JSON files (*.json)"),
        )
        if path is not None:
            self._run(
                tr_id("HistoryFileTasks.importing_file", "Importing {file}…").format(
                    file=path.name
                ),
                lambda store: import_json(store, path),
                imported_text,
            )

    def backup(self) -> None:
        """Copy the database to a file, verified by reading the copy back."""
        path = self._save_path(
            tr_id("HistoryFileTasks.back_up_database", "Back Up Database"),
            "sqlite",
            tr_id("HistoryFileTasks.backups_sqlite", "Backups (*.sqlite)"),
        )
        if path is None:
            return
        report = self._progressed.emit  # called on the store thread; the signal is queued

        def run(store: HistoryStore) -> Verified:
            return backup_database(store, path, progress=report)

        self._run(
            tr_id("HistoryFileTasks.backing_up_to_file", "Backing up to {file}…").format(
                file=path.name
            ),
            run,
            lambda verified: tr_id(
                "HistoryFileTasks.backup_written_to_path_and_verified",
                "Backup written to {path} and verified: {quotes}, {orders}.",
            ).format(
                path=verified.path,
                quotes=counts.quotes(verified.counts.get("quotes", 0)),
                orders=counts.orders(verified.counts.get("orders", 0)),
            ),
            show=True,
        )

    def restore(self) -> None:
        """Replace the history with a verified backup, after a confirmation.

        The question says what the history has that the backup lacks (read on the store thread,
        the backup verified first); a backup that does not verify is refused before asking.
        """
        path = self._open_path(
            tr_id("HistoryFileTasks.restore_database", "Restore Database"),
            tr_id(
                "HistoryFileTasks.backups_sqlite_db_all_files",
                "Backups (*.sqlite *.db);;All files (*)",
            ),
        )
        if path is None:
            return
        if not self._client.is_open:  # a damaged history: there is nothing to compare
            self._confirm_restore(path, None)
            return
        self._client.call(
            lambda store: restore_loss(store, path),
            lambda loss: self._confirm_restore(path, loss),
            self._failed,
            owner=self,
        )

    def _confirm_restore(self, path: Path, loss: RestoreLoss | None) -> None:
        question = tr_id(
            "HistoryFileTasks.replace_the_history_with_the_backup",
            "Replace the history with the backup {backup}?\n\n{loss}\n\nThe backup is verified "
            "first; if it is damaged, nothing is replaced. The current database is not deleted: "
            "it is kept beside it as {name}.replaced-<time>.",
        ).format(backup=path, loss=restore_loss_text(loss), name=self._client.path.name)
        answer = QMessageBox.question(
            self._page,
            tr_id("HistoryFileTasks.restore_database", "Restore Database"),
            question,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        self._start(
            tr_id("HistoryFileTasks.restoring_from_file", "Restoring from {file}…").format(
                file=path.name
            )
        )
        # The store thread reopens the database either way, and the page reloads on "opened".
        self._client.restore(
            path,
            lambda restored: self._succeeded(partial(restored_text, restored), show=True),
            self._failed,
            owner=self,
        )

    # -- plumbing -------------------------------------------------------------------------------

    def _run(
        self,
        label: str,
        call: Callable[[HistoryStore], Any],
        describe: Callable[[Any], str],
        *,
        show: bool = False,
    ) -> None:
        self._start(label)
        self._client.call(
            call,
            lambda result: self._succeeded(partial(describe, result), show=show),
            self._failed,
            owner=self,
        )

    def _start(self, label: str) -> None:
        progress = QProgressDialog(label, "", 0, 0, self._page)
        progress.setObjectName("historyProgress")
        progress.setWindowTitle(tr_id("HistoryFileTasks.history", "History"))
        progress.setCancelButton(None)  # core's copies are short and atomic: they finish or fail
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(0)
        progress.setAutoClose(False)
        progress.setAutoReset(False)
        progress.show()
        self._progress = progress
        self.running.emit(label)

    def _finish(self) -> None:
        if self._progress is not None:
            self._progress.close()
            self._progress.deleteLater()
            self._progress = None

    def _succeeded(self, words: Callable[[], str], *, show: bool) -> None:
        self._finish()
        self.finished.emit(words)
        if show:
            QMessageBox.information(
                self._page, tr_id("HistoryFileTasks.history", "History"), words()
            )

    def _failed(self, error: Exception) -> None:
        # core writes all or nothing (one transaction, atomic files): a failure changed nothing.
        self._finish()
        self.running.emit("")
        show_error(self._page, tr_id("HistoryFileTasks.history", "History"), error)

    def _on_progressed(self, done: int, total: int) -> None:
        if self._progress is not None and total > 0:
            self._progress.setMaximum(total)
            self._progress.setValue(min(done, total))

    def _default_path(self, suffix: str) -> str:
        return dialog_start("history", f"anchorgpu-history-{self._clock():%Y-%m-%d}.{suffix}")

    def _save_path(self, title: str, suffix: str, filters: str) -> Path | None:
        chosen, _filter = QFileDialog.getSaveFileName(
            self._page, title, self._default_path(suffix), filters
        )
        if not chosen:
            return None
        remember_dialog_folder("history", chosen)
        path = Path(chosen)
        return path if path.suffix else path.with_suffix(f".{suffix}")

    def _open_path(self, title: str, filters: str) -> Path | None:
        chosen, _filter = QFileDialog.getOpenFileName(
            self._page, title, dialog_start("history"), filters
        )
        if not chosen:
            return None
        remember_dialog_folder("history", chosen)
        return Path(chosen)
