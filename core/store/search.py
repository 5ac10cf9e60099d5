"""Listing the history: full-text search, filters, newest first, one page at a time.

Saved quotes and orders are listed together. The user's words become an FTS5 query built here:
each word is quoted as an FTS5 string and matched as a prefix, so quotes, operators or column
filters typed by a user are searched for as text and never parsed as query syntax.

A GPU is stored by its catalog id ("mi300x") but shown by its name ("AMD Instinct MI300X ·
192 GiB"): a word that starts a word of a GPU's name, vendor or memory as shown also finds the
rows of that GPU, so searching for "AMD", "Instinct" or "NVIDIA" finds what the table shows.
The app and the command line both search through :func:`fts_query`: the same words list the
same rows.

An order's status is computed at query time from its paid period and the current time, so an
order expires without anything being written.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from core.base.errors import InputError
from core.base.units import UNIT, vendor_label
from core.domain.catalog import default_catalog
from core.pricing.money import from_minor
from core.store.records import (
    KINDS,
    STATUSES,
    HistoryRow,
    parse_stamp,
    stamp,
    stamp_seconds,
    time_left,
)
from core.store.rows import fetch_all
from core.texts.messages import Message

MAX_PAGE = 1000
MAX_SEARCH_WORDS = 16
WORKLOADS = ("inference", "training", "diffusion")
_WORD = re.compile(r"\w+")

_COMMON = (
    "{t}.id, {t}.created_at, {t}.label, {t}.workload, {t}.model, {t}.gpu, {t}.gpus, "
    "{t}.strategy, {t}.term_unit, {t}.term_count, {t}.currency, {t}.total_minor"
)
_ORDER_STATUS = (
    "CASE WHEN o.paid_until <= :now THEN 'expired' "
    "WHEN o.stopped_at IS NOT NULL THEN 'stopped' ELSE 'placed' END"
)
_ORDER_STATUS_FILTER = {
    "placed": "o.paid_until > :now AND o.stopped_at IS NULL",
    "stopped": "o.paid_until > :now AND o.stopped_at IS NOT NULL",
    "expired": "o.paid_until <= :now",
}


_UNIT_WORDS = ("gib", "гиб")
"""The memory unit as the app shows it in English and Russian (``core.base.units.UNIT``, «ГиБ»)."""


def _words(text: str) -> set[str]:
    return {word.casefold() for word in _WORD.findall(text)}


@cache
def gpu_words() -> tuple[tuple[str, frozenset[str]], ...]:
    """Every catalog GPU id with the words a user may search it by.

    The words of its id, its catalog name, its vendor, and its name as shown: the vendor label
    and the memory in GiB (``NVIDIA H100 SXM · 80 GiB``).
    """
    found = []
    for gpu in default_catalog().gpus:
        shown = f"{vendor_label(gpu.name)} {gpu.vram_gib:g} {UNIT}"
        words = _words(" ".join((gpu.id, gpu.name, gpu.vendor, shown))) | set(_UNIT_WORDS)
        found.append((gpu.id, frozenset(words)))
    return tuple(found)


def _phrase(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def _word_query(word: str) -> str:
    """One searched word: a prefix of any indexed word, or of a word a GPU is shown by."""
    folded = word.casefold()
    gpus = [gpu_id for gpu_id, words in gpu_words() if any(w.startswith(folded) for w in words)]
    if not gpus:
        return _phrase(word) + "*"
    # The GPU column holds the id; the id as a phrase matches that GPU's rows and no other's.
    alternatives = [_phrase(word) + "*", *(f"gpu : {_phrase(gpu_id)}" for gpu_id in gpus)]
    return "(" + " OR ".join(alternatives) + ")"


def fts_query(text: str | None) -> str | None:
    """Turn what a user typed into a safe FTS5 query: every word, as a prefix, all required.

    A word matches the start of a word of the label, the model or the notes, or of a GPU's id,
    name, vendor or memory as shown. Returns None when the text has no words (then nothing is
    filtered).
    """
    if not text:
        return None
    words = _WORD.findall(text)[:MAX_SEARCH_WORDS]
    if not words:
        return None
    return " AND ".join(_word_query(word) for word in words)


@dataclass(frozen=True)
class Filters:
    """What the user narrowed the history to."""

    match: str | None = None
    status: str | None = None
    workload: str | None = None
    kind: str | None = None

    @classmethod
    def make(
        cls,
        search: str | None = None,
        status: str | None = None,
        workload: str | None = None,
        kind: str | None = None,
    ) -> Filters:
        """Validate the filters.

        Raises:
            InputError: An unknown status, workload or kind.
        """
        for value, known, name in (
            (status, STATUSES, "status"),
            (workload, WORKLOADS, "workload"),
            (kind, KINDS, "kind"),
        ):
            if value is not None and value not in known:
                raise InputError(
                    Message("store.unknown_filter", name=name, value=value, known=", ".join(known))
                )
        return cls(fts_query(search), status, workload, kind)

    def wants_quotes(self) -> bool:
        """Saved quotes can match (they only ever have the status saved)."""
        return self.kind in (None, "quote") and self.status in (None, "saved")

    def wants_orders(self) -> bool:
        """Orders can match."""
        return self.kind in (None, "order") and self.status != "saved"


@dataclass(frozen=True)
class _Part:
    """One table's share of the listing."""

    table: str
    index: str
    where: str
    select: str

    def source(self, *, by_date: bool = False) -> str:
        # Listing walks the date index newest first and stops after a page; without the hint
        # SQLite may fetch every search hit by rowid and sort them all, which is far slower for
        # a common word. Counting is the opposite case, so it keeps the planner's choice.
        hint = f" INDEXED BY {self.index}" if by_date else ""
        return f"FROM {self.table}{hint} WHERE {self.where}"


