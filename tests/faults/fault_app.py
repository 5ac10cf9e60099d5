"""Fuzz the desktop app's file surfaces with hostile files from a fixed seed.

``python -m tests.faults fault_app`` (with ``--quick``: 300 inputs; ``--inputs N``). The app runs
in this process (Qt offscreen) over a temporary data folder; each input goes through the code a
menu or dialog calls, which shows the product's refusal (:class:`~core.base.errors.PlannerError`) in
a message:

- File → Open Plan: a hostile plan file (mutated, ``true`` in number fields, a preset this
  version lacks, a FIFO, ``/dev/zero``, a folder);
- the start-up draft: the same contents as ``draft.json``, opened as at start;
- Settings → import catalog: a hostile catalog (finite extremes among the mutations);
- Save Plan As, Compare → Export CSV and PDF, the settings file: written to a symbolic link, a
  FIFO, a folder, a device or a new file.

Counted: ``tracebacks`` (anything but a refusal escaped), ``hangs`` (a run over the timeout),
``corrupted`` (a link's target written through, a link replaced), ``lost`` (a refused draft not
kept aside as it was), ``over_1gib`` (the process grew past 1 GiB), and ``runs``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import resource
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from tests.faults import fuzz_inputs as inputs
from tests.faults.fault_fuzz import _Hang, _timer

GIB = 2**30
VICTIM_TEXT = "the link's target\n"


class AppFuzzer:
    """Draws inputs, runs them against one wizard and keeps the counts."""

    def __init__(self, root: Path, seed: int, timeout: float) -> None:
        from PySide6.QtWidgets import QApplication

        from gui.app_state import AppState
        from gui.settings_store import SettingsStore
        from gui.wizard.plan_wizard import PlanWizard

        self.root = root
        self.rng = random.Random(seed)
        self.timeout = timeout
        self.counts: Counter[str] = Counter()
        self.examples: dict[str, str] = {}
        self.app = QApplication.instance() or QApplication([])
        self.data = root / "data"
        self.data.mkdir()
        self.state = AppState(SettingsStore(self.data), database=self.data / "history.sqlite")
        self.wizard = PlanWizard(self.state)
        self.wizard.show()
        self._settle()
        self.victim = root / "victim.txt"

    def _note(self, kind: str, label: str, detail: str) -> None:
        self.counts[kind] += 1
        self.examples.setdefault(kind, f"{label}: {detail[-300:]}")

    def _settle(self) -> None:
        """Let the live estimate finish (its worker thread, then its signals)."""
        self.app.processEvents()
        live = getattr(self.wizard, "live", None)
        while live is not None and live.busy:
            self.app.processEvents()
            time.sleep(0.002)

    def run(self, label: str, action: Callable[[], Any]) -> None:
        """Run ``action`` under the timer; a refusal is expected, anything else is counted."""
        from core.base.errors import PlannerError

        self.counts["runs"] += 1
        try:
            with _timer(self.timeout):
                action()
                self._settle()
        except PlannerError:
            self.counts["refused"] += 1
        except _Hang:
            self._note("hangs", label, "over the timeout")
        except Exception as error:  # noqa: BLE001 - counting them is the point
            self._note("tracebacks", label, f"{type(error).__name__}: {error}"[:300])
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        self.counts["peak_mib"] = max(self.counts["peak_mib"], peak // 2**20)
        if peak > GIB and not self.counts["over_1gib"]:
            self._note("over_1gib", label, f"{peak / 2**20:.0f} MiB")

    # -- the inputs -------------------------------------------------------------------------

    def _plan_content(self) -> bytes:
        rng = self.rng
        choice = rng.randrange(4)
        valid = rng.choice(inputs.VALID_REQUESTS)
        if choice == 0:
            return inputs.boolean_numbers(valid, rng)
        if choice == 1:
            preset = rng.choice(["llama-9-unreleased", "", "x" * 300, "\x1b[31m", "../llama"])
            return json.dumps(dict(valid, model={"preset": preset})).encode()
        return inputs.json_document(valid, rng)

    def _special_input(self) -> Path | None:
        """Now and then a FIFO, a device or a folder in place of a file."""
        shape = self.rng.random()
        if shape < 0.04:
            fifo = self.root / f"fifo-{self.rng.randrange(1 << 30)}"
            os.mkfifo(fifo)
            return fifo
        if shape < 0.06:
            return Path(self.rng.choice(["/dev/zero", "/dev/urandom", "/dev/null"]))
        if shape < 0.08:
            return self.root
        return None

    def open_plan_case(self) -> None:
        path = self._special_input() or self._file("plan.json", self._plan_content())
        self.run("open plan", lambda: self.wizard.open_plan_file(path))

    def draft_case(self) -> None:
        from gui.wizard.plan_files import DRAFT_FILE

        for kept in self.data.glob("draft.rejected-*"):
            kept.unlink()
        content = self._plan_content()
        (self.data / DRAFT_FILE).write_bytes(content)
        self.wizard.draft_problem = None
        self.run("start-up draft", self.wizard.open_last_draft)
        kept = sorted(self.data.glob("draft.rejected-*"))
        if self.wizard.draft_problem is not None:
            if len(kept) != 1 or kept[0].read_bytes() != content:
                self._note("lost", "start-up draft", "a refused draft was not kept as it was")
        elif kept:
            self._note("corrupted", "start-up draft", "a draft opened and was also refused")

    def catalog_case(self) -> None:
        path = self._special_input() or self._file(
            "catalog.json", inputs.catalog_document(self.rng)
        )
        self.run("import catalog", lambda: self.state.import_catalog(path))
        with contextlib.suppress(Exception):
            self.state.use_bundled_catalog()

    def output_case(self) -> None:
        rng = self.rng
        target = self.root / f"out-{rng.randrange(4)}"
        if target.is_dir() and not target.is_symlink():
            target.rmdir()
        else:
            target.unlink(missing_ok=True)
        self.victim.write_text(VICTIM_TEXT)
        shape = rng.choice(["link", "fifo", "folder", "device", "new"])
        if shape == "link":
            target.symlink_to(self.victim)
        elif shape == "fifo":
            os.mkfifo(target)
        elif shape == "folder":
            target.mkdir()
        device = inputs.private_device(self.root) if shape == "device" else None
        if shape == "device" and device is None:  # not root: a FIFO stands in for the device
            os.mkfifo(target)
        path = device or target
        what, action = rng.choice(self._writers(path))
        label = f"{what} to a {shape}"
        self.run(label, action)
        if self.victim.read_bytes() != VICTIM_TEXT.encode():
            self._note("corrupted", label, "wrote through a link")
        if shape == "link" and not target.is_symlink():
            self._note("corrupted", label, "replaced the link")

    def _writers(self, path: Path) -> list[tuple[str, Callable[[], Any]]]:
        from core.app.settings import save_settings
        from gui.presentation.comparison import write_csv
        from gui.presentation.printing import DocumentPrinter

        # The CSV writer reads only each column's key: a quote id or a label a user typed.
        columns: Any = [SimpleNamespace(key=f'=HYPERLINK("x{n}")') for n in range(2)]
        rows = [("-1", ["@SUM(A1)", "+2"])]
        return [
            ("save plan as", lambda: self.wizard.save_plan_file(path)),
            ("compare csv", lambda: write_csv(path, columns, rows)),
            ("pdf", lambda: DocumentPrinter().save_pdf("<p>x</p>", "x", path)),
            ("settings", lambda: save_settings(self.state.settings, path)),
        ]

    def _file(self, name: str, content: bytes) -> Path:
        path = self.root / name
        path.write_bytes(content)
        return path

    def case(self, index: int) -> None:
        kind = index % 4
        (self.open_plan_case, self.draft_case, self.catalog_case, self.output_case)[kind]()


def main(argv: list[str]) -> dict[str, int]:
    """Run the app fuzzer; return its counts (the five required ones are 0 when it passes)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    parser = argparse.ArgumentParser(prog="fault_app")
    parser.add_argument("--inputs", type=int, default=None, help="inputs (3,000)")
    parser.add_argument("--quick", action="store_true", help="300 inputs")
    parser.add_argument("--seed", type=int, default=20261)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--verbose", action="store_true", help="print one example per problem")
    args, _others = parser.parse_known_args(argv)
    count = args.inputs if args.inputs is not None else (300 if args.quick else 3000)
    saved = {k: os.environ.get(k) for k in ("ANCHORGPU_PLANNER_DATA", "ANCHORGPU_PLANNER_DB")}
    with tempfile.TemporaryDirectory(prefix="anchorgpu-appfuzz-") as folder:
        root = Path(folder)
        os.environ["ANCHORGPU_PLANNER_DATA"] = str(root / "data")
        os.environ["ANCHORGPU_PLANNER_DB"] = str(root / "data" / "history.sqlite")
        try:
            fuzzer = AppFuzzer(root, args.seed, args.timeout)
            for index in range(count):
                fuzzer.case(index)
            fuzzer.wizard.close()
            fuzzer.wizard.deleteLater()
            fuzzer.app.processEvents()
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
    counts = dict.fromkeys(("lost", "duplicated", "corrupted", "tracebacks", "hangs"), 0)
    counts |= {"over_1gib": 0} | dict(fuzzer.counts)
    if args.verbose:
        for kind, example in sorted(fuzzer.examples.items()):
            print(f"{kind}: {example}", file=sys.stderr)
    return counts


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:]), indent=2, sort_keys=True))
