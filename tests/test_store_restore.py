"""Restore is crash-safe and refuses while another process has the history open."""

from __future__ import annotations

import os
import sqlite3
import sys
from pathlib import Path

import pytest

from core.base.errors import StoreError
from core.store import HistoryStore
from core.store.backup import backup_database, restore_database
from tests.store_crash import counts_of, crash_restore, populated
from tests.store_helpers import NOW
from tests.test_store_side_by_side import app_process, cli

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX processes and links")


@pytest.fixture
def old_and_backup(tmp_path: Path) -> tuple[Path, Path]:
    template = tmp_path / "template.sqlite"
    populated(template, 6, "old")
    source = tmp_path / "source.sqlite"
    populated(source, 9, "new")
    with HistoryStore(source) as store:
        backup_database(store, tmp_path / "backup.sqlite")
    return template, tmp_path / "backup.sqlite"


def test_restore_refuses_while_the_app_has_the_history_open(
    tmp_path: Path, old_and_backup: tuple[Path, Path]
) -> None:
    _, backup = old_and_backup
    db = tmp_path / "history.sqlite"
    with app_process(db) as app:
        refused = cli(db, "db", "restore", str(backup))
        assert refused.returncode == 4, refused.stdout + refused.stderr
        assert "open in another process" in refused.stderr
        assert refused.stderr.count("\n") == 1
        placed = [app.ask(f"place after-{number}") for number in range(16)]
        assert all(answer.startswith("o-") for answer in placed), placed
    found = counts_of(db)
    assert not isinstance(found, str) and found["orders"] == 16
    assert not [p for p in tmp_path.iterdir() if ".replaced-" in p.name]


def test_restore_refuses_while_this_process_has_it_open(
    tmp_path: Path, old_and_backup: tuple[Path, Path]
) -> None:
    _, backup = old_and_backup
    db = tmp_path / "history.sqlite"
    with HistoryStore(db) as store:
        with pytest.raises(StoreError, match="open in another process"):
            restore_database(backup, db, now=NOW)
        assert store.count_history() == 0


@pytest.mark.parametrize("at", [2])  # every step: tests/faults/fault_crash.py
def test_a_restore_killed_at_a_file_step_leaves_the_old_or_the_new_history(
    tmp_path: Path, old_and_backup: tuple[Path, Path], at: int
) -> None:
    template, backup = old_and_backup
    outcome = crash_restore(tmp_path / f"at-{at}", at, template, backup)
    assert outcome.problems == []


def test_a_missing_history_beside_its_replaced_copy_is_not_recreated(tmp_path: Path) -> None:
    db = tmp_path / "history.sqlite"
    populated(db, 2, "lost")
    os.replace(db, tmp_path / "history.sqlite.replaced-20261102T100000Z")
    code = cli(db, "history", "list")
    assert code.returncode == 4
    assert "missing" in code.stderr and "db restore" in code.stderr
    assert not db.exists()


def test_a_history_sqlite_cannot_read_is_replaced_and_kept_aside_with_its_log(
    tmp_path: Path, old_and_backup: tuple[Path, Path]
) -> None:
    _, backup = old_and_backup
    db = tmp_path / "history.sqlite"
    db.write_bytes(os.urandom(8192))
    Path(f"{db}-wal").write_bytes(os.urandom(4096))
    damaged = db.read_bytes()
    restored = restore_database(backup, db, now=NOW)
    assert restored.replaced is not None and restored.replaced.read_bytes() == damaged
    assert Path(f"{restored.replaced}-wal").exists() and not Path(f"{db}-wal").exists()
    assert counts_of(db) == counts_of(backup)


def test_restore_refuses_to_overwrite_another_applications_database(
    tmp_path: Path, old_and_backup: tuple[Path, Path]
) -> None:
    _, backup = old_and_backup
    other = tmp_path / "photos.sqlite"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE photos (name TEXT)")
    conn.commit()
    conn.close()
    before = other.read_bytes()
    with pytest.raises(StoreError, match="another application"):
        restore_database(backup, other, now=NOW)
    assert other.read_bytes() == before
