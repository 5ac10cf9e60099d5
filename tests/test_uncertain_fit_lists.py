"""A model not counted exactly is marked in every list of options, not only in ``estimate``.

The config below is of a ``model_type`` the planner does not know: about 9.2 B parameters. On one
L4 at 2,048 tokens its point estimate fits (19.2 of 19.8 GiB usable) but its approximate band
(12.4 to 20.1 GiB) crosses the usable memory; on two, even the band's high end fits.
tests/test_families.py pins how the band and the certainty are worked out. ``plan`` and ``fit``
must carry the range and ``fit_certainty`` in their JSON, mark the per-GPU total in their tables,
and the wizard's offer table must say the fit is uncertain.
"""

from __future__ import annotations

import json
import re

import pytest

from core.domain.catalog import default_catalog
from core.domain.request_parsing import parse_request
from core.planning.planner import plan, plan_to_json
from tests.cli_helpers import run_cli, write_request

BRAND_NEW = {
    "model_type": "brand_new",
    "hidden_size": 5120,
    "num_hidden_layers": 28,
    "num_attention_heads": 40,
    "vocab_size": 32000,
    "intermediate_size": 13824,
}


@pytest.fixture
def models_dir(tmp_path):
    folder = tmp_path / "models" / "brand-new"
    folder.mkdir(parents=True)
    (folder / "config.json").write_text(json.dumps(BRAND_NEW))
    return folder.parent


def _request(models_dir, gpu="l4"):
    return {
        "workload": "inference",
        "model": {"hf_config": str(models_dir / "brand-new" / "config.json")},
        "gpu": gpu,
        "inference": {"context_tokens": 2048, "concurrent_sequences": 1},
    }


def _l4_plan(models_dir):
    return plan(parse_request(_request(models_dir)), default_catalog())


def test_plan_json_carries_the_range_and_the_certainty_of_each_option(models_dir):
    data = plan_to_json(_l4_plan(models_dir))
    single = next(o for o in data["options"] if o["gpus"] == 1)
    assert single["fits"] is True
    assert single["fit_certainty"] == "uncertain"
    low, high = single["approximate"]["band_low"], single["approximate"]["band_high"]
    usable = single["memory_per_gpu"]["total"] + single["headroom_bytes"]
    assert low <= usable < high
    assert "brand_new" in single["approximate"]["reason"]
    # Two L4s: even the high end fits, so the fit is certain though the count is approximate.
    pair = next(o for o in data["options"] if o["gpus"] == 2)
    assert pair["fit_certainty"] == "fits" and pair["approximate"] is not None


def test_plan_table_marks_approximate_and_uncertain_totals(capsys, tmp_path, models_dir):
    result = run_cli(capsys, "plan", "--request", write_request(tmp_path, _request(models_dir)))
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    single = next(line for line in lines if " single " in line)
    assert re.search(r" \?\d+\.\dGiB ", single), single
    tensor = [line for line in lines if " tensor " in line]
    assert tensor and all(re.search(r" ~\d+\.\dGiB ", line) for line in tensor), tensor
    assert "~ approximate: model_type 'brand_new'" in result.out
    assert "? that range crosses the usable memory" in result.out


def test_plan_of_a_counted_model_has_no_marks(capsys, tmp_path):
    request = {"workload": "inference", "model": {"preset": "llama-3.1-8b"}, "gpu": "l4"}
    result = run_cli(capsys, "plan", "--request", write_request(tmp_path, request), "--json")
    assert result.code == 0, result.err
    options = result.json()["options"]
    assert options and all(o["approximate"] is None for o in options)
    assert {o["fit_certainty"] for o in options} <= {"fits", "does_not_fit"}


def test_fit_lists_the_range_and_marks_the_model(capsys, models_dir):
    argv = ("fit", "--gpu", "l4", "--gpus", "1", "--context", "2048", "--models-dir")
    result = run_cli(capsys, *argv, str(models_dir), "--json")
    assert result.code == 0, result.err
    (row,) = result.json()["rows"]
    assert row["fits"] is True and row["fit_certainty"] == "uncertain"
    assert row["approximate"]["band_low"] < row["memory_per_gpu_bytes"]
    table = run_cli(capsys, *argv, str(models_dir)).out.splitlines()
    assert table[2].startswith("  brand-new/config.json") and " ?19.2GiB " in table[2], table
    assert "the fit is uncertain" in table[3]


