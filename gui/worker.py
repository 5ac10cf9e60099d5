"""Runs a pure ``core`` callable on a thread pool and reports back by signal on the GUI thread.

The callable must not touch widgets or a SQLite connection owned by another thread; it gets its
inputs as arguments (pydantic requests, paths) and returns a value. Typical use::

    worker = Worker(estimate, request)
    worker.succeeded.connect(self._on_estimate_succeeded)
    worker.failed.connect(self._on_estimate_failed)
    worker.start()

Connect before ``start()``. ``cancel()`` drops a result nobody wants any more (a newer edit
superseded it): a call still waiting in the pool's queue is taken out and never runs, so
superseded work does not pile up; a call already running runs to its end, because Python threads
cannot be interrupted, and its result is dropped. :func:`busy` tells the app at exit whether a call
is still running, so that quitting never waits for one.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, ClassVar

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal, Slot

from core.errors import PlannerError

log = logging.getLogger(__name__)


class _Job(QRunnable):
    """The pool's handle on one call, kept by its :class:`Worker` so it can be taken back."""

    def __init__(self, run: Callable[[], None]) -> None:
        super().__init__()
        self.setAutoDelete(False)  # the worker owns it: tryTake() and Python's references agree
        self._run = run

    def run(self) -> None:
        self._run()


class Worker(QObject):
    """One call of ``fn(*args, **kwargs)`` off the GUI thread.

    Signals (always emitted on the thread that created the worker, normally the GUI thread):
        succeeded(object): the return value.
        failed(object): the exception; a :class:`~core.errors.PlannerError` carries a message for
            the user, anything else is a defect and is also logged with its traceback.
        finished(): after either of them, or after a cancelled call ends.
    """

    succeeded = Signal(object)
    failed = Signal(object)
    finished = Signal()
    _delivered = Signal(bool, object)

    # Started workers stay referenced here until they report, so an owner that drops its reference
    # cannot have the signal object collected while the pool thread still emits through it.
    _running: ClassVar[set[Worker]] = set()

    def __init__(
        self, fn: Callable[..., Any], /, *args: Any, parent: QObject | None = None, **kwargs: Any
    ) -> None:
        super().__init__(parent)
        self._fn = fn
        self._args = args
        self._kwargs = kwargs
        self._cancelled = False
        self._started = False
        self._job: _Job | None = None
        self._pool: QThreadPool | None = None
        self._delivered.connect(self._on_delivered, Qt.ConnectionType.QueuedConnection)

    @property
    def cancelled(self) -> bool:
        """Whether :meth:`cancel` was called."""
        return self._cancelled

    def start(self, pool: QThreadPool | None = None) -> None:
        """Queue the call on ``pool`` (the global pool by default); a worker runs once."""
        if self._started:
            raise RuntimeError("a Worker runs only once; create a new one")
        self._started = True
        Worker._running.add(self)
        self._pool = pool or QThreadPool.globalInstance()
        self._job = _Job(self._run)
        self._pool.start(self._job)

    def cancel(self) -> None:
        """Do not deliver the result or the error; ``finished`` is still emitted.

        A call that has not started yet is taken out of the pool and never runs.
        """
        if self._cancelled:
            return
        self._cancelled = True
        if self._pool is not None and self._job is not None and self._pool.tryTake(self._job):
            # Never to run: report it finished now, as a cancelled call that ended would.
            self._delivered.emit(False, None)

    def _run(self) -> None:
        # Runs on a pool thread: only the private signal is emitted here, queued to our thread.
        try:
            result = self._fn(*self._args, **self._kwargs)
        except Exception as error:  # every failure is reported to the owner, none is lost
            if not isinstance(error, PlannerError):
                log.exception("background call %r failed", self._fn)
            self._delivered.emit(False, error)
        else:
            self._delivered.emit(True, result)

    @Slot(bool, object)
    def _on_delivered(self, ok: bool, value: object) -> None:
        Worker._running.discard(self)
        if not self._cancelled:
            (self.succeeded if ok else self.failed).emit(value)
        self.finished.emit()


def busy(pool: QThreadPool | None = None) -> bool:
    """Whether a call is still running on ``pool`` (the global pool by default)."""
    return (pool or QThreadPool.globalInstance()).activeThreadCount() > 0
