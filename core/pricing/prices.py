"""Prices for a fixed rental term: line items in ``Decimal``, rounded once each.

Every amount is a :class:`~decimal.Decimal` built from a string. Each line item (GPU compute,
persistent storage, tax) is rounded once, half up, to the currency's minor unit, and the total is
the sum of the rounded line items, so what a user adds up on paper is what the app shows. List
prices exclude tax; tax is its own line. Floats are refused wherever money enters
(:mod:`core.pricing.money`: decimals, rounding and minor units).
"""

from __future__ import annotations

import math
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from core.base.errors import CatalogError, InputError
from core.domain.catalog import Catalog, GpuOffer
from core.domain.request import Term
from core.domain.terms import UNIT_HOURS, term_hours
from core.pricing.money import round_money as round_money  # also read here by the planner
from core.pricing.money import to_decimal
from core.pricing.money import to_minor as to_minor  # also read here by the offer table
from core.texts.messages import Message, render
from core.texts.words import TAX_RATE

if TYPE_CHECKING:
    from core.estimate.results import EstimateResult

HOURS_PER_STORAGE_MONTH = UNIT_HOURS["month"]
BYTES_PER_GB = 10**9
MAX_GPUS = 4096  # the most GPUs a request may name (core.domain.request.Parallelism.gpus)

LineKind = Literal["compute", "storage", "tax"]


def _no_float(value: Any) -> Any:
    if isinstance(value, float):
        raise ValueError(Message("pricing.money_float"))
    return value


class LineItem(BaseModel):
    """One line of a price: what it is for and its rounded amount.

    ``label`` is the English text, template ``price.<kind>`` of :mod:`core.texts.messages` filled
    with ``params`` (empty in snapshots saved before the parameters were kept).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: LineKind
    label: str
    amount: Decimal
    params: dict[str, str | int] = Field(default_factory=dict)

    @classmethod
    def of(cls, kind: LineKind, amount: Decimal, **params: str | int) -> LineItem:
        """The line of ``kind`` labelled from its template with ``params``."""
        return cls(kind=kind, label=render(f"price.{kind}", params), amount=amount, params=params)

    _money = field_validator("amount", mode="before")(_no_float)


class Price(BaseModel):
    """The price of one GPU offer × GPU count for a fixed term, line by line."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    currency: str = Field(pattern=r"^[A-Z]{3}$")
    hours: int = Field(ge=1)
    gpus: int = Field(ge=1)
    unit_price_per_gpu_hour: Decimal
    line_items: tuple[LineItem, ...] = Field(min_length=1)
    total: Decimal
    tax_rate: Decimal = Decimal(0)
    storage_gb: int | None = None
    orders: int = Field(
        default=1, ge=1
    )  # allocations the GPUs need (core.pricing.prices.price_for)

    _money = field_validator("unit_price_per_gpu_hour", "total", "tax_rate", mode="before")(
        _no_float
    )

    def as_json(self) -> dict[str, Any]:
        """The price as JSON-ready data, every amount a decimal string."""
        return {
            "currency": self.currency,
            "hours": self.hours,
            "gpus": self.gpus,
            "unit_price_per_gpu_hour": str(self.unit_price_per_gpu_hour),
            "line_items": [
                {
                    "kind": item.kind,
                    "label": item.label,
                    "amount": str(item.amount),
                    "params": dict(item.params),
                }
                for item in self.line_items
            ],
            "total": str(self.total),
            **({"orders": self.orders} if self.orders > 1 else {}),
        }

    def line(self, kind: LineKind) -> LineItem | None:
        """Return the line item of ``kind``, or None when the price has none."""
        return next((item for item in self.line_items if item.kind == kind), None)


def validate_tax_rate(rate: Any) -> Decimal:
    """Return ``rate`` as a Decimal fraction from 0 to 1 (0.2 is 20 %).

    Raises:
        InputError: Not a decimal string or outside 0..1.
    """
    value = to_decimal(rate, what=TAX_RATE)
    if not Decimal(0) <= value <= Decimal(1):
        raise InputError(Message("pricing.tax_rate_range", rate=rate))
    return value


def storage_gb_for(requested_gb: int | None, checkpoint_bytes: int | None) -> int | None:
    """Size the persistent storage of a request.

    ``None`` asks for no storage; a positive number is used as given; ``0`` asks the planner to
    size it from the training checkpoint estimate (whole GB of 10^9 bytes, rounded up).

    Raises:
        InputError: ``0`` was asked for but the workload has no checkpoint estimate.
    """
    if requested_gb is None:
        return None
    if requested_gb < 0:
        raise InputError(
            Message("pricing.storage_negative", requested_gb=requested_gb), field="storage_gb"
        )
    if requested_gb > 0:
        return requested_gb
    if not checkpoint_bytes:
        raise InputError(Message("error.storage_needs_checkpoint"), field="storage_gb")
    return max(1, math.ceil(checkpoint_bytes / BYTES_PER_GB))


