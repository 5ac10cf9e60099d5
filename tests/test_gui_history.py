"""The History page as a user meets it: the list, search, filters, sorting, the detail, orders."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QTableView,
    QTabWidget,
    QTextBrowser,
    QWidget,
)

from core.domain.catalog import bundled_catalog_path
from core.domain.request import PlanRequest
from core.store import HistoryStore
from gui.history import HistoryView
from gui.history.history_table_model import (
    DATE,
    GPU,
    LABEL,
    MODEL,
    ROW_ROLE,
    STATUS,
    STRATEGY,
    TERM,
    TIME_LEFT,
    TOTAL,
    WORKLOAD,
)
from tests.catalog_prices import compute, rate, usd
from tests.store_helpers import NOW, make_quote

H100 = "h100-80gb-sxm"  # the offer make_quote prices, on its one-week term

VIEW_NOW = NOW + timedelta(days=2)  # 2026-11-04 10:00 UTC, the view's "now"


class Answers:
    """Stands in for QMessageBox's static functions: answers questions, records every text."""

    def __init__(self, answer: QMessageBox.StandardButton = QMessageBox.StandardButton.Yes):
        self.answer = answer
        self.questions: list[str] = []
        self.infos: list[str] = []
        self.errors: list[str] = []

    def install(self, monkeypatch: pytest.MonkeyPatch) -> Answers:
        def question(_parent, _title, text, *_args):
            self.questions.append(text)
            return self.answer

        monkeypatch.setattr(QMessageBox, "question", question)
        monkeypatch.setattr(
            QMessageBox, "information", lambda _p, _t, text: self.infos.append(text)
        )
        monkeypatch.setattr(QMessageBox, "critical", lambda _p, _t, text: self.errors.append(text))
        return self


@pytest.fixture
def answers(monkeypatch: pytest.MonkeyPatch) -> Answers:
    return Answers().install(monkeypatch)


class Clock:
    def __init__(self, now: datetime = NOW) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def fill_history(path: Path) -> dict[str, str]:
    """Two saved quotes, a placed order, a stopped one and an expired one; their ids by label."""
    ids: dict[str, str] = {}
    clock = Clock()
    with HistoryStore(path, clock=clock) as store:
        llama = make_quote(
            label="Llama serving", now=NOW - timedelta(days=3), notes="chat assistant"
        )
        mistral = make_quote(
            label="Mistral fine-tune", now=NOW - timedelta(days=2), workload="training"
        )
        for quote in (llama, mistral):
            store.save_quote(quote)
            ids[quote.label] = quote.id
        for label, gpus, placed, key in (
            ("Batch embeddings", 2, NOW - timedelta(days=1), "key-placed"),
            ("Nightly eval", 1, NOW - timedelta(hours=12), "key-stopped"),
            ("Old demo", 4, NOW - timedelta(days=30), "key-expired"),
        ):
            clock.now = placed
            ids[label] = store.place_order(
                make_quote(label=label, gpus=gpus, now=placed), key
            ).order.id
        clock.now = NOW - timedelta(hours=6)
        store.stop_order(ids["Nightly eval"])
    return ids


@pytest.fixture
def history(app_state, user_data_dir: Path) -> dict[str, str]:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    return fill_history(app_state.db_path)


def open_view(
    qtbot, app_state, store_services, *, clock: Callable[[], datetime] = lambda: VIEW_NOW
) -> HistoryView:
    service = store_services(app_state.db_path, clock=clock)
    view = HistoryView(app_state, service, clock=clock)
    qtbot.addWidget(view)
    view.resize(1200, 700)
    with qtbot.waitSignal(view.model.pageLoaded, timeout=10_000):
        view.show()
    return view


@pytest.fixture
def view(qtbot, app_state, history, store_services) -> HistoryView:
    return open_view(qtbot, app_state, store_services)


def table(view: QWidget) -> QTableView:
    return view.findChild(QTableView, "historyTable")


def cells(view: QWidget, column: int) -> list[str]:
    model = table(view).model()
    return [model.index(row, column).data() for row in range(model.rowCount())]


def row_of(view: QWidget, label: str, status: str | None = None) -> int:
    rows = zip(cells(view, LABEL), cells(view, STATUS), strict=True)
    return [(a, b if status else None) for a, b in rows].index((label, status))


def detail_text(view: QWidget) -> str:
    return view.findChild(QTextBrowser, "historyDetail").toPlainText()


