"""The bundled model presets as a searchable list, filtered to the workload's kind of model."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QAbstractItemView, QLineEdit, QListView, QVBoxLayout, QWidget

from core.model.models import list_presets
from gui.translation import tr_id
from gui.wizard.preset_filter_proxy import ID_ROLE, KIND_ROLE, PresetFilterProxy


class PresetPicker(QWidget):
    """A search box over a list of presets; ``edited`` fires when the chosen preset changes."""

    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._build_ui()
        self._connect_signals()
        self._retranslate()

    def _build_ui(self) -> None:
        self._search = QLineEdit(self)
        self._search.setObjectName("presetSearch")
        self._search.setClearButtonEnabled(True)
        self._model = QStandardItemModel(self)
        for info in list_presets():
            item = QStandardItem(info.name)
            item.setData(info.id, ID_ROLE)
            item.setData(info.kind, KIND_ROLE)
            item.setToolTip(info.id)
            item.setEditable(False)
            self._model.appendRow(item)
        self._proxy = PresetFilterProxy(self)
        self._proxy.setSourceModel(self._model)
        self._list = QListView(self)
        self._list.setObjectName("presetList")
        self._list.setModel(self._proxy)
        self._list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self._list.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._search)
        layout.addWidget(self._list, 1)
        self.setFocusProxy(self._search)

    def _connect_signals(self) -> None:
        self._search.textChanged.connect(self._on_search_text_changed)
        self._list.selectionModel().currentChanged.connect(self._on_list_current_changed)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        self._search.setPlaceholderText(
            tr_id(
                "PresetPicker.search_presets_by_name_e_g", "Search presets by name, e.g. llama 70b"
            )
        )
        self._search.setAccessibleName(tr_id("PresetPicker.search_presets", "Search presets"))
        self._list.setAccessibleName(tr_id("PresetPicker.model_presets", "Model presets"))

    @property
    def list_view(self) -> QListView:
        """The list (the row that marks a refused choice)."""
        return self._list

    def preset_id(self) -> str | None:
        """The chosen preset's id, or None when the list shows none."""
        index = self._list.currentIndex()
        return index.data(ID_ROLE) if index.isValid() else None

    def visible_ids(self) -> list[str]:
        """Ids of the presets the list shows, in order."""
        return [self._proxy.index(r, 0).data(ID_ROLE) for r in range(self._proxy.rowCount())]

    def set_kind(self, kind: str) -> None:
        """List presets of ``kind``; keep the choice if it is one of them, else take the first."""
        chosen = self.preset_id()
        self._proxy.set_kind(kind)
        if not self.set_preset(chosen) and self._proxy.rowCount():
            self._select(self._proxy.index(0, 0))

    def clear_search(self) -> None:
        """Show every preset of the kind again (a new draft starts without the last search)."""
        self._search.blockSignals(True)  # the draft being loaded chooses the preset itself
        try:
            self._search.clear()
            self._proxy.set_search("")
        finally:
            self._search.blockSignals(False)

    def set_preset(self, preset_id: str | None) -> bool:
        """Choose ``preset_id`` if the list shows it; return whether it does."""
        for row in range(self._proxy.rowCount()):
            index = self._proxy.index(row, 0)
            if preset_id is not None and index.data(ID_ROLE) == preset_id:
                self._select(index)
                return True
        return False

    def kind_of(self, preset_id: str) -> str | None:
        """The kind ("llm" or "diffusion") of a bundled preset."""
        for row in range(self._model.rowCount()):
            item = self._model.item(row)
            if item.data(ID_ROLE) == preset_id:
                return str(item.data(KIND_ROLE))
        return None

    def _select(self, index: QModelIndex) -> None:
        flags = QItemSelectionModel.SelectionFlag.ClearAndSelect
        self._list.selectionModel().setCurrentIndex(index, flags)
        self._list.scrollTo(index)

    def _on_search_text_changed(self, text: str) -> None:
        chosen = self.preset_id()
        self._proxy.set_search(text)
        if not self.set_preset(chosen) and self._proxy.rowCount():
            self._select(self._proxy.index(0, 0))
        self.edited.emit()

    def _on_list_current_changed(self, *_indexes: QModelIndex) -> None:
        self.edited.emit()
