"""One definition of a result's JSON: written and read back from the dataclass fields themselves.

The parts of an estimate are frozen dataclasses. :func:`to_json` writes every field of one under
its name (or the key its :func:`json_field` gives), and :func:`from_json` reads it back from the
field's annotation, so a field added to a type is in the JSON the planner prints and saves and in
every quote reopened, with no list of fields kept anywhere else.

A saved JSON may come from any version of the planner, or be imported and hold anything JSON can.
Reading never raises: a value that is absent or of the wrong type reads as the field's default
(None for an optional field, empty for a collection); an object missing a field that has no default
reads as absent altogether, and so does an item of a collection that is not readable.

Beside a field's own key a field may write keys derived from the whole object (``before``): keys
that scripts read and that an older shape had, kept as they were; they are written, never read.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

Json = Any  # a value json.dumps writes: dict, list, str, int, float, bool or None


class _Missing:
    """What :func:`from_json` returns for a value it cannot read (distinct from a saved null)."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


@dataclasses.dataclass(frozen=True)
class Shape:
    """How one field is written and read, when not simply under its own name.

    ``at``: the path of its value in the owner's JSON (``("gpu", "usable_bytes")`` puts it into
    an object another field writes). ``write``: the keys it writes, from its value, instead of
    one key. ``read``: its value from the owner's JSON object, instead of from its key (MISSING
    when there is none). ``before``: keys derived from the owner, written just before its own.
    """

    at: tuple[str, ...] = ()
    write: Callable[[Any], Mapping[str, Json]] | None = None
    read: Callable[[Mapping[str, Any]], Any] | None = None
    before: Callable[[Any], Mapping[str, Json]] | None = None


def json_field(
    *,
    key: str | None = None,
    at: tuple[str, ...] = (),
    write: Callable[[Any], Mapping[str, Json]] | None = None,
    read: Callable[[Mapping[str, Any]], Any] | None = None,
    before: Callable[[Any], Mapping[str, Json]] | None = None,
    **options: Any,
) -> Any:
    """A dataclass field with its JSON shape (:class:`Shape`; ``key`` is an ``at`` of one step).

    Other options of :func:`dataclasses.field` (``default``, ``default_factory``) pass through.
    """
    path = at or ((key,) if key else ())
    return dataclasses.field(
        metadata={"json": Shape(at=path, write=write, read=read, before=before)}, **options
    )


_PLAIN = Shape()


def _shape(item: dataclasses.Field[Any]) -> Shape:
    shape = item.metadata.get("json")
    return shape if isinstance(shape, Shape) else _PLAIN


def json_path(item: dataclasses.Field[Any]) -> tuple[str, ...]:
    """Where ``item`` is written in its owner's JSON (its name when the field does not say)."""
    return _shape(item).at or (item.name,)


# --- writing ------------------------------------------------------------------------------------

_PRIMITIVE = frozenset({type(None), bool, int, float, str})


def to_json(value: Any) -> Json:
    """``value`` as JSON-ready data.

    A dataclass writes its fields in their order; a type that defines ``as_dict`` writes itself
    so (``MemoryBreakdown``, ``Finding``); a pydantic model writes ``model_dump(mode="json")``; a
    ``str`` (also a :class:`~core.texts.messages.Message`) its text; tuples and lists write lists.
    """
    kind = type(value)
    if kind in _PRIMITIVE:
        return value
    if kind is dict:
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, bool | int | float):
        return value
    if isinstance(value, str):
        return str(value)  # a Message: its text
    as_dict = getattr(value, "as_dict", None)
    if callable(as_dict):
        return as_dict()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _object_json(value)
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        return dump(mode="json")
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, tuple | list | frozenset | set):
        return [to_json(v) for v in value]
    return value


@cache
def _plan(cls: type) -> tuple[tuple[str, Shape, tuple[str, ...]], ...]:
    """Each field of ``cls``: its name, its shape and its path (worked out once per type)."""
    return tuple((item.name, _shape(item), json_path(item)) for item in dataclasses.fields(cls))


def _object_json(value: Any) -> dict[str, Json]:
    data: dict[str, Json] = {}
    cls: type = value.__class__
    for name, shape, path in _plan(cls):
        if shape.before is not None:
            data.update(shape.before(value))
        own = getattr(value, name)
        if shape.write is not None:
            data.update(shape.write(own))
            continue
        target = data
        for parent in path[:-1]:
            target = target.setdefault(parent, {})
        target[path[-1]] = to_json(own)
    return data