def select(qtbot, view: QWidget, label: str, expect: str, status: str | None = None) -> None:
    """Click the row labelled ``label`` and wait until the detail pane shows ``expect``."""
    tbl = table(view)
    index = tbl.model().index(row_of(view, label, status), 0)
    entity_id = index.data(ROW_ROLE).id
    tbl.scrollTo(index)
    qtbot.mouseClick(tbl.viewport(), Qt.MouseButton.LeftButton, pos=tbl.visualRect(index).center())
    qtbot.waitUntil(lambda: entity_id in detail_text(view) and expect in detail_text(view))


def action(view: QWidget, name: str) -> QAction:
    found = view.findChild(QAction, name)
    assert found is not None, name
    return found


def test_the_list_shows_saved_quotes_and_orders_newest_first(view, qtbot):
    assert cells(view, LABEL) == [
        "Nightly eval",
        "Batch embeddings",
        "Mistral fine-tune",
        "Llama serving",
        "Old demo",
    ]
    row = row_of(view, "Batch embeddings")
    values = {column: cells(view, column)[row] for column in range(10)}
    assert values == {
        DATE: "2026-11-01 10:00",
        LABEL: "Batch embeddings",
        WORKLOAD: "Inference",
        MODEL: "Custom 8B",
        GPU: "2 × NVIDIA H100 SXM · 80 GiB",  # the display name, never the catalog id
        STRATEGY: "FSDP (sharded)",
        TERM: "1 week",
        TOTAL: usd(compute(H100, "week", gpus=2)),
        STATUS: "Placed",
        TIME_LEFT: "4 d 0 h",
    }
    assert cells(view, STATUS) == ["Stopped", "Placed", "Saved quote", "Saved quote", "Expired"]
    assert cells(view, TIME_LEFT)[2:] == ["—", "—", "ended"]
    qtbot.waitUntil(lambda: view.findChild(QLabel, "historyCount").text() == "Showing 5 of 5")


def test_search_goes_through_the_full_text_index(view, qtbot):
    box = view.findChild(QLineEdit, "historySearch")
    qtbot.keyClicks(box, "llama")
    qtbot.waitUntil(lambda: cells(view, LABEL) == ["Llama serving"])
    box.clear()
    qtbot.keyClicks(box, "chat assist")  # notes, every word as a prefix
    qtbot.waitUntil(lambda: cells(view, LABEL) == ["Llama serving"])
    box.clear()
    qtbot.keyClicks(box, 'eval" OR *')  # query syntax is searched for as words, never parsed
    qtbot.waitUntil(lambda: cells(view, LABEL) == [])
    box.clear()
    qtbot.waitUntil(lambda: len(cells(view, LABEL)) == 5)


def test_search_finds_gpus_by_the_display_name_shown_and_models_by_name(view, qtbot):
    box = view.findChild(QLineEdit, "historySearch")
    shown = cells(view, GPU)[0].split(" × ", 1)[1]
    assert shown == "NVIDIA H100 SXM · 80 GiB"
    qtbot.keyClicks(box, shown)
    qtbot.waitUntil(lambda: len(cells(view, LABEL)) == 5)
    box.clear()
    qtbot.keyClicks(box, "NVIDIA L4")  # another GPU: nothing, not everything
    qtbot.waitUntil(lambda: cells(view, LABEL) == [])
    box.clear()
    qtbot.keyClicks(box, "Custom 8B")  # the model's name
    qtbot.waitUntil(lambda: len(cells(view, LABEL)) == 5)


def test_status_and_workload_filters(view, qtbot):
    status = view.findChild(QComboBox, "historyStatusFilter")
    workload = view.findChild(QComboBox, "historyWorkloadFilter")
    status.setCurrentIndex(status.findData("stopped"))
    qtbot.waitUntil(lambda: cells(view, LABEL) == ["Nightly eval"])
    status.setCurrentIndex(status.findData("saved"))
    qtbot.waitUntil(lambda: cells(view, LABEL) == ["Mistral fine-tune", "Llama serving"])
    workload.setCurrentIndex(workload.findData("training"))
    qtbot.waitUntil(lambda: cells(view, LABEL) == ["Mistral fine-tune"])
    status.setCurrentIndex(0)
    qtbot.waitUntil(lambda: cells(view, WORKLOAD) == ["Training"])
    qtbot.waitUntil(
        lambda: (
            view.findChild(QLabel, "historyCount").text()
            == "Showing 1 of 1 matching the search and filters (5 in all)"
        )
    )


