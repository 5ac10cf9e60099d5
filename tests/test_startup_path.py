"""What the app loads before its main window is first shown (the cold-start design, not a timing).

The window is shown before pydantic, the catalog, the glossary dock, the pages and PySide6's ``Qt``
namespace are loaded (``gui/startup_probe.py``, ``gui/qt_names.py``); all of them come right after
the first paint. A change that pulls one of them forward slows every start, and ``make bench``
would show it only as a ratio; this test names the culprit.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import json, sys
import PySide6.QtCore as QtCore
lazy = "Qt" not in vars(QtCore)  # this PySide6 builds the Qt namespace on first use
from gui.app import create_application, show_main_window
from gui.startup_probe import wait_until_exposed
app = create_application(sys.argv[:1])
window, _switcher, _state = show_main_window(app)
shown = wait_until_exposed(window)
before = {"lazy": lazy, "shown": shown, "qt_namespace": "Qt" in vars(QtCore),
          "modules": sorted(sys.modules)}
window.finish_startup()
app.processEvents()
from PySide6.QtWidgets import QDockWidget
dock = window.findChild(QDockWidget, "glossaryDock")
after = {"modules": sorted(sys.modules), "dock": dock is not None}
print(json.dumps({"before": before, "after": after}))
window.close()
"""

DEFERRED = (
    "pydantic",
    "core.catalog",
    "core.settings",
    "core.glossary",
    "core.estimate",
    "gui.glossary_dock",
    "gui.wizard",
    "gui.history",
    "sqlite_utils",
)


@pytest.fixture(scope="module")
def startup(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, object]]:
    data = tmp_path_factory.mktemp("startup-data")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env |= {"QT_QPA_PLATFORM": "offscreen", "ANCHORGPU_PLANNER_DATA": str(data)}
    env["ANCHORGPU_PLANNER_DB"] = str(data / "history.sqlite")
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    result: dict[str, dict[str, object]] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_the_window_is_shown_before_the_engine_and_the_pages_load(startup):
    before, after = startup["before"], startup["after"]
    assert before["shown"] is True
    loaded_early = [m for m in DEFERRED if m in before["modules"]]
    assert loaded_early == []
    assert [m for m in DEFERRED if m not in after["modules"]] == []  # all there right after
    assert after["dock"] is True  # the glossary dock is in place right after the first paint


def test_the_shell_does_not_touch_the_qt_namespace_before_its_first_paint(startup):
    before = startup["before"]
    if not before["lazy"]:
        pytest.skip("this PySide6 builds the Qt namespace at import; nothing to defer")
    assert before["qt_namespace"] is False
