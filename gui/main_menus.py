"""The main window's menu bar and toolbar, both showing the window's :class:`MainActions`.

Menus and the toolbar show the same action objects, so a command looks and behaves the same in
both. The titles are translated in the window's context ("MainWindow"), as part of the window.
"""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QMenuBar, QToolBar

from gui.main_actions import MainActions
from gui.qt_names import set_by_name
from gui.translation import tr_id


class MainMenus:
    """Puts the File, Edit, View and Help menus and the toolbar on ``window``, over ``actions``."""

    def __init__(self, window: QMainWindow, actions: MainActions) -> None:
        a = actions
        self.toolbar = QToolBar(window)
        self.toolbar.setObjectName("mainToolBar")
        # Shown before the first paint: set by name, not through ``Qt`` (see gui.qt_names).
        set_by_name(self.toolbar, "toolButtonStyle", "ToolButtonTextBesideIcon")
        self.toolbar.addActions([a.new_plan, a.find, a.glossary, a.settings])
        window.addToolBar(self.toolbar)  # at the top

        bar = window.menuBar()
        self._file = _menu(bar, "fileMenu", [a.new_plan, a.open_plan, a.save_plan], [a.quit])
        self._edit = _menu(bar, "editMenu", [a.find], [a.settings])
        # A dock's toggle goes before the toolbar's once the dock is built (add_dock_toggle).
        views = [a.show_plan, a.show_history, a.show_catalog]
        self._view = _menu(bar, "viewMenu", views, [self.toolbar.toggleViewAction()])
        self._help = _menu(bar, "helpMenu", [a.glossary, a.shortcuts], [a.about])

    def add_dock_toggle(self, dock: QDockWidget) -> None:
        """Put the command that shows and hides ``dock`` in the View menu."""
        self._view.insertAction(self.toolbar.toggleViewAction(), dock.toggleViewAction())

    def retranslate(self) -> None:
        """Title the menus and the toolbar in the current language."""
        self._file.setTitle(tr_id("MainWindow.file", "&File"))
        self._edit.setTitle(tr_id("MainWindow.edit", "&Edit"))
        self._view.setTitle(tr_id("MainWindow.view", "&View"))
        self._help.setTitle(tr_id("MainWindow.help", "&Help"))
        self.toolbar.setWindowTitle(tr_id("MainWindow.toolbar", "Toolbar"))


def _menu(bar: QMenuBar, name: str, first: list[QAction], last: list[QAction]) -> QMenu:
    """A menu of ``first``, a separator and ``last``, added to ``bar``."""
    menu = bar.addMenu("")
    menu.setObjectName(name)
    menu.addActions(first)
    menu.addSeparator()
    menu.addActions(last)
    return menu
