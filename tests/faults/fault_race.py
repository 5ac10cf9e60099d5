"""Races: 2, 4, 8 and 16 processes placing with one idempotency key; app and CLI side by side.

Same-key races start every process on one signal. With one request, exactly one order is placed
and every other process gets it back as a replay; with a different request per process, one is
placed and the others get an idempotency conflict. Side by side, app-like processes that keep the
history open (twice each, as the app does) place orders while command-line processes place,
list, export and back it up; every acknowledged order must be there exactly once, visible to
other processes while the apps are still open. ``--quick`` runs one race of 4.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from tests.store_crash import ROOT, counts_of
from tests.store_helpers import make_quote, race_place

SPAWN = multiprocessing.get_context("spawn")
SIZES = (2, 4, 8, 16)
ROUNDS = 4
REQUEST = {"model": {"preset": "llama-3.1-8b"}, "gpu": "h100-80gb-sxm", "term": {"unit": "week"}}


def _race(db: Path, quotes: list[dict[str, object]], key: str, counts: Counter[str]) -> None:
    start = SPAWN.Event()
    results = SPAWN.Queue()
    workers = [
        SPAWN.Process(target=race_place, args=(str(db), quote, key, start, results))
        for quote in quotes
    ]
    for worker in workers:
        worker.start()
    time.sleep(0.3 + 0.15 * len(workers))  # let every child import and reach the start line
    start.set()
    outcomes = []
    for _ in workers:
        try:
            outcomes.append(results.get(timeout=120))
        except Exception:  # noqa: BLE001 - a child that never answers
            counts["hangs"] += 1
    for worker in workers:
        worker.join(timeout=60)
        if worker.exitcode != 0:
            counts["tracebacks"] += 1
    counts["races"] += 1
    same = len({json.dumps(q, sort_keys=True) for q in quotes}) == 1
    kinds = Counter(kind for kind, _, _ in outcomes)
    expected = (
        {"ok": len(quotes)} if same else {"ok": 1, "IdempotencyConflictError": len(quotes) - 1}
    )
    if dict(kinds) != expected:
        counts["refused"] += sum(kinds.values()) - kinds["ok"] - kinds["IdempotencyConflictError"]
        print(f"race of {len(quotes)}: {dict(kinds)}, expected {expected}", file=sys.stderr)
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        placed = conn.execute("SELECT count(*) FROM orders WHERE idempotency_key = ?", (key,))
        number = int(placed.fetchone()[0])
    finally:
        conn.close()
    counts["duplicated"] += max(number - 1, 0)
    counts["lost"] += 1 if number == 0 else 0
    if same and len({order for kind, order, _ in outcomes if kind == "ok"}) > 1:
        counts["duplicated"] += 1


class App:
    """An app-like process (``tests.store_procs app``)."""

    def __init__(self, db: Path, env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.store_procs", "app", str(db)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        self.ready = self.ask(None) == "ready"

    def ask(self, command: str | None) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        if command is not None:
            self.process.stdin.write(command + "\n")
            self.process.stdin.flush()
        return self.process.stdout.readline().strip()


def _side_by_side(folder: Path, round_number: int, counts: Counter[str]) -> None:
    db = folder / f"side-{round_number}.sqlite"
    env = os.environ | {"ANCHORGPU_PLANNER_DATA": str(folder / "data"), "PYTHONPATH": str(ROOT)}
    request = folder / "request.json"
    request.write_text(json.dumps(REQUEST))
    apps = [App(db, env) for _ in range(2)]
    if not all(app.ready for app in apps):
        counts["hangs"] += 1
        return
    for app in apps:
        app.ask("reopen")
    base = [sys.executable, "-m", "core", "--db", str(db)]
    commands = [
        [*base, "order", "place", "--request", str(request), "--idempotency-key", f"cli-{n}"]
        for n in range(6)
    ]
    commands += [[*base, "history", "list"], [*base, "history", "list", "--json"]]
    commands += [[*base, "history", "export", "--format", "json", "--output", str(db) + ".json"]]
    commands += [[*base, "db", "backup", "--output", str(db) + ".backup"]]
    clis = [
        subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        for cmd in commands
    ]
    acknowledged = []
    for number in range(8):
        for index, app in enumerate(apps):
            answer = app.ask(f"place app{index}-{round_number}-{number}")
            if answer.startswith("o-"):
                acknowledged.append(f"app{index}-{round_number}-{number}")
            else:
                counts["refused"] += 1
                print(f"app: {answer}", file=sys.stderr)
    for cmd, cli in zip(commands, clis, strict=True):
        try:
            _, err = cli.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            cli.kill()
            counts["hangs"] += 1
            continue
        counts["cli_runs"] += 1
        if b"Traceback" in err:
            counts["tracebacks"] += 1
        if cli.returncode == 0 and "place" in cmd:
            acknowledged.append(cmd[-1])
        elif cli.returncode != 0:
            counts["refused"] += 1
            print(f"{cmd[5:]}: {err.decode()[-500:]}", file=sys.stderr)
    # While the apps are still open, another process sees every acknowledged order.
    _check_orders(db, acknowledged, counts)
    for app in apps:
        app.ask("close")
        app.process.wait(timeout=60)
        if app.process.stderr is not None and "Traceback" in app.process.stderr.read():
            counts["tracebacks"] += 1
    _check_orders(db, acknowledged, counts)


def _check_orders(db: Path, acknowledged: list[str], counts: Counter[str]) -> None:
    if isinstance(counts_of(db), str):
        counts["corrupted"] += 1
        return
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        keys = [row[0] for row in conn.execute("SELECT idempotency_key FROM orders")]
    finally:
        conn.close()
    counts["duplicated"] += len(keys) - len(set(keys))
    counts["lost"] += len(set(acknowledged) - set(keys))


def main(argv: list[str]) -> dict[str, int]:
    """Run the races and the side-by-side rounds; return the counts."""
    quick = "--quick" in argv
    counts: Counter[str] = Counter(races=0, cli_runs=0, refused=0)
    for key in ("lost", "duplicated", "corrupted", "tracebacks", "hangs"):
        counts[key] = 0
    with tempfile.TemporaryDirectory(prefix="fault-race-") as tmp:
        folder = Path(tmp)
        db = folder / "race.sqlite"
        sizes = (4,) if quick else SIZES
        for size in sizes:
            for round_number in range(1 if quick else ROUNDS):
                key = f"same-{size}-{round_number}"
                quote = make_quote(label=key).as_json()
                _race(db, [quote] * size, key, counts)
                if not quick:
                    key = f"contested-{size}-{round_number}"
                    quotes = [
                        make_quote(label=key, term={"unit": "day", "count": n + 1}).as_json()
                        for n in range(size)
                    ]
                    _race(db, quotes, key, counts)
        # The default test run has its own side-by-side test (tests/test_store_side_by_side.py).
        for round_number in range(0 if quick else 3):
            _side_by_side(folder, round_number, counts)
    return dict(counts)


if __name__ == "__main__":
    print(main(sys.argv[1:]))
