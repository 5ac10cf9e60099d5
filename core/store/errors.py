"""What went wrong with the history file, in words a user can act on.

SQLite and the operating system report a read-only file or folder, a full disk, a missing
permission, a busy database and a damaged one with different codes; each becomes a
:class:`~core.base.errors.StoreError` that names the real cause. Only real damage suggests restoring
a backup: an intact file on a read-only drive or a full disk needs no restore.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

from core.base.errors import StoreBusyError, StoreError
from core.texts.messages import Message
from core.texts.words import DOINGS

FULL_BELOW_BYTES = 64 * 1024
"""Free space under which an I/O error is reported as a full disk (SQLite pages are 4 KiB)."""

# Primary result codes (https://www.sqlite.org/rescode.html).
SQLITE_PERM = 3
SQLITE_BUSY = 5
SQLITE_LOCKED = 6
SQLITE_READONLY = 8
SQLITE_IOERR = 10
SQLITE_CORRUPT = 11
SQLITE_FULL = 13
SQLITE_CANTOPEN = 14
SQLITE_NOTADB = 26


def _unwritable(path: Path) -> Message | None:
    """Why ``path`` (or the folder it is in) cannot be written, or None when it can."""
    folder = path.parent
    try:
        if folder.is_dir() and not os.access(folder, os.X_OK):
            return Message("store.cause_folder_closed")
        if path.exists() and not os.access(path, os.W_OK):
            return Message("store.cause_file_read_only")
        if folder.is_dir() and not os.access(folder, os.W_OK):
            return Message("store.cause_folder_read_only")
    except OSError:  # the folder cannot even be searched: its permissions are the cause
        return Message("store.cause_folder_closed")
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return Message("store.cause_drive_read_only")
    except (OSError, AttributeError):
        pass
    return None


def _disk_full(path: Path) -> bool:
    """Whether the drive holding ``path`` has (almost) no space left for SQLite to write."""
    try:
        info = os.statvfs(path.parent if path.parent.is_dir() else Path("."))
    except (OSError, AttributeError):
        return False
    return info.f_bavail * info.f_frsize < FULL_BELOW_BYTES


def busy(path: object) -> StoreBusyError:
    """The error for a history another process keeps locked."""
    return StoreBusyError(Message("store.busy", path=str(path)))


def describe(error: sqlite3.Error | OSError, path: object, *, doing: str = "use") -> StoreError:
    """A :class:`StoreError` naming the real cause of ``error`` on the history at ``path``."""
    where = Path(str(path))
    doing = DOINGS.get(doing, doing)
    if isinstance(error, OSError):
        number = error.errno
        if number in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
            return StoreError(Message("store.cannot_do_disk_full", doing=doing, path=str(where)))
        if number == errno.EROFS:
            return StoreError(Message("store.cannot_do_read_only", doing=doing, path=str(where)))
        if number in (errno.EACCES, errno.EPERM):
            reason = _unwritable(where) or Message("store.cause_permission")
            return StoreError(
                Message("store.cannot_do", doing=doing, path=str(where), reason=reason)
            )
        return StoreError(
            Message(
                "store.cannot_do", doing=doing, path=str(where), reason=str(error.strerror or error)
            )
        )
    code = getattr(error, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = str(error)
    if primary in (SQLITE_BUSY, SQLITE_LOCKED) or "locked" in text:
        return busy(where)
    full = primary == SQLITE_FULL or "disk is full" in text
    if full or (primary in (SQLITE_IOERR, SQLITE_CANTOPEN) and _disk_full(where)):
        return StoreError(Message("store.disk_full", path=str(where)))
    if primary in (SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM) or "readonly" in text:
        cause = _unwritable(where)
        if cause is None and primary == SQLITE_CANTOPEN:
            return StoreError(Message("store.cannot_open", path=str(where), reason=text))
        return StoreError(
            Message(
                "store.read_only", path=str(where), cause=cause or Message("store.cause_read_only")
            )
        )
    if primary == SQLITE_NOTADB:
        return StoreError(Message("store.not_sqlite", path=str(where)))
    if primary == SQLITE_CORRUPT or "malformed" in text:
        return StoreError(Message("store.damaged", path=str(where), shown=text))
    if primary == SQLITE_IOERR:
        return StoreError(Message("store.io_error", path=str(where), reason=text))
    return StoreError(Message("store.cannot_do", doing=doing, path=str(where), reason=text))
