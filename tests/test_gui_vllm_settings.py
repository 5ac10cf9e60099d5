"""The folded vLLM scheduler and runtime overhead rows, and the diffusion form's steps."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QLineEdit, QSpinBox, QToolButton

from core.domain.request import Runtime
from core.domain.request_parsing import parse_request
from core.domain.workload_options import DiffusionOptions, InferenceOptions
from gui.wizard.diffusion_form import DiffusionForm
from gui.wizard.field_form import set_combo_value
from gui.wizard.inference_form import InferenceForm
from gui.wizard.live_estimate_panel import LiveEstimatePanel
from gui.wizard.runtime_settings import PATHS as RUNTIME_PATHS
from gui.wizard.runtime_settings import ROWS as RUNTIME_ROWS
from gui.wizard.vllm_settings import PATHS
from tests.test_gui_llamacpp_form import tab_order
from tests.test_gui_wizard import settle, type_into

MODEL = {"preset": "llama-2-7b"}
RUNTIME_NAMES = [name for _, name in RUNTIME_ROWS]


def _form(qtbot: Any, **inference: Any) -> InferenceForm:
    form = InferenceForm()
    qtbot.addWidget(form)
    form.load(parse_request({"model": MODEL, "inference": inference}))
    form.show()
    qtbot.waitExposed(form)
    return form


def _shown(form: InferenceForm) -> list[str]:
    return [path for path in PATHS if form.rows[path].isVisible()]


def test_the_fold_is_closed_by_default_and_shown_only_for_vllm(qtbot):
    form = _form(qtbot)
    toggle = form.findChild(QToolButton, "vllmSettingsToggle")
    assert toggle.isVisible() and not toggle.isChecked()
    assert _shown(form) == []
    toggle.click()
    assert _shown(form) == list(PATHS)
    assert all(form.rows[p].label.isVisible() and form.rows[p].isEnabled() for p in PATHS)
    set_combo_value(form.findChild(QComboBox, "servingEngine"), "llama.cpp")
    assert not toggle.isVisible() and _shown(form) == []
    assert not any(form.rows[p].isEnabled() for p in PATHS)
    set_combo_value(form.findChild(QComboBox, "servingEngine"), "vllm")
    assert toggle.isVisible() and _shown(form) == list(PATHS)  # open as it was left


def test_the_defaults_are_the_request_models(qtbot):
    form = _form(qtbot)
    raw: dict[str, Any] = {"model": MODEL}
    form.fill(raw)
    default = InferenceOptions()
    got = parse_request(raw).inference
    assert got.max_num_batched_tokens is None and default.max_num_batched_tokens is None
    assert got.max_num_seqs is None and default.max_num_seqs is None
    assert got.prefill_chunk_tokens == default.prefill_chunk_tokens == 2048
    # Empty means vLLM's default for the GPU, and the input says so.
    batched = form.findChild(QLineEdit, "vllmMaxNumBatchedTokens")
    assert batched.text() == "" and "vLLM" in batched.placeholderText()
    assert "8192" in form.rows["inference.max_num_batched_tokens"].hint_label.text()


def test_a_request_off_the_defaults_opens_the_fold_and_comes_back(qtbot):
    wanted = {"max_num_batched_tokens": 16_384, "max_num_seqs": 48, "prefill_chunk_tokens": 512}
    form = _form(qtbot, **wanted)
    assert _shown(form) == list(PATHS)
    raw: dict[str, Any] = {"model": MODEL}  # nothing kept from the draft
    form.fill(raw)
    got = parse_request(raw).inference
    assert {name: getattr(got, name) for name in wanted} == wanted
    form.findChild(QLineEdit, "vllmMaxNumSeqs").setText("")
    form.fill(raw)
    assert parse_request(raw).inference.max_num_seqs is None  # emptied: vLLM's default again


def test_tab_goes_down_the_rows_through_the_fold_button(qtbot):
    form = _form(qtbot)
    toggle = form.findChild(QToolButton, "vllmSettingsToggle")
    toggle.click()
    rows = [row.marked for row in form.rows.values() if row.isVisible() and row.isEnabled()]
    first = rows.index(form.rows[PATHS[0]].marked)
    shown = [*rows[:first], toggle, *rows[first:]]  # the fold button heads its rows
    assert [w.objectName() for w in tab_order(shown)] == [w.objectName() for w in shown]


def test_a_bad_value_is_refused_inline_and_the_estimate_follows_the_profile(main_window, qtbot):
    wizard = main_window.page("plan").wizard
    settle(qtbot, wizard)
    wizard.load_request(parse_request({"model": MODEL, "gpu": "h100-80gb-sxm"}))
    page = wizard.sizes_page
    wizard.setCurrentId(wizard.pageIds()[2])
    qtbot.waitUntil(page.isVisible)
    settle(qtbot, wizard)
    profile = wizard.live.result.details["vllm_profile"]
    assert profile["max_num_batched_tokens"] == 8192  # vLLM's default on an H100
    before = profile["activation_peak_bytes"]
    wizard.findChild(QToolButton, "vllmSettingsToggle").click()
    field = wizard.findChild(QLineEdit, "vllmMaxNumBatchedTokens")
    type_into(qtbot, field, "0")
    wizard.live.flush()
    row = page.row_for("inference.max_num_batched_tokens")
    qtbot.waitUntil(lambda: row.error is not None)
    assert not page.isComplete()
    type_into(qtbot, field, "32k")
    wizard.live.flush()
    qtbot.waitUntil(lambda: row.error is None)
    settle(qtbot, wizard)
    result = wizard.live.result
    assert result.request.inference.max_num_batched_tokens == 32_000
    after = result.details["vllm_profile"]
    assert after["max_num_batched_tokens"] == 32_000
    assert after["activation_peak_bytes"] > before
    panel = main_window.findChild(LiveEstimatePanel)
    qtbot.waitUntil(lambda: "32,000 tokens" in panel.limits_text)
    assert "start-up profile" in panel.limits_text
    # The prefill chunk sizes the breakdown's activations.
    activations = result.memory.activations
    type_into(qtbot, wizard.findChild(QLineEdit, "prefillChunkTokens"), "512")
    wizard.live.flush()
    settle(qtbot, wizard)
    assert wizard.live.result.memory.activations < activations


def test_the_denoising_steps_default_range_and_round_trip(qtbot):
    form = DiffusionForm()
    qtbot.addWidget(form)
    form.load(parse_request({"workload": "diffusion", "model": {"preset": "flux.1-dev"}}))
    steps = form.findChild(QSpinBox, "denoisingSteps")
    assert steps.value() == DiffusionOptions().steps == 30
    assert (steps.minimum(), steps.maximum()) == (1, 10_000)  # the request model's bounds
    assert form.rows["diffusion.steps"].links.keys() == {"denoising_steps"}
    steps.setValue(12)
    raw: dict[str, Any] = {"workload": "diffusion", "model": {"preset": "flux.1-dev"}}
    form.fill(raw)
    assert parse_request(raw).diffusion.steps == 12


def test_the_runtime_fold_defaults_refusal_and_estimate(main_window, qtbot):
    wizard = main_window.page("plan").wizard
    settle(qtbot, wizard)
    request = parse_request({"model": MODEL, "gpu": "h100-80gb-sxm"})
    wizard.load_request(request)
    page = wizard.parallelism_page
    wizard.setCurrentId(wizard.pageIds()[wizard.steps.index(page)])
    qtbot.waitUntil(page.isVisible)
    toggle = page.findChild(QToolButton, "runtimeSettingsToggle")
    rows = [page.rows[path] for path in RUNTIME_PATHS]
    assert toggle.isVisible() and not any(row.isVisible() for row in rows)
    toggle.click()
    assert all(row.isVisible() and row.isEnabled() for row in rows)
    default = Runtime()
    shown = [page.findChild(QLineEdit, name).text() for name in RUNTIME_NAMES]
    assert shown == [f"{getattr(default, n):g}" for n, _ in RUNTIME_ROWS] == ["0.75", "0.1", "1.5"]
    assert wizard.current_request().runtime == default
    settle(qtbot, wizard)
    overhead = wizard.live.result.memory.runtime_overhead
    context = page.findChild(QLineEdit, "runtimeContextGib")
    type_into(qtbot, context, "65")  # the request model's limit is 64 GiB
    wizard.live.flush()
    row = page.row_for("runtime.context_gib")
    qtbot.waitUntil(lambda: row.error is not None)
    assert not page.isComplete()
    type_into(qtbot, context, "1,75")  # a decimal comma is read as the point
    wizard.live.flush()
    qtbot.waitUntil(lambda: row.error is None)
    settle(qtbot, wizard)
    assert wizard.live.result.request.runtime.context_gib == 1.75
    assert wizard.live.result.memory.runtime_overhead == overhead + 2**30


def test_a_runtime_off_its_defaults_opens_the_fold(main_window, qtbot):
    wizard = main_window.page("plan").wizard
    settle(qtbot, wizard)
    runtime = {"context_gib": 0.5, "allocator_reserve": 0.05, "comm_buffer_gib": 3}
    wizard.load_request(parse_request({"model": MODEL, "runtime": runtime}))
    page = wizard.parallelism_page
    assert page.findChild(QToolButton, "runtimeSettingsToggle").isChecked()
    assert wizard.current_request().runtime.model_dump() == runtime
    settle(qtbot, wizard)


def test_a_refused_value_keeps_its_fold_open_and_is_not_judged_under_llama_cpp(main_window, qtbot):
    wizard = main_window.page("plan").wizard
    settle(qtbot, wizard)
    wizard.load_request(parse_request({"model": MODEL, "inference": {"max_num_seqs": 64}}))
    page = wizard.sizes_page
    wizard.setCurrentId(wizard.pageIds()[2])
    qtbot.waitUntil(page.isVisible)
    toggle = wizard.findChild(QToolButton, "vllmSettingsToggle")
    assert toggle.isChecked()  # off its default: shown open
    type_into(qtbot, wizard.findChild(QLineEdit, "vllmMaxNumSeqs"), "many")
    wizard.live.flush()
    row = page.row_for("inference.max_num_seqs")
    qtbot.waitUntil(lambda: row.error is not None)
    toggle.click()  # folding would hide the refusal: the fold stays open
    assert toggle.isChecked() and row.isVisible()
    engine = wizard.findChild(QComboBox, "servingEngine")
    set_combo_value(engine, "llama.cpp")
    wizard.live.flush()
    qtbot.waitUntil(lambda: page.error is None)
    assert page.isComplete() and not row.isVisible()
    assert wizard.current_request().inference.max_num_seqs == 64  # as loaded, unused
    set_combo_value(engine, "vllm")  # what was typed is judged again where it is seen
    wizard.live.flush()
    qtbot.waitUntil(lambda: page.row_for("inference.max_num_seqs").error is not None)
    type_into(qtbot, wizard.findChild(QLineEdit, "vllmMaxNumSeqs"), "32")
    wizard.live.flush()
    qtbot.waitUntil(lambda: page.error is None)
    assert wizard.current_request().inference.max_num_seqs == 32
    settle(qtbot, wizard)


def test_the_vllm_release_is_chosen_in_the_fold_and_reaches_the_request(qtbot):
    form = _form(qtbot)
    version = form.findChild(QComboBox, "vllmVersion")
    assert version is not None and version.currentData() == InferenceOptions().vllm_version
    form.findChild(QToolButton, "vllmSettingsToggle").click()
    assert form.rows["inference.vllm_version"].isVisible()
    set_combo_value(version, "0.7-0.16")
    set_combo_value(form.findChild(QComboBox, "vllmMxfp4Backend"), "marlin")
    raw: dict[str, Any] = {"model": MODEL}
    form.fill(raw)
    assert parse_request(raw).inference.vllm_version == "0.7-0.16"
    assert parse_request(raw).inference.mxfp4_backend == "marlin"


def test_a_request_of_an_older_vllm_opens_the_fold_on_its_release(qtbot):
    form = _form(qtbot, vllm_version="0.7-0.16")
    assert form.findChild(QToolButton, "vllmSettingsToggle").isChecked()
    assert form.findChild(QComboBox, "vllmVersion").currentData() == "0.7-0.16"
    # under llama.cpp the loaded release is written back unchanged
    set_combo_value(form.findChild(QComboBox, "servingEngine"), "llama.cpp")
    raw: dict[str, Any] = {"model": MODEL}
    form.fill(raw)
    assert raw["inference"]["vllm_version"] == "0.7-0.16"
