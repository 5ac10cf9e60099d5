"""Page 6: the full quote, and the three things to do with it: save, place (simulated), export.

The quote is priced and snapshotted by ``core`` when the page opens. The idempotency key is made
then too and kept for as long as the configuration stays the same, so every retry of a placement
(after an error, or a second click) carries the same key and the store returns the one order;
going Back and changing anything gives a new key. Saving and placing go through the app's store
service, which announces the change to the History page.
"""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import (
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QTextBrowser,
    QWidget,
)

from core.base.errors import IdempotencyConflictError, PlannerError
from core.estimate.dispatch import estimate
from core.quotes.quote import Quote, quote_estimate, request_fingerprint, utc_now
from gui.core_text import labelled_error_text
from gui.glossary_link import GlossaryLink, open_glossary_term
from gui.presentation import palette
from gui.presentation.formats import utc
from gui.presentation.order_question import OrderQuestion, existing_order
from gui.presentation.printing import DocumentPrinter
from gui.presentation.quote_document import TERM_SCHEME, QuoteDocument
from gui.presentation.quote_summary import QuoteSummary
from gui.settings_store import dialog_start, remember_dialog_folder
from gui.translation import tr_id
from gui.wizard import store_calls
from gui.wizard.review_actions import ReviewActions
from gui.wizard.wizard_step import ERROR_STYLE, WizardStep

if TYPE_CHECKING:
    from datetime import datetime

    from core.domain.request import PlanRequest
    from core.store import Order, PlaceResult
    from gui.store_service import StoreService
    from gui.wizard.plan_draft import PageContext

DONE_STYLE = palette.OK_TEXT_STYLE


