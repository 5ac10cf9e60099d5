"""Qt enum and flag properties set by their C++ names, for code that runs before the first paint.

PySide6 creates the Python enums of the whole ``Qt`` namespace (about a hundred of them, ~20 ms)
the first time anything touches ``PySide6.QtCore.Qt``. The main window's shell is shown before
that happens: the few ``Qt`` values it needs are set through Qt's property system by name
("AlignCenter"), which converts the name in C++. Everything built after the first paint uses
``Qt`` as usual.
"""

from __future__ import annotations

from PySide6.QtCore import QObject


def set_by_name(target: QObject, prop: str, value: str) -> None:
    """Set the enum or flag property ``prop`` of ``target`` to the key ``value``.

    Raises:
        ValueError: ``target`` has no such property, or ``value`` is not one of its keys (Qt
            would otherwise add a dynamic property or ignore the value without a word).
    """
    meta = target.metaObject()
    index = meta.indexOfProperty(prop)
    if index < 0 or not meta.property(index).write(target, value):
        raise ValueError(f"{type(target).__name__} has no enum property {prop} with key {value}")
