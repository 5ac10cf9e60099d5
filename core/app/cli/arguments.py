"""Option values shared by several subcommands, checked as argparse reads them."""

from __future__ import annotations

import argparse
from decimal import Decimal

from core.pricing.outcome import MIN_UTILIZATION


def budget_arg(text: str) -> Decimal:
    """``--budget``: a non-negative decimal amount in the catalog's currency."""
    try:
        value = Decimal(text)
    except ArithmeticError:
        raise argparse.ArgumentTypeError(f"not an amount: {text!r}") from None
    if not value.is_finite() or value < 0:
        raise argparse.ArgumentTypeError(f"must be a non-negative amount, got {text}")
    return value


def utilization_arg(text: str) -> Decimal:
    """``--utilization``: a decimal share from 0.001 to 1 (see :data:`MIN_UTILIZATION`)."""
    try:
        value = Decimal(text)
    except ArithmeticError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value.is_finite() or not MIN_UTILIZATION <= value <= Decimal(1):
        raise argparse.ArgumentTypeError(f"must be from {MIN_UTILIZATION} to 1, got {text}")
    return value
