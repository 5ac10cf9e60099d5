"""``anchorgpu-planner --self-test --startup``: start as the app does, up to the wizard ready.

It builds and shows the main window with :func:`gui.app.show_main_window` and builds the pages
after the first paint with :class:`gui.app.AfterFirstPaint`, as the app does, and prints a line
at each point a user would notice: ``main window shown`` once the wizard's first page has been
painted (a real paint, not only the window mapped), ``wizard ready`` once the wizard takes input
with a live estimate, and ``pages ready`` once every page is built; then it exits. The bundle
benchmark times these lines from outside the process. The user data folder and the history point
into a temporary folder, so a run leaves nothing behind.

It imports nothing the app itself does not import before its first paint, so the time to the
markers is the app's own start-up time.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QEventLoop, QTemporaryDir, QThreadPool, QTimer

from core.base import paths
from gui.app import AfterFirstPaint, create_application, show_main_window

SHOWN_MARKER = "main window shown"
READY_MARKER = "wizard ready"
PAGES_MARKER = "pages ready"
EXPOSE_TIMEOUT_S = 10.0
READY_TIMEOUT_S = 60.0
POLL_MS = 5  # how often the wait for the live estimate looks (the wait itself blocks)


def wait_until_exposed(window: Any, timeout_s: float = EXPOSE_TIMEOUT_S) -> bool:
    """Process Qt events until ``window`` is on screen, or the timeout passes."""
    deadline = time.monotonic() + timeout_s
    while True:
        handle = window.windowHandle()
        if window.isVisible() and handle is not None and handle.isExposed():
            return True
        if time.monotonic() > deadline:
            return False
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)


def run_until(done: Callable[[], bool], timeout_s: float) -> bool:
    """Run the event loop until ``done()`` is true (looked at every ``POLL_MS``) or time is up.

    The loop blocks between looks, so it takes no turns on the GIL from the threads that load
    the pages' modules and read the model.
    """
    loop = QEventLoop()
    deadline = time.monotonic() + timeout_s

    def look() -> None:
        if done() or time.monotonic() > deadline:
            loop.quit()

    timer = QTimer()
    timer.timeout.connect(look)
    timer.start(POLL_MS)
    if not done():
        loop.exec()
    timer.stop()
    return done()


def main() -> int:
    """Start the app, print the markers; 0 when the wizard got ready, 1 when it did not."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    folder = QTemporaryDir()  # not Python's tempfile: the app itself does not import tempfile
    if not folder.isValid():
        print(f"cannot make a temporary folder: {folder.errorString()}", file=sys.stderr)
        return 1
    os.environ[paths.DATA_ENV] = folder.path()
    os.environ[paths.DB_ENV] = os.path.join(folder.path(), paths.DB_FILENAME)
    try:
        app = create_application([sys.argv[0] if sys.argv else "anchorgpu-planner"])
        window, _switcher, _state = show_main_window(app)
        wizard = window.page("plan").wizard
        painted: list[bool] = []
        AfterFirstPaint(wizard.currentPage(), lambda: painted.append(True))
        AfterFirstPaint(window, window.start_pages)  # as gui.app.run does
        if not run_until(lambda: bool(painted), EXPOSE_TIMEOUT_S):
            print("the wizard's first page was not painted", file=sys.stderr)
            return 1
        print(SHOWN_MARKER, flush=True)
        if not run_until(lambda: wizard.built and wizard.live.result is not None, READY_TIMEOUT_S):
            print("the wizard did not show a live estimate", file=sys.stderr)
            return 1
        print(READY_MARKER, flush=True)
        window.finish_startup()
        app.processEvents()
        print(PAGES_MARKER, flush=True)
        wizard.live.stop()
        window.close()
        # A plan still running ends before the interpreter does.
        QThreadPool.globalInstance().waitForDone(int(READY_TIMEOUT_S * 1000))
        app.processEvents()
    finally:
        folder.remove()
    return 0
