"""A fast, fixed-seed subset of the fuzzing run (``tests/faults/fault_fuzz.py``)."""

from __future__ import annotations

from tests.faults.fault_fuzz import main


def test_two_hundred_fuzzed_inputs_end_cleanly() -> None:
    counts = main(["--inputs", "200", "--seed", "7", "--no-processes"])
    problems = ("lost", "duplicated", "corrupted", "tracebacks", "hangs", "unclear", "bad_json")
    assert {key: counts[key] for key in problems} == dict.fromkeys(problems, 0), counts
    assert counts["runs"] == 200
    assert counts.get("exit_0", 0) > 0 and counts.get("exit_2", 0) > 0  # both paths were taken


def test_the_quick_option_of_the_fault_runs_is_understood() -> None:
    """``python -m tests.faults --quick`` passes --quick to every run; fault_fuzz stopped at it."""
    counts = main(["--quick", "--inputs", "22", "--seed", "3", "--no-processes"])
    assert counts["runs"] == 22
    assert counts["tracebacks"] == counts["hangs"] == 0, counts


def test_a_fault_run_that_stops_still_leaves_the_others_figures(capsys, monkeypatch) -> None:
    import tests.faults.__main__ as faults

    def stop(argv):
        raise SystemExit(2)

    monkeypatch.setattr("tests.faults.fault_crash.main", stop)
    monkeypatch.setattr(
        "tests.faults.fault_race.main", lambda argv: {**dict.fromkeys(faults.REQUIRED, 0)}
    )
    assert faults.main(["fault_crash", "fault_race", "--quick"]) == 1
    out = capsys.readouterr().out
    table = out[out.index("module") :]
    assert "fault_crash" in table and "fault_race" in table and "stopped" in table


def test_sixty_hostile_inputs_to_the_app_end_cleanly(qapp) -> None:
    from tests.faults.fault_app import main as app_main

    counts = app_main(["--inputs", "60", "--seed", "11"])
    problems = ("lost", "duplicated", "corrupted", "tracebacks", "hangs", "over_1gib")
    assert {key: counts[key] for key in problems} == dict.fromkeys(problems, 0), counts
    assert counts["runs"] == 60 and counts["refused"] > 0
