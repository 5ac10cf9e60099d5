"""The training form's advanced options: each reaches the request and moves the live estimate as
core.capacity.training and core.capacity.throughput say; an option that does not apply is disabled
with its reason and keeps the request's value."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox, QToolButton

from core.domain.request_parsing import parse_request
from core.domain.workload_options import TrainingOptions
from gui.wizard import PlanWizard
from gui.wizard.training_form import TrainingForm
from tests.test_gui_wizard import settle

BASE: dict[str, Any] = {
    "workload": "training",
    "model": {"preset": "llama-3.1-8b"},
    "parallelism": {"strategy": "single"},
    "gpu": "h100-80gb-sxm",
    "training": {"method": "full", "optimizer": "adamw", "mixed_precision": "bf16"},
}


@pytest.fixture
def wizard(main_window, qtbot) -> PlanWizard:
    plan = main_window.page("plan").wizard
    settle(qtbot, plan)
    yield plan
    QThreadPool.globalInstance().waitForDone(5000)


def show(wizard: PlanWizard, qtbot, **training: Any) -> TrainingForm:
    """Load a training request with ``training`` over BASE's; the training form."""
    wizard.load_request(parse_request({**BASE, "training": {**BASE["training"], **training}}))
    settle(qtbot, wizard)
    return wizard.findChild(TrainingForm)


def estimate(wizard: PlanWizard, qtbot):
    settle(qtbot, wizard)
    assert wizard.live.result is not None
    assert wizard.live.result.request == wizard.current_request()
    return wizard.live.result


def choose(wizard: PlanWizard, name: str, value: object) -> None:
    combo = wizard.findChild(QComboBox, name)
    combo.setCurrentIndex(combo.findData(value))


def tick(wizard: PlanWizard, name: str, checked: bool) -> None:
    wizard.findChild(QCheckBox, name).setChecked(checked)


def states_per_param(result) -> float:
    m = result.memory
    return (m.weights + m.gradients + m.optimizer_states) / result.details["trainable_params"]


def test_every_training_option_has_an_input(wizard):
    form = wizard.findChild(TrainingForm)
    fields = {f"training.{name}" for name in TrainingOptions.model_fields}
    assert fields - set(form.rows) == set()


def test_pure_bf16_halves_a_full_fine_tunes_model_states(wizard, qtbot):
    show(wizard, qtbot)
    assert states_per_param(estimate(wizard, qtbot)) == pytest.approx(16, abs=0.01)
    choose(wizard, "weightsPrecision", "pure")
    assert wizard.current_request().training.weights_precision == "pure"
    assert states_per_param(estimate(wizard, qtbot)) == pytest.approx(8, abs=0.01)


def test_each_memory_option_moves_its_part_of_the_estimate(wizard, qtbot):
    show(wizard, qtbot, method="qlora", activation_checkpointing=False)
    before = estimate(wizard, qtbot)
    tick(wizard, "qloraDoubleQuant", False)  # fp32 absmax per 64 weights instead of 8-bit
    after = estimate(wizard, qtbot)
    assert not after.request.training.qlora_double_quant
    assert after.memory.quantization_metadata > before.memory.quantization_metadata
    choose(wizard, "loraTargets", "qv")
    fewer = estimate(wizard, qtbot)
    assert fewer.details["trainable_params"] < after.details["trainable_params"]
    tick(wizard, "loraDropout", True)
    dropout = estimate(wizard, qtbot)
    assert dropout.request.training.lora_dropout
    assert dropout.memory.activations > fewer.memory.activations
    tick(wizard, "activationOffloading", True)
    offloaded = estimate(wizard, qtbot)
    assert offloaded.memory.activations < dropout.memory.activations
    choose(wizard, "trainingLoss", "chunked")
    chunked = estimate(wizard, qtbot)
    assert chunked.request.training.loss == "chunked"
    assert chunked.memory.activations < offloaded.memory.activations


def test_optimizer_options_move_gradients_and_states(wizard, qtbot):
    show(wizard, qtbot)
    before = estimate(wizard, qtbot)
    tick(wizard, "optimizerInBackward", True)
    stepped = estimate(wizard, qtbot)
    assert stepped.memory.gradients < before.memory.gradients / 10  # one tensor's, not all
    choose(wizard, "trainingOffload", "optimizer")
    offloaded = estimate(wizard, qtbot)
    assert offloaded.request.training.offload == "optimizer"
    assert before.memory.optimizer_states > 0 and offloaded.memory.optimizer_states == 0
    choose(wizard, "trainingOffload", "optimizer_and_params")
    assert estimate(wizard, qtbot).memory.weights < offloaded.memory.weights


def test_mfu_scales_the_run_time(wizard, qtbot):
    show(wizard, qtbot)
    default = estimate(wizard, qtbot)
    assert default.request.training.mfu == 0.4
    # The default leaves the speed to the calibrated model (core.speed.training), with its band.
    assert default.throughput.speed_band is not None
    wizard.findChild(QDoubleSpinBox, "mfu").setValue(40.0 - 20.0)
    before = estimate(wizard, qtbot)
    wizard.findChild(QDoubleSpinBox, "mfu").setValue(10.0)
    after = estimate(wizard, qtbot)
    assert (before.request.training.mfu, after.request.training.mfu) == (0.2, 0.1)
    assert before.throughput.speed_band is None  # a stated MFU is applied as given
    ratio = after.throughput.job_hours / before.throughput.job_hours
    assert ratio == pytest.approx(2.0)


