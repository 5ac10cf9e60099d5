"""The history store's own thread: the one place the view's SQLite connection is used.

:class:`HistoryStoreWorker` lives on a long-lived QThread that
:class:`~gui.history.history_store_client.HistoryStoreClient` starts. It opens the
:class:`core.store.HistoryStore` there, runs every call the view sends (one at a time, in order)
and closes it there, so the connection never crosses threads. A call is a plain function of the
store; its result or its error goes back by signal.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from core.errors import PlannerError, StoreError
from core.store import HistoryStore
from core.store.backup import restore_database

log = logging.getLogger(__name__)
Clock = Callable[[], datetime]


class HistoryStoreWorker(QObject):
    """Owns the store on its thread.

    Signals:
        opened(bool, str): the store opened (True, "") or could not be (False, the message).
        done(int, bool, object): the call with this ticket returned (True, result) or raised
            (False, error).
    """

    opened = Signal(bool, str)
    done = Signal(int, bool, object)

    def __init__(self, path: Path, clock: Clock) -> None:
        super().__init__()
        self._path = Path(path)
        self._clock = clock
        self._store: HistoryStore | None = None
        self._problem = ""

    @Slot()
    def open(self) -> None:
        """Open (or reopen) the store; a damaged file is reported and left as it is."""
        self._close_store()
        try:
            self._store = HistoryStore(self._path, clock=self._clock)
        except Exception as error:  # every failure is reported, none is lost
            self._problem = _message(error)
            self.opened.emit(False, self._problem)
        else:
            self._problem = ""
            self.opened.emit(True, "")

    @Slot(int, object)
    def run(self, ticket: int, call: Callable[[HistoryStore], Any]) -> None:
        """Run ``call(store)`` and report its result or error under ``ticket``."""
        try:
            if self._store is None:
                raise StoreError(self._problem or f"history database {self._path} is not open")
            result = call(self._store)
        except Exception as error:
            if not isinstance(error, PlannerError):
                log.exception("history store call failed")
            self.done.emit(ticket, False, error)
        else:
            self.done.emit(ticket, True, result)

    @Slot(int, object)
    def restore(self, ticket: int, backup: Path) -> None:
        """Close the store, replace the database with a verified copy of ``backup``, reopen it.

        When the restore fails nothing was replaced, and the store is reopened as it was.
        """
        self._close_store()
        try:
            restored = restore_database(backup, self._path, now=self._clock())
        except Exception as error:
            if not isinstance(error, PlannerError):
                log.exception("restoring the history failed")
            self.open()
            self.done.emit(ticket, False, error)
            return
        self.open()
        if self._store is None:
            self.done.emit(ticket, False, StoreError(self._problem))
        else:
            self.done.emit(ticket, True, restored)

    @Slot()
    def close(self) -> None:
        """Close the store and end the thread's event loop (the last call it runs)."""
        self._close_store()
        thread = QThread.currentThread()
        if thread is not None:
            thread.quit()

    def _close_store(self) -> None:
        if self._store is not None:
            try:
                self._store.close()
            finally:
                self._store = None


def _message(error: Exception) -> str:
    if isinstance(error, PlannerError):
        return str(error)
    log.error("opening the history failed", exc_info=error)
    return f"{type(error).__name__}: {error}"
