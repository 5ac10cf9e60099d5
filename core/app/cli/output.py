r"""What the command line writes, made safe to show: no terminal control codes, valid JSON.

A label, a model name or a path comes from the user's files and may hold control characters: an
ANSI escape sequence would recolour or rewrite the user's terminal, a carriage return would hide
the text before it. :class:`EscapingStream` writes every control character except the line feed
as a visible escape (``\x1b`` becomes ``\u001b``), so tables show exactly what a field holds;
the escapes it writes are JSON's own, so ``--json`` output stays valid JSON. :func:`one_line`
escapes line feeds too, for the one-line error message. :func:`dumps` and :func:`dumps_line`
refuse to write ``NaN`` or ``Infinity``, which JSON does not have: a figure that is not finite is
written as ``null``.
"""

from __future__ import annotations

import argparse
import json
import math
import re
from collections.abc import Callable
from typing import Any, TextIO

# C0 and C1 control characters, DEL, the Unicode line separators, the marks that reorder or hide
# text, and lone surrogates (an undecodable byte of a file name), which no terminal can show.
_CONTROLS = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069\ud800-\udfff]"
)
_SURROGATES = re.compile("[\ud800-\udfff]")
_SHORT = {"\b": "\\b", "\t": "\\t", "\f": "\\f", "\r": "\\r"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    return _SHORT.get(char) or f"\\u{ord(char):04x}"


def escape_controls(text: str) -> str:
    """``text`` with every control character but the line feed written as an escape."""
    return _CONTROLS.sub(_escape, text)


def one_line(text: str) -> str:
    """``text`` escaped as :func:`escape_controls` does, line feeds included."""
    return escape_controls(text).replace("\n", "\\n")


class EscapingStream:
    """A text stream that escapes control characters on their way to ``target``."""

    def __init__(self, target: TextIO) -> None:
        self.target = target

    def write(self, text: str) -> int:
        """Write ``text`` escaped; return the length of ``text`` as a stream does."""
        self.target.write(escape_controls(text))
        return len(text)

    def write_escaped(self, text: str) -> int:
        """Write ``text`` that holds no control character (such as :func:`dumps_line`'s) as is."""
        return self.target.write(text)

    def flush(self) -> None:
        """Flush the target stream."""
        self.target.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.target, name)


def _finite(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(item) for item in value]
    return value


def _dumps(data: Any, **style: Any) -> str:
    try:  # JSON refuses NaN and Infinity; the tree is walked only when it holds one
        return json.dumps(data, allow_nan=False, **style)
    except ValueError:
        return json.dumps(_finite(data), allow_nan=False, **style)


def dumps(data: Any) -> str:
    """``data`` as indented JSON; a float that is not finite becomes ``null``."""
    return _dumps(data, indent=2, ensure_ascii=False)


def dumps_line(data: Any) -> str:
    """``data`` as compact JSON on one line (a JSON Lines record), in ASCII.

    JSON escapes every character but printable ASCII and DEL, which is escaped here, so the
    line can be written as it is, past :class:`EscapingStream` (a batch writes thousands).
    """
    return _dumps(data, separators=(",", ":")).replace("\x7f", "\\u007f")


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type`` for a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        stripped = text.strip()
        if len(stripped) > len(str(high)) + 1 or not re.fullmatch(r"[+-]?\d+", stripped):
            raise argparse.ArgumentTypeError(f"must be a whole number from {low} to {high}")
        value = int(stripped)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}, got {value}")
        return value

    return parse


def text(value: str) -> str:
    """An argparse ``type`` for words that are stored or searched: valid Unicode text.

    A command-line word with bytes that are not UTF-8 arrives with lone surrogates, which cannot
    be stored, searched or printed.
    """
    if _SURROGATES.search(value):
        raise argparse.ArgumentTypeError("is not valid text (it holds bytes that are not UTF-8)")
    return value
