"""Tool bars that keep every command in sight: the labels go under the icons, then away.

A tool bar wider than its window hides its last commands behind Qt's "»" button; in Russian the
History page's tool bar (with the Database menu last) needed some 1,270 pixels. A fitted tool bar
takes the first of: text beside the icons, text under them, icons alone (each command keeps its
tooltip) whose width fits the room it is given.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QToolBar, QToolButton

STYLES = (
    Qt.ToolButtonStyle.ToolButtonTextBesideIcon,
    Qt.ToolButtonStyle.ToolButtonTextUnderIcon,
    Qt.ToolButtonStyle.ToolButtonIconOnly,
)


class ToolBarFit(QObject):
    """Refits ``toolbar`` (and the tool buttons put in it as widgets) whenever it is resized."""

    def __init__(self, toolbar: QToolBar) -> None:
        super().__init__(toolbar)
        self._toolbar = toolbar
        self._fitting = False
        self._fitted: tuple[object, ...] = ()  # the width and the names last fitted
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.fit)
        toolbar.installEventFilter(self)

    @property
    def style(self) -> Qt.ToolButtonStyle:
        """The style the tool bar shows its commands in."""
        return self._toolbar.toolButtonStyle()

    def fit(self) -> None:
        """Show the commands in the widest style that fits the tool bar's width."""
        room = self._toolbar.width()
        names = tuple(b.text() for b in self._buttons())
        if self._fitting or (room, names) == self._fitted:
            return  # a fit's own relayout, or nothing changed since the last fit
        self._fitting, self._fitted = True, (room, names)
        try:
            for style in STYLES:
                self._apply(style)
                if self._needed() <= room:
                    break
        finally:
            self._fitting = False

    def _needed(self) -> int:
        layout = self._toolbar.layout()
        layout.invalidate()
        return layout.sizeHint().width()

    def _buttons(self) -> list[QToolButton]:
        return [
            b
            for b in self._toolbar.findChildren(QToolButton)
            if b.objectName() != "qt_toolbar_ext_button" and b.parent() is self._toolbar
        ]

    def _apply(self, style: Qt.ToolButtonStyle) -> None:
        self._toolbar.setToolButtonStyle(style)
        for button in self._buttons():
            button.setToolButtonStyle(style)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Resized, or its commands renamed (a new language relays the bar out): fit once the
        # events in hand are handled.
        fitting_events = (QEvent.Type.Resize, QEvent.Type.Show, QEvent.Type.LayoutRequest)
        if watched is self._toolbar and event.type() in fitting_events:
            self._timer.start()
        return False
