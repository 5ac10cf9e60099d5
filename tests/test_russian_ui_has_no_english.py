"""The Russian interface shows no English: every page's widgets, and core's errors, in Russian.

A text counts as English when it holds one of the common English words below (function words
and the words of the interface's own sentences). Names that stay as they are in Russian — models,
GPUs by their catalog label, formats and acronyms — hold none of them and are removed first.
"""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QTextBrowser,
    QWidget,
)

from core.catalog import default_catalog
from core.errors import InputError
from core.glossary import load_glossary
from core.request import parse_request
from gui.core_text import labelled_error_text, message_text
from gui.wizard import wizard_shots
from tests.test_gui_history import fill_history

ENGLISH = frozenset(
    " ".join(
        (
            "the and of to is are be in on at for with from by or not no this that these those",
            "it its should must can cannot could would will was were has have had which what when",
            "where why how input valid integer number string enter choose give exactly one more",
            "less than only total price term model workload save saved place placed order quote",
            "review next back warning warnings note none fits fit does usable headroom memory",
            "per gpus sequences tokens strategy offer offers cheapest loading showing select",
            "search settings language glossary help click use",
        )
    ).split()
)
WORD = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]+(?![A-Za-z0-9])")


def _names() -> list[str]:
    """Texts shown as they are in both languages: the catalog's GPU labels, and the English
    names of glossary and help entries, which the glossary panel shows beside the Russian on
    purpose."""
    names = [gpu.name for gpu in default_catalog().gpus]
    names += [entry.term("en") for entry in load_glossary().all_entries]
    return sorted(names, key=len, reverse=True)


def english_words(text: str) -> list[str]:
    """The common English words in ``text`` once names that stay as they are are removed."""
    text = re.sub(r"(?:[A-Za-z]:)?[/\\][^\s'\"]+", " ", text)  # file paths
    for name in _names():
        text = text.replace(name, " ")
    return [w for w in WORD.findall(text) if w.casefold() in ENGLISH]


def _texts(root: QWidget) -> list[tuple[str, str]]:
    """(object name, text) of everything a user reads in ``root``'s visible widgets."""
    found: list[tuple[str, str]] = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisibleTo(root) and widget is not root:
            continue
        name = widget.objectName() or type(widget).__name__
        texts = [widget.toolTip(), widget.windowTitle()]
        if isinstance(widget, (QLabel, QAbstractButton)):
            texts.append(widget.text())
        elif isinstance(widget, QGroupBox):
            texts.append(widget.title())
        elif isinstance(widget, QLineEdit):
            texts.append(widget.placeholderText())
        elif isinstance(widget, QTextBrowser):
            texts.append(widget.toPlainText())
        elif isinstance(widget, QComboBox):
            texts += [widget.itemText(i) for i in range(widget.count())]
        elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
            model = widget.model()
            try:
                columns = model.columnCount(QModelIndex())
            except TypeError:  # a list model keeps its column count private: one column
                columns = 1
            for row in range(min(model.rowCount(QModelIndex()), 30)):
                for column in range(columns):
                    texts.append(str(model.index(row, column).data() or ""))
            for column in range(columns):
                texts.append(str(model.headerData(column, Qt.Orientation.Horizontal) or ""))
        found += [(name, re.sub(r"<[^>]+>", " ", t)) for t in texts if t]
    return found


def _english_in(root: QWidget) -> list[str]:
    return [
        f"{name}: {text!r} {words}" for name, text in _texts(root) if (words := english_words(text))
    ]


@pytest.fixture
def russian_window(main_window, app_state, qtbot, user_data_dir):
    user_data_dir.mkdir(parents=True, exist_ok=True)
    fill_history(app_state.db_path)
    app_state.update_settings(language="ru")
    main_window.resize(1280, 800)
    main_window.show()
    qtbot.waitExposed(main_window)
    return main_window


def test_the_detector_finds_english(qapp):
    assert english_words("Input should be a valid integer")
    assert english_words("model: give exactly one of preset, hf_config")
    assert not english_words("NVIDIA H100 SXM 80GB · 80 ГиБ, Llama 3.1 8B, FSDP, KV-кэш")


class _Ctx:
    def __init__(self, window) -> None:
        self.window = window


@pytest.mark.parametrize("step", range(6))
def test_every_wizard_page_reads_in_russian(russian_window, step):
    window = wizard_shots.wizard_at(_Ctx(russian_window), step)
    assert _english_in(window) == []


def test_history_and_glossary_read_in_russian(russian_window, qtbot):
    russian_window.show_page("history")
    qtbot.wait(300)
    russian_window.show_glossary_term("headroom")
    assert _english_in(russian_window) == []


def test_core_errors_read_in_russian(russian_window):
    bad = [
        {"model": {}},
        {"model": {"preset": "llama-3.1-8b"}, "inference": {"context_tokens": "abc"}},
        {"model": {"preset": "llama-3.1-8b"}, "inference": {"context_tokens": -5}},
        {"model": {"preset": "llama-3.1-8b"}, "inference": {"gpu_memory_utilization": 1.5}},
        {"model": {"preset": "llama-3.1-8b"}, "inference": {"context_tokens": 10**9}},
    ]
    shown = []
    for raw in bad:
        with pytest.raises(InputError) as refused:
            parse_request(raw)
        shown += [message_text(refused.value.message), labelled_error_text(refused.value)]
    english = [text for text in shown if english_words(text.split(":", 1)[-1])]
    assert english == []
