"""Child processes for the store's multi-process tests and the fault-injection runs.

``python -m tests.store_procs app DB`` behaves like the desktop app: it keeps the history open
with two stores (the History page's and the review page's), answers commands read line by line
from stdin and prints one line per answer, so a test can interleave it with command-line runs.

Commands: ``place KEY`` (an order from a fixed quote; prints the order id), ``count`` (orders
seen), ``reopen`` (opens the history a third time, as a page does), ``close``.

``python -m tests.store_procs crash K restore BACKUP DB`` (or ``crash K backup DB OUTPUT``) runs a
restore or a backup and ends the process with ``os._exit`` at its K-th file step: every call of
``os.replace``, ``os.rename``, ``os.link``, ``os.unlink``, ``os.fsync`` and every
:func:`core.store.files.fault_point`. It exits 0 when the operation finished before step K, so a
caller raises K until it does.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from tests.store_helpers import make_quote


def app(db: Path) -> int:
    """Hold the history open like the app does and obey commands from stdin."""
    from core.base.errors import PlannerError
    from core.store import HistoryStore

    quote = make_quote(label="app")
    history = HistoryStore(db)
    history.save_quote(make_quote(label="app saved"))
    review = HistoryStore(db)  # a second store in the same process, as the review page opens
    extra: list[HistoryStore] = []
    print("ready", flush=True)
    for line in sys.stdin:
        command, _, argument = line.strip().partition(" ")
        try:
            if command == "place":
                result = review.place_order(quote, argument)
                print(result.order.id, flush=True)
            elif command == "count":
                print(history.count_history(kind="order"), flush=True)
            elif command == "reopen":
                extra.append(HistoryStore(db))
                print("reopened", flush=True)
            elif command == "close":
                break
            else:
                print(f"unknown {command}", flush=True)
        except PlannerError as error:
            print(f"error {type(error).__name__}: {error}", flush=True)
    for store in (review, history, *extra):
        store.close()
    print("closed", flush=True)
    return 0


CRASH_EXIT = 86
PATCHED = ("replace", "rename", "link", "unlink", "fsync")


def crash(at: int, operation: str, first: Path, second: Path) -> int:
    """Run a restore or backup and stop the process dead at its ``at``-th file step."""
    import os

    steps = 0

    def counted(call: Any) -> Any:
        def step(*args: Any, **kwargs: Any) -> Any:
            nonlocal steps
            steps += 1
            if steps == at:
                os._exit(CRASH_EXIT)
            return call(*args, **kwargs)

        return step

    for name in PATCHED:
        setattr(os, name, counted(getattr(os, name)))
    try:
        from core.store import files

        files.fault_point = counted(files.fault_point)  # type: ignore[assignment]
        for module in ("core.store.backup", "core.store.restore"):
            loaded = sys.modules.get(module) or __import__(module, fromlist=["_"])
            if hasattr(loaded, "fault_point"):
                loaded.fault_point = files.fault_point
    except ImportError:  # a version without fault points: the os calls still count
        pass
    from core.quotes.quote import utc_now
    from core.store import HistoryStore
    from core.store.backup import backup_database, restore_database

    if operation == "restore":
        restore_database(first, second, now=utc_now())
    else:
        with HistoryStore(first) as store:
            backup_database(store, second)
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["app"]:
        sys.exit(app(Path(sys.argv[2])))
    if sys.argv[1:2] == ["crash"]:
        at, operation, first, second = sys.argv[2:6]
        sys.exit(crash(int(at), operation, Path(first), Path(second)))
    sys.exit(f"usage: python -m tests.store_procs app DB (got {sys.argv[1:]})")
