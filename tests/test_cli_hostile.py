"""Hostile files and arguments end in one line on stderr and exit code 2, never a traceback."""

from __future__ import annotations

import json
import os
import signal
import struct
import time
from pathlib import Path

import pytest

from core.app.cli.output import dumps, escape_controls
from core.base.errors import CatalogError, ModelSourceError
from core.domain.catalog import parse_catalog
from core.model.safetensors_header import MAX_TENSORS, read_header
from tests.cli_helpers import CliResult, run_cli, write_request


def _refused(result: CliResult, *words: str) -> None:
    assert result.code == 2, result.err
    assert len(result.err.strip().splitlines()) == 1, result.err
    assert "Traceback" not in result.err
    for word in words:
        assert word in result.err


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("[" * 50_000 + "]" * 50_000, "levels deep"),
        ('{"model": {"custom": {"params": ' + "7" * 5000 + "}}}", "number longer"),
        (
            '{"model": {"preset": "llama-3.1-8b"}, "inference": {"gpu_memory_utilization": NaN}}',
            "NaN",
        ),
        (
            '{"model": {"preset": "llama-3.1-8b"}, "runtime": {"context_gib": -Infinity}}',
            "Infinity",
        ),
        ('{"model": {"preset": "llama-3.1-8b"}, "gpu": "\\udc80"}', "surrogate"),
    ],
)
@pytest.mark.parametrize("command", ["estimate", "plan"])
def test_hostile_request_is_refused(capsys, tmp_path, command, text, word):
    path = tmp_path / "job.json"
    path.write_text(text)
    _refused(run_cli(capsys, command, "--request", str(path)), "job.json", word)


def test_request_from_a_device_or_fifo_is_refused_at_once(capsys, tmp_path):
    fifo = tmp_path / "job.fifo"
    os.mkfifo(fifo)
    for source in ("/dev/zero", str(fifo)):
        _refused(run_cli(capsys, "plan", "--request", source), source, "not a regular file")


def test_a_huge_request_file_is_not_read(capsys, tmp_path):
    sparse = tmp_path / "job.json"
    with sparse.open("wb") as handle:
        handle.truncate(20 * 10**9)
    _refused(run_cli(capsys, "estimate", "--request", str(sparse)), "larger than")


def test_a_config_json_with_nan_or_deep_nesting_is_refused(capsys, tmp_path):
    llama = '{"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32, '
    nan = llama + '"num_hidden_layers": NaN, "vocab_size": 32000, "intermediate_size": 11008}'
    for text, word in ((nan, "'num_hidden_layers' is NaN"), ("[" * 9000 + "]" * 9000, "deep")):
        (tmp_path / "config.json").write_text(text)
        path = write_request(tmp_path, {"model": {"hf_config": "config.json"}})
        _refused(run_cli(capsys, "estimate", "--request", path), "config.json", word)


def _safetensors(path: Path, header: dict[str, object], data: int) -> None:
    raw = json.dumps(header).encode()
    path.write_bytes(struct.pack("<Q", len(raw)) + raw + b"\0" * data)


def test_a_header_of_too_many_tensors_is_refused_quickly(capsys, tmp_path):
    count = MAX_TENSORS + 1
    header = {
        f"t{i}": {"dtype": "U8", "shape": [1], "data_offsets": [i, i + 1]} for i in range(count)
    }
    _safetensors(tmp_path / "many.safetensors", header, count)
    path = write_request(tmp_path, {"model": {"safetensors": "many.safetensors"}})
    start = time.monotonic()
    result = run_cli(capsys, "estimate", "--request", path)
    _refused(result, "100,001 tensors", "100,000")
    assert time.monotonic() - start < 5  # decoding them all took seconds per 100,000


def test_a_tensor_of_a_million_dimensions_is_refused(capsys, tmp_path):
    header = {"t": {"dtype": "U8", "shape": [10**50] * 1_000_000, "data_offsets": [0, 1]}}
    _safetensors(tmp_path / "rank.safetensors", header, 1)
    path = write_request(tmp_path, {"model": {"safetensors": "rank.safetensors"}})
    _refused(run_cli(capsys, "estimate", "--request", path), "up to 64 sizes")


def test_a_safetensors_fifo_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "model.safetensors"
    os.mkfifo(fifo)

    def waited(signum: int, frame: object) -> None:
        raise TimeoutError("read_header waited for a writer")

    previous = signal.signal(signal.SIGALRM, waited)
    signal.alarm(5)
    try:
        with pytest.raises(ModelSourceError, match="not a regular file"):
            read_header(fifo)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _catalog(tmp_path: Path, **prices: str) -> dict[str, object]:
    from core.domain.catalog import bundled_catalog_path

    raw = json.loads(bundled_catalog_path().read_text("utf-8"))
    raw["gpus"][0]["price_per_gpu_hour"].update(prices)
    return raw


