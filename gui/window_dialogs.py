"""What the main window opens only on a command: the plan file commands and two dialogs.

Not loaded ahead like :mod:`gui.window_later`: :class:`gui.main_window.MainWindow` reaches this
module through :func:`gui.startup_steps.module` the first time a command needs it.
"""

from __future__ import annotations

from gui.plan_file_commands import PlanFileCommands
from gui.settings_dialog import SettingsDialog
from gui.shortcuts_dialog import ShortcutsDialog

__all__ = ["PlanFileCommands", "SettingsDialog", "ShortcutsDialog"]
