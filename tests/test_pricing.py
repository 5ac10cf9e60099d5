"""Prices: Decimal line items rounded once each, half up, to the currency's minor unit."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from core.base.errors import CatalogError, InputError
from core.domain.catalog import Catalog, default_catalog, parse_catalog
from core.domain.request import Term
from core.pricing.money import from_minor, round_money, to_minor
from core.pricing.prices import LineItem, Price, price_for, storage_gb_for
from tests.catalog_prices import CENT, compute, rate, with_tax

CATALOG = default_catalog()
H100 = CATALOG.gpu("h100-80gb-sxm")


def _catalog_with(price: str, currency: str = "USD", storage: str | None = "0.10") -> Catalog:
    raw = CATALOG.model_dump(mode="json")
    raw["currency"] = currency
    raw["storage_price_per_gb_month"] = storage
    raw["gpus"] = [
        raw["gpus"][0]
        | {"price_per_gpu_hour": {"hour": price, "day": price, "week": price, "month": price}}
    ]
    return parse_catalog(raw)


def test_compute_is_unit_price_times_gpus_times_hours() -> None:
    price = price_for(CATALOG, H100, 8, Term(unit="week", count=2))
    assert price.unit_price_per_gpu_hour == rate(H100.id, "week")
    assert price.hours == 336
    assert [item.kind for item in price.line_items] == ["compute"]
    assert (
        price.total == rate(H100.id, "week") * 8 * 336 == compute(H100.id, "week", gpus=8, count=2)
    )


def test_the_term_picks_the_unit_price() -> None:
    for unit in ("hour", "day", "week", "month"):
        price = price_for(CATALOG, H100, 1, Term(unit=unit, count=1))
        assert price.unit_price_per_gpu_hour == H100.price_per_gpu_hour.for_unit(unit)


@pytest.mark.parametrize(
    ("amount", "currency", "rounded"),
    [
        ("0.005", "USD", "0.01"),
        ("0.015", "USD", "0.02"),
        ("0.025", "USD", "0.03"),  # half-even would give 0.02
        ("2.675", "EUR", "2.68"),
        ("0.004999", "USD", "0.00"),
        ("0.5", "JPY", "1"),
        ("2.5", "JPY", "3"),  # half-even would give 2
    ],
)
def test_rounding_ties_go_half_up(amount: str, currency: str, rounded: str) -> None:
    result = round_money(Decimal(amount), currency)
    assert result == Decimal(rounded)
    assert str(result) == rounded


def test_a_tie_in_a_line_item_rounds_up() -> None:
    catalog = _catalog_with("0.005")
    price = price_for(catalog, catalog.gpus[0], 1, Term(unit="hour", count=1))
    assert price.total == Decimal("0.01")
    assert price.as_json()["total"] == "0.01"


def test_yen_has_no_minor_unit() -> None:
    catalog = _catalog_with("150.5", currency="JPY")
    price = price_for(catalog, catalog.gpus[0], 1, Term(unit="hour", count=1))
    assert price.total == Decimal("151")
    assert to_minor(price.total, "JPY") == 151


def test_storage_is_billed_per_30_day_month_pro_rata() -> None:
    price = price_for(CATALOG, H100, 1, Term(unit="week", count=1), storage_gb=500)
    storage = price.line("storage")
    assert storage is not None
    # 500 GB × the catalog's price per GB-month × 168/720 of a month, to the cent half up
    per_gb_month = CATALOG.storage_price_per_gb_month
    assert per_gb_month is not None
    expected = (500 * per_gb_month * 168 / 720).quantize(CENT, ROUND_HALF_UP)
    assert storage.amount == expected
    assert price.total == compute(H100.id, "week") + expected


def test_storage_needs_a_storage_price_in_the_catalog() -> None:
    catalog = _catalog_with("1.00", storage=None)
    with pytest.raises(CatalogError, match="no storage price"):
        price_for(catalog, catalog.gpus[0], 1, Term(), storage_gb=10)


def test_tax_is_its_own_line_on_the_rounded_subtotal() -> None:
    price = price_for(CATALOG, H100, 1, Term(unit="week"), tax_rate=Decimal("0.19"), storage_gb=500)
    compute, storage, tax = price.line_items
    assert tax.kind == "tax"
    assert tax.amount == round_money((compute.amount + storage.amount) * Decimal("0.19"), "USD")
    assert price.total == compute.amount + storage.amount + tax.amount
    assert "19 %" in tax.label


def test_no_tax_line_at_a_zero_rate() -> None:
    assert price_for(CATALOG, H100, 1, Term()).line("tax") is None


@pytest.mark.parametrize("rate", [Decimal("-0.01"), Decimal("1.01"), "abc", "NaN", 0.2])
def test_a_bad_tax_rate_is_refused(rate: object) -> None:
    with pytest.raises(InputError, match="tax rate"):
        price_for(CATALOG, H100, 1, Term(), tax_rate=rate)  # type: ignore[arg-type]


@pytest.mark.parametrize("gpus", [0, -1, 33, True])
def test_a_bad_gpu_count_is_refused(gpus: int) -> None:
    with pytest.raises(InputError, match="gpus"):
        price_for(CATALOG, H100, gpus, Term())


def test_floats_never_become_money() -> None:
    with pytest.raises(ValidationError, match="not a float"):
        LineItem(kind="compute", label="x", amount=0.1)  # type: ignore[arg-type]
    good = price_for(CATALOG, H100, 1, Term())
    with pytest.raises(ValidationError, match="not a float"):
        Price.model_validate(good.model_dump() | {"total": 2.99})
    raw = CATALOG.model_dump(mode="json") | {"storage_price_per_gb_month": 0.1}
    with pytest.raises(CatalogError, match="not a float"):
        parse_catalog(raw)


def test_as_json_has_decimal_strings() -> None:
    data = price_for(CATALOG, H100, 2, Term(unit="day"), tax_rate=Decimal("0.2")).as_json()
    assert set(data) == {
        "currency",
        "hours",
        "gpus",
        "unit_price_per_gpu_hour",
        "line_items",
        "total",
    }
    assert data["unit_price_per_gpu_hour"] == str(rate(H100.id, "day"))
    assert all(isinstance(item["amount"], str) for item in data["line_items"])
    assert data["total"] == str(with_tax(compute(H100.id, "day", gpus=2), 20))


@pytest.mark.parametrize(
    ("asked", "checkpoint", "expected"),
    [(None, 10**12, None), (50, None, 50), (0, 1, 1), (0, 95_000_000_001, 96)],
)
def test_storage_sizing(asked: int | None, checkpoint: int | None, expected: int | None) -> None:
    assert storage_gb_for(asked, checkpoint) == expected


def test_storage_sized_from_a_missing_checkpoint_is_refused() -> None:
    with pytest.raises(InputError, match="storage_gb"):
        storage_gb_for(0, None)


def test_minor_units_round_trip() -> None:
    assert to_minor(Decimal("12.30"), "USD") == 1230
    assert str(from_minor(1230, "USD")) == "12.30"
    assert str(from_minor(5, "USD")) == "0.05"
    assert str(from_minor(7, "JPY")) == "7"
    with pytest.raises(InputError, match="decimal places"):
        to_minor(Decimal("0.001"), "USD")
    with pytest.raises(InputError, match="unsupported currency"):
        to_minor(Decimal(1), "XXX")


@settings(max_examples=200, deadline=None)
@given(
    gpu=st.sampled_from(CATALOG.gpus),
    gpus=st.integers(1, 8),
    unit=st.sampled_from(["hour", "day", "week", "month"]),
    count=st.integers(1, 1000),
    tax=st.decimals(min_value=0, max_value=1, places=4),
    storage=st.one_of(st.none(), st.integers(1, 100_000)),
)
def test_total_is_the_sum_of_rounded_line_items(
    gpu: object, gpus: int, unit: str, count: int, tax: Decimal, storage: int | None
) -> None:
    from core.domain.catalog import GpuOffer

    assert isinstance(gpu, GpuOffer)
    price = price_for(
        CATALOG,
        gpu,
        min(gpus, gpu.max_gpus),
        Term(unit=unit, count=count),
        tax_rate=tax,
        storage_gb=storage,
    )
    assert price.total == sum(item.amount for item in price.line_items)
    for item in price.line_items:
        assert item.amount == round_money(item.amount, "USD")
        assert item.amount.as_tuple().exponent == -2
    compute = price.line("compute")
    assert compute is not None
    exact = price.unit_price_per_gpu_hour * price.gpus * price.hours
    assert abs(compute.amount - exact) <= Decimal("0.005")


@given(minor=st.integers(0, 10**15), currency=st.sampled_from(["USD", "EUR", "JPY"]))
def test_minor_units_round_trip_exactly(minor: int, currency: str) -> None:
    assert to_minor(from_minor(minor, currency), currency) == minor