@pytest.mark.parametrize("price", ["0.004", "0.001", "0.0000001"])
def test_a_price_that_rounds_to_zero_is_refused(tmp_path, price):
    with pytest.raises(CatalogError, match=f"hour term \\({price}\\) makes one GPU for one hour"):
        parse_catalog(_catalog(tmp_path, hour=price))


def test_a_month_price_is_refused_when_a_whole_month_rounds_to_zero(tmp_path):
    with pytest.raises(CatalogError, match="cost 0 USD"):
        parse_catalog(_catalog(tmp_path, month="0.000001"))
    parse_catalog(_catalog(tmp_path, month="0.00001"))  # 720 hours cost 0.0072, so 0.01


def test_the_smallest_price_that_rounds_up_is_kept(tmp_path):
    parse_catalog(_catalog(tmp_path, hour="0.005"))


def test_a_catalog_with_infinity_is_refused_by_the_commands(capsys, user_data_dir, tmp_path):
    text = json.dumps(_catalog(tmp_path)).replace('"vram_gib": 141', '"vram_gib": Infinity')
    (tmp_path / "catalog.json").write_text(text)
    user_data_dir.mkdir(parents=True)
    (user_data_dir / "settings.json").write_text(
        json.dumps({"catalog_path": str(tmp_path / "catalog.json")})
    )
    path = write_request(tmp_path, {"model": {"preset": "llama-3.1-8b"}})
    _refused(run_cli(capsys, "plan", "--request", path), "catalog.json", "Infinity")


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        "{" + '"language": "en", ' * 200_000 + '"x": 1}',  # valid JSON of 3.6 MB
        '{"tax_rate": 1e999}',
    ],
)
def test_a_deep_or_huge_settings_file_is_refused(capsys, user_data_dir, tmp_path, text):
    user_data_dir.mkdir(parents=True)
    (user_data_dir / "settings.json").write_text(text)
    path = write_request(tmp_path, {"model": {"preset": "llama-3.1-8b"}})
    _refused(run_cli(capsys, "estimate", "--request", path), "settings file")


@pytest.mark.parametrize(
    ("option", "value"),
    [("--offset", "9" * 20), ("--offset", "-1"), ("--limit", "0"), ("--limit", "9" * 400)],
)
def test_numeric_options_out_of_range_are_refused(capsys, user_data_dir, option, value):
    _refused(run_cli(capsys, "history", "list", option, value), option)


def test_control_characters_of_a_label_are_shown_escaped(capsys, user_data_dir, tmp_path):
    path = write_request(tmp_path, {"model": {"preset": "llama-3.1-8b"}, "gpu": "h100-80gb-sxm"})
    label = "ok\x1b[2J\x1b[31mred\rgone\u202e"
    saved = run_cli(capsys, "quote", "save", "--request", path, "--label", label)
    assert saved.code == 0, saved.err
    for argv in (["history", "list"], ["history", "show", saved.out.strip()]):
        result = run_cli(capsys, *argv)
        assert result.code == 0, result.err
        assert "ok\\u001b[2J\\u001b[31mred\\rgone\\u202e" in result.out
        assert not any(c in result.out for c in "\x1b\r\u202e")
    listed = run_cli(capsys, "history", "list", "--json")
    assert json.loads(listed.out)[0]["label"] == label  # escaped output is still the same JSON


def test_an_error_naming_a_path_with_a_line_feed_stays_one_line(capsys, tmp_path):
    odd = tmp_path / "two\nlines\x1b[31m.json"
    result = run_cli(capsys, "estimate", "--request", str(odd))
    _refused(result, "two\\nlines\\u001b[31m.json")


def test_json_output_never_holds_nan_or_infinity():
    text = dumps({"a": float("nan"), "b": [float("inf"), 1.5], "c": "x"})
    assert json.loads(text) == {"a": None, "b": [None, 1.5], "c": "x"}
    assert escape_controls("tab\there\nnext\x00") == "tab\\there\nnext\\u0000"


@pytest.mark.parametrize(
    "argv",
    [
        ["history", "show", "q_\udcff"],
        ["history", "list", "--search", "\udcff"],
        ["quote", "save", "--request", "x.json", "--label", "\udc80"],
    ],
)
def test_words_with_bytes_that_are_not_utf8_are_refused(capsys, user_data_dir, argv):
    _refused(run_cli(capsys, *argv), "not valid text")
