"""The history's schema and its forward migrations, versioned by ``PRAGMA user_version``.

Each migration moves the database from version ``n - 1`` to ``n``; opening a database runs the
missing ones, all in one ``BEGIN IMMEDIATE`` transaction together with the new ``user_version``,
so a failure leaves the file at its old version. A database newer than the app is refused before
anything is written. Migrations are never edited once released: a change is a new migration.

- Version 1: STRICT tables ``quote_snapshots``, ``quotes``, ``orders`` and ``audit_log``.
- Version 2: a ``notes`` column on quotes and orders, and FTS5 indexes over label, model, GPU and
  notes, kept current by triggers.
- Version 3: ``PRAGMA application_id`` set to :data:`APPLICATION_ID`, which marks the file as a
  history. Files of versions 1 and 2 have no mark; they are recognised by their tables.

:func:`recognise` decides whether a file is a history before anything writes to it: the mark, or
(for versions 1 and 2) the four tables with their columns. Any other SQLite file with tables or a
version is another application's, and is never written to.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING

from core.base.errors import StoreError
from core.texts.messages import Message

if TYPE_CHECKING:
    from sqlite_utils import Database

SCHEMA_VERSION = 3
APPLICATION_ID = 0x41475055
"""``PRAGMA application_id`` of a history: the ASCII bytes "AGPU" as a big-endian 32-bit integer.

