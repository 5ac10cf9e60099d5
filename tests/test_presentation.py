"""The one presentation layer: names, units, the live headline, and readable printed quotes."""

from __future__ import annotations

import contextlib
import re
import zlib
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel

from core.base.units import gib_text, offer_text, vendor_label
from core.domain.catalog import default_catalog
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.quotes.quote import quote_estimate
from gui.presentation import formats
from gui.presentation.names import Names, gpu_name, offer, sharding_of
from gui.presentation.printing import DocumentPrinter
from gui.presentation.quote_document import QuoteDocument
from gui.wizard.live_estimate_panel import LiveEstimatePanel

NOW = datetime(2026, 11, 2, 10, 0, tzinfo=UTC)
GIB = 2**30


def test_gpus_are_named_by_vendor_label_and_memory_in_gib(qapp):
    assert vendor_label("NVIDIA H100 SXM 80GB") == "NVIDIA H100 SXM"
    assert vendor_label("AMD Instinct MI250 (one GCD, 64GB)") == "AMD Instinct MI250 (one GCD)"
    assert vendor_label("NVIDIA B200 180GB (HGX)") == "NVIDIA B200 (HGX)"
    assert offer_text("NVIDIA L4 24GB", 24) == "NVIDIA L4 · 24 GiB"
    assert gpu_name("l4") == "NVIDIA L4 · 24 GiB"  # never the catalog id
    assert gpu_name("no-such-gpu") == "no-such-gpu"
    for gpu in default_catalog().gpus:
        name = offer(gpu)
        assert gpu.id not in name and "GB" not in name.replace("GiB", "")


def test_memory_is_gib_in_the_cli_and_the_app(qapp):
    assert gib_text(80 * GIB) == "80.0 GiB"
    assert formats.gib(int(74.5 * GIB)) == "74.5 GiB"


def test_review_and_history_name_strategies_alike_and_fsdp_across_nodes_is_hybrid(qapp):
    names = Names()
    assert names.strategy("ddp") == "DDP (replicas)"
    assert names.strategy("fsdp", "hybrid").startswith("Hybrid sharding")
    assert sharding_of("fsdp", "h100-80gb-sxm", 16) == "hybrid"  # 8 per node
    assert sharding_of("fsdp", "h100-80gb-sxm", 8) == "full"
    assert sharding_of("ddp", "h100-80gb-sxm", 16) is None
    request = parse_request(
        {
            "workload": "training",
            "model": {"preset": "llama-3.1-70b"},
            "gpu": "h100-80gb-sxm",
            "parallelism": {"strategy": "fsdp", "gpus": 16, "fsdp_sharding": "hybrid"},
        }
    )
    quote = quote_estimate(estimate(request), default_catalog(), tax_rate=Decimal(0), now=NOW)
    html = QuoteDocument("en").html(quote, NOW)
    assert "Hybrid sharding" in html
    assert "16 × NVIDIA H100 SXM · 80 GiB" in html


def _label(panel: LiveEstimatePanel, name: str) -> str:
    return panel.findChild(QLabel, name).text()


def test_the_live_headline_never_calls_a_layout_that_does_not_fit_the_cheapest_that_fits(
    qtbot,
):
    panel = LiveEstimatePanel()
    qtbot.addWidget(panel)
    # Llama 3.1 405B in bf16 on one GPU: nothing in the catalog holds it.
    too_big = estimate(parse_request({"model": {"preset": "llama-3.1-405b"}}))
    assert not too_big.fits
    panel.show_result(too_big)
    headline = _label(panel, "estimateSubject")
    assert "cheapest offer that fits" not in headline
    assert "no offer fits this layout; the closest is" in headline
    assert offer(too_big.gpu) in headline
    small = estimate(parse_request({"model": {"preset": "llama-3.1-8b"}}))
    assert small.fits
    panel.show_result(small)
    assert "cheapest offer that fits this layout is" in _label(panel, "estimateSubject")


def _pdf_text_sizes(path: Path) -> list[float]:
    """The printed size in points of every run of text: Tf size × the page's scale (cm)."""
    sizes = []
    data = path.read_bytes()
    for stream in re.findall(rb"stream\r?\n(.*?)endstream", data, re.S):
        with contextlib.suppress(zlib.error):
            stream = zlib.decompress(stream)
        scale = re.search(rb"([\d.]+) 0 0 -?[\d.]+ [\d.-]+ [\d.-]+ cm", stream)
        factor = float(scale.group(1)) if scale else 1.0
        sizes += [float(s) * factor for s in re.findall(rb"/F\d+ ([\d.]+) Tf", stream)]
    return sizes


def _media_box(path: Path) -> tuple[float, float]:
    box = re.search(rb"/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", path.read_bytes())
    assert box
    return float(box.group(1)), float(box.group(2))


@pytest.mark.parametrize(("paper", "points"), [("a4", (595, 842)), ("letter", (612, 792))])
def test_exported_pdfs_print_at_a_readable_size(qapp, tmp_path, paper, points):
    request = parse_request({"model": {"preset": "llama-3.1-8b"}, "gpu": "l4"})
    quote = quote_estimate(estimate(request), default_catalog(), tax_rate=Decimal(0), now=NOW)
    html = QuoteDocument("en").html(quote, NOW, links=False)
    path = tmp_path / f"quote-{paper}.pdf"
    DocumentPrinter().save_pdf(html, quote.id, path, paper)
    width, height = _media_box(path)
    assert (round(width), round(height)) == points
    sizes = _pdf_text_sizes(path)
    assert sizes, "the PDF has text"
    # Body text 10.5 pt; the smallest run (page number, small print) stays readable.
    assert min(sizes) >= 8.5, sizes
    assert max(sizes) <= 20, sizes
