"""``estimate --requests FILE.jsonl`` (and ``-``) and the in-process API in ``core.app.api``."""

from __future__ import annotations

import io
import json
import sys
from decimal import Decimal

import pytest

from core.app import api
from core.app.batch import MAX_LINE_BYTES, estimate_lines, read_lines
from core.base.errors import InputError
from core.domain.catalog import default_catalog
from tests.cli_helpers import run_cli

GOOD = {"model": {"preset": "llama-3.1-8b"}, "gpu": "h100-80gb-sxm"}
TRAINING = {"workload": "training", "model": {"preset": "llama-3.2-1b"}, "gpu": "a100-80gb"}


def lines(*items: object) -> str:
    return "".join((i if isinstance(i, str) else json.dumps(i)) + "\n" for i in items)


def answers(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def test_one_json_line_per_request_equal_to_the_single_estimate(capsys, tmp_path):
    batch = tmp_path / "requests.jsonl"
    batch.write_text(lines(GOOD, TRAINING), "utf-8")
    result = run_cli(capsys, "estimate", "--requests", str(batch))
    assert result.code == 0, result.err
    first, second = answers(result.out)
    assert (first["line"], second["line"]) == (1, 2)
    (tmp_path / "one.json").write_text(json.dumps(TRAINING), "utf-8")
    single = run_cli(capsys, "estimate", "--request", str(tmp_path / "one.json"), "--json").json()
    assert second == {"line": 2, **single}
    assert first["gpu"]["id"] == "h100-80gb-sxm" and first["price"]["total"]


def test_a_bad_request_is_one_error_line_and_the_batch_goes_on(capsys, tmp_path):
    batch = tmp_path / "requests.jsonl"
    unknown = {"model": {"preset": "no-such-model"}}
    negative = {"model": {"preset": "llama-3.1-8b"}, "inference": {"context_tokens": -1}}
    batch.write_text(lines(GOOD, "{not json", "", "[1, 2]", unknown, negative, GOOD), "utf-8")
    result = run_cli(capsys, "estimate", "--requests", str(batch))
    out = answers(result.out)
    assert [a["line"] for a in out] == [1, 2, 4, 5, 6, 7]  # the blank line 3 is skipped
    errors = {a["line"]: a["error"] for a in out if "error" in a}
    assert sorted(errors) == [2, 4, 5, 6]
    assert "not valid JSON" in errors[2]["message"]
    assert errors[4]["field"] == "request"
    assert "no-such-model" in errors[5]["message"]
    assert errors[6]["field"] == "inference.context_tokens"
    assert errors[6]["exit_code"] == 2
    assert "fits" in out[-1]  # the last request after the errors is still estimated
    assert result.code == 2  # some request failed: the highest of their exit codes
    assert result.err == ""


def test_a_line_is_ascii_json_with_every_control_character_escaped(capsys, tmp_path):
    name = "x\x1b[2J\x7f\u202e\u0434\r"  # ESC, DEL, a bidi override, Cyrillic, CR
    batch = tmp_path / "requests.jsonl"
    batch.write_text(lines({"model": {"preset": name}}), "utf-8")
    result = run_cli(capsys, "estimate", "--requests", str(batch))
    assert result.out.isascii() and result.out.endswith("\n")
    assert result.out[:-1].isprintable()  # no raw control character reaches the terminal
    (answer,) = answers(result.out)
    assert name in answer["error"]["message"]  # JSON keeps every character exactly


def test_standard_input(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(lines(GOOD, GOOD).encode())))
    result = run_cli(capsys, "estimate", "--requests", "-")
    assert result.code == 0
    assert [a["line"] for a in answers(result.out)] == [1, 2]


def test_a_missing_batch_file_is_one_line_on_stderr(capsys, tmp_path):
    result = run_cli(capsys, "estimate", "--requests", str(tmp_path / "none.jsonl"))
    assert result.code == 2
    assert result.out == ""
    assert len(result.err.strip().splitlines()) == 1


def test_request_and_requests_are_exclusive(capsys, tmp_path):
    result = run_cli(capsys, "estimate", "--request", "a.json", "--requests", "b.jsonl")
    assert result.code == 2
    assert "not allowed with" in result.err


