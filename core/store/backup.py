"""Verified online backups of the history.

A backup is copied with SQLite's online backup API (safe while the app keeps working) into a
temporary file beside the destination, flushed to disk, then verified: opened read-only,
``integrity_check``, the same schema version and the same row count in every table as the source
had when the copy was taken. Only a verified copy replaces the destination, by an atomic rename;
a copy that fails is deleted and reported. The destination is never a symbolic link (it is not
followed) and never the history or one of its journal files.

Restoring lives in :mod:`core.store.restore`; it is re-exported here.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from core.base.errors import StoreError
from core.store.files import (
    Progress,
    Verified,
    clean_stale_temporaries,
    copy_pages,
    counts,
    fault_point,
    fsync_dir,
    refuse_unsafe_output,
    remove_with_sides,
    temporary_beside,
    verify_database,
)
from core.store.repository import HistoryStore
from core.store.restore import Restored, restore_database
from core.store.schema import user_version
from core.texts.messages import Message
from core.texts.words import BACKUP

__all__ = [
    "PAGES_PER_STEP",
    "Progress",
    "Restored",
    "Verified",
    "backup_database",
    "restore_database",
    "verify_database",
]

PAGES_PER_STEP = 256


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
        InputError: The destination is a link, not a regular file, or the history itself.
        StoreError: The copy failed or did not verify (it was deleted).
    """
    destination = refuse_unsafe_output(Path(destination), store.path, BACKUP)
    destination = destination.parent.resolve() / destination.name
    clean_stale_temporaries(destination)
    try:
        temporary = temporary_beside(destination, "partial")
    except StoreError as error:
        raise StoreError(
            Message("store.backup_failed", destination=str(destination), reason=str(error))
        ) from None
    fault_point("backup:temporary")
    conn = store.conn
    try:
        # One read transaction: the counts and the copied pages come from the same snapshot.
        conn.execute("BEGIN")
        try:
            version = user_version(conn)
            expected = counts(conn)
            copy_pages(conn, temporary, progress, pages_per_step)
        finally:
            conn.execute("COMMIT")
        fault_point("backup:copied")
        verify_database(temporary, expected_version=version, expected_counts=expected)
        fault_point("backup:verified")
        os.replace(temporary, destination)
        fault_point("backup:renamed")
        fsync_dir(destination.parent)
        fault_point("backup:synced")
    except (sqlite3.Error, OSError, StoreError) as error:
        remove_with_sides(temporary)
        raise StoreError(
            Message("store.backup_failed_deleted", destination=str(destination), reason=str(error))
        ) from None
    except BaseException:
        remove_with_sides(temporary)
        raise
    return Verified(destination, version, expected)
