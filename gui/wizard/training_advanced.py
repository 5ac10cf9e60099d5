"""The training form's advanced options, below the common fields and folded until opened.

One input per option of :class:`core.domain.workload_options.TrainingOptions` that trainers expose
beside the common ones: the trainer whose loop the memory follows (choosing one sets the options
its recipes fix), how the trained weights are held, QLoRA's double quantization and the
bitsandbytes version its 4-bit layers run (what they keep for backward), LoRA
dropout and targets, the optimizer stepped in backward, CPU offload, activation offloading, the
loss and the model-FLOPs utilisation the run's time and cost assume. An option that does not
apply to the method or precision chosen is disabled with the reason under it, and keeps the value
it holds.
"""

from __future__ import annotations

from typing import Any, get_args

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox, QToolButton, QWidget

from core.domain.request import PlanRequest
from core.domain.trainer_options import TRAINER_DEFAULTS
from core.domain.workload_options import TrainingOptions
from gui.translation import tr_id
from gui.wizard.field_form import FieldForm, combo_value, set_combo_value
from gui.wizard.training_advanced_texts import check_texts, choice_texts, row_texts


def choices(name: str) -> tuple[str, ...]:
    """The values the request accepts for the Literal field ``training.name``."""
    return get_args(TrainingOptions.model_fields[name].annotation)


COMBOS = ("trainer", "weights_precision", "bnb_version", "lora_targets", "offload", "loss")
CHOICES = {name: choices(name) for name in COMBOS}
CHECKS = {
    "qlora_double_quant": "qloraDoubleQuant",
    "lora_dropout": "loraDropout",
    "optimizer_in_backward": "optimizerInBackward",
    "activation_offloading": "activationOffloading",
}
MFU_DECIMALS = 1  # shown in percent: 40.0 %


