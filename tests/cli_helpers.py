"""Run the command line in-process and capture what a user would see."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.app.cli import main


@dataclass
class CliResult:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


def run_cli(capsys: Any, *argv: str) -> CliResult:
    """Run ``anchorgpu-planner ARGV`` and return its exit code, stdout and stderr."""
    try:
        code = main(list(argv))
    except SystemExit as exit_:  # argparse usage errors
        code = int(exit_.code or 0)
    captured = capsys.readouterr()
    return CliResult(code, captured.out, captured.err)


def write_request(tmp_path: Path, data: dict[str, Any], name: str = "request.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), "utf-8")
    return str(path)
