"""The GUI reads core's results through their types: never as ``Any``, never as their JSON.

Core returns dataclasses and pydantic models (:class:`core.estimate.results.EstimateResult`,
:class:`core.planning.planner.Plan`, :class:`core.domain.breakdown.MemoryBreakdown`, ...); a saved
quote's JSON (``Quote.estimate``, ``.gpu``, ``.request``) is read through
:mod:`core.quotes.snapshot`. These checks walk the syntax of every module of gui/.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Names the GUI gives core's results (and the store that returns them) by convention.
CORE_RESULT_NAMES = {
    "result",
    "results",
    "estimate",
    "plan",
    "option",
    "options",
    "outcome",
    "limits",
    "curve",
    "curves",
    "memory",
    "breakdown",
    "quote",
    "quotes",
    "order",
    "orders",
    "snapshot",
    "saved",
    "store",
    "catalog",
    "gpu",
    "offer",
    "model",
    "request",
    "price",
    "row",
    "rows",
}
# Core's JSON forms and raw readers: the GUI uses the typed objects instead.
JSON_FORMS = {"as_dict", "estimate_to_json", "plan_to_json", "read_estimate", "read_offer"}
SNAPSHOT_FIELDS = {"estimate", "gpu", "request"}


def _modules() -> Iterator[tuple[str, ast.Module]]:
    for path in sorted((ROOT / "gui").rglob("*.py")):
        yield str(path.relative_to(ROOT)), ast.parse(path.read_text("utf-8"))


def _mentions_any(annotation: ast.expr | None) -> bool:
    if annotation is None:
        return False
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        annotation = ast.parse(annotation.value, mode="eval").body
    return any(
        (isinstance(n, ast.Name) and n.id == "Any")
        or (isinstance(n, ast.Attribute) and n.attr == "Any")
        for n in ast.walk(annotation)
    )


def _annotated(tree: ast.Module) -> Iterator[tuple[str, ast.expr | None, int]]:
    """(name, annotation, line) of every annotated argument and variable."""
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            args = node.args
            for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs):
                yield arg.arg, arg.annotation, arg.lineno
        elif isinstance(node, ast.AnnAssign):
            target = node.target
            name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
            yield name.lstrip("_"), node.annotation, node.lineno


def test_no_gui_module_annotates_a_core_result_as_any():
    found = [
        f"{path}:{line} {name}"
        for path, tree in _modules()
        for name, annotation, line in _annotated(tree)
        if name in CORE_RESULT_NAMES and _mentions_any(annotation)
    ]
    assert found == []


def test_the_check_sees_an_any_annotation():
    tree = ast.parse("def f(result: Any, store: 'dict[str, Any]', n: Any) -> None:\n    x: Any = 1")
    names = [n for n, a, _ in _annotated(tree) if n in CORE_RESULT_NAMES and _mentions_any(a)]
    assert names == ["result", "store"]


def test_no_gui_module_reads_core_results_as_json():
    found = []
    for path, tree in _modules():
        for node in ast.walk(tree):
            name = getattr(node, "attr", None) or getattr(node, "id", None)
            if isinstance(node, ast.Attribute | ast.Name) and name in JSON_FORMS:
                found.append(f"{path}:{node.lineno} {name}")
            elif isinstance(node, ast.alias) and node.name in JSON_FORMS:
                found.append(f"{path} imports {node.name}")
    assert found == []


def test_no_gui_module_touches_a_quotes_saved_json():
    """``quote.estimate``, ``.gpu`` and ``.request`` only through :mod:`core.quotes.snapshot`."""
    found = []
    for path, tree in _modules():
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Attribute) and node.attr in SNAPSHOT_FIELDS):
                continue
            owner = node.value
            owner_name = getattr(owner, "id", None) or getattr(owner, "attr", None)
            if owner_name == "quote":
                found.append(f"{path}:{node.lineno} quote.{node.attr}")
    assert found == []
