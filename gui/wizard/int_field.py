"""A line edit for whole numbers that may be large (tokens, parameters), with k/M/B/T suffixes.

The field does not judge ranges: :meth:`IntField.request_value` returns the number, ``None`` when
empty, or the text itself when it is not a whole number, so that ``core.request`` refuses it with
a message naming the field, exactly as it would refuse a request file.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QLineEdit, QWidget

_SUFFIXES = {"": 1, "k": 10**3, "m": 10**6, "b": 10**9, "g": 10**9, "t": 10**12}
_NUMBER = re.compile(r"^([0-9][0-9,.]*)\s*([kmbgt]?)$", re.IGNORECASE)
_GROUPED = re.compile(r"^\d{1,3}(,\d{3})+$")


def parse_int_text(text: str) -> int | str | None:
    """``"4096"`` → 4096, ``"70B"`` → 70 000 000 000, ``""`` → None, anything else → the text."""
    compact = re.sub(r"[\s_\u00a0\u202f]", "", text)
    if not compact:
        return None
    match = _NUMBER.match(compact)
    if match is None:
        return text
    digits, suffix = match.groups()
    # 1,000,000 has thousands separators; 1,5B has a decimal comma.
    digits = digits.replace(",", "") if _GROUPED.match(digits) else digits.replace(",", ".")
    try:
        value = Decimal(digits) * _SUFFIXES[suffix.lower()]
    except InvalidOperation:
        return text
    if value != value.to_integral_value():
        return text
    return int(value)


class IntField(QLineEdit):
    """Whole-number input; ``setValue(None)`` empties it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        pattern = QRegularExpression("^[0-9 _,.\u00a0kKmMbBgGtT]*$")
        self.setValidator(QRegularExpressionValidator(pattern, self))
        self.setClearButtonEnabled(True)

    def request_value(self) -> int | str | None:
        """The number typed, None when empty, or the text when it is not a whole number."""
        return parse_int_text(self.text())

    def setValue(self, value: int | None) -> None:
        self.setText("" if value is None else str(value))
