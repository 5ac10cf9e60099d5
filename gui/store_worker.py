"""The store service's own thread: the one place the app's SQLite connection is used.

:class:`StoreWorker` lives on the long-lived QThread that
:class:`~gui.store_service.StoreService` starts. It opens the :class:`core.store.HistoryStore`
there, runs every call the pages send (one at a time, in order) and closes it there, so the
connection never crosses threads. A call is a plain function of the store; its result or its
error goes back by signal, with whether the call wrote anything.

Writes by other processes (the command line, a second app) are noticed by reading
``PRAGMA data_version`` on this thread every ``poll_ms``: SQLite changes that number exactly when
another connection has committed, and reading it costs a few microseconds, so polling never
touches the file outside SQLite and cannot miss a commit the way a file watcher can on a
network folder or when the ``-wal`` file is recreated.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QThread, QTimer, Signal, Slot

from core.base.errors import PlannerError, StoreError
from core.store import HistoryStore
from core.store.backup import restore_database
from gui.core_text import error_text

log = logging.getLogger(__name__)
Clock = Callable[[], datetime]


class StoreWorker(QObject):
    """Owns the store on its thread.

    Signals:
        opened(bool, str): the store opened (True, "") or could not be (False, the message).
        done(int, bool, object, bool): the call with this ticket returned (True, result) or
            raised (False, error); the last value says whether it changed the database.
        changedElsewhere(): another connection committed a change since the last look.
    """

    opened = Signal(bool, str)
    done = Signal(int, bool, object, bool)
    changedElsewhere = Signal()

    def __init__(self, path: Path, clock: Clock, poll_ms: int) -> None:
        super().__init__()
        self._path = Path(path)
        self._clock = clock
        self._poll_ms = poll_ms
        self._store: HistoryStore | None = None
        self._problem = ""
        self._version: int | None = None
        self._poll: QTimer | None = None
        # Held while the connection is closed, so that interrupt() from the GUI thread never
        # reaches a connection being freed.
        self._lock = threading.Lock()
        # Set from the GUI thread on quit: calls still queued are answered without running.
        self.stopping = False

    @Slot()
    def open(self) -> None:
        """Open (or reopen) the store; a damaged file is reported and left as it is."""
        self._close_store()
        try:
            store = HistoryStore(self._path, clock=self._clock)
        except Exception as error:  # every failure is reported, none is lost
            self._problem = _message(error)
            self.opened.emit(False, self._problem)
            return
        self._store = store
        self._problem = ""
        self._version = self._read_version()
        self._start_polling()
        self.opened.emit(True, "")

    @Slot(int, object)
    def run(self, ticket: int, call: Callable[[HistoryStore], Any]) -> None:
        """Run ``call(store)`` and report its result or error under ``ticket``."""
        store = self._store
        before = _changes(store)
        try:
            if self.stopping:
                raise StoreError("the application is closing; nothing was done")
            if store is None:
                raise StoreError(self._problem or f"history database {self._path} is not open")
            result = call(store)
        except Exception as error:
            if not isinstance(error, PlannerError):
                log.exception("history store call failed")
            self.done.emit(ticket, False, error, _changes(store) != before)
        else:
            self.done.emit(ticket, True, result, _changes(store) != before)

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
            self.done.emit(ticket, False, error, False)
            return
        self.open()
        if self._store is None:
            self.done.emit(ticket, False, StoreError(self._problem), True)
        else:
            self.done.emit(ticket, True, restored, True)

    @Slot()
    def close(self) -> None:
        """Close the store and end the thread's event loop (the last call it runs)."""
        if self._poll is not None:
            self._poll.stop()
        self._close_store()
        thread = QThread.currentThread()
        if thread is not None:
            thread.quit()

    def interrupt(self) -> None:
        """Abort the SQL statement running now, if any (safe from any thread).

        A write that is interrupted is rolled back whole by SQLite; a call busy in Python runs on.
        """
        with self._lock:
            if self._store is not None:
                self._store.conn.interrupt()

    @Slot()
    def _on_poll_timeout(self) -> None:
        if self._store is None:
            return
        version = self._read_version()
        if version is not None and version != self._version:
            self._version = version
            self.changedElsewhere.emit()

    def _start_polling(self) -> None:
        if self._poll is None:  # made here, on this thread, so that it fires here
            self._poll = QTimer(self)
            self._poll.setInterval(self._poll_ms)
            self._poll.timeout.connect(self._on_poll_timeout)
        self._poll.start()

    def _read_version(self) -> int | None:
        try:
            return self._store.data_version() if self._store is not None else None
        except Exception as error:  # a busy or vanished file: look again at the next tick
            log.debug("reading data_version failed: %s", error)
            return None

    def _close_store(self) -> None:
        with self._lock:
            store, self._store = self._store, None
            if store is not None:
                store.close()


def _changes(store: HistoryStore | None) -> int:
    """Rows this connection has changed since it opened (SQLite's ``total_changes``)."""
    try:
        return store.conn.total_changes if store is not None else 0
    except Exception:  # a connection closed by the call itself
        return -1


def _message(error: Exception) -> str:
    if isinstance(error, PlannerError):
        return error_text(error)
    log.error("opening the history failed", exc_info=error)
    return f"{type(error).__name__}: {error}"
