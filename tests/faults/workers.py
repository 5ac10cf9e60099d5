"""Child processes the kill runs end with SIGKILL: each loops over one store operation.

``python -m tests.faults.workers OP DB LOG [ARG]`` prints ``ready`` once its imports are done,
then repeats OP forever; after each operation returns it appends a line to LOG and flushes it to
disk, so the parent knows what was acknowledged before the kill.

- ``place``: place orders with keys ``<ARG>-<n>``; logs each key.
- ``backup``: back up DB to ARG; logs ``backup``.
- ``restore``: restore the backups ARG (comma-separated) over DB in turn; logs the one restored.
- ``import``: import the export ARG into DB; logs ``import``.
- ``migrate``: copy the version 1 history ARG to ``DB.<n>`` and open it (migrating it); logs
  ``copied n`` and ``migrated n``.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path


def _log(stream: object, line: str) -> None:
    stream.write(line + "\n")  # type: ignore[attr-defined]
    stream.flush()  # type: ignore[attr-defined]
    os.fsync(stream.fileno())  # type: ignore[attr-defined]


def run(op: str, db: Path, log: Path, arg: str) -> None:
    """Repeat ``op`` until killed."""
    from core.quotes.quote import utc_now
    from core.store import HistoryStore
    from core.store.backup import backup_database, restore_database
    from core.store.importing import import_json
    from tests.store_helpers import make_quote

    quote = make_quote(label="killed")
    with log.open("a", encoding="utf-8") as stream:
        print("ready", flush=True)
        number = 0
        while True:
            if op == "place":
                with HistoryStore(db) as store:
                    while True:
                        key = f"{arg}-{number}"
                        store.place_order(quote, key)
                        _log(stream, key)
                        number += 1
            elif op == "backup":
                with HistoryStore(db) as store:
                    backup_database(store, Path(arg), pages_per_step=2)
                _log(stream, "backup")
            elif op == "restore":
                backups = arg.split(",")
                chosen = backups[number % len(backups)]
                restore_database(Path(chosen), db, now=utc_now())
                _log(stream, f"restored {chosen}")
            elif op == "import":
                with HistoryStore(db) as store:
                    import_json(store, Path(arg))
                _log(stream, "import")
            elif op == "migrate":
                target = Path(f"{db}.{number}")
                shutil.copyfile(arg, target)
                _log(stream, f"copied {number}")
                with HistoryStore(target) as store:
                    store.count_history()
                _log(stream, f"migrated {number}")
            else:
                raise SystemExit(f"unknown operation {op}")
            number += 1


if __name__ == "__main__":
    operation, database, logfile, argument = sys.argv[1:5]
    run(operation, Path(database), Path(logfile), argument)
