"""The marker Qt Linguist's ``pyside6-lupdate`` reads in core's ``*_texts.py`` template modules."""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name lupdate looks for
    """Return ``text``: a marker for ``pyside6-lupdate``, which reads the call in the source.

    It is not Qt's function of that name (core imports no Qt); lupdate only needs the name.
    """
    return text
