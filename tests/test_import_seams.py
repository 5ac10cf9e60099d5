"""Imports inside functions live at a few named seams, each with its reason; their number is capped.

An import put off until a function runs is start-up tuning (or a cycle, or an optional module):
where it is spread through the code, nobody can tell which ones still matter. Here every one in
``core/`` and ``gui/`` is counted (an ``import`` statement inside a function body, or a call of
``importlib.import_module`` or ``__import__`` anywhere) and must be at a seam listed in
:data:`SEAMS`, marked ``# seam: <reason>`` on its line or the line above. The files in
:data:`NOT_YET_AT_A_SEAM` still hold imports of the older kind: their counts may only fall, and the
:data:`CEILING` of the total is lowered as they reach a seam, down to 20.

``python -m tests.test_import_seams`` prints the count per file.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "gui")
MARK = "# seam:"

# file -> the seam it holds and why it is lazy.
SEAMS: dict[str, str] = {
    "core/app/cli/__init__.py": "a subcommand's module is loaded by name (COMMANDS): --help and "
    "--version load none",
    "core/app/cli/estimate_cmd.py": "the planner is loaded only when nothing fits a request that "
    "names no GPU",
    "core/estimate/dispatch.py": "the model readers and one memory model per workload load on "
    "first use (engine)",
    "core/store/repository.py": "sqlite-utils, with click, loads when a history is first opened",
    "gui/launcher.py": "only the way of starting taken is loaded: the command line never loads Qt",
    "gui/self_test.py": "the window's checks load after the engine's, so a Qt that cannot load "
    "fails them, not the run",
    "gui/window_checks.py": "the self-test imports every gui module by name",
    "gui/startup_steps.py": "what the window builds after its first paint is loaded on a thread "
    "and reached through module()",
    "gui/core_text.py": "offer and GPU names come from the catalog (pydantic), which start-up "
    "messages must not wait for",
    "core/model/models.py": "one checkpoint reader per source (safetensors, GGUF, an index) and "
    "the diffusion pipelines load only for a model that needs them",
    "gui/wizard/pages.py": "the registry imports a page's module when the page is built",
    "gui/wizard/plan_wizard.py": "the live estimate, request model and plan files load after the "
    "wizard's first paint (wizard_engine)",
    "gui/wizard/live_estimator.py": "limits, pricing and the planner load on the pool thread, so "
    "the first estimate does not wait for them (pool_work)",
}
# file -> its count of imports inside functions that are not at a seam yet (may only fall).
NOT_YET_AT_A_SEAM: dict[str, int] = {}
CEILING = 16  # every import counted here, those of NOT_YET_AT_A_SEAM included


def function_imports(tree: ast.AST) -> list[ast.stmt | ast.Call]:
    """Import statements inside function bodies, and dynamic imports anywhere, in ``tree``."""
    found: list[ast.stmt | ast.Call] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            statement = isinstance(child, ast.Import | ast.ImportFrom) and in_function
            if statement or (isinstance(child, ast.Call) and _dynamic(child)):
                found.append(child)
            inside = isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            visit(child, in_function or inside)

    visit(tree, False)
    return found


def _dynamic(call: ast.Call) -> bool:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id in ("__import__", "import_module")
    return isinstance(func, ast.Attribute) and func.attr == "import_module"


def count_by_file(root: Path = ROOT) -> dict[str, list[int]]:
    """file (relative, with /) -> the line of each import counted in it."""
    counted: dict[str, list[int]] = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            found = function_imports(ast.parse(path.read_text("utf-8")))
            if found:
                counted[path.relative_to(root).as_posix()] = [node.lineno for node in found]
    return counted


def marked(path: Path, line: int) -> bool:
    """Whether the import on ``line`` (1-based) carries ``# seam:`` there or on the line above."""
    lines = path.read_text("utf-8").splitlines()
    return MARK in lines[line - 1] or (line > 1 and lines[line - 2].strip().startswith(MARK))


def report(counted: dict[str, list[int]]) -> str:
    """The count per file, largest first, and the total."""
    rows = sorted(counted.items(), key=lambda item: (-len(item[1]), item[0]))
    total = sum(len(lines) for lines in counted.values())
    return "\n".join([*(f"{len(lines):4} {name}" for name, lines in rows), f"{total:4} in all"])