def _percent(rate: Decimal) -> str:
    """The rate in percent, as many digits as it has (0.2 → "20")."""
    return format((rate * 100).normalize(), "f")


def price_for(
    catalog: Catalog,
    gpu: GpuOffer,
    gpus: int,
    term: Term,
    *,
    tax_rate: Decimal = Decimal(0),
    storage_gb: int | None = None,
    per_order: int | None = None,
) -> Price:
    """Price ``gpus`` × ``gpu`` for ``term`` from the catalog's list prices.

    With ``per_order`` (the GPUs one order holds for the layout: whole serving replicas, or a
    training run's allocation) a count above one order's largest is priced as the orders it
    needs (``Price.orders``; list prices are per GPU-hour, so the compute line is the same sum).

    Args:
        catalog: Gives the currency and the storage price.
        gpu: The offer; its per-GPU-hour price for the term's unit is used.
        gpus: How many GPUs, 1 up to what one allocation of the offer can have (any number
            with ``per_order``, up to the request's limit).
        term: Unit and count (the start does not change the price).
        tax_rate: A fraction from 0 to 1 applied to the subtotal as its own line.
        storage_gb: Persistent storage in GB, billed per 30-day month pro rata; None for none.
        per_order: GPUs per order when more than one allocation holds are priced as several.

    Returns:
        The price with one rounded line per component and their sum as the total.

    Raises:
        InputError: A float or out-of-range tax rate, a bad GPU count or storage size.
        CatalogError: Storage was asked for and the catalog has no storage price.
    """
    rate = validate_tax_rate(tax_rate)
    split = per_order is not None
    per_order = min(per_order or gpu.max_gpus, gpu.max_gpus)
    most = MAX_GPUS if split else gpu.max_gpus
    if isinstance(gpus, bool) or not isinstance(gpus, int) or not 1 <= gpus <= most:
        raise InputError(
            Message("error.gpus_out_of_range", max_gpus=gpu.max_gpus, gpu=gpu.id, gpus=str(gpus))
        )
    currency = catalog.currency
    hours = term_hours(term)
    unit_price = gpu.price_per_gpu_hour.for_unit(term.unit)
    items = [
        LineItem.of(
            "compute",
            round_money(unit_price * gpus * hours, currency),
            gpus=gpus,
            gpu=gpu.id,
            hours=hours,
            unit_price=str(unit_price),
            currency=currency,
        )
    ]
    if storage_gb is not None:
        if isinstance(storage_gb, bool) or not isinstance(storage_gb, int) or storage_gb < 1:
            raise InputError(
                Message("pricing.storage_not_whole", storage_gb=storage_gb), field="storage_gb"
            )
        per_gb_month = catalog.storage_price_per_gb_month
        if per_gb_month is None:
            raise CatalogError(Message("pricing.no_storage_price", catalog_id=catalog.catalog_id))
        amount = per_gb_month * storage_gb * hours / HOURS_PER_STORAGE_MONTH
        items.append(
            LineItem.of(
                "storage",
                round_money(amount, currency),
                storage_gb=storage_gb,
                hours=hours,
                per_gb_month=str(per_gb_month),
                currency=currency,
            )
        )
    if rate:
        subtotal = sum((item.amount for item in items), Decimal(0))
        items.append(
            LineItem.of(
                "tax",
                round_money(subtotal * rate, currency),
                percent=_percent(rate),
                subtotal=str(subtotal),
                currency=currency,
            )
        )
    total = sum((item.amount for item in items), Decimal(0))
    return Price(
        currency=currency,
        hours=hours,
        gpus=gpus,
        unit_price_per_gpu_hour=unit_price,
        line_items=tuple(items),
        total=total,
        tax_rate=rate,
        storage_gb=storage_gb,
        orders=-(-gpus // per_order),
    )


def price_estimate(result: EstimateResult, catalog: Catalog, tax_rate: Decimal) -> Price:
    """Price an estimate's offer and GPU count for its request's term.

    Storage is sized as the request asks (``storage_gb_for``: none, a size, or 0 for the
    training checkpoint).
    """
    request = result.request
    return price_for(
        catalog,
        result.gpu,
        result.gpus,
        request.term,
        tax_rate=tax_rate,
        storage_gb=storage_gb_for(request.storage_gb, result.checkpoint_bytes),
        per_order=per_order_of(result),
    )


def per_order_of(result: EstimateResult) -> int | None:
    """The GPUs one order holds when the estimate is priced as several orders, else None.

    The estimate says so in its ``priced_as_orders`` finding (:mod:`core.capacity.compat`): a
    serving run of whole replicas, or a training run of whole allocations.
    """
    found = (f for f in result.findings if f.code == "priced_as_orders")
    return next((int(f.params["per_order"]) for f in found), None)
