r"""Reading JSON a user gives without letting a hostile file crash, hang or exhaust the planner.

Every JSON file the planner reads (requests, ``config.json``, catalogs, settings, safetensors
headers and indexes) goes through here, so each gets the same limits:

- only a regular file is opened, without blocking (a FIFO, ``/dev/zero`` or a folder is refused
  before anything is read), and never more than the caller's size limit is read;
- arrays and objects nest at most :data:`MAX_DEPTH` levels (a real file nests fewer than 10);
- a number has at most :data:`MAX_NUMBER_CHARS` characters (Python refuses integers past 4,300
  digits with a bare ``ValueError``; no figure the planner reads needs more than 20 digits);
- ``NaN``, ``Infinity`` and ``-Infinity`` (which Python's ``json`` accepts but JSON does not), and
  numbers too large for a float such as ``1e999``, are refused, except where the caller asks for
  them as :class:`NonFinite` markers (a model's ``config.json``: transformers writes
  ``Infinity`` itself, e.g. Mamba's ``time_step_limit``; see :mod:`core.model.config_json`);
- a string holding half of a UTF-16 surrogate pair (``"\ud800"``) is refused: it is not text and
  cannot be printed, saved or compared.

Each refusal is one message naming the file, raised as the caller's error class.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any, Literal

from core.base.errors import InputError
from core.texts.messages import Message

MAX_DEPTH = 64
MAX_NUMBER_CHARS = 100
DEFAULT_MAX_BYTES = 10_000_000
_READ_CHUNK = 1 << 20
_SURROGATE = re.compile("[\ud800-\udfff]")

ErrorFactory = Callable[[str], Exception]


class NonFinite:
    """``NaN``, ``Infinity`` or ``-Infinity`` kept as a marker: neither an int nor a float.

    Every check of a number (``isinstance(value, int)``, ``isinstance(value, int | float)``)
    refuses it, so it cannot reach a sum or a comparison; it prints as the JSON it came from.
    """

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NonFinite) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)


class _RefusedError(ValueError):
    """A hazard found while decoding; carries the message for the caller's error class."""


def _refuse_constant(name: str) -> Any:
    raise _RefusedError(name)


def _int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise _RefusedError("long")
    return int(text)


def _float_parser(parse: Callable[[str], Any] | None, mark: bool) -> Callable[[str], Any]:
    def parse_float(text: str) -> Any:
        if len(text) > MAX_NUMBER_CHARS:
            raise _RefusedError("long")
        value = parse(text) if parse is not None else float(text)
        finite = value.is_finite() if isinstance(value, Decimal) else math.isfinite(value)
        if not finite:
            if mark:
                return NonFinite(text[:20])
            raise _RefusedError(text)
        return value

    return parse_float


def _check_tree(data: Any, source: str, error: ErrorFactory) -> None:
    """Refuse nesting past :data:`MAX_DEPTH` and lone surrogates, without recursion."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if _SURROGATE.search(value):
                raise error(Message("json.lone_surrogate", path=source))
            continue
        if isinstance(value, dict):
            children: Any = [*value.keys(), *value.values()]
        elif isinstance(value, list | tuple):
            children = value
        else:
            continue
        if depth > MAX_DEPTH:
            raise error(Message("json.too_deep", path=source, limit=MAX_DEPTH))
        stack.extend((child, depth + 1) for child in children if not isinstance(child, int))


def loads_json(
    text: str,
    *,
    source: str,
    error: ErrorFactory = InputError,
    parse_float: Callable[[str], Any] | None = None,
    object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None,
    non_finite: Literal["refuse", "mark"] = "refuse",
) -> Any:
    """Decode ``text`` like :func:`json.loads`, refusing what the module docstring lists.

    Args:
        text: The JSON text.
        source: What the text is, for messages (usually the file's path).
        error: Builds the exception to raise from a message (an error class works).
        parse_float: Like ``json.loads``'s (e.g. ``Decimal``); the result must be finite.
        object_pairs_hook: Like ``json.loads``'s; a ``ValueError`` it raises propagates.
        non_finite: "refuse" (every file but a model's config) or "mark": ``NaN``,
            ``Infinity``, ``-Infinity`` and numbers past a float's range decode to
            :class:`NonFinite` markers.

    Raises:
        json.JSONDecodeError: The text is not JSON (callers word this themselves).
        Exception: Built by ``error`` for every other refusal.
    """
    try:
        data = json.loads(
            text,
            parse_constant=NonFinite if non_finite == "mark" else _refuse_constant,
            parse_int=_int,
            parse_float=_float_parser(parse_float, non_finite == "mark"),
            object_pairs_hook=object_pairs_hook,
        )
    except RecursionError:
        raise error(Message("json.too_deep", path=source, limit=MAX_DEPTH)) from None
    except _RefusedError as refused:
        (what,) = refused.args
        if what == "long":
            raise error(Message("json.long_number", path=source, limit=MAX_NUMBER_CHARS)) from None
        raise error(Message("json.not_finite", path=source, value=str(what)[:20])) from None
    _check_tree(data, source, error)
    return data


def read_capped(path: str | Path, *, max_bytes: int, error: ErrorFactory = InputError) -> bytes:
    """Read a regular file of at most ``max_bytes`` bytes, never blocking on a pipe or device.

    Raises:
        FileNotFoundError: The file does not exist (callers decide whether that is an error).
        Exception: Built by ``error`` when the file is not a regular file, is larger than
            ``max_bytes`` or cannot be read.
    """
    name = str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        handle = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as failure:
        reason = str(failure.strerror or failure)
        raise error(Message("error.cannot_read", path=name, reason=reason)) from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise error(Message("json.not_a_file", path=name))
        if info.st_size > max_bytes:
            raise error(Message("json.too_large", path=name, limit=max_bytes))
        chunks: list[bytes] = []
        size = 0
        while size <= max_bytes:  # a file that grows while it is read is still capped
            chunk = os.read(handle, min(_READ_CHUNK, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > max_bytes:
            raise error(Message("json.too_large", path=name, limit=max_bytes))
        return b"".join(chunks)
    except OSError as failure:
        reason = str(failure.strerror or failure)
        raise error(Message("error.cannot_read", path=name, reason=reason)) from None
    finally:
        os.close(handle)


def read_json_file(
    path: str | Path,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    error: ErrorFactory = InputError,
    parse_float: Callable[[str], Any] | None = None,
) -> Any:
    """Read and decode a JSON file with every limit of this module.

    Raises:
        FileNotFoundError: The file does not exist.
        Exception: Built by ``error`` for anything else that is wrong with the file.
    """
    name = str(path)
    raw = read_capped(path, max_bytes=max_bytes, error=error)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise error(Message("json.not_utf8", path=name)) from None
    try:
        return loads_json(text, source=name, error=error, parse_float=parse_float)
    except json.JSONDecodeError as failure:
        raise error(Message("error.config_not_json", path=name, reason=str(failure))) from None
