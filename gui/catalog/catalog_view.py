"""The Catalog page: the catalog in use as a sortable table, and where it comes from.

It follows the settings: importing a catalog (Settings) shows the new one at once, and the texts
follow the language. The figures are the catalog's own; the planner prices from the same catalog.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from core.domain.catalog import Catalog
from gui.app_state import AppState
from gui.catalog.catalog_table_model import GPU, CatalogTableModel
from gui.history.sort_proxy import SortProxy
from gui.translation import tr_id


class CatalogView(QWidget):
    """The GPU offers of ``state``'s catalog."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("catalogView")
        self._state = state
        self._model = CatalogTableModel(self)
        self._build_ui()
        self._connect_signals()
        self._model.set_catalog(state.catalog)
        self._retranslate()

    def _build_ui(self) -> None:
        self._source = QLabel(self)
        self._source.setObjectName("catalogSource")
        self._source.setWordWrap(True)
        self._proxy = SortProxy(self)
        self._proxy.setSourceModel(self._model)
        self._table = QTableView(self)
        self._table.setObjectName("catalogTable")
        self._table.setModel(self._proxy)
        self._table.setSortingEnabled(True)
        self._table.sortByColumn(GPU, Qt.SortOrder.AscendingOrder)
        self._table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self._table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._table.setAlternatingRowColors(True)
        self._table.setWordWrap(False)
        self._table.verticalHeader().hide()
        self._table.verticalHeader().setDefaultSectionSize(self._table.fontMetrics().height() + 8)
        self._table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self._source)
        layout.addWidget(self._table, 1)
        self.setFocusProxy(self._table)

    def _connect_signals(self) -> None:
        self._state.catalogChanged.connect(self._on_state_catalog_changed)

    @property
    def table(self) -> QTableView:
        """The table of offers."""
        return self._table

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        catalog = self._state.catalog
        self._source.setText(
            tr_id(
                "CatalogView.catalog_id_as_of_date_count",
                "Catalog {id} as of {date}: {count} GPU offers, prices per GPU-hour in "
                "{currency} for each fixed rental term. Memory in GiB; bandwidth in GB/s.",
            ).format(
                id=catalog.catalog_id,
                date=catalog.as_of,
                count=len(catalog.gpus),
                currency=catalog.currency,
            )
        )
        self._table.setAccessibleName(
            tr_id("CatalogView.gpu_offers_of_the_catalog", "GPU offers of the catalog")
        )
        self._model.retranslate()
        self._table.resizeColumnsToContents()

    def _on_state_catalog_changed(self, catalog: Catalog) -> None:
        self._model.set_catalog(catalog)
        self._retranslate()
