"""Before Qt starts: missing X11 libraries are named with their packages, never a Qt abort."""

from __future__ import annotations

import io
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from gui.platform_libraries import (
    EXIT_MISSING_LIBRARIES,
    PACKAGES,
    advice,
    check,
    missing_libraries,
    uses_xcb,
    xcb_plugin,
)
from tests.test_launcher import ENTRY, ROOT

LDD_MISSING = """#!/bin/sh
echo "	libGL.so.1 => /usr/lib/x86_64-linux-gnu/libGL.so.1 (0x00007f0000000000)"
echo "	libxcb-icccm.so.4 => not found"
echo "	libxcb-keysyms.so.1 => not found"
echo "	libQt6XcbQpa.so.6 => not found"
"""


@pytest.fixture
def fake_ldd(tmp_path: Path) -> Path:
    script = tmp_path / "bin" / "ldd"
    script.parent.mkdir()
    script.write_text(LDD_MISSING, "utf-8")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


@pytest.mark.parametrize(
    ("env", "platform", "expected"),
    [
        ({}, "linux", True),
        ({"QT_QPA_PLATFORM": "xcb"}, "linux", True),
        ({"QT_QPA_PLATFORM": "offscreen"}, "linux", False),
        ({"QT_QPA_PLATFORM": "wayland;xcb"}, "linux", False),
        ({"XDG_SESSION_TYPE": "wayland"}, "linux", False),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", False),
        ({}, "win32", False),
        ({}, "darwin", False),
    ],
)
def test_only_an_x11_start_is_checked(env, platform, expected):
    assert uses_xcb(env, platform) is expected


def test_ldd_names_what_the_loader_cannot_find(fake_ldd, tmp_path):
    plugin = tmp_path / "libqxcb.so"
    plugin.write_bytes(b"")
    assert missing_libraries(plugin, ldd=str(fake_ldd)) == [
        "libxcb-icccm.so.4",
        "libxcb-keysyms.so.1",
    ]  # not Qt's own library, which a bundle places itself


def test_without_ldd_each_library_is_loaded():
    missing = missing_libraries(None, ldd=None, can_load=lambda name: "cursor" not in name)
    assert missing == ["libxcb-cursor.so.0"]


def test_the_advice_names_packages_and_commands_for_debian_and_fedora():
    text = advice(["libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxcb-cursor.so.0"])
    assert "sudo apt-get install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1" in text
    assert "sudo dnf install xcb-util-cursor xcb-util-keysyms xcb-util-wm" in text


def test_offscreen_and_wayland_starts_are_never_blocked(fake_ldd, tmp_path):
    def refuse(_name: str) -> bool:
        raise AssertionError("nothing is loaded for a start that does not use X11")

    for env in ({"QT_QPA_PLATFORM": "offscreen"}, {"XDG_SESSION_TYPE": "wayland"}):
        assert check(env, io.StringIO(), ldd=str(fake_ldd), can_load=refuse)


LDD_ALL_FOUND = """#!/bin/sh
echo "	libxcb-icccm.so.4 => /usr/lib/x86_64-linux-gnu/libxcb-icccm.so.4 (0x00007f0000000000)"
echo "	libxcb-cursor.so.0 => /usr/lib/x86_64-linux-gnu/libxcb-cursor.so.0 (0x00007f0000000000)"
"""


def _installed_plugin() -> Path:
    plugin = xcb_plugin()
    if sys.platform != "linux" or plugin is None:
        pytest.skip("no X11 plugin on this platform")
    return plugin


def test_the_check_of_the_installed_plugin_agrees_with_this_host():
    """The app's check on the plugin PySide6 installed, with this host's own loader.

    The suite runs on a workstation with or without the X11 libraries (the app is what needs
    them, not its tests): whatever the host lacks, the check refuses exactly then, and names
    each missing library with its packages.
    """
    plugin = _installed_plugin()
    ldd = shutil.which("ldd")
    missing = missing_libraries(plugin, ldd=ldd)
    assert set(missing) <= set(PACKAGES)
    out = io.StringIO()
    assert check({"QT_QPA_PLATFORM": "xcb"}, out) is (not missing)
    text = out.getvalue()
    assert all(name in text and PACKAGES[name][0] in text for name in missing)
    assert (text == "") is (not missing)


def test_the_installed_plugin_starts_when_the_loader_finds_everything(tmp_path):
    plugin = _installed_plugin()
    ldd = tmp_path / "ldd"
    ldd.write_text(LDD_ALL_FOUND, "utf-8")
    ldd.chmod(ldd.stat().st_mode | stat.S_IXUSR)
    out = io.StringIO()
    assert check({"QT_QPA_PLATFORM": "xcb"}, out, plugin=plugin, ldd=str(ldd)), out.getvalue()
    assert out.getvalue() == ""


def test_the_installed_plugin_is_refused_when_the_loader_misses_one(fake_ldd):
    plugin = _installed_plugin()
    out = io.StringIO()
    assert not check({"QT_QPA_PLATFORM": "xcb"}, out, plugin=plugin, ldd=str(fake_ldd))
    assert "sudo apt-get install libxcb-icccm4 libxcb-keysyms1" in out.getvalue()


def test_the_app_exits_with_the_packages_instead_of_starting_qt(fake_ldd):
    env = dict(os.environ, QT_QPA_PLATFORM="xcb", DISPLAY=":99999")
    env["PATH"] = f"{fake_ldd.parent}{os.pathsep}{env.get('PATH', '')}"
    done = subprocess.run(
        [sys.executable, "-c", ENTRY],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == EXIT_MISSING_LIBRARIES, done.stderr
    assert "sudo apt-get install libxcb-icccm4 libxcb-keysyms1" in done.stderr
    assert "sudo dnf install xcb-util-keysyms xcb-util-wm" in done.stderr
    assert "QT-MODULES: []" in done.stderr  # Qt was never loaded
