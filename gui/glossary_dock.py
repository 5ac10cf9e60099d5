"""The glossary panel: the twelve terms of the seed, searchable, with the disclaimer always shown.

Russian text is the seed verbatim and English is its translation, both from
``core.domain.glossary``. The panel shows the app's language; a toggle shows the other one without
switching the app. The few labels inside the definition view follow the glossary's shown language,
not the app's, so a Russian definition never gets an English heading.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QEvent, Qt, QUrl, Signal, Slot
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from core.domain.glossary import Glossary
from gui.translation import tr_id

TERM_SCHEME = "term"
KEY_ROLE = Qt.ItemDataRole.UserRole
_OTHER = {"ru": "en", "en": "ru"}
_NATIVE_NAME = {"ru": "Русский", "en": "English"}
_RELATED = {"ru": "Связанные термины", "en": "Related terms"}


class GlossaryDock(QDockWidget):
    """A dock listing the glossary terms with a definition view and the disclaimer under it."""

    termShown = Signal(str)

    def __init__(self, glossary: Glossary, language: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("glossaryDock")
        self._glossary = glossary
        self._app_language = language
        self._build_ui()
        self._connect_signals()
        self._retranslate()
        self._fill_list()
        self._list.setCurrentRow(0)

    @property
    def shown_language(self) -> str:
        """The language of the terms and definitions on screen."""
        other = self._lang_toggle.isChecked()
        return _OTHER[self._app_language] if other else self._app_language

    @property
    def current_key(self) -> str | None:
        """The key of the term whose definition is shown."""
        item = self._list.currentItem()
        return item.data(KEY_ROLE) if item is not None else None

    @Slot(str)
    def show_term(self, key: str) -> None:
        """Show the panel with ``key``'s definition (clearing a search that hides it)."""
        self._glossary.get(key)  # an unknown key is a programming error: fail loudly
        item = self._item(key)
        if item.isHidden():
            self._search.clear()
        self._list.setCurrentItem(item)
        self._list.scrollToItem(item)
        self.show()
        self.raise_()

    def focus_search(self) -> None:
        """Show the panel and put the cursor in its search box."""
        self.show()
        self.raise_()
        self._search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self._search.selectAll()

    def close_panel(self) -> None:
        """Hide the panel (Qt moves the keyboard focus on to the window's next input)."""
        self.hide()

    def set_language(self, language: str) -> None:
        """Follow the app's language; the toggle goes back to showing that language."""
        self._app_language = language
        self._lang_toggle.setChecked(False)
        self._refresh_language()

    def _build_ui(self) -> None:
        body = QWidget(self)
        self._search = QLineEdit(body)
        self._search.setObjectName("glossarySearch")
        self._search.setClearButtonEnabled(True)
        self._lang_toggle = QToolButton(body)
        self._lang_toggle.setObjectName("glossaryLanguageToggle")
        self._lang_toggle.setCheckable(True)
        self._list = QListWidget(body)
        self._list.setObjectName("glossaryTermList")
        self._list.setWordWrap(True)  # long Russian names wrap instead of scrolling sideways
        self._list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._no_match = QLabel(body)
        self._no_match.setObjectName("glossaryNoMatch")
        self._no_match.setWordWrap(True)
        self._no_match.hide()
        self._view = QTextBrowser(body)
        self._view.setObjectName("glossaryDefinition")
        self._view.setOpenLinks(False)
        self._disclaimer = QLabel(body)
        self._disclaimer.setObjectName("glossaryDisclaimer")
        self._disclaimer.setWordWrap(True)
        self._disclaimer.setFrameShape(QLabel.Shape.StyledPanel)
        self._disclaimer.setMargin(6)
        self._disclaimer.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        search_row = QHBoxLayout()
        search_row.addWidget(self._search, 1)
        search_row.addWidget(self._lang_toggle)
        top = QWidget(body)
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(self._list, 1)
        top_layout.addWidget(self._no_match)
        splitter = QSplitter(Qt.Orientation.Vertical, body)
        splitter.setObjectName("glossarySplitter")
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(top)
        splitter.addWidget(self._view)
        splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(body)
        layout.addLayout(search_row)
        layout.addWidget(splitter, 1)
        layout.addWidget(self._disclaimer)
        self.setWidget(body)
        self.setMinimumWidth(300)

    def _connect_signals(self) -> None:
        self._search.textChanged.connect(self._on_search_text_changed)
        self._lang_toggle.toggled.connect(self._on_language_toggled)
        self._list.currentItemChanged.connect(self._on_list_current_changed)
        self._view.anchorClicked.connect(self._on_definition_anchor_clicked)
        # Escape anywhere in the panel closes it (a search box's own clear button stays).
        escape_key = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        escape_key.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        escape_key.activated.connect(self.close_panel)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        self.setWindowTitle(tr_id("GlossaryDock.glossary", "Glossary"))
        self._search.setPlaceholderText(
            tr_id(
                "GlossaryDock.search_terms_and_definitions_ru_or",
                "Search terms and definitions (RU or EN)",
            )
        )
        self._search.setAccessibleName(
            tr_id("GlossaryDock.search_the_glossary", "Search the glossary")
        )
        self._list.setAccessibleName(tr_id("GlossaryDock.glossary_terms", "Glossary terms"))
        self._view.setAccessibleName(tr_id("GlossaryDock.definition", "Definition"))
        self._disclaimer.setAccessibleName(tr_id("GlossaryDock.disclaimer", "Disclaimer"))
        self._lang_toggle.setToolTip(
            tr_id(
                "GlossaryDock.show_the_glossary_in_the_other",
                "Show the glossary in the other language",
            )
        )
        self._update_no_match()

    def _fill_list(self) -> None:
        for entry in self._glossary.all_entries:
            item = QListWidgetItem(self._list)
            item.setData(KEY_ROLE, entry.key)
            if entry.catalog:  # the catalog's glossary in bold, the help collection plain
                font = item.font()
                font.setBold(True)
                item.setFont(font)
        self._refresh_language()

    def _refresh_language(self) -> None:
        lang, other = self.shown_language, _OTHER[self.shown_language]
        self._lang_toggle.setText(_NATIVE_NAME[_OTHER[self._app_language]])
        for row in range(self._list.count()):
            item = self._list.item(row)
            entry = self._glossary.get(item.data(KEY_ROLE))
            item.setText(entry.term(lang))
            source = self._source(entry.catalog)
            item.setToolTip(f"{entry.term(other)}\n{source}")
        self._disclaimer.setText(self._glossary.disclaimer(lang))
        self._render_current()

    def _source(self, catalog: bool) -> str:
        """Which collection an entry is from, as the list's tooltip and the definition say."""
        return (
            tr_id("GlossaryDock.the_catalog_s_glossary", "the catalog's glossary")
            if catalog
            else tr_id("GlossaryDock.help", "help")
        )

    def _item(self, key: str) -> QListWidgetItem:
        for row in range(self._list.count()):
            item = self._list.item(row)
            if item.data(KEY_ROLE) == key:
                return item
        raise KeyError(key)

    def _render_current(self) -> None:
        key = self.current_key
        if key is None:
            self._view.clear()
            return
        lang, other = self.shown_language, _OTHER[self.shown_language]
        entry = self._glossary.get(key)
        links = ", ".join(
            f'<a href="{TERM_SCHEME}:{k}">{escape(self._glossary.get(k).term(lang))}</a>'
            for k in entry.related
        )
        self._view.setHtml(
            f"<h3>{escape(entry.term(lang))}</h3>"
            f"<p><i>{escape(entry.term(other))}</i> — {escape(self._source(entry.catalog))}</p>"
            f"<p>{escape(entry.definition(lang))}</p>"
            + (f"<p><b>{_RELATED[lang]}:</b> {links}</p>" if links else "")
        )
        self.termShown.emit(key)

    def _update_no_match(self) -> None:
        text = self._search.text().strip()
        self._no_match.setText(
            tr_id(
                "GlossaryDock.no_term_or_definition_contains_text",
                "No term or definition contains “{text}”.",
            ).format(text=text)
        )

    def _on_search_text_changed(self, text: str) -> None:
        matches = {entry.key for entry in self._glossary.search(text)}
        first_visible = None
        for row in range(self._list.count()):
            item = self._list.item(row)
            item.setHidden(item.data(KEY_ROLE) not in matches)
            if first_visible is None and not item.isHidden():
                first_visible = item
        self._update_no_match()
        self._no_match.setVisible(first_visible is None)
        current = self._list.currentItem()
        if first_visible is not None and (current is None or current.isHidden()):
            self._list.setCurrentItem(first_visible)

    def _on_language_toggled(self, _checked: bool) -> None:
        self._refresh_language()

    def _on_list_current_changed(self, *_items: QListWidgetItem | None) -> None:
        self._render_current()

    def _on_definition_anchor_clicked(self, url: QUrl) -> None:
        if url.scheme() == TERM_SCHEME:
            self.show_term(url.path())
