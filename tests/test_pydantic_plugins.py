"""The command line and the app skip pydantic's search for plugins, unless the user decides.

pydantic reads the entry points of every installed distribution the first time it builds a
validator, unless ``PYDANTIC_DISABLE_PLUGINS`` says not to; the planner uses no plugin. Each
check runs in a fresh process, where the search has not yet happened, and looks at pydantic's
own record of it (``_plugins`` stays None while no search has run).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
VARIABLE = "PYDANTIC_DISABLE_PLUGINS"

CLI = """
import contextlib, io, json, os, sys
from core.app.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    code = main(sys.argv[1:])
from pydantic.plugin import _loader
print(json.dumps({"code": code, "searched": _loader._plugins is not None,
                  "value": os.environ.get("PYDANTIC_DISABLE_PLUGINS")}))
"""


def _cli(tmp_path: Path, value: str | None) -> dict[str, object]:
    request = tmp_path / "r.json"
    request.write_text(json.dumps({"model": {"preset": "llama-3.2-1b"}}), "utf-8")
    env = {k: v for k, v in os.environ.items() if k != VARIABLE}
    env["ANCHORGPU_PLANNER_DATA"] = str(tmp_path)
    if value is not None:
        env[VARIABLE] = value
    done = subprocess.run(
        [sys.executable, "-c", CLI, "estimate", "--request", str(request)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_an_estimate_builds_its_models_without_searching_for_plugins(tmp_path):
    result = _cli(tmp_path, None)
    assert result == {"code": 0, "searched": False, "value": "__all__"}


@pytest.mark.parametrize("value", ["", "some_plugin"])
def test_a_value_the_user_set_is_kept_and_pydantic_searches(tmp_path, value):
    # An empty value or a plugin's name leaves the search on (pydantic then skips only that
    # plugin): the user's choice, not the planner's.
    result = _cli(tmp_path, value)
    assert result == {"code": 0, "searched": True, "value": value}
