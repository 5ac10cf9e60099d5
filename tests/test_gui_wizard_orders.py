"""Saving and placing from the wizard's review page: one order per key, retries reuse the key,
a changed configuration gets a new key. The history database is opened through ``core.store``."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import QLabel, QLineEdit, QMessageBox, QPushButton, QTextBrowser, QWizard

from core.base.errors import StoreError
from core.domain.request_parsing import parse_request
from core.store import HistoryStore
from gui.wizard import PlanWizard, store_calls
from tests.test_gui_history import Answers
from tests.test_gui_wizard import click_next, settle, type_into

REQUEST = {
    "workload": "inference",
    "model": {"preset": "llama-3.1-8b"},
    "inference": {"context_tokens": 8192, "concurrent_sequences": 4},
    "gpu": "l40s",
    "term": {"unit": "day", "count": 3},
}


@pytest.fixture(autouse=True)
def answers() -> Iterator[Answers]:
    """Every purchase question is answered Yes unless a test says otherwise.

    A patch of its own, so a test's ``monkeypatch.undo()`` leaves the answers in place.
    """
    with pytest.MonkeyPatch.context() as patch:
        yield Answers().install(patch)


@pytest.fixture
def review(main_window, qtbot) -> PlanWizard:
    """The wizard on its review page for ``REQUEST``, reopened as a draft and walked through."""
    wizard = main_window.page("plan").wizard
    wizard.load_request(parse_request(REQUEST))
    while wizard.currentPage() is not wizard.review_page:
        click_next(qtbot, wizard)
    yield wizard
    QThreadPool.globalInstance().waitForDone(5000)


def place_button(wizard: PlanWizard) -> QPushButton:
    return wizard.findChild(QPushButton, "placeOrderButton")


def shown_key(wizard: PlanWizard) -> str:
    return wizard.findChild(QLabel, "idempotencyKey").text()


def status(wizard: PlanWizard) -> str:
    return wizard.findChild(QLabel, "reviewStatus").text()


def orders(app_state) -> list:
    with HistoryStore(app_state.db_path) as store:
        rows = store.list_history(kind="order")
        return [store.get_order(row.id) for row in rows]


def test_the_key_is_shown_when_the_review_opens(review):
    key = shown_key(review)
    assert len(key) == 36 and key.count("-") == 4  # a uuid4
    assert place_button(review).isEnabled()


def test_double_clicking_place_makes_exactly_one_order(review, app_state, qtbot):
    key = shown_key(review)
    button = place_button(review)
    qtbot.mouseDClick(button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert not button.isEnabled()  # disabled while the placement is in flight
    qtbot.waitUntil(lambda: "placed (simulated)" in status(review), timeout=10_000)
    placed = orders(app_state)
    assert len(placed) == 1
    assert placed[0].idempotency_key == key
    assert placed[0].gpu == "l40s" and placed[0].term_unit == "day"
    assert placed[0].id in status(review)
    review.review_page.place_order()  # any further attempt changes nothing
    assert len(orders(app_state)) == 1


def test_a_retry_after_a_lost_confirmation_reuses_the_key(review, app_state, qtbot, monkeypatch):
    real = store_calls.place_order

    def commits_then_fails(store, quote, key):
        real(store, quote, key)
        raise StoreError("the connection dropped before the confirmation arrived")

    monkeypatch.setattr(store_calls, "place_order", commits_then_fails)
    key = shown_key(review)
    qtbot.mouseClick(place_button(review), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "not confirmed" in status(review), timeout=10_000)
    assert "connection dropped" in status(review)
    assert place_button(review).isEnabled()
    monkeypatch.undo()
    qtbot.mouseClick(place_button(review), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "already placed with this key" in status(review), timeout=10_000)
    assert shown_key(review) == key
    placed = orders(app_state)
    assert [order.idempotency_key for order in placed] == [key]


def test_a_retry_after_a_failure_before_the_order_places_it_once(
    review, app_state, qtbot, monkeypatch
):
    keys: list[str] = []

    def busy(store, quote, key):
        keys.append(key)
        raise StoreError("history database is busy; try again in a moment")

    monkeypatch.setattr(store_calls, "place_order", busy)
    qtbot.mouseClick(place_button(review), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "busy" in status(review), timeout=10_000)
    assert orders(app_state) == []
    monkeypatch.undo()
    qtbot.mouseClick(place_button(review), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "placed (simulated)" in status(review), timeout=10_000)
    assert [order.idempotency_key for order in orders(app_state)] == keys == [shown_key(review)]


def test_going_back_and_changing_a_field_gives_a_new_key(review, app_state, qtbot):
    first = shown_key(review)
    back = review.button(QWizard.WizardButton.BackButton)
    qtbot.mouseClick(back, Qt.MouseButton.LeftButton)
    click_next(qtbot, review)
    assert shown_key(review) == first  # nothing changed: still the same placement
    qtbot.mouseClick(place_button(review), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "placed (simulated)" in status(review), timeout=10_000)
    while review.currentPage() is not review.sizes_page:
        qtbot.mouseClick(back, Qt.MouseButton.LeftButton)
    type_into(qtbot, review.findChild(QLineEdit, "contextTokens"), "16384")
    settle(qtbot, review)
    while review.currentPage() is not review.review_page:
        click_next(qtbot, review)
    second = shown_key(review)
    assert second != first
    assert place_button(review).isEnabled()
    qtbot.mouseClick(place_button(review), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "placed (simulated)" in status(review), timeout=10_000)
    assert sorted(o.idempotency_key for o in orders(app_state)) == sorted([first, second])


def test_a_new_draft_is_a_new_purchase(review, main_window, qtbot):
    first = shown_key(review)
    main_window.commands.new_plan.trigger()
    review.load_request(parse_request(REQUEST))
    while review.currentPage() is not review.review_page:
        click_next(qtbot, review)
    assert shown_key(review) != first


def test_save_quote_keeps_the_snapshot_and_the_label(review, app_state, qtbot):
    type_into(qtbot, review.findChild(QLineEdit, "quoteLabel"), "chatbot staging")
    save = review.findChild(QPushButton, "saveQuoteButton")
    qtbot.mouseClick(save, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Saved as quote" in status(review), timeout=10_000)
    assert not save.isEnabled()
    quote = review.review_page.quote
    with HistoryStore(app_state.db_path) as store:
        saved = store.get_quote(quote.id)
        assert store.count_history(kind="quote") == 1
    assert saved.label == "chatbot staging"
    assert saved.total == quote.total
    assert saved.request == quote.request


@pytest.fixture
def not_a_database(user_data_dir: Path) -> Path:
    """A history file that is not SQLite, there before the app opens it."""
    user_data_dir.mkdir(parents=True, exist_ok=True)
    path = user_data_dir / "history.sqlite"
    path.write_bytes(b"this is not a database" * 10)
    return path


def test_a_store_error_is_one_clear_message(not_a_database, review, app_state, qtbot):
    assert app_state.db_path == not_a_database
    qtbot.mouseClick(place_button(review), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "not a SQLite database" in status(review), timeout=10_000)
    assert status(review).count("\n") == 0
    assert place_button(review).isEnabled()


def test_a_key_already_used_for_another_request_is_refused_clearly(review, app_state, qtbot):
    from core.domain.catalog import default_catalog
    from core.estimate.dispatch import estimate
    from core.estimate.results import estimate_to_json
    from core.pricing.prices import price_for
    from core.quotes.quote import build_quote, utc_now

    other = parse_request({**REQUEST, "term": {"unit": "day", "count": 5}})
    catalog = default_catalog()
    result = estimate(other, catalog)
    price = price_for(catalog, result.gpu, result.gpus, other.term)
    quote = build_quote(
        other, estimate_to_json(result), result.gpu, result.gpus, catalog, price, now=utc_now()
    )
    with HistoryStore(app_state.db_path) as store:  # e.g. the same key typed on the command line
        store.place_order(quote, shown_key(review))
    qtbot.mouseClick(place_button(review), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: status(review).startswith("Refused:"), timeout=10_000)
    assert "use a new key for a new purchase" in status(review)
    assert len(orders(app_state)) == 1


def test_place_order_asks_first_and_no_places_nothing(review, app_state, qtbot, answers):
    answers.answer = QMessageBox.StandardButton.No
    qtbot.mouseClick(place_button(review), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(answers.questions), timeout=10_000)
    qtbot.waitUntil(lambda: place_button(review).isEnabled(), timeout=10_000)
    [question] = answers.questions
    assert "Place a simulated order for 1 × NVIDIA L40S · 48 GiB" in question
    assert shown_key(review) in question
    assert orders(app_state) == []


def test_a_configuration_that_already_has_an_order_says_so_before_a_second_purchase(
    review, app_state, qtbot, answers
):
    qtbot.mouseClick(place_button(review), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "placed (simulated)" in status(review), timeout=10_000)
    [first] = orders(app_state)
    assert "already has an order" not in answers.questions[0]
    # A new draft of the same configuration (a new key) is about to buy it a second time.
    review.review_page.start_draft()
    review.review_page.initializePage()
    answers.answer = QMessageBox.StandardButton.No
    qtbot.mouseClick(place_button(review), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(answers.questions) == 2, timeout=10_000)
    second = answers.questions[1]
    assert second.startswith("This configuration already has an order: " + first.id)
    qtbot.waitUntil(lambda: first.id in status(review), timeout=10_000)
    assert len(orders(app_state)) == 1


def test_changing_the_tax_on_the_review_page_reprices_the_open_draft(review, app_state, qtbot):
    before = review.review_page.quote
    assert before.price.line("tax") is None
    app_state.update_settings(tax_rate=Decimal("0.2"))
    after = review.review_page.quote
    assert after.price.line("tax") is not None
    assert after.total > before.total
    assert "Tax 20 %" in review.findChild(QTextBrowser, "quoteView").toPlainText()
    assert "Re-priced" in status(review)


def test_after_placing_the_review_shows_the_order_not_the_quote(review, app_state, qtbot):
    page = review.review_page
    page.save_quote()
    qtbot.waitUntil(lambda: "Saved as quote" in status(review), timeout=10_000)
    document = review.findChild(QTextBrowser, "quoteView")
    before = document.toPlainText()
    assert "Saved quote" in before and "an order starts when it is placed" in before
    qtbot.mouseClick(place_button(review), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "placed (simulated)" in status(review), timeout=10_000)
    [order] = orders(app_state)
    from gui.presentation.formats import utc

    shown = document.toPlainText()
    assert shown.startswith(f"Order {order.id}")
    assert "Saved quote" not in shown and "an order starts when it is placed" not in shown
    words = " ".join(shown.split())
    assert f"Paid from {utc(order.paid_from)}" in words
    assert f"Paid until {utc(order.paid_until)}" in words
    assert "Placed at" in shown and order.idempotency_key in shown
    summary = page.copy_summary(markdown=False)
    assert summary.startswith(f"Order {order.id}")


def save_button(wizard: PlanWizard) -> QPushButton:
    return wizard.findChild(QPushButton, "saveQuoteButton")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_once_placed_the_subtitle_says_so_and_saving_no_longer_applies(
    review, app_state, qtbot, language
):
    page = review.review_page
    app_state.update_settings(language=language)
    qtbot.waitUntil(lambda: ("Ничего" in page.subTitle()) == (language == "ru"), timeout=2000)
    waiting = page.subTitle()
    assert save_button(review).isEnabled()
    qtbot.mouseClick(place_button(review), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not page._placing and page._placed is not None, timeout=10_000)
    [order] = orders(app_state)
    subtitle = page.subTitle()
    assert subtitle != waiting and order.id in subtitle
    if language == "en":
        assert "Nothing is saved or placed" not in subtitle and "placed" in subtitle
    else:
        assert "размещ" in subtitle and "Ничего не" not in subtitle
    assert not save_button(review).isEnabled() and not place_button(review).isEnabled()
    assert review.findChild(QLineEdit, "quoteLabel").isReadOnly()
    page.save_quote()  # nothing to save once the order is the record
    page.place_order()  # nor to place again: still the one order
    with HistoryStore(app_state.db_path) as store:
        assert [row.kind for row in store.list_history()] == ["order"]
    app_state.update_settings(language="ru" if language == "en" else "en")
    qtbot.waitUntil(lambda: page.subTitle() != subtitle, timeout=2000)  # worded again
    assert order.id in page.subTitle()


def test_after_saving_the_subtitle_says_the_quote_is_saved(review, qtbot):
    page = review.review_page
    page.save_quote()
    qtbot.waitUntil(lambda: "Saved as quote" in status(review), timeout=10_000)
    assert "saved in the history" in page.subTitle()
    assert "Nothing is saved" not in page.subTitle()
