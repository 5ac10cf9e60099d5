"""File dialogs open in the folder their kind last used, or in Documents the first time.

Each kind (plans, history files, exports, model files, catalogs) keeps its own folder in the
window state file of the data folder, so it is there again after a restart.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QFileDialog

from gui.settings_store import dialog_start, remember_dialog_folder
from tests import test_gui_history as shared
from tests.test_gui_history import action

answers, history, view = shared.answers, shared.history, shared.view


def documents() -> Path:
    return Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation))


class Dialogs:
    """Stands in for the file dialogs: records where each opened, returns the queued paths."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.started: list[str] = []
        self.paths: list[Path] = []

        def choose(_parent, _title, start="", *_args, **_kwargs):
            self.started.append(start)
            return (str(self.paths.pop(0)) if self.paths else "", "")

        monkeypatch.setattr(QFileDialog, "getSaveFileName", choose)
        monkeypatch.setattr(QFileDialog, "getOpenFileName", choose)


@pytest.fixture
def dialogs(monkeypatch: pytest.MonkeyPatch) -> Dialogs:
    return Dialogs(monkeypatch)


def test_each_kind_remembers_its_folder_and_starts_in_documents(
    user_data_dir: Path, tmp_path: Path
) -> None:
    assert dialog_start("plan") == str(documents())
    assert dialog_start("plan", "plan.json") == str(documents() / "plan.json")
    plans = tmp_path / "plans"
    plans.mkdir()
    remember_dialog_folder("plan", plans / "job.json")
    models = tmp_path / "models" / "shards"
    models.mkdir(parents=True)
    remember_dialog_folder("model", models, is_folder=True)
    assert dialog_start("plan", "plan.json") == str(plans / "plan.json")
    assert dialog_start("model") == str(models)
    assert dialog_start("history") == str(documents())  # another kind keeps its own
    assert (user_data_dir / "window.ini").is_file()  # kept across restarts
    shutil.rmtree(plans)  # a folder that is gone: Documents again
    assert dialog_start("plan") == str(documents())
    with pytest.raises(ValueError, match="unknown dialog kind"):
        remember_dialog_folder("pictures", tmp_path / "x.png")


def test_history_export_and_import_open_where_the_last_file_went(
    view, qtbot, dialogs: Dialogs, tmp_path: Path
) -> None:
    exports = tmp_path / "exports"
    exports.mkdir()
    dialogs.paths = [exports / "history.csv"]
    action(view, "historyExportCsvAction").trigger()
    qtbot.waitUntil(lambda: (exports / "history.csv").exists())
    action(view, "historyExportJsonAction").trigger()  # cancelled
    action(view, "historyImportAction").trigger()  # cancelled
    first, again, opened = dialogs.started
    assert Path(first).parent == documents()
    assert Path(again).parent == exports
    assert Path(again).name.endswith(".json")
    assert Path(opened) == exports


def test_plan_files_open_where_the_last_plan_was_saved(
    main_window, dialogs: Dialogs, tmp_path: Path
) -> None:
    plans = tmp_path / "plans"
    plans.mkdir()
    commands = main_window._plan_files()
    dialogs.paths = [plans / "job"]
    commands.save_as()
    assert (plans / "job.json").is_file()
    commands.open()  # cancelled
    assert dialogs.started == [str(documents() / "plan.json"), str(plans)]
