"""The history file: permissions, integrity on open, schema versions, backup and restore."""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import sys
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from core.base.errors import StoreError
from core.store import SCHEMA_VERSION, HistoryStore
from core.store import backup as backup_module
from core.store.backup import backup_database, restore_database, verify_database
from core.store.schema import APPLICATION_ID
from tests.store_helpers import NOW, make_quote

FIXTURE = Path(__file__).parent / "fixtures" / "history-v1.sqlite"
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")


def _populated(path: Path, quotes: int = 3) -> Path:
    with HistoryStore(path, clock=lambda: NOW) as store:
        for number in range(quotes):
            quote = make_quote(label=f"quote {number}", now=NOW + timedelta(seconds=number))
            store.save_quote(quote)
            if number % 2 == 0:
                store.place_order(quote, f"key-{number}")
    return path


def _dump(path: Path) -> list[str]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def _siblings(path: Path) -> set[str]:
    return {p.name for p in path.parent.iterdir()}


@posix_only
def test_a_new_database_is_private(tmp_path: Path) -> None:
    path = tmp_path / "new-folder" / "history.sqlite"
    with HistoryStore(path) as store:
        assert store.schema_version == SCHEMA_VERSION
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_open_uses_wal_busy_timeout_and_full_sync(tmp_path: Path) -> None:
    with HistoryStore(tmp_path / "h.sqlite") as store:
        assert store.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert store.conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000
        assert store.conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def _refused_untouched(path: Path, match: str) -> str:
    before = path.read_bytes()
    names = _siblings(path)
    with pytest.raises(StoreError, match=match) as caught:
        HistoryStore(path)
    assert path.read_bytes() == before
    # A read-only check of a WAL database may leave SQLite's empty side files, nothing else.
    assert _siblings(path) <= names | {path.name + "-shm", path.name + "-wal"}
    wal = path.with_name(path.name + "-wal")
    assert not wal.exists() or wal.name in names or wal.stat().st_size == 0
    assert caught.value.exit_code == 4
    return str(caught.value)


def test_random_bytes_are_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite"
    path.write_bytes(os.urandom(16_384))
    message = _refused_untouched(path, "not a SQLite database")
    assert "restore a backup" in message


def test_a_text_file_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite"
    path.write_text("these are my notes, not a database\n")
    _refused_untouched(path, "not a SQLite database")