def test_offer_table_says_the_fit_is_uncertain(qtbot, models_dir):
    from PySide6.QtCore import Qt

    from gui.wizard.offer_table_model import MEMORY, REASON, UNCERTAIN, OfferTableModel

    model = OfferTableModel()
    model.set_plan(_l4_plan(models_dir))
    texts = {model.option(r).estimate.gpus: r for r in range(model.rowCount())}
    single, pair = texts[1], texts[2]
    assert model.index(single, MEMORY).data().startswith("≈ ")
    assert model.index(single, REASON).data().startswith("Fit uncertain: ")
    assert model.index(pair, REASON).data() == ""  # certain: the range only in the tooltip
    colour = Qt.ItemDataRole.ForegroundRole
    assert model.index(single, MEMORY).data(colour) == UNCERTAIN
    assert model.index(pair, MEMORY).data(colour) is None
    tip = model.index(pair, MEMORY).data(Qt.ItemDataRole.ToolTipRole)
    assert "Approximate: " in tip


def _uncertain_quote(models_dir):
    from datetime import UTC, datetime
    from decimal import Decimal

    from core.estimate.dispatch import estimate
    from core.quotes.quote import quote_estimate

    result = estimate(parse_request(_request(models_dir)))
    assert result.fits and result.fit_certainty == "uncertain"
    now = datetime(2026, 12, 3, 10, 0, tzinfo=UTC)
    return quote_estimate(result, default_catalog(), tax_rate=Decimal(0), now=now), now


def test_a_saved_quote_keeps_the_range_and_its_document_shows_it(qtbot, models_dir):
    from core.quotes.snapshot import read_snapshot
    from gui.presentation.quote_document import QuoteDocument

    quote, now = _uncertain_quote(models_dir)
    saved = read_snapshot(quote).estimate
    assert saved.fit_certainty == "uncertain"
    assert saved.approximate is not None
    total = saved.memory.total
    assert total is not None and saved.approximate.low < total < saved.approximate.high
    assert "brand_new" in saved.approximate.reason
    html = QuoteDocument("en").html(quote, now)
    assert "fit uncertain: the model is not counted exactly" in html
    assert "Approximate total per GPU" in html
    assert "to spare" not in html


def test_a_quote_of_a_counted_model_reads_without_a_range():
    from core.quotes.snapshot import read_estimate

    # Saved before the range was kept, or of a model counted exactly: no range, no certainty.
    saved = read_estimate({"fits": True, "approximate": None})
    assert saved.approximate is None and saved.fit_certainty is None
    assert read_estimate({"approximate": {"band_low": "x", "band_high": 3}}).approximate is None


def test_saving_an_uncertain_quote_warns_on_the_command_line(capsys, tmp_path, models_dir):
    request = write_request(tmp_path, _request(models_dir))
    db = str(tmp_path / "history.sqlite")
    result = run_cli(capsys, "--db", db, "quote", "save", "--request", request)
    assert result.code == 0, result.err
    assert result.err.strip() == (
        "anchorgpu-planner: warning: whether 1 × NVIDIA L4 · 24 GiB fits is uncertain: the model "
        "is not counted exactly; saved anyway"
    )


def test_the_offer_page_counts_the_uncertain_options(app_state, qtbot, models_dir):
    from gui.wizard.offer_page import OfferPage

    app_state.update_settings(language="en")  # English plural forms from anchorgpu_en.qm
    page = OfferPage()
    qtbot.addWidget(page)
    request = parse_request(_request(models_dir))
    page.set_plan(_l4_plan(models_dir), request)
    status = page._status.text()
    assert status.endswith(". Of those that fit, 1 may not (amber row)."), status


def test_the_uncertain_count_and_row_read_in_russian(app_state, qtbot, models_dir):
    from gui.wizard.offer_page import OfferPage
    from gui.wizard.offer_table_model import REASON

    app_state.update_settings(language="ru")
    try:
        page = OfferPage()
        qtbot.addWidget(page)
        page.set_plan(_l4_plan(models_dir), parse_request(_request(models_dir)))
        assert page._status.text().endswith("Из подходящих 1 может не поместиться (жёлтая строка).")
        model = page._model
        single = next(r for r in range(model.rowCount()) if model.option(r).estimate.gpus == 1)
        assert model.index(single, REASON).data().startswith("Помещается ли — неясно: на GPU от ")
    finally:
        app_state.update_settings(language="en")
