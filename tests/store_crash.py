"""Crash one restore or backup at a chosen file step and check what it left behind.

Shared by the default test run (a few steps) and ``make faults`` (every step).
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

from tests.store_helpers import NOW, make_quote
from tests.store_procs import CRASH_EXIT

ROOT = Path(__file__).resolve().parent.parent


def populated(path: Path, quotes: int, prefix: str) -> dict[str, int]:
    """Save ``quotes`` quotes and an order for every other one; return the row counts."""
    from core.store import HistoryStore

    with HistoryStore(path, clock=lambda: NOW) as store:
        for number in range(quotes):
            quote = make_quote(label=f"{prefix} {number}", now=NOW + timedelta(seconds=number))
            store.save_quote(quote)
            if number % 2 == 0:
                store.place_order(quote, f"{prefix}-{number}")
        return store.counts()


def counts_of(path: Path) -> dict[str, int] | str:
    """Row counts of an intact history at ``path``, else what is wrong with it."""
    if not path.exists():
        return "missing"
    # Read-write, as the next process to open it would: a log left by a killed writer is
    # recovered (a read-only connection cannot do that).
    conn = sqlite3.connect(f"file:{path}?mode=rw", uri=True)
    try:
        if conn.execute("PRAGMA integrity_check").fetchall() != [("ok",)]:
            return "integrity_check failed"
        tables = ("quote_snapshots", "quotes", "orders", "audit_log")
        return {t: int(conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]) for t in tables}
    except sqlite3.Error as error:
        return f"unreadable: {error}"
    finally:
        conn.close()


def run_crash(at: int, operation: str, first: Path, second: Path) -> int:
    """Run ``tests.store_procs crash``; its exit code (CRASH_EXIT when it was stopped)."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.store_procs", "crash", str(at), operation]
        + [str(first), str(second)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    if done.returncode not in (0, CRASH_EXIT):
        raise AssertionError(f"crash child failed ({done.returncode}): {done.stderr[-2000:]}")
    return done.returncode


@dataclass
class CrashOutcome:
    finished: bool
    problems: list[str] = field(default_factory=list)


def strays(folder: Path, name: str) -> list[str]:
    """Temporary files of a backup or restore left beside ``name``."""
    return sorted(
        p.name for p in folder.iterdir() if p.name.startswith(f".{name}.") and "-" in p.name
    )


def crash_restore(folder: Path, at: int, template: Path | None, backup: Path) -> CrashOutcome:
    """Restore ``backup`` over a copy of ``template``, stopped at step ``at``; check the result.

    After the crash the history path must hold the old or the new history, intact; the next
    opening must work and remove the temporary files. Without a template the history starts
    missing; a template SQLite cannot read must stay as it was or be replaced.
    """
    from core.store import HistoryStore
    from core.store.files import clean_stale_temporaries

    folder.mkdir()
    db = folder / "history.sqlite"
    if template is not None:
        shutil.copyfile(template, db)
    old, new = counts_of(db), counts_of(backup)
    code = run_crash(at, "restore", backup, db)
    outcome = CrashOutcome(finished=code == 0)
    found = counts_of(db)
    if found not in (old, new):
        outcome.problems.append(f"step {at}: history holds {found}, expected {old} or {new}")
        return outcome
    if outcome.finished and found != new:
        outcome.problems.append(f"step {at}: finished but holds {found}, not the backup {new}")
    if isinstance(found, str):  # still missing or unreadable, as before: nothing to open
        clean_stale_temporaries(db)
    else:
        try:
            with HistoryStore(db) as store:
                store.count_history()
        except Exception as error:  # noqa: BLE001 - any failure to open is the finding
            outcome.problems.append(f"step {at}: the next opening failed: {error}")
    left = strays(folder, db.name)
    if left:
        outcome.problems.append(f"step {at}: temporary files left: {left}")
    return outcome


def crash_backup(folder: Path, at: int, template: Path) -> CrashOutcome:
    """Back up a copy of ``template``, stopped at step ``at``; the next backup must clean up."""
    from core.store import HistoryStore
    from core.store.backup import backup_database

    folder.mkdir()
    db = folder / "history.sqlite"
    shutil.copyfile(template, db)
    output = folder / "backup.sqlite"
    before = counts_of(db)
    code = run_crash(at, "backup", db, output)
    outcome = CrashOutcome(finished=code == 0)
    if counts_of(db) != before:
        outcome.problems.append(f"step {at}: the history changed: {counts_of(db)}")
    if output.exists() and counts_of(output) != before:
        outcome.problems.append(f"step {at}: a wrong backup is in place: {counts_of(output)}")
    if outcome.finished and not output.exists():
        outcome.problems.append(f"step {at}: finished without a backup")
    with HistoryStore(db) as store:
        backup_database(store, output)
    if counts_of(output) != before:
        outcome.problems.append(f"step {at}: the next backup holds {counts_of(output)}")
    left = strays(folder, output.name) + strays(folder, db.name)
    if left:
        outcome.problems.append(f"step {at}: temporary files left: {left}")
    return outcome