def test_a_truncated_database_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = _populated(tmp_path / "history.sqlite", quotes=60)
    size = path.stat().st_size
    assert size > 8 * 4096
    with path.open("r+b") as stream:
        stream.truncate(size // 2)
    message = _refused_untouched(path, "damaged")
    assert "db restore" in message


def test_damaged_pages_are_refused_and_left_untouched(tmp_path: Path) -> None:
    path = _populated(tmp_path / "history.sqlite", quotes=60)
    data = bytearray(path.read_bytes())
    page = 4096
    for number in range(2, len(data) // page, 3):
        data[number * page + 8 : number * page + 200] = os.urandom(192)
    path.write_bytes(bytes(data))
    _refused_untouched(path, "damaged")


def test_a_database_newer_than_the_app_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = _populated(tmp_path / "history.sqlite")
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.close()
    message = _refused_untouched(path, "newer than this app")
    assert "update AnchorGPU Planner" in message


def test_another_applications_database_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
    conn.execute("INSERT INTO photos (name) VALUES ('cat.jpg')")
    conn.commit()
    conn.close()
    _refused_untouched(path, "another application")


def test_an_empty_file_becomes_a_new_history(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite"
    path.touch()
    with HistoryStore(path) as store:
        assert store.schema_version == SCHEMA_VERSION


def test_migration_from_the_first_schema_version(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite"
    shutil.copyfile(FIXTURE, path)
    with HistoryStore(path, clock=lambda: NOW) as store:
        assert store.migrated_from == 1
        assert store.schema_version == SCHEMA_VERSION == 3
        assert store.conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert store.counts() == {"quote_snapshots": 3, "quotes": 2, "orders": 2, "audit_log": 4}
        rows = store.list_history()
        assert [row.id for row in rows] == [
            "o-0000000000a2",
            "q-000000000002",
            "o-0000000000a1",
            "q-000000000001",
        ]
        # Version 2 added notes and a search index that covers the old rows.
        assert {row.id for row in store.list_history(search="nightly")} == {"q-000000000002"}
        assert {row.id for row in store.list_history(search="h200")} == {"o-0000000000a2"}
        stopped = store.get_order("o-0000000000a1")
        assert stopped.stopped_at is not None and stopped.notes == ""
        assert stopped.total == stopped.quote.total
        assert stopped.quote.label == "serving =SUM(A1)"
        quote = store.get_quote("q-000000000002")
        assert quote.total == Decimal("97.34")  # 2 × 24 h × 1.69 = 81.12, tax 16.224 → 16.22
        # The old history keeps working: new rows, new search hits, notes.
        store.save_quote(make_quote(label="after migration", notes="migrated fine"))
        assert store.count_history(search="migrated") == 1
    with HistoryStore(path) as again:
        assert again.migrated_from == SCHEMA_VERSION


def test_the_fixture_is_still_version_one() -> None:
    conn = sqlite3.connect(f"file:{FIXTURE}?mode=ro", uri=True)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
        columns = {row[1] for row in conn.execute("PRAGMA table_info(orders)")}
        assert "notes" not in columns
    finally:
        conn.close()


def test_a_failed_migration_leaves_the_old_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from core.store import schema

    path = tmp_path / "history.sqlite"
    shutil.copyfile(FIXTURE, path)

    def broken(db: object) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setitem(schema.MIGRATIONS, 2, broken)
    with pytest.raises(RuntimeError):
        HistoryStore(path)
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    finally:
        conn.close()


def test_backup_is_verified_and_restorable(tmp_path: Path) -> None:
    source = _populated(tmp_path / "history.sqlite", quotes=40)
    progress: list[tuple[int, int]] = []
    with HistoryStore(source) as store:
        expected = store.counts()
        verified = backup_database(
            store,
            tmp_path / "backup.sqlite",
            progress=lambda d, t: progress.append((d, t)),
            pages_per_step=4,
        )
    assert verified.counts == expected
    assert verified.schema_version == SCHEMA_VERSION
    assert len(progress) > 1
    assert progress[-1][0] == progress[-1][1]
    assert [done for done, _ in progress] == sorted(done for done, _ in progress)
    assert not [n for n in _siblings(source) if "partial" in n]
    # A backup is verified by restoring it.
    target = tmp_path / "elsewhere" / "history.sqlite"
    target.parent.mkdir()
    restored = restore_database(tmp_path / "backup.sqlite", target, now=NOW)
    assert restored.replaced is None
    with HistoryStore(target) as store:
        assert store.counts() == expected
        assert len(store.list_history(limit=100)) == expected["quotes"] + expected["orders"]


def test_a_backup_that_fails_verification_is_deleted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = _populated(tmp_path / "history.sqlite")
    destination = tmp_path / "out" / "backup.sqlite"
    destination.parent.mkdir()

    def failing(path: Path, **expected: object) -> None:
        raise StoreError(f"{path} has rows {{}}, expected {expected}")

    monkeypatch.setattr(backup_module, "verify_database", failing)
    with HistoryStore(source) as store, pytest.raises(StoreError, match="was deleted"):
        backup_database(store, destination)
    assert list(destination.parent.iterdir()) == []


def test_a_failed_backup_keeps_the_previous_backup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = _populated(tmp_path / "history.sqlite")
    destination = tmp_path / "backup.sqlite"
    destination.write_bytes(b"yesterday's backup")

    def failing(path: Path, **expected: object) -> None:
        raise StoreError("integrity_check failed")

    monkeypatch.setattr(backup_module, "verify_database", failing)
    with HistoryStore(source) as store, pytest.raises(StoreError):
        backup_database(store, destination)
    assert destination.read_bytes() == b"yesterday's backup"


def test_restore_keeps_the_replaced_file(tmp_path: Path) -> None:
    backup = tmp_path / "backup.sqlite"
    with HistoryStore(_populated(tmp_path / "old.sqlite")) as store:
        backup_database(store, backup)
    database = tmp_path / "history.sqlite"
    with HistoryStore(database) as store:
        store.save_quote(make_quote(label="made after the backup"))
    before = _dump(database)
    restored = restore_database(backup, database, now=NOW)
    assert restored.replaced is not None
    assert restored.replaced.name == "history.sqlite.replaced-20261102T100000Z"
    assert _dump(restored.replaced) == before
    with HistoryStore(restored.replaced) as kept:
        assert kept.count_history(search="after") == 1
    with HistoryStore(database) as store:
        assert store.count_history(search="after") == 0
        assert store.counts()["quotes"] == 3


def test_a_tampered_backup_is_refused_and_nothing_is_replaced(tmp_path: Path) -> None:
    backup = tmp_path / "backup.sqlite"
    with HistoryStore(_populated(tmp_path / "old.sqlite", quotes=60)) as store:
        backup_database(store, backup)
    data = bytearray(backup.read_bytes())
    for number in range(2, len(data) // 4096, 2):
        data[number * 4096 + 100 : number * 4096 + 400] = os.urandom(300)
    backup.write_bytes(bytes(data))
    database = _populated(tmp_path / "history.sqlite")
    before = database.read_bytes()
    names = _siblings(database)
    with pytest.raises(StoreError):
        restore_database(backup, database, now=NOW)
    assert database.read_bytes() == before
    assert not [n for n in _siblings(database) - names if "history" in n]


def test_a_non_history_file_cannot_be_restored(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="another application"):
        restore_database(other, tmp_path / "history.sqlite", now=NOW)
    assert not (tmp_path / "history.sqlite").exists()


def test_verify_reports_counts(tmp_path: Path) -> None:
    path = _populated(tmp_path / "history.sqlite", quotes=4)
    report = verify_database(path)
    assert report.counts["quotes"] == 4
    assert report.counts["orders"] == 2
    with pytest.raises(StoreError, match="expected"):
        verify_database(path, expected_counts={"quotes": 5})