def test_every_import_inside_a_function_is_at_a_listed_seam_with_its_reason():
    counted = count_by_file()
    unlisted = {
        name: lines
        for name, lines in counted.items()
        if name not in SEAMS and name not in NOT_YET_AT_A_SEAM
    }
    assert unlisted == {}, "imports inside functions outside a seam:\n" + report(counted)
    unmarked = [
        f"{name}:{line}"
        for name in SEAMS
        for line in counted.get(name, [])
        if not marked(ROOT / name, line)
    ]
    assert unmarked == [], "a seam's import without its '# seam: <reason>' comment"


def test_the_seams_hold_no_more_than_twenty_imports_and_the_total_stays_under_the_ceiling():
    counted = count_by_file()
    at_seams = sum(len(counted.get(name, [])) for name in SEAMS)
    total = sum(len(lines) for lines in counted.values())
    assert at_seams <= 20, report(counted)
    assert total <= CEILING, report(counted)


def test_the_files_not_yet_at_a_seam_only_lose_imports():
    counted = count_by_file()
    grown = {
        name: (len(counted.get(name, [])), allowed)
        for name, allowed in NOT_YET_AT_A_SEAM.items()
        if len(counted.get(name, [])) > allowed
    }
    assert grown == {}, report(counted)


def test_each_listed_seam_is_still_there():
    counted = count_by_file()
    assert [name for name in SEAMS if name not in counted] == []


def test_the_count_sees_imports_in_functions_and_dynamic_ones_but_not_module_imports():
    source = (
        "import os\n"
        "from json import dumps\n"
        "def f():\n"
        "    import sys\n"
        "    def g():\n"
        "        from a import b\n"
        "    return importlib.import_module('x')\n"
        "class C:\n"
        "    def m(self):\n"
        "        import re\n"
        "lazy = lambda: __import__('y')\n"
    )
    lines = sorted(node.lineno for node in function_imports(ast.parse(source)))
    assert lines == [4, 6, 7, 10, 11]


def test_a_seam_is_marked_on_its_line_or_the_line_above(tmp_path: Path):
    path = tmp_path / "m.py"
    path.write_text(
        "def f():\n    # seam: reason\n    import a\n    import b  # seam: reason\n    import c\n",
        "utf-8",
    )
    assert [marked(path, line) for line in (3, 4, 5)] == [True, True, False]


ENGINE_ON_FIRST_USE = """
import sys
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
before = "core.estimate.training" in sys.modules
estimate(parse_request({"model": {"preset": "llama-3.2-1b"}, "gpu": "h100-80gb-sxm"}))
served = "core.estimate.training" in sys.modules
estimate(parse_request({"model": {"preset": "llama-3.2-1b"}, "gpu": "h100-80gb-sxm",
                        "workload": "training"}))
print(before, served, "core.estimate.training" in sys.modules)
"""


def test_a_workloads_engine_loads_with_its_first_request():
    done = subprocess.run(
        [sys.executable, "-c", ENGINE_ON_FIRST_USE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert done.stdout.split() == ["False", "False", "True"]


def test_the_engine_seam_loads_only_the_modules_it_lists():
    from core.estimate.dispatch import ENGINES, engine

    assert engine("core.estimate.training").__name__ == "core.estimate.training"
    assert "core.store" not in ENGINES
    with pytest.raises(KeyError, match="core.store"):
        engine("core.store")


def test_the_window_reaches_only_the_modules_its_start_up_loads():
    from gui.startup_steps import LATER_MODULES, ON_DEMAND_MODULES, WIZARD_MODULES, module

    reached = {"gui.window_later", "gui.window_dialogs", "gui.settings_models", "gui.core_text"}
    assert reached <= {*WIZARD_MODULES, *LATER_MODULES, *ON_DEMAND_MODULES}
    assert module("gui.window_later").__name__ == "gui.window_later"
    with pytest.raises(ValueError, match="not loaded after the first paint"):
        module("json")


if __name__ == "__main__":
    print(report(count_by_file()))
