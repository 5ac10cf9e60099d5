"""The currencies a catalog may price in, with the digits of their smallest unit."""

from __future__ import annotations

MINOR_UNITS: dict[str, int] = {
    "USD": 2,
    "EUR": 2,
    "GBP": 2,
    "CHF": 2,
    "CAD": 2,
    "AUD": 2,
    "SEK": 2,
    "NOK": 2,
    "DKK": 2,
    "PLN": 2,
    "CZK": 2,
    "RUB": 2,
    "CNY": 2,
    "INR": 2,
    "JPY": 0,
    "KRW": 0,
}
"""Digits after the decimal point of each supported currency (ISO 4217)."""
