"""core/ must stay usable without Qt: no module under it imports PySide6, shiboken6 or gui."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = ("PySide6", "shiboken6", "PyQt5", "PyQt6", "gui")


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_no_module_under_core_imports_qt_or_gui():
    offenders = []
    files = sorted((ROOT / "core").rglob("*.py"))
    assert len(files) > 10  # the walk really sees the package
    for path in files:
        for name in _imports(path):
            if name.split(".")[0] in FORBIDDEN:
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def test_the_checker_catches_a_qt_import(tmp_path):
    sample = tmp_path / "bad.py"
    sample.write_text("def f():\n    from PySide6.QtCore import QObject\n")
    assert "PySide6.QtCore" in _imports(sample)


def test_the_command_line_runs_without_loading_qt():
    code = (
        "import sys; from core.app.cli import main; main(['catalog', '--json']); "
        "assert not [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))]"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
