"""The review page's four buttons: Save quote, Place order, Export PDF and Copy Summary.

A row of its own because it is looked for on its own: the buttons, the Copy menu, their words and
how they flow onto two rows, or one column, when the page is narrow (a small window, the glossary
beside it) instead of scrolling the last of them out of sight. What the buttons do is the page's.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QGridLayout, QMenu, QPushButton, QWidget

from gui.translation import tr_id


class ReviewActions(QObject):
    """The buttons of the review page, laid out in ``grid`` as wide as ``viewport`` allows."""

    def __init__(self, grid: QGridLayout, viewport: QWidget, parent: QWidget) -> None:
        super().__init__(parent)
        self._grid = grid
        self._viewport = viewport
        self.save = QPushButton(parent)
        self.save.setObjectName("saveQuoteButton")
        self.place = QPushButton(parent)
        self.place.setObjectName("placeOrderButton")
        self.export = QPushButton(parent)
        self.export.setObjectName("exportPdfButton")
        self.copy = QPushButton(parent)
        self.copy.setObjectName("copySummaryButton")
        self._copy_menu = QMenu(self.copy)
        self.copy_text = self._copy_menu.addAction("")
        self.copy_text.setObjectName("copySummaryTextAction")
        self.copy_markdown = self._copy_menu.addAction("")
        self.copy_markdown.setObjectName("copySummaryMarkdownAction")
        self.copy.setMenu(self._copy_menu)
        for button in self._buttons():
            button.setAutoDefault(False)
        self._columns = 0
        self._flow(4)
        viewport.installEventFilter(self)

    def _buttons(self) -> tuple[QPushButton, ...]:
        return (self.save, self.place, self.export, self.copy)

    def _flow(self, columns: int) -> None:
        """Lay Save, Place, Export and Copy out in ``columns`` columns (4, 2 or 1)."""
        if columns == self._columns:
            return
        self._columns = columns
        grid = self._grid
        for number, button in enumerate(self._buttons()):
            grid.removeWidget(button)
            grid.addWidget(button, number // columns, number % columns)
        for column in range(5):
            grid.setColumnStretch(column, 1 if column == columns else 0)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # A narrow page puts the buttons on two rows instead of scrolling the last out of sight.
        if watched is self._viewport and event.type() == QEvent.Type.Resize:
            widths = [b.sizeHint().width() for b in (self.save, self.place, self.export)]
            widths.append(self.copy.sizeHint().width())
            space, gap = self._viewport.width(), self._grid.horizontalSpacing()
            if space >= sum(widths) + 3 * gap:
                self._flow(4)
            else:  # two columns as wide as their widest buttons, else one
                pairs = max(widths[0], widths[2]) + max(widths[1], widths[3]) + gap
                self._flow(2 if space >= pairs else 1)
        return super().eventFilter(watched, event)

    def retranslate(self) -> None:
        self.save.setText(tr_id("ReviewPage.save_quote", "&Save quote"))
        self.place.setText(tr_id("ReviewPage.place_order", "&Place order"))
        self.export.setText(tr_id("ReviewPage.export_pdf", "E&xport PDF…"))
        self.copy.setText(tr_id("ReviewPage.copy_summary", "&Copy Summary"))
        self.copy_text.setText(tr_id("ReviewPage.as_plain_text", "As &Plain Text"))
        self.copy_markdown.setText(tr_id("ReviewPage.as_markdown", "As &Markdown"))
        self.copy.setToolTip(
            tr_id(
                "ReviewPage.copy_a_short_summary_of_the",
                "Copy a short summary of the quote for an email or a ticket",
            )
        )
        self.place.setToolTip(
            tr_id(
                "ReviewPage.a_simulated_order_retrying_with_the",
                "A simulated order; retrying with the same key never places a second one",
            )
        )
