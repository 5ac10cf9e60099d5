"""Child processes for the store's multi-process tests and the fault-injection runs.

``python -m tests.store_procs app DB`` behaves like the desktop app: it keeps the history open
with two stores (the History page's and the review page's), answers commands read line by line
from stdin and prints one line per answer, so a test can interleave it with command-line runs.

Commands: ``place KEY`` (an order from a fixed quote; prints the order id), ``count`` (orders
seen), ``reopen`` (opens the history a third time, as a page does), ``close``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tests.store_helpers import make_quote


def app(db: Path) -> int:
    """Hold the history open like the app does and obey commands from stdin."""
    from core.errors import PlannerError
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


if __name__ == "__main__":
    if sys.argv[1:2] == ["app"]:
        sys.exit(app(Path(sys.argv[2])))
    sys.exit(f"usage: python -m tests.store_procs app DB (got {sys.argv[1:]})")
