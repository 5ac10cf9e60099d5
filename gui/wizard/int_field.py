"""A line edit for whole numbers that may be large (tokens, parameters), with k/M/B/T suffixes.

The fields do not judge ranges and never change what was typed: :meth:`IntField.request_value`
returns the number, ``None`` when empty, or the text itself when it is not a whole number, so that
``core.domain.request`` refuses it with a message naming the field, exactly as it would refuse a
request file ("-5" is refused as below the minimum, "abc" as not a number; neither is silently
edited into "5" or "b"). :class:`DecimalField` does the same for fractions such as the memory
utilisation (1.5 is refused, not clamped to 1.00).
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from PySide6.QtCore import QEvent, QLocale
from PySide6.QtWidgets import QLineEdit, QWidget

from gui.presentation.formats import count, group_separator

_SUFFIXES = {"": 1, "k": 10**3, "m": 10**6, "b": 10**9, "g": 10**9, "t": 10**12}
_NUMBER = re.compile(r"^(-?[0-9][0-9,.]*)\s*([kmbgt]?)$", re.IGNORECASE)
_GROUPED = re.compile(r"^\d{1,3}(,\d{3})+$")
# Group separators parse_int_text reads back: English's comma, Russian's no-break spaces.
_READ_BACK = frozenset({",", " ", "\u00a0", "\u202f"})
SHORT_NUMBER = 10_000  # four-digit numbers stay whole (4096 tokens), as gui.core_text shows them


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
    grouped = _GROUPED.match(digits.removeprefix("-"))
    digits = digits.replace(",", "") if grouped else digits.replace(",", ".")
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
        self.setClearButtonEnabled(True)

    def request_value(self) -> int | str | None:
        """The number typed, None when empty, or the text when it is not a whole number."""
        return parse_int_text(self.text())

    def setValue(self, value: int | None) -> None:
        """Show ``value`` with the locale's digit grouping from 10,000 on ("1,000,000,000")."""
        self.setText("" if value is None else grouped(value))


def grouped(value: int) -> str:
    """``value`` as a field shows it: grouped when long and the grouping reads back."""
    if abs(value) < SHORT_NUMBER or group_separator() not in _READ_BACK:
        return str(value)
    return count(value)


def parse_decimal_text(text: str) -> float | str | None:
    """``"0.9"`` or ``"0,9"`` → 0.9, ``""`` → None, anything else → the text as typed."""
    compact = re.sub(r"[\s\u00a0\u202f]", "", text).replace(",", ".")
    if not compact:
        return None
    try:
        value = Decimal(compact)
    except InvalidOperation:
        return text
    return float(value) if value.is_finite() else text


class DecimalField(QLineEdit):
    """A number with a fraction, kept as typed; ``request_value`` gives core what to judge.

    A value set by the app is written with the interface's decimal separator (0,9 in Russian)
    and written again when the language changes; what the user typed is left as typed (both
    separators are read).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._set_text: str | None = None  # the text setValue wrote, while it is unchanged

    def request_value(self) -> float | str | None:
        """The number typed, None when empty, or the text when it is not a number."""
        return parse_decimal_text(self.text())

    def setValue(self, value: float | None) -> None:
        locale = QLocale()
        # No thousands separator: a comma is read back as the decimal one.
        locale.setNumberOptions(QLocale.NumberOption.OmitGroupSeparator)
        self._set_text = "" if value is None else locale.toString(float(value), "g", 12)
        self.setText(self._set_text)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange and self.text() == self._set_text:
            value = self.request_value()
            if isinstance(value, float):
                self.setValue(value)  # the same number, in the new language's writing
        super().changeEvent(event)
