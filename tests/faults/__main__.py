"""``python -m tests.faults [--quick] [NAME ...]``: run every ``fault_*.py`` module, print a table.

Each module exposes ``main(argv) -> dict[str, int]`` and returns counts that include ``lost``,
``duplicated``, ``corrupted``, ``tracebacks`` and ``hangs``; the run exits 1 if any of those, or
a fuzzer's ``over_1gib``, is not zero in any module.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time
from pathlib import Path

REQUIRED = ("lost", "duplicated", "corrupted", "tracebacks", "hangs")
LIMITS = ("over_1gib",)  # reported by the fuzzers: a run after which a process held over 1 GiB


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


def run_module(name: str, options: list[str]) -> dict[str, int]:
    """The counts of one fault module; a module that cannot run counts as one traceback.

    A run that stops (a bad option, an exception) must not hide the figures of the others.
    """
    try:
        counts: dict[str, int] = importlib.import_module(f"tests.faults.{name}").main(options)
    except (Exception, SystemExit) as error:  # noqa: BLE001 - reported in the table
        print(f"  {name} stopped: {type(error).__name__}: {error}", file=sys.stderr, flush=True)
        return {**dict.fromkeys(REQUIRED, 0), "tracebacks": 1, "stopped": 1}
    missing = [key for key in REQUIRED if key not in counts]
    if missing:
        print(f"  {name} did not report {missing}", file=sys.stderr, flush=True)
        return {**dict.fromkeys(REQUIRED, 0), **counts, "tracebacks": 1, "stopped": 1}
    return counts


def main(argv: list[str]) -> int:
    """Run the chosen (default: all) fault modules; 1 if anything was lost or broke.

    Words that name a fault module choose it; every other word (``--quick``, ``--inputs 500``)
    is passed to each module chosen.
    """
    known = discover()
    names = [a for a in argv if a in known] or known
    options = [a for a in argv if a not in known]
    results: dict[str, dict[str, int]] = {}
    for name in names:
        started = time.monotonic()
        print(f"running {name} …", flush=True)
        counts = run_module(name, options)
        results[name] = counts
        print(f"  done in {time.monotonic() - started:.0f} s: {counts}", flush=True)
    print(table(results), flush=True)
    failed = any(counts.get(key, 0) for counts in results.values() for key in (*REQUIRED, *LIMITS))
    print("FAIL: something was lost, duplicated, corrupted, crashed or hung" if failed else "ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
