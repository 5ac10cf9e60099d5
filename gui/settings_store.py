"""The GUI's one door to the user settings file and the per-user paths, all kept in ``core``.

``core.app.settings`` owns the model and the JSON file, ``core.base.paths`` the data folder and the
history database path (both honour ``ANCHORGPU_PLANNER_DATA`` / ``ANCHORGPU_PLANNER_DB``). This
adapter binds them to one folder, turns a broken settings file into defaults plus a message (the
file kept aside), and converts the tax rate between the stored fraction and the percent the dialog
shows. It also remembers the folder each kind of file dialog last used (:func:`dialog_start`,
:func:`remember_dialog_folder`), so a dialog opens where the user last was, or in Documents.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings, QStandardPaths

from core.base import paths
from core.base.errors import InputError
from gui import startup_steps

if TYPE_CHECKING:
    from core.app.settings import Language as LanguageChoice
    from core.app.settings import Settings

# ``core.app.settings`` (pydantic) is reached through :func:`models`, so that the main window can
# be shown before pydantic and the catalog models are loaded.
IMPORTED_CATALOG_FILE = "catalog.json"
LANGUAGE_CHOICES = ("system", "ru", "en")
DIALOG_FOLDERS_FILE = "window.ini"  # gui.app_state.WINDOW_STATE_FILE: the window's own state
DIALOG_KINDS = ("plan", "history", "export", "model", "catalog")
"""The kinds of file the dialogs ask for; each remembers its own last folder.

plan: Open Plan / Save Plan As; history: history export, import, backup and restore; export: a
quote's, an order's or a comparison's PDF or CSV; model: config.json, safetensors and GGUF files;
catalog: an imported GPU catalog.
"""


def data_dir() -> Path:
    """The per-user data folder (settings, imported catalog, window layout)."""
    return paths.data_dir()


def db_path() -> Path:
    """The history database file the app opens."""
    return paths.default_db_path()


def tax_percent_text(settings: Settings) -> str:
    """The tax rate as the percent text the settings dialog shows (0.2 → "20")."""
    return format(settings.tax_rate.scaleb(2).normalize(), "f")


def _folder_settings() -> Any:
    return QSettings(str(data_dir() / DIALOG_FOLDERS_FILE), QSettings.Format.IniFormat)


def documents_folder() -> Path:
    """The user's Documents folder (the home folder when the system names none)."""
    found = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(found) if found else Path.home()


def dialog_folder(kind: str) -> Path:
    """The folder a ``kind`` dialog last chose, if it still exists; else Documents."""
    value = _folder_settings().value(f"dialogFolders/{kind}")
    if isinstance(value, str) and value and Path(value).is_dir():
        return Path(value)
    return documents_folder()


def dialog_start(kind: str, name: str = "") -> str:
    """Where a ``kind`` dialog opens: its last folder (or Documents), with ``name`` suggested."""
    folder = dialog_folder(kind)
    return str(folder / name) if name else str(folder)


def remember_dialog_folder(kind: str, chosen: str | Path, *, is_folder: bool = False) -> None:
    """Keep the folder of ``chosen`` (a file, or a folder itself) for the next ``kind`` dialog."""
    if kind not in DIALOG_KINDS:
        raise ValueError(f"unknown dialog kind {kind!r}")
    path = Path(chosen)
    folder = path if is_folder else path.parent
    settings = _folder_settings()
    settings.setValue(f"dialogFolders/{kind}", str(folder))
    settings.sync()


class SettingsStore:
    """Loads and saves :class:`Settings` as ``settings.json`` in one folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.path = self.folder / paths.SETTINGS_FILENAME
        self.problem: str | None = None
        self.kept_as: Path | None = None  # where a refused settings file was moved

    def load(self) -> Settings:
        """Read the settings; a missing file gives defaults, a broken one defaults and a problem.

        The broken file is kept aside as ``settings.rejected-<UTC time>.json`` (:attr:`kept_as`),
        so the next save does not replace it; it stays where it was when it cannot be moved.
        """
        files = models()
        self.problem, self.kept_as = None, None
        try:
            settings: Settings = files.load_settings(self.path)
        except InputError as error:
            self.problem = error.message
            if self.path.is_file() and not self.path.is_symlink():
                self.kept_as = files.move_aside(self.path)
            return files.Settings()
        return settings

    def peek_language(self) -> LanguageChoice:
        """The saved language choice, read without validating the rest of the file.

        Used before the settings are loaded, so the window appears in the right language at
        once; a missing or broken file gives "system", as loading it would.
        """
        try:
            value = json.loads(self.path.read_text("utf-8")).get("language")
        except (OSError, ValueError, AttributeError):
            return "system"
        return value if value in LANGUAGE_CHOICES else "system"

    def save(self, settings: Settings) -> None:
        """Write the settings atomically; raises :class:`InputError` when that is impossible."""
        models().save_settings(settings, self.path)


def models() -> ModuleType:
    """The settings' and the catalog's pydantic side (:mod:`gui.settings_models`)."""
    return startup_steps.module("gui.settings_models")
