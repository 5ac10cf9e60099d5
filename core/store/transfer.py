"""Export the history to CSV or JSON, and merge a JSON export back in.

CSV is for spreadsheets: a text cell that starts with ``=``, ``+``, ``-``, ``@``, a tab, a carriage
return or a line feed is prefixed with a single quote so that a spreadsheet shows it as text
instead of running it as a formula (OWASP, CSV injection).

JSON is the lossless format: every quote snapshot, order and audit entry, with money as decimal
strings beside the currency. Importing it merges without duplicates: a quote or order whose id is
already present is skipped (a stop recorded only in the file is applied), and an order whose
idempotency key belongs to another order here is skipped and counted as a conflict. A skipped
quote or order whose label, notes or other columns differ in the file is named in the summary
with the columns that differ: the one here is kept, and the user is told so.
"""

from __future__ import annotations

import io
import json
import math
import os
import sqlite3
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, BinaryIO, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from core.base.csv_file import neutralise_cell as neutralise_cell  # the tests import it here
from core.base.csv_file import write_csv
from core.base.errors import InputError, StoreError
from core.base.output_file import write_file
from core.pricing.prices import from_minor, to_decimal, to_minor
from core.quotes.quote import Quote, parse_quote
from core.store import rows
from core.store.files import history_files, refuse_unsafe_output
from core.store.import_checks import MAX_IMPORT_BYTES, check_order, check_raw, check_snapshot
from core.store.records import HistoryRow, parse_stamp, stamp, stamp_seconds
from core.store.repository import HistoryStore, validate_idempotency_key
from core.texts.messages import Message, cause, validation_message
from core.texts.words import EXPORT, TOTAL

EXPORT_FORMAT = "anchorgpu-planner-history"
EXPORT_VERSION = 1
CSV_COLUMNS = (
    "kind",
    "id",
    "created_at",
    "status",
    "label",
    "workload",
    "model",
    "gpu",
    "gpus",
    "strategy",
    "term",
    "total",
    "currency",
    "paid_from",
    "paid_until",
    "stopped_at",
)


def _atomic_write(store: HistoryStore, path: Path, write: Any) -> None:
    """Write ``path`` whole through the planner's one file writer (never through a link).

    The output is never the history or its journals.
    """
    path = refuse_unsafe_output(Path(path), store.path, EXPORT)

    def text(binary: BinaryIO) -> None:
        stream = io.TextIOWrapper(binary, encoding="utf-8")
        write(stream)
        stream.flush()
        stream.detach()

    write_file(path, text)


def _all_rows(store: HistoryStore) -> Iterator[HistoryRow]:
    after = None
    while True:
        page = store.list_history(limit=1000, after=after)
        yield from page
        if len(page) < 1000:
            return
        after = page[-1]


def export_csv(store: HistoryStore, path: Path) -> int:
    """Write every quote and order as CSV; return the number of rows."""
    path = refuse_unsafe_output(Path(path), store.path, EXPORT)
    found = (row.as_json() for row in _all_rows(store))
    return write_csv(path, CSV_COLUMNS, ([data[c] for c in CSV_COLUMNS] for data in found))


def export_data(store: HistoryStore) -> dict[str, Any]:
    """Everything in the history as JSON-ready data (the JSON export)."""
    conn = store.conn

    def stored(text: str | None, what: str) -> Any:
        try:
            return json.loads(text or "null")
        except ValueError as error:
            raise StoreError(
                Message("store.row_unreadable", path=str(store.path), reason=f"{what}: {error}")
            ) from None

    quotes = [
        {
            "id": row["id"],
            "label": row["label"],
            "notes": row["notes"],
            "snapshot": stored(rows.snapshot_text(conn, row["id"]), row["id"]),
        }
        for row in rows.fetch_all(conn, "SELECT * FROM quotes ORDER BY seq")
    ]
    orders = []
    for row in rows.fetch_all(conn, "SELECT * FROM orders ORDER BY seq"):
        data = {name: row[name] for name in rows.ORDER_COLUMNS if name != "total_minor"}
        data["total"] = str(from_minor(row["total_minor"], row["currency"]))
        data["snapshot"] = stored(rows.snapshot_text(conn, row["snapshot_id"]), row["id"])
        orders.append(data)
    audit = [
        {name: row[name] for name in ("at", "entity_kind", "entity_id", "action")}
        | {"detail": stored(row["detail"], f"audit entry {row['seq']}")}
        for row in rows.fetch_all(conn, "SELECT * FROM audit_log ORDER BY seq")
    ]
    return {
        "format": EXPORT_FORMAT,
        "format_version": EXPORT_VERSION,
        "exported_at": stamp(store.now()),
        "schema_version": store.schema_version,
        "quotes": quotes,
        "orders": orders,
        "audit_log": audit,
    }


def export_json(store: HistoryStore, path: Path) -> dict[str, int]:
    """Write the JSON export; return how many quotes, orders and audit entries it holds."""
    data = export_data(store)
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    _atomic_write(store, path, lambda stream: stream.write(text))
    return {key: len(data[key]) for key in ("quotes", "orders", "audit_log")}


_STRICT = ConfigDict(extra="forbid")


class _QuoteIn(BaseModel):
    model_config = _STRICT

    id: str
    label: str
    notes: str = ""
    snapshot: dict[str, Any]


