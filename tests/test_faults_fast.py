"""A fast subset of every fault-injection run (`make faults` runs them in full)."""

from __future__ import annotations

import sys

import pytest

from tests.faults.__main__ import REQUIRED, discover, table

pytestmark = [
    pytest.mark.faults,
    pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL and POSIX locks"),
]
MINE = ("fault_crash", "fault_kill", "fault_race")


@pytest.mark.parametrize("name", MINE)
def test_the_quick_run_loses_and_breaks_nothing(name: str) -> None:
    import importlib

    counts = importlib.import_module(f"tests.faults.{name}").main(["--quick"])
    assert {key: counts[key] for key in REQUIRED} == dict.fromkeys(REQUIRED, 0), counts
    done = counts.get("kills", 0) + counts.get("crash_points", 0) + counts.get("races", 0)
    assert done > 0, counts


def test_every_fault_module_is_discovered_and_tabled() -> None:
    assert set(MINE) <= set(discover())
    text = table({"fault_x": {"kills": 3, **dict.fromkeys(REQUIRED, 0)}})
    assert "fault_x" in text and "kills" in text and "hangs" in text
