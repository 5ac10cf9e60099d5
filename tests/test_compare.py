"""Comparing options and saved quotes: limits solved again, PDF export, History → Compare."""

from __future__ import annotations

import csv
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from PySide6.QtCore import QItemSelectionModel
from PySide6.QtWidgets import QDialog

from core.domain.catalog import default_catalog
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate, resolve
from core.planning.limits import solve_limits
from core.planning.planner import plan
from core.pricing.outcome import outcome_cost
from core.quotes.limits import quote_limits
from core.quotes.quote import Quote, quote_estimate
from core.store import HistoryStore
from gui.history.history_table_model import ROW_ROLE
from gui.presentation.comparison import compare_rows, option_column, quote_column
from gui.presentation.formats import money, term
from gui.wizard.compare_dialog import CompareDialog
from tests.store_helpers import NOW
from tests.test_gui_history import action, open_view, table
from tests.test_presentation import _media_box, _pdf_text_sizes

REQUESTS: dict[str, dict[str, Any]] = {
    "8B on an H100": {"model": {"preset": "llama-3.1-8b"}, "gpu": "h100-80gb-sxm"},
    "8B on an L4": {
        "model": {"preset": "llama-3.1-8b"},
        "gpu": "l4",
        "precision": {"kv_cache": "fp8"},
        "term": {"unit": "week", "count": 1},
    },
    "70B on four H100": {
        "model": {"preset": "llama-3.1-70b"},
        "gpu": "h100-80gb-sxm",
        "parallelism": {"strategy": "tensor", "gpus": 4},
    },
}


def _quote(label: str, tax: str = "0.2") -> Quote:
    request = parse_request(REQUESTS[label])
    return quote_estimate(
        estimate(request), default_catalog(), tax_rate=Decimal(tax), now=NOW, label=label
    )


def test_a_saved_quotes_limits_are_solved_again_on_its_quoted_offer() -> None:
    quote = _quote("70B on four H100")
    solved = quote_limits(quote)
    request = parse_request(quote.request)
    model = resolve(request)
    result = estimate(request, model=model)
    assert solved.problem == ""
    assert solved.limits is not None
    assert solved.limits.as_dict() == solve_limits(result, model).as_dict()
    assert solved.outcome == outcome_cost(result, quote.price)
    assert solved.limits.value("sequences")  # the 70B serves several sequences on 4 H100


def test_a_quote_whose_offer_or_model_cannot_be_read_says_why(tmp_path) -> None:
    quote = _quote("8B on an H100")
    broken = quote.model_copy(update={"gpu": {"id": "h100-80gb-sxm"}})
    solved = quote_limits(broken)
    assert solved.limits is None and "cannot be read" in solved.problem
    missing = quote.request | {"model": {"hf_config": str(tmp_path / "gone" / "config.json")}}
    solved = quote_limits(quote.model_copy(update={"request": missing}))
    assert solved.limits is None and solved.problem
    column = quote_column(quote.model_copy(update={"request": missing}))
    rows = dict(compare_rows([column, quote_column(quote)]))
    # the snapshot still shows; only the solved figures are missing, and the reason is given
    assert rows["Most concurrent sequences"][0] == "—"
    assert rows["Warnings"][0] != ""


def test_saved_quotes_side_by_side_show_memory_limits_speed_price_lines_and_warnings(qapp):
    quotes = [_quote(label) for label in REQUESTS]
    rows = dict(compare_rows([quote_column(q) for q in quotes]))
    assert rows["Model"] == [q.model for q in quotes]  # models differ: the row is shown
    assert rows["Weights"][0] != rows["Weights"][2]
    tax = quotes[0].price.line_items[1]
    assert tax.kind == "tax" and rows["Tax"][0].startswith(money(tax.amount, quotes[0].currency))
    assert rows["Term total"] == [money(q.price.total, q.currency) for q in quotes]
    assert rows["Term"][1] == term("week", 1)
    for quote, cell in zip(quotes, rows["Most concurrent sequences"], strict=True):
        expected = quote_limits(quote).limits
        assert expected is not None
        assert cell == f"{expected.value('sequences'):,}"
    assert "Decode tokens/s (bound)" in rows and "Per 1M output tokens" in rows
    assert "Warnings" in rows


