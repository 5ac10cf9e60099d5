"""Command-line start-up and batch speed.

1. Start-up. Each command is a fresh process through the installed entry point
   (``gui.launcher``), run alternately with its baseline, many times; medians of wall time and
   of CPU time (user + system of the finished child, from ``getrusage``), which depends less on
   other load on the machine. Targets: ``--version`` and ``--help`` at most 2 × ``python -c
   pass``; ``estimate`` of one request at most 2 × ``python -c "import pydantic"``. Beside it,
   for reading that ratio, the floor of any command that validates its input with pydantic: one
   small model defined and validated, with the plugin search skipped as the command line skips it
   (pydantic then imports its field types and its plugin loader, which imports
   ``importlib.metadata``, besides what ``import pydantic`` loads). And the floor of this
   command's own input: the request file and the bundled catalog read and validated by their
   pydantic models (16 of them, with the modules that define them), nothing estimated; what the
   estimate costs above it is the engine's share.
2. Batch. ``estimate --requests`` of many lines in one process: estimates per second after
   start-up (the time of the whole batch minus that of a one-line batch, alternately), for
   requests that name their GPU and for requests that leave the cheapest fitting GPU to find
   (an estimate on every offer). Target: at least 2,000 a second for the former.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNS = 21
BATCH_RUNS = 5
BATCH_LINES = 4000
START_TARGET = 2.0
RATE_TARGET = 2000.0
PRESETS = ("llama-3.1-8b", "llama-3.1-70b", "mixtral-8x7b", "qwen2.5-7b")
ENTRY = [sys.executable, "-c", "import sys; from gui.launcher import main; sys.exit(main())"]
FLOOR = (
    "import os\n"
    "os.environ.setdefault('PYDANTIC_DISABLE_PLUGINS', '__all__')\n"
    "from pydantic import BaseModel\n"
    "class One(BaseModel):\n"
    "    value: int\n"
    "One(value=1)\n"
)
INPUTS = (
    "import os, sys\n"
    "os.environ.setdefault('PYDANTIC_DISABLE_PLUGINS', '__all__')\n"
    "from core.domain.catalog import default_catalog\n"
    "from core.domain.request_parsing import load_request_file\n"
    "load_request_file(sys.argv[1])\n"
    "default_catalog()\n"
)


def _run(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall ms, CPU ms) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, check=False)
    wall = (time.perf_counter() - started) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{argv[-3:]} exited {done.returncode}")
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    return wall, cpu


def _pairs(
    cases: dict[str, list[str]], env: dict[str, str], runs: int
) -> dict[str, tuple[float, float]]:
    """Median (wall, CPU) of each case, the cases run in turn ``runs`` times."""
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in cases}
    for argv in cases.values():  # warm the file cache and write bytecode; not counted
        _run(argv, env)
    for _ in range(runs):
        for name, argv in cases.items():
            samples[name].append(_run(argv, env))
    return {
        name: (statistics.median(w for w, _ in s), statistics.median(c for _, c in s))
        for name, s in samples.items()
    }


def _line(name: str, value: tuple[float, float], base: tuple[float, float]) -> str:
    return (
        f"  {name:<36}{value[0]:7.1f} ms = {value[0] / base[0]:4.2f} × wall, "
        f"CPU {value[1]:6.1f} ms = {value[1] / base[1]:4.2f} ×"
    )


def _request(i: int, gpu: bool) -> dict[str, object]:
    request: dict[str, object] = {
        "model": {"preset": PRESETS[i % len(PRESETS)]},
        "inference": {"context_tokens": 1024 + 16 * (i % 400)},
    }
    if gpu:
        request["gpu"] = "h100-80gb-sxm"
    return request


def main() -> int:
    ok = True
    with tempfile.TemporaryDirectory(prefix="anchorgpu-bench-cli-") as folder:
        env = dict(os.environ, ANCHORGPU_PLANNER_DATA=folder)
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # compiled bytecode, as an installed app has it
        env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "pycache")
        one = Path(folder) / "one.json"
        one.write_text(json.dumps(_request(0, True)), "utf-8")
        medians = _pairs(
            {
                "pass": [sys.executable, "-c", "pass"],
                "--version": [*ENTRY, "--version"],
                "--help": [*ENTRY, "--help"],
                "pydantic": [sys.executable, "-c", "import pydantic"],
                "floor": [sys.executable, "-c", FLOOR],
                "inputs": [sys.executable, "-c", INPUTS, str(one)],
                "estimate": [*ENTRY, "estimate", "--request", str(one)],
            },
            env,
            RUNS,
        )
        print(f"  start-up, median of {RUNS} fresh processes each, run in turn")
        base = medians["pass"]
        print(_line('baseline: python -c "pass"', base, base))
        for name in ("--version", "--help"):
            print(_line(f"anchorgpu-planner {name}", medians[name], base))
            ok &= medians[name][0] <= START_TARGET * base[0]
        heavy = medians["pydantic"]
        print(_line('baseline: python -c "import pydantic"', heavy, heavy))
        print(_line("floor: one validated pydantic model", medians["floor"], heavy))
        print(_line("floor: request and catalog validated", medians["inputs"], heavy))
        print(_line("anchorgpu-planner estimate (1 request)", medians["estimate"], heavy))
        ok &= medians["estimate"][0] <= START_TARGET * heavy[0]

        for gpu, label in ((True, "named GPU"), (False, "cheapest fitting GPU")):
            lines = Path(folder) / f"batch-{gpu}.jsonl"
            lines.write_text(
                "".join(json.dumps(_request(i, gpu)) + "\n" for i in range(BATCH_LINES)), "utf-8"
            )
            single = Path(folder) / f"single-{gpu}.jsonl"
            single.write_text(json.dumps(_request(0, gpu)) + "\n", "utf-8")
            times = _pairs(
                {
                    "one": [*ENTRY, "estimate", "--requests", str(single)],
                    "all": [*ENTRY, "estimate", "--requests", str(lines)],
                },
                env,
                BATCH_RUNS,
            )
            wall_rate = (BATCH_LINES - 1) / ((times["all"][0] - times["one"][0]) / 1000)
            cpu_rate = (BATCH_LINES - 1) / ((times["all"][1] - times["one"][1]) / 1000)
            print(
                f"  batch of {BATCH_LINES} ({label}): {wall_rate:,.0f} estimates/s after start-up "
                f"(wall), {cpu_rate:,.0f}/s (CPU); median of {BATCH_RUNS}"
            )
            if gpu:
                ok &= wall_rate >= RATE_TARGET
    print(f"  {'PASS' if ok else 'FAIL'}: start-up ≤ {START_TARGET:g} × and ≥ {RATE_TARGET:,.0f}/s")
    return 0 if ok else 1
