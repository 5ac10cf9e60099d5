"""Run the benchmarks: ``python -m tests.benchmarks [name ...]``.

Each module ``bench_<name>.py`` has a ``main() -> int``; all run when no name is given.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    here = Path(__file__).parent
    names = sorted(
        m.name.removeprefix("bench_")
        for m in pkgutil.iter_modules([str(here)])
        if m.name.startswith("bench_")
    )
    chosen = argv or names
    unknown = [n for n in chosen if n not in names]
    if unknown:
        print(f"unknown benchmark {', '.join(unknown)}; known: {', '.join(names)}", file=sys.stderr)
        return 2
    status = 0
    for name in chosen:
        print(f"== {name}")
        module = importlib.import_module(f"tests.benchmarks.bench_{name}")
        status |= module.main()
    return status


sys.exit(main(sys.argv[1:]))
