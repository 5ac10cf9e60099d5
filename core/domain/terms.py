"""Fixed rental terms: how long a term lasts and when it ends.

A term is billed in whole units of fixed length: an hour is 1 h, a day 24 h, a week exactly 7 days
(168 h) and a month exactly 30 days (720 h), never a calendar month. Ends are computed in UTC, so a
week that crosses a daylight-saving change is still 168 real hours, and a month from 31 January
09:00 UTC ends on 2 March 09:00 UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from core.base.errors import InputError
from core.domain.catalog import TERM_UNITS
from core.domain.catalog import UNIT_HOURS as UNIT_HOURS  # defined beside TERM_UNITS
from core.domain.request import Term
from core.texts.messages import Message

MAX_TERM_COUNT = 100_000


def unit_hours(unit: str) -> int:
    """Return the length of one ``unit`` in hours.

    Raises:
        InputError: ``unit`` is not one of hour, day, week, month.
    """
    if unit not in UNIT_HOURS:
        raise InputError(Message("terms.unknown_unit", unit=unit, known=", ".join(TERM_UNITS)))
    return UNIT_HOURS[unit]


def term_hours(term: Term) -> int:
    """Return the billed hours of ``term``: its count times the length of its unit."""
    return unit_hours(term.unit) * term.count


def to_utc(moment: datetime) -> datetime:
    """Convert an aware datetime to UTC.

    Raises:
        InputError: ``moment`` has no time zone, so the instant it names is unknown.
    """
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise InputError(Message("terms.start_needs_zone"), field="start")
    return moment.astimezone(UTC)


def term_end(start: datetime, unit: str, count: int) -> datetime:
    """Return the end of ``count`` × ``unit`` starting at ``start``, in UTC.

    Args:
        start: The first instant of the term; any time zone, converted to UTC.
        unit: One of hour, day, week, month.
        count: How many units, at least 1.

    Raises:
        InputError: A naive ``start``, an unknown unit or a count out of range.
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_TERM_COUNT:
        raise InputError(Message("terms.count_range", limit=MAX_TERM_COUNT, count=count))
    return to_utc(start) + timedelta(hours=unit_hours(unit) * count)


def term_window(term: Term, now: datetime) -> tuple[datetime, datetime]:
    """Return the UTC start and end of ``term``; a term without a start begins at ``now``.

    The start is truncated to whole seconds so that stored times compare as text.
    """
    start = to_utc(term.start if term.start is not None else now).replace(microsecond=0)
    return start, term_end(start, term.unit, term.count)
