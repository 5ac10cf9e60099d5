"""The Russian interface shows no English: every page's widgets, and core's errors, in Russian.

A text counts as English when it holds one of the common English words below (function words
and the words of the interface's own sentences). Names that stay as they are in Russian — models,
GPUs by their catalog label, formats and acronyms — hold none of them and are removed first, as
are option and variable names written with underscores (gpu_memory_utilization), which may.
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

from core.base.errors import InputError, PlannerError
from core.domain.catalog import default_catalog
from core.domain.glossary import load_glossary
from core.domain.request_parsing import parse_request
from gui.core_text import labelled_error_text, message_text
from tests.test_gui_history import fill_history
from tools.shots import wizard_shots

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
    text = re.sub(r"[A-Za-z0-9]*_[A-Za-z0-9_]*", " ", text)  # identifiers: gpu_memory_utilization
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


# -- every error core raises ------------------------------------------------------------------

LATIN_WORD = re.compile(r"(?<![\w.\-/\\])[A-Za-z]+(?![\w.\-/])")
KEPT = frozenset(
    {"GPU", "GPUs", "JSON", "SQLite", "WAL", "UTF", "VAE", "NVIDIA", "AMD", "safetensors", "GGUF"}
    | {"AnchorGPU", "Planner", "MiB", "FLOP", "UTC", "DDP", "FSDP", "sdxl", "true", "false", "ggml"}
    | {"preset", "gguf", "custom", "params", "weights", "format"}  # fields of a request's JSON
)
"""Names, formats and units a Russian text keeps in Latin letters."""


def latin_words(text: str) -> list[str]:
    """Latin words of ``text`` beyond names, units, identifiers, commands and quoted keys."""
    text = re.sub(r"`[^`]*`|--\w+|\"[^\"]*\"|«[^»]*»", " ", text)  # commands, options, keys
    return [w for w in LATIN_WORD.findall(text) if w not in KEPT]


def _error_templates() -> dict[str, str]:
    """Every template core words its errors with."""
    from core.texts.error_texts import ERROR_TEMPLATES
    from core.texts.messages import TEMPLATES
    from core.texts.store_texts import STORE_TEMPLATES

    older = {k: v for k, v in TEMPLATES.items() if k.split(".")[0] in ERROR_PREFIXES}
    return {**older, **ERROR_TEMPLATES, **STORE_TEMPLATES}


ERROR_PREFIXES = frozenset({"error", "json", "request", "store", "pydantic"})
"""Key prefixes of the error templates in :mod:`core.texts.message_texts`."""


def _placeholders_removed(text: str) -> str:
    return re.sub(r"\{[^{}]*\}", " ", text)


def test_every_error_template_reads_in_russian(app_state):
    from gui.translation import lookup

    app_state.update_settings(language="ru")
    templates = _error_templates()
    assert len(templates) > 150
    english = {}
    for key, source in templates.items():
        russian = lookup(key) or source
        if russian == source and not _placeholders_removed(source).strip(" :"):
            continue  # "{path}: {reason}": nothing to translate
        words = latin_words(_placeholders_removed(russian))
        if russian == source or words:
            english[key] = (russian, words)
    assert english == {}


def _provoked(tmp_path):
    """One real error of every planner error class, each raised by core as a user would meet it."""
    import errno
    import json
    import struct

    from core.app.settings import load_settings
    from core.domain.catalog import bundled_catalog_path, load_catalog_file, parse_catalog
    from core.domain.glossary import load_glossary
    from core.domain.request_parsing import load_request_file
    from core.model.gguf import read_gguf
    from core.model.models import load_preset
    from core.model.safetensors_header import read_header
    from core.pricing.prices import validate_tax_rate
    from core.store import HistoryStore
    from core.store.errors import busy, describe
    from core.store.importing import import_json
    from tests.store_helpers import make_quote

    catalog = json.loads(bundled_catalog_path().read_text("utf-8"))
    catalog["gpus"][0]["price_per_gpu_hour"]["hour"] = 2.5
    short = tmp_path / "short.safetensors"
    short.write_bytes(b"\x01")
    listed = tmp_path / "list.safetensors"
    listed.write_bytes(struct.pack("<Q", 2) + b"[]")  # a header that is not an object
    gguf = tmp_path / "huge-key.gguf"  # version 3, no tensors, one key of a terabyte
    gguf.write_bytes(b"GGUF" + struct.pack("<IQQQ", 3, 0, 1, 10**12) + b"x" * 8)
    settings = tmp_path / "settings.json"
    settings.write_text('{"tax_rate": "abc"}', "utf-8")
    not_sqlite = tmp_path / "history.sqlite"
    not_sqlite.write_bytes(b"x" * 200)
    export = tmp_path / "export.json"
    export.write_text('{"format": 1}', "utf-8")
    calls = [
        lambda: parse_request("a string"),
        lambda: load_request_file(tmp_path / "missing.json"),
        lambda: parse_catalog(catalog),
        lambda: load_catalog_file(tmp_path / "missing-catalog.json"),
        lambda: load_settings(settings),
        lambda: read_header(short),
        lambda: read_header(listed),
        lambda: read_gguf(gguf),
        lambda: load_preset("no-such-model"),
        lambda: load_glossary().get("no-such-term"),
        lambda: validate_tax_rate("2"),
        lambda: HistoryStore(not_sqlite),
    ]
    errors = []
    for call in calls:
        with pytest.raises(PlannerError) as raised:
            call()
        errors.append(raised.value)
    with HistoryStore(tmp_path / "real.sqlite") as store:
        with pytest.raises(PlannerError) as raised:
            import_json(store, export)
        errors.append(raised.value)
        store.place_order(make_quote(), "one-purchase")
        with pytest.raises(PlannerError) as raised:  # the same key for another request
            store.place_order(make_quote(gpus=2), "one-purchase")
        errors.append(raised.value)
    errors.append(busy(tmp_path / "real.sqlite"))
    denied = PermissionError(errno.EACCES, "Permission denied")
    errors.append(describe(denied, tmp_path / "missing-folder" / "h.sqlite", doing="read"))
    return errors


def _values(params) -> list[str]:
    """The parameter values of a message, those of the causes inside it too."""
    from core.texts.messages import Message

    found = []
    for value in params.values():
        if isinstance(value, Message):
            found += _values(value.params)
        else:
            found.append(str(value))
    return found


def test_errors_of_every_class_read_in_russian_on_the_gui_error_path(app_state, tmp_path):
    from core.base.errors import (
        CatalogError,
        IdempotencyConflictError,
        InputError,
        ModelSourceError,
        NotFoundError,
        StoreBusyError,
        StoreError,
    )
    from core.texts.messages import Message
    from gui.history.error_message import error_text

    errors = _provoked(tmp_path)
    kinds = {type(error) for error in errors}
    assert {InputError, CatalogError, ModelSourceError, NotFoundError} <= kinds
    assert {StoreError, StoreBusyError, IdempotencyConflictError} <= kinds
    app_state.update_settings(language="ru")
    english = []
    for error in errors:
        assert isinstance(error.message, Message), str(error)
        for shown in (error_text(error), labelled_error_text(error)):
            text = shown
            for value in sorted(_values(error.message.params), key=len, reverse=True):
                text = text.replace(value, " ")
            text = text.split(": ", 1)[-1] if error.field else text
            if english_words(text) or latin_words(text):
                english.append((error.message.key, shown))
    assert english == []