class AdvancedTrainingOptions(QObject):
    """The advanced rows of ``form``: a fold button, then one row per option."""

    def __init__(self, form: FieldForm) -> None:
        super().__init__(form)
        self._form = form
        self._mfu_loaded = TrainingOptions().mfu  # kept exactly while the shown value matches it
        self._hints: dict[str, tuple[str, str]] = {}
        self._reasons: dict[str, str | None] = {}
        self._applied = ("full", "bf16")  # the method and mixed precision apply_to last saw
        self.toggle = QToolButton(form)
        self.toggle.setObjectName("trainingAdvancedToggle")
        self.toggle.setCheckable(True)
        self.toggle.setAutoRaise(True)
        self.toggle.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        form.form.addRow(self.toggle)
        names = {
            "trainer": "trainer",
            "weights_precision": "weightsPrecision",
            "bnb_version": "bnbVersion",
            "lora_targets": "loraTargets",
            "offload": "trainingOffload",
            "loss": "trainingLoss",
        }
        self.combos: dict[str, QComboBox] = {}
        for name, object_name in names.items():
            combo = QComboBox(form)
            combo.setObjectName(object_name)
            for key in CHOICES[name]:
                combo.addItem("", key)
            self.combos[name] = combo
        self.checks: dict[str, QCheckBox] = {}
        for name, object_name in CHECKS.items():
            check = QCheckBox(form)
            check.setObjectName(object_name)
            self.checks[name] = check
        self.mfu = QDoubleSpinBox(form)
        self.mfu.setObjectName("mfu")
        self.mfu.setDecimals(MFU_DECIMALS)
        self.mfu.setRange(10**-MFU_DECIMALS, 100.0)
        self.mfu.setSingleStep(5.0)
        self.mfu.setSuffix(" %")
        rows: tuple[tuple[str, QWidget, tuple[str, ...]], ...] = (
            ("trainer", self.combos["trainer"], ("trainer",)),
            ("weights_precision", self.combos["weights_precision"], ("master_weights",)),
            ("qlora_double_quant", self.checks["qlora_double_quant"], ("qlora",)),
            ("bnb_version", self.combos["bnb_version"], ("bnb_version",)),
            ("lora_targets", self.combos["lora_targets"], ("lora",)),
            ("lora_dropout", self.checks["lora_dropout"], ("lora",)),
            ("optimizer_in_backward", self.checks["optimizer_in_backward"], ("optimizer_states",)),
            ("offload", self.combos["offload"], ("cpu_offload",)),
            ("activation_offloading", self.checks["activation_offloading"], ("activations",)),
            ("loss", self.combos["loss"], ("chunked_loss",)),
            ("mfu", self.mfu, ("mfu",)),
        )
        self.paths = tuple(f"training.{name}" for name, _, _ in rows)
        for name, widget, terms in rows:
            form.add_row(f"training.{name}", widget, terms)
        # Tab reaches the fold button before the rows it opens, as they are shown.
        QWidget.setTabOrder(self.combos["trainer"].previousInFocusChain(), self.toggle)
        self.toggle.toggled.connect(self.set_open)
        self.combos["trainer"].activated.connect(self._on_trainer_chosen)
        self.combos["trainer"].currentIndexChanged.connect(self._on_trainer_changed)
        self.set_open(False)

    def _on_trainer_changed(self, _index: int) -> None:
        self.apply_to(*self._applied)  # the loss and bitsandbytes rows depend on the trainer

    def _on_trainer_chosen(self, _index: int) -> None:
        """Show the values the chosen trainer's recipes fix (the user may change them after)."""
        for name, value in TRAINER_DEFAULTS[combo_value(self.combos["trainer"])].items():
            if name in self.combos:
                set_combo_value(self.combos[name], value)
            else:
                self.checks[name].setChecked(bool(value))

    def set_open(self, shown: bool) -> None:
        """Unfold (or fold) the advanced rows."""
        self.toggle.setChecked(shown)
        arrow = Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow
        self.toggle.setArrowType(arrow)
        for path in self.paths:
            self._form.form.setRowVisible(self._form.rows[path], shown)

    def retranslate(self) -> None:
        """Set every text in the current language."""
        self.toggle.setText(tr_id("AdvancedTrainingOptions.advanced_options", "Advanced options"))
        for name, texts in choice_texts().items():
            for index, key in enumerate(CHOICES[name]):
                self.combos[name].setItemText(index, texts[key])
        self._hints = row_texts()
        for name, text in check_texts().items():
            self.checks[name].setText(text)
        self._show_texts()

    def apply_to(self, method: str, mixed_precision: str) -> None:
        """Enable the options that apply to ``method`` and ``mixed_precision``."""
        self._applied = (method, mixed_precision)
        lora = (
            None
            if method != "full"
            else tr_id("AdvancedTrainingOptions.for_lora_and_qlora_only", "for LoRA and QLoRA only")
        )
        trainer = combo_value(self.combos["trainer"])
        litgpt = trainer == "litgpt"
        bnb = (
            None
            if method == "qlora"
            else tr_id("AdvancedTrainingOptions.for_qlora_only", "for QLoRA only")
        )
        if bnb is None and trainer == "torchtune":
            bnb = tr_id(
                "AdvancedTrainingOptions.torchtune_s_qlora_runs_on_torchao",
                "torchtune's QLoRA runs on torchao, not bitsandbytes",
            )
        self._reasons = {
            "training.loss": None
            if not litgpt
            else tr_id(
                "AdvancedTrainingOptions.litgpt_s_scripts_fix_their_own",
                "LitGPT's scripts fix their own LM head and loss",
            ),
            "training.weights_precision": None
            if mixed_precision != "fp32"
            else tr_id(
                "AdvancedTrainingOptions.fp32_training_keeps_no_master_copy",
                "fp32 training keeps no master copy: nothing to choose",
            ),
            "training.qlora_double_quant": None
            if method == "qlora"
            else tr_id("AdvancedTrainingOptions.for_qlora_only", "for QLoRA only"),
            "training.bnb_version": bnb,
            "training.lora_targets": lora,
            "training.lora_dropout": lora,
        }
        self._show_texts()

    def _show_texts(self) -> None:
        for path, (label, hint) in self._hints.items():
            reason = self._reasons.get(path)
            self._form.rows[path].setEnabled(reason is None)
            self._form.rows[path].set_texts(label, reason or hint)

    def fill(self, training: dict[str, Any]) -> None:
        """Write the advanced options into the request's ``training`` section."""
        for name, combo in self.combos.items():
            training[name] = combo_value(combo)
        for name, check in self.checks.items():
            training[name] = check.isChecked()
        shown = self.mfu.value()
        same = round(self._mfu_loaded * 100, MFU_DECIMALS) == round(shown, MFU_DECIMALS)
        training["mfu"] = self._mfu_loaded if same else round(shown / 100, MFU_DECIMALS + 2)

    def load(self, request: PlanRequest) -> None:
        """Show ``request``'s advanced options, unfolded when any is off its default."""
        options = request.training
        for name, combo in self.combos.items():
            set_combo_value(combo, getattr(options, name))
        for name, check in self.checks.items():
            check.setChecked(getattr(options, name))
        self._mfu_loaded = options.mfu
        self.mfu.setValue(options.mfu * 100)
        default = TrainingOptions()
        names = (*self.combos, *self.checks, "mfu")
        if any(getattr(options, n) != getattr(default, n) for n in names):
            self.set_open(True)
