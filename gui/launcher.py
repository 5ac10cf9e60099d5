"""The ``anchorgpu-planner`` entry point: the command line when given arguments, else the window.

Nothing here imports Qt at module level: ``anchorgpu-planner catalog`` must work on a headless
server without loading PySide6 at all.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line for any arguments (``--help`` and ``--version`` too), else the GUI.

    ``--self-test`` checks the installation, the main window included (see ``gui.self_test``).
    """
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] not in ([], ["--self-test"]):
        from core.app.cli import main as cli_main

        return cli_main(args)
    if not args:
        from gui.platform_libraries import EXIT_MISSING_LIBRARIES, check

        if not check():  # Qt would abort on a missing X11 library without naming its package
            return EXIT_MISSING_LIBRARIES
    # The window is built from here on: before the app's modules are imported (see the module).
    from gui import pyside_import_check

    pyside_import_check.install()
    if args == ["--self-test", "--startup"]:
        # Timed by the bundle benchmark: load no more than a normal start does.
        from gui.startup_probe import main as startup

        return startup()
    if args:
        from gui.self_test import main as self_test

        return self_test(args[1:])
    from gui.app import run

    return run()


if __name__ == "__main__":
    sys.exit(main())
