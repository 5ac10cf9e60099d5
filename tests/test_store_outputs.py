"""Exports and backups never overwrite the history, its journals, or a link's target."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.cli_helpers import run_cli
from tests.store_crash import counts_of, populated

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="symbolic links")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "history.sqlite"
    populated(path, 4, "kept")
    return path


def _targets(db: Path, tmp_path: Path) -> dict[str, Path]:
    link = tmp_path / "innocent.json"
    link.symlink_to(db)
    wal_link = tmp_path / "innocent-wal.json"
    wal_link.symlink_to(Path(f"{db}-wal"))
    hard = tmp_path / "hard.sqlite"
    hard.hardlink_to(db)
    return {
        "the history": db,
        "its -wal": Path(f"{db}-wal"),
        "its -shm": Path(f"{db}-shm"),
        "a link to it": link,
        "a link to its -wal": wal_link,
        "a hard link to it": hard,
        "its name through ..": tmp_path / "sub" / ".." / db.name,
    }


@pytest.mark.parametrize("fmt", ["json", "csv"])
@pytest.mark.parametrize(
    "target",
    [
        "the history",
        "its -wal",
        "its -shm",
        "a link to it",
        "a link to its -wal",
        "a hard link to it",
        "its name through ..",
    ],
)
def test_export_refuses_to_overwrite_the_history(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path, fmt: str, target: str
) -> None:
    (tmp_path / "sub").mkdir()
    before = counts_of(db)
    output = _targets(db, tmp_path)[target]
    result = run_cli(
        capsys, "--db", str(db), "history", "export", "--format", fmt, "--output", str(output)
    )
    assert result.code == 2, result
    assert result.err.count("\n") == 1
    assert counts_of(db) == before
    assert db.read_bytes()[:16] == b"SQLite format 3\x00"


def test_backup_does_not_follow_a_link(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    precious = tmp_path / "precious.txt"
    precious.write_text("not a backup")
    link = tmp_path / "backup.sqlite"
    link.symlink_to(precious)
    result = run_cli(capsys, "--db", str(db), "db", "backup", "--output", str(link))
    assert result.code == 2, result
    assert "symbolic link" in result.err
    assert precious.read_text() == "not a backup"
    assert link.is_symlink()


def test_backup_refuses_the_history_and_its_journal(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    before = counts_of(db)
    for output in (db, Path(f"{db}-wal"), tmp_path / "." / db.name):
        result = run_cli(capsys, "--db", str(db), "db", "backup", "--output", str(output))
        assert result.code == 2, result
    assert counts_of(db) == before


def test_export_writes_atomically_and_leaves_no_temporary(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    output = tmp_path / "out.json"
    output.write_text("old export")
    result = run_cli(
        capsys, "--db", str(db), "history", "export", "--format", "json", "--output", str(output)
    )
    assert result.code == 0, result
    assert output.read_text().startswith("{")
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []
