"""How a self-test runs its checks: one line each, never stopping at the first failure, isolated.

Each check returns one line saying what it saw, or raises; :func:`run_checks` prints
``ok  <check>: <what>`` or ``FAIL <check>: <why>`` for every check and returns the outcomes, and
:func:`summary` closes the run. A run works in a :func:`scratch_folder`, with the per-user data
folder and the history pointed into it (:func:`isolated_user_data`) and network access refused
(:class:`NetworkGuard`, reported by :func:`network_check`). The engine's checks are in
:mod:`core.app.selftest`, the window's in :mod:`gui.window_checks`.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from core.base import paths
from core.base.errors import PlannerError

_NETWORK_EVENTS = frozenset(
    {
        "socket.connect",
        "socket.bind",
        "socket.getaddrinfo",
        "socket.gethostbyname",
        "socket.gethostbyaddr",
        "socket.sendto",
        "socket.sendmsg",
    }
)


class SelfTestError(Exception):
    """A check saw something other than what the app needs; the message says what."""


@dataclass(frozen=True)
class Check:
    """One named check: returns what it saw, raises when something is wrong."""

    name: str
    run: Callable[[], str]


@dataclass(frozen=True)
class Outcome:
    """The result of one check."""

    name: str
    ok: bool
    detail: str

    def line(self) -> str:
        """The line printed for the check."""
        return f"{'ok  ' if self.ok else 'FAIL '}{self.name}: {self.detail}"


def _describe(error: BaseException) -> str:
    if isinstance(error, SelfTestError | PlannerError):
        return str(error)
    return f"{type(error).__name__}: {error}"


def run_checks(checks: Iterable[Check], out: TextIO | None = None) -> list[Outcome]:
    """Run every check, print one line for each, and return the outcomes.

    An unexpected exception (not :class:`SelfTestError` or a planner error) also prints its
    traceback on stderr, so a failed bundle build shows where the missing piece was needed.
    """
    outcomes = []
    for check in checks:
        try:
            outcome = Outcome(check.name, True, check.run())
        except Exception as error:
            if not isinstance(error, SelfTestError | PlannerError) and sys.stderr is not None:
                traceback.print_exc(file=sys.stderr)
            outcome = Outcome(check.name, False, _describe(error))
        outcomes.append(outcome)
        emit(outcome.line(), out)
    return outcomes


def summary(outcomes: Sequence[Outcome]) -> str:
    """The closing line: passed, or how many checks failed."""
    failed = [o.name for o in outcomes if not o.ok]
    if not failed:
        return f"self-test passed: {len(outcomes)} checks"
    return f"self-test FAILED: {len(failed)} of {len(outcomes)} checks ({', '.join(failed)})"


def emit(line: str, out: TextIO | None = None) -> None:
    """Print ``line`` on ``out`` (standard output by default), if there is one."""
    stream = out if out is not None else sys.stdout
    if stream is not None:  # a windowed executable may have no stdout at all
        print(line, file=stream, flush=True)


# -- isolation -------------------------------------------------------------------------------------


@contextlib.contextmanager
def scratch_folder() -> Iterator[Path]:
    """A temporary folder for one self-test run, deleted afterwards."""
    with tempfile.TemporaryDirectory(prefix="anchorgpu-self-test-") as folder:
        yield Path(folder)


@contextlib.contextmanager
def isolated_user_data(folder: Path) -> Iterator[Path]:
    """Point the per-user data folder and the history database into ``folder`` for the block.

    Everything that honours ``ANCHORGPU_PLANNER_DATA`` / ``ANCHORGPU_PLANNER_DB`` (settings, window
    layout, history) then stays inside ``folder``; the variables are restored afterwards.
    """
    data = folder / "user-data"
    data.mkdir(parents=True, exist_ok=True)
    values = {paths.DATA_ENV: str(data), paths.DB_ENV: str(data / paths.DB_FILENAME)}
    saved = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield data
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


class NetworkGuard:
    """Refuses sockets while active and remembers what was attempted (a Python audit hook).

    Audit hooks cannot be removed, so one hook is installed per process and switched on and off.
    """

    _installed = False
    _active = False
    attempts: list[str] = []

    @classmethod
    def _hook(cls, event: str, args: tuple[Any, ...]) -> None:
        if cls._active and event in _NETWORK_EVENTS:
            # The host or address is the first string or tuple argument (after any socket).
            target = next((a for a in args if isinstance(a, str | tuple)), "")
            cls.attempts.append(f"{event} {target!r}")
            raise PermissionError(f"the self-test allows no network access ({event})")

    @classmethod
    @contextlib.contextmanager
    def active(cls) -> Iterator[list[str]]:
        """Refuse network access inside the block; yields the list of attempts."""
        if not cls._installed:
            sys.addaudithook(cls._hook)
            cls._installed = True
        cls.attempts = []
        cls._active = True
        try:
            yield cls.attempts
        finally:
            cls._active = False


def network_check(attempts: list[str]) -> Check:
    """The closing check: nothing tried to reach the network while the others ran."""

    def run() -> str:
        if attempts:
            raise SelfTestError(f"network access was attempted: {', '.join(attempts[:3])}")
        # The audit hook sees Python's sockets only; Qt's network module would bypass it.
        if "PySide6.QtNetwork" in sys.modules:
            raise SelfTestError("Qt's network module was loaded")
        return "no socket was opened, no host name looked up, Qt's network module not loaded"

    return Check("network", run)
