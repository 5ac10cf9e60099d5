"""The row above the history table: a search box and the status and workload filters.

Typing is debounced: the query is announced once the user pauses (or presses Enter), so a word
typed quickly costs one search in the store, not one per key.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QTimer, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QWidget

from core.store.records import STATUSES
from core.store.search import WORKLOADS
from gui.history.history_query import HistoryQuery
from gui.presentation.names import Names
from gui.translation import tr_id

DEBOUNCE_MS = 250


class HistoryFilterBar(QWidget):
    """Search text, status and workload; ``queryChanged`` carries the new :class:`HistoryQuery`."""

    queryChanged = Signal(object)

    def __init__(self, names: Names, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("historyFilterBar")
        self._names = names
        self._build_ui()
        self._connect_signals()
        self._retranslate()

    def _build_ui(self) -> None:
        self._search = QLineEdit(self)
        self._search.setObjectName("historySearch")
        self._search.setClearButtonEnabled(True)
        self._search_label = QLabel(self)
        self._search_label.setBuddy(self._search)
        # The combo boxes name themselves ("All statuses", "All workloads"), which keeps the
        # page narrow enough to sit beside the glossary panel.
        self._status = QComboBox(self)
        self._status.setObjectName("historyStatusFilter")
        self._workload = QComboBox(self)
        self._workload.setObjectName("historyWorkloadFilter")
        for combo, keys in ((self._status, STATUSES), (self._workload, WORKLOADS)):
            combo.addItem("", None)
            for key in keys:
                combo.addItem("", key)
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(DEBOUNCE_MS)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._search_label)
        layout.addWidget(self._search, 1)
        layout.addWidget(self._status)
        layout.addWidget(self._workload)
        QWidget.setTabOrder(self._search, self._status)
        QWidget.setTabOrder(self._status, self._workload)

    def _connect_signals(self) -> None:
        self._search.textChanged.connect(self._on_search_text_changed)
        self._search.returnPressed.connect(self._on_search_return_pressed)
        self._debounce.timeout.connect(self._announce)
        self._status.currentIndexChanged.connect(self._on_filter_changed)
        self._workload.currentIndexChanged.connect(self._on_filter_changed)

    def query(self) -> HistoryQuery:
        """What the bar asks for now."""
        return HistoryQuery(
            search=self._search.text(),
            status=self._status.currentData(),
            workload=self._workload.currentData(),
        )

    def focus_search(self) -> None:
        """Put the cursor in the search box with its text selected (Ctrl+F)."""
        self._search.setFocus()
        self._search.selectAll()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        self._search_label.setText(tr_id("HistoryFilterBar.search", "&Search:"))
        self._search.setPlaceholderText(
            tr_id(
                "HistoryFilterBar.words_in_the_label_model_gpu",
                "Words in the label, model, GPU or notes",
            )
        )
        self._search.setToolTip(
            tr_id(
                "HistoryFilterBar.every_word_must_match_as_the",
                "Every word must match, as the start of a word",
            )
        )
        self._status.setToolTip(
            tr_id(
                "HistoryFilterBar.show_quotes_and_orders_with_this",
                "Show quotes and orders with this status",
            )
        )
        self._status.setAccessibleName(tr_id("HistoryFilterBar.status", "Status"))
        self._workload.setToolTip(
            tr_id(
                "HistoryFilterBar.show_quotes_and_orders_of_this",
                "Show quotes and orders of this workload",
            )
        )
        self._workload.setAccessibleName(tr_id("HistoryFilterBar.workload", "Workload"))
        self._status.setItemText(0, tr_id("HistoryFilterBar.all_statuses", "All statuses"))
        for number, key in enumerate(STATUSES, start=1):
            self._status.setItemText(number, self._names.status(key))
        self._workload.setItemText(0, tr_id("HistoryFilterBar.all_workloads", "All workloads"))
        for number, key in enumerate(WORKLOADS, start=1):
            self._workload.setItemText(number, self._names.workload(key))

    def _on_search_text_changed(self, _text: str) -> None:
        self._debounce.start()

    def _on_search_return_pressed(self) -> None:
        if self._debounce.isActive():
            self._debounce.stop()
            self._announce()

    def _on_filter_changed(self, _index: int) -> None:
        self._debounce.stop()
        self._announce()

    def _announce(self) -> None:
        self.queryChanged.emit(self.query())
