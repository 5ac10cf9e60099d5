"""The History page's import summary names a quote or order already here that the file changes."""

from __future__ import annotations

import json

from core.store import HistoryStore
from core.store.transfer import export_data
from tests.store_helpers import NOW, make_quote
from tests.test_gui_history import LABEL, action, cells, open_view
from tests.test_gui_history_files import Files, notice


def test_an_import_that_differs_from_a_row_here_says_so(
    qtbot, app_state, tmp_path, monkeypatch, store_services
):
    with HistoryStore(tmp_path / "laptop.sqlite", clock=lambda: NOW) as store:
        quote = make_quote(label="From the laptop")
        store.save_quote(quote)
        data = export_data(store)
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    first.write_text(json.dumps(data), "utf-8")
    data["quotes"][0]["label"] = "Renamed in the file"
    second.write_text(json.dumps(data), "utf-8")
    files = Files(monkeypatch)
    files.paths = [first, second]
    app_state.data_dir.mkdir(parents=True, exist_ok=True)
    view = open_view(qtbot, app_state, store_services)
    action(view, "historyImportAction").trigger()
    qtbot.waitUntil(lambda: cells(view, LABEL) == ["From the laptop"])
    assert "Kept as they are here" not in notice(view)
    action(view, "historyImportAction").trigger()
    qtbot.waitUntil(lambda: "Kept as they are here" in notice(view))
    assert f"quote {quote.id} is already here, but the file differs in label" in notice(view)
    assert cells(view, LABEL) == ["From the laptop"]
