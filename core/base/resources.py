"""One way to find the files under ``resources/``, from a clone, an installed wheel or a bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def resources_dir() -> Path:
    """Return the folder that holds the bundled data files.

    In a PyInstaller bundle the data lives under ``sys._MEIPASS``; otherwise ``resources`` is a
    sibling of the ``core`` package, both in a clone and in ``site-packages``.
    """
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parents[2] / "resources"  # core/base/resources.py


def resource_path(*parts: str) -> Path:
    """Return the path of a file under ``resources/`` (it need not exist)."""
    return resources_dir().joinpath(*parts)
