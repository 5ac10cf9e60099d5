"""Copy Summary: a quote or an order as plain text and Markdown, from Review and from History."""

from __future__ import annotations

import re
from datetime import timedelta

from PySide6.QtGui import QGuiApplication

from core.store import HistoryStore
from gui.presentation.quote_summary import QuoteSummary
from tests.store_helpers import NOW, make_quote
from tests.test_gui_history import answers, history, select, view  # noqa: F401
from tests.test_gui_wizard_orders import review  # noqa: F401


def test_the_plain_text_summary_has_the_facts_prices_and_disclaimer(qapp, app_state):
    quote = make_quote(label="chatbot staging")
    text = QuoteSummary("en").text(quote, NOW)
    assert text.startswith(f"Saved quote {quote.id} — chatbot staging\n")
    assert re.search(r"^GPU × count: +1 × NVIDIA H100 SXM · 80 GiB$", text, re.MULTILINE)
    assert re.search(rf"{re.escape(str(quote.total))} USD +Total$", text, re.MULTILINE)
    assert "do not guarantee" in text  # the disclaimer travels with every quote
    assert "<" not in text  # no markup


def test_the_markdown_summary_escapes_and_tables_the_prices(qapp, app_state):
    quote = make_quote(label="a *bold* | label")
    text = QuoteSummary("en").markdown(quote, NOW)
    assert text.startswith(f"### Saved quote {quote.id} — a \\*bold\\* \\| label\n")
    assert "- **Strategy:** " in text
    assert "| --- | ---: |" in text
    assert re.search(rf"\| \*\*Total\*\* \| \*\*{re.escape(str(quote.total))} USD\*\* \|", text)


def test_an_orders_summary_says_until_when_it_is_paid(qapp, app_state, tmp_path):
    with HistoryStore(tmp_path / "h.sqlite", clock=lambda: NOW) as store:
        order = store.place_order(make_quote(label="serving"), "key-1").order
    text = QuoteSummary("en").text(order, NOW + timedelta(hours=1))
    assert text.startswith(f"Order {order.id} — serving")
    assert re.search(r"^Status: +Placed$", text, re.MULTILINE)
    assert "Paid until:" in text


def test_review_copies_the_draft_in_russian(review, app_state, qtbot):  # noqa: F811
    app_state.update_settings(language="ru")
    try:
        copied = review.review_page.copy_summary(markdown=False)
        assert QGuiApplication.clipboard().text() == copied
        assert copied.startswith("Смета ") and "Итого" in copied  # one word for a quote
        assert "Total" not in copied and "Workload" not in copied
    finally:
        app_state.update_settings(language="en")


def test_history_copies_the_selected_order_as_markdown(view, qtbot):  # noqa: F811
    select(qtbot, view, "Batch embeddings", "Order")
    copied = view.copy_summary(markdown=True)
    assert copied.startswith("### Order ") and "Batch embeddings" in copied
    assert QGuiApplication.clipboard().text() == copied


def test_an_orders_own_label_names_it_even_when_cleared(qapp, app_state, tmp_path):
    from gui.presentation.quote_document import QuoteDocument

    with HistoryStore(tmp_path / "h.sqlite", clock=lambda: NOW) as store:
        order = store.place_order(make_quote(label="old name"), "key-1").order
        cleared = store.annotate(order.id, label="")
    assert QuoteDocument("en").title(cleared) == f"Order {order.id}"  # not the quote's label
    assert QuoteSummary("en").text(cleared, NOW).startswith(f"Order {order.id}\n")