def click_header(qtbot, view: QWidget, column: int) -> None:
    header = table(view).horizontalHeader()
    x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
    qtbot.mouseClick(
        header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, header.height() // 2)
    )


def amount(text: str) -> Decimal:
    return Decimal(text.split()[0].replace(",", ""))


def test_sorting_by_total(view, qtbot):
    header = table(view).horizontalHeader()
    click_header(qtbot, view, TOTAL)
    first = [amount(text) for text in cells(view, TOTAL)]
    ascending = header.sortIndicatorOrder() == Qt.SortOrder.AscendingOrder
    assert first == sorted(first, reverse=not ascending)
    assert first != sorted(first, reverse=ascending)  # the totals differ: the order is visible
    click_header(qtbot, view, TOTAL)
    assert [amount(text) for text in cells(view, TOTAL)] == sorted(first, reverse=ascending)
    assert set(cells(view, TOTAL)) == {usd(compute(H100, "week", gpus=n)) for n in (1, 2, 4)}


def test_the_detail_shows_the_snapshot_not_todays_catalog(view, app_state, qtbot, tmp_path):
    raw = json.loads(bundled_catalog_path().read_text("utf-8"))
    for gpu in raw["gpus"]:
        if gpu["id"] == "h100-80gb-sxm":
            gpu["price_per_gpu_hour"] = {
                "hour": "9.99",
                "day": "9.89",
                "week": "9.69",
                "month": "9.39",
            }
    raw["catalog_id"], raw["as_of"] = "anchorgpu-2027-01", "2027-01-01"
    newer = tmp_path / "newer-catalog.json"
    newer.write_text(json.dumps(raw), "utf-8")
    app_state.import_catalog(newer)
    assert str(app_state.catalog.gpu("h100-80gb-sxm").price_per_gpu_hour.week) == "9.69"
    select(qtbot, view, "Llama serving", "Saved quote q-")
    text = detail_text(view)
    assert "GPU and unit prices as of 2026-11-01" in text
    week, hour = rate(H100, "week"), rate(H100, "hour")  # the snapshot's, today's bundled ones
    assert f"{week} USD per GPU-hour" in text and f"{hour} USD per GPU-hour" in text
    assert "9.69" not in text and "2027-01-01" not in text
    assert f"GPU compute: 1 × NVIDIA H100 SXM · 80 GiB × 168 h × {week} USD/GPU-hour" in text
    assert "h100-80gb-sxm" not in text
    assert usd(compute(H100, "week")) in text
    assert "Term start" in text and "an order starts when it is placed" in text
    assert "chat assistant" in text  # notes
    assert "they do not guarantee" in text  # the glossary's disclaimer
    assert "Fixed rental term" in text and "Idempotency key" in text


def test_stopping_an_order_keeps_its_paid_period_and_total(
    view, qtbot, answers, app_state, history
):
    select(qtbot, view, "Batch embeddings", "Order o-")
    before = detail_text(view)
    assert "Paid until" in before and "2026-11-08 10:00 UTC" in before
    assert action(view, "historyStopAction").isEnabled()
    action(view, "historyStopAction").trigger()
    qtbot.waitUntil(lambda: cells(view, STATUS)[row_of(view, "Batch embeddings")] == "Stopped")
    [question] = answers.questions
    assert "continues until 2026-11-08 10:00 UTC" in question
    paid = compute(H100, "week", gpus=2)
    assert "nothing is refunded" in question and usd(paid) in question
    qtbot.waitUntil(lambda: "Stopped at" in detail_text(view))
    assert "2026-11-08 10:00 UTC" in detail_text(view)
    assert not action(view, "historyStopAction").isEnabled()
    assert cells(view, TIME_LEFT)[row_of(view, "Batch embeddings")] == "4 d 0 h"
    with HistoryStore(app_state.db_path) as store:
        order = store.get_order(history["Batch embeddings"])
    assert order.stopped_at == VIEW_NOW
    assert order.paid_until == datetime(2026, 11, 8, 10, tzinfo=UTC)
    assert order.total == paid


def test_declining_the_confirmation_stops_nothing(view, qtbot, monkeypatch, app_state, history):
    answers = Answers(QMessageBox.StandardButton.No).install(monkeypatch)
    select(qtbot, view, "Batch embeddings", "Order o-")
    action(view, "historyStopAction").trigger()
    assert len(answers.questions) == 1
    with HistoryStore(app_state.db_path) as store:
        assert store.get_order(history["Batch embeddings"]).stopped_at is None


