"""The History page: saved quotes and orders, searched and filtered, each shown as snapshotted.

The page is given the app's :class:`~gui.store_service.StoreService`: the table model reads
pages through it, the detail pane gets the selected quote or order from it, and the order and
file commands run there. The list is read again whenever the service announces a change (a save
or an order in the wizard, a command of this page, another process writing the file). A database
that cannot be opened is reported on the page and left as it is; only restoring a backup is
offered then.

Sorting by a column orders the rows loaded so far (through :class:`SortProxy`); the store lists
newest first and loads further pages as the user scrolls.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime

from PySide6.QtCore import QEvent, QModelIndex, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from core.quotes.quote import Quote, utc_now
from core.store import HistoryRow, HistoryStore, Order, PlaceResult
from gui.app_state import AppState
from gui.history.annotate_dialog import AnnotateDialog
from gui.history.error_message import show_error
from gui.history.history_compare import HistoryComparison
from gui.history.history_file_tasks import HistoryFileTasks
from gui.history.history_order_tasks import HistoryOrderTasks
from gui.history.history_query import HistoryQuery
from gui.history.history_table_model import PAGE_SIZE, ROW_ROLE, HistoryTableModel
from gui.history.history_view_layout import HistoryViewLayout
from gui.history.plan_page_link import DraftOpener, reopen_as_draft
from gui.presentation import formats
from gui.presentation.names import Names
from gui.presentation.quote_summary import QuoteSummary
from gui.store_service import StoreService
from gui.translation import tr_id


class HistoryView(HistoryViewLayout):
    """The History page over the history ``service`` reaches.

    ``clock`` gives the time statuses and time left are computed at (tests pass a fixed one).

    Signals:
        detailShown(str): the detail pane shows the quote or order with this id.
    """

    detailShown = Signal(str)

    def __init__(
        self,
        state: AppState,
        service: StoreService,
        parent: QWidget | None = None,
        *,
        clock: Callable[[], datetime] = utc_now,
        page_size: int = PAGE_SIZE,
        opener: DraftOpener | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("historyView")
        self._state = state
        self._opener = opener  # where "Reopen as New Draft" opens a request (the window)
        self._clock = clock
        self._names = Names(self)
        self._client = service
        # Changes arrive in bursts (a command's own write, then a restore's reopening): one read.
        self._reload_timer = QTimer(self)
        self._reload_timer.setSingleShot(True)
        self._reload_timer.setInterval(0)
        self._model = HistoryTableModel(self._client, self._names, page_size=page_size, parent=self)
        self._files = HistoryFileTasks(self._client, clock, self)
        self._orders = HistoryOrderTasks(self._client, self._names, self)
        self._comparison = HistoryComparison(self._client, self)
        self._selected: HistoryRow | None = None
        self._shown: Quote | Order | None = None
        self._shown_at: datetime | None = None
        self._purchase: tuple[str, str] | None = None  # (quote id, idempotency key)
        self._detail_ticket = 0
        self._select_after_load: str | None = None
        self._selecting = False  # True while the view itself moves the selection
        self._build_ui(self._names, self._model)
        self._connect_signals()
        self._retranslate()
        self._update_actions()
        if service.is_open:
            self._on_client_opened()
        elif service.problem:
            self._on_client_open_failed(service.problem)

    @property
    def model(self) -> HistoryTableModel:
        """The table's rows (the source of the sorting proxy)."""
        return self._model

    @property
    def commands(self) -> list[QAction]:
        """The page's commands, for the list of keyboard shortcuts."""
        a = self._actions
        return [*a.selection_actions(), *a.store_actions(), a.restore]

    @property
    def store_service(self) -> StoreService:
        """The app's store service this page reads through."""
        return self._client

    def focus_search(self) -> None:
        """Put the cursor in the search box (Ctrl+F in the main window)."""
        self._filter_bar.focus_search()

    def reload(self) -> None:
        """Read the history again, keeping the selected row when it is still listed."""
        self._reload_timer.stop()
        if self._select_after_load is None and self._selected is not None:
            self._select_after_load = self._selected.id
        self._model.reload()

    def _connect_signals(self) -> None:
        a = self._actions
        self._client.opened.connect(self._on_client_opened)
        self._client.openFailed.connect(self._on_client_open_failed)
        self._client.changed.connect(self._reload_timer.start)
        self._reload_timer.timeout.connect(self.reload)
        self._filter_bar.queryChanged.connect(self._on_filter_query_changed)
        self._model.pageLoaded.connect(self._on_model_page_loaded)
        self._model.totalChanged.connect(lambda _total: self._update_count())
        self._model.modelReset.connect(self._update_count)
        self._model.loadFailed.connect(self._on_model_load_failed)
        self._table.selectionModel().currentRowChanged.connect(self._on_table_current_changed)
        self._table.selectionModel().selectionChanged.connect(lambda *_: self._update_actions())
        self._table.horizontalHeader().sortIndicatorChanged.connect(
            lambda _column, _order: self._update_count()
        )
        self._files.finished.connect(self._show_notice)
        self._files.running.connect(self._show_notice)
        self._orders.placed.connect(self._on_orders_placed)
        self._orders.stopped.connect(self._on_orders_stopped)
        a.reopen.triggered.connect(self._on_reopen_triggered)
        a.place.triggered.connect(self._on_place_triggered)
        a.stop.triggered.connect(self._on_stop_triggered)
        a.edit.triggered.connect(self._on_edit_triggered)
        a.copy_text.triggered.connect(lambda: self.copy_summary(markdown=False))
        a.copy_markdown.triggered.connect(lambda: self.copy_summary(markdown=True))
        a.print_.triggered.connect(self._on_print_triggered)
        a.save_pdf.triggered.connect(self._on_save_pdf_triggered)
        a.compare.triggered.connect(lambda: self._comparison.compare(self.selected_ids()))
        a.export_csv.triggered.connect(self._files.export_csv)
        a.export_json.triggered.connect(self._files.export_json)
        a.import_json.triggered.connect(self._files.import_json)
        a.backup.triggered.connect(self._files.backup)
        a.restore.triggered.connect(self._files.restore)
        a.refresh.triggered.connect(self.reload)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        self.retranslate_layout()
        self._model.retranslate()
        self._detail.set_language(self._state.language)
        if self._shown is None:
            self._detail.show_message(
                tr_id(
                    "HistoryView.select_a_quote_or_an_order",
                    "Select a quote or an order to see it as quoted.",
                )
            )
        self._update_count()
        self._show_notice(self._notice_text)  # a notice in words follows the language too

    # -- store --------------------------------------------------------------------------------

    def _on_client_opened(self) -> None:
        self._reload_timer.stop()  # the query below reads the list
        self.show_problem("")
        if self._shown is not None:  # reopened after a restore: it may be gone
            self._selected = None
            self._show_detail(None, None)
        self._model.set_query(self._filter_bar.query())
        self._update_actions()

    def _on_client_open_failed(self, problem: str) -> None:
        self._model.reload()  # empty: no page can be read
        self._show_detail(None, None)
        self.show_problem(
            tr_id(
                "HistoryView.the_history_cannot_be_opened_nothing",
                "The history cannot be opened. Nothing was changed.\n{problem}\n"
                "You can restore a backup (Restore Database…) or choose another data folder.",
            ).format(problem=problem)
        )
        self._update_actions()

    def _on_filter_query_changed(self, query: HistoryQuery) -> None:
        if self._select_after_load is None and self._selected is not None:
            self._select_after_load = self._selected.id  # kept if the new rows still list it
        self._model.set_query(query)

    def _on_model_page_loaded(self, _rows: int) -> None:
        wanted, self._select_after_load = self._select_after_load, None
        if wanted is not None:
            self.select_entity(self._model, wanted)
        shown = self._shown
        listed = self._model.find(shown.id) is not None if shown is not None else True
        if not listed and not self._model.canFetchMore():
            # The search or a filter hides it now (every matching row is loaded and it is not
            # among them): the detail and its commands follow the rows listed, never a quote or
            # order the user no longer sees.
            self._selected = None
            self._detail_ticket += 1
            self._show_detail(None, None)
        self._update_count()

    def _on_model_load_failed(self, error: Exception) -> None:
        show_error(self, tr_id("HistoryView.history", "History"), error)

    # -- selection and detail -----------------------------------------------------------------

    def _on_table_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        row: HistoryRow | None = current.data(ROW_ROLE) if current.isValid() else None
        if row is not None and not self._selecting:
            # The user chose a row: a reload still to come (after a placement) keeps it instead
            # of moving the selection to the new order.
            self._select_after_load = None
        self._selected = row
        self._detail_ticket += 1
        if row is None:
            self._show_detail(None, None)
            return
        if self._purchase is None or self._purchase[0] != row.id:
            # Opening a saved quote starts a purchase: its key is reused by every retry until
            # another row is opened (the same row selected again after a reload keeps it).
            self._purchase = (row.id, f"place-{uuid.uuid4()}") if row.kind == "quote" else None
        ticket = self._detail_ticket
        entity_id = row.id

        def read(store: HistoryStore) -> tuple[Quote | Order, datetime]:
            return store.find(entity_id), store.now()

        self._client.call(
            read,
            lambda result: self._on_detail_read(ticket, *result),
            lambda error: self._on_detail_failed(ticket, error),
            owner=self,
        )

    def _on_detail_read(self, ticket: int, item: Quote | Order, now: datetime) -> None:
        if ticket == self._detail_ticket:
            self._show_detail(item, now)

    def _on_detail_failed(self, ticket: int, error: Exception) -> None:
        if ticket == self._detail_ticket:
            self._show_detail(None, None)
            show_error(self, tr_id("HistoryView.history", "History"), error)

    def _show_detail(self, item: Quote | Order | None, now: datetime | None) -> None:
        self._shown, self._shown_at = item, now
        if item is None or now is None:
            self._detail.show_message(
                tr_id(
                    "HistoryView.select_a_quote_or_an_order",
                    "Select a quote or an order to see it as quoted.",
                )
            )
        else:
            key = self._purchase[1] if self._purchase and self._purchase[0] == item.id else None
            self._detail.show_item(item, now, purchase_key=key if isinstance(item, Quote) else None)
        self._update_actions()
        if item is not None:
            self.detailShown.emit(item.id)

    def _update_actions(self) -> None:
        a = self._actions
        is_open = self._client.is_open
        shown = self._shown
        for action in a.store_actions():
            action.setEnabled(is_open)
        a.reopen.setEnabled(shown is not None)
        a.edit.setEnabled(is_open and shown is not None)
        a.print_.setEnabled(shown is not None)
        a.copy_text.setEnabled(shown is not None)
        a.copy_markdown.setEnabled(shown is not None)
        a.save_pdf.setEnabled(shown is not None)
        a.compare.setEnabled(HistoryComparison.can_compare(self.selected_ids()))
        # The store refuses an order for a configuration that does not fit; say so up front.
        a.place.setEnabled(is_open and isinstance(shown, Quote) and shown.fits is not False)
        stoppable = (
            isinstance(shown, Order)
            and self._shown_at is not None
            and shown.status(self._shown_at) == "placed"
        )
        a.stop.setEnabled(is_open and stoppable)

    def selected_ids(self) -> list[str]:
        """The ids of the selected rows, in the table's order."""
        rows = sorted(self._table.selectionModel().selectedRows(), key=lambda i: i.row())
        return [row.id for index in rows if (row := index.data(ROW_ROLE)) is not None]

    # -- commands -----------------------------------------------------------------------------

    def _on_reopen_triggered(self) -> None:
        if self._shown is not None:
            text = reopen_as_draft(self._shown, self._clock(), self, self._opener)
            if text:
                self._show_notice(text)

    def _on_place_triggered(self) -> None:
        purchase = self._purchase
        if isinstance(self._shown, Quote) and purchase and purchase[0] == self._shown.id:
            self._orders.place(self._shown, purchase[1])

    def _on_orders_placed(self, result: PlaceResult, _now: datetime) -> None:
        order = result.order

        def notice() -> str:
            if result.replayed:
                text = tr_id(
                    "HistoryView.order_id_was_already_placed_with",
                    "Order {id} was already placed with this purchase's key; nothing new was "
                    "placed.",
                )
            else:
                text = tr_id("HistoryView.order_id_placed", "Order {id} placed.")
            return text.format(id=order.id)

        self._show_notice(notice)
        self._select_after_load = order.id
        self._reload_timer.start()  # one read with the service's change signal that follows

    def _on_stop_triggered(self) -> None:
        if isinstance(self._shown, Order) and self._shown_at is not None:
            self._orders.stop(self._shown, self._clock())

    def _on_orders_stopped(self, order: Order, now: datetime) -> None:
        self._model.update_row(order.history_row(now))
        if self._shown is not None and self._shown.id == order.id:
            self._show_detail(order, now)
        self._show_notice(
            lambda: tr_id(
                "HistoryView.order_id_stopped_it_stays_paid",
                "Order {id} stopped; it stays paid until {moment}.",
            ).format(id=order.id, moment=formats.utc(order.paid_until))
        )

    def _on_edit_triggered(self) -> None:
        shown = self._shown
        if shown is None:
            return
        dialog = AnnotateDialog(shown.id, shown.label, shown.notes, self)
        if dialog.exec() != AnnotateDialog.DialogCode.Accepted:
            return
        entity_id, label, notes = shown.id, dialog.label(), dialog.notes()

        def save(store: HistoryStore) -> tuple[Quote | Order, datetime]:
            return store.annotate(entity_id, label=label, notes=notes), store.now()

        self._client.call(
            save,
            lambda result: self._on_annotated(*result),
            lambda error: show_error(
                self, tr_id("HistoryView.edit_label_and_notes", "Edit Label and Notes"), error
            ),
            owner=self,
        )

    def _on_annotated(self, item: Quote | Order, now: datetime) -> None:
        if self._shown is not None and self._shown.id == item.id:
            self._show_detail(item, now)
        self._select_after_load = item.id  # the list is read again with the new label
        self._show_notice(
            lambda: tr_id(
                "HistoryView.label_and_notes_of_id_saved", "Label and notes of {id} saved."
            ).format(id=item.id)
        )

    def copy_summary(self, *, markdown: bool) -> str:
        """Copy the shown quote's or order's summary to the clipboard; return it."""
        if self._shown is None or self._shown_at is None:
            return ""
        summary = QuoteSummary(self._state.language, self)
        try:
            text = summary.copy(self._shown, self._shown_at, markdown=markdown)
        finally:
            summary.deleteLater()
        self._show_notice(
            lambda: tr_id(
                "HistoryView.the_summary_is_on_the_clipboard", "The summary is on the clipboard."
            )
        )
        return text

    def _on_print_triggered(self) -> None:
        if self._shown is not None:
            self._printer.print_html(self._detail.document_html(), self._shown.id, self)

    def _on_save_pdf_triggered(self) -> None:
        if self._shown is None:
            return
        path = self.ask_pdf_path(self._shown.id)
        if path is None:
            return
        try:
            self._printer.save_pdf(self._detail.document_html(), self._shown.id, path)
        except Exception as error:  # one dialog for a file that cannot be written
            show_error(self, tr_id("HistoryView.save_as_pdf", "Save as PDF"), error)
            return
        self._show_notice(
            lambda: tr_id("HistoryView.saved_path", "Saved {path}.").format(path=path)
        )
