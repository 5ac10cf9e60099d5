"""The ``anchorgpu-planner`` command line.

The one seam between the command line and the engine is :data:`COMMANDS`: it names each
subcommand's module and one-line help. ``--help`` and ``--version`` import none of them; running a
subcommand imports its module only, whose ``register(subparsers)`` adds its arguments and handler
and whose imports bring in the part of the engine it uses.

Every :class:`~core.base.errors.PlannerError` becomes one line on stderr and the error's exit code;
argparse usage errors exit with 2 as well.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

from core import __version__
from core.app.cli.output import EscapingStream, one_line
from core.base.errors import PlannerError

Handler = Callable[[argparse.Namespace], int]
DB_ENV = "ANCHORGPU_PLANNER_DB"
# pydantic looks for plugins the first time it builds a validator, reading the entry points of
# every installed distribution; the planner uses none, and this value makes pydantic skip the
# search (pydantic/plugin/_loader.py). A value the user set is kept.
PYDANTIC_PLUGINS_ENV = "PYDANTIC_DISABLE_PLUGINS"

# name -> (module whose register(subparsers) adds it, help shown by ``--help``)
COMMANDS: dict[str, tuple[str, str]] = {
    "estimate": ("core.app.cli.estimate_cmd", "per-GPU memory, fit and price of a request"),
    "schema": ("core.app.cli.estimate_cmd", "print the request's JSON Schema"),
    "plan": ("core.app.cli.plan_cmd", "rank every GPU offer × count × strategy"),
    "fit": ("core.app.cli.fit_cmd", "list the models that fit a GPU offer"),
    "quote": ("core.app.cli.history_cmd", "save a priced quote"),
    "order": ("core.app.cli.history_cmd", "place or stop a simulated order"),
    "history": (
        "core.app.cli.history_cmd",
        "saved quotes and orders (without an action: list them)",
    ),
    "db": ("core.app.cli.history_cmd", "back up or restore the history"),
    "catalog": ("core.app.cli.catalog_cmd", "list the GPU offers and their prices"),
    "glossary": ("core.app.cli.glossary_cmd", "show the glossary or one term"),
    "self-test": (
        "core.app.cli.selftest_cmd",
        "check the bundled data, a sample plan and a temporary history (no window)",
    ),
}


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr, exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def command_in(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` names: its first word that is not an option or ``--db``'s value."""
    words = iter(argv)
    for word in words:
        if word == "--":
            return next(words, None)
        if len(word) > 2 and "--db".startswith(word):  # ``--db PATH`` (or an abbreviation)
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser, with ``command``'s module registered in full and the others by name and help.

    Only ``command``'s module is imported; with no command, none is.
    """
    parser = _Parser(
        prog="anchorgpu-planner",
        description="Plan a GPU rental: memory fit, strategies, prices and a local history.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--db",
        type=Path,
        default=None,
        help=f"history database file (default: ${DB_ENV}, else the per-user data folder)",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    chosen = COMMANDS[command][0] if command in COMMANDS else None
    for name, (module, help_text) in COMMANDS.items():
        if module != chosen:
            subparsers.add_parser(name, help=help_text)
    if chosen is not None:
        _load(chosen).register(subparsers)
    return parser


def _load(module: str) -> ModuleType:
    """Import a subcommand's module without cyclic garbage collection, then freeze what it made.

    What an import makes (classes, functions, tables, validators) lives as long as the process;
    collecting while it loads, and later walking it again at every full collection, only costs
    time: 6 % of the instructions of a one-request ``estimate`` (955 M before, 894 M after).
    Frozen objects are left out of later collections; the collector is on again afterwards if
    it was before.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        return importlib.import_module(module)  # seam: one subcommand's module, by name
    finally:
        gc.freeze()
        if enabled:
            gc.enable()


def db_path_from(args: argparse.Namespace) -> Path | None:
    """The database path chosen by ``--db`` or the environment, or None for the default."""
    if args.db is not None:
        return Path(args.db)
    env = os.environ.get(DB_ENV)
    return Path(env) if env else None


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return its exit code. Control characters are shown escaped."""
    os.environ.setdefault(PYDANTIC_PLUGINS_ENV, "__all__")
    streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = EscapingStream(sys.stdout), EscapingStream(sys.stderr)
    try:
        return _main(argv)
    finally:
        sys.stdout, sys.stderr = streams


def _main(argv: Sequence[str] | None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(command_in(words))
    args = parser.parse_args(words)
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stderr)
        return 2
    try:
        return handler(args)
    except PlannerError as error:
        print(f"anchorgpu-planner: error: {one_line(str(error))}", file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt:
        print("anchorgpu-planner: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
