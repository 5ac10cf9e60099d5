"""The offer page's "finish by" sentence is about the chosen row's run, or says it is not."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QCheckBox, QRadioButton

from core.domain.catalog import default_catalog
from core.domain.request_parsing import parse_request
from core.planning.planner import plan
from core.pricing.outcome import OutcomeCost
from gui.presentation.formats import number
from gui.wizard import PlanWizard


@pytest.fixture
def wizard(main_window, qtbot) -> PlanWizard:
    found = main_window.page("plan").wizard
    assert isinstance(found, PlanWizard)
    qtbot.waitUntil(lambda: not found.live.busy, timeout=10_000)
    yield found
    QThreadPool.globalInstance().waitForDone(5000)


def test_finish_by_follows_the_chosen_row_not_the_cheapest(wizard, qtbot):
    offer = wizard.offer_page
    wizard.findChild(QRadioButton, "workload_training").click()
    later = datetime.now(UTC) + timedelta(hours=500)
    request = parse_request(
        {
            "model": {"preset": "llama-3.2-1b"},
            "workload": "training",
            "training": {"tokens": 2_000_000_000},
            "goal": {"deadline": later.isoformat()},
        }
    )
    answer = plan(request, default_catalog(), rank_by="job-cost")
    runs = [o.outcome.run_hours for o in answer.options if o.outcome and o.outcome.run_hours]
    assert len(set(runs)) > 1
    offer.load(request)  # no GPU: no row chosen
    assert offer.findChild(QCheckBox, "termFinishBy").isChecked()
    offer.set_plan(answer, request)
    # The live estimate without a GPU is of the cheapest offer that fits: the sentence says so.
    offer.set_outcome(
        OutcomeCost(currency="USD", utilization=Decimal(1), hourly=Decimal(1), run_hours=12.4)
    )
    form = offer.term_form
    assert "No option is chosen yet" in form.in_time and "12.4" in form.in_time
    # Choosing a row whose run differs puts that row's run in the sentence at once, and keeps it
    # when the live estimate of the old layout arrives late.
    row, chosen = next(
        (i, o)
        for i, o in enumerate(answer.options)
        if o.outcome
        and o.outcome.run_hours
        and abs(o.outcome.run_hours - 12.4) > 0.1
        and o.outcome.run_hours < 400
    )
    hours = chosen.outcome.run_hours
    offer.choose_row(row)
    assert form.in_time.startswith("The chosen option's run, ")
    assert f"{number(hours, 1)} h" in form.in_time
    offer.set_outcome(
        OutcomeCost(currency="USD", utilization=Decimal(1), hourly=Decimal(1), run_hours=12.4)
    )
    assert f"{number(hours, 1)} h" in form.in_time and "12.4" not in form.in_time
