"""``anchorgpu-planner self-test``: the engine's self-test, without the window.

For a server or a container without a display. ``anchorgpu-planner --self-test`` runs the same
checks and also builds the main window offscreen.
"""

from __future__ import annotations

import argparse
from typing import Any

from core.app.selftest import run_engine_self_test


def register(subparsers: Any) -> None:
    """Add the ``self-test`` subcommand."""
    parser = subparsers.add_parser(
        "self-test",
        help="check the bundled data, a sample plan and a temporary history (no window)",
        description=(
            "Check the bundled data, a sample plan and a temporary history database, one line "
            "per check; exit 1 if any failed. Nothing is written outside a temporary folder "
            "and nothing is sent over the network. '--self-test' also builds the window."
        ),
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run the engine checks; 0 when all passed, else 1."""
    return run_engine_self_test()
