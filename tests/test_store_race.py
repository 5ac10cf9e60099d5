"""Concurrency and crashes: two processes with one key make one order; SIGKILL loses nothing."""

from __future__ import annotations

import multiprocessing
import random
import signal
import sqlite3
import sys
import time
from pathlib import Path

import pytest

from core.store import HistoryStore
from tests.store_helpers import crash_loop, make_quote, race_place

SPAWN = multiprocessing.get_context("spawn")


def _race(db: Path, quotes: list[dict[str, object]], key: str) -> list[tuple[object, ...]]:
    start = SPAWN.Event()
    results = SPAWN.Queue()
    workers = [
        SPAWN.Process(target=race_place, args=(str(db), quote, key, start, results))
        for quote in quotes
    ]
    for worker in workers:
        worker.start()
    time.sleep(0.5)  # let every child import and reach the start line
    start.set()
    outcomes = [results.get(timeout=60) for _ in workers]
    for worker in workers:
        worker.join(timeout=60)
        assert worker.exitcode == 0
    return outcomes


def test_processes_placing_with_one_key_at_once_make_exactly_one_order(tmp_path: Path) -> None:
    db = tmp_path / "history.sqlite"
    quote = make_quote(label="raced").as_json()
    outcomes = _race(db, [quote] * 6, "same-key")
    assert all(kind == "ok" for kind, _, _ in outcomes), outcomes
    assert len({order_id for _, order_id, _ in outcomes}) == 1
    assert sorted(replayed for _, _, replayed in outcomes) == [False] + [True] * 5
    with HistoryStore(db) as store:
        assert store.count_history(kind="order") == 1
        assert [e.action for e in store.audit_entries()] == ["placed"]


def test_one_key_raced_with_different_requests_gives_one_order_and_conflicts(
    tmp_path: Path,
) -> None:
    db = tmp_path / "history.sqlite"
    quotes = [make_quote(gpus=gpus).as_json() for gpus in (1, 2, 4, 8)]
    outcomes = _race(db, quotes, "contested")
    kinds = sorted(kind for kind, _, _ in outcomes)
    assert kinds == ["IdempotencyConflictError"] * 3 + ["ok"], outcomes
    with HistoryStore(db) as store:
        assert store.count_history(kind="order") == 1


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_killing_a_placing_process_twenty_times_loses_and_duplicates_nothing(
    tmp_path: Path,
) -> None:
    db = tmp_path / "history.sqlite"
    log = tmp_path / "placed.log"
    log.touch()
    HistoryStore(db).close()
    rng = random.Random(20261102)
    for round_number in range(20):
        logged_before = len(log.read_text().split())
        worker = SPAWN.Process(target=crash_loop, args=(str(db), str(log), f"r{round_number}"))
        worker.start()
        deadline = time.monotonic() + 60
        while len(log.read_text().split()) == logged_before:  # wait until it is placing
            assert time.monotonic() < deadline and worker.is_alive()
            time.sleep(0.005)
        time.sleep(rng.uniform(0, 0.08))
        assert worker.pid is not None
        worker.kill()  # SIGKILL, mid-transaction or not
        worker.join()
        assert worker.exitcode == -signal.SIGKILL
        conn = sqlite3.connect(db)
        try:
            assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            keys = [row[0] for row in conn.execute("SELECT idempotency_key FROM orders")]
        finally:
            conn.close()
        assert len(keys) == len(set(keys))
        returned = log.read_text().split()
        assert set(returned) <= set(keys)
        # At most the one placement in flight when the kill came can be in the database unlogged.
        assert len(set(keys) - set(returned)) <= round_number + 1
    with HistoryStore(db) as store:  # and the app still opens it
        assert store.count_history(kind="order") == len(keys)
