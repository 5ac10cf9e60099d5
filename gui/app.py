"""Start the desktop app: the QApplication, the language, the shared state and the main window."""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from types import TracebackType

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from core import __version__
from core.base.errors import PlannerError
from core.base.resources import resource_path
from gui import APP_NAME, ORGANIZATION, startup_steps
from gui.app_state import AppState
from gui.gui_thread_gc import collect_on_gui_thread
from gui.language_switcher import LanguageSwitcher
from gui.main_window import MainWindow

ICON_SIZES = (16, 32, 64, 128, 256)
# How long a thread holding the GIL may keep it while another asks for it (Python's default is
# 5 ms). The GUI thread re-enters Python many times per layout or repaint (every slot, every
# overridden event handler), and each time waits for a planner or loader thread to let go; at
# 5 ms a 10 ms repaint beside the planner took 60 ms (measured with a heartbeat timer).
GIL_SWITCH_INTERVAL_S = 0.001
log = logging.getLogger(__name__)


def app_icon() -> QIcon:
    """The application icon in every size drawn by ``tools.make_icons``."""
    icon = QIcon()
    for size in ICON_SIZES:
        path = resource_path("icons", f"anchorgpu-{size}.png")
        if path.exists():
            icon.addFile(str(path))
    return icon


def create_application(argv: Sequence[str] | None = None) -> QApplication:
    """The QApplication with the app's names and icon (the running one if there is one)."""
    # No search for pydantic plugins (see core.app.cli.PYDANTIC_PLUGINS_ENV): set before the wizard
    # builds its first model.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        app = existing
    else:
        # High DPI needs no call: Qt 6 scales by itself and passes fractional factors (125 %,
        # 150 %) through unrounded by default, and QT_SCALE_FACTOR_ROUNDING_POLICY still works.
        app = QApplication(list(argv) if argv is not None else sys.argv[:1])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("anchorgpu-planner")
    app.setWindowIcon(app_icon())
    collect_on_gui_thread(app)
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)
    return app


def _install_excepthook(window: QWidget) -> None:
    """Show an unexpected error in one dialog instead of losing it on a console nobody reads."""

    def hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        if isinstance(error, PlannerError):
            message = startup_steps.module("gui.core_text").message_text(error.message)
        else:
            log.error("unexpected error:\n%s", "".join(traceback.format_exception(kind, error, tb)))
            message = f"{kind.__name__}: {error}"
        QMessageBox.critical(window, APP_NAME, message)

    sys.excepthook = hook


def show_main_window(app: QApplication) -> tuple[MainWindow, LanguageSwitcher, AppState]:
    """Build the main window over the user's data folder and show it; keep all three alive.

    The Plan and History pages are left for :meth:`MainWindow.start_pages`, which the app
    calls right after the first paint (or :meth:`MainWindow.finish_startup`, at once).
    """
    # Nearly everything loaded and built until the pages are ready stays: no collection walks it
    # meanwhile (see gui.gui_thread_gc).
    collector = collect_on_gui_thread(app)
    collector.hold()
    switcher = LanguageSwitcher(app)
    state = AppState.from_environment(switcher)
    window = MainWindow(state, defer_pages=True)
    window.pagesReady.connect(collector.release)
    window.show()
    return window, switcher, state


class AfterFirstPaint(QObject):
    """Calls ``then`` once, in the event loop's next turn after ``widget`` was first painted.

    The frame painted is on screen by then, so work started from ``then`` cannot leave the
    window black.
    """

    def __init__(self, widget: QWidget, then: Callable[[], object]) -> None:
        super().__init__(widget)
        self._then = then
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self._then)
        return False


def run(argv: Sequence[str] | None = None) -> int:
    """Open the main window and run until it closes; return the exit code."""
    app = create_application(argv)
    window, _switcher, _state = show_main_window(app)
    _install_excepthook(window)
    # The pages (wizard, history store) are built step by step once the first frame is shown.
    AfterFirstPaint(window, window.start_pages)
    return leave(app.exec())


def leave(code: int) -> int:
    """Return ``code`` to exit normally, or end the process now if background work still runs.

    Quitting never waits for a plan, a model read or a store call (the store service has already
    closed the history or given up after a bounded wait, and SQLite rolls back what was not
    committed). A thread still running Python while the interpreter shuts down can crash it, so
    then the process ends here, after flushing the logs and the standard streams.
    """
    store_service = sys.modules.get("gui.store_service")
    worker = sys.modules.get("gui.worker")
    store_busy = store_service is not None and store_service.busy_threads() > 0
    pool_busy = worker is not None and worker.busy()
    if not (store_busy or pool_busy):
        return code
    log.info("leaving background work unfinished (store: %s, pool: %s)", store_busy, pool_busy)
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)
