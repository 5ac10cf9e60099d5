"""The state the whole window shares: user settings, the catalog in use, the language and paths.

Pages, docks and dialogs get an :class:`AppState` passed in and listen to its signals instead of
reaching for globals. Every change goes through a method here that validates first (with
``core``), then saves, then announces; a refused change leaves everything as it was.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, Signal

from core.base.errors import CatalogError, InputError
from core.base.paths import ensure_private_dir
from gui.language_switcher import LanguageSwitcher, resolve_language
from gui.settings_store import IMPORTED_CATALOG_FILE, SettingsStore, data_dir, db_path, models

if TYPE_CHECKING:
    from decimal import Decimal

    from core.app.settings import Language as LanguageChoice
    from core.app.settings import Settings as UserSettings
    from core.domain.catalog import Catalog

WINDOW_STATE_FILE = "window.ini"


class AppState(QObject):
    """Settings, catalog and language of one running app, with change signals."""

    settingsChanged = Signal(object)
    catalogChanged = Signal(object)
    languageChanged = Signal(str)

    def __init__(
        self,
        store: SettingsStore,
        switcher: LanguageSwitcher | None = None,
        *,
        database: Path | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._store = store
        self._switcher = switcher
        self.data_dir = store.folder
        self.db_path = database if database is not None else db_path()
        # Settings and catalog (pydantic models) load on first use, so the main window can be
        # shown before them; only the language is read now, from the raw file.
        self._settings: UserSettings | None = None
        self._settings_problem: str | None = None
        self._settings_kept_as: Path | None = None
        self._catalog_problem: str | None = None
        self._catalog: Catalog | None = None
        self._catalog_source: Path | None = None
        choice = store.peek_language()
        self._language = resolve_language(choice)
        if switcher is not None:
            self._language = switcher.apply(choice)
            switcher.languageChanged.connect(self._on_switcher_language_changed)

    @classmethod
    def from_environment(cls, switcher: LanguageSwitcher | None = None) -> AppState:
        """The state for the per-user data folder (or the one the environment names)."""
        return cls(SettingsStore(data_dir()), switcher)

    @property
    def loaded(self) -> bool:
        """Whether the settings and the catalog have been read yet."""
        return self._settings is not None

    def load(self) -> None:
        """Read the settings and the catalog now (once; every accessor does it on demand)."""
        if self._settings is None:
            self._settings = self._store.load()
            self._settings_problem = self._store.problem
            self._settings_kept_as = self._store.kept_as
            self._catalog, self._catalog_source = self._initial_catalog()

    @property
    def settings(self) -> UserSettings:
        """The saved user settings."""
        self.load()
        assert self._settings is not None
        return self._settings

    @property
    def settings_problem(self) -> str | None:
        """Why the settings file could not be used (defaults are then in effect)."""
        self.load()
        return self._settings_problem

    @property
    def settings_kept_as(self) -> Path | None:
        """Where the refused settings file was kept aside (None: none refused, or not moved)."""
        self.load()
        return self._settings_kept_as

    @property
    def catalog_problem(self) -> str | None:
        """Why the imported catalog could not be used (the bundled one is then in effect)."""
        self.load()
        return self._catalog_problem

    @property
    def catalog(self) -> Catalog:
        """The catalog every page prices against."""
        self.load()
        assert self._catalog is not None
        return self._catalog

    @property
    def catalog_source(self) -> Path | None:
        """The imported catalog file in use, or None for the bundled catalog."""
        self.load()
        return self._catalog_source

    @property
    def language(self) -> str:
        """The language the window shows: "ru" or "en"."""
        return self._language

    def window_settings(self) -> QSettings:
        """QSettings for window geometry and dock/header state, kept in the data folder.

        The same file keeps the folder each kind of file dialog last used (``gui.settings_store``).
        """
        with contextlib.suppress(OSError):  # Qt would make a missing folder 0755 when it saves
            ensure_private_dir(self.data_dir)
        return QSettings(str(self.data_dir / WINDOW_STATE_FILE), QSettings.Format.IniFormat)

    def update_settings(
        self,
        *,
        language: LanguageChoice | None = None,
        tax_rate: Decimal | None = None,
        runtime_context_gib: float | None = None,
    ) -> None:
        """Validate, save and announce new values; the language switch happens at once."""
        changes: dict[str, object] = {}
        if language is not None:
            changes["language"] = language
        if tax_rate is not None:
            changes["tax_rate"] = tax_rate
        if runtime_context_gib is not None:
            changes["runtime_context_gib"] = runtime_context_gib
        self._save(changes)
        if language is not None:
            self._set_language(language)

    def import_catalog(self, source: Path) -> Catalog:
        """Validate ``source``, copy it into the data folder and use it.

        Raises :class:`CatalogError` with the file's problem; then nothing has changed.
        """
        files = models()
        catalog = files.load_catalog_file(source)
        ensure_private_dir(self.data_dir)
        target = self.data_dir / IMPORTED_CATALOG_FILE
        if Path(source).resolve() != target.resolve():
            # The file's bytes (never a FIFO or a device), written beside the target, read back
            # and only then renamed over it: the copy is what will be used.
            data = files.read_capped(source, max_bytes=files.MAX_CATALOG_BYTES, error=CatalogError)
            with files.replacing(target) as temporary:
                temporary.write_bytes(data)
                catalog = files.load_catalog_file(temporary)
        self._save({"catalog_path": str(target)})
        self._set_catalog(catalog, target)
        return catalog

    def use_bundled_catalog(self) -> None:
        """Go back to the catalog shipped with the app."""
        self._save({"catalog_path": None})
        self._set_catalog(models().default_catalog(), None)

    def _initial_catalog(self) -> tuple[Catalog, Path | None]:
        files = models()
        assert self._settings is not None
        if self._settings.catalog_path is None:
            return files.default_catalog(), None
        path = Path(self._settings.catalog_path)
        try:
            return files.load_catalog_file(path), path
        except CatalogError as error:
            self._catalog_problem = error.message
            return files.default_catalog(), None

    def _save(self, changes: dict[str, object]) -> None:
        """Validate the merged settings with core's model, write them, then announce them."""
        files = models()
        try:
            settings = files.Settings.model_validate(self.settings.model_dump() | changes)
        except files.ValidationError as error:
            raise InputError(str(error.errors()[0]["msg"]).removeprefix("Value error, ")) from None
        self._store.save(settings)
        self._settings = settings
        self.settingsChanged.emit(settings)

    def _set_catalog(self, catalog: Catalog, source: Path | None) -> None:
        self._catalog, self._catalog_source = catalog, source
        self._catalog_problem = None
        self.catalogChanged.emit(catalog)

    def _set_language(self, choice: str) -> None:
        if self._switcher is not None:
            self._switcher.apply(choice)
        else:
            self._on_switcher_language_changed(resolve_language(choice))

    def _on_switcher_language_changed(self, lang: str) -> None:
        if lang != self._language:
            self._language = lang
            self.languageChanged.emit(lang)
