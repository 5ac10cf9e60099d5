"""The History page's files: export, import, PDF, backup and restore, a damaged database."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QFileDialog, QLabel, QProgressDialog, QWidget

from core.store import HistoryStore
from core.store.backup import verify_database
from core.store.exporting import export_json
from gui.history import HistoryView
from tests import test_gui_history as shared
from tests.store_helpers import make_quote
from tests.test_gui_history import LABEL, action, cells, detail_text, open_view, select

# The shared fixtures: answered message boxes, a filled history and the view over it.
answers, history, view = shared.answers, shared.history, shared.view


class Files:
    """Stands in for the file dialogs: returns the next path the test queued."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.paths: list[Path] = []
        self.asked = 0

        def choose(*_args, **_kwargs):
            self.asked += 1
            return (str(self.paths.pop(0)) if self.paths else "", "")

        monkeypatch.setattr(QFileDialog, "getSaveFileName", choose)
        monkeypatch.setattr(QFileDialog, "getOpenFileName", choose)


@pytest.fixture
def files(monkeypatch: pytest.MonkeyPatch) -> Files:
    return Files(monkeypatch)


def notice(page) -> str:
    return page.findChild(QWidget, "historyNotice").text()


def test_export_csv_and_json_write_every_row(view, qtbot, files, tmp_path):
    files.paths = [tmp_path / "history", tmp_path / "history.json"]
    action(view, "historyExportCsvAction").trigger()
    qtbot.waitUntil(lambda: "Exported 5 rows" in notice(view))
    with (tmp_path / "history.csv").open(encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream))
    assert {row["label"] for row in rows} == set(cells(view, LABEL))
    assert {row["status"] for row in rows} == {"saved", "placed", "stopped", "expired"}
    action(view, "historyExportJsonAction").trigger()
    qtbot.waitUntil(lambda: "Exported 2 quotes and 3 orders" in notice(view))
    data = json.loads((tmp_path / "history.json").read_text("utf-8"))
    assert len(data["quotes"]) == 2 and len(data["orders"]) == 3
    assert data["orders"][0]["snapshot"]["price"]["total"]


def test_a_cancelled_file_dialog_does_nothing(view, qtbot, files, tmp_path):
    action(view, "historyExportCsvAction").trigger()
    assert files.asked == 1
    assert notice(view) == ""
    assert view.findChild(QProgressDialog) is None


def test_importing_a_json_export_merges_it(
    qtbot, app_state, files, tmp_path, answers, store_services
):
    other = tmp_path / "other.sqlite"
    with HistoryStore(other) as store:
        store.save_quote(make_quote(label="From the laptop"))
        export_json(store, tmp_path / "laptop.json")
    app_state.data_dir.mkdir(parents=True, exist_ok=True)
    view = open_view(qtbot, app_state, store_services)
    assert cells(view, LABEL) == []
    files.paths = [tmp_path / "laptop.json"]
    action(view, "historyImportAction").trigger()
    qtbot.waitUntil(lambda: cells(view, LABEL) == ["From the laptop"])
    assert "Imported 1 quote and 0 orders" in notice(view)  # the singular


def test_a_bad_import_file_gets_one_clear_message_and_changes_nothing(
    view,
    qtbot,
    files,
    answers,
    tmp_path,
):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}', "utf-8")
    files.paths = [bad]
    action(view, "historyImportAction").trigger()
    qtbot.waitUntil(lambda: len(answers.errors) == 1)
    assert "is not a history export" in answers.errors[0]
    assert "Traceback" not in answers.errors[0]
    assert len(cells(view, LABEL)) == 5


def test_save_as_pdf_writes_the_selected_order(view, qtbot, files, tmp_path):
    select(qtbot, view, "Batch embeddings", "Order o-")
    files.paths = [tmp_path / "order"]
    action(view, "historyPdfAction").trigger()
    pdf = tmp_path / "order.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    assert pdf.stat().st_size > 2000
    assert str(pdf) in notice(view)


