"""The one JSON reader: size cap on regular files only, depth, number and text limits."""

from __future__ import annotations

import json
import os
from decimal import Decimal
from pathlib import Path

import pytest

from core.base.errors import CatalogError, InputError
from core.base.safe_json import MAX_DEPTH, MAX_NUMBER_CHARS, loads_json, read_json_file


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("[" * 100_000 + "]" * 100_000, "levels deep"),
        ('{"a":' * 5000 + "1" + "}" * 5000, "levels deep"),
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "levels deep"),
        ('{"n": ' + "9" * 5000 + "}", "number longer than"),
        ('{"n": ' + "1" * (MAX_NUMBER_CHARS + 1) + "}", "number longer than"),
        ('{"n": 0.' + "1" * 200 + "}", "number longer than"),
        ('{"n": NaN}', "NaN"),
        ('{"n": Infinity}', "Infinity"),
        ('{"n": [-Infinity]}', "-Infinity"),
        ('{"n": 1e999}', "1e999"),
        ('{"n": "\\ud800"}', "lone surrogate"),
        ('{"\\udfff": 1}', "lone surrogate"),
    ],
)
def test_hostile_json_is_refused_with_one_message(text: str, match: str) -> None:
    with pytest.raises(InputError, match=match) as caught:
        loads_json(text, source="job.json")
    assert str(caught.value).startswith("job.json ")
    assert "\n" not in str(caught.value)


def test_what_real_files_hold_is_read_unchanged() -> None:
    text = json.dumps({"a": [1, 2.5, "é", {"b": None}], "n": 2**64, "ok": "\ud83d\ude00"})
    assert loads_json(text, source="x") == json.loads(text)
    nested = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert loads_json(nested, source="x") == json.loads(nested)
    assert loads_json('{"t": 0.2}', source="x", parse_float=Decimal) == {"t": Decimal("0.2")}


def test_the_error_class_is_the_callers() -> None:
    with pytest.raises(CatalogError):
        loads_json("[NaN]", source="c.json", error=CatalogError)


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "request.json"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="not a regular file"):
        read_json_file(fifo)


def test_a_device_and_a_folder_are_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not a regular file"):
        read_json_file("/dev/zero")
    with pytest.raises(InputError, match="not a regular file"):
        read_json_file(tmp_path)


def test_a_file_over_the_cap_is_refused_before_it_is_read(tmp_path: Path) -> None:
    sparse = tmp_path / "huge.json"
    with sparse.open("wb") as handle:
        handle.truncate(20 * 10**9)  # sparse: reading it whole would take minutes
    with pytest.raises(InputError, match="larger than 1,000 bytes"):
        read_json_file(sparse, max_bytes=1000)
    exact = tmp_path / "exact.json"
    exact.write_text("[" + " " * 998 + "]")
    assert read_json_file(exact, max_bytes=1000) == []


def test_a_missing_file_is_left_to_the_caller(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_json_file(tmp_path / "nope.json")
