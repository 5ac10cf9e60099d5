"""One set of formatters: money, memory, counts, numbers, moments, durations and terms.

Every page and document formats through here, with the current ``QLocale`` (the app sets it to
the interface language), so a figure looks the same wherever it appears.

Unit policy: memory is shown in GiB, the binary unit (1 GiB = 2^30 bytes, ``core.base.units.GIB``),
everywhere — estimates, VRAM of an offer, headroom, the CLI. The help collection's "units" entry
states it for users. Amounts are shown exactly as core rounded them (the Decimal's own digits);
moments in UTC, the zone terms are computed in. Nothing here adds, multiplies or compares figures.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal, InvalidOperation

from PySide6.QtCore import QLocale, QObject

from core.base.units import GIB
from gui.translation import tr_id


class Formats(QObject):
    """The translation context of the formatters (plural forms are read from ``self.tr``)."""

    def gib(self, number: str) -> str:
        """``number`` followed by the GiB unit."""
        return tr_id("Formats.value_gib", "{value} GiB").format(value=number)

    def utc(self, moment: str) -> str:
        """A moment with its zone named."""
        return tr_id("Formats.moment_utc", "{moment} UTC").format(moment=moment)

    def term(self, unit: str, n: int) -> str:
        """A term in words with the plural form the language needs."""
        if unit == "hour":
            return tr_id("Formats.n_hour_s", "%n hour(s)", n)
        if unit == "day":
            return tr_id("Formats.n_day_s", "%n day(s)", n)
        if unit == "week":
            return tr_id("Formats.n_week_s", "%n week(s)", n)
        if unit == "month":
            return tr_id("Formats.n_month_s", "%n month(s)", n)
        return f"{n} {unit}"

    def term_unit(self, unit: str) -> str:
        """One unit of a term, e.g. "week"."""
        names = {
            "hour": tr_id("Formats.hour", "hour"),
            "day": tr_id("Formats.day", "day"),
            "week": tr_id("Formats.week", "week"),
            "month": tr_id("Formats.month", "month"),
        }
        return names.get(unit, unit)

    def duration(self, value: timedelta) -> str:
        """A time span to the minute; "ended" when nothing is left."""
        seconds = int(value.total_seconds())
        if seconds <= 0:
            return tr_id("Formats.ended", "ended")
        days, rest = divmod(seconds, 86_400)
        hours, rest = divmod(rest, 3600)
        minutes = rest // 60
        if days:
            return tr_id("Formats.days_d_hours_h", "{days} d {hours} h").format(
                days=days, hours=hours
            )
        if hours:
            return tr_id("Formats.hours_h_minutes_min", "{hours} h {minutes} min").format(
                hours=hours, minutes=minutes
            )
        return tr_id("Formats.minutes_min", "{minutes} min").format(minutes=max(minutes, 1))

    def gpus(self, name: str, n: int) -> str:
        """GPU × count, e.g. "2 × H100 SXM 80 GB"."""
        return tr_id("Formats.count_gpu", "{count} × {gpu}").format(count=n, gpu=name)


def _utc(value: datetime) -> datetime:
    """``value`` in UTC. Moments reach the GUI aware (core.domain.terms.to_utc does it); this module
    stays free of core.domain.terms, which loads pydantic, because the wizard's first page uses
    it."""
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(f"a moment without a time zone reached the display: {value!r}")
    return value.astimezone(UTC)


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


def _grouping() -> QLocale:
    """The current locale with digit grouping on (the C locale leaves it off by default)."""
    locale = QLocale()
    locale.setNumberOptions(locale.numberOptions() & ~QLocale.NumberOption.OmitGroupSeparator)
    return locale


def group_separator() -> str:
    """The locale's digit group separator ("," in English, a no-break space in Russian)."""
    return _grouping().groupSeparator()


def number(value: float, digits: int = 0) -> str:
    """A number with ``digits`` decimals and the locale's separators."""
    return _grouping().toString(float(value), "f", digits)


def count(value: int) -> str:
    """A whole number with the locale's digit grouping, e.g. "7,248,023,552"."""
    return _grouping().toString(int(value))


def gib_value(value: int | float) -> float:
    """Bytes as GiB for a chart axis."""
    return value / GIB


def gib(value: int | float, digits: int = 1) -> str:
    """Bytes as localized GiB text, e.g. ``12.3 GiB``."""
    return Formats().gib(QLocale().toString(value / GIB, "f", digits))


def vram(vram_gib: float) -> str:
    """A GPU's memory given in GiB (the catalog's ``vram_gib``), e.g. ``80 GiB``."""
    return Formats().gib(QLocale().toString(float(vram_gib), "g", 6))


def moment(value: datetime, *, seconds: bool = False) -> str:
    """A moment in UTC without the zone, e.g. "2026-11-02 10:00"."""
    pattern = "%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M"
    return _utc(value).strftime(pattern)


def utc(value: datetime) -> str:
    """A moment in UTC with the zone named, to the second only when it has seconds."""
    return Formats().utc(moment(value, seconds=_utc(value).second != 0))


def duration(value: timedelta) -> str:
    """A time span to the minute, e.g. "6 d 23 h"; "ended" when nothing is left."""
    return Formats().duration(value)


def term(unit: str, n: int) -> str:
    """A term in words, e.g. "1 week", "3 months"."""
    return Formats().term(unit, n)


def term_unit(unit: str) -> str:
    """One unit of a term in words."""
    return Formats().term_unit(unit)


def gpus(name: str, n: int) -> str:
    """GPU × count with the GPU's display name."""
    return Formats().gpus(name, n)
