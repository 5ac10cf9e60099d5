"""Compare two to four saved quotes or orders of the history side by side.

The selected entries are read through the store service (on its thread), then shown in the
comparison dialog of the wizard: each column is the quote's snapshot (an order's quote), with
its limits and cost of outcome solved again (:func:`gui.presentation.comparison.quote_column`).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QWidget

from core.quotes.quote import Quote
from core.store import HistoryStore, Order
from gui.history.error_message import show_error
from gui.presentation.comparison import MAX_COLUMNS, MIN_COLUMNS, quote_column
from gui.store_service import StoreService
from gui.translation import tr_id
from gui.wizard.compare_dialog import CompareDialog


class HistoryComparison(QObject):
    """Reads the chosen entries and opens their comparison; owned by the history page."""

    def __init__(self, service: StoreService, page: QWidget) -> None:
        super().__init__(page)
        self._service = service
        self._page = page

    @staticmethod
    def can_compare(ids: Sequence[str]) -> bool:
        """Whether ``ids`` is a number of entries the comparison takes (two to four)."""
        return MIN_COLUMNS <= len(ids) <= MAX_COLUMNS

    def compare(self, ids: Sequence[str]) -> None:
        """Read the entries ``ids`` and show them side by side (nothing unless two to four)."""
        if not self.can_compare(ids):
            return
        wanted = list(ids)

        def read(store: HistoryStore) -> list[Quote | Order]:
            return [store.find(entity_id) for entity_id in wanted]

        self._service.call(read, self._show, self._failed, owner=self)

    def _show(self, items: list[Quote | Order]) -> None:
        columns = []
        for item in items:
            if isinstance(item, Order):
                title = tr_id("HistoryComparison.order_id", "Order {id}").format(id=item.id)
                columns.append(quote_column(item.quote, title, item.id))
            else:
                columns.append(quote_column(item))
        dialog = CompareDialog(columns, self._page, quotes=True)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()

    def _failed(self, error: Exception) -> None:
        show_error(
            self._page,
            tr_id("HistoryComparison.compare_saved_quotes", "Compare saved quotes"),
            error,
        )
