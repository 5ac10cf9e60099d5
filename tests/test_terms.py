"""Fixed rental terms: an hour 1 h, a day 24 h, a week 168 h, a month 720 h, ends in UTC."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from core.base.errors import InputError
from core.domain.request import PlanRequest, Term
from core.domain.terms import term_end, term_hours, term_window, unit_hours

BERLIN = ZoneInfo("Europe/Berlin")


@pytest.mark.parametrize(
    ("unit", "hours"), [("hour", 1), ("day", 24), ("week", 168), ("month", 720)]
)
def test_unit_lengths_are_fixed(unit: str, hours: int) -> None:
    assert unit_hours(unit) == hours
    assert term_hours(Term(unit=unit, count=3)) == 3 * hours


def test_unknown_unit_is_refused() -> None:
    with pytest.raises(InputError, match="unknown term unit 'year'"):
        unit_hours("year")


def test_a_month_from_31_january_ends_on_2_march() -> None:
    start = datetime(2026, 1, 31, 9, 0, tzinfo=UTC)
    assert term_end(start, "month", 1) == datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def test_a_month_is_30_days_in_a_leap_year_too() -> None:
    start = datetime(2028, 1, 31, 9, 0, tzinfo=UTC)
    assert term_end(start, "month", 1) == datetime(2028, 3, 1, 9, 0, tzinfo=UTC)
    assert term_end(start, "month", 12) - start == timedelta(days=360)


def test_a_week_across_the_spring_dst_change_is_168_real_hours() -> None:
    # Berlin moves from CET (+01) to CEST (+02) on Sunday 29 March 2026 at 02:00.
    start = datetime(2026, 3, 26, 12, 0, tzinfo=BERLIN)
    end = term_end(start, "week", 1)
    assert end.tzinfo == UTC
    assert end == datetime(2026, 4, 2, 11, 0, tzinfo=UTC)
    assert end - start == timedelta(hours=168)
    # On the wall clock in Berlin the week ends an hour "later": 13:00 CEST.
    assert end.astimezone(BERLIN).hour == 13


def test_a_week_across_the_autumn_dst_change_is_168_real_hours() -> None:
    start = datetime(2026, 10, 22, 12, 0, tzinfo=BERLIN)
    end = term_end(start, "week", 1)
    assert end - start == timedelta(hours=168)
    assert end.astimezone(BERLIN).hour == 11


def test_a_start_with_an_offset_is_converted_to_utc() -> None:
    start = datetime(2026, 5, 1, 23, 30, tzinfo=timezone(timedelta(hours=-5)))
    assert term_end(start, "day", 2) == datetime(2026, 5, 4, 4, 30, tzinfo=UTC)


def test_a_request_start_is_stored_in_utc() -> None:
    request = PlanRequest.model_validate(
        {"model": {"preset": "x"}, "term": {"unit": "day", "start": "2026-03-29T01:30:00+01:00"}}
    )
    assert request.term.start == datetime(2026, 3, 29, 0, 30, tzinfo=UTC)


def test_a_naive_start_is_refused() -> None:
    with pytest.raises(InputError, match="time zone"):
        term_end(datetime(2026, 1, 1, 9, 0), "hour", 1)


@pytest.mark.parametrize("count", [0, -1, 100_001, True])
def test_a_count_out_of_range_is_refused(count: int) -> None:
    with pytest.raises(InputError, match="term count"):
        term_end(datetime(2026, 1, 1, tzinfo=UTC), "hour", count)


def test_a_term_without_start_begins_now_to_the_second() -> None:
    now = datetime(2026, 11, 2, 10, 15, 30, 987654, tzinfo=UTC)
    start, end = term_window(Term(unit="day", count=2), now)
    assert start == datetime(2026, 11, 2, 10, 15, 30, tzinfo=UTC)
    assert end == start + timedelta(hours=48)


def test_a_term_with_a_start_ignores_now() -> None:
    given = datetime(2027, 1, 31, 9, 0, tzinfo=UTC)
    start, end = term_window(Term(unit="month", count=1, start=given), datetime.now(UTC))
    assert (start, end) == (given, datetime(2027, 3, 2, 9, 0, tzinfo=UTC))
