"""Reading and writing single rows of the history tables.

These helpers run inside the caller's transaction and never commit. Money goes in as integer
minor units beside its currency; snapshots go in as the quote's JSON, written once.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from typing import Any

from core.pricing.money import from_minor, to_minor
from core.quotes.quote import Quote
from core.store.records import AuditEntry, Order, parse_stamp, stamp

ORDER_COLUMNS = (
    "id",
    "quote_id",
    "snapshot_id",
    "idempotency_key",
    "request_sha256",
    "created_at",
    "label",
    "workload",
    "model",
    "gpu",
    "gpus",
    "strategy",
    "term_unit",
    "term_count",
    "currency",
    "total_minor",
    "paid_from",
    "paid_until",
    "stopped_at",
    "notes",
)


def fetch_one(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> sqlite3.Row | None:
    """The first row of a query, with columns by name."""
    cursor = conn.cursor()
    cursor.row_factory = sqlite3.Row
    row: sqlite3.Row | None = cursor.execute(sql, params).fetchone()
    return row


def fetch_all(conn: sqlite3.Connection, sql: str, params: Any = ()) -> list[sqlite3.Row]:
    """Every row of a query, with columns by name."""
    cursor = conn.cursor()
    cursor.row_factory = sqlite3.Row
    return list(cursor.execute(sql, params).fetchall())


def listed_columns(quote: Quote) -> dict[str, Any]:
    """The columns a history row shows, taken from the quote's snapshot."""
    return {
        "label": quote.label,
        "workload": quote.workload,
        "model": quote.model,
        "gpu": quote.gpu_id,
        "gpus": quote.gpus,
        "strategy": quote.strategy,
        "term_unit": quote.term_unit,
        "term_count": quote.term_count,
        "currency": quote.currency,
        "total_minor": to_minor(quote.total, quote.currency),
    }


def snapshot_json(quote: Quote) -> str:
    """The snapshot as stored: compact JSON with sorted keys."""
    return json.dumps(quote.as_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def insert_snapshot(conn: sqlite3.Connection, quote: Quote) -> None:
    """Store the quote's snapshot once (a second insert of the same id is ignored)."""
    conn.execute(
        "INSERT OR IGNORE INTO quote_snapshots (id, created_at, snapshot) VALUES (?, ?, ?)",
        (quote.id, stamp(quote.created_at), snapshot_json(quote)),
    )


def snapshot_text(conn: sqlite3.Connection, snapshot_id: str) -> str | None:
    """The stored snapshot JSON, or None."""
    row = conn.execute(
        "SELECT snapshot FROM quote_snapshots WHERE id = ?", (snapshot_id,)
    ).fetchone()
    return str(row[0]) if row else None


def insert_quote_row(conn: sqlite3.Connection, quote: Quote, *, label: str, notes: str) -> None:
    """Add the history row of a saved quote (its snapshot must be stored already)."""
    values = {"id": quote.id, "created_at": stamp(quote.created_at), **listed_columns(quote)}
    values.update(label=label, notes=notes)
    names = ", ".join(values)
    marks = ", ".join("?" for _ in values)
    conn.execute(f"INSERT INTO quotes ({names}) VALUES ({marks})", tuple(values.values()))


def quote_row(conn: sqlite3.Connection, quote_id: str) -> sqlite3.Row | None:
    """The saved quote's history row, or None."""
    return fetch_one(conn, "SELECT * FROM quotes WHERE id = ?", (quote_id,))


def insert_order_row(conn: sqlite3.Connection, values: dict[str, Any]) -> None:
    """Add an order row; ``values`` has every column of :data:`ORDER_COLUMNS`."""
    names = ", ".join(ORDER_COLUMNS)
    marks = ", ".join("?" for _ in ORDER_COLUMNS)
    conn.execute(
        f"INSERT INTO orders ({names}) VALUES ({marks})",
        tuple(values[name] for name in ORDER_COLUMNS),
    )


def order_row(conn: sqlite3.Connection, order_id: str) -> sqlite3.Row | None:
    """The order's row, or None."""
    return fetch_one(conn, "SELECT * FROM orders WHERE id = ?", (order_id,))


def order_by_key(conn: sqlite3.Connection, key: str) -> sqlite3.Row | None:
    """The order placed with idempotency key ``key``, or None."""
    return fetch_one(conn, "SELECT * FROM orders WHERE idempotency_key = ?", (key,))


def audit_entries(conn: sqlite3.Connection, entity_id: str | None = None) -> list[AuditEntry]:
    """Audit entries, oldest first, optionally for one quote or order."""
    sql = "SELECT at, entity_kind, entity_id, action, detail FROM audit_log"
    params: tuple[Any, ...] = ()
    if entity_id is not None:
        sql += " WHERE entity_id = ?"
        params = (entity_id,)
    return [
        AuditEntry(
            at=parse_stamp(row["at"]),
            entity_kind=row["entity_kind"],
            entity_id=row["entity_id"],
            action=row["action"],
            detail=json.loads(row["detail"]),
        )
        for row in fetch_all(conn, sql + " ORDER BY seq", params)
    ]


def order_from_row(row: sqlite3.Row, snapshot: Callable[[str], Quote]) -> Order:
    """The ``orders`` row as an :class:`Order`; ``snapshot`` reads the quote it was placed from.

    Raises:
        ValueError: A time in the row is not one the app writes.
    """
    stopped = row["stopped_at"]
    return Order(
        id=row["id"],
        quote_id=row["quote_id"],
        idempotency_key=row["idempotency_key"],
        request_sha256=row["request_sha256"],
        created_at=parse_stamp(row["created_at"]),
        label=row["label"],
        notes=row["notes"],
        workload=row["workload"],
        model=row["model"],
        gpu=row["gpu"],
        gpus=row["gpus"],
        strategy=row["strategy"],
        term_unit=row["term_unit"],
        term_count=row["term_count"],
        paid_from=parse_stamp(row["paid_from"]),
        paid_until=parse_stamp(row["paid_until"]),
        currency=row["currency"],
        total=from_minor(row["total_minor"], row["currency"]),
        stopped_at=parse_stamp(stopped) if stopped else None,
        quote=snapshot(row["snapshot_id"]),
    )
