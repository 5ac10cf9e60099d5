"""The start-up notice above the pages: what went wrong with the settings or the catalog file.

A problem met while loading (an unreadable settings file, an imported catalog that cannot be used)
is said here, in the window itself, until the user dismisses it. The status bar is no place for
it: its permanent labels (database, catalog) take its width, and a temporary message there is
gone on the next hover.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QWidget

from gui.presentation.palette import ERROR_BACKGROUND, ERROR_DARK
from gui.translation import tr_id


class StartupNotice(QWidget):
    """A dismissable band of start-up problems, worded again on every language change."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("startupNotice")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(
            f"#startupNotice {{ background: {ERROR_BACKGROUND}; }}"
            f" QLabel {{ color: {ERROR_DARK}; }}"
        )
        self._text = QLabel(self)
        self._text.setObjectName("startupNoticeText")
        self._text.setWordWrap(True)
        self._text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._close = QToolButton(self)
        self._close.setObjectName("startupNoticeClose")
        self._close.setAutoRaise(True)
        self._close.setText("✕")
        self._close.clicked.connect(self.dismiss)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 6, 4, 6)
        layout.addWidget(self._text, 1)
        layout.addWidget(self._close, 0, Qt.AlignmentFlag.AlignTop)
        self._problems: Callable[[], list[str]] = list
        self._dismissed = False
        self.hide()

    def set_problems(self, problems: Callable[[], list[str]]) -> None:
        """Show what ``problems`` returns (in the current language); hidden when it is empty."""
        self._problems = problems
        self._dismissed = False
        self.retranslate()

    def dismiss(self) -> None:
        """Hide the notice until new problems are set."""
        self._dismissed = True
        self.hide()

    def text(self) -> str:
        """The problems as shown."""
        return self._text.text()

    def retranslate(self) -> None:
        self._close.setToolTip(tr_id("StartupNotice.dismiss", "Dismiss"))
        self._close.setAccessibleName(tr_id("StartupNotice.dismiss", "Dismiss"))
        problems = self._problems()
        self._text.setText("\n".join(problems))
        self.setVisible(bool(problems) and not self._dismissed)
