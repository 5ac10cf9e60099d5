r"""Where the app keeps its per-user files, found without Qt.

The data folder is the one Qt's ``QStandardPaths.AppDataLocation`` names for organisation
"AnchorGPU" and application "AnchorGPU Planner", so the GUI and the command line share one history:

- Linux: ``$XDG_DATA_HOME`` (else ``~/.local/share``) ``/AnchorGPU/AnchorGPU Planner``
- Windows: ``%APPDATA%\AnchorGPU\AnchorGPU Planner`` (the roaming profile)
- macOS: ``~/Library/Application Support/AnchorGPU/AnchorGPU Planner``

``ANCHORGPU_PLANNER_DATA`` overrides the folder and ``ANCHORGPU_PLANNER_DB`` the history file.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

ORGANIZATION_NAME = "AnchorGPU"
APPLICATION_NAME = "AnchorGPU Planner"
DATA_ENV = "ANCHORGPU_PLANNER_DATA"
DB_ENV = "ANCHORGPU_PLANNER_DB"
DB_FILENAME = "history.sqlite"
SETTINGS_FILENAME = "settings.json"


def data_dir() -> Path:
    """Return the per-user data folder (it may not exist yet)."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override).expanduser()
    # platformdirs drops the organisation on Linux and macOS; Qt keeps it everywhere, so the
    # two names are appended to the bare per-user base folder.
    base = Path(platformdirs.user_data_dir(roaming=True))
    return base / ORGANIZATION_NAME / APPLICATION_NAME


def default_db_path() -> Path:
    """Return the history database file: ``$ANCHORGPU_PLANNER_DB``, else in :func:`data_dir`."""
    override = os.environ.get(DB_ENV)
    if override:
        return Path(override).expanduser()
    return data_dir() / DB_FILENAME


def settings_path() -> Path:
    """Return the user settings file in :func:`data_dir`."""
    return data_dir() / SETTINGS_FILENAME


def ensure_private_dir(folder: Path) -> Path:
    """Create ``folder`` and its missing parents readable by their owner only (0700); return it.

    The XDG Base Directory Specification asks for 0700 on a base folder the app has to create
    (https://specifications.freedesktop.org/basedir-spec/latest/, "Referencing this
    specification"), and every folder made on the way to the data folder gets the same. A
    folder that already exists keeps its permissions: it may be shared on purpose.
    """
    missing = []
    for step in (folder, *folder.parents):
        if step.exists():
            break
        missing.append(step)
    for step in reversed(missing):
        try:
            step.mkdir(mode=0o700)
        except FileExistsError:  # made meanwhile by another process: it keeps its mode
            continue
        if os.name == "posix":
            os.chmod(step, 0o700)  # mkdir's mode is filtered by the umask
    return folder
