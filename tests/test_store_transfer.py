"""CSV export that spreadsheets cannot execute, and a JSON export that imports without loss."""

from __future__ import annotations

import csv
import json
from datetime import timedelta
from pathlib import Path

import pytest

from core.base.errors import InputError
from core.store import HistoryStore
from core.store.exporting import export_csv, export_data, export_json, neutralise_cell
from core.store.importing import import_json
from tests.store_helpers import NOW, make_quote


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ("=1+1", "'=1+1"),
        (
            '=HYPERLINK("http://evil.example","click")',
            '\'=HYPERLINK("http://evil.example","click")',
        ),
        ("+41 22 000", "'+41 22 000"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
        ("\t=cmd", "'\t=cmd"),
        ("\r=cmd", "'\r=cmd"),
        ("\nline", "'\nline"),
        ("plain label", "plain label"),
        ("a=b", "a=b"),
        ("12.30", "12.30"),
        ("", ""),
        (None, ""),
        (4, "4"),
    ],
)
def test_formula_cells_are_neutralised(cell: object, expected: str) -> None:
    assert neutralise_cell(cell) == expected


def _history(path: Path) -> HistoryStore:
    store = HistoryStore(path, clock=lambda: NOW)
    labels = ["=cmd|' /C calc'!A0", "@risk", "normal, with comma", 'quote "inside"', "Обучение"]
    for number, label in enumerate(labels):
        quote = make_quote(
            label=label, now=NOW + timedelta(minutes=number), tax_rate="0.2", notes=f"n{number}"
        )
        store.save_quote(quote)
        if number % 2 == 0:
            store.place_order(quote, f"key-{number}")
    direct = make_quote(label="+direct", storage_gb=120, term={"unit": "month", "count": 2})
    stopped = store.place_order(direct, "key-direct").order
    store.stop_order(stopped.id)
    return store


def test_csv_export_neutralises_user_text(tmp_path: Path) -> None:
    with _history(tmp_path / "h.sqlite") as store:
        count = export_csv(store, tmp_path / "out.csv")
        assert count == store.count_history()
    with (tmp_path / "out.csv").open(newline="", encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    labels = {row["label"] for row in rows}
    assert "'=cmd|' /C calc'!A0" in labels
    assert "'@risk" in labels
    assert "'+direct" in labels
    assert 'quote "inside"' in labels
    assert "Обучение" in labels
    for row in rows:
        for value in row.values():
            assert not value.startswith(("=", "+", "-", "@", "\t", "\r", "\n"))
    totals = {row["total"] for row in rows}
    assert all(t.replace(".", "").isdigit() and len(t.split(".")[1]) == 2 for t in totals)


def _without_time(data: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in data.items() if k != "exported_at"}


def test_json_export_round_trips_through_import(tmp_path: Path) -> None:
    with _history(tmp_path / "a.sqlite") as source:
        export_json(source, tmp_path / "export.json")
        original = export_data(source)
    with HistoryStore(tmp_path / "b.sqlite", clock=lambda: NOW) as target:
        summary = import_json(target, tmp_path / "export.json")
        assert (summary.quotes_added, summary.orders_added) == (5, 4)
        assert summary.conflicts == ()
        assert _without_time(export_data(target)) == _without_time(original)
        # Importing again adds nothing.
        again = import_json(target, tmp_path / "export.json")
        assert (again.quotes_added, again.orders_added, again.audit_added) == (0, 0, 0)
        assert again.skipped == 9
        assert _without_time(export_data(target)) == _without_time(original)
        order = target.get_order(original["orders"][-1]["id"])  # type: ignore[index]
        assert order.stopped_at is not None
        assert order.quote.price.line("storage") is not None


def test_import_applies_a_stop_recorded_elsewhere(tmp_path: Path) -> None:
    with HistoryStore(tmp_path / "a.sqlite", clock=lambda: NOW) as a:
        order = a.place_order(make_quote(), "k").order
        export_json(a, tmp_path / "before.json")
        a.stop_order(order.id)
        export_json(a, tmp_path / "after.json")
    with HistoryStore(tmp_path / "b.sqlite", clock=lambda: NOW) as b:
        import_json(b, tmp_path / "before.json")
        summary = import_json(b, tmp_path / "after.json")
        assert summary.orders_stopped == 1
        assert b.get_order(order.id).stopped_at == NOW


def test_a_key_that_belongs_to_another_order_here_is_a_conflict(tmp_path: Path) -> None:
    with HistoryStore(tmp_path / "a.sqlite", clock=lambda: NOW) as a:
        a.place_order(make_quote(label="theirs"), "shared-key")
        export_json(a, tmp_path / "a.json")
    with HistoryStore(tmp_path / "b.sqlite", clock=lambda: NOW) as b:
        mine = b.place_order(make_quote(label="mine"), "shared-key").order
        summary = import_json(b, tmp_path / "a.json")
        assert summary.orders_added == 0
        assert len(summary.conflicts) == 1 and "shared-key" in summary.conflicts[0]
        assert [row.id for row in b.list_history(kind="order")] == [mine.id]


@pytest.mark.parametrize(
    ("content", "match"),
    [
        ("not json", "not valid JSON"),
        ('{"format": "something-else", "quotes": [], "orders": []}', "not a history export"),
        ("[]", "not a history export"),
    ],
)
def test_a_bad_import_file_is_refused_and_writes_nothing(
    tmp_path: Path, content: str, match: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with HistoryStore(tmp_path / "h.sqlite") as store:
        before = store.conn.total_changes
        with pytest.raises(InputError, match=match):
            import_json(store, path)
        assert store.conn.total_changes == before


def test_a_tampered_amount_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    with HistoryStore(tmp_path / "a.sqlite", clock=lambda: NOW) as a:
        a.save_quote(make_quote())
        a.place_order(make_quote(), "k")
        data = export_data(a)
    data["orders"][0]["total"] = "0.01"  # type: ignore[index]
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data))
    with HistoryStore(tmp_path / "b.sqlite") as b:
        with pytest.raises(InputError, match="does not match"):
            import_json(b, path)
        assert b.count_history() == 0
