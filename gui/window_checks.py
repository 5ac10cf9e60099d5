"""The window's half of ``anchorgpu-planner --self-test``: what needs Qt, offscreen.

The platform plugin, every ``gui`` module importing, the main window built and shown the way the
app starts, the translations loading (the app's and Qt's own) and the icons rendering.
:mod:`gui.self_test` imports this module only once the engine's checks are set up, so a Qt that
cannot be loaded fails these checks, not the whole run.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path
from typing import Any

import PySide6
from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QLibraryInfo,
    QSize,
    QStandardPaths,
    QThreadPool,
    QtMsgType,
    QTranslator,
    qFormatLogMessage,
    qInstallMessageHandler,
    qVersion,
)
from PySide6.QtGui import QIcon

import gui
from core.app.check_runner import Check, SelfTestError
from core.base.resources import resource_path
from core.domain.glossary import LANGUAGES
from gui.app import ICON_SIZES, app_icon, create_application, show_main_window
from gui.language_switcher import qm_path
from gui.startup_probe import EXPOSE_TIMEOUT_S, wait_until_exposed

# The offscreen platform plugin warns this each time a window is shown (qoffscreenwindow.cpp,
# QOffscreenWindow::propagateSizeHints): it says only that the headless platform has no window
# manager to pass the size hints to, which is true of every offscreen run and no fault.
OFFSCREEN_SIZE_HINTS = "This plugin does not support propagateSizeHints()"
# Development tools in gui/ that the bundle leaves out (see build/anchorgpu-planner.spec); the
# screenshots and the icon drawing live in tools/, which ships in neither the wheel nor the bundle.
DEV_MODULES = frozenset({"gui.i18n_build"})


def _process_events() -> None:
    QCoreApplication.sendPostedEvents()
    QCoreApplication.processEvents()


def install_message_filter() -> Any:
    """Drop Qt's :data:`OFFSCREEN_SIZE_HINTS` warning; pass every other message on.

    Returns the handler that was installed before, for :func:`restore_message_handler`.
    """

    previous: Any = None

    def handler(kind: QtMsgType, context: Any, message: str) -> None:
        if message == OFFSCREEN_SIZE_HINTS:
            return
        if previous is not None:
            previous(kind, context, message)
        elif sys.stderr is not None:
            sys.stderr.write(qFormatLogMessage(kind, context, message) + "\n")

    previous = qInstallMessageHandler(handler)
    return previous


def restore_message_handler(previous: Any) -> None:
    """Put back the handler :func:`install_message_filter` replaced (None: Qt's own)."""
    qInstallMessageHandler(previous)


class WindowChecks:
    """The Qt side: application, modules, main window, translations, icons."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.app: Any = None
        self.window: Any = None
        self.switcher: Any = None
        self.state: Any = None
        self.handler: Any = None
        self.filtering = False

    def checks(self) -> list[Check]:
        """Every window check, in the order they run."""
        return [
            Check("Qt", self.qt),
            Check("gui modules", self.gui_modules),
            Check("main window", self.main_window),
            Check("languages", self.languages),
            Check("icons render", self.icons),
        ]

    def qt(self) -> str:
        """PySide6 loads and a QApplication starts on the chosen platform plugin."""
        # Qt's own standard locations move away from the user's too (window.ini uses the data
        # folder, which already points into the temporary folder).
        QStandardPaths.setTestModeEnabled(True)
        self.handler = install_message_filter()
        self.filtering = True
        self.app = create_application([sys.argv[0] if sys.argv else "anchorgpu-planner"])
        return f"PySide6 {PySide6.__version__}, Qt {qVersion()}, platform {self.app.platformName()}"

    def gui_modules(self) -> str:
        """Every module of the shell imports (a Qt module left out of the bundle shows here)."""
        names = sorted(
            info.name
            for info in pkgutil.walk_packages(gui.__path__, "gui.")
            if info.name not in DEV_MODULES
        )
        failed = []
        for name in names:
            try:
                importlib.import_module(name)  # seam: the check imports every gui module by name
            except ImportError as error:
                failed.append(f"{name} ({error})")
        if failed:
            raise SelfTestError(f"cannot import {'; '.join(failed)}")
        return f"{len(names)} modules import"

    def main_window(self) -> str:
        """The main window builds over the temporary data folder and is shown."""
        if self.app is None:
            raise SelfTestError("needs the Qt check, which failed")

        self.window, self.switcher, self.state = show_main_window(self.app)
        if not wait_until_exposed(self.window):
            raise SelfTestError(f"the window was not shown within {EXPOSE_TIMEOUT_S:g} s")
        if self.state.data_dir.resolve() != self.data_dir.resolve():
            raise SelfTestError(f"the window uses {self.state.data_dir}, not the temporary folder")
        self.window.finish_startup()
        if not hasattr(self.window.page("plan"), "load_request"):
            raise SelfTestError("the wizard did not replace the Plan placeholder")
        size = self.window.size()
        menus = [a.text().replace("&", "") for a in self.window.menuBar().actions()]
        return f"{size.width()}×{size.height()}, menus {', '.join(menus)}"

    def languages(self) -> str:
        """The app's translations load, and switching the window to Russian translates it."""
        for lang in LANGUAGES:
            if not QTranslator().load(str(qm_path(lang))):
                raise SelfTestError(f"{qm_path(lang).name} does not load")
        qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if not QTranslator().load("qtbase_ru", qt_dir):
            raise SelfTestError(f"Qt's own Russian translation (qtbase_ru.qm) is not in {qt_dir}")
        if self.window is None:
            raise SelfTestError("needs the main window, which failed")
        texts = {}
        for lang in ("en", "ru", "en"):
            self.state.update_settings(language=lang)
            _process_events()
            texts[lang] = [a.text() for a in self.window.menuBar().actions()]
        if self.switcher.language != "en" or texts["ru"] == texts["en"]:
            raise SelfTestError("switching to Russian did not translate the menus")
        return f"{', '.join(LANGUAGES)} and Qt's qtbase_ru load; menus switch to Russian and back"

    def icons(self) -> str:
        """The app icon has every size and each SVG icon renders (image format plugins)."""
        sizes = {s.width() for s in app_icon().availableSizes()}
        missing = [str(s) for s in ICON_SIZES if s not in sizes]
        if missing:
            raise SelfTestError(f"the app icon lacks the sizes {', '.join(missing)}")
        svgs = sorted(resource_path("icons").glob("*.svg"))
        blank = [p.name for p in svgs if QIcon(str(p)).pixmap(QSize(24, 24)).isNull()]
        if blank:
            raise SelfTestError(f"cannot render {', '.join(blank)} (is the SVG plugin bundled?)")
        return f"app icon in {len(ICON_SIZES)} sizes, {len(svgs)} SVG icons"

    def close(self) -> None:
        """Close the window and let pending work finish before the temporary folder goes."""
        self._close_window()
        if self.filtering:
            restore_message_handler(self.handler)
            self.filtering = False

    def _close_window(self) -> None:
        if self.window is None:
            return

        self.window.close()
        QThreadPool.globalInstance().waitForDone(int(EXPOSE_TIMEOUT_S * 1000))
        _process_events()
        self.window.deleteLater()
        self.window = None
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
