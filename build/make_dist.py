"""Build the PyInstaller bundle and prove it works: ``make dist`` runs this.

1. PyInstaller with ``build/anchorgpu-planner.spec``; its work folder is ``.pyinstaller/`` and the
   bundle lands in ``dist/anchorgpu-planner/`` (``--onefile``: ``dist/onefile/anchorgpu-planner``).
2. Linux: every Qt library and plugin in the bundle finds the Qt libraries it links to inside the
   bundle (what the spec's filters removed must not be needed).
3. The frozen executable's ``--version`` and ``--self-test`` (offscreen, with a temporary data
   folder). Any failure, such as a module or a data file missing from the bundle, fails the build.

Prints the bundle's size and the time each step took. ``build/check_wheel.py`` checks the wheel.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build" / "anchorgpu-planner.spec"
WORKPATH = ROOT / ".pyinstaller"
DISTPATH = ROOT / "dist"
NAME = "anchorgpu-planner"
SELF_TEST_TIMEOUT_S = 300
# Libraries that must come from the bundle itself; anything else (libc, X11, fontconfig, GL)
# comes from the system the bundle runs on.
BUNDLED_PREFIXES = ("libQt6", "libicu", "libpyside6", "libshiboken6", "libpython")


def version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]


def executable(onefile: bool) -> Path:
    suffix = ".exe" if sys.platform == "win32" else ""
    if onefile:
        return DISTPATH / "onefile" / f"{NAME}{suffix}"
    return DISTPATH / NAME / f"{NAME}{suffix}"


def build(onefile: bool, clean: bool) -> None:
    env = dict(os.environ)
    if onefile:
        env["ANCHORGPU_ONEFILE"] = "1"
    else:
        env.pop("ANCHORGPU_ONEFILE", None)
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--workpath",
        str(WORKPATH / ("onefile" if onefile else "onedir")),
        "--distpath",
        str(DISTPATH / "onefile" if onefile else DISTPATH),
        *(["--clean"] if clean else []),
        str(SPEC),
    ]
    subprocess.run(command, cwd=ROOT, env=env, check=True)


def size_of(path: Path) -> tuple[int, int]:
    """Bytes and number of files under ``path`` (or of the file itself)."""
    if path.is_file():
        return path.stat().st_size, 1
    files = [p for p in path.rglob("*") if p.is_file() and not p.is_symlink()]
    return sum(p.stat().st_size for p in files), len(files)


def unresolved_bundled_libraries(folder: Path) -> list[str]:
    """Linux: Qt libraries some bundled library links to but the bundle does not have."""
    if not sys.platform.startswith("linux"):
        return []
    problems = []
    for path in sorted(folder.rglob("*.so*")):
        if not path.is_file() or path.is_symlink():
            continue
        done = subprocess.run(["ldd", str(path)], capture_output=True, text=True, check=False)
        for line in done.stdout.splitlines():
            name, _, where = line.strip().partition(" => ")
            if where.strip() == "not found" and name.startswith(BUNDLED_PREFIXES):
                problems.append(f"{path.relative_to(folder)} needs {name}")
    return problems


def run_frozen(exe: Path, *args: str, data: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "ANCHORGPU_"))}
    env |= {"QT_QPA_PLATFORM": "offscreen", "ANCHORGPU_PLANNER_DATA": str(data)}
    return subprocess.run(
        [str(exe), *args],
        cwd=data,  # not the clone: nothing may be found through the current folder
        env=env,
        capture_output=True,
        text=True,
        timeout=SELF_TEST_TIMEOUT_S,
        check=False,
    )


def check_bundle(exe: Path) -> bool:
    with tempfile.TemporaryDirectory(prefix="anchorgpu-dist-") as folder:
        data = Path(folder)
        shown = run_frozen(exe, "--version", data=data)
        expected = f"{NAME} {version()}"
        if shown.returncode != 0 or shown.stdout.strip() != expected:
            print(f"--version printed {shown.stdout.strip()!r}, expected {expected!r}")
            print(shown.stderr.strip())
            return False
        print(f"ok  --version: {expected}")
        start = time.perf_counter()
        result = run_frozen(exe, "--self-test", data=data)
        elapsed = time.perf_counter() - start
        print(result.stdout, end="")
        if result.returncode != 0:
            print(result.stderr.strip(), file=sys.stderr)
            print(f"the bundle's self-test failed (exit {result.returncode})", file=sys.stderr)
            return False
        leftovers = [p.name for p in data.iterdir()]
        if leftovers:
            print(f"the self-test left files in the data folder: {', '.join(leftovers)}")
            return False
        print(f"self-test of the bundle took {elapsed:.1f} s")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true", help="one executable file")
    parser.add_argument("--clean", action="store_true", help="empty PyInstaller's cache first")
    parser.add_argument(
        "--no-build", action="store_true", help="check the bundle already in dist/ without building"
    )
    args = parser.parse_args(argv)
    exe = executable(args.onefile)
    if not args.no_build:
        start = time.perf_counter()
        build(args.onefile, args.clean)
        print(f"PyInstaller built {exe.relative_to(ROOT)} in {time.perf_counter() - start:.0f} s")
    if not exe.exists():
        print(f"no bundle at {exe}", file=sys.stderr)
        return 1
    bundle = exe if args.onefile else exe.parent
    problems = unresolved_bundled_libraries(bundle)
    if problems:
        print("libraries missing from the bundle:", *problems, sep="\n  ", file=sys.stderr)
        return 1
    if not check_bundle(exe):
        return 1
    size, files = size_of(bundle)
    print(f"bundle {bundle.relative_to(ROOT)}: {size / 1e6:.1f} MB in {files} file(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
