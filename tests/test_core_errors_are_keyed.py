"""Every error core raises for a user carries a message key, so the interface can word it.

An error built from a plain string (``InputError("…")`` or ``InputError(f"…")``) would show its
English in the Russian interface; core builds each from a :class:`core.texts.messages.Message`
instead. The walk below finds any construction of a planner error class whose first argument is
a string literal, an f-string or a sum of them, anywhere in ``core/``.
"""

from __future__ import annotations

import ast
from pathlib import Path

from core.base import errors
from core.texts.messages import Message

ROOT = Path(__file__).resolve().parents[1]


def _error_classes() -> set[str]:
    """:class:`~core.base.errors.PlannerError`, every subclass defined in core, and ValueError.

    A ValueError raised in core is a pydantic validator's refusal, which reaches the user as the
    field's message (``core.texts.messages.validation_message``), so it is keyed as well. Its
    subclasses are not: core's own (``safe_json``'s) carry a code for the caller to word, never
    English.
    """
    names = {errors.PlannerError.__name__}
    trees = [ast.parse(path.read_text("utf-8")) for path in (ROOT / "core").rglob("*.py")]
    grew = True
    while grew:
        grew = False
        for tree in trees:
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name not in names:
                    bases = {getattr(b, "id", getattr(b, "attr", None)) for b in node.bases}
                    if bases & names:
                        names.add(node.name)
                        grew = True
    return names | {ValueError.__name__}


def _is_text(node: ast.expr) -> bool:
    """Whether ``node`` is English written in place: a str literal, an f-string, or their sum."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        return _is_text(node.left) or _is_text(node.right)
    if isinstance(node, ast.IfExp):
        return _is_text(node.body) or _is_text(node.orelse)
    return False


def plain_errors(source: str, classes: set[str]) -> list[int]:
    """Lines of ``source`` that build one of ``classes`` from text instead of a Message."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", getattr(node.func, "attr", None))
        message = node.args[0] if node.args else None
        if message is None:
            message = next((k.value for k in node.keywords if k.arg == "message"), None)
        if name in classes and message is not None and _is_text(message):
            found.append(node.lineno)
    return found


def test_the_walk_finds_every_plain_error_form():
    classes = _error_classes()
    assert {"InputError", "StoreError", "StoreBusyError", "ModelSourceError"} <= classes
    source = "\n".join(
        [
            'raise InputError("a plain sentence")',
            'raise errors.StoreError(f"history {path} is busy")',
            'return CatalogError("catalog " + name, field="gpus")',
            'raise NotFoundError(message=f"no {x}")',
            'raise InputError(Message("request.missing"), field="model")',
            "raise InputError(message)",
            'raise ValueError("a validator message becomes a pydantic error")',
            'raise ValueError(Message("catalog.amd_fields"))',
        ]
    )
    assert plain_errors(source, classes) == [1, 2, 3, 4, 7]


def test_no_error_in_core_is_built_from_plain_english():
    classes = _error_classes()
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "core").rglob("*.py"))
        for line in plain_errors(path.read_text("utf-8"), classes)
    ]
    assert found == [], (
        "build these errors from a Message (core/texts/error_texts.py): " + ", ".join(found)
    )


def test_a_nested_cause_keeps_its_key_through_the_english_text():
    cause = Message("store.cause_permission")
    message = Message("store.cannot_do", doing="read", path="/tmp/h.sqlite", reason=cause)
    assert message == "cannot read history database /tmp/h.sqlite: permission denied"
    assert message.params["reason"].key == "store.cause_permission"
