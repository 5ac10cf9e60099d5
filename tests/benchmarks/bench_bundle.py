"""Bundle size and frozen cold start against a minimal PySide6 window bundled beside the app.

Two one-folder PyInstaller builds in a temporary folder, by the same PyInstaller and Python, with
the same settings (``build/bundle_options.py``: module excludes, Qt plugin and translation filters,
no UPX, no strip, console executable): the app from ``build/anchorgpu-planner.spec`` and a script
that opens a bare ``QMainWindow``. Slow (two builds, a minute or more); run it alone with
``make bench BENCH=bundle``.

- Size: every file of each output folder. Target: the app at most 1.15 × the minimal window
  (the app needs PySide6-Essentials only; its chart is painted without QtCharts).
- Cold start: the time from starting the executable to each marker line on its stdout, measured
  outside the process in the same way for both. The minimal window prints ``main window shown``
  once its window has been painted. The app runs ``--self-test --startup``
  (:mod:`gui.startup_probe`), which starts exactly as a normal start does and prints ``main window
  shown`` once the wizard's first page has been painted and ``wizard ready`` once the wizard takes
  input with a live estimate. Offscreen Qt platform, a fresh process each run, alternating the
  two, median of ``RUNS`` after one warm-up run each (the operating system's file cache stays
  warm; it cannot be dropped here). Targets against the minimal window: the first page at most
  1.5 ×, the wizard ready at most 2.5 × (as for the app in a virtual environment, ``bench_gui``).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
SPEC = ROOT / "build" / "anchorgpu-planner.spec"
NAME = "anchorgpu-planner"
MARKER = "main window shown"
READY_MARKER = "wizard ready"
RUNS = 7
SIZE_TARGET = 1.15
START_TARGET = 1.5
READY_TARGET = 2.5
START_TIMEOUT_S = 60

MINIMAL_SCRIPT = """\
import sys

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow


class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            print("main window shown", flush=True)
            QTimer.singleShot(0, app.quit)
        return False


app = QApplication(sys.argv[:1])
window = QMainWindow()
window.setWindowTitle("Minimal window")
watch = FirstPaint()
window.installEventFilter(watch)
window.show()
QTimer.singleShot(10_000, lambda: app.exit(1))  # not painted
code = app.exec()
window.close()
sys.exit(code)
"""

MINIMAL_SPEC = """\
import sys
sys.path.insert(0, {build!r})
import bundle_options

a = Analysis([{script!r}], excludes=bundle_options.module_excludes())
a.datas = bundle_options.filtered(a.datas, bundle_options.keep_data)
a.binaries = bundle_options.prune_unlinked_qt_libraries(
    bundle_options.filtered(a.binaries, bundle_options.keep_binary)
)
pyz = PYZ(a.pure)
exe = EXE(pyz, a.scripts, [], exclude_binaries=True, name="minimal-window", console=True,
          strip=False, upx=False)
coll = COLLECT(exe, a.binaries, a.datas, strip=False, upx=False, name="minimal-window")
"""


def pyinstaller(spec: Path, work: Path, dist: Path) -> float:
    """Build ``spec``; return the seconds it took."""
    env = {k: v for k, v in os.environ.items() if k != "ANCHORGPU_ONEFILE"}
    start = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--log-level",
            "ERROR",
            "--workpath",
            str(work),
            "--distpath",
            str(dist),
            str(spec),
        ],
        cwd=spec.parent,
        env=env,
        check=True,
    )
    return time.perf_counter() - start


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def time_to_markers(command: list[str], data: Path) -> dict[str, float]:
    """Seconds from starting ``command`` to each marker line on its stdout."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "ANCHORGPU_"))}
    env |= {"QT_QPA_PLATFORM": "offscreen", "ANCHORGPU_PLANNER_DATA": str(data)}
    seen: dict[str, float] = {}
    start = time.perf_counter()
    with subprocess.Popen(
        command, cwd=data, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    ) as process:
        assert process.stdout is not None
        for line in process.stdout:
            seen.setdefault(line.strip(), time.perf_counter() - start)
        process.wait(timeout=START_TIMEOUT_S)
    if MARKER not in seen:
        raise RuntimeError(f"{command[0]} exited without showing its window")
    return seen


def verdict(name: str, value: float, target: float) -> bool:
    ok = value <= target
    print(f"  {name:<44}{value:7.2f} ×  target ≤ {target:g} ×: {'PASS' if ok else 'FAIL'}")
    return ok


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="anchorgpu-bench-bundle-") as folder:
        tmp = Path(folder)
        script = tmp / "minimal_window.py"
        script.write_text(MINIMAL_SCRIPT, "utf-8")
        minimal_spec = tmp / "minimal-window.spec"
        minimal_spec.write_text(
            MINIMAL_SPEC.format(build=str(ROOT / "build"), script=str(script)), "utf-8"
        )
        dist = tmp / "dist"
        minimal_build = pyinstaller(minimal_spec, tmp / "work-minimal", dist)
        app_build = pyinstaller(SPEC, tmp / "work-app", dist)
        minimal_dir, app_dir = dist / "minimal-window", dist / NAME
        minimal_size, app_size = folder_size(minimal_dir), folder_size(app_dir)
        print(f"  PyInstaller build: minimal window {minimal_build:.0f} s, app {app_build:.0f} s")
        print(
            f"  bundle size: minimal window {minimal_size / 1e6:.1f} MB, "
            f"app {app_size / 1e6:.1f} MB"
        )
        ok = verdict("bundle size, app / minimal window", app_size / minimal_size, SIZE_TARGET)

        data = tmp / "data"
        data.mkdir()
        commands = {
            "minimal": [str(minimal_dir / "minimal-window")],
            "app": [str(app_dir / NAME), "--self-test", "--startup"],
        }
        samples: dict[str, list[dict[str, float]]] = {name: [] for name in commands}
        for command in commands.values():
            time_to_markers(command, data)  # warm-up: loads the files into the OS cache
        for _ in range(RUNS):
            for name, command in commands.items():
                samples[name].append(time_to_markers(command, data))

        def median_ms(name: str, marker: str) -> tuple[float, str]:
            values = [run[marker] * 1000 for run in samples[name]]
            return statistics.median(values), f"{min(values):.0f}–{max(values):.0f}"

        minimal_ms, minimal_spread = median_ms("minimal", MARKER)
        page_ms, page_spread = median_ms("app", MARKER)
        ready_ms, ready_spread = median_ms("app", READY_MARKER)
        print(
            f"  cold start (median of {RUNS}): minimal window painted {minimal_ms:.0f} ms "
            f"({minimal_spread}), app's first page painted {page_ms:.0f} ms ({page_spread}), "
            f"wizard ready {ready_ms:.0f} ms ({ready_spread})"
        )
        ok &= verdict(
            "first page painted, app / minimal window", page_ms / minimal_ms, START_TARGET
        )
        ok &= verdict("wizard ready, app / minimal window", ready_ms / minimal_ms, READY_TARGET)
    targets = (
        f"bundle ≤ {SIZE_TARGET:g} ×, first page ≤ {START_TARGET:g} × and ready ≤ "
        f"{READY_TARGET:g} × the minimal window"
    )
    print(f"  {'PASS' if ok else 'FAIL'}: {targets}")
    return 0 if ok else 1
