"""The command line's one lazy seam: ``core.app.cli.COMMANDS`` names each subcommand's module.

``--help`` and ``--version`` import no subcommand module; running a subcommand imports its own
module only. These tests check the seam itself, not an import order inside the engine.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from core.app.cli import COMMANDS, build_parser, command_in

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted({module for module, _help in COMMANDS.values()})

LOADED = """
import json, sys
from core.app.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def loaded_by(*argv: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", LOADED, *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


@pytest.mark.parametrize("argv", [("--version",), ("--help",), ()])
def test_version_and_help_load_no_subcommand_and_no_engine(argv):
    loaded = loaded_by(*argv)
    assert [m for m in MODULES if m in loaded] == []
    assert "pydantic" not in loaded
    assert "core.domain.catalog" not in loaded


def test_a_subcommand_loads_its_own_module_only():
    loaded = loaded_by("catalog", "--json")
    assert [m for m in MODULES if m in loaded] == ["core.app.cli.catalog_cmd"]


HISTORY_OPENED = """
import sys
from core.store import HistoryStore
print("sqlite_utils" in sys.modules)
with HistoryStore(sys.argv[1]):
    print("sqlite_utils" in sys.modules)
"""


def test_sqlite_utils_loads_when_a_history_is_opened_not_with_the_store_module(tmp_path):
    # The store's seam: a command that names store types (quote, the API) without opening a
    # history does not pay for sqlite-utils and click.
    done = subprocess.run(
        [sys.executable, "-c", HISTORY_OPENED, str(tmp_path / "h.sqlite")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert done.stdout.split() == ["False", "True"]


def _registered(module: str) -> dict[str, str]:
    """name -> help of the subcommands ``module.register`` adds."""
    parser = argparse.ArgumentParser()
    subparsers = parser.add_subparsers()
    importlib.import_module(module).register(subparsers)
    return {action.dest: action.help or "" for action in subparsers._choices_actions}


@pytest.mark.parametrize("module", MODULES)
def test_each_module_registers_exactly_its_commands_with_the_listed_help(module):
    listed = {name: help_ for name, (owner, help_) in COMMANDS.items() if owner == module}
    assert _registered(module) == listed


@pytest.mark.parametrize(
    ("argv", "command"),
    [
        ([], None),
        (["--version"], None),
        (["estimate", "--request", "x"], "estimate"),
        (["--db", "plan", "history", "list"], "history"),
        (["--db=plan", "catalog"], "catalog"),
        (["--d", "plan", "glossary"], "glossary"),
        (["--", "plan"], "plan"),
        (["no-such"], "no-such"),
    ],
)
def test_the_command_is_the_first_word_that_is_not_an_option(argv, command):
    assert command_in(argv) == command


def test_a_command_parses_its_own_arguments_and_the_others_are_listed():
    args = build_parser("plan").parse_args(["plan", "--request", "r.json", "--rank-by", "job-cost"])
    assert (args.request, args.rank_by) == ("r.json", "job-cost")
    text = build_parser("plan").format_help()
    assert all(name in text for name in COMMANDS)


@pytest.mark.parametrize("enabled", [True, False])
def test_loading_a_subcommand_leaves_the_collector_as_it_found_it(enabled):
    # The app collects on its GUI thread with automatic collection off (gui.gui_thread_gc): a
    # command run in the same process must not switch it back on, nor leave it off otherwise.
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        build_parser("catalog")
        assert gc.isenabled() is enabled
        assert gc.get_freeze_count() > 0  # what the import made is left out of collections
    finally:
        gc.unfreeze()
        (gc.enable if was else gc.disable)()
