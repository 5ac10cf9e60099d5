"""Restoring the history from a verified backup, crash-safely.

The history file is never renamed away: at every moment its path holds either the old database
or the new one, whole. The steps:

1. The backup is verified (integrity, a history of a version this app reads, row counts) and
   copied to a private temporary file beside the history, which is verified again.
2. The history is locked for this process alone (``locking_mode = EXCLUSIVE``,
   ``BEGIN EXCLUSIVE``). While the app or a command has it open, SQLite holds a shared lock on
   it and the lock is refused: the restore stops before anything changed and says so, because
   orders placed by a process that still has the old database open would be lost.
3. The current database is copied, through the same lock, to ``<name>.replaced-<time>`` (a
   temporary file, flushed, then renamed) so that nothing is ever deleted.
4. The verified copy is written into the locked history with SQLite's backup API: one write
   transaction through the write-ahead log, so a crash leaves the old database or the new one.
   The result is checked (``integrity_check``, row counts) before the lock is released.

A history that SQLite cannot read at all (not a database) is moved aside with a hard link and
replaced by an atomic rename instead; its write-ahead log goes aside first, so that it can never
be replayed into the restored file. Temporary files of a killed restore are deleted by the next
restore or opening of the history.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from core.base.errors import StoreError
from core.domain.terms import to_utc
from core.store.connection import connect_read_only
from core.store.errors import SQLITE_CORRUPT, SQLITE_NOTADB, describe
from core.store.files import (
    Verified,
    clean_stale_temporaries,
    copy_pages,
    counts,
    fault_point,
    fsync_dir,
    remove_with_sides,
    temporary_beside,
    verify_database,
)
from core.store.schema import recognise
from core.texts.messages import Message

LOCK_WAIT_MS = 1000
"""How long a restore waits for a command that is just finishing before it refuses."""
PAGES_PER_STEP = 64


@dataclass(frozen=True)
class Restored:
    """What a restore did."""

    database: Path
    replaced: Path | None
    source: Verified


def _aside_name(database: Path, now: datetime) -> Path:
    moment = to_utc(now).strftime("%Y%m%dT%H%M%SZ")
    candidate = database.with_name(f"{database.name}.replaced-{moment}")
    number = 1
    while candidate.exists():
        number += 1
        candidate = database.with_name(f"{database.name}.replaced-{moment}-{number}")
    return candidate


def _link_new(source: Path, target: Path) -> None:
    """Give ``source`` the name ``target`` unless ``target`` exists (no file is overwritten)."""
    os.link(source, target)
    os.unlink(source)


class _UnreadableError(Exception):
    """SQLite cannot read the current history at all."""


def _readable(database: Path) -> bool:
    """Whether SQLite can read the history (asked read-only: a damaged file's log is kept).

    Raises:
        StoreError: The file is another application's database.
    """
    try:
        conn = connect_read_only(database)
    except sqlite3.Error:
        return False
    try:
        recognise(conn, database)
    except sqlite3.Error as error:
        if getattr(error, "sqlite_errorcode", 0) & 0xFF in (SQLITE_NOTADB, SQLITE_CORRUPT):
            return False
        raise describe(error, database) from None
    finally:
        conn.close()
    return True


def _lock(database: Path) -> sqlite3.Connection:
    """A connection that holds the history for this process alone, or raise."""
    conn = sqlite3.connect(str(database), isolation_level=None, timeout=LOCK_WAIT_MS / 1000)
    try:
        conn.execute(f"PRAGMA busy_timeout = {LOCK_WAIT_MS}")
        conn.execute("PRAGMA locking_mode = EXCLUSIVE")
        conn.execute("BEGIN EXCLUSIVE")
        recognise(conn, database)
        conn.execute("COMMIT")  # the exclusive lock stays until the connection closes
    except sqlite3.Error as error:
        conn.close()
        code = getattr(error, "sqlite_errorcode", 0) & 0xFF
        if code in (SQLITE_NOTADB, SQLITE_CORRUPT):
            raise _UnreadableError from None
        problem = describe(error, database)
        if "busy" in str(problem):
            raise StoreError(Message("store.restore_open", database=str(database))) from None
        raise problem from None
    except BaseException:
        conn.close()
        raise
    return conn


def _keep_aside(conn: sqlite3.Connection, database: Path, now: datetime) -> Path:
    """Copy the locked history to ``<name>.replaced-<time>``; return that path."""
    temporary = temporary_beside(database, "aside")
    try:
        copy_pages(conn, temporary)
        fault_point("restore:aside-copied")
        replaced = _aside_name(database, now)
        _link_new(temporary, replaced)
        fault_point("restore:aside-renamed")
        fsync_dir(database.parent)
    except BaseException:
        remove_with_sides(temporary)
        raise
    return replaced


def _write_into(conn: sqlite3.Connection, copy: Path, source: Verified) -> None:
    """Write the verified ``copy`` into the locked history in one transaction; check it."""

    def step(status: int, remaining: int, total: int) -> None:
        fault_point("restore:page-step")

    reader = sqlite3.connect(f"file:{copy}?mode=ro", uri=True)
    try:
        reader.backup(conn, pages=PAGES_PER_STEP, progress=step)
    finally:
        reader.close()
    fault_point("restore:written")
    problems = [row[0] for row in conn.execute("PRAGMA integrity_check") if row[0] != "ok"]
    found = counts(conn)
    if problems or found != source.counts:
        raise StoreError(Message("store.restore_unverified", problems=str(problems or found)))


def _replace_unreadable(database: Path, copy: Path, now: datetime) -> Path:
    """Swap a history SQLite cannot read for ``copy``; keep the old file and its log aside."""
    replaced = _aside_name(database, now)
    os.link(database, replaced)
    fault_point("restore:linked")
    for suffix in ("-wal", "-journal"):
        side = Path(f"{database}{suffix}")
        if side.exists():
            os.replace(side, Path(f"{replaced}{suffix}"))
    Path(f"{database}-shm").unlink(missing_ok=True)
    fsync_dir(database.parent)
    fault_point("restore:sides-moved")
    os.replace(copy, database)
    fault_point("restore:renamed")
    fsync_dir(database.parent)
    return replaced


def restore_database(backup: Path, database: Path, *, now: datetime) -> Restored:
    """Replace the history at ``database`` with a verified copy of ``backup``.

    The replaced database is kept as ``<name>.replaced-<time>``. Close every store of this
    process on ``database`` first; a restore refuses while any process has it open.

    Raises:
        StoreError: The backup does not verify, the history is open elsewhere, or the copy
            could not be made (the history is as it was).
    """
    backup = Path(backup).resolve()
    database = Path(database).parent.resolve() / Path(database).name
    if backup == database or (database.exists() and os.path.samefile(backup, database)):
        raise StoreError(Message("store.restore_onto_itself"))
    source = verify_database(backup)
    clean_stale_temporaries(database)
    copy = temporary_beside(database, "restoring")
    fault_point("restore:temporary")
    try:
        conn = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
        try:
            copy_pages(conn, copy)
        finally:
            conn.close()
        fault_point("restore:copied")
        verify_database(copy, expected_version=source.schema_version, expected_counts=source.counts)
        fault_point("restore:verified")
        replaced = _restore_copy(copy, database, now, source)
    except (sqlite3.Error, OSError) as error:
        raise StoreError(
            Message("store.restore_failed_kept", backup=str(backup), reason=str(error))
        ) from None
    except StoreError as error:
        raise StoreError(
            Message("store.restore_failed", backup=str(backup), reason=str(error))
        ) from None
    finally:
        remove_with_sides(copy)
    fault_point("restore:done")
    return Restored(database, replaced, source)


def _restore_copy(copy: Path, database: Path, now: datetime, source: Verified) -> Path | None:
    if not database.exists():
        _link_new(copy, database)  # fails rather than overwrite a file that appeared meanwhile
        fault_point("restore:linked-new")
        fsync_dir(database.parent)
        return None
    if database.stat().st_size > 0 and not _readable(database):
        return _replace_unreadable(database, copy, now)
    try:
        conn = _lock(database)
    except _UnreadableError:
        return _replace_unreadable(database, copy, now)
    try:
        replaced = _keep_aside(conn, database, now)
        _write_into(conn, copy, source)
    finally:
        conn.close()
    fault_point("restore:closed")
    return replaced
