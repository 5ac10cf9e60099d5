"""Reading a JSON export of the history before anything is merged: bounded, parsed, checked.

The file is read only when it is a regular file of at most :data:`MAX_IMPORT_BYTES` and not the
history itself; its JSON takes no NaN or Infinity and no number that overflows; its shape is the
export's (the models below, nothing extra); and every quote and order is read back from its
snapshot and checked against it (:mod:`core.store.import_checks`). A file that fails any of this
is refused whole, naming the row.
"""

from __future__ import annotations

import json
import math
import os
import stat
from decimal import Decimal
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from core.base.csv_file import neutralise_cell as neutralise_cell  # the tests import it here
from core.base.errors import InputError
from core.pricing.money import to_decimal, to_minor
from core.quotes.quote import Quote, parse_quote
from core.store.exporting import EXPORT_VERSION
from core.store.files import history_files
from core.store.import_checks import MAX_IMPORT_BYTES, check_order, check_raw, check_snapshot
from core.store.records import parse_stamp, stamp, stamp_seconds
from core.store.repository import validate_idempotency_key
from core.texts.messages import Message, cause, validation_message
from core.texts.words import TOTAL

_STRICT = ConfigDict(extra="forbid")


class QuoteIn(BaseModel):
    """A quote of the file: its id, label, notes and snapshot."""

    model_config = _STRICT

    id: str
    label: str
    notes: str = ""
    snapshot: dict[str, Any]


class OrderIn(BaseModel):
    """An order of the file: the columns of the ``orders`` table, money as a decimal string."""

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


class AuditIn(BaseModel):
    """An audit entry of the file."""

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


class ExportIn(BaseModel):
    """The whole file: its format and version, then quotes, orders and audit entries."""

    model_config = ConfigDict(extra="ignore")

    format: Literal["anchorgpu-planner-history"]
    format_version: int = Field(ge=1, le=EXPORT_VERSION)
    quotes: list[QuoteIn]
    orders: list[OrderIn]
    audit_log: list[AuditIn] = []


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


def read_export(
    path: Path, history: Path
) -> tuple[ExportIn, list[Quote], list[tuple[OrderIn, Quote]]]:
    """The export at ``path`` read and checked whole: its data, its quotes, its orders.

    Raises:
        InputError: The file cannot be read, is not an export, or a row was altered.
    """
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
        data = ExportIn.model_validate(raw)
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
