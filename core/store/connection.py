"""Opening the history file safely.

The file is only ever read or written through SQLite. Opening and closing a descriptor on the
database file with plain Python would drop every POSIX lock the process holds on it (a lock
belongs to the process and the file, not to the descriptor), so another process would believe
it is alone, check-point and delete the write-ahead log under the open connections.

The one exception is the 100-byte header, read before the first connection to a file: SQLite
would read page 1 from the write-ahead log and miss a main file overwritten with something else.
On POSIX the header is read through a descriptor that is kept open for the life of the process
(one per file, see :func:`read_header`), so no descriptor on the history is ever closed while a
connection may hold its locks.

Before anything can write, an existing file is checked: its header must be SQLite's, a
read-only connection must pass ``PRAGMA quick_check``, and be recognised as a history (see
:func:`core.store.schema.recognise`) no newer than the app. A file that fails is reported and left
byte-for-byte as it was: nothing here repairs, vacuums or recreates a database, and a file that
is missing while its write-ahead log or a replaced copy is still there is not silently recreated.

The one write before those checks is SQLite's own recovery: a process killed inside a write in
rollback-journal mode (the switch of a new history to WAL is one) leaves a hot ``-journal``, which a
read-only connection cannot roll back (SQLITE_READONLY_ROLLBACK, "attempt to write a readonly
database" although nothing is read-only). It is rolled back first by a read-write connection,
exactly as any SQLite client opening the file would; a history that was never committed to is
then empty again and is created anew.

The history itself must be a regular file, not a symbolic link: its ``-wal`` and ``-shm`` files,
the ``.replaced-`` copy a restore keeps and the temporary files of a backup are made beside the
name the app was given, so a link would put them beside the link while SQLite writes the target.

A new database file is created readable by its owner only (0600), in a folder created 0700.
Connections use WAL, a busy timeout and ``synchronous=FULL`` so that a committed order survives
a power cut.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import threading
import time
from pathlib import Path
from urllib.parse import quote as url_quote

from core.base.errors import StoreError
from core.base.paths import ensure_private_dir
from core.store.errors import describe
from core.store.schema import APPLICATION_ID, not_a_history, recognise, refuse_newer
from core.texts.messages import Message

BUSY_TIMEOUT_MS = 5000
WAL_RETRY_S = 0.01

__all__ = [
    "BUSY_TIMEOUT_MS",
    "connect",
    "connect_read_only",
    "create_private_file",
    "inspect_existing",
    "quick_check",
    "read_header",
    "read_only_uri",
]


def read_only_uri(path: Path) -> str:
    """A ``file:`` URI that opens ``path`` read-only (it never creates the file)."""
    return f"file:{url_quote(str(Path(path).resolve()))}?mode=ro"


def connect_read_only(path: Path) -> sqlite3.Connection:
    """Open ``path`` read-only; the connection cannot change the file."""
    return sqlite3.connect(read_only_uri(path), uri=True, timeout=BUSY_TIMEOUT_MS / 1000)


SQLITE_HEADER = b"SQLite format 3\x00"
JOURNAL_MAGIC = bytes.fromhex("d9d505f920a163d7")
"""The first 8 bytes of a rollback journal that still has to be played back (a hot journal).

https://www.sqlite.org/fileformat.html, "The Rollback Journal"; SQLite zeroes or deletes the
header when a transaction commits, so a journal starting with these bytes is an unfinished one.
"""
_KEPT: dict[tuple[int, int], int] = {}
"""Descriptors on history files, by (device, inode), never closed (see the module's doc)."""
_KEPT_LOCK = threading.Lock()


def read_header(path: Path) -> bytes:
    """The first 100 bytes of the history file, read without ever closing a descriptor on it.

    Raises:
        OSError: The file cannot be opened or read.
    """
    if os.name != "posix":  # Windows locks belong to a handle: closing one drops only its own
        with Path(path).open("rb") as stream:
            return stream.read(100)
    info = os.stat(path)
    with _KEPT_LOCK:
        handle = _KEPT.get((info.st_dev, info.st_ino))
        if handle is None:
            handle = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW)
            opened = os.fstat(handle)
            # Kept even if the path was replaced meanwhile: closing it could drop locks.
            handle = _KEPT.setdefault((opened.st_dev, opened.st_ino), handle)
    return os.pread(handle, 100, 0)


def quick_check(conn: sqlite3.Connection, path: Path, *, full: bool = False) -> None:
    """Run ``PRAGMA quick_check`` (or ``integrity_check``) and raise unless it says ok.

    Raises:
        StoreError: The database is damaged, or cannot be read (the message says why).
    """
    pragma = "integrity_check" if full else "quick_check"
    try:
        rows = conn.execute(f"PRAGMA {pragma}").fetchall()
    except sqlite3.Error as error:
        raise describe(error, path) from None
    problems = [str(row[0]) for row in rows if row[0] != "ok"]
    if problems:
        shown = "; ".join(problems[:3]) + (" …" if len(problems) > 3 else "")
        raise StoreError(Message("store.damaged", path=str(path), shown=shown))


def _refuse_missing(path: Path) -> None:
    """Raise when ``path`` is missing but the remains of a history are beside it.

    A write-ahead log without its database, or a ``.replaced-`` copy without the file that
    replaced it, means the history was lost or moved: creating an empty one in its place would
    let a reused idempotency key place a second order.
    """
    wal = Path(f"{path}-wal")
    remains = [wal] if wal.exists() and wal.stat().st_size > 0 else []
    if path.parent.is_dir():
        remains += sorted(path.parent.glob(f"{path.name}.replaced-*"))
    if remains:
        raise StoreError(
            Message("store.missing_with_remains", path=str(path), name=remains[0].name)
        )


