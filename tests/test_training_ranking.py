"""Training options are ranked by the cost of the whole run, not by the total for the term.

A training request always knows its run (the dataset's tokens at the estimated speed), so the
planner's options, the offer table's rank and the live panel's "cheapest" line follow the run's
cost on the command line and in the app; serving stays ranked by the term's total.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from core.domain.catalog import default_catalog
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import resolve
from gui.wizard.live_estimate_panel import LiveEstimatePanel
from gui.wizard.live_estimator import plan_with_limits
from tests.cli_helpers import run_cli, write_request

TRAINING = {
    "workload": "training",
    "model": {"preset": "llama-3.1-8b"},
    "term": {"unit": "week"},
}


def test_plan_ranks_training_by_the_run_and_serving_by_the_term(capsys, tmp_path: Path) -> None:
    request = write_request(tmp_path, TRAINING)
    ranked = run_cli(capsys, "plan", "--request", request, "--json").json()
    by_term = run_cli(capsys, "plan", "--request", request, "--json", "--rank-by", "total").json()
    assert ranked["rank_by"] == "job-cost"
    runs = [Decimal(o["job_cost"]) for o in ranked["options"]]
    assert runs == sorted(runs)
    # The term's cheapest option is not the run's cheapest: the order really changed.
    first, term_first = ranked["options"][0], by_term["options"][0]
    assert Decimal(first["job_cost"]) < Decimal(term_first["job_cost"])
    assert Decimal(first["price"]["total"]) > Decimal(term_first["price"]["total"])
    text = run_cli(capsys, "plan", "--request", request).out
    assert "ranked by job-cost" in text
    serving = write_request(tmp_path, {"model": {"preset": "llama-3.1-8b"}}, "serving.json")
    assert run_cli(capsys, "plan", "--request", serving, "--json").json()["rank_by"] == "total"


def test_the_app_ranks_training_by_the_run_and_says_so(qtbot) -> None:
    request = parse_request(TRAINING)
    catalog = default_catalog()
    plan = plan_with_limits(request, catalog, Decimal(0), resolve(request))
    assert plan.rank_by == "job-cost"
    runs = [o.job_cost for o in plan.options]
    assert None not in runs and runs == sorted(runs)  # type: ignore[type-var]
    panel = LiveEstimatePanel()
    qtbot.addWidget(panel)
    panel.show_plan(plan)
    best = plan.options[0]
    line = panel.findChild(QLabel, "estimateBestOption").text()
    assert line.startswith("Cheapest training run of ")
    assert f"{best.job_cost} USD for the run" in line.replace(",", "")
    assert f"({best.price.total} USD for the term)" in line.replace(",", "")


def test_the_offer_page_says_the_options_are_in_the_runs_order(qtbot) -> None:
    from gui.wizard.offer_page import OfferPage

    page = OfferPage()
    qtbot.addWidget(page)
    assert "cheapest first for the term" in page.subTitle()
    request = parse_request(TRAINING)
    plan = plan_with_limits(request, default_catalog(), Decimal(0), resolve(request))
    page.set_plan(plan, None)
    assert "cheapest whole training run first" in page.subTitle()
    header = page.table.model().headerData(
        0, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )
    assert header == "The planner's rank: cheapest training run first"
