"""SIGKILL loops over placing, backing up, restoring, importing and migrating the history.

Each round starts a worker (:mod:`tests.faults.workers`), lets it run a random moment past its
start, kills it with SIGKILL and checks the files: ``integrity_check``, every acknowledged order
present exactly once, a restore or import wholly done or not at all, and (after the next run of
the same operation) no temporary files left. ``--quick`` runs one round per operation.
"""

from __future__ import annotations

import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from tests.store_crash import ROOT, counts_of, populated, strays

ROUNDS = {"place": 60, "backup": 40, "restore": 40, "import": 30, "migrate": 40}
SEED = 20261202
FIXTURE_V1 = ROOT / "tests" / "fixtures" / "history-v1.sqlite"


class Worker:
    """One worker process, killed at a random moment after it is ready."""

    def __init__(self, folder: Path, op: str, db: Path, log: Path, arg: str) -> None:
        self.stderr_path = folder / f"{op}.stderr"
        self.stderr = self.stderr_path.open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.faults.workers", op, str(db), str(log), arg],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            text=True,
        )

    def ready(self) -> bool:
        assert self.process.stdout is not None
        return self.process.stdout.readline().strip() == "ready"

    def kill(self, counts: Counter[str]) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            counts["kills"] += 1
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            counts["hangs"] += 1
        self.stderr.close()
        text = self.stderr_path.read_text()
        if "Traceback" in text:
            counts["tracebacks"] += 1
            print(text[-1500:], file=sys.stderr)


def _keys(db: Path) -> list[str]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return [row[0] for row in conn.execute("SELECT idempotency_key FROM orders")]
    finally:
        conn.close()


def _round(
    folder: Path, op: str, db: Path, log: Path, arg: str, rng: random.Random, counts: Counter[str]
) -> None:
    worker = Worker(folder, op, db, log, arg)
    if not worker.ready():
        counts["hangs"] += 1
    # Kill once the operation is under way, at a random moment of it.
    size = log.stat().st_size
    deadline = time.monotonic() + rng.uniform(0.0, 0.6)
    while time.monotonic() < deadline and worker.process.poll() is None:
        if op == "place" and log.stat().st_size == size:
            deadline += 0.002  # wait until it is placing
        time.sleep(0.002)
    worker.kill(counts)


def _check_intact(db: Path, counts: Counter[str], what: str) -> dict[str, int] | None:
    found = counts_of(db)
    if isinstance(found, str):
        counts["corrupted"] += 1
        print(f"{what}: {found}", file=sys.stderr)
        return None
    return found


def _kill_place(folder: Path, rounds: int, rng: random.Random, counts: Counter[str]) -> None:
    db, log = folder / "place.sqlite", folder / "place.log"
    log.touch()
    populated(db, 2, "place-base")
    for number in range(rounds):
        _round(folder, "place", db, log, f"r{number}", rng, counts)
        if _check_intact(db, counts, "place") is None:
            return
        keys = _keys(db)
        counts["duplicated"] += len(keys) - len(set(keys))
        counts["lost"] += len(set(log.read_text().split()) - set(keys))
    counts["acknowledged"] += len(log.read_text().split())


def _kill_backup(folder: Path, rounds: int, rng: random.Random, counts: Counter[str]) -> None:
    from core.store import HistoryStore
    from core.store.backup import backup_database

    db, log, output = folder / "b.sqlite", folder / "b.log", folder / "backup.sqlite"
    log.touch()
    before = populated(db, 30, "backup")
    for _ in range(rounds):
        _round(folder, "backup", db, log, str(output), rng, counts)
        if _check_intact(db, counts, "backup source") != before:
            counts["lost"] += 1
        if output.exists() and counts_of(output) != before:
            counts["corrupted"] += 1
    with HistoryStore(db) as store:  # the next backup removes what killed ones left
        backup_database(store, output)
    counts["strays"] += len(strays(folder, output.name) + strays(folder, db.name))


