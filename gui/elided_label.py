"""A one-line label that shortens its text with "…" instead of widening the window.

A plain QLabel asks for the width of its whole text as its minimum, so one long notice (a file
path, a sentence in Russian) in a status line made the main window wider than the screen. This
label asks for little, shows as much of the text as fits, and carries the whole text in its
tooltip and for screen readers.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QFrame, QSizePolicy, QWidget

MIN_CHARS = 12  # the least it asks for: a few words, so a short notice is never cut


class ElidedLabel(QFrame):
    """One line of text, elided on the right when narrower than the text."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._text = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def text(self) -> str:
        """The whole text (also when it is shown shortened)."""
        return self._text

    def setText(self, text: str) -> None:
        """Show ``text``; the tooltip and the accessible name carry it whole."""
        self._text = text
        self.setToolTip(text)
        self.setAccessibleName(text)
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        return QSize(metrics.horizontalAdvance(self._text) + 2, metrics.height())

    def minimumSizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        return QSize(min(self.sizeHint().width(), metrics.averageCharWidth() * MIN_CHARS), 0)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        painter = QPainter(self)
        rect = self.contentsRect()
        metrics = self.fontMetrics()
        shown = metrics.elidedText(self._text, Qt.TextElideMode.ElideRight, rect.width())
        align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(rect, int(align), shown)
