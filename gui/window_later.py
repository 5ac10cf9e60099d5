"""What the main window builds after its first paint, in one module the start-up loads on a thread.

The window's first frame shows only its shell and the wizard's first page. Everything here comes
later: the history store's service, the History and Catalog pages and the glossary dock, built by
the start-up steps (what only a command opens is :mod:`gui.window_dialogs`).
:class:`gui.main_window.MainWindow` reaches them through this one module, which is in
:data:`gui.startup_steps.LATER_MODULES`: a thread imports it while the window runs, so the steps
that use it find it loaded.
"""

from __future__ import annotations

from core.domain.glossary import load_glossary
from gui.catalog import CatalogView
from gui.glossary_dock import GlossaryDock
from gui.history import HistoryView
from gui.store_service import StoreService

__all__ = [
    "CatalogView",
    "GlossaryDock",
    "HistoryView",
    "StoreService",
    "load_glossary",
]
