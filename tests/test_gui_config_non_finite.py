"""The model page reads a published config.json that holds Infinity, and names a bad field."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtWidgets import QLabel, QLineEdit

from tests.test_gui_wizard import click_next, next_button, settle, wizard  # noqa: F401

SUPER = (
    Path(__file__).parent
    / "fixtures"
    / "hf_configs"
    / "nemotron-3-super-120b-a12b-fp8"
    / "config.json"
)


def test_the_model_page_loads_nemotron_3_super_and_shows_a_bad_field_inline(
    wizard,  # noqa: F811
    qtbot,
    tmp_path,
):
    click_next(qtbot, wizard)
    path = tmp_path / "config.json"
    shutil.copy(SUPER, path)
    wizard.model_page.choose_file("hf_config", str(path))
    settle(qtbot, wizard)
    message = wizard.findChild(QLabel, "modelPageError")
    assert message.text() == ""
    assert next_button(wizard).isEnabled()
    summary = wizard.findChild(QLabel, "modelSummary").text()
    assert "120,668,687,360 parameters (counted from config.json)" in summary
    path.write_text(SUPER.read_text("utf-8").replace(": 4096,", ": Infinity,", 1), "utf-8")
    wizard.model_page.choose_file("hf_config", str(path))
    settle(qtbot, wizard)
    assert message.isVisible()
    assert "'hidden_size' is Infinity" in message.text()
    assert wizard.findChild(QLineEdit, "configPath").property("invalid") is True
    assert not next_button(wizard).isEnabled()
