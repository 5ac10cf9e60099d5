"""The ``anchorgpu-planner`` entry point: the command line when given arguments, else the window.

Nothing here imports Qt at module level: ``anchorgpu-planner catalog`` must work on a headless
server without loading PySide6 at all. Each way of starting is a module imported only when it is
taken (:func:`_start`): the command line (``core.app.cli``, which never loads Qt), the check of the
system's libraries that runs before Qt is first loaded, the window, and the two self-tests.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
from collections.abc import Sequence
from types import ModuleType


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line for any arguments (``--help`` and ``--version`` too), else the GUI.

    ``--self-test`` checks the installation, the main window included (see ``gui.self_test``).
    """
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] not in ([], ["--self-test"]):
        code: int = _start("core.app.cli").main(args)
        return code
    if not args:
        libraries = _start("gui.platform_libraries")
        if not libraries.check():  # Qt would abort on a missing X11 library without naming it
            return int(libraries.EXIT_MISSING_LIBRARIES)
    # The window is built from here on: before the app's modules are imported (see the module).
    with contextlib.suppress(ImportError):  # no PySide6: the window or the self-test says so
        _start("gui.pyside_import_check").install()
    if args == ["--self-test", "--startup"]:
        # Timed by the bundle benchmark: load no more than a normal start does.
        code = _start("gui.startup_probe").main()
    elif args:
        code = _start("gui.self_test").main(args[1:])
    else:
        code = _start("gui.app").run()
    return code


def _start(module: str) -> ModuleType:
    """The module of the way of starting chosen, imported now."""
    return importlib.import_module(module)  # seam: only the way of starting taken is loaded


if __name__ == "__main__":
    sys.exit(main())
