"""The script PyInstaller freezes: the same entry point as the ``anchorgpu-planner`` command."""

import sys

from gui.launcher import main

if __name__ == "__main__":
    sys.exit(main())
