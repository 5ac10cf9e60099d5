"""Render the app's windows to PNG for the README: ``python -m tools.screenshots [NAME ...]``.

Each entry of :data:`SHOTS` is a name and a factory that gets a :class:`ShotContext` (the state and
a fresh main window in one language) and returns the widget to grab. Every shot is rendered in
English and in Russian to ``resources/screenshots/<name>-<lang>.png`` at 1280×800. ``make
screenshots`` runs it on a real X server (Xvfb, through ``xvfb-run``) when one is installed, else
offscreen. The app uses a temporary data folder, so a user's settings and history are never read
or changed.

To add a page, append ``Shot("history", lambda ctx: show(ctx, "history"))`` or your own factory.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QApplication, QWidget

from core.base.resources import resource_path
from gui.app import create_application
from gui.app_state import WINDOW_STATE_FILE, AppState
from gui.language_switcher import LanguageSwitcher
from gui.main_window import MainWindow
from gui.settings_dialog import SettingsDialog
from gui.settings_store import SettingsStore
from tools.shots import history_shots, wizard_shots

WINDOW_SIZE = (1280, 800)  # the smallest screen the layout is checked on
LANGUAGES = ("en", "ru")


@dataclass
class ShotContext:
    """What a factory may use: the shared state and a main window shown in ``language``."""

    state: AppState
    window: MainWindow
    language: str


@dataclass(frozen=True)
class Shot:
    """One screenshot: the file name stem and the factory of the widget to grab."""

    name: str
    factory: Callable[[ShotContext], QWidget]


def show(ctx: ShotContext, page: str) -> QWidget:
    """The main window with ``page`` in front."""
    ctx.window.show_page(page)
    return ctx.window


def _glossary(ctx: ShotContext) -> QWidget:
    ctx.window.show_glossary_term("kv_cache")
    return ctx.window


def _help_entry(ctx: ShotContext) -> QWidget:
    ctx.window.show_glossary_term("headroom")  # an entry of the help collection
    return ctx.window


def _settings(ctx: ShotContext) -> QWidget:
    dialog = SettingsDialog(ctx.state, ctx.window)
    dialog.resize(640, dialog.sizeHint().height())
    return dialog


SHOTS: list[Shot] = [
    Shot("main-window", lambda ctx: show(ctx, "plan")),
    Shot("glossary", _glossary),
    Shot("glossary-help", _help_entry),
    Shot("settings", _settings),
    Shot("history", lambda ctx: history_shots.history_with_order(ctx.window, ctx.state)),
    Shot("catalog", lambda ctx: show(ctx, "catalog")),
    Shot("wizard-1-workload", lambda ctx: wizard_shots.wizard_at(ctx, 0)),
    Shot("wizard-2-model", lambda ctx: wizard_shots.wizard_at(ctx, 1)),
    Shot("wizard-3-sizes", lambda ctx: wizard_shots.wizard_at(ctx, 2)),
    Shot("wizard-traffic", lambda ctx: wizard_shots.wizard_at(ctx, 3)),
    Shot("wizard-4-parallelism", lambda ctx: wizard_shots.wizard_at(ctx, 4)),
    Shot("wizard-5-offer", lambda ctx: wizard_shots.wizard_at(ctx, 5)),
    Shot("wizard-6-review", lambda ctx: wizard_shots.wizard_at(ctx, 6)),
    Shot("wizard-invalid-field", wizard_shots.invalid_field),
]


def render(shots: list[Shot], folder: Path, app: QApplication) -> list[Path]:
    """Render ``shots`` in every language into ``folder``; return the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    switcher = LanguageSwitcher(app)
    state = AppState(SettingsStore(Path(os.environ["ANCHORGPU_PLANNER_DATA"])), switcher)
    for lang in LANGUAGES:
        state.update_settings(language=lang)
        for shot in shots:
            # Each shot starts from the default layout, not from what the previous one left.
            (state.data_dir / WINDOW_STATE_FILE).unlink(missing_ok=True)
            window = MainWindow(state)
            window.resize(*WINDOW_SIZE)
            window.show()
            widget = shot.factory(ShotContext(state, window, lang))
            widget.show()
            app.processEvents()
            path = folder / f"{shot.name}-{lang}.png"
            if not widget.grab().save(str(path)):
                raise OSError(f"cannot write {path}")
            written.append(path)
            if widget is not window:
                widget.close()
            window.close()
            window.deleteLater()
            app.processEvents()
    return written


def main(argv: list[str]) -> int:
    """Render the named shots (all by default) and print the files written."""
    known = {shot.name: shot for shot in SHOTS}
    unknown = [name for name in argv if name not in known]
    if unknown:
        print(
            f"unknown screenshot {', '.join(unknown)}; known: {', '.join(known)}", file=sys.stderr
        )
        return 2
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    QStandardPaths.setTestModeEnabled(True)
    # A fixed folder name keeps the paths in the status bar, and so the PNG files, the same from
    # one run to the next; it is emptied before and after.
    data = Path(tempfile.gettempdir()) / "anchorgpu-screenshots"
    shutil.rmtree(data, ignore_errors=True)
    os.environ["ANCHORGPU_PLANNER_DATA"] = str(data)
    os.environ["ANCHORGPU_PLANNER_DB"] = str(data / "history.sqlite")
    try:
        app = create_application(sys.argv[:1])
        chosen = [known[name] for name in argv] if argv else SHOTS
        for path in render(chosen, resource_path("screenshots"), app):
            print(path)
    finally:
        shutil.rmtree(data, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
