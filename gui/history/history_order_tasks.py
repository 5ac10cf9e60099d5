"""Placing an order from a saved quote and stopping an order, each after a confirmation.

Placing carries an idempotency key chosen by the caller: the history view makes one per purchase
(when a saved quote is opened) and reuses it for every retry of that purchase, so a double click
or a retry after an error replays the first order in the store instead of placing a second one.

Stopping follows the fixed rental term rule: the confirmation says that the paid period continues
and that nothing is refunded, and the store changes neither paid-until nor any amount.
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from core.quotes.quote import Quote
from core.store import HistoryStore, Order, PlaceResult
from gui.history.error_message import show_error
from gui.presentation import formats
from gui.presentation.names import Names
from gui.presentation.order_question import OrderQuestion, existing_order
from gui.store_service import StoreService
from gui.translation import tr_id

Yes, No = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No


class HistoryOrderTasks(QObject):
    """Places and stops orders for the page ``page`` (dialogs are its children).

    Signals:
        placed(object, object): a :class:`PlaceResult` and the store's time.
        stopped(object, object): the stopped :class:`Order` and the store's time.
    """

    placed = Signal(object, object)
    stopped = Signal(object, object)

    def __init__(self, client: StoreService, names: Names, page: QWidget) -> None:
        super().__init__(page)
        self._client = client
        self._names = names
        self._page = page

    def place(self, quote: Quote, key: str) -> None:
        """Look for an order this quote already has, show it, ask, then place with ``key``."""
        title = tr_id("HistoryOrderTasks.place_order", "Place Order")
        self._client.call(
            lambda store: existing_order(store, quote),
            lambda found: self._confirm_place(quote, key, *found),
            lambda error: show_error(self._page, title, error),
        )

    def _confirm_place(self, quote: Quote, key: str, existing: Order | None, now: datetime) -> None:
        title = tr_id("HistoryOrderTasks.place_order", "Place Order")
        if not OrderQuestion(self).ask(self._page, quote, key, existing, now):
            return

        def run(store: HistoryStore) -> tuple[PlaceResult, datetime]:
            return store.place_order(quote, key), store.now()

        self._client.call(
            run,
            lambda result: self.placed.emit(*result),
            lambda error: show_error(self._page, title, error),
            owner=self,
        )

    def stop(self, order: Order, now: datetime) -> None:
        """Ask, then stop ``order``; its paid period and total stay as they are."""
        question = tr_id(
            "HistoryOrderTasks.stop_order_id_stopping_does_not",
            "Stop order {id}?\n\nStopping does not pause or shorten the paid period: it "
            "continues until {paid_until}, and nothing is refunded. The total of {total} stays "
            "as it is (fixed rental term).\n\nTime left in the paid period: {left}.",
        ).format(
            id=order.id,
            paid_until=formats.utc(order.paid_until),
            total=formats.money(order.total, order.currency),
            left=formats.duration(order.time_left(now)),
        )
        title = tr_id("HistoryOrderTasks.stop_order", "Stop Order")
        if QMessageBox.question(self._page, title, question, Yes | No, No) != Yes:
            return
        order_id = order.id

        def run(store: HistoryStore) -> tuple[Order, datetime]:
            return store.stop_order(order_id), store.now()

        self._client.call(
            run,
            lambda result: self.stopped.emit(*result),
            lambda error: show_error(self._page, title, error),
            owner=self,
        )
