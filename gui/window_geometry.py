"""The main window's size, place and dock layout, kept from one run to the next.

Saved with QSettings on close and restored at start; the glossary dock, built after the first
paint, takes its saved place when it is added. Apart from the window because it is read apart:
what is kept, under which keys, and when nothing is written (a settings file that is a link).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMainWindow

from core.base.errors import InputError
from gui.startup_steps import module

STATE_VERSION = 1  # of the saved dock and toolbar layout (QMainWindow.saveState)


def restore_window(window: QMainWindow, settings: QSettings) -> None:
    """Give ``window`` its saved geometry (else a default size) and dock layout."""
    geometry = settings.value("mainWindow/geometry")
    if geometry is None or not window.restoreGeometry(geometry):
        available = window.screen().availableGeometry()
        window.resize(
            min(1200, available.width() * 9 // 10), min(780, available.height() * 9 // 10)
        )
    restore_docks(window, settings)


def restore_docks(window: QMainWindow, settings: QSettings) -> None:
    """Put the docks and toolbars of ``window`` where they were saved."""
    state = settings.value("mainWindow/state")
    if state is not None:
        window.restoreState(state, STATE_VERSION)


def save_window(window: QMainWindow, settings: QSettings) -> None:
    """Keep the geometry and dock layout of ``window``, unless the settings file is a link."""
    try:  # Qt's own writer follows a link and replaces its target: then nothing is kept
        module("gui.settings_models").check_target(Path(settings.fileName()))
    except InputError:
        return
    settings.setValue("mainWindow/geometry", window.saveGeometry())
    settings.setValue("mainWindow/state", window.saveState(STATE_VERSION))
    settings.sync()
