"""The installed Qt binding must not leak references to None (PySide6 6.12.0 on Python 3.11 does).

Each call of a Qt method that returns void used to drop one reference to None; Python 3.11 aborts
with "deallocating None" after a few thousand calls, i.e. minutes into ordinary use of the app.
"""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import sys
from PySide6.QtWidgets import QApplication, QPushButton
app = QApplication([])
button = QPushButton()
before = sys.getrefcount(None)
for _ in range(20000):
    button.setEnabled(True)
print(sys.getrefcount(None) - before)
"""


def test_void_qt_calls_do_not_leak_none():
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        check=False,
        env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr[-500:]
    assert abs(int(done.stdout.strip())) < 100
