"""PySide6's look at every module imported after it, answered without ``inspect``.

Once PySide6 is loaded it replaces ``__import__``, and for each module imported afterwards it asks
whether the module's source mentions "PySide6" (``_mod_uses_pyside`` in PySide's ``__feature__``
support, PYSIDE-2029): a module that does is switched back to Qt's own names whenever it runs, in
case another module selected a feature such as ``from __feature__ import snake_case``. It asks
through ``inspect.getsource``, which decodes the whole file, splits it into lines and keeps them in
``linecache``. The app imports some 250 modules after PySide6 on its way to the first estimate
(pydantic, ``core``, the wizard's pages), and that reading cost 12-24 ms of CPU for the 171
modules loaded after the first paint, against 3-4 ms to read the same files as bytes (measured by
timing both over those modules in one process, five rounds).

:func:`install` gives PySide the same answer for every module with a source file, read as bytes;
a module without one (built in, or in the frozen bundle's archive) is still asked PySide's way.
It is called once, by the launcher, before the app's own modules are imported; importing this
module loads PySide6.QtCore (and with it the hook).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

import PySide6.QtCore  # noqa: F401  (loads the ``__feature__`` support)

PYSIDE = b"PySide6"
FEATURE_MODULE = "shibokensupport.feature"  # where PySide keeps its ``__feature__`` support


def install() -> bool:
    """Answer PySide's question by reading bytes from now on; False if this PySide has no hook."""
    feature = sys.modules.get(FEATURE_MODULE)
    asked = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or not callable(asked):
        return False
    if not isinstance(asked, _ByteCheck):
        feature._mod_uses_pyside = _ByteCheck(asked)  # type: ignore[attr-defined]
    return True


class _ByteCheck:
    """Whether a module's source file names PySide6, read as bytes; else PySide's own check."""

    def __init__(self, fallback: Callable[[ModuleType], bool]) -> None:
        self._fallback = fallback

    def __call__(self, module: ModuleType) -> bool:
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and path.endswith(".py"):
            try:
                with open(path, "rb") as source:
                    return PYSIDE in source.read()
            except OSError:
                pass
        return self._fallback(module)
