"""Verified backups and restores of the history.

A backup is copied with SQLite's online backup API (safe while the app keeps working) into a
temporary file beside the destination, then verified: opened read-only, ``integrity_check``, the
same schema version and the same row count in every table as the source had when the copy was
taken. Only a verified copy replaces the destination; a copy that fails is deleted and reported.

A restore verifies the backup the same way before anything is replaced, copies it beside the
database, verifies the copy, moves the current file (with its WAL) aside as
``<name>.replaced-<time>`` and only then puts the copy in its place.
"""

from __future__ import annotations

import os
import secrets
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from core.errors import StoreError
from core.store.connection import (
    check_header,
    connect_read_only,
    create_private_file,
    quick_check,
)
from core.store.repository import HistoryStore
from core.store.schema import SCHEMA_VERSION, TABLES, user_version
from core.terms import to_utc

Progress = Callable[[int, int], None]
"""Called with (pages copied, pages in total) while a backup runs."""

PAGES_PER_STEP = 256


@dataclass(frozen=True)
class Verified:
    """A database file that passed verification."""

    path: Path
    schema_version: int
    counts: dict[str, int]


def _counts(conn: sqlite3.Connection) -> dict[str, int]:
    return {
        name: int(conn.execute(f"SELECT count(*) FROM [{name}]").fetchone()[0]) for name in TABLES
    }


def verify_database(
    path: Path,
    *,
    expected_version: int | None = None,
    expected_counts: dict[str, int] | None = None,
) -> Verified:
    """Check a history file read-only: integrity, schema version, row counts.

    Raises:
        StoreError: The file is not an intact AnchorGPU Planner history of a version this app
            knows, or it differs from what was expected.
    """
    path = Path(path)
    if not path.exists():
        raise StoreError(f"{path} does not exist")
    if not check_header(path):
        raise StoreError(f"{path} is empty, not a history database")
    try:
        conn = connect_read_only(path)
    except sqlite3.Error as error:
        raise StoreError(f"cannot open {path}: {error}") from None
    try:
        quick_check(conn, path, full=True)
        try:
            version = user_version(conn)
            if not 1 <= version <= SCHEMA_VERSION:
                raise StoreError(
                    f"{path} has schema version {version}; this app reads 1 to {SCHEMA_VERSION}"
                )
            counts = _counts(conn)
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{path} is not an AnchorGPU Planner history ({error})") from None
    finally:
        conn.close()
    if expected_version is not None and version != expected_version:
        raise StoreError(f"{path} has schema version {version}, expected {expected_version}")
    if expected_counts is not None and counts != expected_counts:
        raise StoreError(f"{path} has rows {counts}, expected {expected_counts}")
    return Verified(path, version, counts)


def _fsync_dir(folder: Path) -> None:
    if os.name != "posix":
        return
    handle = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def _temporary_beside(target: Path, tag: str) -> Path:
    temporary = target.with_name(f".{target.name}.{tag}-{secrets.token_hex(4)}")
    create_private_file(temporary)
    return temporary


def _remove(path: Path) -> None:
    for suffix in ("", "-journal", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def _copy(source: sqlite3.Connection, target: Path, progress: Progress | None, step: int) -> None:
    """Copy ``source`` page by page into ``target`` and make it a self-contained file."""

    def report(status: int, remaining: int, total: int) -> None:
        if progress is not None:
            progress(total - remaining, total)

    destination = sqlite3.connect(str(target), isolation_level=None)
    try:
        source.backup(destination, pages=step, progress=report)
        # The copy carries the source's WAL flag; a backup file should stand alone.
        destination.execute("PRAGMA journal_mode = DELETE")
    finally:
        destination.close()


def backup_database(
    store: HistoryStore,
    destination: Path,
    *,
    progress: Progress | None = None,
    pages_per_step: int = PAGES_PER_STEP,
) -> Verified:
    """Back up the store's database to ``destination`` and verify the copy.

    An existing ``destination`` is replaced only by a copy that passed verification.

    Args:
        store: The open history (must be used on its own thread).
        destination: The backup file to write.
        progress: Called with (pages copied, pages in total) after each step.
        pages_per_step: Pages copied per step; other connections may write between steps.

    Raises:
        StoreError: The copy failed or did not verify (it was deleted).
    """
    destination = Path(destination).resolve()
    if destination == store.path.resolve():
        raise StoreError("a backup cannot overwrite the history database itself")
    temporary = _temporary_beside(destination, "partial")
    conn = store.conn
    try:
        # One read transaction: the counts and the copied pages come from the same snapshot.
        conn.execute("BEGIN")
        try:
            version = user_version(conn)
            counts = _counts(conn)
            _copy(conn, temporary, progress, pages_per_step)
        finally:
            conn.execute("COMMIT")
        verify_database(temporary, expected_version=version, expected_counts=counts)
        os.replace(temporary, destination)
        _fsync_dir(destination.parent)
    except (sqlite3.Error, OSError, StoreError) as error:
        _remove(temporary)
        raise StoreError(f"backup to {destination} failed and was deleted: {error}") from None
    except BaseException:
        _remove(temporary)
        raise
    return Verified(destination, version, counts)


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


def restore_database(backup: Path, database: Path, *, now: datetime) -> Restored:
    """Replace ``database`` with a verified copy of ``backup``; keep the replaced file.

    Close every store on ``database`` first. The current file and its WAL are renamed to
    ``<name>.replaced-<time>``; they are not modified.

    Raises:
        StoreError: The backup does not verify, or the copy could not be made (nothing was
            replaced).
    """
    backup = Path(backup).resolve()
    database = Path(database).resolve()
    if backup == database:
        raise StoreError("a backup cannot be restored onto itself")
    source = verify_database(backup)
    temporary = _temporary_beside(database, "restoring")
    try:
        conn = connect_read_only(backup)
        try:
            _copy(conn, temporary, None, -1)
        finally:
            conn.close()
        verify_database(
            temporary, expected_version=source.schema_version, expected_counts=source.counts
        )
    except (sqlite3.Error, OSError, StoreError) as error:
        _remove(temporary)
        raise StoreError(f"restore from {backup} failed, nothing was replaced: {error}") from None
    except BaseException:
        _remove(temporary)
        raise
    replaced = None
    if database.exists():
        replaced = _aside_name(database, now)
        os.replace(database, replaced)
        for suffix in ("-wal", "-shm", "-journal"):
            side = Path(f"{database}{suffix}")
            if side.exists():
                os.replace(side, Path(f"{replaced}{suffix}"))
    os.replace(temporary, database)
    _fsync_dir(database.parent)
    return Restored(database, replaced, source)
