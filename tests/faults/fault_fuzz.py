"""Fuzz every command-line entry point with hostile files and arguments from a fixed seed.

``python -m tests.faults`` runs it with the other fault runs; alone:
``python -c "from tests.faults.fault_fuzz import main; print(main([]))"``.

Each input runs the command line in-process (``core.app.cli.main``) with stdout encoded strictly as
UTF-8 the way a terminal is, under a timer; a few run as real processes (a FIFO, ``/dev/zero``, a
sparse file of 20 GB, a memory limit). Besides mutated requests, configs, safetensors headers,
catalogs (finite extremes among them) and settings: ``true`` in number fields, busy shares out of
range, and exports and backups written to a link, a FIFO, a folder or a device. ``--quick`` tries
300 inputs. Counted per run:

- ``tracebacks``: an exception escaped the command line, or stderr holds a traceback;
- ``hangs``: a run took more than the timeout (10 s);
- ``unclear``: an error exit without exactly one line on stderr, or an undocumented exit code;
- ``bad_json``: ``--json`` output that is not JSON (or holds ``NaN``/``Infinity``);
- ``lost``, ``duplicated``, ``corrupted``: rows of the history (saved before the run, never
  written by it) that vanished, appeared twice or changed, or a failed integrity check; a link's
  target written through, or a link replaced;
- ``over_1gib``: the run after which this process (or a child) had held over 1 GiB;
- ``exit_N``: how many runs ended with exit code N.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import resource
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.faults import fuzz_inputs as inputs

DOCUMENTED_EXITS = {0, 2, 3, 4}
GIB = 2**30
REQUEST_REQUESTS = ("estimate", "plan")


class _Hang(BaseException):
    """Raised by the timer in the run that overran (a BaseException: code never catches it)."""


@contextlib.contextmanager
def _timer(seconds: float) -> Iterator[None]:
    def expire(signum: int, frame: Any) -> None:
        raise _Hang

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


Rows = Counter[tuple[str, tuple[Any, ...]]]


def _history_rows(db: Path) -> tuple[Rows, bool]:
    """Every row of every table (with its table's name), and whether the integrity check passes."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        ok = conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows: Rows = Counter()
        tables = conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        ).fetchall()
        for (table,) in tables:
            rows.update((table, tuple(row)) for row in conn.execute(f'SELECT * FROM "{table}"'))
        return rows, ok
    finally:
        conn.close()


