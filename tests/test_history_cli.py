"""The history commands as a user runs them: quote save, order place/stop, history, db."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from core.app.cli import main
from tests.catalog_prices import compute, rate, with_tax

H100 = "h100-80gb-sxm"
REQUEST = {"model": {"preset": "llama-3.1-8b"}, "gpu": H100, "term": {"unit": "week"}}


@pytest.fixture
def request_file(tmp_path: Path) -> Path:
    path = tmp_path / "request.json"
    path.write_text(json.dumps(REQUEST))
    return path


@pytest.fixture
def db(user_data_dir: Path) -> Path:
    return user_data_dir / "history.sqlite"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def _orders(db: Path) -> int:
    conn = sqlite3.connect(db)
    try:
        return int(conn.execute("SELECT count(*) FROM orders").fetchone()[0])
    finally:
        conn.close()


def test_quote_save_prints_the_id(capsys, request_file: Path, db: Path) -> None:
    code, out, err = run(capsys, "quote", "save", "--request", str(request_file))
    assert code == 0, err
    quote_id = out.strip()
    assert quote_id.startswith("q-")
    rows = run_json(capsys, "history", "list")
    assert [(r["kind"], r["id"], r["status"]) for r in rows] == [("quote", quote_id, "saved")]
    assert db.exists()


def test_quote_save_json_and_show(capsys, request_file: Path) -> None:
    saved = run_json(capsys, "quote", "save", "--request", str(request_file), "--label", "L")
    assert saved["status"] == "saved"
    assert saved["total"] == str(compute(H100, "week"))  # 168 h × the week rate
    assert saved["currency"] == "USD"
    shown = run_json(capsys, "history", "show", saved["quote_id"])
    assert shown == saved
    assert shown["gpu"]["price_per_gpu_hour"] == {
        unit: str(rate(H100, unit)) for unit in ("hour", "day", "week", "month")
    }
    assert shown["catalog_id"] == "anchorgpu-2026-11"
    assert shown["request"]["gpu"] == "h100-80gb-sxm"
    assert shown["estimate"]["model"]["name"] == "Llama 3.1 8B"


def test_tax_comes_from_the_settings(capsys, request_file: Path, user_data_dir: Path) -> None:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / "settings.json").write_text('{"tax_rate": "0.2"}')
    saved = run_json(capsys, "quote", "save", "--request", str(request_file))
    assert [item["kind"] for item in saved["price"]["line_items"]] == ["compute", "tax"]
    assert saved["total"] == str(with_tax(compute(H100, "week"), 20))


def test_order_place_replay_and_conflict(capsys, request_file: Path, db: Path) -> None:
    placed = run_json(
        capsys, "order", "place", "--request", str(request_file), "--idempotency-key", "k-1"
    )
    for field in ("order_id", "status", "paid_from", "paid_until", "total", "currency"):
        assert field in placed
    assert placed["status"] == "placed"
    assert placed["paid_from"].endswith("Z") and placed["paid_until"].endswith("Z")
    assert placed["total"] == str(compute(H100, "week")) and placed["currency"] == "USD"
    assert placed["idempotency_key"] == "k-1" and placed["replayed"] is False

    again = run_json(
        capsys, "order", "place", "--request", str(request_file), "--idempotency-key", "k-1"
    )
    assert again["order_id"] == placed["order_id"]
    assert again["replayed"] is True
    assert _orders(db) == 1

    other = request_file.with_name("other.json")
    other.write_text(json.dumps(REQUEST | {"term": {"unit": "day", "count": 3}}))
    before = db.read_bytes()
    code, out, err = run(
        capsys, "order", "place", "--request", str(other), "--idempotency-key", "k-1"
    )
    assert code == 3
    assert out == ""
    assert err.count("\n") == 1
    assert "idempotency key 'k-1' belongs to another order" in err
    assert placed["order_id"] in err
    assert _orders(db) == 1
    assert db.read_bytes() == before


def test_order_from_a_saved_quote(capsys, request_file: Path) -> None:
    code, out, _ = run(capsys, "quote", "save", "--request", str(request_file))
    quote_id = out.strip()
    placed = run_json(capsys, "order", "place", "--quote", quote_id, "--idempotency-key", "q")
    assert placed["quote_id"] == quote_id
    shown = run_json(capsys, "history", "show", placed["order_id"])
    assert {k: shown[k] for k in placed if k not in ("replayed", "time_left_seconds")} == {
        k: placed[k] for k in placed if k not in ("replayed", "time_left_seconds")
    }
    assert shown["quote"]["id"] == quote_id


def test_order_stop_keeps_paid_until_and_total(capsys, request_file: Path) -> None:
    placed = run_json(
        capsys, "order", "place", "--request", str(request_file), "--idempotency-key", "s"
    )
    stopped = run_json(capsys, "order", "stop", placed["order_id"])
    assert stopped["status"] == "stopped"
    assert stopped["stopped_at"] is not None
    for field in ("paid_from", "paid_until", "total", "currency"):
        assert stopped[field] == placed[field]
    rows = run_json(capsys, "history", "list", "--status", "stopped")
    assert [r["id"] for r in rows] == [placed["order_id"]]
    assert rows[0]["time_left_seconds"] > 0


def test_history_list_search_and_text_output(capsys, request_file: Path) -> None:
    run(capsys, "quote", "save", "--request", str(request_file), "--label", "alpha run")
    run(capsys, "quote", "save", "--request", str(request_file), "--label", "beta run")
    rows = run_json(capsys, "history", "list", "--search", "alp")
    assert [r["label"] for r in rows] == ["alpha run"]
    assert run_json(capsys, "history", "list", "--search", '") OR *') == []
    code, out, _ = run(capsys, "history", "list", "--limit", "1")
    assert code == 0
    assert "beta run" in out and "alpha run" not in out
    assert "(1-1 of 2)" in out
    code, out, _ = run(capsys, "history", "list", "--workload", "training")
    assert "no saved quotes or orders match" in out


def test_history_show_text_has_the_disclaimer(capsys, request_file: Path) -> None:
    _, out, _ = run(capsys, "quote", "save", "--request", str(request_file))
    code, text, _ = run(capsys, "history", "show", out.strip())
    assert code == 0
    assert str(compute(H100, "week")) in text
    assert "do not guarantee" in text


def test_unknown_id_is_one_line_exit_2(capsys) -> None:
    code, out, err = run(capsys, "history", "show", "q-000000000000")
    assert code == 2
    assert err.count("\n") == 1 and "no saved quote or order" in err


def test_export_and_import(capsys, request_file: Path, tmp_path: Path) -> None:
    run(capsys, "quote", "save", "--request", str(request_file), "--label", "=1+1")
    run_json(capsys, "order", "place", "--request", str(request_file), "--idempotency-key", "e")
    csv_path, json_path = tmp_path / "h.csv", tmp_path / "h.json"
    assert run(capsys, "history", "export", "--format", "csv", "--output", str(csv_path))[0] == 0
    assert "'=1+1" in csv_path.read_text()
    assert run(capsys, "history", "export", "--format", "json", "--output", str(json_path))[0] == 0
    other = tmp_path / "other.sqlite"
    code, out, err = run(capsys, "--db", str(other), "history", "import", str(json_path))
    assert code == 0, err
    assert "added 1 quotes and 1 orders" in out
    rows = run_json(capsys, "--db", str(other), "history", "list")
    assert {r["kind"] for r in rows} == {"quote", "order"}
    code, out, _ = run(capsys, "--db", str(other), "history", "import", str(json_path))
    assert "added 0 quotes and 0 orders" in out


def test_backup_and_restore(capsys, request_file: Path, tmp_path: Path, db: Path) -> None:
    run(capsys, "quote", "save", "--request", str(request_file), "--label", "kept")
    backup = tmp_path / "backup.sqlite"
    code, out, err = run(capsys, "db", "backup", "--output", str(backup))
    assert code == 0, err
    assert "verified" in out
    run(capsys, "quote", "save", "--request", str(request_file), "--label", "later")
    code, out, err = run(capsys, "db", "restore", str(backup))
    assert code == 0, err
    assert "replaced file was kept" in out
    labels = [r["label"] for r in run_json(capsys, "history", "list")]
    assert labels == ["kept"]
    kept = [p for p in db.parent.iterdir() if ".replaced-" in p.name and p.suffix != ".sqlite-wal"]
    assert kept


def test_a_corrupt_database_is_one_line_exit_4_and_untouched(capsys, db: Path) -> None:
    db.parent.mkdir(parents=True, exist_ok=True)
    db.write_bytes(os.urandom(8192))
    before = db.read_bytes()
    code, out, err = run(capsys, "history", "list")
    assert code == 4
    assert err.count("\n") == 1
    assert "not a SQLite database" in err and "restore" in err
    assert db.read_bytes() == before


def test_db_option_overrides_the_environment(capsys, request_file: Path, tmp_path: Path) -> None:
    chosen = tmp_path / "chosen.sqlite"
    code, _, _ = run(capsys, "--db", str(chosen), "quote", "save", "--request", str(request_file))
    assert code == 0
    assert chosen.exists()
    assert run_json(capsys, "history", "list") == []


def test_history_edit_changes_the_label_and_notes_only(capsys, request_file: Path) -> None:
    saved = run_json(capsys, "quote", "save", "--request", str(request_file), "--label", "old")
    quote_id = saved["quote_id"]
    edited = run_json(capsys, "history", "edit", quote_id, "--label", "new", "--notes", "n")
    assert edited == {"id": quote_id, "label": "new", "notes": "n"}
    shown = run_json(capsys, "history", "show", saved["quote_id"])
    assert (shown["label"], shown["total"]) == ("new", saved["total"])
    code, out, _ = run(capsys, "history", "edit", saved["quote_id"], "--notes", "more")
    assert code == 0 and out.strip() == f"quote {saved['quote_id']}: label 'new', notes 'more'"
    code, _, err = run(capsys, "history", "edit", "q-000000000000", "--label", "x")
    assert code == 2 and "no saved quote or order" in err