def test_backup_then_restore_is_verified_and_keeps_the_replaced_file(
    view,
    qtbot,
    files,
    answers,
    app_state,
    tmp_path,
    monkeypatch,
):
    progress: list[tuple[int, int]] = []
    original = QProgressDialog.setValue
    monkeypatch.setattr(
        QProgressDialog,
        "setValue",
        lambda self, value: (progress.append((value, self.maximum())), original(self, value)),
    )
    backup = tmp_path / "backup.sqlite"
    files.paths = [backup]
    action(view, "historyBackupAction").trigger()
    qtbot.waitUntil(lambda: len(answers.infos) == 1)
    assert "verified: 2 quotes, 3 orders" in answers.infos[0]
    assert progress and progress[-1][0] == progress[-1][1] > 0  # fed by core's callback
    assert (
        view.findChild(QProgressDialog) is None or not view.findChild(QProgressDialog).isVisible()
    )

    with HistoryStore(app_state.db_path) as store:  # a change after the backup
        store.save_quote(make_quote(label="After the backup"))
    action(view, "historyRefreshAction").trigger()
    qtbot.waitUntil(lambda: "After the backup" in cells(view, LABEL))

    files.paths = [backup]
    action(view, "historyRestoreAction").trigger()
    qtbot.waitUntil(lambda: len(answers.infos) == 2, timeout=10_000)
    assert "kept beside it" in answers.questions[-1]
    text = answers.infos[1]
    assert "restored from" in text and "verified: 2 quotes, 3 orders" in text
    [replaced] = [
        p
        for p in app_state.db_path.parent.iterdir()
        if ".replaced-" in p.name and not p.name.endswith(("-wal", "-shm"))
    ]
    assert str(replaced) in text
    qtbot.waitUntil(lambda: len(cells(view, LABEL)) == 5)
    assert "After the backup" not in cells(view, LABEL)
    assert verify_database(replaced).counts["quotes"] == 3  # the replaced history is intact


def test_a_damaged_database_is_reported_and_left_byte_for_byte(
    qtbot,
    app_state,
    answers,
    history,
    store_services,
):
    path = app_state.db_path
    data = bytearray(path.read_bytes())
    page = 4096
    for number in range(2, len(data) // page, 3):
        data[number * page + 8 : number * page + 200] = os.urandom(192)
    path.write_bytes(bytes(data))
    before = path.read_bytes()
    siblings = sorted(p.name for p in path.parent.iterdir())

    view = HistoryView(app_state, store_services(path))
    qtbot.addWidget(view)
    view.show()
    message = view.findChild(QLabel, "historyMessage")
    qtbot.waitUntil(message.isVisible)
    assert "cannot be opened" in message.text() and "damaged" in message.text()
    assert "Nothing was changed" in message.text()
    assert cells(view, LABEL) == []
    assert not action(view, "historyExportCsvAction").isEnabled()
    assert not action(view, "historyBackupAction").isEnabled()
    assert action(view, "historyRestoreAction").isEnabled()
    assert "Select a quote" in detail_text(view)
    assert path.read_bytes() == before
    # A read-only check of a WAL database may leave SQLite's empty side files, nothing else.
    side = {path.name + "-shm", path.name + "-wal"}
    assert set(siblings) <= {p.name for p in path.parent.iterdir()} <= set(siblings) | side
    wal = path.with_name(path.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    assert answers.errors == []  # shown in the page, not in a dialog


def test_print_asks_for_a_printer_and_a_cancel_prints_nothing(view, qtbot, monkeypatch):
    from PySide6.QtPrintSupport import QPrintDialog

    asked = []
    monkeypatch.setattr(
        QPrintDialog, "exec", lambda dialog: asked.append(dialog) or QDialog.DialogCode.Rejected
    )
    assert not action(view, "historyPrintAction").isEnabled()  # nothing selected yet
    select(qtbot, view, "Batch embeddings", "Order o-")
    action(view, "historyPrintAction").trigger()
    assert len(asked) == 1
    assert notice(view) == ""
