"""The sizes page's serving-engine rows: llama.cpp's cache types and offloaded layers."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QSpinBox

from core.request import parse_request
from gui.wizard.field_form import set_combo_value
from gui.wizard.inference_form import ALL_LAYERS, InferenceForm


def _form(qtbot: Any) -> InferenceForm:
    form = InferenceForm()
    qtbot.addWidget(form)
    form.load(parse_request({"model": {"preset": "llama-2-7b"}}))
    return form


def test_llama_cpp_rows_apply_only_to_llama_cpp(qtbot):
    form = _form(qtbot)
    assert not form.rows["inference.llamacpp.cache_type_k"].isEnabled()
    assert form.rows["inference.gpu_memory_utilization"].isEnabled()
    set_combo_value(form.findChild(QComboBox, "servingEngine"), "llama.cpp")
    assert form.rows["inference.llamacpp.n_gpu_layers"].isEnabled()
    assert not form.rows["inference.gpu_memory_utilization"].isEnabled()
    assert not form.rows["precision.kv_cache"].isEnabled()


def test_the_controls_write_the_request(qtbot):
    form = _form(qtbot)
    set_combo_value(form.findChild(QComboBox, "servingEngine"), "llama.cpp")
    set_combo_value(form.findChild(QComboBox, "llamaCppCacheK"), "q4_0")
    layers = form.findChild(QSpinBox, "llamaCppGpuLayers")
    assert layers.value() == ALL_LAYERS and layers.specialValueText()
    raw: dict[str, Any] = {"model": {"preset": "llama-2-7b"}}
    form.fill(raw)
    request = parse_request(raw)
    assert request.inference.engine == "llama.cpp"
    assert request.inference.llamacpp.cache_type_k == "q4_0"
    assert request.inference.llamacpp.n_gpu_layers is None
    layers.setValue(20)
    form.fill(raw)
    assert parse_request(raw).inference.llamacpp.n_gpu_layers == 20