def test_an_option_that_does_not_apply_is_disabled_and_keeps_its_value(wizard, qtbot):
    form = show(
        wizard,
        qtbot,
        mixed_precision="fp32",
        weights_precision="pure",
        lora_targets="qv",
        lora_dropout=True,
        qlora_double_quant=False,
    )
    for path in ("weights_precision", "qlora_double_quant", "lora_targets", "lora_dropout"):
        row = form.rows[f"training.{path}"]
        assert not row.isEnabled(), path
        assert "only" in row.hint_label.text() or "nothing" in row.hint_label.text()
    training = wizard.current_request().training
    assert (training.weights_precision, training.lora_targets) == ("pure", "qv")
    assert (training.lora_dropout, training.qlora_double_quant) == (True, False)
    choose(wizard, "trainingMethod", "qlora")
    assert form.rows["training.qlora_double_quant"].isEnabled()
    assert form.rows["training.lora_targets"].isEnabled()
    assert not wizard.current_request().training.qlora_double_quant
    settle(qtbot, wizard)


def test_the_advanced_options_fold_and_open_from_the_keyboard(wizard, qtbot):
    form = show(wizard, qtbot)
    toggle = wizard.findChild(QToolButton, "trainingAdvancedToggle")
    assert not toggle.isChecked()
    assert form.rows["training.mfu"].isHidden()
    assert toggle.focusPolicy() & Qt.FocusPolicy.TabFocus
    toggle.setFocus()
    qtbot.keyClick(toggle, Qt.Key.Key_Space)
    assert toggle.isChecked() and not form.rows["training.mfu"].isHidden()
    # A request with an advanced option off its default opens them.
    show(wizard, qtbot, loss="chunked")
    assert toggle.isChecked()


def test_a_request_made_elsewhere_keeps_its_exact_mfu(wizard, qtbot):
    show(wizard, qtbot, mfu=0.3333)
    assert wizard.current_request().training.mfu == 0.3333  # shown as 33.3 %


def test_choosing_a_trainer_sets_its_defaults_and_moves_the_estimate(wizard, qtbot):
    form = show(wizard, qtbot, method="qlora", sequence_length=512, micro_batch_size=2)
    before = estimate(wizard, qtbot)
    assert before.request.training.trainer == "transformers"
    combo = wizard.findChild(QComboBox, "trainer")
    form.advanced.set_open(True)
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)  # the user's choice: torchtune
    tuned = estimate(wizard, qtbot).request.training
    assert tuned.trainer == "torchtune"
    assert (tuned.weights_precision, tuned.loss, tuned.lora_dropout) == ("pure", "chunked", False)
    qtbot.keyClick(combo, Qt.Key.Key_Down)  # LitGPT: bf16-true and dropout 0.05
    lit = estimate(wizard, qtbot)
    assert lit.request.training.trainer == "litgpt"
    assert lit.request.training.lora_dropout and lit.request.training.loss == "chunked"
    # LitGPT runs its own chunked head and loss: the loss row says so and is disabled.
    loss = form.rows["training.loss"]
    assert not loss.isEnabled() and "LitGPT" in loss.hint_label.text()
    assert lit.memory.activations != before.memory.activations
    qtbot.keyClick(combo, Qt.Key.Key_Up)
    assert form.rows["training.loss"].isEnabled()


def test_a_loaded_trainer_keeps_the_requests_own_values(wizard, qtbot):
    show(wizard, qtbot, trainer="torchtune", loss="full", weights_precision="mixed")
    training = wizard.current_request().training
    assert (training.trainer, training.loss, training.weights_precision) == (
        "torchtune",
        "full",
        "mixed",
    )
    assert wizard.findChild(QToolButton, "trainingAdvancedToggle").isChecked()


def test_the_trainer_follows_the_advanced_toggle_in_tab_order(wizard, qtbot):
    form = show(wizard, qtbot)
    form.advanced.set_open(True)
    toggle = wizard.findChild(QToolButton, "trainingAdvancedToggle")
    widget, names = toggle, []
    while len(names) < 3:  # the next widgets Tab stops at
        widget = widget.nextInFocusChain()
        if widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            names.append(widget.objectName())
    assert names[:2] == ["trainer", "glossaryLink_trainer"], names
    assert names[2] == "weightsPrecision" or names[2].startswith("glossaryLink"), names


def test_the_bitsandbytes_version_reaches_the_request_and_applies_to_qlora_only(wizard, qtbot):
    form = show(wizard, qtbot, method="qlora", lora_targets="qv", sequence_length=512)
    row = form.rows["training.bnb_version"]
    assert row.isEnabled()
    current = estimate(wizard, qtbot)
    assert current.request.training.bnb_version == "0.43.2+"
    choose(wizard, "bnbVersion", "pre-0.43.2")
    older = estimate(wizard, qtbot)
    assert older.request.training.bnb_version == "pre-0.43.2"
    # MatMul4Bit keeps the MLP block input and the down projection's input too (the adapters
    # on q and v keep the attention block input either way): 2 bytes, 512 tokens, 32 layers.
    assert older.memory.activations - current.memory.activations == 2 * 512 * 32 * (4096 + 14336)
    choose(wizard, "trainer", "torchtune")
    assert not row.isEnabled() and "torchao" in row.hint_label.text()
    assert wizard.current_request().training.bnb_version == "pre-0.43.2"  # kept, unused
    show(wizard, qtbot, method="lora", bnb_version="pre-0.43.2")
    assert not form.rows["training.bnb_version"].isEnabled()
    assert wizard.current_request().training.bnb_version == "pre-0.43.2"
