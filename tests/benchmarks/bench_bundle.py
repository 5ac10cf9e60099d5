"""Bundle size and frozen cold start against a minimal PySide6 window bundled beside the app.

Two one-folder PyInstaller builds in a temporary folder, by the same PyInstaller and Python, with
the same settings (``build/bundle_options.py``: module excludes, Qt plugin and translation filters,
no UPX, no strip, console executable): the app from ``build/anchorgpu-planner.spec`` and a script
that opens a bare ``QMainWindow``. Slow (two builds, a minute or more); run it alone with
``make bench BENCH=bundle``.

- Size: every file of each output folder. Target: the app at most 1.15 × the minimal window
  (the app needs PySide6-Essentials only; its chart is painted without QtCharts).
- Cold start to the main window shown: the time from starting the executable to the line
  ``main window shown`` on its stdout, measured outside the process in the same way for both. The
  app runs ``--self-test --startup``, which builds and shows the main window exactly as a normal
  start does (QApplication, language, settings, state, ``MainWindow`` with the wizard's first
  page) and prints the line once the window is exposed; the minimal script prints it once its
  window is exposed. Offscreen Qt platform, a fresh process each run, alternating the two, median
  of ``RUNS`` after one warm-up run each (the operating system's file cache stays warm; it cannot
  be dropped here). Target: the app at most 1.5 × the minimal window.
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
RUNS = 7
SIZE_TARGET = 1.15
START_TARGET = 1.5
START_TIMEOUT_S = 60

MINIMAL_SCRIPT = """\
import sys
import time

from PySide6.QtCore import QCoreApplication, QEventLoop
from PySide6.QtWidgets import QApplication, QMainWindow

app = QApplication(sys.argv[:1])
window = QMainWindow()
window.setWindowTitle("Minimal window")
window.show()
deadline = time.monotonic() + 10
while not (window.windowHandle() is not None and window.windowHandle().isExposed()):
    if time.monotonic() > deadline:
        sys.exit("the window was not shown")
    QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
print("main window shown", flush=True)
window.close()
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


def time_to_window(command: list[str], data: Path) -> float:
    """Seconds from starting ``command`` to the marker line on its stdout."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "ANCHORGPU_"))}
    env |= {"QT_QPA_PLATFORM": "offscreen", "ANCHORGPU_PLANNER_DATA": str(data)}
    start = time.perf_counter()
    with subprocess.Popen(
        command, cwd=data, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    ) as process:
        assert process.stdout is not None
        for line in process.stdout:
            if line.strip() == MARKER:
                elapsed = time.perf_counter() - start
                break
        else:
            raise RuntimeError(f"{command[0]} exited without showing its window")
        process.wait(timeout=START_TIMEOUT_S)
    return elapsed


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
        samples: dict[str, list[float]] = {name: [] for name in commands}
        for command in commands.values():
            time_to_window(command, data)  # warm-up: loads the files into the OS cache
        for _ in range(RUNS):
            for name, command in commands.items():
                samples[name].append(time_to_window(command, data))
        minimal_ms = statistics.median(samples["minimal"]) * 1000
        app_ms = statistics.median(samples["app"]) * 1000
        spread = {n: f"{min(s) * 1000:.0f}–{max(s) * 1000:.0f}" for n, s in samples.items()}
        print(
            f"  cold start to window shown (median of {RUNS}): minimal window {minimal_ms:.0f} ms "
            f"({spread['minimal']}), app {app_ms:.0f} ms ({spread['app']})"
        )
        ok &= verdict("cold start, app / minimal window", app_ms / minimal_ms, START_TARGET)
    targets = f"bundle ≤ {SIZE_TARGET:g} × and start ≤ {START_TARGET:g} × the minimal window"
    print(f"  {'PASS' if ok else 'FAIL'}: {targets}")
    return 0 if ok else 1
