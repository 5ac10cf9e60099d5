"""The pane beside the history table: the selected quote or order exactly as it was snapshotted.

Glossary terms in the text (fixed rental term, idempotency key, training checkpoint and those of
the warnings) are links that open the term in the glossary panel.
"""

from __future__ import annotations

from datetime import datetime
from html import escape

from PySide6.QtCore import QUrl
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QTextBrowser, QWidget

from core.quotes.quote import Quote
from core.store import Order
from gui.glossary_link import open_glossary_term
from gui.presentation import palette
from gui.presentation.names import Names
from gui.presentation.quote_document import TERM_SCHEME, QuoteDocument

TWO_COLUMNS_WIDTH = 760


class HistoryDetailPane(QTextBrowser):
    """Shows one quote or order, or a sentence saying what to do."""

    def __init__(self, names: Names, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("historyDetail")
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self._names = names
        self._lang = "en"
        self._item: Quote | Order | None = None
        self._now: datetime | None = None
        self._purchase_key: str | None = None
        self._message = ""
        self._columns = 1
        self.anchorClicked.connect(self._on_anchor_clicked)

    @property
    def item(self) -> Quote | Order | None:
        """The quote or order shown, if any."""
        return self._item

    @property
    def shown_at(self) -> datetime | None:
        """The time the status and time left were computed at."""
        return self._now

    def set_language(self, lang: str) -> None:
        """Show the glossary's names and disclaimer in ``lang`` and render again."""
        self._lang = lang
        self._render()

    def show_item(
        self, item: Quote | Order, now: datetime, *, purchase_key: str | None = None
    ) -> None:
        """Show ``item`` with its status and time left at ``now``."""
        same = self._item is not None and self._item.id == item.id
        self._item, self._now, self._purchase_key = item, now, purchase_key
        self._message = ""
        self._render(keep_scroll=same)

    def show_message(self, text: str) -> None:
        """Show ``text`` instead of a quote or order."""
        self._item = self._now = self._purchase_key = None
        self._message = text
        self._render()

    def document_html(self) -> str:
        """The shown quote or order without links, for printing ("" when none is shown)."""
        if self._item is None or self._now is None:
            return ""
        document = QuoteDocument(self._lang, self)
        try:
            return document.html(self._item, self._now, links=False)
        finally:
            document.deleteLater()

    def _render(self, *, keep_scroll: bool = True) -> None:
        if self._item is None or self._now is None:
            self.setHtml(f"<p style='color:{palette.MUTED}'>{escape(self._message)}</p>")
            return
        self._columns = 2 if self.viewport().width() >= TWO_COLUMNS_WIDTH else 1
        document = QuoteDocument(self._lang, self)
        try:
            html = document.html(
                self._item, self._now, purchase_key=self._purchase_key, columns=self._columns
            )
        finally:
            document.deleteLater()
        scroll = self.verticalScrollBar().value() if keep_scroll else 0
        self.setHtml(html)
        self.verticalScrollBar().setValue(scroll)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        wanted = 2 if self.viewport().width() >= TWO_COLUMNS_WIDTH else 1
        if self._item is not None and wanted != self._columns:
            self._render()

    def _on_anchor_clicked(self, url: QUrl) -> None:
        if url.scheme() == TERM_SCHEME:
            open_glossary_term(url.path(), self)
