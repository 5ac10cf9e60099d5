"""What the desktop history view reads besides pages: one order's list row, and change detection."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from core.store import HistoryStore
from tests.store_helpers import NOW, make_quote


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self):
        return self.now


def test_an_orders_history_row_is_the_row_the_listing_gives(tmp_path: Path) -> None:
    clock = Clock()
    with HistoryStore(tmp_path / "history.sqlite", clock=clock) as store:
        quote = make_quote(label="Llama serving", tax_rate="0.2")
        store.save_quote(quote)
        order = store.place_order(quote, "key-1").order
        clock.now = NOW + timedelta(hours=5)
        stopped = store.stop_order(order.id)
        for moment in (NOW + timedelta(hours=6), NOW + timedelta(days=8)):
            clock.now = moment
            listed = next(row for row in store.list_history() if row.id == order.id)
            assert stopped.history_row(moment) == listed
        assert stopped.history_row(NOW + timedelta(hours=6)).status == "stopped"
        assert stopped.history_row(NOW + timedelta(days=8)).status == "expired"
        assert stopped.history_row(NOW + timedelta(days=8)).time_left == timedelta(0)


def test_data_version_changes_only_for_commits_of_another_connection(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite"
    with HistoryStore(path, clock=lambda: NOW) as reader:
        before = reader.data_version()
        reader.save_quote(make_quote(label="own write"))
        assert reader.data_version() == before
        with HistoryStore(path, clock=lambda: NOW) as writer:
            writer.save_quote(make_quote(label="other write"))
        assert reader.data_version() != before