def _orders(path: Path) -> int:
    with HistoryStore(path) as store:
        return store.count_history(kind="order")


def test_placing_twice_from_one_opened_quote_makes_one_order(view, qtbot, answers, app_state):
    select(qtbot, view, "Llama serving", "Key of the next placement", "Saved quote")
    key = detail_text(view).split("Key of the next placement")[1].split()[0]
    place = action(view, "historyPlaceAction")
    place.trigger()
    place.trigger()  # a double click: both go to the store with the same key
    qtbot.waitUntil(lambda: "nothing new was placed" in _notice(view), timeout=15_000)
    assert _orders(app_state.db_path) == 4
    qtbot.waitUntil(lambda: len(cells(view, LABEL)) == 6)
    assert cells(view, LABEL)[0] == "Llama serving" and cells(view, STATUS)[0] == "Placed"
    with HistoryStore(app_state.db_path) as store:
        order = store.get_order(store.list_history(kind="order", limit=1)[0].id)
    assert order.idempotency_key == key
    assert all(key in question for question in answers.questions)
    # The view moves to the new order once the list is read again.
    qtbot.waitUntil(lambda: order.id in detail_text(view))
    # Opening the quote again starts a new purchase with a new key.
    select(qtbot, view, "Llama serving", "Key of the next placement", "Saved quote")
    qtbot.waitUntil(lambda: key not in detail_text(view))
    assert "Key of the next placement" in detail_text(view)
    place.trigger()
    qtbot.waitUntil(lambda: _orders(app_state.db_path) == 5, timeout=5000)


def test_a_saved_quote_that_already_has_an_order_shows_it_before_a_second_purchase(
    view, qtbot, monkeypatch, app_state
):
    answers = Answers(QMessageBox.StandardButton.Yes).install(monkeypatch)
    select(qtbot, view, "Llama serving", "Key of the next placement", "Saved quote")
    action(view, "historyPlaceAction").trigger()
    qtbot.waitUntil(lambda: _orders(app_state.db_path) == 4, timeout=5000)
    # The fixture's orders were bought for the same request: the question names the newest.
    assert answers.questions[0].startswith("This configuration already has an order: o-")
    with HistoryStore(app_state.db_path) as store:
        order_id = store.list_history(kind="order", limit=1)[0].id
    answers.answer = QMessageBox.StandardButton.No
    select(qtbot, view, "Llama serving", "Key of the next placement", "Saved quote")
    action(view, "historyPlaceAction").trigger()
    qtbot.waitUntil(lambda: len(answers.questions) == 2, timeout=5000)
    assert answers.questions[1].startswith(f"This configuration already has an order: {order_id}")
    assert "Placed, placed at 2026-11-04 10:00 UTC" in answers.questions[1]
    assert _orders(app_state.db_path) == 4


def test_the_status_line_follows_the_language(view, qtbot, answers, app_state):
    select(qtbot, view, "Batch embeddings", "Order o-")
    action(view, "historyStopAction").trigger()
    qtbot.waitUntil(lambda: "stopped; it stays paid until" in _notice(view), timeout=5000)
    app_state.update_settings(language="ru")
    qtbot.waitUntil(lambda: "остановлен" in _notice(view).casefold(), timeout=5000)
    assert "stays paid" not in _notice(view)
    app_state.update_settings(language="en")


def _notice(view: QWidget) -> str:
    return view.findChild(QWidget, "historyNotice").text()


def test_reopen_as_new_draft_loads_the_quoted_request_into_the_plan_page(
    main_window, qtbot, app_state
):
    page = main_window.page("history")
    qtbot.waitUntil(lambda: page.store_service.is_open)  # the page has created the database
    start = datetime(2020, 1, 6, 9, tzinfo=UTC)  # long past: the draft starts when placed
    quote = make_quote(label="Past start", term={"unit": "day", "count": 3, "start": start})
    with HistoryStore(app_state.db_path) as store:
        store.save_quote(quote)
    main_window.show_page("history")
    action(page, "historyRefreshAction").trigger()
    qtbot.waitUntil(lambda: "Past start" in cells(page, LABEL), timeout=5000)
    select(qtbot, page, "Past start", "Saved quote")
    action(page, "historyReopenAction").trigger()
    wizard = main_window.page("plan").wizard
    request = wizard.draft.loaded
    assert wizard.draft.label == "Past start"  # the new draft starts from the chosen quote
    expected = PlanRequest.model_validate(quote.request)
    assert request.term.start is None
    assert request.model_copy(
        update={"term": expected.term.model_copy(update={"start": None})}
    ) == (request)
    assert request.term.unit == "day" and request.term.count == 3
    assert wizard.current_request().term == request.term  # and the pages show it
    central = main_window.findChild(QTabWidget, "centralPages").currentWidget()
    assert central is main_window.page("plan")


