"""Filters the preset list by the workload's model kind and by the words typed in the search box."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QSortFilterProxyModel, Qt

ID_ROLE = Qt.ItemDataRole.UserRole
KIND_ROLE = Qt.ItemDataRole.UserRole + 1


class PresetFilterProxy(QSortFilterProxyModel):
    """Rows of one kind ("llm" or "diffusion") whose name or id contains every word typed."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._kind = "llm"
        self._words: list[str] = []

    def set_kind(self, kind: str) -> None:
        """Show presets of ``kind`` only."""
        self.beginFilterChange()
        self._kind = kind
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_search(self, text: str) -> None:
        """Show presets whose name or id contains every word of ``text`` (any case)."""
        self.beginFilterChange()
        self._words = text.casefold().split()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(
        self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex
    ) -> bool:
        index = self.sourceModel().index(source_row, 0, source_parent)
        if index.data(KIND_ROLE) != self._kind:
            return False
        haystack = f"{index.data()} {index.data(ID_ROLE)}".casefold()
        return all(word in haystack for word in self._words)
