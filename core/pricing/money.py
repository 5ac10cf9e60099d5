"""Money as the planner handles it: finite decimals, rounding half up, integer minor units.

Every amount is a :class:`~decimal.Decimal` built from a string, an integer or a Decimal, never a
float. A currency's minor unit (:data:`core.domain.currencies.MINOR_UNITS`) sets where an amount
is rounded and how it is stored: the history keeps integer minor units beside the currency.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from core.base.errors import InputError
from core.domain.currencies import MINOR_UNITS
from core.texts.messages import Message
from core.texts.words import AMOUNT


def minor_units(currency: str) -> int:
    """Return how many decimal places ``currency`` has.

    Raises:
        InputError: The currency is not in :data:`MINOR_UNITS`.
    """
    try:
        return MINOR_UNITS[currency]
    except KeyError:
        known = ", ".join(sorted(MINOR_UNITS))
        raise InputError(
            Message("pricing.unknown_currency", currency=currency, known=known)
        ) from None


def to_decimal(value: Any, *, what: str = AMOUNT) -> Decimal:
    """Build a finite Decimal from a string, an int or a Decimal; refuse floats.

    Raises:
        InputError: ``value`` is a float, a bool, not a number, or not finite.
    """
    if isinstance(value, float | bool):
        raise InputError(Message("pricing.float_amount", what=what, value=repr(value)))
    if isinstance(value, Decimal):
        number = value
    elif isinstance(value, int | str):
        try:
            number = Decimal(str(value).strip())
        except InvalidOperation:
            raise InputError(Message("pricing.not_a_number", what=what, value=value)) from None
    else:
        raise InputError(Message("pricing.not_decimal_type", what=what, type=type(value).__name__))
    if not number.is_finite():
        raise InputError(Message("pricing.not_finite", what=what, value=value))
    return number


def round_money(amount: Decimal, currency: str) -> Decimal:
    """Round ``amount`` half up to the minor unit of ``currency`` (0.005 USD → 0.01 USD)."""
    exponent = Decimal(1).scaleb(-minor_units(currency))
    return amount.quantize(exponent, rounding=ROUND_HALF_UP)


def to_minor(amount: Decimal, currency: str) -> int:
    """Return ``amount`` as an integer count of the currency's minor unit (12.30 USD → 1230).

    Raises:
        InputError: ``amount`` has more decimal places than the currency allows.
    """
    scaled = to_decimal(amount).scaleb(minor_units(currency))
    if scaled != scaled.to_integral_value():
        raise InputError(Message("pricing.too_many_places", amount=str(amount), currency=currency))
    return int(scaled)


def from_minor(minor: int, currency: str) -> Decimal:
    """Return the Decimal amount of ``minor`` units of ``currency`` (1230 USD → 12.30)."""
    if isinstance(minor, bool) or not isinstance(minor, int):
        raise InputError(Message("pricing.stored_not_integer", minor=repr(minor)))
    places = minor_units(currency)
    return Decimal(minor).scaleb(-places).quantize(Decimal(1).scaleb(-places))
