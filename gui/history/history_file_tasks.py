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
from core.store.backup import Restored, Verified, backup_database
from core.store.exporting import export_csv, export_json
from core.store.importing import ImportSummary, import_json
from core.store.restore_preview import RestoreLoss, restore_loss
from gui.core_text import message_text
from gui.history.error_message import show_error
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
                self._imported_text,
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
        ).format(backup=path, loss=self._loss_text(loss), name=self._client.path.name)
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
            lambda restored: self._succeeded(partial(self._restored_text, restored), show=True),
            self._failed,
            owner=self,
        )

    def _loss_text(self, loss: RestoreLoss | None) -> str:
        """What the restore takes away, in words."""
        if loss is None:
            return tr_id(
                "HistoryFileTasks.the_current_history_cannot_be_read",
                "The current history cannot be read, so what it holds beyond the backup is not "
                "known.",
            )
        if loss.nothing:
            return tr_id(
                "HistoryFileTasks.every_quote_order_and_stop_in",
                "Every quote, order and stop in the history is also in the backup.",
            )
        parts = []
        if loss.quotes or loss.orders:
            if loss.quotes and loss.orders:
                rows = tr_id("HistoryFileTasks.quotes_and_orders", "{quotes} and {orders}").format(
                    quotes=counts.quotes(loss.quotes), orders=counts.orders(loss.orders)
                )
            elif loss.quotes:
                rows = counts.quotes(loss.quotes)
            else:
                rows = counts.orders(loss.orders)
            parts.append(
                tr_id(
                    "HistoryFileTasks.not_in_the_backup_added_since",
                    "Not in the backup, added since it was made: {rows}. They will be gone from "
                    "the history after the restore (the kept database still has them).",
                ).format(rows=rows)
            )
        if loss.stops:
            parts.append(
                tr_id(
                    "HistoryFileTasks.n_order_s_stopped_since_the",
                    "%n order(s) stopped since the backup will show as not stopped.",
                    loss.stops,
                )
            )
        return " ".join(parts)

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

    def _imported_text(self, summary: ImportSummary) -> str:
        text = tr_id(
            "HistoryFileTasks.imported_quotes_and_orders_stopped_stops",
            "Imported {quotes} and {orders}; {stopped} stops applied, {skipped} already present.",
        ).format(
            quotes=counts.quotes(summary.quotes_added),
            orders=counts.orders(summary.orders_added),
            stopped=summary.orders_stopped,
            skipped=summary.skipped,
        )
        if summary.conflicts:
            text += " " + tr_id(
                "HistoryFileTasks.not_imported_idempotency_key_already_used",
                "Not imported (idempotency key already used here): {list}",
            ).format(list="; ".join(message_text(c) for c in summary.conflicts))
        if summary.differing:
            text += " " + tr_id(
                "HistoryFileTasks.kept_as_they_are_here_although",
                "Kept as they are here, although the file differs: {list}",
            ).format(list="; ".join(message_text(d) for d in summary.differing))
        return text

    def _restored_text(self, restored: Restored) -> str:
        verified = restored.source.counts
        text = tr_id(
            "HistoryFileTasks.the_history_was_restored_from_backup",
            "The history was restored from {backup} (verified: {quotes}, {orders}).",
        )
        text = text.format(
            backup=restored.source.path,
            quotes=counts.quotes(verified.get("quotes", 0)),
            orders=counts.orders(verified.get("orders", 0)),
        )
        if restored.replaced is not None:
            text += " " + tr_id(
                "HistoryFileTasks.the_replaced_database_was_kept_as",
                "The replaced database was kept as {path}.",
            ).format(path=restored.replaced)
        return text

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
