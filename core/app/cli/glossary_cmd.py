"""``anchorgpu-planner glossary [--lang ru|en] [TERM]``."""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

from core.domain.glossary import load_glossary


def register(subparsers: Any) -> None:
    """Add the ``glossary`` subcommand."""
    parser = subparsers.add_parser("glossary", help="show the glossary or one term")
    parser.add_argument("--lang", choices=("ru", "en"), default="en")
    parser.add_argument(
        "term",
        nargs="?",
        help="a term of the glossary or of the help entries, by name in either language or by key",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print one term or all of them, then the disclaimer."""
    glossary = load_glossary()
    entries = [glossary.find(args.term)] if args.term else list(glossary.entries)
    for entry in entries:
        print(entry.term(args.lang))
        print(textwrap.indent(textwrap.fill(entry.definition(args.lang), 96), "    "))
        print()
    print(textwrap.fill(glossary.disclaimer(args.lang), 100))
    return 0
