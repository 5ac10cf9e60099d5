"""A draft file that is a symbolic link is read at start-up but never written through; the window
says so once, in the start-up notice, instead of dropping every new draft without a word."""

from __future__ import annotations

import json
from pathlib import Path

from core.domain.request_parsing import parse_request
from gui.wizard.plan_files import DRAFT_FILE
from tests.test_gui_plan_files import open_window
from tests.test_gui_wizard import settle

LINKED = {"model": {"preset": "llama-3.1-8b"}, "gpu": "l40s", "term": {"unit": "day", "count": 2}}


def test_a_linked_draft_is_opened_and_the_notice_says_it_is_not_written_through(
    app_state, qtbot, user_data_dir: Path, tmp_path: Path
):
    user_data_dir.mkdir(parents=True, exist_ok=True)
    elsewhere = tmp_path / "kept-elsewhere.json"
    elsewhere.write_text(json.dumps(LINKED), "utf-8")
    (user_data_dir / DRAFT_FILE).symlink_to(elsewhere)
    window = open_window(qtbot, app_state)
    wizard = window.page("plan").wizard
    assert wizard.current_request().gpu == "l40s"  # read through the link
    notice = window.startup_notice
    assert notice.isVisible()
    assert f"The draft file {user_data_dir / DRAFT_FILE} is a symbolic link" in notice.text()
    assert notice.text().count("symbolic link") == 1  # said once

    wizard.load_request(parse_request(LINKED | {"gpu": "h100-80gb-sxm"}))  # a new draft
    settle(qtbot, wizard)
    assert json.loads(elsewhere.read_text("utf-8"))["gpu"] == "l40s"  # not written through
    assert (user_data_dir / DRAFT_FILE).is_symlink()

    app_state.update_settings(language="ru")
    qtbot.waitUntil(lambda: "символическая ссылка" in notice.text(), timeout=2000)
    assert f"Файл черновика {user_data_dir / DRAFT_FILE}" in notice.text()
    app_state.update_settings(language="en")


def test_a_regular_draft_gives_no_notice(app_state, qtbot, user_data_dir: Path):
    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / DRAFT_FILE).write_text(json.dumps(LINKED), "utf-8")
    window = open_window(qtbot, app_state)
    assert window.page("plan").wizard.current_request().gpu == "l40s"
    assert not window.startup_notice.isVisible()
