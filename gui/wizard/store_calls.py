"""The history store calls the review page runs on the thread pool.

``core.store`` keeps a connection on the thread that opened it, so each call opens the store,
does one thing and closes it, all on the worker's thread. Placing an order is idempotent in the
store itself: the same key and request return the original order.
"""

from __future__ import annotations

from pathlib import Path

from core.quotes import Quote
from core.store import HistoryStore, PlaceResult


def save_quote_at(db_path: Path, quote: Quote) -> Quote:
    """Save ``quote`` in the history at ``db_path``."""
    with HistoryStore(db_path) as store:
        return store.save_quote(quote)


def place_order_at(db_path: Path, quote: Quote, idempotency_key: str) -> PlaceResult:
    """Place (or replay) the order for ``quote`` with ``idempotency_key``."""
    with HistoryStore(db_path) as store:
        return store.place_order(quote, idempotency_key)
