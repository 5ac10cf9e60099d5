"""The AnchorGPU Planner desktop shell: a thin PySide6 layer over ``core``.

Importing this package loads no Qt module, so ``gui.launcher`` can hand command-line arguments to
``core.app.cli`` without paying for (or requiring) a display.
"""

ORGANIZATION = "AnchorGPU"
APP_NAME = "AnchorGPU Planner"
