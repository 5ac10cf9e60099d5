"""The GUI thread's handle on the history store thread: send a call, get its result by callback.

Typical use::

    client.call(lambda store: store.list_history(limit=100), self._on_page, self._on_error)

The function runs on the store thread (see
:class:`~gui.history.history_store_worker.HistoryStoreWorker`) and must only use the store it is
given and the values it captured; the callbacks run on the GUI thread. Calls run one at a time
in the order they were sent.

The thread stops when the client is destroyed (with the view that owns it), when the application
quits, and at interpreter exit at the latest, after closing the store on its own thread.
"""

from __future__ import annotations

import atexit
import itertools
import logging
from collections.abc import Callable
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QMetaObject, QObject, Qt, QThread, Signal, Slot

from core.quotes import utc_now
from core.store import HistoryStore
from gui.history.history_store_worker import HistoryStoreWorker

log = logging.getLogger(__name__)
STOP_TIMEOUT_MS = 60_000
Done = Callable[[Any], None]
Failed = Callable[[Exception], None]

# Store threads still running, with their workers: kept referenced until they have stopped, so a
# running QThread is never destroyed with its Python wrapper.
_RUNNING: set[tuple[QThread, HistoryStoreWorker]] = set()


def _stop(thread: QThread, worker: HistoryStoreWorker) -> None:
    """Close the store on its thread, then wait for the thread to end."""
    if (thread, worker) not in _RUNNING:
        return
    QMetaObject.invokeMethod(worker, "close", Qt.ConnectionType.QueuedConnection)
    if thread.wait(STOP_TIMEOUT_MS):
        _RUNNING.discard((thread, worker))
    else:  # a call is still running; keep the thread referenced rather than destroy it running
        log.warning("the history store thread did not stop within %d ms", STOP_TIMEOUT_MS)


@atexit.register
def _stop_all() -> None:
    for thread, worker in list(_RUNNING):
        _stop(thread, worker)


class HistoryStoreClient(QObject):
    """Starts the store thread for the database at ``path`` and talks to it.

    Signals:
        opened(): the store is open (again, after a restore).
        openFailed(str): the store cannot be opened; the message says why (the file is left as
            it is).
    """

    opened = Signal()
    openFailed = Signal(str)
    _openRequested = Signal()
    _runRequested = Signal(int, object)
    _restoreRequested = Signal(int, object)

    def __init__(
        self,
        path: Path,
        *,
        clock: Callable[[], datetime] = utc_now,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.path = Path(path)
        self._callbacks: dict[int, tuple[Done, Failed | None]] = {}
        self._tickets = itertools.count(1)
        self._open = False
        self._problem = ""
        self._thread = QThread()
        self._thread.setObjectName("historyStoreThread")
        self._worker = HistoryStoreWorker(self.path, clock)
        self._worker.moveToThread(self._thread)
        self._openRequested.connect(self._worker.open)
        self._runRequested.connect(self._worker.run)
        self._restoreRequested.connect(self._worker.restore)
        self._worker.opened.connect(self._on_worker_opened)
        self._worker.done.connect(self._on_worker_done)
        stop = partial(_stop, self._thread, self._worker)
        self.destroyed.connect(stop)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(stop)
        _RUNNING.add((self._thread, self._worker))
        self._thread.start()

    @property
    def is_open(self) -> bool:
        """Whether the store opened (calls can succeed)."""
        return self._open

    @property
    def problem(self) -> str:
        """Why the store could not be opened ("" when it is open or still opening)."""
        return self._problem

    def open(self) -> None:
        """Open the store on its thread; ``opened`` or ``openFailed`` follows."""
        self._openRequested.emit()

    def call(
        self, fn: Callable[[HistoryStore], Any], done: Done, failed: Failed | None = None
    ) -> int:
        """Run ``fn(store)`` on the store thread; ``done(result)`` or ``failed(error)`` follows.

        Returns the call's ticket. Without ``failed`` an error is logged and dropped.
        """
        ticket = next(self._tickets)
        self._callbacks[ticket] = (done, failed)
        self._runRequested.emit(ticket, fn)
        return ticket

    def restore(self, backup: Path, done: Done, failed: Failed | None = None) -> int:
        """Close the store, restore ``backup`` over the database (verified), reopen the store."""
        ticket = next(self._tickets)
        self._callbacks[ticket] = (done, failed)
        self._restoreRequested.emit(ticket, Path(backup))
        return ticket

    def shutdown(self) -> None:
        """Close the store and stop its thread now (also done when the client is destroyed)."""
        self._open = False
        _stop(self._thread, self._worker)

    @Slot(bool, str)
    def _on_worker_opened(self, ok: bool, problem: str) -> None:
        self._open, self._problem = ok, problem
        if ok:
            self.opened.emit()
        else:
            self.openFailed.emit(problem)

    @Slot(int, bool, object)
    def _on_worker_done(self, ticket: int, ok: bool, value: object) -> None:
        done, failed = self._callbacks.pop(ticket, (None, None))
        if ok and done is not None:
            done(value)
        elif not ok and failed is not None:
            failed(value)  # type: ignore[arg-type]
        elif not ok:
            log.warning("history store call %d failed: %s", ticket, value)
