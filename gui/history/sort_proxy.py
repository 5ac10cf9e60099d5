"""The one proxy between the history table model and its view: it sorts by the sort role.

Models put a plain sortable value (text, an integer, an ISO time) under :data:`SORT_ROLE` for every
cell, so comparisons run in Qt's C++ code, not in Python, and stay fast with thousands of rows.
Filtering is not done here: the store filters in SQL before rows reach the model.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSortFilterProxyModel, Qt

SORT_ROLE = Qt.ItemDataRole.UserRole


class SortProxy(QSortFilterProxyModel):
    """Sorts rows by :data:`SORT_ROLE`, case-insensitively, keeping rows sorted as they arrive."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self.setSortCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setDynamicSortFilter(True)
