"""One store service per app: the wizard's writes, the command line's writes and quitting.

The History page learns of every change through the service's ``changed`` signal: at once for a
save or an order made in the app, within the service's poll for a write by another process.
Quitting never waits for a store call that does not end.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QLineEdit, QPushButton

from core.domain.request_parsing import parse_request
from core.store import HistoryStore
from gui import store_service
from gui.wizard import PlanWizard
from tests.store_helpers import make_quote
from tests.test_gui_history import LABEL, STATUS, cells
from tests.test_gui_wizard import click_next
from tests.test_gui_wizard_orders import REQUEST, answers, status

ROOT = Path(__file__).resolve().parents[1]
CLI_REQUEST = {
    "model": {"preset": "llama-3.1-8b"},
    "gpu": "h100-80gb-sxm",
    "term": {"unit": "week"},
}


__all__ = ["answers"]  # every purchase question is answered Yes


@pytest.fixture
def no_polling(monkeypatch: pytest.MonkeyPatch) -> None:
    """The service never looks for other processes' commits: only its own writes announce."""
    monkeypatch.setattr(store_service, "POLL_MS", 3_600_000)


def walk_to_review(qtbot, window) -> PlanWizard:
    wizard = window.page("plan").wizard
    wizard.load_request(parse_request(REQUEST))
    while wizard.currentPage() is not wizard.review_page:
        click_next(qtbot, wizard)
    return wizard


def save_in_wizard(qtbot, wizard: PlanWizard, label: str) -> None:
    wizard.findChild(QLineEdit, "quoteLabel").setText(label)
    with qtbot.waitSignal(wizard.store_service.changed, timeout=10_000):
        qtbot.mouseClick(wizard.findChild(QPushButton, "saveQuoteButton"), Qt.LeftButton)
    assert "Saved as quote" in status(wizard)


def place_in_wizard(qtbot, wizard: PlanWizard) -> None:
    with qtbot.waitSignal(wizard.store_service.changed, timeout=10_000):
        qtbot.mouseClick(wizard.findChild(QPushButton, "placeOrderButton"), Qt.LeftButton)
    assert "placed (simulated)" in status(wizard)


