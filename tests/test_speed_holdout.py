"""The hold-out of serving runs (tests/validation/speed_silicon.py): its rule and its figures."""

from __future__ import annotations

import pytest

from tests.validation.holdout_report import holdout_rows, stats_by
from tests.validation.speed_silicon import points

DENSE = ("llama-3.1-8b", "llama-3.1-70b", "qwen3-32b")  # the rule in make_silicon_points.py
HOPPER = ("h100-80gb-sxm", "h200-141gb")


def test_the_split_follows_the_rule_written_before_the_planner_ran() -> None:
    rows = points()
    assert len(rows) == 274  # 137 deployments × concurrencies, two metrics each
    for p in rows:
        calibration = p.engine in ("vllm", "sglang") and p.gpu in HOPPER and p.model in DENSE
        assert p.split == ("calibration" if calibration else "validation"), p.id
        assert p.served and p.batch is not None and p.tp == p.gpus
    # Every engine, GPU and a spread of models are there to judge the model.
    assert {p.engine for p in rows} == {"trtllm", "vllm", "sglang"}
    assert {p.gpu for p in rows} == {*HOPPER, "b200-180gb", "b300-288gb"}
    assert len({p.model for p in rows}) == 10


def test_the_hold_out_figures_the_document_reports() -> None:
    """Pins docs/ACCURACY.md's hold-out summary: a change to the speed model shows up here."""
    stats = stats_by(holdout_rows(), lambda r: (r.point.split, r.point.measured))
    tpot, ttft = stats[("validation", "tpot_ms")], stats[("validation", "ttft_ms")]
    assert (tpot.n, tpot.within) == (123, 83)
    assert tpot.median_abs == pytest.approx(0.191, abs=0.005)
    assert tpot.geomean == pytest.approx(1.02, abs=0.01)
    # The time to first token: vLLM's and SGLang's queueing fitted on the calibration split;
    # TensorRT-LLM's figure stays a floor, several times too short.
    assert (ttft.n, ttft.within) == (123, 27)
    assert ttft.median_abs == pytest.approx(0.686, abs=0.01)
    by_engine = stats_by(
        [r for r in holdout_rows() if r.point.measured == "ttft_ms"],
        lambda r: (r.point.split, r.point.engine),
    )
    assert by_engine[("validation", "vllm")].median_abs == pytest.approx(0.271, abs=0.01)
    assert by_engine[("validation", "trtllm")].geomean > 3