class ReviewPage(WizardStep):
    """The quote, its idempotency key, and Save / Place / Export PDF."""

    def __init__(self, context: PageContext | None = None, parent: QWidget | None = None) -> None:
        super().__init__("reviewPage", context, parent)
        self._quote: Quote | None = None
        self._key: str | None = None
        self._key_for = ""  # fingerprint of the request the key was made for
        self._placing = False
        self._saved = False
        self._placed: PlaceResult | None = None
        self._watching_settings = False
        self._build_ui()
        self._connect_signals()
        self._retranslate()

    def _build_ui(self) -> None:
        self._document = QTextBrowser(self)
        self._document.setObjectName("quoteView")
        self._document.setOpenLinks(False)
        self.content.addWidget(self._document, 1)
        label_row = QHBoxLayout()
        self._label_caption = QLabel(self)
        self._label = QLineEdit(self)
        self._label.setObjectName("quoteLabel")
        self._label_caption.setBuddy(self._label)
        label_row.addWidget(self._label_caption)
        label_row.addWidget(self._label, 1)
        self.content.addLayout(label_row)
        key_row = QHBoxLayout()
        self._key_caption = QLabel(self)
        self._key_label = QLabel(self)
        self._key_label.setObjectName("idempotencyKey")
        self._key_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        key_row.addWidget(self._key_caption)
        key_row.addWidget(self._key_label, 1)
        key_row.addWidget(GlossaryLink("idempotency_key", self))
        self.content.addLayout(key_row)
        buttons = QGridLayout()
        self._actions = ReviewActions(buttons, self.scroll.viewport(), self)
        self.content.addLayout(buttons)
        self._status = QLabel(self)
        self._status.setObjectName("reviewStatus")
        self._status.setWordWrap(True)
        self._status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.content.addWidget(self._status)

    def _connect_signals(self) -> None:
        self._document.anchorClicked.connect(self._on_document_anchor_clicked)
        self._actions.save.clicked.connect(self.save_quote)
        self._actions.place.clicked.connect(self.place_order)
        self._actions.export.clicked.connect(self._on_export_clicked)
        self._actions.copy_text.triggered.connect(lambda: self.copy_summary(markdown=False))
        self._actions.copy_markdown.triggered.connect(lambda: self.copy_summary(markdown=True))

    def _retranslate(self) -> None:
        self.setTitle(tr_id("ReviewPage.review", "Review"))
        self._label_caption.setText(tr_id("ReviewPage.label", "&Label:"))
        self._label.setPlaceholderText(
            tr_id(
                "ReviewPage.optional_name_for_the_history_e",
                "optional name for the history, e.g. chatbot staging",
            )
        )
        self._key_caption.setText(tr_id("ReviewPage.idempotency_key", "Idempotency key:"))
        self._actions.retranslate()
        self._render()

    # -- opening the page ------------------------------------------------------------------

    def initializePage(self) -> None:
        context = self._context()
        if not self._watching_settings:
            context.state.settingsChanged.connect(self._on_settings_changed)
            context.state.catalogChanged.connect(self._on_settings_changed)
            self._watching_settings = True
        self._price_draft()

    def _on_settings_changed(self, _value: object = None) -> None:
        """A new tax rate or catalog re-prices the open draft; a placed order stays as placed."""
        wizard = self.wizard()
        if wizard is None or wizard.currentPage() is not self:
            return
        if self._placing or self._placed is not None or self._quote is None:
            return
        self._price_draft()
        if self._quote is not None:
            self._set_status(
                tr_id(
                    "ReviewPage.re_priced_with_the_new_settings",
                    "Re-priced with the new settings; this quote is not saved yet.",
                ),
                None,
            )

    def _price_draft(self) -> None:
        context = self._context()
        self._quote = None
        self._saved, self._placed = False, None
        self._set_status("", None)
        try:
            request = context.draft.request()
            state = context.state
            catalog = state.catalog
            result = estimate(request, catalog, model=context.model_for(request))
            self._quote = quote_estimate(
                result, catalog, tax_rate=state.settings.tax_rate, now=utc_now()
            )
        except PlannerError as error:
            self._set_status(labelled_error_text(error), False)
            self._render()
            return
        fingerprint = request_fingerprint(request)
        if self._key is None or fingerprint != self._key_for:
            self._key, self._key_for = str(uuid.uuid4()), fingerprint
        self._render()

    def _context(self) -> PageContext:
        if self.context is None:
            raise RuntimeError("the review page prices a draft only inside the plan wizard")
        return self.context

    def _store_service(self) -> StoreService:
        service = self._context().store_service()
        if service is None:
            raise RuntimeError("the review page is used before the store service is set")
        return service

    def load(self, request: PlanRequest) -> None:
        """A new draft was loaded: start it with the draft's label."""
        self.start_draft(self.context.draft.label if self.context is not None else "")

    def start_draft(self, label: str = "") -> None:
        """A new draft: a new key on the next opening, the draft's label, no quote or status."""
        self._key, self._key_for = None, ""
        self._label.setText(label)
        self._quote = None
        self._saved, self._placed = False, None
        self._set_status("", None)
        self._render()

    @property
    def idempotency_key(self) -> str | None:
        """The key every placement from this page carries."""
        return self._key

    @property
    def quote(self) -> Quote | None:
        """The quote shown (with the label typed)."""
        if self._quote is None:
            return None
        return self._quote.model_copy(update={"label": self._label.text().strip()})

    def _render(self) -> None:
        quote = self._quote
        self._key_label.setText(self._key or "—")
        has_quote = quote is not None
        self.setSubTitle(self._subtitle())
        # Once placed, the order is the record: a quote saved now would be a second, stray one,
        # and a label typed now would be on neither.
        self._actions.save.setEnabled(has_quote and not self._saved and self._placed is None)
        self._label.setReadOnly(self._placed is not None)
        self._actions.place.setEnabled(has_quote and not self._placing and self._placed is None)
        self._actions.export.setEnabled(has_quote)
        self._actions.copy.setEnabled(has_quote)
        if quote is None:
            self._document.clear()
            return
        self._document.setHtml(self._document_html(quote, links=True))

    def _subtitle(self) -> str:
        """What has happened to this draft so far (nothing, saved, placed)."""
        if self._placed is not None:
            text = tr_id(
                "ReviewPage.order_id_is_placed_simulated_placing",
                "Order {id} is placed (simulated). Placing again changes nothing; a new plan, or "
                "a changed one, is a new purchase.",
            )
            return text.format(id=self._placed.order.id)
        if self._saved:
            return tr_id(
                "ReviewPage.the_full_quote_saved_in_the",
                "The full quote, saved in the history. Nothing is placed until you say so.",
            )
        return tr_id(
            "ReviewPage.the_full_quote_nothing_is_saved",
            "The full quote. Nothing is saved or placed until you say so.",
        )

    def _shown_item(self, quote: Quote) -> Quote | Order:
        """What the page shows: the order once one is placed (its paid period, its status), else
        the quote, which only says when an order would start."""
        if self._placed is not None:
            return self._placed.order
        return quote

    def _document_html(self, quote: Quote, *, links: bool) -> str:
        lang = self.context.state.language if self.context is not None else "en"
        document = QuoteDocument(lang, self)
        try:
            item = self._shown_item(quote)
            return document.html(item, utc_now(), saved=self._saved, links=links)
        finally:
            document.deleteLater()

    def _set_status(self, text: str, ok: bool | None) -> None:
        self._status.setText(text)
        self._status.setStyleSheet("" if ok is None else DONE_STYLE if ok else ERROR_STYLE)

    # -- actions ---------------------------------------------------------------------------

    def save_quote(self) -> None:
        """Save the quote in the history (on the store service's thread)."""
        quote = self.quote
        if quote is None or self._saved or self._placed is not None:
            return
        self._actions.save.setEnabled(False)
        self._set_status(tr_id("ReviewPage.saving", "Saving…"), None)
        self._store_service().call(
            lambda store: store_calls.save_quote(store, quote),
            self._on_save_succeeded,
            self._on_save_failed,
            owner=self,
        )

    def _on_save_succeeded(self, quote: Quote) -> None:
        self._saved = True
        self._set_status(
            tr_id("ReviewPage.saved_as_quote_id", "Saved as quote {id}.").format(id=quote.id), True
        )
        self._render()

    def _on_save_failed(self, error: Exception) -> None:
        self._set_status(
            tr_id("ReviewPage.not_saved_reason", "Not saved: {reason}").format(
                reason=_reason(error)
            ),
            False,
        )
        self._render()

    def place_order(self) -> None:
        """Ask (naming an order this configuration already has), then place with this page's key.

        Ignored while a placement is in flight.
        """
        quote = self.quote
        if quote is None or self._placing or self._placed is not None or self._key is None:
            return
        self._placing = True
        self._actions.place.setEnabled(False)
        self._store_service().call(
            lambda store: existing_order(store, quote),
            lambda found: self._confirm_place(quote, *found),
            self._on_place_failed,
        )

    def _confirm_place(self, quote: Quote, existing: Order | None, now: datetime) -> None:
        key = self._key
        if key is None or not OrderQuestion(self).ask(self, quote, key, existing, now):
            self._placing = False
            if existing is not None:
                text = tr_id(
                    "ReviewPage.not_placed_this_configuration_already_has",
                    "Not placed. This configuration already has order {id}.",
                )
                self._set_status(text.format(id=existing.id), None)
            self._render()
            return
        self._set_status(tr_id("ReviewPage.placing_the_order", "Placing the order…"), None)
        self._store_service().call(
            lambda store: store_calls.place_order(store, quote, key),
            self._on_place_succeeded,
            self._on_place_failed,
            owner=self,
        )

    def _on_place_succeeded(self, result: PlaceResult) -> None:
        self._placing = False
        order = result.order
        if order.idempotency_key != self._key:  # placed for a configuration since changed
            text = tr_id(
                "ReviewPage.the_earlier_placement_finished_as_order",
                "The earlier placement finished as order {id}; this one is not placed.",
            )
            self._set_status(text.format(id=order.id), None)
            self._render()
            return
        self._placed = result
        text = (
            tr_id(
                "ReviewPage.order_id_was_already_placed_with",
                "Order {id} was already placed with this key; nothing new was placed. "
                "Paid from {start} until {end}.",
            )
            if result.replayed
            else tr_id(
                "ReviewPage.order_id_placed_simulated_paid_from",
                "Order {id} placed (simulated). Paid from {start} until {end}.",
            )
        )
        self._set_status(
            text.format(id=order.id, start=utc(order.paid_from), end=utc(order.paid_until)), True
        )
        self._render()

    def _on_place_failed(self, error: Exception) -> None:
        self._placing = False
        if isinstance(error, IdempotencyConflictError):
            text = tr_id("ReviewPage.refused_reason", "Refused: {reason}")
        else:
            text = tr_id(
                "ReviewPage.the_order_was_not_confirmed_reason",
                "The order was not confirmed: {reason} Retrying uses the same key, so it can "
                "never be placed twice.",
            )
        self._set_status(text.format(reason=_reason(error)), False)
        self._render()

    def copy_summary(self, *, markdown: bool) -> str:
        """Copy the quote's summary (plain text or Markdown) to the clipboard; return it."""
        quote = self.quote
        if quote is None:
            return ""
        lang = self._context().state.language
        summary = QuoteSummary(lang, self)
        try:
            item = self._shown_item(quote)
            text = summary.copy(item, utc_now(), markdown=markdown, saved=self._saved)
        finally:
            summary.deleteLater()
        self._set_status(
            tr_id("ReviewPage.the_summary_is_on_the_clipboard", "The summary is on the clipboard."),
            True,
        )
        return text

    def export_pdf(self, path: Path) -> bool:
        """Write the quote as a PDF to ``path``; report the outcome under the buttons."""
        quote = self.quote
        if quote is None:
            return False
        html = self._document_html(quote, links=False)
        try:
            name = self._placed.order.id if self._placed is not None else quote.id
            DocumentPrinter(self).save_pdf(html, name, Path(path))
        except PlannerError as error:
            self._set_status(
                tr_id("ReviewPage.pdf_not_written_reason", "PDF not written: {reason}").format(
                    reason=_reason(error)
                ),
                False,
            )
            return False
        self._set_status(
            tr_id("ReviewPage.pdf_written_to_path", "PDF written to {path}.").format(path=path),
            True,
        )
        return True

    def _on_export_clicked(self) -> None:
        quote = self.quote
        if quote is None:
            return
        path, _ = QFileDialog.getSaveFileName(
            self,
            tr_id("ReviewPage.export_the_quote_as_pdf", "Export the quote as PDF"),
            dialog_start("export", f"{self._shown_item(quote).id}.pdf"),
            tr_id("ReviewPage.pdf_pdf", "PDF (*.pdf)"),
        )
        if path:
            remember_dialog_folder("export", path)
            self.export_pdf(Path(path))

    def _on_document_anchor_clicked(self, url: QUrl) -> None:
        if url.scheme() == TERM_SCHEME:
            open_glossary_term(url.path(), self)


def _reason(error: Exception) -> str:
    if isinstance(error, PlannerError):
        return labelled_error_text(error)
    return f"{type(error).__name__}: {error}"
