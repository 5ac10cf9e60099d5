"""The suite passes on a workstation without Qt's X11 libraries, as the README's test command must.

A fresh machine is simulated by a dynamic loader that finds none of them: an ``ldd`` first on
the ``PATH`` that answers "not found" for every X11 library. The tests of the app's check before
Qt starts (``tests/test_platform_libraries.py``) still pass there: they test the check, and it is
the app that needs the libraries, not its tests.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

from gui.platform_libraries import PACKAGES

ROOT = Path(__file__).resolve().parent.parent


def test_the_platform_library_tests_pass_where_no_x11_library_is_installed(
    tmp_path: Path,
) -> None:
    lines = "".join(f'echo "\t{name} => not found"\n' for name in PACKAGES)
    ldd = tmp_path / "bin" / "ldd"
    ldd.parent.mkdir()
    ldd.write_text(f"#!/bin/sh\n{lines}", "utf-8")
    ldd.chmod(ldd.stat().st_mode | stat.S_IXUSR)
    env = dict(os.environ, PATH=f"{ldd.parent}{os.pathsep}{os.environ.get('PATH', '')}")
    env["QT_QPA_PLATFORM"] = "offscreen"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        + ["tests/test_platform_libraries.py"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert " passed" in done.stdout and "failed" not in done.stdout
