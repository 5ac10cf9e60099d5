"""A fast, fixed-seed subset of the fuzzing run (``tests/faults/fault_fuzz.py``)."""

from __future__ import annotations

from tests.faults.fault_fuzz import main


def test_two_hundred_fuzzed_inputs_end_cleanly() -> None:
    counts = main(["--inputs", "200", "--seed", "7", "--no-processes"])
    problems = ("lost", "duplicated", "corrupted", "tracebacks", "hangs", "unclear", "bad_json")
    assert {key: counts[key] for key in problems} == dict.fromkeys(problems, 0), counts
    assert counts["runs"] == 200
    assert counts.get("exit_0", 0) > 0 and counts.get("exit_2", 0) > 0  # both paths were taken
