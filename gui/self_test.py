"""``anchorgpu-planner --self-test``: the engine's checks, then the window's, offscreen.

The engine checks come from :mod:`core.app.selftest`; the window's, which need Qt, from
:mod:`gui.window_checks`: the platform plugin, every ``gui`` module importing, the main window built
and shown the way the app starts, the translations loading (the app's and Qt's own) and the icons
rendering. Everything runs with the user data folder and the history pointed into a temporary
folder, with network access refused. The window's checks are imported once the run is set up, so
a Qt that cannot be loaded fails those checks, not the whole run.

``--self-test --startup`` goes to :mod:`gui.startup_probe` instead (``gui.launcher`` dispatches
it), which only starts the window; the bundle benchmark times it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from core.app.check_runner import (
    Check,
    NetworkGuard,
    SelfTestError,
    isolated_user_data,
    network_check,
    run_checks,
    scratch_folder,
    summary,
)
from core.app.selftest import EngineChecks

USAGE = "usage: anchorgpu-planner --self-test [--startup]"
# The window's checks, in the order they run (gui.window_checks.WindowChecks.checks).
WINDOW_CHECKS = ("Qt", "gui modules", "main window", "languages", "icons render")


def main(argv: Sequence[str] = ()) -> int:
    """Run the whole self-test; 0 when every check passed, 1 when one failed, 2 for bad usage."""
    options = list(argv)
    if options:  # "--startup" is dispatched by gui.launcher to gui.startup_probe
        print(USAGE, file=sys.stderr)
        return 2
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with scratch_folder() as folder, isolated_user_data(folder) as data:
        window = window_checks(data)
        try:
            with NetworkGuard.active() as tried:
                checks = [*EngineChecks(folder).checks(), *window.checks(), network_check(tried)]
                outcomes = run_checks(checks)
        finally:
            window.close()
    if sys.stdout is not None:
        print(summary(outcomes), flush=True)
    return 0 if all(o.ok for o in outcomes) else 1


def window_checks(data_dir: Path) -> Any:
    """The window's checks over ``data_dir``; when Qt cannot be imported, each fails saying why."""
    try:
        from gui.window_checks import WindowChecks  # seam: a Qt that cannot load fails its checks
    except ImportError as error:
        return QtMissing(error)
    return WindowChecks(data_dir)


class QtMissing:
    """The window's checks when Qt (or a module the window needs) cannot be imported."""

    def __init__(self, error: ImportError) -> None:
        self.error = error

    def checks(self) -> list[Check]:
        """Every window check, each failing with the import error."""
        return [Check(name, self._fail) for name in WINDOW_CHECKS]

    def _fail(self) -> str:
        raise SelfTestError(f"cannot import the window: {self.error}")

    def close(self) -> None:
        """Nothing was opened."""