It is stored at offset 68 of the file header (https://www.sqlite.org/fileformat.html), where
``file(1)`` and other tools read it.
"""
UNMARKED_VERSIONS = (1, 2)
"""Versions written before the history carried :data:`APPLICATION_ID`."""
FTS_COLUMNS = ("label", "model", "gpu", "notes")
TABLES = ("quote_snapshots", "quotes", "orders", "audit_log")
"""Every table the history keeps rows in (what backups count and compare)."""

_LISTED = {
    "created_at": str,
    "label": str,
    "workload": str,
    "model": str,
    "gpu": str,
    "gpus": int,
    "strategy": str,
    "term_unit": str,
    "term_count": int,
    "currency": str,
    "total_minor": int,
}


def _v1_tables(db: Database) -> None:
    """Version 1: snapshots, quotes, orders and the audit log."""
    db.create_table(
        "quote_snapshots",
        {"id": str, "created_at": str, "snapshot": str},
        pk="id",
        not_null={"created_at", "snapshot"},
        strict=True,
    )
    db.create_table(
        "quotes",
        {"seq": int, "id": str, **_LISTED},
        pk="seq",
        not_null={"id", *_LISTED},
        foreign_keys=[("id", "quote_snapshots", "id")],
        strict=True,
    )
    db.table("quotes").create_index(["id"], index_name="quotes_id", unique=True)
    db.table("quotes").create_index(["created_at", "id"], index_name="quotes_created")
    order_columns = {
        "seq": int,
        "id": str,
        "quote_id": str,
        "snapshot_id": str,
        "idempotency_key": str,
        "request_sha256": str,
        **_LISTED,
        "paid_from": str,
        "paid_until": str,
        "stopped_at": str,
    }
    db.create_table(
        "orders",
        order_columns,
        pk="seq",
        not_null=set(order_columns) - {"seq", "quote_id", "stopped_at"},
        foreign_keys=[
            ("quote_id", "quotes", "id"),
            ("snapshot_id", "quote_snapshots", "id"),
        ],
        strict=True,
    )
    orders = db.table("orders")
    orders.create_index(["id"], index_name="orders_id", unique=True)
    # The idempotency key is unique across all orders: a second order for one key cannot exist.
    orders.create_index(["idempotency_key"], index_name="orders_idempotency_key", unique=True)
    orders.create_index(["created_at", "id"], index_name="orders_created")
    orders.create_index(["quote_id"], index_name="orders_quote_id")
    db.create_table(
        "audit_log",
        {
            "seq": int,
            "at": str,
            "entity_kind": str,
            "entity_id": str,
            "action": str,
            "detail": str,
        },
        pk="seq",
        not_null={"at", "entity_kind", "entity_id", "action", "detail"},
        strict=True,
    )
    db.table("audit_log").create_index(["entity_id", "at"], index_name="audit_log_entity")


def _v2_notes_and_search(db: Database) -> None:
    """Version 2: notes on quotes and orders, and full-text search over them."""
    for name in ("quotes", "orders"):
        table = db.table(name)
        table.add_column("notes", str, not_null_default="")
        table.enable_fts(FTS_COLUMNS, fts_version="FTS5", create_triggers=True)


def _v3_application_id(db: Database) -> None:
    """Version 3: mark the file as a history."""
    db.conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")


MIGRATIONS: dict[int, Callable[[Database], None]] = {
    1: _v1_tables,
    2: _v2_notes_and_search,
    3: _v3_application_id,
}

_V1_COLUMNS = {
    "quote_snapshots": {"id", "created_at", "snapshot"},
    "quotes": {"seq", "id", *_LISTED},
    "orders": {"seq", "id", "quote_id", "snapshot_id", "idempotency_key", "request_sha256"}
    | set(_LISTED)
    | {"paid_from", "paid_until", "stopped_at"},
    "audit_log": {"seq", "at", "entity_kind", "entity_id", "action", "detail"},
}


def user_version(conn: sqlite3.Connection) -> int:
    """The schema version recorded in the database header."""
    row = conn.execute("PRAGMA user_version").fetchone()
    return int(row[0])


def application_id(conn: sqlite3.Connection) -> int:
    """The application id recorded in the database header (0 when none was set)."""
    return int(conn.execute("PRAGMA application_id").fetchone()[0])


def _has_history_tables(conn: sqlite3.Connection) -> bool:
    """Whether the database holds the tables and columns of a version 1 or 2 history."""
    for table, needed in _V1_COLUMNS.items():
        columns = {str(row[1]) for row in conn.execute(f"PRAGMA table_info([{table}])")}
        if not needed <= columns:
            return False
    return True


def recognise(conn: sqlite3.Connection, path: object) -> int:
    """Return the schema version of a history; 0 for an empty database (a new history).

    Reads only: the application id, the version and the tables.

    Raises:
        StoreError: The file is another application's database, or a history newer than the
            app understands.
    """
    mark = application_id(conn)
    version = user_version(conn)
    if mark == APPLICATION_ID:
        refuse_newer(version, path)
        return version
    tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if mark == 0 and version == 0 and not tables:
        return 0
    if mark == 0 and version in UNMARKED_VERSIONS and _has_history_tables(conn):
        return version
    raise StoreError(not_a_history(path))


def not_a_history(path: object) -> Message:
    """The message for a SQLite file that another application made."""
    return Message("store.foreign_database", path=str(path))


def refuse_newer(version: int, path: object) -> None:
    """Raise when ``version`` is newer than this app understands, or no version at all.

    ``PRAGMA user_version`` is a signed 32-bit integer; no release writes a negative one, so a
    history marked with one was edited by hand and has no migration to start from.

    Raises:
        StoreError: The database was written by a newer version of the app, or its version is
            negative.
    """
    if version < 0:
        raise StoreError(Message("store.negative_schema", path=str(path), version=version))
    if version > SCHEMA_VERSION:
        raise StoreError(
            Message("store.newer_schema", path=str(path), version=version, newest=SCHEMA_VERSION)
        )


def migrate(db: Database, path: object, *, target: int = SCHEMA_VERSION) -> int:
    """Bring the database up to ``target``; return the version it was at before.

    Raises:
        StoreError: The database is newer than the app, or it is a SQLite file of another
            application (see :func:`recognise`).
    """
    conn = db.conn
    before = recognise(conn, path)
    if before >= target:
        return before
    conn.execute("BEGIN IMMEDIATE")
    try:
        # Re-read under the write lock: another process may have migrated in the meantime.
        current = recognise(conn, path)
        for version in range(current + 1, target + 1):
            MIGRATIONS[version](db)
        if current < target:
            conn.execute(f"PRAGMA user_version = {int(target)}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return before
