"""The History page over hostile imports: a differing row is named, a local model path asked for."""

from __future__ import annotations

import json
import os
import shutil

import pytest
from PySide6.QtWidgets import QMessageBox, QWidget

from core.domain.request import PlanRequest
from core.store import HistoryStore
from core.store.exporting import export_data
from gui.history.plan_page_link import reopen_as_draft
from tests.store_helpers import NOW, make_quote
from tests.test_gui_history import LABEL, action, cells, open_view
from tests.test_gui_history_files import Files, notice


def test_an_import_that_differs_from_a_row_here_says_so(
    qtbot, app_state, tmp_path, monkeypatch, store_services
):
    with HistoryStore(tmp_path / "laptop.sqlite", clock=lambda: NOW) as store:
        quote = make_quote(label="From the laptop")
        store.save_quote(quote)
        data = export_data(store)
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    first.write_text(json.dumps(data), "utf-8")
    data["quotes"][0]["label"] = "Renamed in the file"
    second.write_text(json.dumps(data), "utf-8")
    files = Files(monkeypatch)
    files.paths = [first, second]
    app_state.data_dir.mkdir(parents=True, exist_ok=True)
    view = open_view(qtbot, app_state, store_services)
    action(view, "historyImportAction").trigger()
    qtbot.waitUntil(lambda: cells(view, LABEL) == ["From the laptop"])
    assert "Kept as they are here" not in notice(view)
    action(view, "historyImportAction").trigger()
    qtbot.waitUntil(lambda: "Kept as they are here" in notice(view))
    assert f"quote {quote.id} is already here, but the file differs in label" in notice(view)
    assert cells(view, LABEL) == ["From the laptop"]


class _Window(QWidget):
    """A window that records the drafts History opens through it."""

    def __init__(self) -> None:
        super().__init__()
        self.loaded: list[PlanRequest] = []

    def open_draft(self, request: PlanRequest, label: str) -> None:
        self.loaded.append(request)


@pytest.mark.parametrize("answer", ["Yes", "No"])
def test_reopening_a_quote_of_a_local_model_file_asks_before_reading_it(
    qtbot, tmp_path, monkeypatch, answer
):
    config = tmp_path / "config.json"
    quote = make_quote(label="Local")
    quote = quote.model_copy(
        update={"request": quote.request | {"model": {"hf_config": str(config)}}}
    )
    asked: list[str] = []

    def question(_parent, _title, text, *_args):
        asked.append(text)
        return getattr(QMessageBox.StandardButton, answer)

    monkeypatch.setattr(QMessageBox, "question", question)
    window = _Window()
    qtbot.addWidget(window)
    said = reopen_as_draft(quote, NOW, window, window)
    assert len(asked) == 1 and str(config) in asked[0]
    assert (said is not None, len(window.loaded)) == ((True, 1) if answer == "Yes" else (False, 0))


def test_reopening_a_preset_quote_asks_nothing(qtbot, monkeypatch):
    monkeypatch.setattr(QMessageBox, "question", lambda *a: pytest.fail("asked"))
    window = _Window()
    qtbot.addWidget(window)
    assert reopen_as_draft(make_quote(label="Custom"), NOW, window, window) is not None
    assert len(window.loaded) == 1


@pytest.mark.skipif(os.name != "posix", reason="POSIX modes")
def test_the_first_draft_and_window_state_make_the_data_folder_private(
    tmp_path, app_state, user_data_dir
):
    from core.domain.request_parsing import parse_request
    from gui.wizard.plan_files import keep_draft

    folder = tmp_path / "base" / "AnchorGPU" / "AnchorGPU Planner"
    keep_draft(parse_request(make_quote().request), folder)
    for made in (tmp_path / "base", tmp_path / "base" / "AnchorGPU", folder):
        assert made.stat().st_mode & 0o777 == 0o700, made
    shutil.rmtree(user_data_dir)  # as on a first start, before anything else made it
    settings = app_state.window_settings()
    settings.setValue("geometry", "x")
    settings.sync()
    assert user_data_dir.stat().st_mode & 0o777 == 0o700