def run_cli(db: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """``anchorgpu-planner --db DB ARGV`` in a process of its own, as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "core", "--db", str(db), *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_a_quote_saved_and_an_order_placed_in_the_wizard_show_in_history_at_once(
    no_polling, main_window, qtbot
):
    history = main_window.page("history")
    qtbot.waitUntil(lambda: history.store_service.is_open)
    wizard = walk_to_review(qtbot, main_window)
    assert wizard.store_service is history.store_service  # one service for every page
    save_in_wizard(qtbot, wizard, "chatbot staging")
    # No poll and no refresh: the service's own write announced itself.
    qtbot.waitUntil(lambda: cells(history, LABEL) == ["chatbot staging"], timeout=2000)
    place_in_wizard(qtbot, wizard)
    qtbot.waitUntil(lambda: len(cells(history, LABEL)) == 2, timeout=2000)
    assert sorted(cells(history, STATUS)) == ["Placed", "Saved quote"]


def test_the_app_and_the_command_line_side_by_side_lose_nothing(
    main_window, qtbot, app_state, tmp_path
):
    db = app_state.db_path
    history = main_window.page("history")
    service = history.store_service
    qtbot.waitUntil(lambda: service.is_open)
    request = tmp_path / "request.json"
    request.write_text(json.dumps(CLI_REQUEST))
    wizard = walk_to_review(qtbot, main_window)

    save_in_wizard(qtbot, wizard, "app quote")
    listed = run_cli(db, "history", "list")  # another process opens and closes the history
    assert listed.returncode == 0, listed.stderr
    assert "app quote" in listed.stdout
    # The app still holds its locks: the command line did not take the WAL away from under it
    # (it does when the app's process opens and closes the file beside its own connection).
    assert Path(f"{db}-wal").exists()
    place_in_wizard(qtbot, wizard)
    qtbot.waitUntil(lambda: len(cells(history, LABEL)) == 2, timeout=5000)

    for argv in (
        ("quote", "save", "--request", str(request), "--label", "cli quote"),
        (
            "order",
            "place",
            "--request",
            str(request),
            "--idempotency-key",
            "cli-1",
            "--label",
            "cli order",
        ),
    ):
        done = run_cli(db, *argv)
        assert done.returncode == 0, done.stderr
    # The service notices the other process's commits by itself, within its poll.
    qtbot.waitUntil(lambda: {"cli quote", "cli order"} <= set(cells(history, LABEL)), timeout=5000)

    results: list[object] = []
    with qtbot.waitSignal(service.changed, timeout=10_000):
        service.call(
            lambda store: store.save_quote(make_quote(label="app after cli")), results.append
        )
    qtbot.waitUntil(lambda: len(cells(history, LABEL)) == 5, timeout=5000)
    listed = run_cli(db, "history", "list", "--json")
    assert listed.returncode == 0, listed.stderr
    assert len(json.loads(listed.stdout)) == 5

    assert service.shutdown()  # the app quits: its connection is closed
    connection = sqlite3.connect(db)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        connection.close()
    with HistoryStore(db) as store:
        rows = sorted((row.kind, row.label) for row in store.list_history())
    assert rows == [
        ("order", "app quote"),
        ("order", "cli order"),
        ("quote", "app after cli"),
        ("quote", "app quote"),
        ("quote", "cli quote"),
    ]


def test_quitting_during_a_long_store_call_returns_promptly(qtbot, store_services, user_data_dir):
    user_data_dir.mkdir(parents=True, exist_ok=True)
    service = store_services(user_data_dir / "history.sqlite")
    qtbot.waitUntil(lambda: service.is_open)
    started, release = threading.Event(), threading.Event()

    def slow(_store: object) -> None:
        started.set()
        release.wait(60)  # a call that does not end by itself

    service.call(slow, lambda _result: None)
    assert started.wait(10)
    began = time.monotonic()
    stopped = service.shutdown()
    waited = time.monotonic() - began
    release.set()  # let the thread end before the test does
    assert not stopped  # the call was still running: the thread is left to end by itself
    assert waited < store_service.STOP_WAIT_MS / 1000 + 1.0


def test_quitting_the_app_during_slow_background_work_ends_the_process_promptly(
    user_data_dir: Path,
):
    """The real ``gui.app.run`` quits while a store call and a pool call each run for a minute."""
    script = """
import sys, time
from PySide6.QtCore import QTimer
import gui.app as app_module
from gui.worker import Worker

real = app_module.show_main_window

def show(app):
    window, switcher, state = real(app)
    def slow_store_call(store):
        print("store call started", flush=True)
        time.sleep(60)
    def start_slow_work():
        window.finish_startup()
        window.store_service.call(slow_store_call, print)
        Worker(time.sleep, 60).start()
        QTimer.singleShot(500, app.quit)
    QTimer.singleShot(0, start_slow_work)
    return window, switcher, state

app_module.show_main_window = show
sys.exit(app_module.run([]))
"""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    began = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    elapsed = time.monotonic() - began
    assert done.returncode == 0, done.stderr
    assert "store call started" in done.stdout
    assert elapsed < 30, f"quitting took {elapsed:.1f} s"  # the slow calls last 60 s each
    with sqlite3.connect(user_data_dir / "history.sqlite") as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_an_answer_for_a_deleted_page_is_dropped_and_a_write_still_announced(
    qtbot, store_services, user_data_dir
):
    """A page replaced while its call runs gets no callback; the service goes on."""
    user_data_dir.mkdir(parents=True, exist_ok=True)
    service = store_services(user_data_dir / "history.sqlite")
    qtbot.waitUntil(lambda: service.is_open)
    started, release = threading.Event(), threading.Event()
    answers: list[object] = []

    def write(store: HistoryStore) -> str:
        started.set()
        release.wait(10)
        return store.save_quote(make_quote(label="asked by a gone page")).id

    page = QObject()
    service.call(write, answers.append, answers.append, owner=page)
    assert started.wait(10)
    shiboken6.delete(page)  # as when the page is replaced while its call runs
    with qtbot.waitSignal(service.changed, timeout=10_000):
        release.set()
    assert answers == []
    kept = QObject()
    service.call(lambda store: store.count_history(), answers.append, owner=kept)
    qtbot.waitUntil(lambda: answers == [1], timeout=10_000)
