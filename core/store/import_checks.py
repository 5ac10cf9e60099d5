"""Checks that an imported file is what an export of this app wrote, before anything is merged.

An export is plain JSON, so anyone can edit it. Every figure a history row shows is derived from
its quote snapshot when the app saves or places it; an import derives each of them again and
refuses the whole file, naming the row, when one differs:

- the price: every line item from the snapshot's own inputs (the compute line is the unit price
  for the term × GPUs × hours, rounded half up to the currency's minor unit; storage from its
  size, hours and price per GB-month over :data:`core.pricing.prices.HOURS_PER_STORAGE_MONTH`; tax
  from the subtotal and the rate), the total as their sum, and no amount negative or a total of 0;
- the fingerprint: SHA-256 of the request's canonical JSON
(:func:`core.quotes.quote.request_fingerprint`
  hashes the same text);
- the price again from the bundled catalog, when the snapshot names it (its id and date): the
  offer's unit price for the term and the total must be the catalog's, so a price lowered and
  every derived figure recomputed to match is refused too;
- the listed columns (workload, model, GPU, GPU count, strategy, term, currency, total) of an
  order against its snapshot, and its paid period: it starts at the requested start (or at
  placement), lasts the term, and a stop falls after the placement and before the period ends.

The raw file is bounded too: at most :data:`MAX_IMPORT_BYTES`, nesting at most
:data:`MAX_DEPTH` deep, integers within SQLite's 64 bits, and text without lone surrogates.
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from core.base.errors import InputError, PlannerError
from core.domain.canonical_request import canonical_request_json
from core.domain.catalog import default_catalog
from core.domain.request import Term
from core.domain.terms import term_end, unit_hours
from core.pricing.money import round_money, to_decimal
from core.pricing.prices import HOURS_PER_STORAGE_MONTH, price_for
from core.quotes.quote import Quote
from core.store.records import parse_stamp
from core.texts.messages import Message
from core.texts.words import STORAGE_PRICE, UNIT_PRICE

MAX_IMPORT_BYTES = 256 * 1024 * 1024
"""The largest import file read (256 MiB, several times the export of a million-row history)."""
MAX_DEPTH = 32
"""The deepest nesting an import may have; an export's deepest value is about 6 levels down."""
MAX_INTEGER = 2**63 - 1
"""SQLite stores integers in 64 bits."""


def check_raw(raw: Any, source: object) -> None:
    """Refuse JSON too deep, with integers SQLite cannot store, or text with lone surrogates.

    Raises:
        InputError: The first such value, with where it is.
    """
    pending: list[tuple[Any, int, str]] = [(raw, 0, "")]
    while pending:
        value, depth, where = pending.pop()
        if depth > MAX_DEPTH:
            raise InputError(
                Message("store.import_too_deep", source=str(source), limit=MAX_DEPTH, where=where)
            )
        if isinstance(value, dict):
            for key, item in value.items():
                _check_text(key, source, where)
                pending.append((item, depth + 1, f"{where}.{key}" if where else str(key)))
        elif isinstance(value, list):
            pending.extend((item, depth + 1, f"{where}[{n}]") for n, item in enumerate(value))
        elif isinstance(value, str):
            _check_text(value, source, where)
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INTEGER:
            raise InputError(
                Message("store.import_out_of_range", source=str(source), where=where)
                if where
                else Message("store.import_out_of_range_root", source=str(source))
            )


