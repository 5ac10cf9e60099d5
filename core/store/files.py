"""Files beside the history: verified copies, temporary files, and outputs that must not hit it.

Temporary files are named ``.<target>.<tag>-<pid>-<random>`` beside their target, created 0600
without following links. A process killed while one exists leaves it behind; the next backup,
restore or opening of the history removes those whose process is gone.

:func:`fault_point` marks every step of a backup or restore that writes, renames or syncs a
file. It does nothing; the fault-injection runs replace it in a child process to stop that
process at a chosen step, then check that nothing was lost.
"""

from __future__ import annotations

import os
import re
import secrets
import sqlite3
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from core.base.errors import InputError, StoreError
from core.store.connection import connect_read_only, create_private_file, quick_check
from core.store.errors import describe
from core.store.schema import SCHEMA_VERSION, TABLES, recognise
from core.texts.messages import Message

Progress = Callable[[int, int], None]
"""Called with (pages copied, pages in total) while a copy runs."""

TEMP_TAGS = ("partial", "restoring", "aside")
SIDE_SUFFIXES = ("-wal", "-shm", "-journal")


def fault_point(step: str) -> None:
    """A step of a backup or restore has just been done (a hook for fault injection)."""


@dataclass(frozen=True)
class Verified:
    """A database file that passed verification."""

    path: Path
    schema_version: int
    counts: dict[str, int]


def counts(conn: sqlite3.Connection) -> dict[str, int]:
    """Rows in every history table."""
    return {
        name: int(conn.execute(f"SELECT count(*) FROM [{name}]").fetchone()[0]) for name in TABLES
    }


def verify_database(
    path: Path,
    *,
    expected_version: int | None = None,
    expected_counts: dict[str, int] | None = None,
) -> Verified:
    """Check a history file read-only: integrity, that it is a history, version, row counts.

    Raises:
        StoreError: The file is not an intact AnchorGPU Planner history of a version this app
            knows, or it differs from what was expected.
    """
    path = Path(path)
    if not path.is_file():
        raise StoreError(Message("store.file_missing", path=str(path)))
    if path.stat().st_size == 0:
        raise StoreError(Message("store.file_empty", path=str(path)))
    try:
        conn = connect_read_only(path)
    except sqlite3.Error as error:
        raise describe(error, path) from None
    try:
        quick_check(conn, path, full=True)
        try:
            version = recognise(conn, path)
            if not 1 <= version <= SCHEMA_VERSION:
                raise StoreError(
                    Message(
                        "store.file_version_unknown",
                        path=str(path),
                        version=version,
                        newest=SCHEMA_VERSION,
                    )
                )
            found = counts(conn)
        except sqlite3.Error as error:
            raise describe(error, path) from None
    finally:
        conn.close()
    if expected_version is not None and version != expected_version:
        raise StoreError(
            Message(
                "store.file_version_differs",
                path=str(path),
                version=version,
                expected=expected_version,
            )
        )
    if expected_counts is not None and found != expected_counts:
        raise StoreError(
            Message(
                "store.file_rows_differ",
                path=str(path),
                found=str(found),
                expected=str(expected_counts),
            )
        )
    return Verified(path, version, found)


def fsync_dir(folder: Path) -> None:
    """Make a rename or a new file in ``folder`` durable."""
    if os.name != "posix":
        return
    handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def fsync_file(path: Path) -> None:
    """Flush ``path`` to disk (never call it on the history while it is open)."""
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def temporary_beside(target: Path, tag: str) -> Path:
    """Create an empty private temporary file beside ``target``."""
    name = f".{target.name}.{tag}-{os.getpid()}-{secrets.token_hex(4)}"
    temporary = target.with_name(name)
    create_private_file(temporary)
    return temporary


def remove_with_sides(path: Path) -> None:
    """Delete a temporary database and any journal SQLite left beside it."""
    for suffix in ("", *SIDE_SUFFIXES):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists but belongs to someone else
        return True
    return True


def clean_stale_temporaries(target: Path) -> list[Path]:
    """Delete temporary files beside ``target`` whose process has ended; return them."""
    pattern = re.compile(
        rf"^\.{re.escape(target.name)}\.(?:{'|'.join(TEMP_TAGS)})-(\d+)-[0-9a-f]{{8}}"
        rf"(?:{'|'.join(SIDE_SUFFIXES)})?$"
    )
    removed = []
    try:
        entries = list(target.parent.iterdir())
    except OSError:
        return []
    for entry in entries:
        match = pattern.match(entry.name)
        if match and not _alive(int(match.group(1))):
            try:
                entry.unlink()
            except OSError:
                continue
            removed.append(entry)
    return removed


def history_files(database: Path) -> list[Path]:
    """The history file and the journal files SQLite keeps beside it."""
    return [database, *(Path(f"{database}{suffix}") for suffix in SIDE_SUFFIXES)]


def refuse_unsafe_output(output: Path, database: Path | None, what: str) -> Path:
    """Return where ``output`` may be written, or raise if writing it could harm the history.

    Refused: a symbolic link (it is never followed), anything but a regular file, and the
    history itself, its ``-wal``, ``-shm`` or ``-journal`` file, or another name for one of them.

    Raises:
        InputError: The output is one of those.
    """
    output = Path(output)
    try:
        info = output.lstat()
    except FileNotFoundError:
        info = None
    except OSError as error:
        raise InputError(
            Message(
                "store.cannot_write_output",
                what=what,
                output=str(output),
                reason=str(error.strerror or error),
            )
        ) from None
    if info is not None and stat.S_ISLNK(info.st_mode):
        raise InputError(Message("store.output_symlink", what=what, output=str(output)))
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise InputError(Message("store.output_not_file", what=what, output=str(output)))
    if database is not None:
        resolved = output.parent.resolve() / output.name
        for protected in history_files(Path(database)):
            same_name = resolved == protected.parent.resolve() / protected.name
            same_file = info is not None and protected.exists()
            if same_name or (same_file and os.path.samefile(output, protected)):
                raise InputError(
                    Message(
                        "store.output_is_database",
                        what=what,
                        output=str(output),
                        database=str(database),
                    )
                )
    return output


def copy_pages(
    source: sqlite3.Connection,
    target: Path,
    progress: Progress | None = None,
    pages_per_step: int = -1,
) -> None:
    """Copy ``source`` page by page into the file ``target`` and make it a self-contained file."""

    def report(status: int, remaining: int, total: int) -> None:
        if progress is not None:
            progress(total - remaining, total)

    destination = sqlite3.connect(str(target), isolation_level=None)
    try:
        source.backup(destination, pages=pages_per_step, progress=report)
        # The copy carries the source's WAL flag; a backup file should stand alone.
        destination.execute("PRAGMA journal_mode = DELETE")
    finally:
        destination.close()
    fsync_file(target)
