"""What the history holds, as Python objects: orders, listing rows and audit entries.

Times are stored as ISO 8601 UTC text of fixed width so that they sort and compare as text:
``created_at`` to the microsecond, paid periods to the second. Money is stored as an integer count
of the currency's minor unit beside the currency, and comes back as an exact ``Decimal``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any, Literal

from core.domain.terms import to_utc
from core.quotes.quote import Quote
from core.texts.messages import Message

Status = Literal["saved", "placed", "stopped", "expired"]
Kind = Literal["quote", "order"]
STATUSES: tuple[Status, ...] = ("saved", "placed", "stopped", "expired")
KINDS: tuple[Kind, ...] = ("quote", "order")
ORDER_ID_PREFIX = "o-"


def stamp(moment: datetime) -> str:
    """Fixed-width UTC text to the microsecond, e.g. ``2026-11-02T10:00:00.000000Z``."""
    return to_utc(moment).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def stamp_seconds(moment: datetime) -> str:
    """Fixed-width UTC text to the second, e.g. ``2026-11-02T10:00:00Z``."""
    return to_utc(moment).strftime("%Y-%m-%dT%H:%M:%SZ")


class StampError(ValueError):
    """A stored or imported time that is not an ISO 8601 time with a zone (edited by hand)."""


def parse_stamp(text: str) -> datetime:
    """Read a stored time back as an aware UTC datetime.

    Raises:
        StampError: ``text`` is not an ISO 8601 time with a time zone.
    """
    try:
        moment = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        raise StampError(Message("store.bad_stamp", text=str(text)[:40])) from None
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise StampError(Message("store.bad_stamp", text=str(text)[:40]))
    return to_utc(moment)


def order_status(paid_until: datetime, stopped_at: datetime | None, now: datetime) -> Status:
    """An order is expired once its paid period has ended, else stopped or placed."""
    if to_utc(now) >= paid_until:
        return "expired"
    return "stopped" if stopped_at is not None else "placed"


def time_left(paid_until: datetime, now: datetime) -> timedelta:
    """Time left in the paid period (stopping does not pause it); zero once it has ended."""
    return max(paid_until - to_utc(now), timedelta(0))


def term_text(unit: str, count: int) -> str:
    """A term in words, e.g. ``1 week`` or ``3 months``."""
    return f"{count} {unit}" + ("" if count == 1 else "s")


@dataclass(frozen=True)
class Order:
    """A placed (simulated) order and the quote snapshot it was placed from."""

    id: str
    quote_id: str | None
    idempotency_key: str
    request_sha256: str
    created_at: datetime
    label: str
    notes: str
    workload: str
    model: str
    gpu: str
    gpus: int
    strategy: str
    term_unit: str
    term_count: int
    paid_from: datetime
    paid_until: datetime
    currency: str
    total: Decimal
    stopped_at: datetime | None
    quote: Quote

    def status(self, now: datetime) -> Status:
        """placed, stopped or expired at ``now``."""
        return order_status(self.paid_until, self.stopped_at, now)

    def time_left(self, now: datetime) -> timedelta:
        """Time left in the paid period at ``now``."""
        return time_left(self.paid_until, now)

    def history_row(self, now: datetime) -> HistoryRow:
        """The order as a line of the history list at ``now`` (what ``list_history`` gives)."""
        return HistoryRow(
            kind="order",
            id=self.id,
            created_at=self.created_at,
            label=self.label,
            workload=self.workload,
            model=self.model,
            gpu=self.gpu,
            gpus=self.gpus,
            strategy=self.strategy,
            term_unit=self.term_unit,
            term_count=self.term_count,
            total=self.total,
            currency=self.currency,
            status=self.status(now),
            paid_from=self.paid_from,
            paid_until=self.paid_until,
            stopped_at=self.stopped_at,
            time_left=self.time_left(now),
        )

    def as_json(self, now: datetime, *, with_quote: bool = False) -> dict[str, Any]:
        """The order as ``order place --json`` prints it; amounts are decimal strings."""
        data: dict[str, Any] = {
            "kind": "order",
            "order_id": self.id,
            "id": self.id,
            "status": self.status(now),
            "paid_from": stamp_seconds(self.paid_from),
            "paid_until": stamp_seconds(self.paid_until),
            "time_left_seconds": int(self.time_left(now).total_seconds()),
            "stopped_at": stamp_seconds(self.stopped_at) if self.stopped_at else None,
            "total": str(self.total),
            "currency": self.currency,
            "quote_id": self.quote_id,
            "idempotency_key": self.idempotency_key,
            "created_at": stamp(self.created_at),
            "label": self.label,
            "notes": self.notes,
            "workload": self.workload,
            "model": self.model,
            "gpu": self.gpu,
            "gpus": self.gpus,
            "strategy": self.strategy,
            "term": {"unit": self.term_unit, "count": self.term_count},
        }
        if with_quote:
            data["quote"] = self.quote.as_json()
        return data


@dataclass(frozen=True)
class PlaceResult:
    """The outcome of a placement: the order, and whether it is a replay of an earlier one."""

    order: Order
    replayed: bool


@dataclass(frozen=True)
class HistoryRow:
    """One line of the history list: a saved quote or an order."""

    kind: Kind
    id: str
    created_at: datetime
    label: str
    workload: str
    model: str
    gpu: str
    gpus: int
    strategy: str
    term_unit: str
    term_count: int
    total: Decimal
    currency: str
    status: Status
    paid_from: datetime | None
    paid_until: datetime | None
    stopped_at: datetime | None
    time_left: timedelta | None

    @property
    def term(self) -> str:
        """The term in words."""
        return term_text(self.term_unit, self.term_count)

    def as_json(self) -> dict[str, Any]:
        """The row as ``history list --json`` prints it."""
        return {
            "kind": self.kind,
            "id": self.id,
            "created_at": stamp(self.created_at),
            "label": self.label,
            "workload": self.workload,
            "model": self.model,
            "gpu": self.gpu,
            "gpus": self.gpus,
            "strategy": self.strategy,
            "term": self.term,
            "term_unit": self.term_unit,
            "term_count": self.term_count,
            "total": str(self.total),
            "currency": self.currency,
            "status": self.status,
            "paid_from": stamp_seconds(self.paid_from) if self.paid_from else None,
            "paid_until": stamp_seconds(self.paid_until) if self.paid_until else None,
            "stopped_at": stamp_seconds(self.stopped_at) if self.stopped_at else None,
            "time_left_seconds": (
                int(self.time_left.total_seconds()) if self.time_left is not None else None
            ),
        }


@dataclass(frozen=True)
class AuditEntry:
    """One state change: a quote saved, an order placed or stopped."""

    at: datetime
    entity_kind: Kind
    entity_id: str
    action: str
    detail: dict[str, Any]
