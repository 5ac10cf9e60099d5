"""One search for the history, the same in the app and on the command line.

The History page and ``history list --search`` hand the words to ``core.store.search``; a GPU is
found by its id, its catalog name, its vendor and its memory as shown, as well as the label,
model and notes. Each query runs through both and both must list the same rows.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel, QLineEdit

from core.app.cli import main
from core.store import HistoryStore
from core.store.search import fts_query
from gui.history import HistoryView
from gui.history.history_table_model import LABEL, ROW_ROLE
from tests.store_helpers import NOW, make_quote

ROWS = (
    # label, GPU, GPUs, model, notes
    ("Chat on Instinct", "mi300x", 1, "Llama 3.1 70B", "rack two"),
    ("Embeddings", "h100-80gb-sxm", 2, "Custom 8B", "weekly"),
    ("Small test", "l4", 1, "Qwen 2.5 7B", "AMD comparison later"),
    ("Big run", "mi355x", 4, "DeepSeek V3", ""),
)

# (words, labels listed newest first): the same answer is expected from both sides.
QUERIES = (
    ("AMD", ["Big run", "Small test", "Chat on Instinct"]),  # vendor, and "AMD" in a note
    ("Instinct", ["Big run", "Chat on Instinct"]),
    ("NVIDIA", ["Small test", "Embeddings"]),
    ("nvidia h100", ["Embeddings"]),
    ("AMD Instinct MI300X · 192 GiB", ["Chat on Instinct"]),  # the GPU as the table shows it
    ("24 GiB", ["Small test"]),  # the L4's memory as shown
    ("ГиБ 288", ["Big run"]),  # the unit as the Russian table shows it
    ("GeForce", []),  # a catalog word no listed GPU has: nothing, not everything
    ("mi3", ["Big run", "Chat on Instinct"]),  # the id, as a prefix
    ("mi30", ["Chat on Instinct"]),
    ("llama", ["Chat on Instinct"]),
    ("weekly", ["Embeddings"]),
    ('Instinct" *', ["Big run", "Chat on Instinct"]),  # syntax is searched as words
)


@pytest.fixture
def filled(app_state, user_data_dir: Path) -> None:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    with HistoryStore(app_state.db_path, clock=lambda: NOW) as store:
        for number, (label, gpu, gpus, model, notes) in enumerate(ROWS):
            store.save_quote(
                make_quote(
                    label=label,
                    gpu=gpu,
                    gpus=gpus,
                    model_name=model,
                    notes=notes,
                    now=NOW - timedelta(hours=len(ROWS) - number),
                )
            )


def cli_labels(capsys, words: str) -> list[str]:
    code = main(["history", "list", "--search", words, "--json"])
    out = capsys.readouterr().out
    assert code == 0
    return [row["label"] for row in json.loads(out)]


def gui_labels(view: HistoryView) -> list[str]:
    model = view.model
    return [model.index(row, LABEL).data(ROW_ROLE).label for row in range(model.rowCount())]


def test_the_app_and_the_command_line_list_the_same_rows(
    qtbot, app_state, filled, store_services, capsys
):
    service = store_services(app_state.db_path, clock=lambda: NOW)
    view = HistoryView(app_state, service, clock=lambda: NOW)
    qtbot.addWidget(view)
    with qtbot.waitSignal(view.model.pageLoaded, timeout=10_000):
        view.show()
    box = view.findChild(QLineEdit, "historySearch")
    count = view.findChild(QLabel, "historyCount")
    for words, expected in QUERIES:
        assert cli_labels(capsys, words) == expected, words
        with qtbot.waitSignal(view.model.pageLoaded, timeout=10_000):
            box.setText(words)
            box.returnPressed.emit()
        assert gui_labels(view) == expected, words
        in_all = f"Showing {len(expected)} of {len(expected)} matching the search and filters"
        qtbot.waitUntil(lambda in_all=in_all: count.text().startswith(in_all))


def test_words_without_letters_or_digits_filter_nothing() -> None:
    assert fts_query(" · × ") is None
    assert fts_query("") is None
