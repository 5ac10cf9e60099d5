"""``anchorgpu-planner`` runs the command line for any arguments, without loading Qt at all."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from core import __version__
from core.domain.catalog import default_catalog

ROOT = Path(__file__).resolve().parent.parent

# Runs the console-script entry point as installed: gui.launcher.main() reading sys.argv.
ENTRY = """
import sys
sys.argv = ["anchorgpu-planner", *sys.argv[1:]]
from gui.launcher import main
try:
    code = main()
except SystemExit as exit_:  # argparse exits by itself for --help and --version
    code = exit_.code
qt = sorted(name for name in sys.modules if name.split(".")[0] in ("PySide6", "shiboken6"))
print("QT-MODULES:", qt, file=sys.stderr)
sys.exit(code)
"""


def run_entry(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", ENTRY, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_catalog_command_runs_without_importing_qt():
    result = run_entry("catalog")
    assert result.returncode == 0, result.stderr
    assert default_catalog().catalog_id in result.stdout
    assert "QT-MODULES: []" in result.stderr


def test_version_and_help_go_to_the_command_line():
    version = run_entry("--version")
    assert version.returncode == 0, version.stderr
    assert __version__ in version.stdout
    assert "QT-MODULES: []" in version.stderr
    helped = run_entry("--help")
    assert helped.returncode == 0
    assert "usage: anchorgpu-planner" in helped.stdout


def test_a_bad_argument_is_one_line_on_stderr_and_exit_code_2():
    result = run_entry("no-such-command")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr


def test_importing_the_gui_package_loads_no_qt():
    code = "import sys, gui, gui.launcher; print(any(m.startswith('PySide6') for m in sys.modules))"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def test_no_arguments_start_the_window(monkeypatch):
    import gui.app
    from gui.launcher import main

    started: list[bool] = []
    monkeypatch.setattr(gui.app, "run", lambda: started.append(True) or 0)
    assert main([]) == 0
    assert started == [True]
