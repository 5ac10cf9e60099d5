"""The app's one way to the history: a store service every page shares, with a change signal.

One :class:`StoreService` per app process (the main window makes it and passes it to the pages)
owns the single SQLite connection on its own thread (see :class:`~gui.store_worker.StoreWorker`).
Pages send calls and get their results by callback on the GUI thread::

    service.call(lambda store: store.list_history(limit=100), self._on_page, self._on_error,
                 owner=self)

The function runs on the store thread and must only use the store it is given and the values it
captured. Calls run one at a time in the order they were sent. The service outlives the pages: a
call's ``owner`` (the page or model asking) that was deleted before the answer came gets no
callback; the call itself still ran, and a write is still announced by ``changed``.

``changed`` is emitted after any call that wrote to the database (right after its callback), after
a restore, and within about ``poll_ms`` of a commit by another process, so every page that shows
the history subscribes to it instead of polling.

Quitting never waits on a long call: :meth:`shutdown` asks the thread to close the store after the
call running now, interrupts that call's SQL after a moment, and gives up after ``STOP_WAIT_MS``
(SQLite rolls back whatever was not committed). :func:`busy_threads` tells the app whether a store
thread is still running when it exits.
"""

from __future__ import annotations

import atexit
import itertools
import logging
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import QCoreApplication, QMetaObject, QObject, Qt, QThread, Signal, Slot
from shiboken6 import isValid

from core.quotes.quote import utc_now
from core.store import HistoryStore
from gui.store_worker import StoreWorker

log = logging.getLogger(__name__)
POLL_MS = 500  # how often another process's commits are looked for
STOP_WAIT_MS = 1500  # the longest quitting waits for the store thread
Done = Callable[[Any], None]  # kept per ticket; the result crosses threads as an object
Failed = Callable[[Exception], None]
T = TypeVar("T")

# Store threads still running, with their workers: kept referenced until they have stopped, so a
# running QThread is never destroyed with its Python wrapper.
_RUNNING: set[tuple[QThread, StoreWorker]] = set()


