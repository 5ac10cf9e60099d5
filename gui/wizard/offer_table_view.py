"""The offer page's table of options: how it looks, and how its columns share its width.

The columns are fitted to their texts once per plan (the view's own fitting asks every cell for
every role, often) and the room is shared again on every resize: names and numbers whole, the GPU
names giving way first when they do not all fit. Apart from the page because it is read apart:
the page chooses and ranks, this only lays out what the model holds.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from gui.wizard.offer_filter_proxy import OfferFilterProxy
from gui.wizard.offer_table_model import GPU, RANK, REASON, OfferTableModel

GPU_WIDTH = 185  # long names are elided; the tooltip has the whole name
CELL_PADDING = 18


class OfferTableView(QTableView):
    """Sorted, filtered options; the current row is the chosen one, more rows are to compare."""

    def __init__(
        self, model: OfferTableModel, proxy: OfferFilterProxy, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._model = model
        self.setObjectName("offerTable")
        self.setModel(proxy)
        self.setSortingEnabled(True)
        self.sortByColumn(RANK, Qt.SortOrder.AscendingOrder)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # Ctrl/Shift-click selects more rows to compare; the current row is the chosen option.
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        self.verticalHeader().hide()
        header = self.horizontalHeader()
        # Widths are fitted once per plan, not kept fitted (that re-measures every cell often).
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)  # the room over is shared (spread_columns)
        self._content_widths: dict[int, int] = {}
        self.viewport().installEventFilter(self)
        rows = self.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.setColumnHidden(REASON, True)

    def fit_columns(self) -> None:
        """Measure the columns' texts (a new plan) and share the width among them."""
        # Measured here from the row texts: the view's own fitting asks every cell for every role.
        self._content_widths = {}
        if self._model.rowCount() == 0:
            return
        metrics = self.fontMetrics()
        for column in range(self._model.columnCount()):
            texts = [
                *self._model.column_texts(column),
                str(self._model.headerData(column, Qt.Orientation.Horizontal)),
            ]
            width = max(metrics.horizontalAdvance(text) for text in texts) + CELL_PADDING
            self._content_widths[column] = width
        self.spread_columns()

    def spread_columns(self) -> None:
        """Give the columns the table's width: names and numbers whole, then any room over.

        Each column gets its contents' width. When they do not all fit, the GPU names give way
        first (elided, down to GPU_WIDTH; the tooltip has the whole name); room left over is
        shared among the columns in proportion to their widths, never all given to the last.
        """
        widths = {
            column: width
            for column, width in self._content_widths.items()
            if not self.isColumnHidden(column)
        }
        if not widths:
            return
        room = self.viewport().width()
        over = sum(widths.values()) - room
        if over > 0 and GPU in widths:
            widths[GPU] = max(min(widths[GPU], GPU_WIDTH), widths[GPU] - over)
        spare = room - sum(widths.values())
        if spare > 0:
            total = sum(widths.values())
            widths = {c: w + spare * w // total for c, w in widths.items()}
        header = self.horizontalHeader()
        for column, width in widths.items():
            header.resizeSection(column, width)

    def show_reasons(self, shown: bool) -> None:
        """Show or hide the column that says why an option does not fit."""
        self.setColumnHidden(REASON, not shown)
        self.spread_columns()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.viewport() and event.type() == QEvent.Type.Resize:
            self.spread_columns()
        return super().eventFilter(watched, event)
