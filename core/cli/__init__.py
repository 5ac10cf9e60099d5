"""The ``anchorgpu-planner`` command line.

Each subcommand lives in its own module and registers itself through ``register(subparsers)``.
Every :class:`~core.errors.PlannerError` becomes one line on stderr and the error's exit code;
argparse usage errors exit with 2 as well.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from core import __version__
from core.cli.output import EscapingStream, one_line
from core.errors import PlannerError

Handler = Callable[[argparse.Namespace], int]
DB_ENV = "ANCHORGPU_PLANNER_DB"


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr, exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """Build the parser with every subcommand registered."""
    from core.cli import (
        catalog_cmd,
        estimate_cmd,
        fit_cmd,
        glossary_cmd,
        history_cmd,
        plan_cmd,
        selftest_cmd,
    )

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
    for module in (
        estimate_cmd,
        plan_cmd,
        fit_cmd,
        history_cmd,
        catalog_cmd,
        glossary_cmd,
        selftest_cmd,
    ):
        module.register(subparsers)
    return parser


def db_path_from(args: argparse.Namespace) -> Path | None:
    """The database path chosen by ``--db`` or the environment, or None for the default."""
    if args.db is not None:
        return Path(args.db)
    env = os.environ.get(DB_ENV)
    return Path(env) if env else None


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return its exit code. Control characters are shown escaped."""
    streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = EscapingStream(sys.stdout), EscapingStream(sys.stderr)
    try:
        return _main(argv)
    finally:
        sys.stdout, sys.stderr = streams


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
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
