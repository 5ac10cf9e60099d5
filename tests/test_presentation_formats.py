"""Money in the interface: core's exact digits with the locale's decimal point and grouping."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import QLocale

from gui.presentation.formats import decimal_param, decimal_text, money

NBSP = "\u00a0"  # Qt's digit group separator for Russian


@pytest.fixture
def locale(request):
    saved = QLocale()
    QLocale.setDefault(QLocale(request.param))
    yield request.param
    QLocale.setDefault(saved)


@pytest.mark.parametrize(
    ("locale", "amount", "text"),
    [
        ("en_US", Decimal("1807.68"), "1,807.68 USD"),
        ("ru_RU", Decimal("1807.68"), f"1{NBSP}807,68 USD"),
        ("en_US", Decimal("0.50"), "0.50 USD"),  # trailing zero kept: core rounded to cents
        ("ru_RU", Decimal("1234567.005"), f"1{NBSP}234{NBSP}567,005 USD"),  # no float rounding
        ("ru_RU", Decimal("-12.30"), "-12,30 USD"),
        ("ru_RU", Decimal("900"), "900 USD"),
    ],
    indirect=["locale"],
)
def test_money_keeps_cores_digits_in_the_locales_notation(locale, amount, text):
    assert money(amount, "USD") == text


@pytest.mark.parametrize("locale", ["ru_RU"], indirect=True)
def test_decimal_params_from_core_text_are_localized_and_other_text_is_left(locale):
    assert decimal_param("2.69") == "2,69"
    assert decimal_param("7.5") == "7,5"
    assert decimal_param("12345.00") == f"12{NBSP}345,00"
    assert decimal_param("h100-80gb-sxm") == "h100-80gb-sxm"
    assert decimal_param("NaN") == "NaN"
    assert decimal_text(Decimal("0")) == "0"
