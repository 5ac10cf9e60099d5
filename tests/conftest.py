"""Shared test set-up: Qt offscreen, and every test gets its own empty user data folder.

The environment variables point the data folder and the history database at ``tmp_path`` for each
test, and Qt's test mode moves its standard locations away from the real ones, so no test reads
or writes a user's settings, history or window layout.
"""

from __future__ import annotations

import os

os.environ["QT_QPA_PLATFORM"] = "offscreen"  # before any Qt import

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import QStandardPaths  # noqa: E402

QStandardPaths.setTestModeEnabled(True)


@pytest.fixture(autouse=True)
def user_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh per-test data folder, named by the same variables the app and the CLI honour."""
    folder = tmp_path / "user-data"
    monkeypatch.setenv("ANCHORGPU_PLANNER_DATA", str(folder))
    monkeypatch.setenv("ANCHORGPU_PLANNER_DB", str(folder / "history.sqlite"))
    return folder


@pytest.fixture(scope="session", autouse=True)
def _garbage_collected_on_the_gui_thread(qapp) -> None:
    """As in the app: Qt objects in reference cycles are freed on the GUI thread, never on a
    thread-pool thread (gui.gui_thread_gc)."""
    from gui.gui_thread_gc import collect_on_gui_thread

    collect_on_gui_thread(qapp)


@pytest.fixture
def app_state(qapp, user_data_dir: Path) -> Iterator[object]:
    """The GUI's shared state over the test's data folder, in English to start with."""
    from gui.app_state import AppState
    from gui.language_switcher import LanguageSwitcher
    from gui.settings_store import SettingsStore

    switcher = LanguageSwitcher(qapp)
    state = AppState(SettingsStore(user_data_dir), switcher)
    state.update_settings(language="en")
    yield state
    switcher.apply("en")  # leave no Russian translator installed for the next test


@pytest.fixture
def main_window(qtbot, app_state) -> object:
    """The main window, shown and exposed."""
    from gui.main_window import MainWindow

    window = MainWindow(app_state)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def store_services(qapp) -> Iterator[object]:
    """Makes store services (as the main window does) and shuts them down after the test."""
    from gui.store_service import StoreService

    made: list[StoreService] = []

    def make(path: Path, **options: object) -> StoreService:
        service = StoreService(path, **options)  # type: ignore[arg-type]
        made.append(service)
        return service

    yield make
    for service in made:
        service.shutdown()
