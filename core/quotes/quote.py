"""A saved quote: a snapshot of everything a price was computed from.

A quote records the catalog (id and "as of" date), the GPU offer's specifications and all of its
unit prices, the request, the estimate, the price line by line and the term. Reviewing a quote
later shows this snapshot exactly; nothing is recomputed from today's catalog or code.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from core.base.errors import InputError
from core.domain.catalog import Catalog, GpuOffer, TermUnit
from core.domain.request import PlanRequest
from core.domain.terms import term_window, to_utc
from core.estimate.shape import to_json
from core.pricing.prices import Price, price_estimate
from core.texts.messages import Message, validation_message

if TYPE_CHECKING:
    from core.estimate.results import EstimateResult

SNAPSHOT_VERSION = 1
QUOTE_ID_PREFIX = "q-"
MAX_LABEL_LENGTH = 200
MAX_NOTES_LENGTH = 10_000


def new_id(prefix: str) -> str:
    """Return a fresh random id such as ``q-5f1c0a9e2b7d`` (48 random bits)."""
    return f"{prefix}{secrets.token_hex(6)}"


def request_fingerprint(request: PlanRequest) -> str:
    """SHA-256 (hex) of the request's canonical JSON: equal requests, equal fingerprints."""
    return hashlib.sha256(request.canonical_json().encode("utf-8")).hexdigest()


def _aware(value: datetime) -> datetime:
    try:
        return to_utc(value)
    except InputError as error:
        raise ValueError(error.message) from None


class Quote(BaseModel):
    """What a price was computed from, frozen at the moment it was quoted."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    snapshot_version: int = SNAPSHOT_VERSION
    id: str = Field(pattern=r"^q-[0-9a-f]{12}$")
    created_at: datetime
    label: str = Field(default="", max_length=MAX_LABEL_LENGTH)
    notes: str = Field(default="", max_length=MAX_NOTES_LENGTH)
    catalog_id: str
    catalog_as_of: date
    currency: str = Field(pattern=r"^[A-Z]{3}$")
    workload: str
    model: str = Field(description="the model's name as the estimate gave it")
    gpu_id: str
    gpu_name: str
    gpu: dict[str, Any] = Field(description="the offer as quoted: specifications and unit prices")
    gpus: int = Field(ge=1)
    strategy: str
    term_unit: TermUnit
    term_count: int = Field(ge=1)
    term_start: datetime
    term_end: datetime
    start_given: bool = Field(description="False when the term starts at placement time")
    fits: bool | None = None
    storage_gb: int | None = None
    request: dict[str, Any]
    request_sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    estimate: dict[str, Any]
    price: Price

    _utc = field_validator("created_at", "term_start", "term_end")(_aware)

    @property
    def total(self) -> Decimal:
        """The quoted total, tax included."""
        return self.price.total

    @property
    def unit_prices(self) -> dict[str, str]:
        """The offer's per-GPU-hour price for every term, as quoted."""
        prices = self.gpu.get("price_per_gpu_hour", {})
        return {str(k): str(v) for k, v in prices.items()} if isinstance(prices, dict) else {}

    def as_json(self) -> dict[str, Any]:
        """The snapshot as JSON-ready data; amounts are decimal strings."""
        return self.model_dump(mode="json")


def parse_quote(raw: Any) -> Quote:
    """Validate a stored or imported snapshot.

    Raises:
        InputError: The snapshot is not a valid quote; the message names the field.
    """
    try:
        return Quote.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "quote"
        message = validation_message(first)
        raise InputError(Message("quotes.invalid_snapshot", where=where, message=message)) from None


def build_quote(
    request: PlanRequest,
    estimate_json: dict[str, Any],
    gpu: GpuOffer,
    gpus: int,
    catalog: Catalog,
    price: Price,
    *,
    label: str = "",
    now: datetime,
    notes: str = "",
) -> Quote:
    """Snapshot a priced estimate as a quote.

    Args:
        request: The request the estimate and the price were made for.
        estimate_json: ``core.estimate.results.estimate_to_json(result)`` of that estimate (the
            same as :func:`core.estimate.shape.to_json`, which a quote uses so as not to load the
            engines).
        gpu: The GPU offer that was priced.
        gpus: How many GPUs were priced.
        catalog: The catalog the offer and its prices came from.
        price: :func:`core.pricing.prices.price_for` of that offer, count and term.
        label: A name the user gives the quote.
        now: The current time (aware); the term starts now when the request gives no start.
        notes: Free text kept with the quote and searched.

    Raises:
        InputError: The price does not match the offer (another currency or GPU count), or
            the label or notes are too long.
    """
    if price.currency != catalog.currency:
        raise InputError(
            Message(
                "quotes.currency_mismatch",
                currency=price.currency,
                catalog_currency=catalog.currency,
            )
        )
    if price.gpus != gpus:
        raise InputError(Message("quotes.gpus_mismatch", gpus=price.gpus, quote_gpus=gpus))
    now = to_utc(now)
    start, end = term_window(request.term, now)
    model_info = estimate_json.get("model")
    model_name = model_info.get("name") if isinstance(model_info, dict) else None
    fits = estimate_json.get("fits")
    strategy = estimate_json.get("strategy")
    try:
        return Quote(
            id=new_id(QUOTE_ID_PREFIX),
            created_at=now,
            label=label.strip(),
            notes=notes,
            catalog_id=catalog.catalog_id,
            catalog_as_of=catalog.as_of,
            currency=catalog.currency,
            workload=request.workload,
            model=model_name if isinstance(model_name, str) else request.model.describe(),
            gpu_id=gpu.id,
            gpu_name=gpu.name,
            gpu=gpu.model_dump(mode="json"),
            gpus=gpus,
            strategy=strategy if isinstance(strategy, str) else request.parallelism.strategy,
            term_unit=request.term.unit,
            term_count=request.term.count,
            term_start=start,
            term_end=end,
            start_given=request.term.start is not None,
            fits=fits if isinstance(fits, bool) else None,
            storage_gb=price.storage_gb,
            request=request.model_dump(mode="json"),
            request_sha256=request_fingerprint(request),
            estimate=estimate_json,
            price=price,
        )
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "quote"
        raise InputError(validation_message(first), field=where) from None


def quote_estimate(
    result: EstimateResult,
    catalog: Catalog,
    *,
    tax_rate: Decimal,
    now: datetime,
    label: str = "",
) -> Quote:
    """Price an estimate and snapshot it as a quote (nothing is saved)."""
    price = price_estimate(result, catalog, tax_rate)
    return build_quote(
        result.request,
        to_json(result),
        result.gpu,
        result.gpus,
        catalog,
        price,
        label=label,
        now=now,
    )


def utc_now() -> datetime:
    """The current time in UTC (the default clock)."""
    return datetime.now(UTC)