def _check_text(text: str, source: object, where: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError(
            Message("store.import_surrogate", source=str(source), where=where)
            if where
            else Message("store.import_surrogate_root", source=str(source))
        ) from None


def _money(value: Any, what: str) -> Decimal:
    return to_decimal(str(value), what=what)


def check_snapshot(quote: Quote, row: str) -> None:
    """Derive a snapshot's price and fingerprint again and compare them with what it holds.

    Raises:
        InputError: A derived figure differs; the message names ``row``.
    """
    price = quote.price
    currency = quote.currency

    def refuse(problem: str) -> None:
        raise InputError(Message("store.import_refused", row=row, problem=problem))

    text = canonical_request_json(quote.request)
    if hashlib.sha256(text.encode("utf-8")).hexdigest() != quote.request_sha256:
        refuse(Message("store.import_fingerprint"))
    hours = unit_hours(quote.term_unit) * quote.term_count
    if (price.currency, price.gpus, price.hours) != (currency, quote.gpus, hours):
        refuse(
            Message(
                "store.import_price_layout",
                gpus=price.gpus,
                hours=price.hours,
                currency=price.currency,
                quote_gpus=quote.gpus,
                quote_hours=hours,
                quote_currency=currency,
            )
        )
    if quote.term_end != term_end(quote.term_start, quote.term_unit, quote.term_count):
        refuse(Message("store.import_term_end"))
    if quote.gpu.get("id") != quote.gpu_id or quote.gpu.get("name") != quote.gpu_name:
        refuse(Message("store.import_gpu", gpu_id=quote.gpu_id))
    term = quote.request.get("term") if isinstance(quote.request, dict) else None
    workload = quote.request.get("workload") if isinstance(quote.request, dict) else None
    if not isinstance(term, dict) or (term.get("unit"), term.get("count")) != (
        quote.term_unit,
        quote.term_count,
    ):
        refuse(Message("store.import_term"))
    if workload != quote.workload:
        refuse(Message("store.import_workload", workload=quote.workload))
    model = quote.estimate.get("model") if isinstance(quote.estimate, dict) else None
    named = model.get("name") if isinstance(model, dict) else None
    if isinstance(named, str) and named != quote.model:
        refuse(Message("store.import_model", model=quote.model, named=named))
    for field in ("gpus", "strategy"):
        quoted = quote.estimate.get(field) if isinstance(quote.estimate, dict) else None
        if quoted is not None and quoted != getattr(quote, field):
            refuse(
                Message(
                    "store.import_estimate_field",
                    field=field,
                    value=getattr(quote, field),
                    quoted=quoted,
                )
            )
    prices = quote.gpu.get("price_per_gpu_hour")
    listed = prices.get(quote.term_unit) if isinstance(prices, dict) else None
    if listed is None or _money(listed, UNIT_PRICE) != price.unit_price_per_gpu_hour:
        refuse(Message("store.import_unit_price"))
    known = _bundled_currency(quote.catalog_id)
    if known is not None and known != currency:
        refuse(
            Message(
                "store.import_currency", currency=currency, catalog_id=quote.catalog_id, known=known
            )
        )
    subtotal = Decimal(0)
    for item in price.line_items:
        labelled = item.params.get("currency", currency)
        if labelled != currency:
            refuse(
                Message(
                    "store.import_line_currency",
                    kind=item.kind,
                    labelled=labelled,
                    currency=currency,
                )
            )
        if item.amount < 0:
            refuse(Message("store.import_line_negative", kind=item.kind, amount=str(item.amount)))
        expected = _line_amount(item.kind, item.params, quote, subtotal)
        if expected is not None and expected != item.amount:
            refuse(
                Message(
                    "store.import_line_amount",
                    kind=item.kind,
                    amount=str(item.amount),
                    expected=str(expected),
                    currency=currency,
                )
            )
        if item.kind != "tax":
            subtotal += item.amount
    total = sum((item.amount for item in price.line_items), Decimal(0))
    if total != price.total or total <= 0:
        refuse(
            Message(
                "store.import_total",
                total=str(price.total),
                currency=currency,
                lines_sum=str(total),
            )
        )
    # Last: a snapshot consistent in itself may still carry a price its catalog never had.
    problem = _catalog_difference(quote)
    if problem is not None:
        refuse(problem)


def _bundled_currency(catalog_id: str) -> str | None:
    """The currency of the bundled catalog when the snapshot names it, else None."""
    try:
        catalog = default_catalog()
    except Exception:  # noqa: BLE001 - without the bundled catalog there is nothing to compare
        return None
    return catalog.currency if catalog.catalog_id == catalog_id else None


def _catalog_difference(quote: Quote) -> Message | None:
    """Why ``quote``'s price is not the bundled catalog's, when it names that catalog; else None.

    Every figure :func:`check_snapshot` derives comes from the snapshot itself, so a forger who
    writes a lower unit price and recomputes the lines, the total and the fingerprint passes it.
    A snapshot that names the bundled catalog (its id and date) is priced again from that
    catalog with the snapshot's own GPU count, term, storage and tax rate
    (:func:`core.pricing.prices.price_for`), and the offer's price and the total must be the
    catalog's. A snapshot of any other catalog (one the user imported) cannot be checked this way.
    """
    try:
        catalog = default_catalog()
    except Exception:  # noqa: BLE001 - without the bundled catalog there is nothing to compare
        return None
    if (quote.catalog_id, quote.catalog_as_of) != (catalog.catalog_id, catalog.as_of):
        return None
    named = {"catalog_id": catalog.catalog_id, "as_of": catalog.as_of.isoformat()}
    offer = next((gpu for gpu in catalog.gpus if gpu.id == quote.gpu_id), None)
    if offer is None:
        return Message("store.import_catalog_no_gpu", gpu_id=quote.gpu_id, **named)
    listed = offer.price_per_gpu_hour.for_unit(quote.term_unit)
    if listed != quote.price.unit_price_per_gpu_hour:
        return Message(
            "store.import_catalog_price",
            gpu_id=quote.gpu_id,
            price=str(quote.price.unit_price_per_gpu_hour),
            listed=str(listed),
            currency=catalog.currency,
            **named,
        )
    term = Term(unit=quote.term_unit, count=quote.term_count)
    try:
        repriced = price_for(
            catalog,
            offer,
            quote.gpus,
            term,
            tax_rate=quote.price.tax_rate,
            storage_gb=quote.storage_gb,
        )
    except PlannerError as error:
        return Message("store.import_catalog_unpriced", reason=error.message, **named)
    if repriced.total != quote.price.total:
        return Message(
            "store.import_catalog_total",
            total=str(quote.price.total),
            repriced=str(repriced.total),
            currency=catalog.currency,
            **named,
        )
    return None


def _line_amount(
    kind: str, params: dict[str, Any], quote: Quote, subtotal: Decimal
) -> Decimal | None:
    price = quote.price
    if kind == "compute":
        amount = price.unit_price_per_gpu_hour * quote.gpus * price.hours
    elif kind == "storage":
        if quote.storage_gb is None or "per_gb_month" not in params:
            return None  # snapshots saved before the parameters were kept
        per_gb_month = _money(params["per_gb_month"], STORAGE_PRICE)
        amount = per_gb_month * quote.storage_gb * price.hours / HOURS_PER_STORAGE_MONTH
    elif kind == "tax":
        amount = subtotal * price.tax_rate
    else:
        return None
    return round_money(amount, quote.currency)


def check_order(order: Any, quote: Quote, row: str) -> None:
    """Compare an imported order's columns and paid period with its snapshot.

    Raises:
        InputError: A column differs from the snapshot or the period is impossible.
    """

    def refuse(problem: str) -> None:
        raise InputError(Message("store.import_refused", row=row, problem=problem))

    listed = {
        "workload": quote.workload,
        "model": quote.model,
        "gpu": quote.gpu_id,
        "gpus": quote.gpus,
        "strategy": quote.strategy,
        "term_unit": quote.term_unit,
        "term_count": quote.term_count,
        "currency": quote.currency,
        "total": quote.total,
        "request_sha256": quote.request_sha256,
        "snapshot_id": quote.id,
    }
    for field, expected in listed.items():
        if getattr(order, field) != expected:
            refuse(
                Message(
                    "store.import_order_field",
                    field=field,
                    value=getattr(order, field),
                    expected=str(expected),
                )
            )
    if order.quote_id not in (None, quote.id):
        refuse(Message("store.import_quote_id", quote_id=order.quote_id, id=quote.id))
    created = parse_stamp(order.created_at)
    paid_from = parse_stamp(order.paid_from)
    paid_until = parse_stamp(order.paid_until)
    if quote.start_given and paid_from != quote.term_start:
        refuse(Message("store.import_start_quoted"))
    if not quote.start_given and paid_from != _seconds(created):
        refuse(Message("store.import_start_placed"))
    if paid_until != paid_from + timedelta(hours=quote.price.hours):
        refuse(
            Message("store.import_period_end", paid_until=order.paid_until, hours=quote.price.hours)
        )
    if order.stopped_at is not None:
        stopped = parse_stamp(order.stopped_at)
        if stopped < _seconds(created) or stopped >= paid_until:
            refuse(Message("store.import_stopped", stopped_at=order.stopped_at))


def _seconds(moment: datetime) -> datetime:
    return moment.replace(microsecond=0)
