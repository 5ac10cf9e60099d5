"""Expected prices worked out from the bundled catalog, so a test follows its list prices.

A test that checks how a price is computed or shown reads the rate it expects from
``resources/catalog/catalog.json`` (through :func:`default_catalog`) and does the arithmetic here,
independently of ``core.pricing``: rate per GPU-hour × GPUs × the term's hours, rounded to cents
half up (``core/pricing/prices.py`` ``round_money``). A new catalog with other list prices then
leaves these tests meaningful instead of failing on a stale figure.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from core.domain.catalog import default_catalog

CENT = Decimal("0.01")
# Hours billed per term unit, as the catalog's own note states them: "a term is always billed in
# full (hour 1 h, day 24 h, week 168 h, month 720 h)".
TERM_HOURS = {"hour": 1, "day": 24, "week": 168, "month": 720}


def rate(gpu_id: str, unit: str) -> Decimal:
    """The bundled catalog's list price per GPU-hour of ``gpu_id`` on a ``unit`` term."""
    rates = default_catalog().gpu(gpu_id).price_per_gpu_hour
    value: Decimal = getattr(rates, unit)
    return value


def compute(gpu_id: str, unit: str, *, gpus: int = 1, count: int = 1) -> Decimal:
    """GPU compute for ``count`` ``unit`` terms on ``gpus`` GPUs, in cents."""
    hours = TERM_HOURS[unit] * count
    return (rate(gpu_id, unit) * gpus * hours).quantize(CENT, ROUND_HALF_UP)


def tax(subtotal: Decimal, percent: int) -> Decimal:
    """``percent`` % of ``subtotal``, in cents."""
    return (subtotal * percent / 100).quantize(CENT, ROUND_HALF_UP)


def with_tax(subtotal: Decimal, percent: int) -> Decimal:
    return subtotal + tax(subtotal, percent)


def usd(amount: Decimal) -> str:
    """An amount as the English UI and the CLI write it: ``1,807.68 USD``."""
    return f"{amount:,.2f} USD"
