"""PySide's look at each imported module gets the same answer from a byte read of its file."""

from __future__ import annotations

import linecache
import sys
from pathlib import Path

from gui import pyside_import_check


def test_modules_imported_afterwards_get_pysides_answer_without_their_source_kept(
    tmp_path: Path, monkeypatch
):
    assert pyside_import_check.install() is True
    assert pyside_import_check.install() is True  # a second call changes nothing
    feature = sys.modules[pyside_import_check.FEATURE_MODULE]
    (tmp_path / "uses_qt_here.py").write_text("from PySide6.QtCore import QObject\n")
    (tmp_path / "plain_here.py").write_text("VALUE = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("uses_qt_here", "plain_here"):
        monkeypatch.delitem(sys.modules, name, raising=False)
        __import__(name)  # an import statement: PySide hooks those, not importlib's calls
    # 0: switched back to Qt's own names when it runs; -1: left out of feature switching.
    assert feature.pyside_feature_dict["uses_qt_here"] == 0
    assert feature.pyside_feature_dict["plain_here"] == -1
    assert str(tmp_path / "plain_here.py") not in linecache.cache