def test_ctrl_f_on_the_history_page_focuses_its_search(main_window, qtbot):
    main_window.show_page("history")
    main_window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main_window)
    qtbot.keyClick(main_window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is main_window.findChild(QLineEdit, "historySearch")


def test_the_history_page_is_translated_to_russian(view, app_state, qtbot):
    english = {a.objectName(): a.text() for a in view.findChildren(QAction) if a.text()}
    headers = [table(view).model().headerData(c, Qt.Orientation.Horizontal) for c in range(10)]
    app_state.update_settings(language="ru")
    qtbot.waitUntil(
        lambda: action(view, "historyStopAction").text() != english["historyStopAction"]
    )
    russian = {a.objectName(): a.text() for a in view.findChildren(QAction) if a.text()}
    assert not {name for name, text in english.items() if russian[name] == text}
    translated = [table(view).model().headerData(c, Qt.Orientation.Horizontal) for c in range(10)]
    assert all(a != b for a, b in zip(headers, translated, strict=True)), translated
    assert cells(view, STATUS)[0] == "Остановлен"
    assert cells(view, TERM)[1] == "1 неделя"
    qtbot.waitUntil(lambda: view.findChild(QLabel, "historyCount").text() == "Показано 5 из 5")
    select(qtbot, view, "Batch embeddings", "Заказ o-")
    assert "не гарантируют" in detail_text(view)  # the seed's disclaimer, verbatim
    app_state.update_settings(language="en")
    qtbot.waitUntil(
        lambda: action(view, "historyStopAction").text() == english["historyStopAction"]
    )


def test_a_change_made_through_another_connection_shows_without_a_refresh(view, qtbot, app_state):
    with HistoryStore(app_state.db_path, clock=lambda: VIEW_NOW) as store:
        store.save_quote(make_quote(label="Saved elsewhere", now=VIEW_NOW))
    with qtbot.waitSignal(view.store_service.changed, timeout=5000):
        pass  # the service notices the other connection's commit by itself
    qtbot.waitUntil(lambda: "Saved elsewhere" in cells(view, LABEL))


def test_a_quote_that_does_not_fit_cannot_be_placed(
    qtbot, app_state, user_data_dir, store_services
):
    user_data_dir.mkdir(parents=True, exist_ok=True)
    with HistoryStore(app_state.db_path) as store:
        store.save_quote(make_quote(label="Too big", fits=False))
        store.save_quote(make_quote(label="Fits", now=NOW + timedelta(seconds=1)))
    view = open_view(qtbot, app_state, store_services)
    select(qtbot, view, "Too big", "Saved quote")
    assert not action(view, "historyPlaceAction").isEnabled()
    select(qtbot, view, "Fits", "Saved quote")
    assert action(view, "historyPlaceAction").isEnabled()


def test_every_history_string_has_a_russian_translation(monkeypatch):
    from gui import i18n_build

    history = i18n_build.GUI_DIR / "history"
    monkeypatch.setattr(i18n_build, "sources", lambda: sorted(history.glob("*.py")))
    assert i18n_build.untranslated() == []


def count_text(view: QWidget) -> str:
    return view.findChild(QLabel, "historyCount").text()


def test_a_search_that_hides_every_row_says_how_many_there_are(view, qtbot):
    qtbot.waitUntil(lambda: count_text(view) == "Showing 5 of 5")  # nothing narrowed: no more
    qtbot.keyClicks(view.findChild(QLineEdit, "historySearch"), "nothing-like-this")
    qtbot.waitUntil(lambda: cells(view, LABEL) == [])
    qtbot.waitUntil(
        lambda: count_text(view) == "Showing 0 of 0 matching the search and filters (5 in all)"
    )


def test_the_detail_and_its_commands_follow_the_rows_listed(view, qtbot):
    select(qtbot, view, "Llama serving", "Saved quote")
    commands = ("historyReopenAction", "historyPlaceAction", "historyEditAction")
    commands += ("historyPrintAction",)
    assert all(action(view, name).isEnabled() for name in commands)
    status = view.findChild(QComboBox, "historyStatusFilter")
    status.setCurrentIndex(status.findData("saved"))  # still listed: still shown
    qtbot.waitUntil(lambda: cells(view, LABEL) == ["Mistral fine-tune", "Llama serving"])
    assert "Llama serving" in detail_text(view)
    assert table(view).selectionModel().currentIndex().data(ROW_ROLE).label == "Llama serving"
    qtbot.keyClicks(view.findChild(QLineEdit, "historySearch"), "mistral")  # hidden now
    qtbot.waitUntil(lambda: cells(view, LABEL) == ["Mistral fine-tune"])
    qtbot.waitUntil(lambda: "Llama serving" not in detail_text(view))
    assert detail_text(view) == "Select a quote or an order to see it as quoted."
    assert not any(action(view, name).isEnabled() for name in commands)


def test_the_label_and_notes_of_an_order_are_edited_in_place(
    view, qtbot, app_state, history, monkeypatch
):
    from gui.history.annotate_dialog import AnnotateDialog

    select(qtbot, view, "Batch embeddings", "Order")

    def answer(dialog: AnnotateDialog) -> int:
        assert dialog.label() == "Batch embeddings"
        dialog.findChild(QLineEdit, "annotateLabel").setText("Embeddings for search")
        dialog.findChild(QWidget, "annotateNotes").setPlainText("weekly re-index")
        return AnnotateDialog.DialogCode.Accepted

    monkeypatch.setattr(AnnotateDialog, "exec", answer)
    action(view, "historyEditAction").trigger()
    qtbot.waitUntil(lambda: "Embeddings for search" in cells(view, LABEL), timeout=5000)
    qtbot.waitUntil(lambda: "weekly re-index" in detail_text(view))
    assert "Label and notes of" in _notice(view)
    with HistoryStore(app_state.db_path) as store:
        order = store.get_order(history["Batch embeddings"])
        assert (order.label, order.notes) == ("Embeddings for search", "weekly re-index")
        assert order.total == order.quote.total  # nothing else changed


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_label_column_keeps_its_width_on_a_1280_pixel_screen(view, qtbot, app_state, language):
    from gui.history.history_view_layout import LABEL_CHARACTERS, MODEL_WIDTH

    app_state.update_settings(language=language)
    view.resize(1264, 760)  # the History page of a 1280 × 800 main window
    qtbot.wait(50)  # the columns are fitted once the table has its new width
    header = table(view).horizontalHeader()
    least = table(view).fontMetrics().averageCharWidth() * LABEL_CHARACTERS
    width = table(view).viewport().width
    qtbot.waitUntil(lambda: sum(header.sectionSize(c) for c in range(10)) <= width())
    assert header.sectionSize(LABEL) >= least
    # the model gives up width only as far as the label needs it
    assert header.sectionSize(MODEL) >= MODEL_WIDTH or header.sectionSize(LABEL) <= least + 40
    model = table(view).model()
    gpu = model.index(0, GPU)
    assert gpu.data(Qt.ItemDataRole.ToolTipRole) == gpu.data()  # shown whole when shortened
    app_state.update_settings(language="en")


def test_a_custom_model_is_named_in_the_interface_language_in_the_model_column(
    qtbot, app_state, user_data_dir, store_services
):
    user_data_dir.mkdir(parents=True, exist_ok=True)
    with HistoryStore(app_state.db_path) as store:
        store.save_quote(
            make_quote(label="Own model", model_name="Custom model (7,000,000,000 parameters)")
        )
    view = open_view(qtbot, app_state, store_services)
    row = row_of(view, "Own model")
    assert cells(view, MODEL)[row] == "Custom model (7,000,000,000 parameters)"
    app_state.update_settings(language="ru")
    qtbot.waitUntil(lambda: cells(view, MODEL)[row].startswith("Своя модель"))
    assert (
        cells(view, MODEL)[row].replace("\u00a0", " ") == "Своя модель (7 000 000 000 параметров)"
    )
    tip = table(view).model().index(row, MODEL).data(Qt.ItemDataRole.ToolTipRole)
    assert tip == cells(view, MODEL)[row]