def test_an_overlong_line_is_refused_without_reading_it_whole():
    long_line = b'{"x": "' + b"a" * (MAX_LINE_BYTES * 2) + b'"}\n'
    stream = io.BytesIO(long_line + json.dumps(GOOD).encode() + b"\n")
    out = list(estimate_lines(read_lines(stream), default_catalog(), Decimal(0)))
    assert [a["line"] for a in out] == [1, 2]
    assert "longer than" in out[0]["error"]["message"]
    assert "fits" in out[1]


def test_a_relative_model_file_is_found_beside_the_batch_file(capsys, tmp_path):
    folder = tmp_path / "jobs"
    folder.mkdir()
    config = {
        "architectures": ["LlamaForCausalLM"],
        "model_type": "llama",
        "hidden_size": 2048,
        "intermediate_size": 8192,
        "num_hidden_layers": 16,
        "num_attention_heads": 32,
        "num_key_value_heads": 8,
        "vocab_size": 128256,
        "max_position_embeddings": 131072,
        "tie_word_embeddings": True,
    }
    (folder / "config.json").write_text(json.dumps(config), "utf-8")
    (folder / "batch.jsonl").write_text(lines({"model": {"hf_config": "config.json"}}), "utf-8")
    result = run_cli(capsys, "estimate", "--requests", str(folder / "batch.jsonl"))
    (answer,) = answers(result.out)
    assert "error" not in answer, answer
    assert answer["model"]["params_total"] > 1_000_000_000


def test_the_api_gives_the_command_lines_answers(capsys, tmp_path):
    (tmp_path / "one.json").write_text(json.dumps(GOOD), "utf-8")
    cli = run_cli(capsys, "estimate", "--request", str(tmp_path / "one.json"), "--json").json()
    assert api.estimate_json(GOOD) == cli
    result = api.estimate(GOOD)
    assert result.memory.total == cli["memory_per_gpu"]["total"]
    assert api.estimate(api.request(GOOD)).memory.total == result.memory.total
    plan = api.plan({"model": {"preset": "llama-3.1-8b"}})
    assert plan.options and plan.options[0].fits
    assert api.plan_json(GOOD)["options"]


def test_the_api_batch_never_raises_and_a_single_call_does():
    out = list(api.estimate_many([GOOD, {"model": {}}, api.request(TRAINING)]))
    assert [("error" in a) for a in out] == [False, True, False]
    assert [a["line"] for a in out] == [1, 2, 3]
    with pytest.raises(InputError):
        api.estimate({"model": {}})


def test_importing_core_stays_light():
    import subprocess

    code = "import sys, core; print('pydantic' in sys.modules, 'core.app.api' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False"]


@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_requests_from_a_fifo_a_device_or_a_folder_are_refused_unread(
    kind, tmp_path, user_data_dir
):
    """A FIFO without a writer would wait forever and ``/dev/zero`` never ends: one line, exit 2."""
    import os
    import subprocess
    from pathlib import Path

    if kind == "fifo":
        target = tmp_path / "requests.fifo"
        os.mkfifo(target)
    elif kind == "folder":
        target = tmp_path / "requests"
        target.mkdir()
    else:
        target = Path("/dev/zero")
    root = Path(__file__).resolve().parents[1]
    env = os.environ | {"PYTHONPATH": str(root)}
    argv = [sys.executable, "-m", "core", "estimate", "--requests", str(target)]
    # The timeout only ends a run that would otherwise never end; it is not a measurement.
    done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        f"anchorgpu-planner: error: {target} is not a regular file "
        "(a folder, pipe or device is not read)"
    ]


def test_requests_are_read_as_far_as_the_file_reached_when_it_was_opened(tmp_path):
    from core.app.batch import open_batch

    path = tmp_path / "requests.jsonl"
    path.write_text(lines(GOOD))
    with open_batch(path) as stream:
        with path.open("a") as grower:
            grower.write(lines(TRAINING))
        assert [number for number, _line in read_lines(stream)] == [1]
