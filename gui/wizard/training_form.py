"""Training settings: method, optimizer, precision, batch, sequence, checkpointing, LoRA, data,
then the advanced options (:mod:`gui.wizard.training_advanced`)."""

from __future__ import annotations

from typing import Any, get_args

from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox, QWidget

from core.domain.request import PlanRequest
from core.domain.workload_options import TrainingOptions
from gui.translation import tr_id
from gui.wizard.field_form import FieldForm, combo_value, int_bounds, set_combo_value
from gui.wizard.int_field import IntField
from gui.wizard.training_advanced import AdvancedTrainingOptions

OPTIMIZERS: tuple[str, ...] = get_args(TrainingOptions.model_fields["optimizer"].annotation)


class TrainingForm(FieldForm):
    """Rows ``training.*`` of a training request."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._build_ui()
        self._connect_signals()
        self._retranslate()

    def _build_ui(self) -> None:
        self._method = QComboBox(self)
        self._method.setObjectName("trainingMethod")
        for key in ("full", "lora", "qlora"):
            self._method.addItem("", key)
        self._optimizer = QComboBox(self)
        self._optimizer.setObjectName("optimizer")
        for key in OPTIMIZERS:
            self._optimizer.addItem("", key)
        self._mixed = QComboBox(self)
        self._mixed.setObjectName("mixedPrecision")
        for key in ("bf16", "fp16", "fp32"):
            self._mixed.addItem(key, key)
        self._micro = QSpinBox(self)
        self._micro.setObjectName("microBatchSize")
        self._micro.setRange(*int_bounds(TrainingOptions, "micro_batch_size"))
        self._sequence = IntField(self)
        self._sequence.setObjectName("sequenceLength")
        self._checkpointing = QCheckBox(self)
        self._checkpointing.setObjectName("activationCheckpointing")
        self._flash = QCheckBox(self)
        self._flash.setObjectName("flashAttention")
        self._rank = QSpinBox(self)
        self._rank.setObjectName("loraRank")
        self._rank.setRange(*int_bounds(TrainingOptions, "lora_rank"))
        self._tokens = IntField(self)
        self._tokens.setObjectName("datasetTokens")
        self.add_row("training.method", self._method, ("lora",))
        self.add_row("training.optimizer", self._optimizer, ("optimizer_states",))
        self.add_row("training.mixed_precision", self._mixed, ("master_weights",))
        self.add_row("training.micro_batch_size", self._micro, ("micro_batch",))
        self.add_row("training.sequence_length", self._sequence, ("sequence_length",))
        self.add_row(
            "training.activation_checkpointing", self._checkpointing, ("activation_checkpointing",)
        )
        self.add_row("training.flash_attention", self._flash, ("flash_attention",))
        self.add_row("training.lora_rank", self._rank, ("lora",))
        self.add_row("training.tokens", self._tokens, ("fixed_term",))
        self.advanced = AdvancedTrainingOptions(self)

    def _connect_signals(self) -> None:
        self._method.currentIndexChanged.connect(self._on_method_changed)
        self._mixed.currentIndexChanged.connect(self._on_method_changed)

    def _retranslate(self) -> None:
        methods = (
            tr_id("TrainingForm.full_fine_tuning", "Full fine-tuning"),
            tr_id("TrainingForm.lora", "LoRA"),
            tr_id("TrainingForm.qlora_4_bit_base", "QLoRA (4-bit base)"),
        )
        for index, name in enumerate(methods):
            self._method.setItemText(index, name)
        optimizers = {
            "adamw": tr_id("TrainingForm.adamw", "AdamW"),
            "adamw_8bit": tr_id("TrainingForm.adamw_8_bit", "AdamW 8-bit"),
            "paged_adamw_8bit": tr_id(
                "TrainingForm.paged_adamw_8_bit_states_page",
                "Paged AdamW 8-bit (states page to CPU memory)",
            ),
            "sgd": tr_id("TrainingForm.sgd_with_momentum", "SGD with momentum"),
        }
        for index, key in enumerate(OPTIMIZERS):
            self._optimizer.setItemText(index, optimizers[key])
        texts = {
            "training.method": (
                tr_id("TrainingForm.method", "Method"),
                tr_id(
                    "TrainingForm.what_is_trained_all_weights_or",
                    "what is trained: all weights or adapters",
                ),
            ),
            "training.optimizer": (
                tr_id("TrainingForm.optimizer", "Optimizer"),
                tr_id(
                    "TrainingForm.adamw_keeps_two_states_per_trained",
                    "AdamW keeps two states per trained weight",
                ),
            ),
            "training.mixed_precision": (
                tr_id("TrainingForm.mixed_precision", "Mixed precision"),
                tr_id(
                    "TrainingForm.bf16_needs_compute_capability_8_0",
                    "bf16 needs compute capability 8.0+",
                ),
            ),
            "training.micro_batch_size": (
                tr_id("TrainingForm.micro_batch_size", "Micro-batch size"),
                tr_id("TrainingForm.sequences_per_gpu_per_step", "sequences per GPU per step"),
            ),
            "training.sequence_length": (
                tr_id("TrainingForm.sequence_length", "Sequence length"),
                tr_id("TrainingForm.tokens_per_training_sequence", "tokens per training sequence"),
            ),
            "training.activation_checkpointing": (
                tr_id("TrainingForm.activation_checkpointing", "Activation checkpointing"),
                "",
            ),
            "training.flash_attention": (
                tr_id("TrainingForm.flash_attention", "Flash attention"),
                "",
            ),
            "training.lora_rank": (
                tr_id("TrainingForm.lora_rank", "LoRA rank"),
                tr_id("TrainingForm.size_of_the_adapter_matrices", "size of the adapter matrices"),
            ),
            "training.tokens": (
                tr_id("TrainingForm.dataset_tokens", "Dataset tokens"),
                tr_id(
                    "TrainingForm.tokens_to_train_on_sets_the",
                    "tokens to train on: sets the run's length and cost",
                ),
            ),
        }
        for path, (label, hint) in texts.items():
            self.rows[path].set_texts(label, hint)
        self._checkpointing.setText(
            tr_id(
                "TrainingForm.recompute_activations_in_the_backward_pass",
                "recompute activations in the backward pass",
            )
        )
        self._flash.setText(
            tr_id(
                "TrainingForm.attention_without_the_full_score_matrix",
                "attention without the full score matrix",
            )
        )
        self._sequence.setPlaceholderText(tr_id("TrainingForm.e_g_4096", "e.g. 4096"))
        self._tokens.setPlaceholderText(tr_id("TrainingForm.e_g_2b", "e.g. 2B"))
        self.advanced.retranslate()
        self._on_method_changed()

    def fill(self, raw: dict[str, Any]) -> None:
        """Write the training settings into ``raw``."""
        training = raw.setdefault("training", {})
        training.update(
            method=combo_value(self._method),
            optimizer=combo_value(self._optimizer),
            mixed_precision=combo_value(self._mixed),
            micro_batch_size=self._micro.value(),
            sequence_length=self._sequence.request_value(),
            activation_checkpointing=self._checkpointing.isChecked(),
            flash_attention=self._flash.isChecked(),
            lora_rank=self._rank.value(),
            tokens=self._tokens.request_value(),
        )
        self.advanced.fill(training)

    def load(self, request: PlanRequest) -> None:
        """Show ``request``'s training settings."""
        options = request.training
        set_combo_value(self._method, options.method)
        set_combo_value(self._optimizer, options.optimizer)
        set_combo_value(self._mixed, options.mixed_precision)
        self._micro.setValue(options.micro_batch_size)
        self._sequence.setValue(options.sequence_length)
        self._checkpointing.setChecked(options.activation_checkpointing)
        self._flash.setChecked(options.flash_attention)
        self._rank.setValue(options.lora_rank)
        self._tokens.setValue(options.tokens)
        self.advanced.load(request)
        self._on_method_changed()

    def _on_method_changed(self, *_index: int) -> None:
        method = combo_value(self._method)
        self.rows["training.lora_rank"].setEnabled(method != "full")
        self.advanced.apply_to(method, combo_value(self._mixed))
