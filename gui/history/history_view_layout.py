"""The History page's widgets and their texts; :class:`HistoryView` adds the behaviour.

From top to bottom: a message line (shown only when the database cannot be used), the toolbar,
the search and filter row, the table and the detail pane side by side, and a status line with
the row count and the outcome of the last command.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import QItemSelectionModel, QLocale, Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QSplitter,
    QStyle,
    QTableView,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from core.domain.catalog import TERM_UNITS
from core.store.records import STATUSES
from core.store.search import WORKLOADS
from gui.elided_label import ElidedLabel
from gui.history.history_actions import HistoryActions
from gui.history.history_detail_pane import HistoryDetailPane
from gui.history.history_filter_bar import HistoryFilterBar
from gui.history.history_table_model import (
    DATE,
    GPU,
    LABEL,
    MODEL,
    STATUS,
    STRATEGY,
    TERM,
    TIME_LEFT,
    TOTAL,
    WORKLOAD,
    HistoryTableModel,
)
from gui.history.sort_proxy import SortProxy
from gui.presentation import formats, palette
from gui.presentation.names import Names, gpu_name
from gui.presentation.printing import DocumentPrinter
from gui.settings_store import dialog_start, remember_dialog_folder
from gui.toolbar_fit import ToolBarFit
from gui.translation import tr_id

MODEL_WIDTH = 150
LABEL_CHARACTERS = 24  # the label column's least width, in average characters
SHRINKABLE = (MODEL, GPU, STRATEGY)  # columns that give up width to the label, elided
CELL_PADDING = 18
SAMPLE_TOTAL = Decimal("88888.88")
PROBLEM_STYLE = palette.PROBLEM_STYLE


class HistoryViewLayout(QWidget):
    """Builds the page; the behaviour lives in the subclass."""

    def _build_ui(self, names: Names, model: HistoryTableModel) -> None:
        self._actions = HistoryActions(self)
        self._printer = DocumentPrinter(self)
        self._problem = QLabel(self)
        self._problem.setObjectName("historyMessage")
        self._problem.setWordWrap(True)
        self._problem.setStyleSheet(PROBLEM_STYLE)
        self._problem.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._problem.hide()

        a = self._actions
        self._toolbar = QToolBar(self)
        self._toolbar.setObjectName("historyToolBar")
        self._toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self._toolbar.addActions([a.reopen, a.place, a.stop, a.edit])
        self._toolbar.addSeparator()
        self._toolbar.addActions([a.print_, a.save_pdf, a.compare])
        self._toolbar.addSeparator()
        self._database_menu = QMenu(self)
        self._database_menu.setObjectName("historyDatabaseMenu")
        self._database_menu.addActions([a.export_csv, a.export_json, a.import_json])
        self._database_menu.addSeparator()
        self._database_menu.addActions([a.backup, a.restore])
        self._database_button = QToolButton(self)
        self._database_button.setObjectName("historyDatabaseButton")
        self._database_button.setMenu(self._database_menu)
        self._database_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self._database_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self._database_button.setIcon(
            self.style().standardIcon(QStyle.StandardPixmap.SP_DriveHDIcon)
        )
        self._toolbar.addWidget(self._database_button)
        self._toolbar_fit = ToolBarFit(self._toolbar)  # no command behind "»" in a narrow window
        self._toolbar.addAction(a.refresh)

        self._filter_bar = HistoryFilterBar(names, self)
        self._proxy = SortProxy(self)
        self._proxy.setSourceModel(model)
        self._table = QTableView(self)
        self._table.setObjectName("historyTable")
        self._table.setModel(self._proxy)
        self._table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # Ctrl/Shift-click selects more rows to compare; the current row is the one shown.
        self._table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self._table.setAlternatingRowColors(True)
        self._table.setWordWrap(False)
        self._table.setSortingEnabled(True)
        self._table.sortByColumn(DATE, Qt.SortOrder.DescendingOrder)
        self._table.verticalHeader().hide()
        self._table.verticalHeader().setDefaultSectionSize(self._table.fontMetrics().height() + 8)
        self._table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self._table.addActions(a.selection_actions())
        header = self._table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        # The label takes the width the other columns leave; they are sized from their longest
        # texts in the current language (see _fit_columns), not by measuring every loaded row.
        header.setSectionResizeMode(LABEL, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        header.setMinimumSectionSize(40)
        self._names = names
        self._detail = HistoryDetailPane(names, self)

        # Table above, detail below: the ten columns get the window's whole width, and the
        # detail pane lays its sections out in two columns.
        self._splitter = QSplitter(Qt.Orientation.Vertical, self)
        self._splitter.setObjectName("historySplitter")
        self._splitter.addWidget(self._table)
        self._splitter.addWidget(self._detail)
        self._splitter.setStretchFactor(0, 2)
        self._splitter.setStretchFactor(1, 3)
        self._splitter.setSizes([260, 390])
        self._splitter.setChildrenCollapsible(False)

        self._count = QLabel(self)
        self._count.setObjectName("historyCount")
        # A notice can be long (a file path, a sentence in Russian): it is shortened to the
        # width left, never widening the window, and shown whole in its tooltip.
        self._notice = ElidedLabel(self)
        self._notice_text: str | Callable[[], str] | None = None
        self._notice.setObjectName("historyNotice")
        status = QHBoxLayout()
        status.addWidget(self._count)
        status.addSpacing(24)
        status.addWidget(self._notice, 1)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self._problem)
        layout.addWidget(self._toolbar)
        layout.addWidget(self._filter_bar)
        layout.addWidget(self._splitter, 1)
        layout.addLayout(status)
        QWidget.setTabOrder(self._filter_bar, self._table)
        QWidget.setTabOrder(self._table, self._detail)

    def retranslate_layout(self) -> None:
        """Texts of the widgets built here."""
        self._actions.retranslate()
        self._fit_columns()
        self._toolbar.setWindowTitle(tr_id("HistoryViewLayout.history_toolbar", "History toolbar"))
        self._database_button.setText(tr_id("HistoryViewLayout.database", "&Database"))
        self._database_button.setToolTip(
            tr_id(
                "HistoryViewLayout.export_import_back_up_or_restore",
                "Export, import, back up or restore the history database",
            )
        )
        self._table.setAccessibleName(
            tr_id("HistoryViewLayout.saved_quotes_and_orders", "Saved quotes and orders")
        )
        self._detail.setAccessibleName(
            tr_id("HistoryViewLayout.the_selected_quote_or_order", "The selected quote or order")
        )

    def _fit_columns(self) -> None:
        names = self._names
        samples = {
            DATE: ["2088-12-28 22:58"],
            WORKLOAD: [names.workload(key) for key in WORKLOADS],
            MODEL: [],
            GPU: [formats.gpus(gpu_name("h100-80gb-pcie"), 8)],
            STRATEGY: [names.strategy(key) for key in ("single", "tensor", "ddp", "fsdp")],
            TERM: [formats.term(unit, 12) for unit in TERM_UNITS],
            TOTAL: [formats.money(SAMPLE_TOTAL, "USD")],
            STATUS: [names.status(key) for key in STATUSES],
            TIME_LEFT: [
                formats.duration(timedelta(days=88, hours=23)),
                formats.duration(timedelta(0)),
            ],
        }
        header = self._table.horizontalHeader()
        cells = self._table.fontMetrics()
        titles = header.fontMetrics()
        model = self._table.model()
        widths: dict[int, int] = {}
        floors: dict[int, int] = {}
        for column, texts in samples.items():
            title = str(model.headerData(column, Qt.Orientation.Horizontal))
            floors[column] = titles.horizontalAdvance(title) + 2 * CELL_PADDING
            width = max([*(cells.horizontalAdvance(text) for text in texts), floors[column]])
            width += CELL_PADDING
            widths[column] = max(width, MODEL_WIDTH) if column == MODEL else width
        # The label names the row: it keeps some LABEL_CHARACTERS even in Russian on a
        # 1280-pixel screen, and the long names (model, GPU, strategy) give up the width,
        # shortened with "…" and shown whole in their tooltips.
        available = self._table.viewport().width()
        wanted = sum(widths.values()) + cells.averageCharWidth() * LABEL_CHARACTERS
        excess = wanted - available if available > 0 else 0
        spare = {column: max(widths[column] - floors[column], 0) for column in SHRINKABLE}
        total_spare = sum(spare.values())
        if excess > 0 and total_spare:
            for column in SHRINKABLE:
                widths[column] -= min(spare[column], -(-excess * spare[column] // total_spare))
        for column, width in widths.items():
            header.resizeSection(column, width)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # After the layout has given the table its new width (it does so after this event).
        QTimer.singleShot(0, self._fit_columns)

    def select_entity(self, model: HistoryTableModel, entity_id: str) -> None:
        """Make the loaded row of ``entity_id`` the current one and scroll to it."""
        row = model.find(entity_id)
        if row is None:
            return
        index = self._proxy.mapFromSource(model.index(row, 0))
        flags = QItemSelectionModel.SelectionFlag
        self._selecting = True  # the app moves the selection, not the user
        try:
            self._table.selectionModel().setCurrentIndex(index, flags.ClearAndSelect | flags.Rows)
        finally:
            self._selecting = False
        self._table.scrollTo(index)

    def show_problem(self, text: str) -> None:
        """Show ``text`` above the table (hidden when empty)."""
        self._problem.setText(text)
        self._problem.setVisible(bool(text))

    def _show_notice(self, text: str | Callable[[], str] | None) -> None:
        """Show a notice; given as a function, it is worded again after a language change."""
        self._notice_text = text
        shown = text() if callable(text) else (text or "")
        self._notice.setText(shown)

    def _update_count(self) -> None:
        model = self._table.model().sourceModel() if self._table.model() else None
        if not isinstance(model, HistoryTableModel):
            return
        shown, total, everything = model.rowCount(), model.total, model.total_unfiltered
        if total is None:
            text = tr_id("HistoryViewLayout.loading", "Loading…") if model.loading else ""
        else:
            text = tr_id(
                "HistoryViewLayout.showing_shown_of_total", "Showing {shown} of {total}"
            ).format(shown=QLocale().toString(shown), total=QLocale().toString(total))
            if model.query.narrowed() and everything is not None:
                # "0 of 0" alone read as an empty history while the filters hid every row.
                text += " " + tr_id(
                    "HistoryViewLayout.matching_the_search_and_filters_all",
                    "matching the search and filters ({all} in all)",
                ).format(all=QLocale().toString(everything))
            header = self._table.horizontalHeader()
            by_date = header.sortIndicatorSection() == DATE and (
                header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder
            )
            if not by_date and shown < total:
                text += " — " + tr_id(
                    "HistoryViewLayout.sorted_within_the_rows_loaded_scroll",
                    "sorted within the rows loaded; scroll to load more",
                )
        self._count.setText(text)

    def ask_pdf_path(self, name: str) -> Path | None:
        """Ask where to save a PDF of ``name``; None when cancelled."""
        chosen, _filter = QFileDialog.getSaveFileName(
            self,
            tr_id("HistoryViewLayout.save_as_pdf", "Save as PDF"),
            dialog_start("export", f"{name}.pdf"),
            tr_id("HistoryViewLayout.pdf_files_pdf", "PDF files (*.pdf)"),
        )
        if not chosen:
            return None
        remember_dialog_folder("export", chosen)
        path = Path(chosen)
        return path if path.suffix else path.with_suffix(".pdf")