def _kill_restore(folder: Path, rounds: int, rng: random.Random, counts: Counter[str]) -> None:
    from core.store import HistoryStore
    from core.store.backup import backup_database

    db, log = folder / "r.sqlite", folder / "r.log"
    log.touch()
    states = []
    for name, quotes in (("ra", 20), ("rb", 31)):
        source = folder / f"{name}-source.sqlite"
        states.append(populated(source, quotes, name))
        with HistoryStore(source) as store:
            backup_database(store, folder / f"{name}.sqlite")
    states.append(populated(db, 3, "r-original"))
    backups = ",".join(str(folder / f"{name}.sqlite") for name in ("ra", "rb"))
    for _ in range(rounds):
        _round(folder, "restore", db, log, backups, rng, counts)
        found = _check_intact(db, counts, "restore")
        if found is not None and found not in states:
            counts["corrupted"] += 1
            print(f"restore left {found}, not one of {states}", file=sys.stderr)
    with HistoryStore(db) as store:  # the next opening removes what killed restores left
        store.count_history()
    counts["strays"] += len(strays(folder, db.name))


def _kill_import(folder: Path, rounds: int, rng: random.Random, counts: Counter[str]) -> None:
    from core.store import HistoryStore
    from core.store.exporting import export_json

    source, export = folder / "i-source.sqlite", folder / "export.json"
    populated(source, 12, "imported")
    with HistoryStore(source) as store:
        export_json(store, export)
        added = store.counts()["orders"]
    base = folder / "i-base.sqlite"
    before = populated(base, 3, "i-base")["orders"]
    db, log = folder / "i.sqlite", folder / "i.log"
    log.touch()
    for _ in range(rounds):
        for suffix in ("", "-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)
        shutil.copyfile(base, db)
        _round(folder, "import", db, log, str(export), rng, counts)
        found = _check_intact(db, counts, "import")
        if found is None:
            continue
        keys = _keys(db)
        counts["duplicated"] += len(keys) - len(set(keys))
        if found["orders"] not in (before, before + added):
            counts["corrupted"] += 1  # half an import
            print(f"import left {found['orders']} orders", file=sys.stderr)


def _kill_migrate(folder: Path, rounds: int, rng: random.Random, counts: Counter[str]) -> None:
    from core.store import HistoryStore

    for number in range(rounds):
        sub = folder / f"m{number}"
        sub.mkdir()
        db, log = sub / "m.sqlite", sub / "m.log"
        log.touch()
        _round(sub, "migrate", db, log, str(FIXTURE_V1), rng, counts)
        copied = [line.split()[1] for line in log.read_text().splitlines() if "copied" in line]
        for index in copied:
            target = Path(f"{db}.{index}")
            found = _check_intact(target, counts, f"migration {index}")
            if found is None:
                continue
            if found["orders"] != 2:
                counts["lost"] += 1
            try:
                with HistoryStore(target) as store:
                    if store.count_history(kind="order") != 2:
                        counts["lost"] += 1
            except Exception as error:  # noqa: BLE001 - the finding itself
                counts["corrupted"] += 1
                print(f"migration {index}: {error}", file=sys.stderr)
        shutil.rmtree(sub)


def main(argv: list[str]) -> dict[str, int]:
    """Run the kill loops; return the counts."""
    quick = "--quick" in argv
    rng = random.Random(SEED)
    counts: Counter[str] = Counter()
    for key in ("kills", "acknowledged", "strays", "lost", "duplicated", "corrupted"):
        counts[key] = 0
    counts["tracebacks"] = counts["hangs"] = 0
    runs = {
        "place": _kill_place,
        "backup": _kill_backup,
        "restore": _kill_restore,
        "import": _kill_import,
        "migrate": _kill_migrate,
    }
    with tempfile.TemporaryDirectory(prefix="fault-kill-") as tmp:
        for op, run in runs.items():
            folder = Path(tmp) / op
            folder.mkdir()
            run(folder, 1 if quick else ROUNDS[op], rng, counts)
    return dict(counts)


if __name__ == "__main__":
    print(main(sys.argv[1:]))
