"""PyInstaller settings shared by the app's spec and the bundle benchmark's minimal window.

The spec imports this module from ``SPECPATH``; ``tests/benchmarks/bench_bundle.py`` bundles a bare
QtWidgets window with the same excludes and filters, so the two bundles differ only by what the app
itself needs.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

# Qt modules the GUI imports (QtPrintSupport: PDF export and printing; the wizard's chart is
# painted with QtGui). Every other PySide6 module is excluded; add a module here before importing
# it. All of them are in PySide6-Essentials.
QT_MODULES_USED = ("QtCore", "QtGui", "QtWidgets", "QtSvg", "QtPrintSupport")

# Languages of the app: Qt's own translations are kept for these only.
APP_LANGUAGES = ("en", "ru")

# Standard-library and development packages the app never imports at run time.
PYTHON_EXCLUDES = (
    "tools",  # the project's development tools (screenshots, icons), never run by the app
    "tkinter",
    "_tkinter",
    "turtle",
    "turtledemo",
    "idlelib",
    "lib2to3",
    "unittest",
    "doctest",
    "pdb",
    "test",
    "pytest",
    "_pytest",
    "pytestqt",
    "pytest_benchmark",
    "hypothesis",
    "mypy",
    "ruff",
    "IPython",
    "PyInstaller",
    "setuptools",
    "pkg_resources",
    "pip",
    "wheel",
    "numpy",
    # Nothing in the app starts a process; bundled, it would also bring PyInstaller's runtime
    # hook for it, which imports multiprocessing, subprocess, socket and pickle on every start.
    "multiprocessing",
)

# Qt plugins the app has no use for, most of which pull in libraries of excluded modules: PDF
# pages as images (QtPdf), the QML on-screen keyboard (QtQuick, QtQml), TUIO touch over UDP and the
# VNC server platform (QtNetwork), embedded EGL full-screen platforms, network information and TLS
# backends (the app is offline) and the QML debugger.
_UNWANTED_PLUGINS = re.compile(
    r"plugins[/\\]("
    r"imageformats[/\\][^/\\]*qpdf"
    r"|platforminputcontexts[/\\][^/\\]*virtualkeyboard"
    r"|generic[/\\][^/\\]*tuiotouch"
    r"|platforms[/\\][^/\\]*(qvnc|qeglfs)"
    r"|egldeviceintegrations|networkinformation|tls|qmltooling"
    r")"
)
_QT_LIBRARY = re.compile(r"PySide6[/\\]Qt[/\\]lib[/\\][^/\\]+\.so(\.\d+)*$")
_QT_TRANSLATION = re.compile(r"PySide6[/\\]Qt[/\\]translations[/\\](?P<name>[^/\\]+)\.qm$")


def installed_qt_modules() -> list[str]:
    """Names of the PySide6 modules installed in this environment (``QtCore``, ``QtGui``, ...)."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("PySide6 is not installed in the Python that runs PyInstaller")
    folder = Path(next(iter(spec.submodule_search_locations)))
    # Extension modules: QtCore.abi3.so on Linux and macOS, QtCore.pyd on Windows.
    return sorted(
        {p.name.split(".")[0] for p in folder.glob("Qt*.*") if p.suffix in (".so", ".pyd")}
    )


def module_excludes() -> list[str]:
    """Analysis excludes: every PySide6 module the app does not use, and unused Python packages."""
    unused = [f"PySide6.{name}" for name in installed_qt_modules() if name not in QT_MODULES_USED]
    return [*unused, *PYTHON_EXCLUDES]


def keep_data(dest: str) -> bool:
    """Whether a collected data file stays: Qt translations only in the app's languages."""
    match = _QT_TRANSLATION.search(dest)
    if match is None:
        return True
    return any(match["name"].endswith(f"_{lang}") for lang in APP_LANGUAGES)


def keep_binary(dest: str) -> bool:
    """Whether a collected binary stays (drops the plugins in ``_UNWANTED_PLUGINS``)."""
    return _UNWANTED_PLUGINS.search(dest) is None


def prune_unlinked_qt_libraries(
    binaries: list[tuple[str, str, str]],
) -> list[tuple[str, str, str]]:
    """Linux: drop the Qt libraries that nothing kept links to any more.

    The plugins dropped by :func:`keep_binary` were analysed before they were dropped, so the Qt
    libraries only they needed (QtQuick, QtQml, QtNetwork, ...) are still in the list. Starting
    from every binary that is not a Qt library, follow the link-time imports PyInstaller itself
    reads and keep the Qt libraries reached. Other platforms keep the list as it is.
    """
    if not sys.platform.startswith("linux"):
        return binaries
    from PyInstaller.depend.bindepend import get_imports

    by_name = {Path(dest).name: source for dest, source, _ in binaries}
    queue = [source for dest, source, _ in binaries if not _QT_LIBRARY.search(dest)]
    reached: set[str] = set()
    while queue:
        for name, _path in get_imports(queue.pop()):
            base = Path(name).name
            if base in by_name and base not in reached:
                reached.add(base)
                queue.append(by_name[base])
    return [
        entry
        for entry in binaries
        if not _QT_LIBRARY.search(entry[0]) or Path(entry[0]).name in reached
    ]


def filtered(
    toc: Iterable[tuple[str, str, str]], keep: Callable[[str], bool]
) -> list[tuple[str, str, str]]:
    """The entries of a PyInstaller TOC whose destination name ``keep`` accepts."""
    return [entry for entry in toc if keep(entry[0])]
