"""The term that covers a training run is said as people say it, with its number's plural, in
both languages: "26 hours cover the run", «26 часов покрывают всё обучение» — not
"a term of 26 × hour (26 h) covers the run"."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.pricing.outcome import OutcomeCost, TermProposal
from core.texts.messages import Message
from gui.core_text import message_text

ENGLISH = {
    ("hour", 1, 1): "1 hour covers the run",
    ("hour", 26, 26): "26 hours cover the run",
    ("day", 1, 24): "1 day (24 h) covers the run",
    ("day", 3, 72): "3 days (72 h) cover the run",
    ("week", 2, 336): "2 weeks (336 h) cover the run",
    ("month", 1, 720): "1 month (720 h) covers the run",
    ("month", 12, 8640): "12 months (8,640 h) cover the run",
}
RUSSIAN = {
    ("hour", 1, 1): "1 час покрывает всё обучение",
    ("hour", 21, 21): "21 час покрывает всё обучение",
    ("hour", 23, 23): "23 часа покрывают всё обучение",
    ("hour", 26, 26): "26 часов покрывают всё обучение",
    ("day", 1, 24): "1 день (24 ч) покрывает всё обучение",
    ("day", 3, 72): "3 дня (72 ч) покрывают всё обучение",
    ("week", 5, 840): "5 недель (840 ч) покрывают всё обучение",
    ("month", 12, 8640): "12 месяцев (8640 ч) покрывают всё обучение",
}


def covers(unit: str, count: int, hours: int) -> Message:
    cost = OutcomeCost(
        currency="USD",
        utilization=Decimal(1),
        hourly=Decimal("2.50"),
        run_gpu_hours=float(hours) - 0.5,
        run_hours=float(hours) - 0.5,
        run_cost=Decimal("60.00"),
        flops_factor=6,
        mfu=0.4,
        proposed_term=TermProposal(unit=unit, count=count, hours=hours, compute=Decimal("65.00")),
    )
    [message] = [m for m in cost.messages(hours) if m.key.startswith("outcome.term_covers")]
    return message


@pytest.mark.parametrize(("case", "text"), ENGLISH.items())
def test_english_says_the_covering_term_naturally(app_state, case, text):
    message = covers(*case)
    assert str(message) == text
    assert message_text(message) == text


@pytest.mark.parametrize(("case", "text"), RUSSIAN.items())
def test_russian_says_it_with_the_plural_of_its_number(app_state, case, text):
    app_state.update_settings(language="ru")
    assert message_text(covers(*case)).replace("\xa0", " ") == text
