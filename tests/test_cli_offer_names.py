"""The command line's human-readable text names offers as the app does ("NVIDIA H100 SXM · 80 GiB"),
never by a catalog id alone; JSON output keeps the ids."""

from __future__ import annotations

import json
import re

from tests import catalog_prices as listed
from tests.cli_helpers import run_cli, write_request

REQUEST = {
    "workload": "inference",
    "model": {"preset": "llama-3.1-8b"},
    "inference": {"context_tokens": 8192, "concurrent_sequences": 4},
    "gpu": "h100-80gb-sxm",
    "term": {"unit": "day", "count": 3},
}
OFFER = "NVIDIA H100 SXM · 80 GiB"
ID_ALONE = re.compile(r"(?<![(\w-])h100-80gb-sxm(?![\w)-])")  # an id not in "(…)" beside the name


def test_the_estimate_price_line_names_the_offer_and_its_amounts_line_up(tmp_path, capsys):
    out = run_cli(capsys, "estimate", "--request", write_request(tmp_path, REQUEST)).out
    price = out[out.index("Price (") :].split("\n\n")[0].splitlines()
    compute, total = price[1], price[2]
    rate_line = (
        f"  GPU compute: 1 × {OFFER} × 72 h × {listed.rate('h100-80gb-sxm', 'day')} USD/GPU-hour"
    )
    three_days = listed.usd(listed.compute("h100-80gb-sxm", "day", count=3))
    assert compute.startswith(rate_line)
    assert compute.endswith(three_days) and total.endswith(three_days)
    assert len(compute) == len(total)  # one column of amounts
    assert not ID_ALONE.search(out)


def test_the_estimate_json_keeps_the_catalog_id(tmp_path, capsys):
    data = json.loads(
        run_cli(capsys, "estimate", "--request", write_request(tmp_path, REQUEST), "--json").out
    )
    [line] = data["price"]["line_items"]
    assert line["params"]["gpu"] == "h100-80gb-sxm"


def test_plan_rows_name_offers(tmp_path, capsys):
    out = run_cli(capsys, "plan", "--request", write_request(tmp_path, REQUEST)).out
    rows = [line for line in out.splitlines() if line.startswith(("  * ", "    N"))]
    assert rows and all(OFFER in row for row in rows)
    assert not ID_ALONE.search(out)


def test_fit_heading_names_the_offer(capsys):
    out = run_cli(capsys, "fit", "--gpu", "h100-80gb-sxm").out
    assert out.splitlines()[0].startswith(f"Models on {OFFER} (inference")


def test_history_texts_name_offers(tmp_path, capsys):
    db = str(tmp_path / "history.sqlite")
    request = write_request(tmp_path, REQUEST)
    assert run_cli(capsys, "--db", db, "quote", "save", "--request", request).code == 0
    placed = run_cli(
        capsys, "--db", db, "order", "place", "--request", request, "--idempotency-key", "k"
    ).out
    assert f"1 × {OFFER}, paid" in placed
    listed = run_cli(capsys, "--db", db, "history", "list").out
    rows = listed.splitlines()[1:3]
    assert all(f"1 × {OFFER}" in row for row in rows)
    order_id = rows[0].split()[0]
    shown = run_cli(capsys, "--db", db, "history", "show", order_id).out
    assert f"GPU compute: 1 × {OFFER} × 72 h" in shown
    for out in (placed, listed, shown):
        assert not ID_ALONE.search(out), out
    data = json.loads(run_cli(capsys, "--db", db, "history", "list", "--json").out)
    assert {row["gpu"] for row in data} == {"h100-80gb-sxm"}
