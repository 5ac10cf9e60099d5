"""The app and the command line on one history, as real processes side by side."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX locks")


class App:
    """An app-like child process (``tests.store_procs app``) driven line by line."""

    def __init__(self, db: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.store_procs", "app", str(db)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.ask(None) == "ready"

    def ask(self, command: str | None) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        if command is not None:
            self.process.stdin.write(command + "\n")
            self.process.stdin.flush()
        return self.process.stdout.readline().strip()


@contextmanager
def app_process(db: Path) -> Iterator[App]:
    app = App(db)
    try:
        yield app
    finally:
        if app.process.poll() is None:
            app.ask("close")
        app.process.wait(timeout=30)


def cli(db: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "core", "--db", str(db), *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env=os.environ | {"PYTHONPATH": str(ROOT)},
    )


def orders_and_integrity(db: Path) -> tuple[int, str]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        count = int(conn.execute("SELECT count(*) FROM orders").fetchone()[0])
        return count, str(conn.execute("PRAGMA integrity_check").fetchone()[0])
    finally:
        conn.close()


def test_the_cli_beside_an_app_that_opened_the_history_twice_loses_nothing(
    tmp_path: Path,
) -> None:
    db = tmp_path / "history.sqlite"
    with app_process(db) as app:
        assert app.ask("reopen") == "reopened"
        listed = cli(db, "history", "list")
        assert listed.returncode == 0, listed.stderr
        # The app still holds the history: its write-ahead log must still be there.
        assert Path(f"{db}-wal").exists()
        placed = [app.ask(f"place key-{number}") for number in range(5)]
        assert all(answer.startswith("o-") for answer in placed), placed
        # Another process sees every write while the app is still open.
        assert orders_and_integrity(db) == (5, "ok")
        assert cli(db, "history", "list").returncode == 0
        assert app.ask("count") == "5"
    assert orders_and_integrity(db) == (5, "ok")
