"""core/'s layers import one way only: the contracts of pyproject.toml hold, and they can fail.

The contracts (``[tool.importlinter]``, docs/ARCHITECTURE.md) are what ``make lint`` checks; this
runs them inside the test suite too, and shows on a package built here that the tool reads an
import made inside a function, the kind a start-up seam uses, not only those at the top.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

lint = pytest.importorskip("importlinter.cli", reason="import-linter is in the dev dependencies")

ROOT = Path(__file__).resolve().parent.parent


def _run(config: Path) -> int:
    return lint.lint_imports(config_filename=str(config), no_cache=True, no_logo=True)


def test_the_layer_contracts_of_core_hold(monkeypatch):
    monkeypatch.chdir(ROOT)
    assert _run(ROOT / "pyproject.toml") == 0


def _package(root: Path, high_body: str, low_body: str) -> Path:
    pkg = root / "layered"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "high.py").write_text(textwrap.dedent(high_body))
    (pkg / "low.py").write_text(textwrap.dedent(low_body))
    config = root / "contracts.toml"
    config.write_text(
        textwrap.dedent(
            """
            [tool.importlinter]
            root_package = "layered"

            [[tool.importlinter.contracts]]
            name = "high above low"
            type = "layers"
            layers = ["layered.high", "layered.low"]
            """
        )
    )
    return config


def test_an_import_inside_a_function_that_climbs_a_layer_breaks_the_contract(tmp_path, monkeypatch):
    config = _package(
        tmp_path,
        "from layered.low import VALUE\n",
        """
        VALUE = 1


        def later():
            from layered.high import VALUE as HIGH  # climbs back up, inside a function

            return HIGH
        """,
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    assert _run(config) == 1


def test_the_same_package_without_the_climb_keeps_the_contract(tmp_path, monkeypatch):
    config = _package(tmp_path, "from layered.low import VALUE\n", "VALUE = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    assert _run(config) == 0