@pytest.mark.parametrize(("paper", "points"), [("a4", (595, 842)), ("letter", (612, 792))])
def test_the_comparison_saves_as_a_readable_pdf_on_a4_and_letter(qtbot, tmp_path, paper, points):
    options = plan(parse_request({"model": {"preset": "llama-3.1-8b"}}), with_limits=True).options
    dialog = CompareDialog(options[:4])
    qtbot.addWidget(dialog)
    assert len(dialog.columns) == 4
    assert dialog.columns[0] == option_column(options[0])
    path = tmp_path / f"comparison-{paper}.pdf"
    dialog.export_pdf(path, paper)
    width, height = _media_box(path)
    assert (round(width), round(height)) == points
    sizes = _pdf_text_sizes(path)
    assert sizes, "the PDF has text"
    assert min(sizes) >= 8.5, sizes  # the quote document's readable sizes
    assert max(sizes) <= 20, sizes
    html = dialog.document_html()
    for name, cells in dialog.rows:
        assert name.replace("&", "&amp;") in html
        assert all(cell.replace("&", "&amp;") in html for cell in cells)


@pytest.fixture
def saved(app_state, user_data_dir) -> dict[str, str]:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    ids = {}
    with HistoryStore(app_state.db_path) as store:
        for i, label in enumerate(REQUESTS):
            quote = _quote(label).model_copy(update={"created_at": NOW + timedelta(minutes=i)})
            store.save_quote(quote)
            ids[label] = quote.id
        untaxed = _quote("8B on an L4", tax="0")
        store.save_quote(untaxed)
        ids["untaxed"] = untaxed.id
        order = store.place_order(_quote("8B on an H100", tax="0"), "key-compare").order
        ids["order"] = order.id
    return ids


def test_history_compares_two_to_four_selected_quotes_and_orders(
    qtbot, app_state, store_services, saved, tmp_path
):
    view = open_view(qtbot, app_state, store_services)
    compare = action(view, "historyCompareAction")
    tbl = table(view)
    model = tbl.model()
    selection = tbl.selectionModel()
    flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    selection.clearSelection()
    selection.select(model.index(0, 0), flags)
    assert not compare.isEnabled()  # one entry is nothing to compare
    selection.select(model.index(1, 0), flags)
    selection.select(model.index(2, 0), flags)
    assert compare.isEnabled()
    chosen = view.selected_ids()
    assert len(chosen) == 3
    compare.trigger()
    qtbot.waitUntil(lambda: view.findChild(QDialog, "compareDialog") is not None, timeout=10_000)
    dialog = view.findChild(QDialog, "compareDialog")
    assert isinstance(dialog, CompareDialog)
    assert [c.key for c in dialog.columns] == chosen
    rows = dict(dialog.rows)
    assert "Most concurrent sequences" in rows and "Term total" in rows and "Weights" in rows
    path = tmp_path / "saved.csv"
    dialog.export_csv(path)
    with path.open(encoding="utf-8-sig", newline="") as handle:
        written = list(csv.reader(handle))
    assert written[1:] == [[name, *cells] for name, cells in dialog.rows]
    dialog.export_pdf(tmp_path / "saved.pdf", "a4")
    assert (tmp_path / "saved.pdf").stat().st_size > 0
    dialog.close()
    for row in range(3, 5):
        selection.select(model.index(row, 0), flags)
    assert model.rowCount() == 5 and not compare.isEnabled()  # more than four
    # an order is compared by its quote, under its own id
    selection.clearSelection()
    rows = {model.index(r, 0).data(ROW_ROLE).id: r for r in range(model.rowCount())}
    for entity_id in (saved["order"], saved["untaxed"]):
        selection.select(model.index(rows[entity_id], 0), flags)
    compare.trigger()
    wanted = {saved["order"], saved["untaxed"]}

    def shown() -> list[CompareDialog]:
        found = view.findChildren(CompareDialog)
        return [d for d in found if d.isVisible() and {c.key for c in d.columns} == wanted]

    qtbot.waitUntil(lambda: bool(shown()), timeout=10_000)
    assert any(c.title == f"Order {saved['order']}" for c in shown()[0].columns)
