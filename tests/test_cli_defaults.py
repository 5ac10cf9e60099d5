"""What the command line does when a user leaves something out.

``history`` without an action lists, as ``history list`` does; ``estimate`` without a GPU picks
the cheapest offer that fits (and its layout, when the request leaves that open too), or says
which offer and layout would fit.
"""

from __future__ import annotations

from pathlib import Path

from tests.cli_helpers import run_cli, write_request


def test_history_without_an_action_lists_the_history(capsys, tmp_path: Path) -> None:
    request = write_request(tmp_path, {"model": {"preset": "llama-3.1-8b"}, "gpu": "l4"})
    assert run_cli(capsys, "quote", "save", "--request", request, "--label", "first").code == 0
    listed = run_cli(capsys, "history", "list")
    bare = run_cli(capsys, "history")
    assert bare.code == 0, bare.err
    assert bare.out == listed.out
    assert "first" in bare.out and "(1-1 of 1)" in bare.out


def test_history_keeps_the_db_option(capsys, tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite"
    request = write_request(tmp_path, {"model": {"preset": "llama-3.1-8b"}, "gpu": "l4"})
    run_cli(capsys, "--db", str(other), "quote", "save", "--request", request, "--label", "x")
    assert "(1-1 of 1)" in run_cli(capsys, "--db", str(other), "history").out
    assert "no saved quotes or orders match" in run_cli(capsys, "history").out


def test_estimate_without_a_gpu_names_the_cheapest_that_fits(capsys, tmp_path: Path) -> None:
    request = write_request(tmp_path, {"model": {"preset": "llama-3.1-8b"}})
    result = run_cli(capsys, "estimate", "--request", request, "--json")
    data = result.json()
    assert data["fits"] is True
    assert data["gpu_choice"]["reason"] == "cheapest_fit"
    assert data["gpu_choice"]["gpu"] == data["gpu"]["id"] == "l4"  # 0.59 USD per GPU-hour
    text = run_cli(capsys, "estimate", "--request", request).out
    assert "No GPU named: NVIDIA L4 · 24 GiB, the cheapest offer that fits on 1 GPU." in text


def test_estimate_without_a_gpu_or_layout_shows_a_layout_that_fits(capsys, tmp_path) -> None:
    # 405B parameters in bf16 (~756 GiB of weights) fit on no single GPU of the catalog.
    request = write_request(tmp_path, {"model": {"preset": "llama-3.1-405b"}})
    data = run_cli(capsys, "estimate", "--request", request, "--json").json()
    assert data["fits"] is True
    choice = data["gpu_choice"]
    assert choice["reason"] == "cheapest_layout"
    plan = run_cli(capsys, "plan", "--request", request, "--json").json()
    first = plan["options"][0]
    assert (choice["gpu"], choice["gpus"]) == (first["gpu"], first["gpus"])
    assert data["price"]["total"] == first["price"]["total"]
    text = run_cli(capsys, "estimate", "--request", request).out
    assert "no offer fits on 1 GPU: the cheapest that fits is shown" in text


def test_estimate_with_a_layout_but_no_gpu_says_which_would_fit(capsys, tmp_path) -> None:
    request = write_request(
        tmp_path,
        {"model": {"preset": "llama-3.1-405b"}, "parallelism": {"strategy": "tensor", "gpus": 2}},
    )
    data = run_cli(capsys, "estimate", "--request", request, "--json").json()
    assert data["fits"] is False and data["gpus"] == 2
    choice = data["gpu_choice"]
    assert choice["reason"] == "closest"
    assert choice["gpus"] > 2
    text = run_cli(capsys, "estimate", "--request", request).out
    assert "no offer fits on 2 GPUs as requested" in text
    assert f"the cheapest that fits: {choice['gpus']} × " in text
