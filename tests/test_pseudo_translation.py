"""The pseudo-language: every translated text transformed, so untranslated English stands out.

``ANCHORGPU_PSEUDO_TRANSLATE=1`` shows each text that goes through translation accented, in
brackets and about a third longer; what is left plain on the screen never went through it.
"""

from __future__ import annotations

import string

import pytest
from PySide6.QtWidgets import QMenu

from core.texts.messages import FORMATTER, TEMPLATES, Message
from core.texts.words import BINDINGS
from gui import core_text
from gui.translation import PSEUDO_ENV, pseudo, tr_id


def test_pseudo_text_is_accented_bracketed_and_a_third_longer():
    english = "Open a saved plan"
    shown = pseudo(english)
    assert shown.startswith("⟦") and shown.endswith("⟧")
    assert len(shown) >= 1.3 * len(english)
    assert "Öpéñ å šåvéđ pĺåñ" in shown
    assert not any(c in shown for c in "aeo")  # every vowel of the English is changed


def test_pseudo_text_keeps_placeholders_markup_and_mnemonics():
    shown = pseudo("&Open <b>{count:,}</b> plans of %n in %1 &amp; more")
    for kept in ("&O", "<b>", "{count:,}", "</b>", "%n", "%1", "&amp;"):
        assert kept in shown
    for key in ("price.tax", "planner.over_budget", "throughput.step_model"):
        fields = {name for _, name, _, _ in string.Formatter().parse(TEMPLATES[key]) if name}
        assert fields == {
            name for _, name, _, _ in string.Formatter().parse(pseudo(TEMPLATES[key])) if name
        }
    assert pseudo("") == "" and pseudo("  ") == "  "


@pytest.fixture
def pseudo_app(monkeypatch, app_state):
    monkeypatch.setenv(PSEUDO_ENV, "1")
    app_state.update_settings(language="ru")  # any choice: the pseudo-language stands in
    yield app_state
    monkeypatch.delenv(PSEUDO_ENV)
    app_state.update_settings(language="en")


def test_the_interface_core_messages_and_words_are_all_transformed(pseudo_app, main_window, qtbot):
    file_menu = main_window.findChild(QMenu, "fileMenu")
    qtbot.waitUntil(lambda: file_menu.title().startswith("⟦"))
    assert file_menu.title() == pseudo("&File")
    assert tr_id("Nowhere.title", "A title") == pseudo("A title")
    over = Message("planner.over_budget", total="12.50", currency="USD", budget="10")
    assert core_text.message_text(over) == FORMATTER.format(
        pseudo(TEMPLATES["planner.over_budget"]), total="12.50", currency="USD", budget="10"
    )
    limit = Message("limits.context", at=8, value=4096, binding=BINDINGS["user_cap"])
    assert pseudo("the cap you set") in core_text.message_text(limit)


def test_untranslated_text_stays_plain_beside_pseudo_text(pseudo_app, main_window):
    # A text that never goes through translation (a model's name, a number) is not transformed.
    assert core_text.message_text("Llama-3.1-8B") == "Llama-3.1-8B"
