"""Links from anywhere in the app to a glossary term: a "?" button and HTML anchors for labels.

Wizard fields put a :class:`GlossaryLink` beside their input; warnings put ``term_anchor()`` in
their rich text and call ``connect_term_links(label)``. Either asks the main window (found by its
``show_glossary_term`` method, through the widget's parents or among the top-level windows) to
open the term in the glossary panel, so it works from a separate, non-modal wizard window too.
"""

from __future__ import annotations

from html import escape
from typing import Protocol, runtime_checkable

from PySide6.QtCore import QEvent, QLocale, QObject
from PySide6.QtWidgets import QApplication, QLabel, QToolButton, QWidget

from core.domain.glossary import load_glossary
from gui.qt_names import set_by_name
from gui.translation import tr_id

TERM_SCHEME = "term"


@runtime_checkable
class GlossaryHost(Protocol):
    """Anything that can open a glossary term; the main window is one."""

    def show_glossary_term(self, key: str) -> None:
        """Open ``key`` in the glossary panel."""


def _ui_language() -> str:
    return "ru" if QLocale().language() == QLocale.Language.Russian else "en"


def find_glossary_host(origin: QObject | None = None) -> GlossaryHost | None:
    """The window that shows the glossary: an ancestor of ``origin``, else a top-level window."""
    node = origin
    while node is not None:
        if isinstance(node, GlossaryHost):
            return node
        node = node.parent()
    hosts = [w for w in QApplication.topLevelWidgets() if isinstance(w, GlossaryHost)]
    hosts.sort(key=lambda w: (not w.isVisible(), w is not QApplication.activeWindow()))
    return hosts[0] if hosts else None


def open_glossary_term(key: str, origin: QObject | None = None) -> bool:
    """Open ``key`` in the glossary panel; False when no window can show it."""
    host = find_glossary_host(origin)
    if host is None:
        return False
    host.show_glossary_term(key)
    return True


def term_anchor(key: str, text: str | None = None) -> str:
    """Rich-text link to ``key`` (shown as ``text`` or the term's name) for a QLabel."""
    label = text if text is not None else load_glossary().get(key).term(_ui_language())
    return f'<a href="{TERM_SCHEME}:{escape(key)}">{escape(label)}</a>'


def connect_term_links(label: QLabel) -> None:
    """Make the ``term:`` links in ``label`` open their terms in the glossary panel."""
    # By name: the wizard's first page is built before the ``Qt`` namespace (see gui.qt_names).
    set_by_name(label, "textFormat", "RichText")
    label.setOpenExternalLinks(False)
    set_by_name(label, "textInteractionFlags", "LinksAccessibleByMouse|LinksAccessibleByKeyboard")

    def on_link(href: str) -> None:
        scheme, _, key = href.partition(":")
        if scheme == TERM_SCHEME:
            open_glossary_term(key, label)

    label.linkActivated.connect(on_link)


class GlossaryLink(QToolButton):
    """A small "?" button that opens one glossary term; keyboard-focusable like any button."""

    def __init__(self, key: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        load_glossary().get(key)  # an unknown key is a programming error: fail when built
        self._key = key
        self.setObjectName(f"glossaryLink_{key}")
        self.setText("?")
        self.setAutoRaise(True)
        self.clicked.connect(self._on_clicked)
        self._retranslate()

    @property
    def key(self) -> str:
        """The glossary key this button opens."""
        return self._key

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        term = load_glossary().get(self._key).term(_ui_language())
        tip = tr_id("GlossaryLink.open_term_in_the_glossary", "Open “{term}” in the glossary")
        self.setToolTip(tip.format(term=term))
        self.setAccessibleName(tip.format(term=term))

    def _on_clicked(self) -> None:
        open_glossary_term(self._key, self)
