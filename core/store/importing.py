"""Merge a JSON export of the history into this one, without duplicates.

A quote or order whose id is already present is skipped (a stop recorded only in the file is
applied), and an order whose idempotency key belongs to another order here is skipped and counted
as a conflict. A skipped quote or order whose label, notes or other columns differ in the file is
named in the summary with the columns that differ: the one here is kept, and the user is told so.
The file is read and checked whole first (:mod:`core.store.import_reading`).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.base.csv_file import neutralise_cell as neutralise_cell  # the tests import it here
from core.pricing.money import to_minor
from core.store import rows
from core.store.import_reading import AuditIn, OrderIn, read_export
from core.store.repository import HistoryStore
from core.texts.messages import Message


@dataclass(frozen=True)
class ImportSummary:
    """What an import changed."""

    quotes_added: int
    orders_added: int
    orders_stopped: int
    audit_added: int
    skipped: int
    conflicts: tuple[str, ...]
    differing: tuple[str, ...] = ()
    """Quotes and orders already here whose label, notes or other columns differ in the file
    (the row here is kept); one message each."""


def import_json(store: HistoryStore, path: Path) -> ImportSummary:
    """Merge a JSON export into the history, in one transaction.

    Every derived figure is checked against its snapshot first (:mod:`core.store.import_checks`).

    Raises:
        InputError: The file is not a valid export, or a row was altered (nothing is written).
    """
    data, quotes, orders = read_export(path, store.path)
    conn = store.conn
    added_quotes = added_orders = stopped = added_audit = skipped = 0
    conflicts: list[str] = []
    differing: list[str] = []
    with store.transaction():
        for quote in quotes:
            present_quote = rows.quote_row(conn, quote.id)
            if present_quote is not None:
                skipped += 1
                _note_difference(
                    differing, "quote", present_quote, {"label": quote.label, "notes": quote.notes}
                )
                continue
            rows.insert_snapshot(conn, quote)
            rows.insert_quote_row(conn, quote, label=quote.label, notes=quote.notes)
            added_quotes += 1
        for order, quote in orders:
            present = rows.order_row(conn, order.id)
            if present is not None:
                _note_difference(differing, "order", present, _order_values(order))
                if present["stopped_at"] is None and order.stopped_at is not None:
                    conn.execute(
                        "UPDATE orders SET stopped_at = ? WHERE id = ?",
                        (order.stopped_at, order.id),
                    )
                    stopped += 1
                else:
                    skipped += 1
                continue
            holder = rows.order_by_key(conn, order.idempotency_key)
            if holder is not None:
                conflicts.append(
                    Message(
                        "store.import_conflict",
                        order=order.id,
                        key=order.idempotency_key,
                        holder=str(holder["id"]),
                    )
                )
                continue
            rows.insert_snapshot(conn, quote)
            values = _order_values(order)
            if values["quote_id"] is not None and rows.quote_row(conn, values["quote_id"]) is None:
                values["quote_id"] = None
            rows.insert_order_row(conn, values)
            added_orders += 1
        for entry in data.audit_log:
            added_audit += _merge_audit(conn, entry)
    return ImportSummary(
        added_quotes,
        added_orders,
        stopped,
        added_audit,
        skipped,
        tuple(conflicts),
        tuple(differing),
    )


def _order_values(order: OrderIn) -> dict[str, Any]:
    """The columns of an imported order as the ``orders`` table holds them."""
    values = order.model_dump(exclude={"snapshot", "total"})
    values["total_minor"] = to_minor(order.total, order.currency)
    return values


COMPARED = (
    "label",
    "notes",
    *(name for name in rows.ORDER_COLUMNS if name not in ("quote_id", "stopped_at")),
)
"""Columns of a quote or order already here compared with the file's.

Not compared: a stop (it is merged), and an order's quote, which is left out when the quote was
not imported with it."""


DIFFERS = {"quote": "store.import_differs_quote", "order": "store.import_differs_order"}


def _note_difference(
    differing: list[str], kind: str, present: sqlite3.Row, incoming: dict[str, Any]
) -> None:
    """Add a message when the row already here differs from the file's in a compared column."""
    columns = set(present.keys())  # ``in`` on a Row looks at its values, not its names
    fields = [
        name
        for name in dict.fromkeys(COMPARED)
        if name in incoming and name in columns and present[name] != incoming[name]
    ]
    if fields:
        differing.append(Message(DIFFERS[kind], id=str(present["id"]), fields=", ".join(fields)))


def _merge_audit(conn: sqlite3.Connection, entry: AuditIn) -> int:
    table = "quotes" if entry.entity_kind == "quote" else "orders"
    if conn.execute(f"SELECT 1 FROM {table} WHERE id = ?", (entry.entity_id,)).fetchone() is None:
        return 0
    detail = json.dumps(entry.detail, sort_keys=True)
    present = conn.execute(
        "SELECT 1 FROM audit_log WHERE entity_id = ? AND at = ? AND action = ?",
        (entry.entity_id, entry.at, entry.action),
    ).fetchone()
    if present:
        return 0
    conn.execute(
        "INSERT INTO audit_log (at, entity_kind, entity_id, action, detail) VALUES (?, ?, ?, ?, ?)",
        (entry.at, entry.entity_kind, entry.entity_id, entry.action, detail),
    )
    return 1
