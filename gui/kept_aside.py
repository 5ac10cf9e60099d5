"""Keeping a refused file aside, so that nothing the app writes next replaces it.

A draft or a settings file the app cannot use is renamed to ``<name>.rejected-<UTC time>.json``
beside it; the user is told where it went and can mend it or throw it away.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path


def move_aside(path: Path) -> Path | None:
    """Rename ``path`` to a free ``<stem>.rejected-<UTC time>[-N]<suffix>``; None if it cannot."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    for number in range(1, 100):
        suffix = "" if number == 1 else f"-{number}"
        target = path.with_name(f"{path.stem}.rejected-{stamp}{suffix}{path.suffix}")
        try:
            os.link(path, target)  # never over another kept file
            path.unlink()
        except FileExistsError:
            continue
        except OSError:  # no hard links here: a rename, after a look
            if target.exists():
                continue
            try:
                os.rename(path, target)
            except OSError:
                return None
        return target
    return None
