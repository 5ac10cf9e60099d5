"""The history store calls the review page sends to the app's store service.

Each runs on the service's thread with the one connection it owns (see
:mod:`gui.store_service`). Placing an order is idempotent in the store itself: the same key and
request return the original order.
"""

from __future__ import annotations

from core.quotes.quote import Quote
from core.store import HistoryStore, PlaceResult


def save_quote(store: HistoryStore, quote: Quote) -> Quote:
    """Save ``quote`` in the history."""
    return store.save_quote(quote)


def place_order(store: HistoryStore, quote: Quote, idempotency_key: str) -> PlaceResult:
    """Place (or replay) the order for ``quote`` with ``idempotency_key``."""
    return store.place_order(quote, idempotency_key)