class _OrderIn(BaseModel):
    model_config = _STRICT

    id: str = Field(pattern=r"^o-[0-9a-f]{12}$")
    quote_id: str | None
    snapshot_id: str
    idempotency_key: str
    request_sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    created_at: str
    label: str
    workload: str
    model: str
    gpu: str
    gpus: int = Field(ge=1)
    strategy: str
    term_unit: str
    term_count: int = Field(ge=1)
    currency: str
    total: Decimal
    paid_from: str
    paid_until: str
    stopped_at: str | None
    notes: str = ""
    snapshot: dict[str, Any]

    @field_validator("total", mode="before")
    @classmethod
    def _money(cls, value: Any) -> Decimal:
        return to_decimal(value, what=TOTAL)

    @field_validator("created_at")
    @classmethod
    def _created(cls, value: str) -> str:
        return stamp(parse_stamp(value))

    @field_validator("paid_from", "paid_until", "stopped_at")
    @classmethod
    def _period(cls, value: str | None) -> str | None:
        return None if value is None else stamp_seconds(parse_stamp(value))


class _AuditIn(BaseModel):
    model_config = _STRICT

    at: str
    entity_kind: Literal["quote", "order"]
    entity_id: str
    action: str
    detail: dict[str, Any]

    @field_validator("at")
    @classmethod
    def _at(cls, value: str) -> str:
        return stamp(parse_stamp(value))


class _ExportIn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    format: Literal["anchorgpu-planner-history"]
    format_version: int = Field(ge=1, le=EXPORT_VERSION)
    quotes: list[_QuoteIn]
    orders: list[_OrderIn]
    audit_log: list[_AuditIn] = []


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


def _read_capped(path: Path, history: Path) -> bytes:
    """The bytes of a regular file of at most :data:`MAX_IMPORT_BYTES`; never the history."""
    for protected in history_files(history):
        if path.exists() and protected.exists() and os.path.samefile(path, protected):
            raise InputError(Message("store.import_is_database", path=str(path)))
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise InputError(
            Message("error.cannot_read", path=str(path), reason=str(error.strerror or error))
        ) from None
    if not stat.S_ISREG(os.fstat(handle).st_mode):  # a folder, a pipe, a device
        os.close(handle)
        raise InputError(Message("store.import_not_file", path=str(path)))
    try:
        with os.fdopen(handle, "rb") as stream:
            data = stream.read(MAX_IMPORT_BYTES + 1)
    except OSError as error:
        raise InputError(
            Message("error.cannot_read", path=str(path), reason=str(error.strerror or error))
        ) from None
    if len(data) > MAX_IMPORT_BYTES:
        raise InputError(
            Message("store.import_too_large", path=str(path), limit=MAX_IMPORT_BYTES // 2**20)
        )
    return data


def _refuse_constant(name: str) -> Any:
    raise ValueError(Message("store.import_constant", name=name))


def _finite_float(text: str) -> float:
    """A JSON number as a float, refused when it overflows to infinity (``1e999``).

    Python reads such a number as ``inf``, which the NaN/Infinity refusal never sees and which
    would be written back as ``null``.
    """
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(Message("store.import_overflow", text=text[:40]))
    return value


def _read_export(
    path: Path, history: Path
) -> tuple[_ExportIn, list[Quote], list[tuple[_OrderIn, Quote]]]:
    data_bytes = _read_capped(Path(path), history)
    try:
        # Snapshots hold floats (specifications, request sizes) that must come back as floats;
        # money is always a decimal string, and a number where money belongs is refused.
        raw = json.loads(
            data_bytes.decode("utf-8"), parse_constant=_refuse_constant, parse_float=_finite_float
        )
    except UnicodeDecodeError as error:
        raise InputError(
            Message("store.import_not_utf8", path=str(path), reason=error.reason)
        ) from None
    except json.JSONDecodeError as error:
        raise InputError(
            Message("error.config_not_json", path=str(path), reason=str(error))
        ) from None
    except RecursionError:
        raise InputError(Message("store.import_nested", path=str(path))) from None
    except ValueError as error:  # an integer of thousands of digits, NaN, Infinity
        raise InputError(
            Message("error.config_not_json", path=str(path), reason=cause(error))
        ) from None
    check_raw(raw, path)
    try:
        data = _ExportIn.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "file"
        message = validation_message(first)
        raise InputError(
            Message("store.not_an_export", path=str(path), where=where, message=message)
        ) from None
    quotes = []
    for number, item in enumerate(data.quotes, start=1):
        row = Message("store.import_quote_row", path=str(path), id=item.id, number=number)
        quote = _parse(item.snapshot, row)
        if quote.id != item.id:
            raise InputError(Message("store.import_wrong_snapshot", row=row, id=quote.id))
        check_snapshot(quote, row)
        quotes.append(quote.model_copy(update={"label": item.label, "notes": item.notes}))
    orders = []
    for number, order in enumerate(data.orders, start=1):
        row = Message("store.import_order_row", path=str(path), id=order.id, number=number)
        validate_idempotency_key(order.idempotency_key)
        quote = _parse(order.snapshot, row)
        if quote.id != order.snapshot_id or quote.total != order.total:
            raise InputError(Message("store.import_snapshot_mismatch", row=row))
        check_snapshot(quote, row)
        check_order(order, quote, row)
        to_minor(order.total, order.currency)
        orders.append((order, quote))
    return data, quotes, orders


def _parse(snapshot: dict[str, Any], row: str) -> Quote:
    try:
        return parse_quote(snapshot)
    except InputError as error:
        raise InputError(Message("store.import_row", row=row, reason=error.message)) from None


def import_json(store: HistoryStore, path: Path) -> ImportSummary:
    """Merge a JSON export into the history, in one transaction.

    Every derived figure is checked against its snapshot first (:mod:`core.store.import_checks`).

    Raises:
        InputError: The file is not a valid export, or a row was altered (nothing is written).
    """
    data, quotes, orders = _read_export(path, store.path)
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


def _order_values(order: _OrderIn) -> dict[str, Any]:
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


def _merge_audit(conn: sqlite3.Connection, entry: _AuditIn) -> int:
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
