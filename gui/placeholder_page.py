"""A page of the central area that says what will appear there; replaced by the real page."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from gui.qt_names import set_by_name


class PlaceholderPage(QWidget):
    """A heading and a sentence, centred; its owner sets the texts in the current language."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self._title = QLabel(self)
        self._title.setObjectName(f"{name}Title")
        font = self._title.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self._title.setFont(font)
        self._text = QLabel(self)
        self._text.setObjectName(f"{name}Text")
        self._text.setWordWrap(True)
        # Shown before the first paint: by name, not through ``Qt`` (see gui.qt_names).
        set_by_name(self._title, "alignment", "AlignCenter")
        set_by_name(self._text, "alignment", "AlignCenter")
        # A row with stretches keeps the text narrow and centred; a word-wrapped label placed with
        # an alignment flag would not get the height its wrapped lines need.
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self._text, 2)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(self._title)
        layout.addLayout(row)
        layout.addStretch(2)

    def set_texts(self, title: str, text: str) -> None:
        """Show ``title`` as the heading and ``text`` under it."""
        self._title.setText(title)
        self._text.setText(text)
