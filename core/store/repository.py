"""The history store: saved quotes and idempotent, durable orders in one SQLite file.

:class:`HistoryStore` owns one connection, which stays on the thread that opened the store (the GUI
runs it on one worker thread). Every write is one ``BEGIN IMMEDIATE`` transaction, so two processes
never interleave: placing an order checks its idempotency key and inserts it under the same lock,
and the key's UNIQUE index is the last line of defence.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from datetime import datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import Any

from core.base.errors import (
    IdempotencyConflictError,
    InputError,
    NotFoundError,
    StoreBusyError,
    StoreError,
)
from core.domain.terms import to_utc, unit_hours
from core.quotes.quote import (
    MAX_LABEL_LENGTH,
    MAX_NOTES_LENGTH,
    Quote,
    new_id,
    parse_quote,
    utc_now,
)
from core.store import connection, rows
from core.store import search as listing
from core.store.errors import describe
from core.store.files import clean_stale_temporaries
from core.store.records import (
    ORDER_ID_PREFIX,
    AuditEntry,
    HistoryRow,
    Order,
    PlaceResult,
    parse_stamp,
    stamp,
    stamp_seconds,
)
from core.store.schema import TABLES, migrate, user_version
from core.texts.messages import Message, cause

Clock = Callable[[], datetime]
MAX_KEY_LENGTH = 255
BUSY_ATTEMPTS = 2
"""A write waits the busy timeout, then once more, before reporting the history busy."""


def validate_idempotency_key(key: str) -> str:
    """Return ``key`` if it can be used (1 to 255 printable characters).

    Raises:
        InputError: The key is empty, too long or holds control characters.
    """
    if not key or len(key) > MAX_KEY_LENGTH or not key.isprintable() or key != key.strip():
        raise InputError(
            Message("store.bad_key", limit=MAX_KEY_LENGTH),
            field="idempotency key",
        )
    return key


class HistoryStore:
    """Saved quotes and orders in the history database at ``path``.

    Opening checks the file (see :mod:`core.store.connection`), then migrates it forward.

    Args:
        path: The database file; created (0600) when it does not exist.
        clock: Returns the current time; tests pass a fixed one.

    Raises:
        StoreError: The file is damaged, not SQLite, newer than the app, or cannot be opened.
    """

    def __init__(self, path: Path, *, clock: Clock = utc_now) -> None:
        self.path = Path(path)
        self._clock = clock
        clean_stale_temporaries(self.path)  # left by a backup or restore that was killed
        if connection.inspect_existing(self.path) is None and not self.path.exists():
            connection.create_private_file(self.path)
        # sqlite-utils (with click and pluggy, some 50 ms to import) is loaded when a history is
        # first opened, not by every module that names a store type (the wizard's review page).
        from sqlite_utils import Database  # seam: sqlite-utils loads with the first history opened

        self.conn = connection.connect(self.path)
        try:
            self.db = Database(self.conn, execute_plugins=False)
            self.migrated_from = migrate(self.db, self.path)
        except sqlite3.Error as error:
            self.conn.close()
            raise describe(error, self.path) from None
        except BaseException:
            self.conn.close()
            raise

    # -- lifecycle -------------------------------------------------------------------------------

    def close(self) -> None:
        """Close the connection (the WAL is checkpointed into the file)."""
        self.conn.close()

    def __enter__(self) -> HistoryStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def now(self) -> datetime:
        """The store's current time (UTC)."""
        return to_utc(self._clock())

    @property
    def schema_version(self) -> int:
        """The database's schema version."""
        return user_version(self.conn)

    def data_version(self) -> int:
        """A number that changes when another connection commits to the database.

        Comparing two readings tells a long-lived reader (the desktop history view) whether
        another process or connection changed the history since; its own commits do not count.
        """
        return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    def counts(self) -> dict[str, int]:
        """Rows in every table (what a backup must reproduce)."""
        return {name: self.db.table(name).count for name in TABLES}

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE``), committed unless the block raises.

        Raises:
            StoreBusyError: Another process kept the database locked past the busy timeout,
                twice.
            StoreError: The write failed (read-only, disk full, I/O error); it was rolled back.
        """
        self._begin()
        try:
            yield self.conn
            self.conn.execute("COMMIT")
        except sqlite3.OperationalError as error:
            self._rollback()
            raise describe(error, self.path, doing="write") from None
        except BaseException:
            self._rollback()
            raise

    def _begin(self) -> None:
        """``BEGIN IMMEDIATE``, waiting the busy timeout twice before giving up."""
        for attempt in range(BUSY_ATTEMPTS):
            try:
                self.conn.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as error:
                problem = describe(error, self.path, doing="write")
                if not isinstance(problem, StoreBusyError) or attempt + 1 == BUSY_ATTEMPTS:
                    raise problem from None

    def _rollback(self) -> None:
        # SQLite may have rolled back already (disk full, I/O error).
        if self.conn.in_transaction:
            with suppress(sqlite3.Error):
                self.conn.execute("ROLLBACK")

    def _audit(self, kind: str, entity_id: str, action: str, detail: dict[str, Any]) -> None:
        self.conn.execute(
            "INSERT INTO audit_log (at, entity_kind, entity_id, action, detail) "
            "VALUES (?, ?, ?, ?, ?)",
            (stamp(self.now()), kind, entity_id, action, json.dumps(detail, sort_keys=True)),
        )

    # -- quotes ----------------------------------------------------------------------------------

    def save_quote(self, quote: Quote) -> Quote:
        """Save ``quote`` (its snapshot and its history row); return it.

        Raises:
            InputError: A quote with this id is already saved.
        """
        with self.transaction():
            if rows.quote_row(self.conn, quote.id) is not None:
                raise InputError(Message("store.quote_exists", id=quote.id))
            rows.insert_snapshot(self.conn, quote)
            rows.insert_quote_row(self.conn, quote, label=quote.label, notes=quote.notes)
            self._audit("quote", quote.id, "saved", {"total": str(quote.total)})
        return quote

    def get_quote(self, quote_id: str) -> Quote:
        """The saved quote ``quote_id`` exactly as it was quoted.

        Raises:
            NotFoundError: No saved quote has this id.
        """
        row = rows.quote_row(self.conn, quote_id)
        if row is None:
            raise NotFoundError(Message("store.no_quote", id=quote_id))
        quote = self._snapshot(quote_id)
        return quote.model_copy(update={"label": row["label"], "notes": row["notes"]})

    def _snapshot(self, snapshot_id: str) -> Quote:
        text = rows.snapshot_text(self.conn, snapshot_id)
        if text is None:
            raise StoreError(
                Message("store.no_snapshot", path=str(self.path), snapshot_id=snapshot_id)
            )
        try:
            return parse_quote(json.loads(text))
        except (InputError, json.JSONDecodeError) as error:
            raise StoreError(
                Message("store.snapshot_unreadable", snapshot_id=snapshot_id, reason=str(error))
            ) from None

    # -- orders ----------------------------------------------------------------------------------

    def place_order(self, quote: Quote, idempotency_key: str) -> PlaceResult:
        """Place a (simulated) order for ``quote``, at most once per idempotency key.

        The same key with the same request returns the original order and writes nothing. The
        paid period starts at the quote's term start, or now when the request gave none.

        Raises:
            IdempotencyConflictError: The key belongs to an order for another request.
            InputError: The key is unusable, or the quoted configuration does not fit.
            StoreError: The database is busy or cannot be written.
        """
        key = validate_idempotency_key(idempotency_key)
        try:
            with self.transaction():
                existing = rows.order_by_key(self.conn, key)
                if existing is not None:
                    return PlaceResult(self._replay(existing, quote), replayed=True)
                if quote.fits is False:
                    raise InputError(Message("store.does_not_fit"))
                self._refuse_ended_period(quote)
                order_id = self._insert_order(quote, key)
                self._audit("order", order_id, "placed", {"idempotency_key": key})
        except sqlite3.IntegrityError:
            # Only reachable if another writer slipped past BEGIN IMMEDIATE; the key's UNIQUE
            # index refused the second order, so return or refuse as a replay would.
            existing = rows.order_by_key(self.conn, key)
            if existing is None:
                raise
            return PlaceResult(self._replay(existing, quote), replayed=True)
        return PlaceResult(self.get_order(order_id), replayed=False)

    def _refuse_ended_period(self, quote: Quote) -> None:
        """A quote whose requested paid period is already over cannot be bought."""
        if not quote.start_given:
            return
        hours = unit_hours(quote.term_unit) * quote.term_count
        ends = quote.term_start + timedelta(hours=hours)
        if ends <= self.now():
            raise InputError(
                Message(
                    "store.period_ended",
                    start=f"{quote.term_start:%Y-%m-%d %H:%M}",
                    end=f"{ends:%Y-%m-%d %H:%M}",
                )
            )

    def _replay(self, row: sqlite3.Row, quote: Quote) -> Order:
        if row["request_sha256"] != quote.request_sha256:
            raise IdempotencyConflictError(
                Message(
                    "store.key_conflict",
                    key=str(row["idempotency_key"]),
                    order=str(row["id"]),
                    placed=str(row["created_at"]),
                )
            )
        return self._order(row)

    def _insert_order(self, quote: Quote, key: str) -> str:
        now = self.now()
        # A quote without a requested start is quoted from "now"; the order's paid period
        # starts when it is placed, not when the quote was saved.
        paid_from = quote.term_start if quote.start_given else now.replace(microsecond=0)
        paid_until = paid_from + timedelta(hours=unit_hours(quote.term_unit) * quote.term_count)
        saved = rows.quote_row(self.conn, quote.id) is not None
        rows.insert_snapshot(self.conn, quote)
        order_id = new_id(ORDER_ID_PREFIX)
        rows.insert_order_row(
            self.conn,
            {
                "id": order_id,
                "quote_id": quote.id if saved else None,
                "snapshot_id": quote.id,
                "idempotency_key": key,
                "request_sha256": quote.request_sha256,
                "created_at": stamp(now),
                **rows.listed_columns(quote),
                "paid_from": stamp_seconds(paid_from),
                "paid_until": stamp_seconds(paid_until),
                "stopped_at": None,
                "notes": quote.notes,
            },
        )
        return order_id

    def get_order(self, order_id: str) -> Order:
        """The order ``order_id`` with its quote snapshot.

        Raises:
            NotFoundError: No order has this id.
        """
        row = rows.order_row(self.conn, order_id)
        if row is None:
            raise NotFoundError(Message("store.no_order", id=order_id))
        return self._order(row)

    @contextmanager
    def _stored_rows(self) -> Iterator[None]:
        """Report a stored value that cannot be read (a row edited by hand) as a store error.

        Raises:
            StoreError: A time, or a JSON text, in a row is not what the app writes.
        """
        try:
            yield
        except ValueError as error:
            raise StoreError(
                Message("store.row_unreadable", path=str(self.path), reason=cause(error))
            ) from None

    def _order(self, row: sqlite3.Row) -> Order:
        with self._stored_rows():
            return rows.order_from_row(row, self._snapshot)

    def stop_order(self, order_id: str) -> Order:
        """Stop an order: record when; the paid period and every amount stay as they are.

        Stopping an order that is already stopped changes nothing.

        Raises:
            NotFoundError: No order has this id.
            InputError: The paid period has already ended.
        """
        with self.transaction():
            row = rows.order_row(self.conn, order_id)
            if row is None:
                raise NotFoundError(Message("store.no_order", id=order_id))
            now = self.now()
            if row["stopped_at"] is None:
                with self._stored_rows():
                    paid_until = parse_stamp(row["paid_until"])
                if paid_until <= now:
                    raise InputError(
                        Message(
                            "store.order_expired", id=order_id, paid_until=str(row["paid_until"])
                        )
                    )
                self.conn.execute(
                    "UPDATE orders SET stopped_at = ? WHERE id = ? AND stopped_at IS NULL",
                    (stamp_seconds(now), order_id),
                )
                self._audit("order", order_id, "stopped", {"paid_until": row["paid_until"]})
        return self.get_order(order_id)

    def annotate(
        self, entity_id: str, *, label: str | None = None, notes: str | None = None
    ) -> Quote | Order:
        """Change the label or the notes of a saved quote or an order; return it as now saved.

        Only these two texts change: the quote snapshot, the prices and the paid period stay
        as they were. The search index follows (its triggers), and the audit log records it.

        Args:
            entity_id: The saved quote or the order.
            label: The new label (surrounding spaces dropped), or None to keep it.
            notes: The new notes, or None to keep them.

        Raises:
            NotFoundError: Neither a saved quote nor an order has this id.
            InputError: The label or the notes are too long.
        """
        changes: dict[str, str] = {}
        if label is not None:
            changes["label"] = label.strip()
        if notes is not None:
            changes["notes"] = notes
        for field, limit in (("label", MAX_LABEL_LENGTH), ("notes", MAX_NOTES_LENGTH)):
            if len(changes.get(field, "")) > limit:
                raise InputError(Message("store.text_too_long", limit=limit), field=field)
        with self.transaction():
            if rows.order_row(self.conn, entity_id) is not None:
                table, kind = "orders", "order"
            elif rows.quote_row(self.conn, entity_id) is not None:
                table, kind = "quotes", "quote"
            else:
                raise NotFoundError(Message("store.no_entity", id=entity_id))
            if changes:
                # Table and column names come from the two fixed sets above, never from input.
                assignments = ", ".join(f"{field} = :{field}" for field in changes)
                self.conn.execute(
                    f"UPDATE {table} SET {assignments} WHERE id = :id",
                    {**changes, "id": entity_id},
                )
                self._audit(kind, entity_id, "annotated", {"changed": sorted(changes)})
        return self.find(entity_id)

    def find(self, entity_id: str) -> Quote | Order:
        """The saved quote or the order with ``entity_id``.

        Raises:
            NotFoundError: Neither has this id.
        """
        if rows.order_row(self.conn, entity_id) is not None:
            return self.get_order(entity_id)
        if rows.quote_row(self.conn, entity_id) is not None:
            return self.get_quote(entity_id)
        raise NotFoundError(Message("store.no_entity", id=entity_id))

    # -- listing ---------------------------------------------------------------------------------

    def list_history(
        self,
        *,
        search: str | None = None,
        status: str | None = None,
        workload: str | None = None,
        kind: str | None = None,
        limit: int = 50,
        offset: int = 0,
        after: HistoryRow | None = None,
    ) -> list[HistoryRow]:
        """Saved quotes and orders, newest first, one page at a time.

        Args:
            search: Words to find in label, model, GPU or notes (each as a prefix).
            status: saved, placed, stopped or expired.
            workload: inference, training or diffusion.
            kind: quote or order.
            limit: Rows per page (1 to 1000).
            offset: Rows to skip.
            after: The last row of the previous page; the next page then costs the same
                however deep it is (preferred over ``offset`` for scrolling).

        Raises:
            InputError: An unknown status or kind, or a page size out of range.
        """
        filters = listing.Filters.make(search, status, workload, kind)
        with self._stored_rows():
            return listing.list_rows(
                self.conn, filters, self.now(), limit=limit, offset=offset, after=after
            )

    def count_history(
        self,
        *,
        search: str | None = None,
        status: str | None = None,
        workload: str | None = None,
        kind: str | None = None,
    ) -> int:
        """How many rows :meth:`list_history` has with these filters over all pages."""
        filters = listing.Filters.make(search, status, workload, kind)
        return listing.count_rows(self.conn, filters, self.now())

    def audit_entries(self, entity_id: str | None = None) -> list[AuditEntry]:
        """The audit log, oldest first, optionally for one quote or order."""
        with self._stored_rows():
            return rows.audit_entries(self.conn, entity_id)
