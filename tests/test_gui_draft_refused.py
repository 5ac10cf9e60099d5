"""A draft the app cannot open is kept aside and the window says why; it is never overwritten."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from gui.wizard.plan_files import DRAFT_FILE, RefusedDraft, take_draft
from tests.test_gui_plan_files import open_window
from tests.test_gui_wizard import settle

UNKNOWN = {"model": {"preset": "llama-9-unreleased"}, "gpu": "h100-80gb-sxm"}


def _rejected(folder: Path) -> list[Path]:
    return sorted(folder.glob("draft.rejected-*.json"))


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (json.dumps(UNKNOWN), "the preset 'llama-9-unreleased' is not bundled with this version"),
        ("{not json", "draft.json"),
    ],
)
def test_a_draft_that_cannot_be_opened_is_kept_aside_and_named(
    app_state, qtbot, user_data_dir: Path, content, reason
):
    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / DRAFT_FILE).write_text(content, "utf-8")
    window = open_window(qtbot, app_state)
    wizard = window.page("plan").wizard
    settle(qtbot, wizard)
    assert wizard.current_request() == wizard.default_request()  # not another model silently
    (kept,) = _rejected(user_data_dir)
    assert kept.read_text("utf-8") == content  # the draft as it was, beside the new one
    box = window.findChild(QMessageBox, "draftRefusedBox")
    assert box is not None and box.isVisible() and not box.isModal()
    shown = box.text()
    assert str(kept) in shown and reason in shown, shown
    assert wizard.draft_problem == shown
    # The new draft the wizard keeps is a new file; the refused one stays as it was.
    assert (user_data_dir / DRAFT_FILE).is_file()
    assert json.loads((user_data_dir / DRAFT_FILE).read_text("utf-8"))["model"] != UNKNOWN["model"]
    assert kept.read_text("utf-8") == content


def test_refused_drafts_never_replace_one_another(tmp_path):
    for number in range(3):
        (tmp_path / DRAFT_FILE).write_text(f"broken {number}", "utf-8")
        found = take_draft(tmp_path)
        assert isinstance(found, RefusedDraft) and found.kept_as is not None
    assert sorted(p.read_text("utf-8") for p in _rejected(tmp_path)) == [
        "broken 0",
        "broken 1",
        "broken 2",
    ]
    assert not (tmp_path / DRAFT_FILE).exists()


def test_a_good_draft_is_opened_and_left_in_place(tmp_path):
    (tmp_path / DRAFT_FILE).write_text(json.dumps({"model": {"preset": "llama-3.1-8b"}}))
    found = take_draft(tmp_path)
    assert not isinstance(found, RefusedDraft) and found is not None
    assert found.model.preset == "llama-3.1-8b"
    assert _rejected(tmp_path) == []
