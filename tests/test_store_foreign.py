"""Another application's SQLite file is recognised and never written to."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from core.base.errors import StoreError
from core.store import SCHEMA_VERSION, HistoryStore
from core.store.schema import APPLICATION_ID
from tests.cli_helpers import run_cli
from tests.store_crash import populated


def _foreign(path: Path, version: int, app_id: int = 0, *, wal: bool = False) -> Path:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
    conn.execute("INSERT INTO photos (name) VALUES ('cat.jpg')")
    conn.execute(f"PRAGMA user_version = {version}")
    conn.execute(f"PRAGMA application_id = {app_id}")
    conn.commit()
    if wal:
        conn.execute("PRAGMA journal_mode = WAL")
    conn.close()
    return path


def _untouched(capsys: pytest.CaptureFixture[str], path: Path, match: str) -> None:
    before = path.read_bytes()
    names = sorted(p.name for p in path.parent.iterdir())
    result = run_cli(capsys, "--db", str(path), "history", "list")
    assert result.code == 4, result
    assert match in result.err and result.err.count("\n") == 1
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == names  # no -wal, no -shm


@pytest.mark.parametrize("version", [0, 1, 2, 3, 7])
def test_another_applications_database_is_never_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, version: int
) -> None:
    _untouched(capsys, _foreign(tmp_path / "photos.db", version), "another application")


@pytest.mark.parametrize("version", [0, 1, 2, 7])
def test_a_foreign_database_in_wal_mode_without_an_id_leaves_no_trace(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, version: int
) -> None:
    path = _foreign(tmp_path / "photos.db", version, wal=True)
    assert path.read_bytes()[18:20] == b"\x02\x02"  # WAL mode, as its header says
    _untouched(capsys, path, "another application")
    with pytest.raises(StoreError, match="another application"):
        HistoryStore(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["photos.db"]


def test_a_file_with_another_application_id_is_never_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _untouched(capsys, _foreign(tmp_path / "x.db", 1, app_id=0x12345678), "another application")


def test_a_history_newer_than_the_app_leaves_no_journal_behind(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "history.sqlite"
    populated(path, 2, "future")
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.close()
    _untouched(capsys, path, "newer than this app")


def test_a_new_history_carries_the_application_id(tmp_path: Path) -> None:
    with HistoryStore(tmp_path / "h.sqlite") as store:
        assert store.conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


def test_a_version_two_history_without_the_id_is_recognised_and_marked(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite"
    populated(path, 2, "old")
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA application_id = 0")
    conn.execute("PRAGMA user_version = 2")
    conn.commit()
    conn.close()
    with HistoryStore(path) as store:
        assert store.migrated_from == 2
        assert store.conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert store.count_history() == 3


def test_a_lookalike_missing_a_history_column_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite"
    conn = sqlite3.connect(path)
    for table in ("quote_snapshots", "quotes", "orders", "audit_log"):
        conn.execute(f"CREATE TABLE {table} (id TEXT)")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="another application"):
        HistoryStore(path)