# --- reading ------------------------------------------------------------------------------------


@cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


def value_at(data: object, path: tuple[str, ...]) -> Any:
    """The value at ``path`` in JSON ``data``, or MISSING."""
    value: Any = data
    for name in path:
        if not isinstance(value, Mapping) or name not in value:
            return MISSING
        value = value[name]
    return value


def from_json(kind: Any, raw: object) -> Any:
    """``raw`` read as type ``kind`` (an annotation), or MISSING when it is not one."""
    if kind is Any or kind is object:
        return raw
    if kind is type(None):
        return None if raw is None else MISSING
    origin = get_origin(kind)
    if origin is Literal:
        known = any(raw == arg and type(raw) is type(arg) for arg in get_args(kind))
        return raw if known else MISSING
    if origin is Union or origin is types.UnionType:
        return _union(get_args(kind), raw)
    if origin is tuple:
        return _tuple(get_args(kind), raw)
    if origin is not None and isinstance(origin, type) and issubclass(origin, Mapping):
        key_kind, value_kind = get_args(kind) or (Any, Any)
        if not isinstance(raw, Mapping):
            return MISSING
        pairs = ((from_json(key_kind, k), from_json(value_kind, v)) for k, v in raw.items())
        return {k: v for k, v in pairs if k is not MISSING and v is not MISSING}
    if dataclasses.is_dataclass(kind) and isinstance(kind, type):
        return read_object(kind, raw)
    return _scalar(kind, raw)


def _scalar(kind: Any, raw: object) -> Any:
    if kind is bool:
        return raw if isinstance(raw, bool) else MISSING
    if isinstance(raw, bool):
        return MISSING  # JSON's true is no number
    if kind is int:
        return raw if isinstance(raw, int) else MISSING
    if kind is float:
        return float(raw) if isinstance(raw, int | float) else MISSING
    if kind is str:
        return raw if isinstance(raw, str) else MISSING
    return MISSING


def _union(options: tuple[Any, ...], raw: object) -> Any:
    if raw is None:
        return None if type(None) in options else MISSING
    # Several dataclasses: the one whose fields the object names most is tried first, and one
    # it names none of is not tried (an object of defaults only would say nothing of its type).
    ranked = sorted(options, key=lambda kind: -_overlap(kind, raw))
    for kind in ranked:
        if dataclasses.is_dataclass(kind) and isinstance(raw, Mapping) and not _overlap(kind, raw):
            continue
        value = from_json(kind, raw)
        if value is not MISSING:
            return value
    return MISSING


def _overlap(kind: Any, raw: object) -> int:
    if not (dataclasses.is_dataclass(kind) and isinstance(raw, Mapping)):
        return 0
    return sum(json_path(item)[0] in raw for item in dataclasses.fields(kind))


def _tuple(args: tuple[Any, ...], raw: object) -> Any:
    if not isinstance(raw, list | tuple):
        return MISSING
    if len(args) == 2 and args[1] is Ellipsis:
        items = (from_json(args[0], item) for item in raw)
        return tuple(item for item in items if item is not MISSING)
    if len(raw) != len(args):
        return MISSING
    fixed = tuple(from_json(kind, item) for kind, item in zip(args, raw, strict=True))
    return MISSING if any(item is MISSING for item in fixed) else fixed


def read_object(cls: type, raw: object) -> Any:
    """An instance of dataclass ``cls`` from its JSON object, or MISSING (see the module)."""
    if not isinstance(raw, Mapping):
        return MISSING
    hints = _hints(cls)
    values: dict[str, Any] = {}
    for item in dataclasses.fields(cls):
        if not item.init:
            continue
        shape = _shape(item)
        if shape.read is not None:
            value = shape.read(raw)
        else:
            value = from_json(hints[item.name], value_at(raw, json_path(item)))
        has_default = (
            item.default is not dataclasses.MISSING
            or item.default_factory is not dataclasses.MISSING
        )
        if value is not MISSING:
            values[item.name] = value
        elif not has_default:
            return MISSING
    return cls(**values)
