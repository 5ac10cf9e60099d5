"""Crash injection at every file step of restore and backup.

A child process runs one restore or backup and ends itself with ``os._exit`` at its k-th file
step (every ``os.replace``/``rename``/``link``/``unlink``/``fsync`` and every fault point, see
:mod:`tests.store_procs`), for k = 1, 2, … until the operation finishes. After each crash the
history must hold the old or the new database, intact, and the next run must open it and leave no
temporary file. Restores run over an intact history, over a file SQLite cannot read, and onto a
missing history; backups over a previous backup. ``--quick`` tries a few steps of each.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from tests.store_crash import CrashOutcome, crash_backup, crash_restore, populated

MAX_STEPS = 200
QUICK_STEPS = (5,)


def _tally(outcome: CrashOutcome, counts: Counter[str]) -> None:
    if not outcome.finished:
        counts["crash_points"] += 1
    for problem in outcome.problems:
        print(problem, file=sys.stderr)
        if "temporary files left" in problem:
            counts["strays"] += 1
        elif "holds missing" in problem:
            counts["lost"] += 1
        else:
            counts["corrupted"] += 1


def _every_step(
    name: str,
    run: Callable[[Path, int], CrashOutcome],
    folder: Path,
    quick: bool,
    counts: Counter[str],
) -> None:
    steps = QUICK_STEPS if quick else range(1, MAX_STEPS + 1)
    for at in steps:
        try:
            outcome = run(folder / f"{name}-{at}", at)
        except subprocess.TimeoutExpired:
            counts["hangs"] += 1
            continue
        except AssertionError as error:  # the child failed with a traceback
            counts["tracebacks"] += 1
            print(f"{name} step {at}: {error}", file=sys.stderr)
            continue
        _tally(outcome, counts)
        if outcome.finished:
            counts[f"{name}_steps"] = at - 1
            return
    if not quick:
        counts["hangs"] += 1  # more steps than any run of it has
        print(f"{name} did not finish within {MAX_STEPS} steps", file=sys.stderr)


def main(argv: list[str]) -> dict[str, int]:
    """Crash restore and backup at each of their file steps; return the counts."""
    quick = "--quick" in argv
    counts: Counter[str] = Counter(crash_points=0, strays=0)
    for key in ("lost", "duplicated", "corrupted", "tracebacks", "hangs"):
        counts[key] = 0
    with tempfile.TemporaryDirectory(prefix="fault-crash-") as tmp:
        folder = Path(tmp)
        old, backup = folder / "old.sqlite", folder / "backup.sqlite"
        populated(old, 6, "old")
        populated(folder / "new.sqlite", 9, "new")
        from core.store import HistoryStore
        from core.store.backup import backup_database

        with HistoryStore(folder / "new.sqlite") as store:
            backup_database(store, backup)
        unreadable = folder / "unreadable.sqlite"
        unreadable.write_bytes(os.urandom(8192))
        runs: dict[str, Callable[[Path, int], CrashOutcome]] = {
            "restore": lambda sub, at: crash_restore(sub, at, old, backup),
            "restore_unreadable": lambda sub, at: crash_restore(sub, at, unreadable, backup),
            "restore_missing": lambda sub, at: crash_restore(sub, at, None, backup),
            "backup": lambda sub, at: crash_backup(sub, at, old),
        }
        for name, run in runs.items():
            _every_step(name, run, folder, quick, counts)
    return dict(counts)


if __name__ == "__main__":
    print(main(sys.argv[1:]))
