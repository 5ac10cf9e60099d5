"""What the main window builds after its first paint, in one module the start-up loads on a thread.

The window's first frame shows only its shell and the wizard's first page. Everything here comes
later: the history store's service, the History and Catalog pages and the glossary dock (built by
the start-up steps), and what only a command opens (the plan file commands, the settings and
shortcuts dialogs). :class:`gui.main_window.MainWindow` reaches all of it through this one module,
which is in :data:`gui.startup_steps.LATER_MODULES`: a thread imports it while the window runs, so
the steps that use it find it loaded.
"""

from __future__ import annotations

from core.domain.glossary import load_glossary
from gui.catalog import CatalogView
from gui.glossary_dock import GlossaryDock
from gui.history import HistoryView
from gui.plan_file_commands import PlanFileCommands
from gui.settings_dialog import SettingsDialog
from gui.shortcuts_dialog import ShortcutsDialog
from gui.store_service import StoreService

__all__ = [
    "CatalogView",
    "GlossaryDock",
    "HistoryView",
    "PlanFileCommands",
    "SettingsDialog",
    "ShortcutsDialog",
    "StoreService",
    "load_glossary",
]
