"""Runs a pure ``core`` callable on a thread pool and reports back by signal on the GUI thread.

The callable must not touch widgets or a SQLite connection owned by another thread; it gets its
inputs as arguments (pydantic requests, paths) and returns a value. Typical use::

    worker = Worker(estimate, request)
    worker.succeeded.connect(self._on_estimate_succeeded)
    worker.failed.connect(self._on_estimate_failed)
    worker.start()

Connect before ``start()``. ``cancel()`` drops a result nobody wants any more (a newer edit
superseded it): a call still waiting in the pool's queue never runs (it is skipped when the pool
reaches it), so superseded work does not pile up; a call already running runs to its end, because
Python threads cannot be interrupted, and its result is dropped. :func:`busy` tells the app at exit
whether a call is still running, so that quitting never waits for one.

Lifetimes: the pool is given a plain callable, so Qt owns the runnable it wraps it in and frees it
when it is done with it. That callable holds the call and its state, never the :class:`Worker`: the
result travels through one relay object that lives on the GUI thread and hands it to the worker
there. A worker is therefore only ever referenced, and freed, on the thread that created it.
"""

from __future__ import annotations

import itertools
import logging
import threading
from collections.abc import Callable
from typing import Any, ClassVar

from PySide6.QtCore import QObject, Qt, QThreadPool, Signal, Slot

from core.base.errors import PlannerError

log = logging.getLogger(__name__)

_QUEUED, _RUNNING, _SKIPPED, _DONE = range(4)


class _Call:
    """What the pool thread runs: the callable, its arguments and its state (no Qt object)."""

    def __init__(self, key: int, fn: Callable[..., Any], args: Any, kwargs: Any) -> None:
        self.key = key
        self.fn = fn
        self.args = args
        self.kwargs = kwargs
        self.state = _QUEUED
        self.lock = threading.Lock()

    def begin(self) -> bool:
        """Move from queued to running, unless the call was cancelled while queued."""
        with self.lock:
            if self.state != _QUEUED:
                return False
            self.state = _RUNNING
            return True

    def skip(self) -> bool:
        """Cancel a call still queued; False when it has already begun."""
        with self.lock:
            if self.state != _QUEUED:
                return False
            self.state = _SKIPPED
            return True


class _Relay(QObject):
    """Carries results from pool threads to the workers, on the thread that created it."""

    delivered = Signal(int, bool, object)

    def __init__(self) -> None:
        super().__init__()
        self.delivered.connect(self._on_delivered, Qt.ConnectionType.QueuedConnection)

    @Slot(int, bool, object)
    def _on_delivered(self, key: int, ok: bool, value: object) -> None:
        worker = Worker._running.pop(key, None)
        if worker is not None:
            worker._report(ok, value)


class Worker(QObject):
    """One call of ``fn(*args, **kwargs)`` off the GUI thread.

    Signals (always emitted on the thread that created the worker, normally the GUI thread):
        succeeded(object): the return value.
        failed(object): the exception; a :class:`~core.base.errors.PlannerError` carries a message
        for
            the user, anything else is a defect and is also logged with its traceback.
        finished(): after either of them, or after a cancelled call ends (at once for a call
            cancelled while still queued).
    """

    succeeded = Signal(object)
    failed = Signal(object)
    finished = Signal()

    # Started workers stay referenced here, by key, until they report: the owner may drop its
    # reference while the call runs.
    _running: ClassVar[dict[int, Worker]] = {}
    _keys = itertools.count(1)
    _relay: ClassVar[_Relay | None] = None

    def __init__(
        self, fn: Callable[..., Any], /, *args: Any, parent: QObject | None = None, **kwargs: Any
    ) -> None:
        super().__init__(parent)
        self._call = _Call(next(Worker._keys), fn, args, kwargs)
        self._cancelled = False
        self._started = False

    @property
    def cancelled(self) -> bool:
        """Whether :meth:`cancel` was called."""
        return self._cancelled

    def start(self, pool: QThreadPool | None = None) -> None:
        """Queue the call on ``pool`` (the global pool by default); a worker runs once."""
        if self._started:
            raise RuntimeError("a Worker runs only once; create a new one")
        self._started = True
        if Worker._relay is None:
            Worker._relay = _Relay()
        Worker._running[self._call.key] = self
        call, relay = self._call, Worker._relay
        (pool or QThreadPool.globalInstance()).start(lambda: _run(call, relay))

    def cancel(self) -> None:
        """Do not deliver the result or the error; ``finished`` is still emitted.

        A call that has not started yet never runs, and ``finished`` comes at once.
        """
        if self._cancelled:
            return
        self._cancelled = True
        if self._started and self._call.skip():
            Worker._running.pop(self._call.key, None)
            self.finished.emit()

    def _report(self, ok: bool, value: object) -> None:
        if not self._cancelled:
            (self.succeeded if ok else self.failed).emit(value)
        self.finished.emit()


def _run(call: _Call, relay: _Relay) -> None:
    """Run ``call`` on a pool thread; only the relay's signal is emitted here."""
    if not call.begin():
        return  # cancelled while queued: the worker has already reported it finished
    try:
        result = call.fn(*call.args, **call.kwargs)
    except Exception as error:  # every failure is reported to the owner, none is lost
        if not isinstance(error, PlannerError):
            log.exception("background call %r failed", call.fn)
        relay.delivered.emit(call.key, False, error)
    else:
        relay.delivered.emit(call.key, True, result)
    finally:
        call.state = _DONE


def busy(pool: QThreadPool | None = None) -> bool:
    """Whether a call is still running on ``pool`` (the global pool by default)."""
    return (pool or QThreadPool.globalInstance()).activeThreadCount() > 0
