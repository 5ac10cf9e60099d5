"""Saved quotes and orders as table rows, read from the store one page at a time.

The model keeps the rows loaded so far in a list, newest first as the store lists them. The first
page is requested when a query is set; the view asks for the next one (``canFetchMore`` /
``fetchMore``) when the user scrolls near the end, and the page after the last loaded row is read
with keyset paging, so a page deep in a history of 100,000 rows costs what the first one costs.
Pages arrive from the store thread; a page for an older query is dropped. Reading again (a new
query, or a change the store service announced) keeps the rows on screen until the new first page
replaces them, so a change elsewhere never blanks the table.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)

from core.domain.terms import unit_hours
from core.store import HistoryRow, HistoryStore
from core.store.records import stamp
from gui.history.history_query import HistoryQuery
from gui.history.sort_proxy import SORT_ROLE
from gui.presentation import formats
from gui.presentation.names import Names, gpu_name, sharding_of
from gui.store_service import StoreService
from gui.translation import tr_id

ROW_ROLE = Qt.ItemDataRole.UserRole + 1
PAGE_SIZE = 200
(DATE, LABEL, WORKLOAD, MODEL, GPU, STRATEGY, TERM, TOTAL, STATUS, TIME_LEFT) = range(10)
COLUMNS = 10
STATUS_ORDER = {"placed": 0, "stopped": 1, "expired": 2, "saved": 3}
RIGHT_ALIGNED = {TERM, TOTAL, TIME_LEFT}
Index = QModelIndex | QPersistentModelIndex


class HistoryTableModel(QAbstractTableModel):
    """The history list for one :class:`HistoryQuery`, loaded lazily from the store.

    Signals:
        pageLoaded(int): a page arrived with this many rows (0 at the end of the history).
        loadFailed(object): a page or the count could not be read; the error.
        totalChanged(int): how many rows match the query over all pages.
    """

    pageLoaded = Signal(int)
    loadFailed = Signal(object)
    totalChanged = Signal(int)

    def __init__(
        self,
        client: StoreService,
        names: Names,
        *,
        page_size: int = PAGE_SIZE,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._client = client
        self._names = names
        self._page_size = page_size
        self._rows: list[HistoryRow] = []
        self._date_keys: list[str] = []  # made once per row: the proxy asks for them often
        self._query = HistoryQuery()
        self._generation = 0
        self._loading = False
        self._exhausted = True
        self._replacing = False  # the next page replaces the rows instead of adding to them
        self._total: int | None = None
        self._total_unfiltered: int | None = None

    @property
    def query(self) -> HistoryQuery:
        """What the rows are narrowed to."""
        return self._query

    @property
    def total(self) -> int | None:
        """Rows matching the query over all pages, once counted."""
        return self._total

    @property
    def total_unfiltered(self) -> int | None:
        """Rows in the whole history, whatever the query, once counted."""
        return self._total_unfiltered

    @property
    def loading(self) -> bool:
        """Whether a page is on its way."""
        return self._loading

    def set_query(self, query: HistoryQuery) -> None:
        """Show the rows matching ``query``: drop the loaded rows and read the first page."""
        self._query = query
        self.reload()

    def reload(self) -> None:
        """Read the current query again from the first page (after a change in the store)."""
        self._generation += 1
        self._loading = False
        if not self._client.is_open:
            self._replace_rows([])
            self._exhausted = True
            self._total = self._total_unfiltered = None
            return
        self._exhausted = False
        self._replacing = True
        self._request_page()
        self._request_count()

    def row(self, row: int) -> HistoryRow:
        """The quote or order shown in ``row``."""
        return self._rows[row]

    def find(self, entity_id: str) -> int | None:
        """The row of the quote or order ``entity_id``, if it is loaded."""
        return next((n for n, row in enumerate(self._rows) if row.id == entity_id), None)

    def update_row(self, updated: HistoryRow) -> None:
        """Show ``updated`` in place of the loaded row with its id (after a stop)."""
        number = self.find(updated.id)
        if number is None:
            return
        self._rows[number] = updated
        self.dataChanged.emit(self.index(number, 0), self.index(number, COLUMNS - 1))

    def retranslate(self) -> None:
        """Show headers and names in the current language."""
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, COLUMNS - 1)
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, COLUMNS - 1))

    # -- lazy loading -----------------------------------------------------------------------

    def canFetchMore(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        if parent.isValid():
            return False
        return not self._exhausted and not self._loading and self._client.is_open

    def fetchMore(self, parent: Index = QModelIndex()) -> None:  # noqa: B008
        if self.canFetchMore(parent):
            self._request_page()

    def _request_page(self) -> None:
        self._loading = True
        generation = self._generation
        arguments = self._query.arguments()
        after = self._rows[-1] if self._rows and not self._replacing else None
        limit = self._page_size

        def read(store: HistoryStore) -> list[HistoryRow]:
            return store.list_history(**arguments, limit=limit, after=after)

        self._client.call(
            read,
            lambda rows: self._on_page_read(generation, rows),
            lambda error: self._on_read_failed(generation, error),
            owner=self,
        )

    def _request_count(self) -> None:
        generation = self._generation
        arguments = self._query.arguments()
        narrowed = self._query.narrowed()

        def count(store: HistoryStore) -> tuple[int, int]:
            total = store.count_history(**arguments)
            return total, store.count_history() if narrowed else total

        self._client.call(
            count,
            lambda totals: self._on_count_read(generation, *totals),
            lambda error: self._on_read_failed(generation, error),
            owner=self,
        )

    def _on_page_read(self, generation: int, rows: list[HistoryRow]) -> None:
        if generation != self._generation:
            return
        self._loading = False
        self._exhausted = len(rows) < self._page_size
        if self._replacing:
            self._replace_rows(rows)
        elif rows:
            first = len(self._rows)
            self.beginInsertRows(QModelIndex(), first, first + len(rows) - 1)
            self._rows.extend(rows)
            self._date_keys.extend(f"{stamp(row.created_at)} {row.id}" for row in rows)
            self.endInsertRows()
        self.pageLoaded.emit(len(rows))

    def _on_count_read(self, generation: int, total: int, everything: int) -> None:
        if generation == self._generation:
            self._total, self._total_unfiltered = total, everything
            self.totalChanged.emit(total)

    def _on_read_failed(self, generation: int, error: Exception) -> None:
        if generation != self._generation:
            return
        self._loading = False
        self._exhausted = True
        if self._replacing:
            self._replace_rows([])
        self.loadFailed.emit(error)

    def _replace_rows(self, rows: list[HistoryRow]) -> None:
        self._replacing = False
        self.beginResetModel()
        self._rows = list(rows)
        self._date_keys = [f"{stamp(row.created_at)} {row.id}" for row in rows]
        self.endResetModel()

    # -- table --------------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else COLUMNS

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        titles = (
            tr_id("HistoryTableModel.date_utc", "Date (UTC)"),
            tr_id("HistoryTableModel.label", "Label"),
            tr_id("HistoryTableModel.workload", "Workload"),
            tr_id("HistoryTableModel.model", "Model"),
            tr_id("HistoryTableModel.gpu_count", "GPU × count"),
            tr_id("HistoryTableModel.strategy", "Strategy"),
            tr_id("HistoryTableModel.term", "Term"),
            tr_id("HistoryTableModel.total", "Total"),
            tr_id("HistoryTableModel.status", "Status"),
            tr_id("HistoryTableModel.time_left", "Time left"),
        )
        return titles[section] if 0 <= section < COLUMNS else None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column)
        if role == SORT_ROLE:
            return self._date_keys[index.row()] if column == DATE else self._sort_key(row, column)
        if role == ROW_ROLE:
            return row
        if role == Qt.ItemDataRole.TextAlignmentRole and column in RIGHT_ALIGNED:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(row, column)
        return None

    def _text(self, row: HistoryRow, column: int) -> str:
        names = self._names
        if column == DATE:
            return formats.moment(row.created_at)
        if column == LABEL:
            return row.label or row.id
        if column == WORKLOAD:
            return names.workload(row.workload)
        if column == MODEL:
            return names.model(row.model)  # a custom model is named in the interface's language
        if column == GPU:
            return formats.gpus(gpu_name(row.gpu), row.gpus)
        if column == STRATEGY:
            return names.strategy(row.strategy, sharding_of(row.strategy, row.gpu, row.gpus))
        if column == TERM:
            return formats.term(row.term_unit, row.term_count)
        if column == TOTAL:
            return formats.money(row.total, row.currency)
        if column == STATUS:
            return names.status(row.status)
        if column == TIME_LEFT:
            return "—" if row.time_left is None else formats.duration(row.time_left)
        return ""

    def _sort_key(self, row: HistoryRow, column: int) -> Any:
        if column == GPU:
            return f"{row.gpu} {row.gpus:05d}"
        if column == TERM:
            return unit_hours(row.term_unit) * row.term_count
        if column == TOTAL:
            # Ten-thousandths as an integer: exact for every currency's minor unit, and compared
            # in C++ by the proxy. Totals in different currencies are not converted.
            return int(row.total.scaleb(4))
        if column == STATUS:
            return STATUS_ORDER.get(row.status, len(STATUS_ORDER))
        if column == TIME_LEFT:
            return -1 if row.time_left is None else int(row.time_left.total_seconds())
        return self._text(row, column)

    def _tooltip(self, row: HistoryRow, column: int) -> str | None:
        if column == LABEL:
            return f"{row.label} ({row.id})" if row.label else row.id
        if column in (MODEL, GPU, STRATEGY):  # shortened with "…" on a narrow screen
            return self._text(row, column)
        if column == STATUS and row.stopped_at is not None:
            return tr_id(
                "HistoryTableModel.stopped_at_moment_the_paid_period",
                "Stopped at {moment}; the paid period continues",
            ).format(moment=formats.utc(row.stopped_at))
        if column == TIME_LEFT and row.paid_until is not None:
            return tr_id("HistoryTableModel.paid_until_moment", "Paid until {moment}").format(
                moment=formats.utc(row.paid_until)
            )
        return None
