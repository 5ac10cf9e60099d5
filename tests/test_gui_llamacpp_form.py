"""The sizes page's serving-engine rows: llama.cpp's cache types and offloaded layers."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox, QWidget

from core.domain.request_parsing import parse_request
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


def test_flash_attention_and_the_batches_show_only_for_llama_cpp(qtbot):
    form = _form(qtbot)
    form.show()
    qtbot.waitExposed(form)
    paths = ("flash_attn", "n_batch", "n_ubatch", "cache_type_k", "n_gpu_layers")
    rows = [form.rows[f"inference.llamacpp.{name}"] for name in paths]
    assert not any(row.isVisible() or row.label.isVisible() for row in rows)
    set_combo_value(form.findChild(QComboBox, "servingEngine"), "llama.cpp")
    assert all(row.isVisible() and row.label.isVisible() and row.isEnabled() for row in rows)
    set_combo_value(form.findChild(QComboBox, "servingEngine"), "vllm")
    assert not any(row.isVisible() for row in rows)


def test_the_defaults_are_llama_cpps_and_the_new_controls_write_the_request(qtbot):
    form = _form(qtbot)
    flash = form.findChild(QCheckBox, "llamaCppFlashAttn")
    batch = form.findChild(QSpinBox, "llamaCppBatch")
    ubatch = form.findChild(QSpinBox, "llamaCppUbatch")
    # common/common.h: n_batch 2048, n_ubatch 512, flash attention "auto" (on for CUDA/ROCm).
    assert (flash.isChecked(), batch.value(), ubatch.value()) == (True, 2048, 512)
    set_combo_value(form.findChild(QComboBox, "servingEngine"), "llama.cpp")
    flash.setChecked(False)
    batch.setValue(4096)
    ubatch.setValue(1024)
    raw: dict[str, Any] = {"model": {"preset": "llama-2-7b"}}
    form.fill(raw)
    options = parse_request(raw).inference.llamacpp
    assert (options.flash_attn, options.n_batch, options.n_ubatch) == (False, 4096, 1024)
    # The spin boxes take what the request accepts, no more (llama.cpp wants at least 1).
    assert (batch.minimum(), ubatch.minimum()) == (1, 1)


def test_a_request_shown_and_read_back_keeps_every_llama_cpp_option(qtbot):
    form = _form(qtbot)
    wanted = {
        "n_gpu_layers": 20,
        "n_batch": 1024,
        "n_ubatch": 256,
        "cache_type_k": "q4_0",
        "cache_type_v": "q8_0",
        "flash_attn": True,
    }
    inference = {"engine": "llama.cpp", "llamacpp": wanted}
    request = parse_request({"model": {"preset": "llama-2-7b"}, "inference": inference})
    form.load(request)
    raw: dict[str, Any] = {"model": {"preset": "llama-2-7b"}}  # nothing kept from the draft
    form.fill(raw)
    assert parse_request(raw).inference.llamacpp.model_dump() == wanted


def test_a_quantized_v_cache_without_flash_attention_is_refused_on_its_row(main_window, qtbot):
    from tests.test_gui_wizard import settle

    wizard = main_window.page("plan").wizard
    settle(qtbot, wizard)
    request = parse_request(
        {
            "model": {"preset": "llama-2-7b"},
            "inference": {"engine": "llama.cpp", "llamacpp": {"cache_type_v": "q8_0"}},
        }
    )
    wizard.load_request(request)
    page = wizard.sizes_page
    wizard.setCurrentId(wizard.pageIds()[2])
    qtbot.waitUntil(page.isVisible)
    wizard.findChild(QCheckBox, "llamaCppFlashAttn").setChecked(False)
    wizard.live.flush()
    row = page.row_for("inference.llamacpp.flash_attn")
    qtbot.waitUntil(lambda: row.error is not None)
    assert "flash attention" in row.error
    assert not page.isComplete()  # Next stays off until it is fixed
    wizard.findChild(QCheckBox, "llamaCppFlashAttn").setChecked(True)
    wizard.live.flush()
    qtbot.waitUntil(lambda: row.error is None)
    assert page.isComplete()
    # Under vLLM the hidden llama.cpp rows are not judged: no refusal the user cannot see.
    wizard.findChild(QCheckBox, "llamaCppFlashAttn").setChecked(False)
    wizard.live.flush()
    qtbot.waitUntil(lambda: row.error is not None)
    set_combo_value(wizard.findChild(QComboBox, "servingEngine"), "vllm")
    wizard.live.flush()
    qtbot.waitUntil(lambda: page.error is None)
    assert page.isComplete() and not row.isVisible()
    assert wizard.current_request().inference.llamacpp.flash_attn is False  # kept as set


def test_tab_goes_down_the_rows_in_the_order_they_are_shown(qtbot):
    form = _form(qtbot)
    set_combo_value(form.findChild(QComboBox, "servingEngine"), "llama.cpp")
    form.show()
    qtbot.waitExposed(form)
    shown = [row.marked for row in form.rows.values() if row.isVisible() and row.isEnabled()]
    assert [w.objectName() for w in tab_order(shown)] == [w.objectName() for w in shown]


def tab_order(shown: list[QWidget]) -> list[QWidget]:
    """``shown`` in the order Tab reaches them from the first, each once."""
    widget = shown[0]
    reached = [widget]
    for _ in range(10 * len(shown)):  # the chain is a ring: go round it once at most
        widget = widget.nextInFocusChain()
        if widget in shown and widget not in reached:
            reached.append(widget)
    return reached