class Fuzzer:
    """Draws inputs, runs them and keeps the counts."""

    def __init__(self, root: Path, seed: int, timeout: float) -> None:
        self.root = root
        self.rng = random.Random(seed)
        self.timeout = timeout
        self.counts: Counter[str] = Counter()
        self.examples: dict[str, str] = {}
        self.data = root / "data"
        self.data.mkdir()
        self.db = self.data / "history.sqlite"
        self.item_ids: list[str] = []
        self._over: dict[str, bool] = {}

    def _file(self, name: str, content: bytes | str) -> Path:
        path = self.root / name
        path.write_bytes(content.encode() if isinstance(content, str) else content)
        return path

    def _note(self, kind: str, label: str, detail: str) -> None:
        self.counts[kind] += 1
        self.examples.setdefault(kind, f"{label}: {detail[-300:]}")

    def run_in_process(self, label: str, argv: list[str]) -> None:
        """Run ``anchorgpu-planner ARGV`` in this process and check what it did."""
        from core.app.cli import main as cli_main

        out_bytes, err_bytes = io.BytesIO(), io.BytesIO()
        out = io.TextIOWrapper(out_bytes, encoding="utf-8", errors="strict")
        err = io.TextIOWrapper(err_bytes, encoding="utf-8", errors="backslashreplace")
        start = time.monotonic()
        code: int | None = None
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                with _timer(self.timeout):
                    code = cli_main(argv)
            except SystemExit as stop:
                code = stop.code if isinstance(stop.code, int) else 2
            except _Hang:
                code = None
            except BaseException as error:  # noqa: BLE001 - counting them is the point
                self._note("tracebacks", label, f"{type(error).__name__}: {error}"[:300])
                code = -1
        out.flush()
        err.flush()
        self._judge(label, argv, code, out_bytes.getvalue(), err_bytes.getvalue(), start)
        self._memory(label, resource.RUSAGE_SELF)

    def _memory(self, label: str, who: int) -> None:
        """Count a run after which the process (or a child) had ever held over 1 GiB."""
        peak = resource.getrusage(who).ru_maxrss * 1024  # kilobytes on Linux
        key = "peak_mib_self" if who == resource.RUSAGE_SELF else "peak_mib_children"
        self.counts[key] = max(self.counts[key], peak // 2**20)
        if peak > GIB and not self._over.get(key):
            self._over[key] = True  # the peak never falls again: count the run that raised it
            self._note("over_1gib", label, f"{peak / 2**20:.0f} MiB")

    def run_process(self, label: str, argv: list[str], *, memory_mb: int = 2048) -> None:
        """Run the command line as a real process with a memory limit."""

        def limit() -> None:
            size = memory_mb * 2**20
            resource.setrlimit(resource.RLIMIT_AS, (size, size))

        env = os.environ | {"PYTHONPATH": str(Path(__file__).resolve().parents[2])}
        start = time.monotonic()
        try:
            done = subprocess.run(
                [sys.executable, "-m", "core", *argv],
                capture_output=True,
                timeout=self.timeout + 5,  # start-up time of a fresh interpreter on top
                preexec_fn=limit,
                env=env,
                check=False,
            )
        except subprocess.TimeoutExpired:
            self._judge(label, argv, None, b"", b"", start)
            return
        self._judge(label, argv, done.returncode, done.stdout, done.stderr, start)
        self._memory(label, resource.RUSAGE_CHILDREN)

    def _judge(
        self,
        label: str,
        argv: list[str],
        code: int | None,
        out: bytes,
        err: bytes,
        start: float,
    ) -> None:
        self.counts["runs"] += 1
        elapsed = time.monotonic() - start
        if code is None or elapsed > self.timeout + 5:
            self._note("hangs", label, f"{elapsed:.1f} s")
            self.counts["exit_hang"] += 1
            return
        self.counts[f"exit_{code}"] += 1
        text = err.decode("utf-8", "replace")
        if "Traceback" in text:
            self._note("tracebacks", label, text)
        elif code not in DOCUMENTED_EXITS and code != -1:
            self._note("unclear", label, f"exit {code}: {text}")
        elif code != 0 and code != -1 and len(text.strip().splitlines()) != 1:
            self._note("unclear", label, f"{len(text.splitlines())} lines: {text}")
        if code == 0 and "--json" in argv:
            try:
                json.loads(out, parse_constant=lambda name: 1 / 0)
            except (ValueError, ZeroDivisionError):
                self._note("bad_json", label, out.decode("utf-8", "replace")[:200])

    def seed_history(self) -> None:
        """Save two quotes and place one order, so the run can check nothing changes."""
        fits = {"model": {"preset": "llama-3.1-8b"}, "gpu": "h100-80gb-sxm"}
        request = self._file("seed-request.json", json.dumps(fits).encode())
        from core.app.cli import main as cli_main

        with contextlib.redirect_stdout(io.StringIO()):
            for label in ("first", "second \x1b[31mred\r"):
                cli_main(["quote", "save", "--request", str(request), "--label", label])
            cli_main(["order", "place", "--request", str(request), "--idempotency-key", "k1"])
        with contextlib.redirect_stdout(io.StringIO()) as out:
            cli_main(["history", "list", "--json"])
        self.item_ids = [row["id"] for row in json.loads(out.getvalue())]

    def request_case(self, content: bytes) -> None:
        path = self._file("request.json", content)
        command = self.rng.choice(REQUEST_REQUESTS)
        argv = [command, "--request", str(path)]
        if self.rng.random() < 0.5:
            argv.append("--json")
        if command == "plan" and self.rng.random() < 0.3:
            argv += ["--all", "--rank-by", self.rng.choice(["total", "job-cost"])]
        self.run_in_process(f"{command} request", argv)

    def case(self, index: int) -> None:
        """One fuzzed input, of a kind chosen by the seed."""
        rng = self.rng
        kind = index % 11
        if kind == 9:
            self._output_case()
        elif kind == 10:
            self.request_case(inputs.boolean_numbers(rng.choice(inputs.VALID_REQUESTS), rng))
        elif kind in (0, 1):
            self.request_case(inputs.json_document(rng.choice(inputs.VALID_REQUESTS), rng))
        elif kind == 2:
            config = self._file("config.json", inputs.json_document(inputs.VALID_CONFIG, rng))
            self.request_case(json.dumps({"model": {"hf_config": str(config)}}).encode())
        elif kind == 3:
            tensors = self._file("model.safetensors", inputs.safetensors_file(rng))
            self.request_case(json.dumps({"model": {"safetensors": str(tensors)}}).encode())
        elif kind == 4:
            self._catalog_case()
        elif kind == 5:
            self._settings_case()
        else:
            self._argument_case()

    def _catalog_case(self) -> None:
        catalog = self._file("catalog.json", inputs.catalog_document(self.rng))
        settings = self.data / "settings.json"
        settings.write_text(json.dumps({"catalog_path": str(catalog)}))
        try:
            request = self._file("request.json", json.dumps({"model": {"preset": "phi-3-mini"}}))
            argv = [self.rng.choice(REQUEST_REQUESTS), "--request", str(request), "--json"]
            self.run_in_process("catalog file", argv)
        finally:
            settings.unlink()

    def _output_case(self) -> None:
        """An export or backup written to a link, a FIFO, a folder, a device or a new file."""
        rng = self.rng
        target = self.root / f"out-{rng.randrange(4)}"
        if target.is_dir() and not target.is_symlink():
            target.rmdir()
        else:
            target.unlink(missing_ok=True)
        victim = self.root / "victim.txt"
        victim.write_text("the link's target\n")
        shape = rng.choice(["link", "fifo", "folder", "device", "new", "link-to-db"])
        if shape == "link":
            target.symlink_to(victim)
        elif shape == "link-to-db":
            target.symlink_to(self.db)
        elif shape == "fifo":
            os.mkfifo(target)
        elif shape == "folder":
            target.mkdir()
        device = inputs.private_device(self.root) if shape == "device" else None
        if shape == "device" and device is None:  # not root: a FIFO stands in for the device
            os.mkfifo(target)
        path = str(device or target)
        argv = rng.choice(
            [
                ["history", "export", "--format", rng.choice(["csv", "json"]), "--output", path],
                ["db", "backup", "--output", path],
            ]
        )
        self.run_in_process(f"{argv[0]} {argv[1]} to a {shape}", argv)
        if victim.read_bytes() != b"the link's target\n":
            self._note("corrupted", f"{argv[0]} {argv[1]} to a {shape}", "wrote through a link")
        if shape in ("link", "link-to-db") and not target.is_symlink():
            self._note("corrupted", f"{argv[0]} {argv[1]} to a {shape}", "replaced the link")

    def _settings_case(self) -> None:
        settings = self.data / "settings.json"
        settings.write_bytes(inputs.settings_document(self.rng))
        try:
            request = self._file("request.json", json.dumps(inputs.VALID_REQUESTS[0]).encode())
            self.run_in_process("settings file", ["estimate", "--request", str(request)])
        finally:
            settings.unlink()

    def _argument_case(self) -> None:
        rng = self.rng
        word = inputs.cli_word(rng)
        choices: list[list[str]] = [
            ["history", "list", "--offset", word],
            ["history", "list", "--limit", word, "--json"],
            ["history", "list", "--search", word],
            ["history", "list", "--offset", str(rng.randrange(0, 10))],
            ["history", "show", word],
            ["history", "show", rng.choice(self.item_ids or ["x"]), "--json"],
            ["history", "show", rng.choice(self.item_ids or ["x"])],
            ["glossary", word],
            ["glossary", "--lang", rng.choice(["ru", "en", word])],
            ["catalog", *rng.choice([[], ["--json"]])],
            ["schema"],
            ["plan", "--rank-by", word, "--request", word],
            ["estimate", "--request", word],
            ["estimate", "--request", str(self._valid_request()), "--utilization", word],
            [
                rng.choice(["estimate", "plan"]),
                "--request",
                str(self._valid_request()),
                "--utilization",
                rng.choice(inputs.SHARES),
            ],
            [word],
        ]
        argv = rng.choice(choices)
        self.run_in_process(f"{argv[0]} {argv[1] if len(argv) > 1 else ''}".strip(), argv)

    def _valid_request(self) -> Path:
        return self._file("valid-request.json", json.dumps(inputs.VALID_REQUESTS[0]).encode())

    def process_cases(self) -> None:
        """Inputs that only a real process shows: a FIFO, a device, a sparse 20 GB file."""
        fifo = self.root / "request.fifo"
        os.mkfifo(fifo)
        sparse = self.root / "sparse.json"
        with sparse.open("wb") as handle:
            handle.truncate(20 * 10**9)
        cases: list[list[str]] = [
            ["estimate", "--request", str(fifo)],
            ["plan", "--request", "/dev/zero"],
            ["plan", "--request", str(sparse)],
            ["estimate", "--request", "/dev/urandom", "--json"],
            ["estimate", "--requests", str(fifo)],
            ["estimate", "--requests", "/dev/zero"],
            ["estimate", "--requests", "/dev/urandom"],
            ["estimate", "--requests", str(self.root)],
            ["history", "import", str(fifo)],
            ["history", "import", "/dev/zero"],
            ["db", "restore", "/dev/zero"],
        ]
        for file, target in (("config.json", "hf_config"), ("model.safetensors", "safetensors")):
            link = self.root / f"fifo-{file}"
            os.mkfifo(link)
            request = self._file(f"fifo-{target}.json", json.dumps({"model": {target: str(link)}}))
            cases.append(["estimate", "--request", str(request)])
        for argv in cases:
            self.run_process(argv[0], argv)

    def history_damage(self, before: Rows) -> None:
        """Count rows of the history that vanished, appeared or changed (keyed by first column)."""
        after, ok = _history_rows(self.db)
        old_keys = Counter((table, row[0]) for table, row in before)
        new_keys = Counter((table, row[0]) for table, row in after)
        self.counts["lost"] += sum((old_keys - new_keys).values())
        self.counts["duplicated"] += sum((new_keys - old_keys).values())
        changed = sum((before - after).values()) - sum((old_keys - new_keys).values())
        self.counts["corrupted"] += changed + (0 if ok else 1)


def main(argv: list[str]) -> dict[str, int]:
    """Run the fuzzer; return its counts (all zero but ``runs`` and ``exit_*`` when it passes)."""
    parser = argparse.ArgumentParser(prog="fault_fuzz")
    parser.add_argument("--inputs", type=int, default=None, help="in-process inputs (3,000)")
    parser.add_argument(
        "--quick", action="store_true", help="300 inputs, as the other runs' --quick"
    )
    parser.add_argument("--seed", type=int, default=20260)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--no-processes", action="store_true", help="skip the real processes")
    parser.add_argument("--verbose", action="store_true", help="print one example per problem")
    args, _others = parser.parse_known_args(argv)  # the other fault runs' options are theirs
    if args.inputs is None:
        args.inputs = 300 if args.quick else 3000
    with tempfile.TemporaryDirectory(prefix="anchorgpu-fuzz-") as folder:
        root = Path(folder)
        fuzzer = Fuzzer(root, args.seed, args.timeout)
        saved = {k: os.environ.get(k) for k in ("ANCHORGPU_PLANNER_DATA", "ANCHORGPU_PLANNER_DB")}
        os.environ["ANCHORGPU_PLANNER_DATA"] = str(fuzzer.data)
        os.environ["ANCHORGPU_PLANNER_DB"] = str(fuzzer.db)
        try:
            fuzzer.seed_history()
            before, _ = _history_rows(fuzzer.db)
            for index in range(args.inputs):
                fuzzer.case(index)
            if not args.no_processes:
                fuzzer.process_cases()
            fuzzer.history_damage(before)
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
    counts = {key: 0 for key in ("lost", "duplicated", "corrupted", "tracebacks", "hangs")}
    counts |= {"unclear": 0, "bad_json": 0, "over_1gib": 0} | dict(fuzzer.counts)
    if args.verbose:
        for kind, example in sorted(fuzzer.examples.items()):
            print(f"{kind}: {example}", file=sys.stderr)
    return counts


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:]), indent=2, sort_keys=True))
