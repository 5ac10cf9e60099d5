"""A history of 100,000 orders opens on its first page and loads more only as the user scrolls."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QLabel, QLineEdit

from core.store import HistoryStore
from gui.app_state import AppState
from gui.history import HistoryView
from gui.history.history_table_model import PAGE_SIZE, ROW_ROLE
from gui.settings_store import SettingsStore
from tests.benchmarks.bench_store import ORDERS, QUOTES, build
from tests.store_helpers import NOW
from tests.test_gui_history import table

pytestmark = pytest.mark.slow
FIRST_PAGE_LIMIT_S = 3.0  # opening includes SQLite's quick_check of the whole 50 MB file


@pytest.fixture(scope="session")
def big_history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """100,000 orders and 2,000 saved quotes, built once with the store's schema and triggers."""
    path = tmp_path_factory.mktemp("large-history") / "history.sqlite"
    build(path)
    return path


@pytest.fixture
def big_view(qtbot, qapp, user_data_dir, big_history, store_services) -> tuple[HistoryView, float]:
    state = AppState(SettingsStore(user_data_dir), database=big_history)
    started = time.perf_counter()
    service = store_services(big_history, clock=lambda: NOW)
    view = HistoryView(state, service, clock=lambda: NOW)
    qtbot.addWidget(view)
    view.resize(1200, 700)
    with qtbot.waitSignal(view.model.pageLoaded, timeout=20_000):
        view.show()
    return view, time.perf_counter() - started


def test_100000_rows_open_on_the_first_page_and_load_more_as_they_scroll(big_view, qtbot):
    view, first_page = big_view
    model = view.model
    print(f"first page of {ORDERS + QUOTES:,} rows shown after {first_page * 1000:.0f} ms")
    assert first_page < FIRST_PAGE_LIMIT_S
    assert model.rowCount() == PAGE_SIZE
    assert model.canFetchMore()
    qtbot.waitUntil(lambda: model.total == ORDERS + QUOTES)
    count = view.findChild(QLabel, "historyCount")
    assert count.text() == f"Showing {PAGE_SIZE} of {QLocale().toString(ORDERS + QUOTES)}"

    scroll = table(view).verticalScrollBar()
    for pages in range(2, 6):
        qtbot.waitUntil(lambda: scroll.maximum() > scroll.value())  # the view laid out the rows
        started = time.perf_counter()
        with qtbot.waitSignal(model.pageLoaded, timeout=5000):
            scroll.setValue(scroll.maximum())  # the user drags to the end of what is loaded
        print(f"page {pages} loaded in {(time.perf_counter() - started) * 1000:.0f} ms")
        assert model.rowCount() == pages * PAGE_SIZE
    assert model.rowCount() < (ORDERS + QUOTES) // 100  # far below the whole history

    rows = [model.index(n, 0).data(ROW_ROLE) for n in range(model.rowCount())]
    assert len({row.id for row in rows}) == len(rows)  # keyset pages neither skip nor repeat
    keys = [(row.created_at, row.id) for row in rows]
    assert keys == sorted(keys, reverse=True)
    with HistoryStore(view.store_service.path, clock=lambda: NOW) as store:
        first = store.list_history(limit=PAGE_SIZE)
    assert [row.id for row in first] == [row.id for row in rows[:PAGE_SIZE]]


def test_searching_100000_rows_reads_one_page_of_hits(big_view, qtbot):
    view, _first_page = big_view
    model = view.model
    with HistoryStore(view.store_service.path, clock=lambda: NOW) as store:
        hits = store.count_history(search="charlie")
    assert PAGE_SIZE < hits < ORDERS
    search = view.findChild(QLineEdit, "historySearch")
    qtbot.keyClicks(search, "charlie")
    qtbot.waitUntil(lambda: model.query.search == "charlie" and model.total == hits)
    assert model.rowCount() == PAGE_SIZE
    labels = [model.index(n, 1).data() for n in range(model.rowCount())]
    assert all("charlie" in label for label in labels)
