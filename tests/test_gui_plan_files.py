"""Plan files (File → Open Plan…, Save Plan As…) and the draft opened again after a restart."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from core.domain.request_parsing import load_request_file, parse_request
from gui.main_window import MainWindow
from gui.plan_file_commands import PlanFileCommands
from gui.wizard.plan_files import DRAFT_FILE
from tests.test_gui_wizard import settle

EDITED = {
    "workload": "training",
    "model": {"preset": "qwen2.5-14b"},
    "training": {"method": "lora", "micro_batch_size": 2},
    "parallelism": {"strategy": "fsdp", "gpus": 4},
    "term": {"unit": "week", "count": 2},
}


def open_window(qtbot, app_state) -> MainWindow:
    window = MainWindow(app_state)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    settle(qtbot, window.page("plan").wizard)
    return window


def test_a_saved_plan_is_a_request_file_and_opens_again(app_state, qtbot, tmp_path):
    window = open_window(qtbot, app_state)
    wizard = window.page("plan").wizard
    commands = PlanFileCommands(window, wizard)
    wizard.load_request(parse_request(EDITED))
    settle(qtbot, wizard)
    path = tmp_path / "plan.json"
    assert commands.save_path(path)
    assert load_request_file(path) == wizard.current_request()  # what the CLI reads
    window.commands.new_plan.trigger()
    settle(qtbot, wizard)
    assert wizard.current_request().workload == "inference"
    assert commands.open_path(path)
    settle(qtbot, wizard)
    assert wizard.current_request() == parse_request(EDITED)


def test_a_bad_plan_file_is_refused_in_words_and_the_draft_stays(
    app_state, qtbot, tmp_path, monkeypatch
):
    window = open_window(qtbot, app_state)
    wizard = window.page("plan").wizard
    before = wizard.current_request()
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: shown.append(text))
    bad = tmp_path / "bad.json"
    bad.write_text('{"workload": "inference", "model": {"preset": "no-such-model"}}', "utf-8")
    assert not PlanFileCommands(window, wizard).open_path(bad)
    assert len(shown) == 1 and "no-such-model" in shown[0]
    assert not PlanFileCommands(window, wizard).save_path(tmp_path / "missing" / "x.json")
    assert len(shown) == 2 and "x.json" in shown[1]
    assert wizard.current_request() == before


def test_the_last_draft_is_opened_again_after_a_restart(app_state, qtbot, user_data_dir: Path):
    window = open_window(qtbot, app_state)
    wizard = window.page("plan").wizard
    wizard.load_request(parse_request(EDITED))
    settle(qtbot, wizard)
    assert (user_data_dir / DRAFT_FILE).is_file()
    window.close()
    again = open_window(qtbot, app_state)
    restored = again.page("plan").wizard
    assert restored.current_request() == parse_request(EDITED)
    again.commands.new_plan.trigger()  # a new plan still starts from the defaults
    settle(qtbot, restored)
    assert restored.current_request() == restored.default_request()


def test_a_damaged_draft_starts_from_the_defaults(app_state, qtbot, user_data_dir: Path):
    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / DRAFT_FILE).write_text("{not json", "utf-8")
    wizard = open_window(qtbot, app_state).page("plan").wizard
    assert wizard.current_request() == wizard.default_request()


def test_the_draft_is_written_when_it_changes_and_not_again_when_it_does_not(tmp_path):
    from gui.wizard.plan_files import keep_draft, read_draft

    draft = tmp_path / DRAFT_FILE
    request = parse_request(EDITED)
    keep_draft(request, tmp_path)
    assert read_draft(tmp_path) == request
    written = draft.stat().st_ino  # QSaveFile replaces the file: a new write is a new inode
    keep_draft(parse_request(EDITED), tmp_path)  # the same request again, as after a model read
    assert draft.stat().st_ino == written
    changed = parse_request({**EDITED, "term": {"unit": "week", "count": 3}})
    keep_draft(changed, tmp_path)
    assert draft.stat().st_ino != written
    assert read_draft(tmp_path) == changed