def _stop(thread: QThread, worker: StoreWorker, wait_ms: int) -> bool:
    """Close the store on its thread and wait for the thread to end, at most ``wait_ms``."""
    if (thread, worker) not in _RUNNING:
        return True
    worker.stopping = True  # calls still queued are answered without running
    QMetaObject.invokeMethod(worker, "close", Qt.ConnectionType.QueuedConnection)
    if not thread.wait(wait_ms * 2 // 3):
        worker.interrupt()  # a long SQL statement ends now; a Python loop does not
        thread.wait(wait_ms - wait_ms * 2 // 3)
    if thread.isFinished():
        _RUNNING.discard((thread, worker))
        return True
    # Keep the thread referenced rather than destroy it running; the app exits without it.
    log.warning("the history store thread did not stop within %d ms", wait_ms)
    return False


def busy_threads() -> int:
    """How many store threads have not stopped (a call still running when the app quit)."""
    return sum(1 for thread, _worker in _RUNNING if not thread.isFinished())


@atexit.register
def _stop_all() -> None:
    for thread, worker in list(_RUNNING):
        _stop(thread, worker, STOP_WAIT_MS)


class StoreService(QObject):
    """Starts the store thread for the database at ``path``, opens the store, talks to it.

    Signals:
        opened(): the store is open (again, after a restore).
        openFailed(str): the store cannot be opened; the message says why (the file is left as
            it is).
        changed(): the history changed: a call of this service wrote, a restore replaced it,
            or another process committed to it.
    """

    opened = Signal()
    openFailed = Signal(str)
    changed = Signal()
    _openRequested = Signal()
    _runRequested = Signal(int, object)
    _restoreRequested = Signal(int, object)

    def __init__(
        self,
        path: Path,
        *,
        clock: Callable[[], datetime] = utc_now,
        poll_ms: int | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.path = Path(path)
        self._callbacks: dict[int, tuple[Done, Failed | None, QObject | None]] = {}
        self._tickets = itertools.count(1)
        self._open = False
        self._closed = False
        self._problem = ""
        self._thread = QThread()
        self._thread.setObjectName("storeServiceThread")
        self._worker = StoreWorker(self.path, clock, POLL_MS if poll_ms is None else poll_ms)
        self._worker.moveToThread(self._thread)
        self._openRequested.connect(self._worker.open)
        self._runRequested.connect(self._worker.run)
        self._restoreRequested.connect(self._worker.restore)
        self._worker.opened.connect(self._on_worker_opened)
        self._worker.done.connect(self._on_worker_done)
        self._worker.changedElsewhere.connect(self._on_worker_changed_elsewhere)
        thread, worker = self._thread, self._worker

        def stop(*_destroyed: object) -> None:
            _stop(thread, worker, STOP_WAIT_MS)

        self.destroyed.connect(stop)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)
        _RUNNING.add((self._thread, self._worker))
        self._thread.start()
        self._openRequested.emit()

    @property
    def is_open(self) -> bool:
        """Whether the store opened (calls can succeed)."""
        return self._open

    @property
    def problem(self) -> str:
        """Why the store could not be opened ("" when it is open or still opening)."""
        return self._problem

    def call(
        self,
        fn: Callable[[HistoryStore], T],
        done: Callable[[T], None],
        failed: Failed | None = None,
        *,
        owner: QObject | None = None,
    ) -> int:
        """Run ``fn(store)`` on the store thread; ``done(result)`` or ``failed(error)`` follows.

        Returns the call's ticket. Without ``failed`` an error is logged and dropped. Neither
        callback runs once ``owner`` (the object whose methods they call) has been deleted.
        """
        ticket = next(self._tickets)
        self._callbacks[ticket] = (done, failed, owner)
        self._runRequested.emit(ticket, fn)
        return ticket

    def restore(
        self,
        backup: Path,
        done: Done,
        failed: Failed | None = None,
        *,
        owner: QObject | None = None,
    ) -> int:
        """Close the store, restore ``backup`` over the database (verified), reopen the store.

        As with :meth:`call`, no callback runs once ``owner`` has been deleted.
        """
        ticket = next(self._tickets)
        self._callbacks[ticket] = (done, failed, owner)
        self._restoreRequested.emit(ticket, Path(backup))
        return ticket

    def shutdown(self, wait_ms: int = STOP_WAIT_MS) -> bool:
        """Close the store and stop its thread, waiting at most ``wait_ms``; True if it stopped.

        Also done when the application quits and when the service is destroyed.
        """
        self._open = False
        self._closed = True
        self._callbacks.clear()  # nothing answered after this reaches a page
        return _stop(self._thread, self._worker, wait_ms)

    @Slot(bool, str)
    def _on_worker_opened(self, ok: bool, problem: str) -> None:
        if self._closed:
            return
        self._open, self._problem = ok, problem
        if ok:
            self.opened.emit()
        else:
            self.openFailed.emit(problem)

    @Slot()
    def _on_worker_changed_elsewhere(self) -> None:
        if not self._closed:
            self.changed.emit()

    @Slot(int, bool, object, bool)
    def _on_worker_done(self, ticket: int, ok: bool, value: object, wrote: bool) -> None:
        if self._closed:
            return
        done, failed, owner = self._callbacks.pop(ticket, (None, None, None))
        try:
            if owner is not None and not isValid(owner):
                pass  # the object that asked was deleted: its callbacks would crash
            elif ok and done is not None:
                done(value)
            elif not ok and failed is not None:
                failed(value)  # type: ignore[arg-type]
            elif not ok:
                log.warning("history store call %d failed: %s", ticket, value)
        finally:
            if wrote:  # announced even when the caller's callback failed
                self.changed.emit()
