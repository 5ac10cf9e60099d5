"""Export the history to CSV or JSON.

CSV is for spreadsheets: a text cell that starts with ``=``, ``+``, ``-``, ``@``, a tab, a carriage
return or a line feed is prefixed with a single quote so that a spreadsheet shows it as text
instead of running it as a formula (OWASP, CSV injection).

JSON is the lossless format: every quote snapshot, order and audit entry, with money as decimal
strings beside the currency; :mod:`core.store.importing` merges it back.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from core.base.csv_file import neutralise_cell as neutralise_cell  # the tests import it here
from core.base.csv_file import write_csv
from core.base.errors import StoreError
from core.base.output_file import write_file
from core.pricing.money import from_minor
from core.store import rows
from core.store.files import refuse_unsafe_output
from core.store.records import HistoryRow, stamp
from core.store.repository import HistoryStore
from core.texts.messages import Message
from core.texts.words import EXPORT

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
