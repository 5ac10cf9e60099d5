"""``python -m tests.faults [--quick] [NAME ...]``: run every ``fault_*.py`` module, print a table.

Each module exposes ``main(argv) -> dict[str, int]`` and returns counts that include ``lost``,
``duplicated``, ``corrupted``, ``tracebacks`` and ``hangs``; the run exits 1 if any of those is
not zero in any module.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time
from pathlib import Path

REQUIRED = ("lost", "duplicated", "corrupted", "tracebacks", "hangs")


def discover() -> list[str]:
    """The names of the fault modules beside this file, sorted."""
    folder = Path(__file__).parent
    return sorted(
        info.name for info in pkgutil.iter_modules([str(folder)]) if info.name.startswith("fault_")
    )


def table(results: dict[str, dict[str, int]]) -> str:
    """The counts as a text table: one row per module, the five required counts first."""
    others = sorted({key for counts in results.values() for key in counts} - set(REQUIRED))
    columns = [*others, *REQUIRED]
    width = max([len("module"), *(len(name) for name in results)])
    lines = [f"{'module':<{width}}  " + "  ".join(f"{c:>10}" for c in columns)]
    for name, counts in results.items():
        cells = "  ".join(f"{counts.get(c, 0):>10}" for c in columns)
        lines.append(f"{name:<{width}}  {cells}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """Run the chosen (default: all) fault modules; 1 if anything was lost or broke."""
    names = [a for a in argv if not a.startswith("-")] or discover()
    options = [a for a in argv if a.startswith("-")]
    results: dict[str, dict[str, int]] = {}
    for name in names:
        module = importlib.import_module(f"tests.faults.{name}")
        started = time.monotonic()
        print(f"running {name} …", flush=True)
        counts = module.main(options)
        missing = [key for key in REQUIRED if key not in counts]
        if missing:
            raise SystemExit(f"{name} did not report {missing}")
        results[name] = counts
        print(f"  done in {time.monotonic() - started:.0f} s: {counts}", flush=True)
    print(table(results))
    failed = any(counts[key] for counts in results.values() for key in REQUIRED)
    print("FAIL: something was lost, duplicated, corrupted, crashed or hung" if failed else "ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