def _lstat(path: Path) -> os.stat_result | None:
    """``path``'s own status (a link is not followed); None when it does not exist.

    Raises:
        StoreError: The folder cannot be searched (no permission) or another error.
    """
    try:
        return os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as error:
        raise describe(error, path, doing="open") from None


def _recover_hot_journal(path: Path) -> None:
    """Roll back a transaction a killed process left in ``path``'s rollback journal.

    A read-write connection's first read plays a hot journal back, as SQLite does for any client
    (https://www.sqlite.org/lockingv3.html, "Hot Journals"); nothing else is written.

    Raises:
        StoreError: The journal cannot be rolled back (the message names the real cause: a
            read-only folder or drive, a full disk, a damaged file).
    """
    journal = Path(f"{path}-journal")
    try:
        with journal.open("rb") as stream:  # the journal holds no lock: closing it drops none
            head = stream.read(len(JOURNAL_MAGIC))
    except OSError:
        return
    if head != JOURNAL_MAGIC:
        return
    uri = f"file:{url_quote(str(Path(path).resolve()))}?mode=rw"
    try:
        conn = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000)
    except sqlite3.Error as error:
        raise describe(error, path) from None
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error as error:
        raise describe(error, path) from None
    finally:
        conn.close()


def _refuse_by_header(header: bytes, path: Path) -> None:
    """Refuse a newer, unversioned or foreign history from its header alone, before any connection.

    A read-only connection to a file in WAL mode creates its ``-wal`` and ``-shm`` and cannot
    remove them; a file the header already rules out is refused without leaving them behind.
    The application id is at offset 68 and the user version at 60, both big-endian
    (https://www.sqlite.org/fileformat.html, "The Database Header").

    Raises:
        StoreError: The header marks a history newer than the app, or another application's file.
    """
    mark = int.from_bytes(header[68:72], "big")
    version = int.from_bytes(header[60:64], "big", signed=True)
    if mark not in (0, APPLICATION_ID):
        raise StoreError(not_a_history(path))
    if mark == APPLICATION_ID:
        refuse_newer(version, path)


def _refuse_unmarked_wal_file(header: bytes, path: Path) -> None:
    """Refuse an unmarked foreign file in WAL mode with no ``-wal``/``-shm`` left beside it.

    For a file without an application id, the header cannot tell a history saved before the id
    was written from another application's database; its tables can. A read-only connection to a
    WAL file creates the two files and cannot remove them, so when neither exists yet the tables
    are read through an immutable connection, which opens neither
    (https://www.sqlite.org/uri.html, "immutable"). With no ``-wal`` the main file holds every
    committed page, so that read sees the whole database.

    Raises:
        StoreError: The file is another application's database.
    """
    in_wal = header[18] == 2 or header[19] == 2  # read / write format version 2: WAL
    mark = int.from_bytes(header[68:72], "big")
    beside = (Path(f"{path}-wal"), Path(f"{path}-shm"))
    if mark != 0 or not in_wal or any(os.path.lexists(p) for p in beside):
        return
    uri = read_only_uri(path) + "&immutable=1"
    try:
        conn = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000)
    except sqlite3.Error as error:
        raise describe(error, path) from None
    try:
        recognise(conn, path)
    except sqlite3.Error as error:
        raise describe(error, path) from None
    finally:
        conn.close()


def inspect_existing(path: Path, *, full: bool = False) -> int | None:
    """Check an existing file through a read-only connection; return its schema version.

    Returns None when there is no file or it is empty (a new database, or one whose first
    write was rolled back).

    Raises:
        StoreError: The file is not SQLite, is damaged, unreadable, not a history, newer than
            the app, or a symbolic link; or it is missing while remains of a history are beside it.
    """
    path = Path(path)
    info = _lstat(path)
    if info is None:
        _refuse_missing(path)
        return None
    if stat.S_ISLNK(info.st_mode):
        raise StoreError(Message("store.symlink", path=str(path), target=os.path.realpath(path)))
    if not stat.S_ISREG(info.st_mode):
        raise StoreError(Message("store.not_a_file", path=str(path)))
    if not os.access(path, os.R_OK):
        raise StoreError(Message("store.no_read_permission", path=str(path)))
    _recover_hot_journal(path)
    if path.stat().st_size == 0:
        return None
    try:
        header = read_header(path)
    except OSError as error:
        raise describe(error, path, doing="read") from None
    if len(header) < 100 or not header.startswith(SQLITE_HEADER):
        raise StoreError(Message("store.not_sqlite", path=str(path)))
    _refuse_by_header(header, path)
    _refuse_unmarked_wal_file(header, path)
    try:
        conn = connect_read_only(path)
    except sqlite3.Error as error:
        raise describe(error, path) from None
    try:
        quick_check(conn, path, full=full)
        try:
            version = recognise(conn, path)
        except sqlite3.Error as error:
            raise describe(error, path) from None
    finally:
        conn.close()
    return version if version else None


def create_private_file(path: Path) -> None:
    """Create an empty file readable and writable by its owner only (0600)."""
    try:
        ensure_private_dir(path.parent)
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError:
        return
    except OSError as error:
        raise describe(error, path, doing="create") from None
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
        StoreError: The file cannot be opened or switched to WAL (the message says why:
            read-only, disk full, permission, busy or damaged).
    """
    try:
        conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    except sqlite3.Error as error:
        raise describe(error, path) from None
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        mode = _journal_mode_wal(conn)
        if str(mode).lower() != "wal":
            raise StoreError(Message("store.no_wal", path=str(path), mode=mode))
        # FULL: a commit is on disk when it returns, so a placed order survives a crash.
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
    except sqlite3.Error as error:
        conn.close()
        raise describe(error, path) from None
    except StoreError:
        conn.close()
        raise
    return conn
