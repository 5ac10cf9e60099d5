"""A write that meets a locked history waits the busy timeout twice, then says it is busy."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest

from core.base.errors import StoreError
from core.store import HistoryStore, connection
from tests.store_helpers import make_quote


@pytest.fixture
def short_timeout(monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_MS", 200)
    return 200


def _locker(db: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    conn.execute("BEGIN IMMEDIATE")
    return conn


def test_a_lock_released_during_the_retry_lets_the_write_through(
    tmp_path: Path, short_timeout: int
) -> None:
    db = tmp_path / "h.sqlite"
    with HistoryStore(db) as store:
        locker = _locker(db)
        released = threading.Timer(short_timeout * 1.5 / 1000, lambda: locker.execute("COMMIT"))
        released.start()
        try:
            store.save_quote(make_quote(label="after the wait"))
        finally:
            released.join()
            locker.close()
        assert store.count_history() == 1


def test_a_lock_held_past_the_retry_is_a_busy_error_with_its_own_exit_code(
    tmp_path: Path, short_timeout: int
) -> None:
    db = tmp_path / "h.sqlite"
    with HistoryStore(db) as store:
        locker = _locker(db)
        started = time.monotonic()
        try:
            with pytest.raises(StoreError) as caught:
                store.save_quote(make_quote())
        finally:
            locker.close()
        waited = time.monotonic() - started
        assert waited >= 2 * short_timeout / 1000 * 0.9
        assert "busy" in str(caught.value) and "try again" in str(caught.value)
        assert caught.value.exit_code == 5
        assert store.count_history() == 0
