"""Money as the interface shows it: core's exact digits with the locale's separators."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from PySide6.QtCore import QLocale


def decimal_text(amount: Decimal) -> str:
    """``amount`` with every digit core gave, the locale's decimal point and digit grouping.

    Not through a float: 1807.68 stays 1807.68 ("1,807.68" in English, "1 807,68" in Russian).
    """
    locale = QLocale()
    whole, _, fraction = format(amount, ",f").partition(".")
    whole = whole.replace(",", locale.groupSeparator())
    return whole + (locale.decimalPoint() + fraction if fraction else "")


def money(amount: Decimal, currency: str) -> str:
    """An amount exactly as core rounded it, with its currency."""
    return f"{decimal_text(amount)} {currency}"


def decimal_param(value: str) -> str:
    """A decimal core passed as text ("2.69"), with the locale's separators; other text as it is."""
    try:
        amount = Decimal(value)
    except InvalidOperation:
        return value
    return decimal_text(amount) if amount.is_finite() else value