def _parts(filters: Filters, *, after: bool = False) -> list[_Part]:
    """The tables that can match, with their conditions and select lists."""
    parts = []
    if filters.wants_quotes():
        where = ["1"]
        if filters.workload:
            where.append("q.workload = :workload")
        if filters.match:
            where.append("q.seq IN (SELECT rowid FROM quotes_fts WHERE quotes_fts MATCH :match)")
        if after:
            where.append("(q.created_at, q.id) < (:after_created, :after_id)")
        select = (
            "'quote' AS kind, " + _COMMON.format(t="q") + ", 'saved' AS status, "
            "NULL AS paid_from, NULL AS paid_until, NULL AS stopped_at"
        )
        parts.append(_Part("quotes q", "quotes_created", " AND ".join(where), select))
    if filters.wants_orders():
        where = ["1"]
        if filters.status:
            where.append(_ORDER_STATUS_FILTER[filters.status])
        if filters.workload:
            where.append("o.workload = :workload")
        if filters.match:
            where.append("o.seq IN (SELECT rowid FROM orders_fts WHERE orders_fts MATCH :match)")
        if after:
            where.append("(o.created_at, o.id) < (:after_created, :after_id)")
        select = (
            "'order' AS kind, " + _COMMON.format(t="o") + f", {_ORDER_STATUS} AS status, "
            "o.paid_from, o.paid_until, o.stopped_at"
        )
        parts.append(_Part("orders o", "orders_created", " AND ".join(where), select))
    return parts


def _params(filters: Filters, now: datetime) -> dict[str, Any]:
    return {"now": stamp_seconds(now), "workload": filters.workload, "match": filters.match}


def list_rows(
    conn: sqlite3.Connection,
    filters: Filters,
    now: datetime,
    *,
    limit: int,
    offset: int = 0,
    after: HistoryRow | None = None,
) -> list[HistoryRow]:
    """One page of the history, newest first (ties broken by id).

    Args:
        conn: The store's connection.
        filters: What to list.
        now: The time statuses are computed at.
        limit: Rows per page.
        offset: Rows to skip (cost grows with the offset).
        after: The last row of the previous page: the page starts right after it, at the
            same cost however deep it is (keyset paging).

    Raises:
        InputError: ``limit`` is not 1..1000 or ``offset`` is negative.
    """
    if not 1 <= limit <= MAX_PAGE or offset < 0:
        raise InputError(Message("store.bad_page", limit=MAX_PAGE))
    parts = _parts(filters, after=after is not None)
    if not parts:
        return []
    # Each table contributes at most offset + limit rows read in index order; the merge of
    # those few rows is what gets sorted, not the whole history.
    order = "ORDER BY created_at DESC, id DESC"
    selects = [
        f"SELECT * FROM (SELECT {part.select} {part.source(by_date=True)} {order} LIMIT :depth)"
        for part in parts
    ]
    sql = " UNION ALL ".join(selects) + f" {order} LIMIT :limit OFFSET :offset"
    params = _params(filters, now) | {"depth": offset + limit, "limit": limit, "offset": offset}
    if after is not None:
        params |= {"after_created": stamp(after.created_at), "after_id": after.id}
    return [_row(row, now) for row in fetch_all(conn, sql, params)]


def count_rows(conn: sqlite3.Connection, filters: Filters, now: datetime) -> int:
    """How many rows match the filters over all pages."""
    parts = _parts(filters)
    if not parts:
        return 0
    sql = "SELECT " + " + ".join(f"(SELECT count(*) {part.source()})" for part in parts)
    row = conn.execute(sql, _params(filters, now)).fetchone()
    return int(row[0])


def _row(row: sqlite3.Row, now: datetime) -> HistoryRow:
    paid_until = parse_stamp(row["paid_until"]) if row["paid_until"] else None
    return HistoryRow(
        kind=row["kind"],
        id=row["id"],
        created_at=parse_stamp(row["created_at"]),
        label=row["label"],
        workload=row["workload"],
        model=row["model"],
        gpu=row["gpu"],
        gpus=row["gpus"],
        strategy=row["strategy"],
        term_unit=row["term_unit"],
        term_count=row["term_count"],
        total=from_minor(row["total_minor"], row["currency"]),
        currency=row["currency"],
        status=row["status"],
        paid_from=parse_stamp(row["paid_from"]) if row["paid_from"] else None,
        paid_until=paid_until,
        stopped_at=parse_stamp(row["stopped_at"]) if row["stopped_at"] else None,
        time_left=time_left(paid_until, now) if paid_until else None,
    )
