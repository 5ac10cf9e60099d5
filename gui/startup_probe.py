"""``anchorgpu-planner --self-test --startup``: start as the app does, up to the main window shown.

It builds and shows the main window with :func:`gui.app.show_main_window`, as the app does,
prints ``main window shown`` once the window is exposed, then builds the pages as the app does
after its first paint, prints ``pages ready`` and exits. The bundle benchmark times the first
line. The user data folder and the history point into a temporary folder, so a run leaves nothing
behind.

It imports nothing the app itself does not import before its first paint, so the time to the
marker is the app's own start-up time.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

SHOWN_MARKER = "main window shown"
PAGES_MARKER = "pages ready"
EXPOSE_TIMEOUT_S = 10.0


def wait_until_exposed(window: Any, timeout_s: float = EXPOSE_TIMEOUT_S) -> bool:
    """Process Qt events until ``window`` is on screen, or the timeout passes."""
    from PySide6.QtCore import QCoreApplication, QEventLoop

    deadline = time.monotonic() + timeout_s
    while True:
        handle = window.windowHandle()
        if window.isVisible() and handle is not None and handle.isExposed():
            return True
        if time.monotonic() > deadline:
            return False
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)


def main() -> int:
    """Show the main window, print the markers; 0 when it was shown, 1 when it was not."""
    # QTemporaryDir, not Python's tempfile: the app itself does not import tempfile.
    from PySide6.QtCore import QTemporaryDir

    from core import paths

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    folder = QTemporaryDir()
    if not folder.isValid():
        print(f"cannot make a temporary folder: {folder.errorString()}", file=sys.stderr)
        return 1
    os.environ[paths.DATA_ENV] = folder.path()
    os.environ[paths.DB_ENV] = os.path.join(folder.path(), paths.DB_FILENAME)
    try:
        from gui.app import create_application, show_main_window

        app = create_application([sys.argv[0] if sys.argv else "anchorgpu-planner"])
        window, _switcher, _state = show_main_window(app)
        if not wait_until_exposed(window):
            print("the main window was not shown", file=sys.stderr)
            return 1
        print(SHOWN_MARKER, flush=True)
        window.finish_startup()  # as the app does right after the first paint
        app.processEvents()
        print(PAGES_MARKER, flush=True)
        window.close()
        app.processEvents()
    finally:
        folder.remove()
    return 0
