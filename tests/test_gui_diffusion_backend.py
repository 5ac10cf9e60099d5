"""The diffusion form's quantization backend: shown for a quantized weights format only."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox

from core.domain.request_parsing import parse_request
from core.model.diffusion_pipeline import _QUANT_BITS
from gui.wizard.diffusion_form import QUANTIZED, DiffusionForm
from gui.wizard.field_form import set_combo_value
from tests.test_gui_wizard import settle

FLUX: dict[str, Any] = {"workload": "diffusion", "model": {"preset": "flux.1-dev"}}


def _form(qtbot: Any, request: dict[str, Any]) -> DiffusionForm:
    form = DiffusionForm()
    qtbot.addWidget(form)
    form.load(parse_request(request))
    form.show()
    qtbot.waitExposed(form)
    return form


def test_the_row_follows_the_formats_the_estimate_quantizes():
    assert set(QUANTIZED) == set(_QUANT_BITS)


def test_the_backend_is_shown_only_for_a_quantized_format(qtbot):
    form = _form(qtbot, FLUX)
    row = form.rows["diffusion.quant_backend"]
    assert not row.isVisible() and not row.label.isVisible()  # bf16: nothing is quantized
    weights = form.findChild(QComboBox, "diffusionWeightsDtype")
    for dtype in ("fp8", "int8", "int4"):
        set_combo_value(weights, dtype)
        assert row.isVisible() and row.label.isVisible() and row.isEnabled()
    set_combo_value(weights, "fp16")
    assert not row.isVisible()


def test_the_default_is_bitsandbytes_and_a_choice_reaches_the_request(qtbot):
    form = _form(qtbot, {**FLUX, "precision": {"weights": "int8"}})
    backend = form.findChild(QComboBox, "quantBackend")
    assert backend.currentData() == "bitsandbytes"  # the request's default
    set_combo_value(backend, "quanto")
    raw: dict[str, Any] = dict(FLUX)
    form.fill(raw)
    assert parse_request(raw).diffusion.quant_backend == "quanto"


def test_a_request_shown_and_read_back_keeps_its_backend(qtbot):
    for backend in ("torchao", "layerwise_casting"):
        request = {**FLUX, "precision": {"weights": "fp8"}, "diffusion": {"quant_backend": backend}}
        form = _form(qtbot, request)
        raw: dict[str, Any] = dict(FLUX)  # nothing kept from the draft
        form.fill(raw)
        assert parse_request(raw).diffusion.quant_backend == backend


def test_layerwise_casting_off_fp8_is_refused_on_the_weights_row(main_window, qtbot):
    wizard = main_window.page("plan").wizard
    settle(qtbot, wizard)
    request = {**FLUX, "precision": {"weights": "fp8"}}
    wizard.load_request(parse_request(request))
    page = wizard.sizes_page
    wizard.setCurrentId(wizard.pageIds()[2])
    qtbot.waitUntil(page.isVisible)
    set_combo_value(wizard.findChild(QComboBox, "quantBackend"), "layerwise_casting")
    weights = wizard.findChild(QComboBox, "diffusionWeightsDtype")
    set_combo_value(weights, "int8")
    wizard.live.flush()
    row = page.row_for("precision.weights")
    assert row.field is weights
    qtbot.waitUntil(lambda: row.error is not None)
    assert "fp8" in row.error
    assert not page.isComplete()
    set_combo_value(weights, "fp8")
    wizard.live.flush()
    qtbot.waitUntil(lambda: row.error is None)
    assert wizard.current_request().diffusion.quant_backend == "layerwise_casting"
