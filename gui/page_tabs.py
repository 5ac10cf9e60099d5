"""The main window's central area: its pages in tabs, each under a key, titled in its language.

A page is put in place by key (``set_page("plan", wizard)``), replacing what was there (a
placeholder until the real page is built) or added as a new tab; each tab's title comes from a
callable, asked again on every language change (:meth:`PageTabs.retranslate`).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QTabWidget, QWidget

Title = Callable[[], str]


class PageTabs(QTabWidget):
    """Tabs of pages by key; the window gives each page's title in the current language."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("centralPages")
        self.setDocumentMode(True)
        self._pages: dict[str, tuple[QWidget, Title]] = {}

    def page(self, key: str) -> QWidget:
        """The widget shown for ``key``."""
        return self._pages[key][0]

    def set_page(self, key: str, widget: QWidget, title: Title | None = None) -> None:
        """Put ``widget`` on the page ``key``, replacing what was there, or add a new page.

        ``title`` returns the tab title in the current language; existing pages keep their title
        when it is omitted. The tab shown stays shown.
        """
        widget.setObjectName(widget.objectName() or f"{key}Page")
        current = self.currentWidget()
        if key in self._pages:
            old, old_title = self._pages[key]
            index = self.indexOf(old)
            self.removeTab(index)
            old.deleteLater()
            self.insertTab(index, widget, "")
            if current is old:
                current = widget
            self._pages[key] = (widget, title or old_title)
        else:
            if title is None:
                raise ValueError(f"a new page '{key}' needs a title")
            self.addTab(widget, "")
            self._pages[key] = (widget, title)
        if current is not None:
            self.setCurrentWidget(current)
        self.retranslate()

    def show_page(self, key: str) -> None:
        """Bring the page ``key`` to the front."""
        self.setCurrentWidget(self._pages[key][0])

    def retranslate(self) -> None:
        """Title every tab in the current language."""
        for widget, title in self._pages.values():
            self.setTabText(self.indexOf(widget), title())
