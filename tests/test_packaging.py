"""``pip install .`` must carry every file under resources/: build the wheel and look inside."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _git_files(*args: str) -> list[str]:
    done = subprocess.run(
        ["git", "ls-files", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if done.returncode != 0 or not done.stdout.strip():
        pytest.skip("not a git checkout")
    return [line for line in done.stdout.splitlines() if line.strip()]


def _copy_source(target: Path) -> None:
    """Copy the files git knows (tracked or not ignored), so the build leaves the clone clean."""
    for name in _git_files("--cached", "--others", "--exclude-standard"):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


@pytest.mark.slow
def test_wheel_contains_every_resource_file(tmp_path):
    tracked = _git_files("resources")
    source = tmp_path / "src"
    _copy_source(source)
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(source),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert build.returncode == 0, build.stderr[-2000:]
    wheels = list(tmp_path.glob("anchorgpu_planner-*.whl"))
    assert len(wheels) == 1
    names = set(zipfile.ZipFile(wheels[0]).namelist())
    missing = [path for path in tracked if path not in names]
    assert missing == []
    assert "core/app/cli/__init__.py" in names and "gui/launcher.py" in names
    assert not any(name.startswith("tests/") for name in names)
    # Development tooling (screenshots, icon drawing) stays out of the installed packages.
    assert not any(name.startswith("tools/") for name in names)
    dev_tools = ("screenshots.py", "_shots.py", "make_icons.py")
    assert not any(name.endswith(dev_tools) for name in names)
