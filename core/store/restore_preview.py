"""What a restore would take away: the history's rows that the backup does not have.

Asked before a restore, so that the question can say what will disappear ("2 orders placed since
the backup are not in it"). The backup is verified first (:func:`core.store.files.verify_database`),
so a damaged one is refused here, before the user is asked anything. Both files are only read.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from core.store.connection import connect_read_only
from core.store.errors import describe
from core.store.files import verify_database

if TYPE_CHECKING:
    from core.store.repository import HistoryStore


@dataclass(frozen=True)
class RestoreLoss:
    """The history's rows a restore of one backup would take away."""

    quotes: int
    """Saved quotes in the history that the backup does not have."""
    orders: int
    """Orders in the history that the backup does not have."""
    stops: int
    """Orders the backup has, stopped in the history since: restored, they are running again."""

    @property
    def nothing(self) -> bool:
        """Whether every quote, order and stop of the history is in the backup."""
        return not (self.quotes or self.orders or self.stops)


def _ids(conn: sqlite3.Connection) -> tuple[set[str], dict[str, bool]]:
    """The quote ids, and each order id with whether it is stopped."""
    quotes = {str(row[0]) for row in conn.execute("SELECT id FROM quotes")}
    orders = {
        str(row[0]): row[1] is not None for row in conn.execute("SELECT id, stopped_at FROM orders")
    }
    return quotes, orders


def restore_loss(store: HistoryStore, backup: Path) -> RestoreLoss:
    """Compare the open history with ``backup``: what would restoring it take away.

    Raises:
        StoreError: The backup is not an intact history this app reads, or cannot be read.
    """
    backup = Path(backup)
    verify_database(backup)
    try:
        conn = connect_read_only(backup)
    except sqlite3.Error as error:
        raise describe(error, backup) from None
    try:
        kept_quotes, kept_orders = _ids(conn)
    except sqlite3.Error as error:
        raise describe(error, backup) from None
    finally:
        conn.close()
    quotes, orders = _ids(store.conn)
    return RestoreLoss(
        quotes=len(quotes - kept_quotes),
        orders=sum(1 for order_id in orders if order_id not in kept_orders),
        stops=sum(
            1
            for order_id, stopped in orders.items()
            if stopped and order_id in kept_orders and not kept_orders[order_id]
        ),
    )
