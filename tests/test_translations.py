"""Translations by id: the Russian .ts is complete, its .qm is current, and a miss is seen.

The .ts is the source of truth: every message the code uses (core's templates and words, the
counted nouns, the interface's ``tr_id`` calls) must have a finished Russian translation there,
and the committed .qm must answer every id of it. A translation that misses anyway (a .qm out of
date, a message added without running the build) is reported, not shown silently in English.
"""

from __future__ import annotations

import logging
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator

from core.texts.messages import TEMPLATES, Message
from core.texts.words import UNITS, WORD_TEXTS
from gui import core_text, i18n_build, translation
from gui.i18n_build import id_messages, ts_path, untranslated
from gui.language_switcher import qm_path
from gui.translation import LANGUAGE_ID, MISSING_MARK, lookup, tr_id


def _ids(ts_file: Path) -> dict[str, ET.Element]:
    return {m.get("id", ""): m for m in ET.parse(ts_file).getroot().iter("message") if m.get("id")}


def test_every_message_has_a_finished_russian_translation():
    assert untranslated() == []
    ids = _ids(ts_path("ru"))
    needed = {message.id for message in id_messages()}
    assert set(TEMPLATES) | set(WORD_TEXTS) | {LANGUAGE_ID} <= needed <= set(ids)


def test_the_check_fails_on_a_broken_copy_of_the_russian_ts(tmp_path):
    broken = tmp_path / "anchorgpu_ru.ts"
    shutil.copyfile(ts_path("ru"), broken)
    tree = ET.parse(broken)
    context = next(c for c in tree.getroot().iter("context") if not c.findtext("name"))
    by_id = {m.get("id"): m for m in context.iter("message")}
    context.remove(by_id["planner.short"])  # a message lost
    by_id["word.unit.day"].find("translation").text = ""  # a translation emptied
    by_id["store.busy"].find("source").text = "an older English text"  # the English reworded
    forms = list(by_id["noun.token"].iter("numerusform"))
    forms[2].text = ""  # one plural form missing
    tree.write(broken, encoding="utf-8", xml_declaration=True)

    missing = {key for key, _ in untranslated(broken)}

    assert missing == {"planner.short", "word.unit.day", "store.busy", "noun.token"}
    assert broken.read_bytes() != ts_path("ru").read_bytes()  # the copy was checked, not fixed


def test_the_committed_qm_answers_every_id_of_the_ts(qapp):
    translator = QTranslator()
    assert translator.load(str(qm_path("ru")))
    QCoreApplication.installTranslator(translator)
    try:
        stale = [
            key
            for key, message in _ids(ts_path("ru")).items()
            if lookup(key, 5 if message.get("numerus") == "yes" else -1) is None
        ]
    finally:
        QCoreApplication.removeTranslator(translator)
    assert stale == []  # run python -m gui.i18n_build after editing the .ts


def test_one_id_with_two_english_texts_is_refused(tmp_path):
    source = tmp_path / "page.py"
    source.write_text('tr_id("Page.title", "Model")\ntr_id("Page.title", "Models")\n', "utf-8")
    with pytest.raises(ValueError, match="Page.title"):
        id_messages([source])


def test_a_tr_id_call_needs_literal_texts(tmp_path):
    source = tmp_path / "page.py"
    source.write_text('tr_id("Page.title", name)\n', "utf-8")
    with pytest.raises(ValueError, match="literal"):
        i18n_build.gui_messages([source])


# -- a miss at run time is seen -------------------------------------------------------------


def _russian_without(tmp_path: Path, dropped: set[str]) -> QTranslator:
    """The committed Russian translation, compiled without the messages ``dropped``."""
    tree = ET.parse(ts_path("ru"))
    for context in tree.getroot().iter("context"):
        for message in list(context.iter("message")):
            if message.get("id") in dropped:
                context.remove(message)
    tree.write(ts_path("ru", tmp_path), encoding="utf-8", xml_declaration=True)
    i18n_build.release("ru", tmp_path)
    translator = QTranslator()
    assert translator.load(str(ts_path("ru", tmp_path).with_suffix(".qm")))
    return translator


RESTORE_OPEN = Message("store.restore_open", database="/tmp/history.sqlite")


@pytest.fixture
def partial_russian(qapp, tmp_path):
    # Messages no work left running by an earlier test would word on another thread meanwhile.
    translator = _russian_without(tmp_path, {"store.restore_open", "word.unit.day"})
    QCoreApplication.installTranslator(translator)
    translation.forget_missing()
    yield
    QCoreApplication.removeTranslator(translator)
    translation.forget_missing()


def test_a_missing_russian_message_is_logged_as_a_warning(partial_russian, caplog, monkeypatch):
    monkeypatch.delenv(translation.DEV_ENV, raising=False)
    # tests/test_layers.py runs import-linter, whose logging set-up disables the loggers that
    # exist by then (dictConfig's disable_existing_loggers); the app itself never does that.
    monkeypatch.setattr(translation.log, "disabled", False)
    with caplog.at_level(logging.WARNING, logger="gui.translation"):
        text = core_text.message_text(RESTORE_OPEN)
    assert text == str(RESTORE_OPEN)  # the user still reads the message, in English
    assert "store.restore_open" in caplog.text and caplog.records[0].levelname == "WARNING"
    assert "store.restore_open" in translation.missing_reported()
    assert core_text.message_text(Message("planner.ddp_no_pool")) == "DDP не объединяет память"


def test_in_development_a_missing_message_is_marked_on_the_screen(partial_russian, monkeypatch):
    monkeypatch.setenv(translation.DEV_ENV, "1")
    assert core_text.message_text(RESTORE_OPEN) == f"{MISSING_MARK}{RESTORE_OPEN}{MISSING_MARK}"
    goal = Message(
        "outcome.term_covers",
        count=2,
        unit=UNITS["day"],
        hours=48,
    )
    assert f"{MISSING_MARK}day{MISSING_MARK}" in core_text.message_text(goal)
    assert (
        tr_id("Nowhere.nothing", "Not translated") == f"{MISSING_MARK}Not translated{MISSING_MARK}"
    )


def test_in_english_nothing_is_missing(qapp, monkeypatch):
    monkeypatch.setenv(translation.DEV_ENV, "1")
    translation.forget_missing()
    assert translation.language() == "en"
    assert tr_id("Nowhere.nothing", "Plain English") == "Plain English"
    assert core_text.message_text(Message("planner.does_not_fit")) == "does not fit"
    assert translation.missing_reported() == frozenset()
