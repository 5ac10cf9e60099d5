"""A saved quote names its expert-parallel layout: Copy Summary, Compare and ``history show``."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path

from core.app.cli import main
from core.domain.catalog import default_catalog
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.quotes.quote import Quote, quote_estimate
from gui.presentation.comparison import compare_rows, quote_column
from gui.presentation.quote_summary import QuoteSummary
from tests.store_helpers import NOW

EXPERTS = {
    "model": {"preset": "mixtral-8x7b"},
    "gpu": "h100-80gb-sxm",
    "parallelism": {
        "strategy": "tensor",
        "gpus": 8,
        "tensor_parallel": 2,
        "expert_parallel": True,
        "data_parallel": 4,
    },
}
TENSOR = {
    "model": {"preset": "mixtral-8x7b"},
    "gpu": "h100-80gb-sxm",
    "parallelism": {"strategy": "tensor", "gpus": 4},
}
# A dense model asked for expert parallelism: vLLM has no experts to split, the layout stays TP.
DENSE = {
    "model": {"preset": "llama-3.1-8b"},
    "gpu": "h100-80gb-sxm",
    "parallelism": {"strategy": "tensor", "gpus": 2, "expert_parallel": True},
}


def _quote(raw: dict) -> Quote:
    return quote_estimate(
        estimate(parse_request(raw)), default_catalog(), tax_rate=Decimal(0), now=NOW
    )


def test_the_summary_names_the_expert_parallel_layout_in_both_languages(qapp, app_state):
    quote = _quote(EXPERTS)
    text = QuoteSummary("en").text(quote, NOW)
    assert re.search(r"^Layout: +TP 2 × DP 4, EP 8$", text, re.MULTILINE)
    assert "- **Layout:** TP 2 × DP 4, EP 8" in QuoteSummary("en").markdown(quote, NOW)
    app_state.update_settings(language="ru")
    try:
        russian = QuoteSummary("ru").text(quote, NOW)
    finally:
        app_state.update_settings(language="en")
    assert re.search(r"^Раскладка: +TP 2 × DP 4, EP 8$", russian, re.MULTILINE)


def test_summaries_without_experts_are_unchanged(qapp, app_state):
    for raw in (TENSOR, DENSE):
        assert "Layout" not in QuoteSummary("en").text(_quote(raw), NOW)


def test_compare_names_each_serving_layout_when_one_is_expert_parallel(qapp, app_state):
    rows = dict(compare_rows([quote_column(_quote(EXPERTS)), quote_column(_quote(TENSOR))]))
    assert rows["Layout"] == ["TP 2 × DP 4, EP 8", "TP 4"]
    plain = dict(compare_rows([quote_column(_quote(TENSOR)), quote_column(_quote(DENSE))]))
    assert "Layout" not in plain  # the strategy already says it


def test_history_show_names_the_layout(capsys, user_data_dir, tmp_path: Path) -> None:
    path = tmp_path / "request.json"
    path.write_text(json.dumps(EXPERTS))
    assert main(["quote", "save", "--request", str(path)]) == 0
    quote_id = capsys.readouterr().out.strip()
    assert main(["history", "show", quote_id]) == 0
    assert re.search(r"^layout +TP 2 × DP 4, EP 8$", capsys.readouterr().out, re.MULTILINE)
    path.write_text(json.dumps(TENSOR))
    assert main(["quote", "save", "--request", str(path)]) == 0
    plain_id = capsys.readouterr().out.strip()
    assert main(["history", "show", plain_id]) == 0
    assert "layout" not in capsys.readouterr().out
