"""One input of a wizard form: its label, the input, and the "?" links to its glossary terms.

The row is where an invalid value is shown: a red border on the input, the reason as its tooltip
and accessible description, and the reason in the line under the input (the page also names the
row under the form). That line keeps its height while empty, so a reason appearing never moves
the rows below it under the mouse.

A typed input is judged only once the user has typed in it (or pressed Next, or chosen a file
for it): an empty form that was never touched shows no refusal.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QLocale
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from core.domain.glossary import load_glossary
from gui.glossary_link import GlossaryLink
from gui.presentation import palette
from gui.presentation.field_text import register_label

INVALID_STYLE = palette.INVALID_FIELD_STYLE
ERROR_COLOR = palette.ERROR_TEXT_STYLE


class FieldRow(QWidget):
    """``field`` with glossary links beside it and a short hint under it.

    Focus given to the row goes to the field.
    """

    def __init__(
        self,
        path: str,
        field: QWidget,
        terms: Sequence[str],
        parent: QWidget | None = None,
        *,
        marked: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.path = path
        self.field = field
        self.marked = marked if marked is not None else field  # where a refusal is drawn
        self.label = QLabel(parent)
        self.label.setBuddy(field)
        self.links = {key: GlossaryLink(key, self) for key in terms}
        self._hint = ""
        self._error: str | None = None
        self.hint_label = QLabel(self)
        self.hint_label.setObjectName(f"{path}_hint")
        self.hint_label.setWordWrap(True)
        self.hint_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        font = self.hint_label.font()
        font.setPointSizeF(font.pointSizeF() * 0.9)
        self.hint_label.setFont(font)
        # One line is always reserved: a reason shown or cleared never moves the rows below.
        self.hint_label.setMinimumHeight(self.hint_label.fontMetrics().lineSpacing())
        # Only text the user types can be refused before it is touched; choices are judged at once.
        self._typed = isinstance(field, QLineEdit)
        self.touched = not self._typed
        if isinstance(field, QLineEdit):
            field.textEdited.connect(self._on_field_text_edited)
            # The red border's style sheet draws a line edit lower than the platform does.
            field.setMinimumHeight(field.sizeHint().height())
        line = QHBoxLayout()
        line.addWidget(field, 1)
        for link in self.links.values():
            line.addWidget(link)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(1)
        layout.addLayout(line)
        layout.addWidget(self.hint_label)
        self.setFocusProxy(field)
        previous = self.marked  # Tab goes from the input to its "?" links, then on
        for link in self.links.values():
            QWidget.setTabOrder(previous, link)
            previous = link
        field.setObjectName(field.objectName() or "field_" + path.replace(".", "_"))
        self.marked.setObjectName(self.marked.objectName() or f"{field.objectName()}_input")

    @property
    def error(self) -> str | None:
        """The reason the value is refused, or None."""
        return self._error

    def set_texts(self, label: str, hint: str = "") -> None:
        """The label text and the tooltip shown while the value is valid."""
        self.label.setText(label)
        register_label(self.path, label)
        self._hint = hint
        if self._error is None:
            self.hint_label.setText(hint)
            self.marked.setToolTip(hint)
        self.field.setAccessibleName(label.replace("&", ""))

    def show_terms(self, keys: Sequence[str]) -> None:
        """Show only the links to ``keys`` (for a field whose term follows its value).

        Two or more links side by side name their terms, so that each "?" says where it leads.
        """
        lang = "ru" if QLocale().language() == QLocale.Language.Russian else "en"
        for key, link in self.links.items():
            link.setVisible(key in keys)
            name = load_glossary().get(key).term(lang)
            link.setText(f"? {name}" if len(keys) > 1 else "?")

    def set_error(self, message: str | None) -> None:
        """Mark the input as refused with ``message``, or clear the mark."""
        if message == self._error:
            return
        self._error = message
        target = self.marked
        target.setProperty("invalid", message is not None)
        # The selector keeps the border on this input, not on the widgets inside it.
        target.setStyleSheet(f"#{target.objectName()} {{ {INVALID_STYLE} }}" if message else "")
        target.setToolTip(message or self._hint)
        target.setAccessibleDescription(message or "")
        # The reason replaces the hint under the input while the value is refused, in at least
        # the height the hint had (a hint wrapped on two lines and a one-line reason).
        line = self.hint_label.fontMetrics().lineSpacing()
        shown = self.hint_label.height() if self.hint_label.isVisible() else line
        self.hint_label.setMinimumHeight(max(line, shown) if message else line)
        self.hint_label.setText(message or self._hint)
        self.hint_label.setStyleSheet(ERROR_COLOR if message else "")
        role = QPalette.ColorRole.WindowText if message else QPalette.ColorRole.PlaceholderText
        self.hint_label.setForegroundRole(role)

    def reset_touched(self) -> None:
        """A new draft: a typed input is not judged again until the user types in it."""
        self.touched = not self._typed

    def _on_field_text_edited(self, _text: str) -> None:
        self.touched = True

    def setEnabled(self, enabled: bool) -> None:
        # The field, its label and its hint follow; the "?" links stay usable: what a field that
        # is off would do, and why it is off, is as much worth reading as for one that is on.
        for widget in (self.field, self.label, self.hint_label):
            widget.setEnabled(enabled)

    def isEnabled(self) -> bool:
        """Whether the field takes input (its "?" links always do)."""
        return self.field.isEnabled()
