"""The one question asked before a (simulated) purchase, from Review and from History alike.

Before asking, the caller looks for an order already placed for the same quote or the same
request (:func:`existing_order`); the question then says so and names that order first, so a
second purchase is never made by accident.
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMessageBox, QWidget

from core.quotes.quote import Quote
from core.store import HistoryStore, Order
from gui.presentation import formats
from gui.presentation.names import Names
from gui.presentation.quote_document import quote_gpu, quote_sharding
from gui.translation import tr_id


def existing_order(store: HistoryStore, quote: Quote) -> tuple[Order | None, datetime]:
    """The newest order placed from ``quote`` or for the same request, and the store's time.

    Runs on the store service's thread.
    """
    row = store.conn.execute(
        "SELECT id FROM orders WHERE quote_id = ? OR request_sha256 = ? "
        "ORDER BY created_at DESC LIMIT 1",
        (quote.id, quote.request_sha256),
    ).fetchone()
    return (store.get_order(str(row[0])) if row else None), store.now()


class OrderQuestion(QObject):
    """Words and asks the purchase question."""

    def text(self, quote: Quote, key: str, existing: Order | None, now: datetime) -> str:
        """The question for buying ``quote`` with ``key``, naming ``existing`` first if any."""
        names = Names(self)
        if quote.start_given:
            period = tr_id(
                "OrderQuestion.the_paid_period_runs_from_start",
                "The paid period runs from {start} to {end}.",
            ).format(start=formats.utc(quote.term_start), end=formats.utc(quote.term_end))
        else:
            period = tr_id(
                "OrderQuestion.the_paid_period_starts_when_the",
                "The paid period starts when the order is placed.",
            )
        question = tr_id(
            "OrderQuestion.place_a_simulated_order_for_gpus",
            "Place a simulated order for {gpus} ({strategy}) for {term}?\n\n"
            "Total: {total}. {period}\n\nIdempotency key of this purchase: {key}",
        ).format(
            gpus=formats.gpus(quote_gpu(quote), quote.gpus),
            strategy=names.strategy(quote.strategy, quote_sharding(quote)),
            term=formats.term(quote.term_unit, quote.term_count),
            total=formats.money(quote.total, quote.currency),
            period=period,
            key=key,
        )
        if existing is None:
            return question
        already = tr_id(
            "OrderQuestion.this_configuration_already_has_an_order",
            "This configuration already has an order: {id}, {status}, placed at {placed}, "
            "paid until {until}. Placing again buys a second, separate order.",
        ).format(
            id=existing.id,
            status=names.status(existing.status(now)),
            placed=formats.utc(existing.created_at),
            until=formats.utc(existing.paid_until),
        )
        return f"{already}\n\n{question}"

    def ask(
        self, parent: QWidget, quote: Quote, key: str, existing: Order | None, now: datetime
    ) -> bool:
        """Ask; True when the user chose to place the order (No is the default)."""
        yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
        text = self.text(quote, key, existing, now)
        answer = QMessageBox.question(
            parent, tr_id("OrderQuestion.place_order", "Place Order"), text, yes | no, no
        )
        return bool(answer == yes)
