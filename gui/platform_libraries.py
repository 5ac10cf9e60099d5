"""Before Qt starts on Linux: are the system libraries of Qt's X11 platform plugin installed?

Without one of them (``libxcb-icccm4`` and ``libxcb-keysyms1`` are often missing on a fresh
workstation, ``libxcb-cursor0`` since Qt 6.5) Qt aborts with "could not load the Qt platform
plugin xcb", which does not name what to install. :func:`check` asks the dynamic loader first,
through ``ldd`` on the plugin (or, without ``ldd``, by loading each library with ``ctypes``), and
prints the missing libraries with their packages and the install command for Debian/Ubuntu and
Fedora. Nothing here imports Qt.

The check runs only when Qt would use the X11 plugin: not for ``QT_QPA_PLATFORM=offscreen``,
``wayland`` or any other platform, and not in a Wayland session where Qt picks Wayland itself.

Library names: "Qt for X11 Requirements", https://doc.qt.io/qt-6/linux-requirements.html, and
``ldd`` of PySide6 6.11's ``libqxcb.so``; package names from the Debian (packages.debian.org)
and Fedora (packages.fedoraproject.org) indexes of the packages that ship each file.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TextIO

EXIT_MISSING_LIBRARIES = 6

# soname -> (Debian/Ubuntu package, Fedora package)
PACKAGES: dict[str, tuple[str, str]] = {
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil"),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb"),
    "libxcb-shm.so.0": ("libxcb-shm0", "libxcb"),
    "libxcb-sync.so.1": ("libxcb-sync1", "libxcb"),
    "libxcb-xfixes.so.0": ("libxcb-xfixes0", "libxcb"),
    "libxcb-render.so.0": ("libxcb-render0", "libxcb"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb"),
    "libxcb.so.1": ("libxcb1", "libxcb"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb"),
    "libX11.so.6": ("libx11-6", "libX11"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl"),
    "libGL.so.1": ("libgl1", "libglvnd-glx"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig"),
    "libfreetype.so.6": ("libfreetype6", "freetype"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs"),
}
_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found", re.MULTILINE)


def uses_xcb(env: Mapping[str, str], platform: str = sys.platform) -> bool:
    """Whether Qt would start with its X11 (xcb) plugin in this environment."""
    if not platform.startswith("linux"):
        return False
    chosen = env.get("QT_QPA_PLATFORM", "").strip()
    if chosen:
        return chosen.split(";")[0].split(":")[0].strip() == "xcb"
    wayland = env.get("XDG_SESSION_TYPE") == "wayland" or bool(env.get("WAYLAND_DISPLAY"))
    return not wayland


def xcb_plugin() -> Path | None:
    """The X11 platform plugin of the installed PySide6, found without importing it."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or spec.origin is None:
        return None
    plugin = Path(spec.origin).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    return plugin if plugin.exists() else None


def _can_load(name: str) -> bool:
    try:
        ctypes.CDLL(name)
    except OSError:
        return False
    return True


def missing_libraries(
    plugin: Path | None,
    *,
    ldd: str | None = None,
    can_load: Callable[[str], bool] = _can_load,
) -> list[str]:
    """The libraries the loader cannot find for ``plugin``, as sonames.

    With ``ldd`` (its path), everything the plugin needs, directly or not, is asked of the
    loader; without it, each library of :data:`PACKAGES` is loaded with ``can_load``.
    """
    if ldd and plugin is not None:
        try:
            done = subprocess.run(
                [ldd, str(plugin)], capture_output=True, text=True, timeout=10, check=False
            )
        except (OSError, subprocess.SubprocessError):
            done = None
        if done is not None and done.returncode == 0:
            # Only the system libraries this knows: a Qt library ldd cannot place (a bundle's
            # own layout) is Qt's to find, never a reason to refuse the start.
            return sorted(set(_NOT_FOUND.findall(done.stdout)) & set(PACKAGES))
    return [name for name in PACKAGES if not can_load(name)]


def advice(missing: list[str]) -> str:
    """What to tell the user: the missing libraries (of :data:`PACKAGES`), their packages and
    the install commands."""
    debian = sorted({PACKAGES[name][0] for name in missing})
    fedora = sorted({PACKAGES[name][1] for name in missing})
    lines = [
        "AnchorGPU Planner cannot start its window: Qt's X11 platform plugin needs system "
        f"libraries that are not installed: {', '.join(missing)}.",
    ]
    lines.append(f"  Debian/Ubuntu: sudo apt-get install {' '.join(debian)}")
    lines.append(f"  Fedora:        sudo dnf install {' '.join(fedora)}")
    lines.append(
        "The command line works without them (anchorgpu-planner --help); so does "
        "QT_QPA_PLATFORM=wayland in a Wayland session."
    )
    return "\n".join(lines)


def check(
    env: Mapping[str, str] | None = None,
    stream: TextIO | None = None,
    *,
    plugin: Path | None = None,
    ldd: str | None = None,
    can_load: Callable[[str], bool] = _can_load,
) -> bool:
    """True when Qt can start (or does not use X11); else print :func:`advice` and say False."""
    if not uses_xcb(os.environ if env is None else env):
        return True
    plugin = plugin or xcb_plugin()
    if plugin is None:
        return True  # not the PySide6 layout this knows: let Qt report it
    missing = missing_libraries(plugin, ldd=ldd or shutil.which("ldd"), can_load=can_load)
    if not missing:
        return True
    print(advice(missing), file=stream or sys.stderr)
    return False
