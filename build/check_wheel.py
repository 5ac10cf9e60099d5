"""Check the wheel the way a workstation installs it: ``pip wheel .``, a fresh venv, the self-test.

1. ``pip wheel --no-deps`` builds the wheel from a copy of the clone (the files git knows), so the
   build leaves nothing in the clone.
2. A fresh virtual environment installs the wheel with its dependencies from the package index.
3. The installed ``anchorgpu-planner --self-test`` must pass, run from outside the clone, and the
   ``core`` it imports must be the installed one.
4. ``--pipx``: ``pipx install`` of the same source (pipx itself goes into a temporary venv when it
   is not on PATH) must give an ``anchorgpu-planner`` command that passes the self-test too.

Everything happens in a temporary folder that is deleted afterwards (``--keep`` keeps it).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NAME = "anchorgpu-planner"
SOURCE_PARTS = ("core", "gui", "resources", "pyproject.toml", "README.md")


def bin_dir(venv: Path) -> Path:
    return venv / ("Scripts" if sys.platform == "win32" else "bin")


def run(command: list[str | Path], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    print("$", " ".join(str(c) for c in command), flush=True)
    return subprocess.run([str(c) for c in command], text=True, check=True, **kwargs)


def copy_source(target: Path) -> None:
    """The files git tracks or would track; without git, the packaged folders."""
    done = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    names = done.stdout.splitlines() if done.returncode == 0 else []
    if not names:
        for part in SOURCE_PARTS:
            source = ROOT / part
            if source.is_dir():
                shutil.copytree(source, target / part, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy2(source, target / part)
        return
    for name in names:
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def clean_env(home: Path) -> dict[str, str]:
    """Environment of installed commands: no PYTHONPATH, offscreen Qt, a throw-away data folder."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTHON", "ANCHORGPU_", "VIRTUAL_ENV"))
    }
    env |= {"QT_QPA_PLATFORM": "offscreen", "ANCHORGPU_PLANNER_DATA": str(home / "user-data")}
    return env


def self_test(command: Path, work: Path) -> None:
    start = time.perf_counter()
    result = subprocess.run(
        [str(command), "--self-test"],
        cwd=work,
        env=clean_env(work),
        capture_output=True,
        text=True,
        check=False,
    )
    print(result.stdout, end="")
    if result.returncode != 0:
        print(result.stderr, file=sys.stderr)
        raise SystemExit(f"{command} --self-test failed (exit {result.returncode})")
    print(f"self-test of {command} took {time.perf_counter() - start:.1f} s")


def installed_from(python: Path, work: Path) -> Path:
    done = subprocess.run(
        [str(python), "-c", "import core; print(core.__file__)"],
        cwd=work,
        env=clean_env(work),
        capture_output=True,
        text=True,
        check=True,
    )
    return Path(done.stdout.strip()).resolve()


def check_wheel(work: Path) -> None:
    source = work / "src"
    copy_source(source)
    wheels = work / "wheels"
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", wheels, source])
    (wheel,) = wheels.glob("anchorgpu_planner-*.whl")
    venv = work / "venv"
    run([sys.executable, "-m", "venv", venv])
    python = bin_dir(venv) / "python"
    run([python, "-m", "pip", "install", "-q", "--upgrade", "pip"])
    run([python, "-m", "pip", "install", "-q", wheel])
    core_file = installed_from(python, work)
    if not core_file.is_relative_to(venv.resolve()):
        raise SystemExit(f"the fresh venv imports core from {core_file}, not from the wheel")
    self_test(bin_dir(venv) / NAME, work)
    print(f"wheel {wheel.name}: installed into a fresh venv, self-test passed")


def check_pipx(work: Path) -> None:
    pipx = shutil.which("pipx")
    if pipx is None:
        tools = work / "pipx-tool"
        run([sys.executable, "-m", "venv", tools])
        run([bin_dir(tools) / "python", "-m", "pip", "install", "-q", "pipx"])
        pipx = str(bin_dir(tools) / "pipx")
    home, bins = work / "pipx-home", work / "pipx-bin"
    env = clean_env(work) | {"PIPX_HOME": str(home), "PIPX_BIN_DIR": str(bins)}
    env["PIPX_MAN_DIR"] = str(work / "pipx-man")
    run([pipx, "install", "--python", sys.executable, work / "src"], env=env, cwd=work)
    command = bins / (f"{NAME}.exe" if sys.platform == "win32" else NAME)
    if not command.exists():
        raise SystemExit(f"pipx install gave no {command.name} command in {bins}")
    self_test(command, work)
    print("pipx install: the anchorgpu-planner command passes the self-test")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pipx", action="store_true", help="also check `pipx install`")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="anchorgpu-wheel-"))
    start = time.perf_counter()
    try:
        check_wheel(work)
        print(f"wheel check took {time.perf_counter() - start:.0f} s")
        if args.pipx:
            start = time.perf_counter()
            check_pipx(work)
            print(f"pipx check took {time.perf_counter() - start:.0f} s")
    except subprocess.CalledProcessError as error:
        print(f"failed: {error}", file=sys.stderr)
        return 1
    finally:
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
