"""What a new user met on the second walk through the app: impossible custom numbers, a broken
config.json, the glossary's keys and links, warnings' units, diffusion's outcome column, and the
Russian wording."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QRadioButton, QWizard

from core.errors import InputError
from core.request import parse_request
from tests.test_gui_wizard import click_next, next_button, settle, type_into, wizard

__all__ = ["wizard"]  # the fixture, used by name


def _custom_numbers(qtbot, wizard) -> dict[str, QLineEdit]:
    click_next(qtbot, wizard)
    wizard.findChild(QRadioButton, "source_custom").click()
    settle(qtbot, wizard)
    names = ("params", "attention_heads", "kv_heads")
    return {name: wizard.findChild(QLineEdit, f"custom_{name}") for name in names}


@pytest.mark.parametrize("kv", ["64", "6"])
def test_kv_heads_that_do_not_divide_the_heads_are_refused_at_their_field(wizard, qtbot, kv):
    fields = _custom_numbers(qtbot, wizard)
    type_into(qtbot, fields["params"], "7B")
    type_into(qtbot, fields["attention_heads"], "32")
    type_into(qtbot, fields["kv_heads"], "8")
    settle(qtbot, wizard)
    summary = wizard.findChild(QLabel, "modelSummary")
    assert "7,000,000,000 parameters" in summary.text()
    type_into(qtbot, fields["kv_heads"], kv)
    settle(qtbot, wizard)
    message = wizard.findChild(QLabel, "modelPageError").text()
    assert message == (
        "KV heads (GQA): must divide the attention heads (32) and not exceed them: each KV head"
        " serves an equal group of attention heads"
    )
    assert fields["kv_heads"].property("invalid") is True
    assert fields["kv_heads"].text() == kv  # never changed
    assert not next_button(wizard).isEnabled()
    # Nothing is estimated with a number the user did not type, and the model read before is gone.
    assert summary.text() == ""
    assert wizard.panel.findChild(QLabel, "estimateSubject").text() == message
    assert wizard.panel.findChild(QLabel, "estimateBestOption").text() == ""


def test_the_cli_refuses_kv_heads_that_do_not_divide_the_heads():
    raw = {"model": {"custom": {"params": 7 * 10**9, "attention_heads": 32, "kv_heads": 6}}}
    with pytest.raises(InputError) as refused:
        parse_request(raw)
    assert refused.value.field == "model.custom.kv_heads"
    assert "(32)" in str(refused.value)
    raw["model"]["custom"]["kv_heads"] = 8
    assert parse_request(raw).model.custom.kv_heads == 8


def test_a_custom_model_is_named_in_russian(main_window, app_state, wizard, qtbot):
    fields = _custom_numbers(qtbot, wizard)
    type_into(qtbot, fields["params"], "7B")
    settle(qtbot, wizard)
    app_state.update_settings(language="ru")
    qtbot.waitUntil(lambda: next_button(wizard).text() == "&Далее >")
    settle(qtbot, wizard)
    type_into(qtbot, fields["params"], "8B")  # read again in Russian
    settle(qtbot, wizard)
    summary = wizard.findChild(QLabel, "modelSummary").text()
    assert summary.startswith("Своя модель (8\u00a0000\u00a0000\u00a0000 параметров)"), summary
    assert "Custom" not in wizard.panel.findChild(QLabel, "estimateSubject").text()


def test_a_broken_config_json_clears_the_panel_and_the_model_read_before(wizard, qtbot, tmp_path):
    click_next(qtbot, wizard)
    settle(qtbot, wizard)
    best = wizard.panel.findChild(QLabel, "estimateBestOption")
    summary = wizard.findChild(QLabel, "modelSummary")
    qtbot.waitUntil(lambda: best.text().startswith("Cheapest"), timeout=10_000)
    assert summary.text().startswith("Llama")
    broken = tmp_path / "config.json"
    broken.write_text("{not json", "utf-8")
    wizard.model_page.choose_file("hf_config", str(broken))
    settle(qtbot, wizard)
    error = wizard.findChild(QLabel, "modelPageError").text()
    assert "config.json" in error
    assert best.text() == ""  # not "Ranking the offers…" for ever
    assert summary.text() == ""  # not the preset's line under the error
    subject = wizard.panel.findChild(QLabel, "estimateSubject").text()
    assert "config.json" in subject
    for name in ("estimateVerdict", "estimateLimits", "estimateWarnings", "memoryLegend"):
        assert wizard.panel.findChild(QLabel, name).text() == "", name
    assert next_button(wizard).isEnabled() is False
    assert wizard.button(QWizard.WizardButton.BackButton).isEnabled()
    wizard.findChild(QRadioButton, "source_preset").click()  # back to the model read before
    settle(qtbot, wizard)
    assert summary.text().startswith("Llama")
    assert best.text().startswith("Cheapest")  # its ranking is shown again, not waited for


def test_f1_toggles_the_glossary_and_escape_closes_it(main_window, qtbot):
    from PySide6.QtWidgets import QApplication, QDockWidget, QListWidget

    dock = main_window.findChild(QDockWidget, "glossaryDock")
    main_window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main_window)
    qtbot.keyClick(main_window, Qt.Key.Key_F1)
    assert dock.isVisible()
    search = dock.findChild(QLineEdit, "glossarySearch")
    assert QApplication.focusWidget() is search
    qtbot.keyClick(search, Qt.Key.Key_F1)
    assert not dock.isVisible()
    qtbot.keyClick(main_window, Qt.Key.Key_F1)
    assert dock.isVisible()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert not dock.isVisible()
    main_window.show_glossary_term("kv_cache")  # opened by a link: Escape from its list too
    terms = dock.findChild(QListWidget, "glossaryTermList")
    terms.setFocus()
    qtbot.keyClick(terms, Qt.Key.Key_Escape)
    assert not dock.isVisible()
