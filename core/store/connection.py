"""Opening the history file safely.

Before anything can write, an existing file is checked without write access: its 100-byte header
must be SQLite's, a read-only connection must pass ``PRAGMA quick_check``, and its schema version
must not be newer than the app. A file that fails is reported with a hint to restore a backup and
is left byte-for-byte as it was: nothing here repairs, vacuums or recreates a database.

A new database file is created readable by its owner only (0600), in a folder created 0700.
Connections use WAL, a busy timeout and ``synchronous=FULL`` so that a committed order survives
a power cut.
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path
from urllib.parse import quote as url_quote

from core.errors import StoreError
from core.paths import ensure_private_dir
from core.store.schema import not_a_history, refuse_newer, user_version

SQLITE_HEADER = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = 5000
WAL_RETRY_S = 0.01
RESTORE_HINT = (
    "it was left as it is; restore a backup with `anchorgpu-planner db restore FILE` "
    "or choose another file with --db"
)


def read_only_uri(path: Path) -> str:
    """A ``file:`` URI that opens ``path`` read-only (it never creates the file)."""
    return f"file:{url_quote(str(Path(path).resolve()))}?mode=ro"


def connect_read_only(path: Path) -> sqlite3.Connection:
    """Open ``path`` read-only; the connection cannot change the file."""
    return sqlite3.connect(read_only_uri(path), uri=True, timeout=BUSY_TIMEOUT_MS / 1000)


def check_header(path: Path) -> bool:
    """Return False for an empty file, True for a SQLite file; raise for anything else.

    Raises:
        StoreError: The path is not a regular file, cannot be read, or is not SQLite.
    """
    if not path.is_file():
        raise StoreError(f"history database {path} is not a regular file")
    try:
        with path.open("rb") as stream:
            header = stream.read(100)
    except OSError as error:
        raise StoreError(f"cannot read history database {path}: {error}") from None
    if not header:
        return False
    if len(header) < 100 or not header.startswith(SQLITE_HEADER):
        raise StoreError(f"history database {path} is not a SQLite database; {RESTORE_HINT}")
    return True


def quick_check(conn: sqlite3.Connection, path: Path, *, full: bool = False) -> None:
    """Run ``PRAGMA quick_check`` (or ``integrity_check``) and raise unless it says ok.

    Raises:
        StoreError: The database is damaged.
    """
    pragma = "integrity_check" if full else "quick_check"
    try:
        rows = conn.execute(f"PRAGMA {pragma}").fetchall()
    except sqlite3.DatabaseError as error:
        raise StoreError(f"history database {path} is damaged ({error}); {RESTORE_HINT}") from None
    problems = [str(row[0]) for row in rows if row[0] != "ok"]
    if problems:
        shown = "; ".join(problems[:3]) + (" …" if len(problems) > 3 else "")
        raise StoreError(f"history database {path} is damaged ({shown}); {RESTORE_HINT}")


def inspect_existing(path: Path, *, full: bool = False) -> int | None:
    """Check an existing file without write access; return its schema version.

    Returns None when there is no file or it is empty (a new database).

    Raises:
        StoreError: The file is not SQLite, is damaged, or is newer than the app.
    """
    if not path.exists():
        return None
    if not check_header(path):
        return None
    try:
        conn = connect_read_only(path)
    except sqlite3.Error as error:
        raise StoreError(f"cannot open history database {path}: {error}") from None
    try:
        quick_check(conn, path, full=full)
        try:
            version = user_version(conn)
            foreign = (
                version == 0 and conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            )
        except sqlite3.DatabaseError as error:
            raise StoreError(
                f"history database {path} is damaged ({error}); {RESTORE_HINT}"
            ) from None
    finally:
        conn.close()
    if foreign:
        raise StoreError(not_a_history(path))
    refuse_newer(version, path)
    return version


def create_private_file(path: Path) -> None:
    """Create an empty file readable and writable by its owner only (0600)."""
    ensure_private_dir(path.parent)
    try:
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    except OSError as error:
        raise StoreError(f"cannot create history database {path}: {error}") from None
    os.close(handle)
    if os.name == "posix":
        os.chmod(path, 0o600)


def _journal_mode_wal(conn: sqlite3.Connection) -> str:
    """Switch to WAL and return the journal mode, waiting out other processes doing the same.

    Changing the journal mode needs the file to itself, and SQLite answers "database is locked"
    at once, without its busy handler, while another connection holds a lock: several processes
    opening a new history together would otherwise fail. The mode is stored in the file, so once
    one of them has switched it the others find WAL already set.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            return str(conn.execute("PRAGMA journal_mode = WAL").fetchone()[0])
        except sqlite3.OperationalError as error:
            locked = "locked" in str(error) or "busy" in str(error)
            if not locked or time.monotonic() > deadline:
                raise
            time.sleep(WAL_RETRY_S)


def connect(path: Path) -> sqlite3.Connection:
    """Open a checked database for reading and writing with the app's pragmas.

    The connection is in autocommit mode: the store opens every transaction itself
    (``BEGIN IMMEDIATE`` for writes). It may only be used on the thread that opened it.

    Raises:
        StoreError: The file cannot be opened or switched to WAL.
    """
    try:
        conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    except sqlite3.Error as error:
        raise StoreError(f"cannot open history database {path}: {error}") from None
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        mode = _journal_mode_wal(conn)
        if str(mode).lower() != "wal":
            raise StoreError(f"history database {path} cannot use WAL (journal mode {mode})")
        # FULL: a commit is on disk when it returns, so a placed order survives a crash.
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
    except sqlite3.Error as error:
        conn.close()
        raise StoreError(f"cannot prepare history database {path}: {error}") from None
    except StoreError:
        conn.close()
        raise
    return conn
