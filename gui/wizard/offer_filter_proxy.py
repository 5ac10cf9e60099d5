"""The one proxy of the offer table: sorts by the model's sort role, hides infeasible options."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QSortFilterProxyModel

from gui.wizard.offer_table_model import FEASIBLE_ROLE, SORT_ROLE


class OfferFilterProxy(QSortFilterProxyModel):
    """Feasible rows always; infeasible ones only while ``show_infeasible`` is on."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._show_infeasible = False
        self.setSortRole(SORT_ROLE)

    @property
    def show_infeasible(self) -> bool:
        """Whether infeasible options are listed."""
        return self._show_infeasible

    def set_show_infeasible(self, show: bool) -> None:
        """List the infeasible options too, or hide them."""
        self.beginFilterChange()
        self._show_infeasible = show
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(
        self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex
    ) -> bool:
        if self._show_infeasible:
            return True
        index = self.sourceModel().index(source_row, 0, source_parent)
        return bool(index.data(FEASIBLE_ROLE))
