"""The inference form's vLLM scheduler rows, below the common fields and folded until opened.

``inference.max_num_batched_tokens`` and ``inference.max_num_seqs`` size vLLM's start-up profile
run, whose activation peak comes out of the KV pool (:mod:`core.capacity.vllm_profile`); left
empty they are vLLM's defaults for the GPU (:func:`core.capacity.vllm_profile.batch_defaults`).
``inference.prefill_chunk_tokens`` is the prompt tokens of one forward pass, which sizes the
estimate's activations (:mod:`core.estimate.llm`). The rows apply only while vLLM serves:
llama.cpp sizes its compute buffer by its own batches. ``inference.vllm_version`` picks the release
whose start-up profile the pool follows (its sampler's working set differs,
:data:`core.capacity.vllm_profile.SAMPLER_BYTES`).
"""

from __future__ import annotations

from typing import Any, get_args

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QComboBox

from core.domain.request import PlanRequest
from core.domain.workload_options import InferenceOptions, Mxfp4Backend, VllmVersion
from gui.translation import tr_id
from gui.wizard.field_form import FieldForm, combo_value, set_combo_value
from gui.wizard.folded_rows import FoldedRows
from gui.wizard.int_field import IntField

# Request field, object name and glossary entry of each row, in the order shown.
ROWS = (
    ("max_num_batched_tokens", "vllmMaxNumBatchedTokens", "vllm_profile"),
    ("max_num_seqs", "vllmMaxNumSeqs", "vllm_profile"),
    ("prefill_chunk_tokens", "prefillChunkTokens", "activations"),
)
# The choices of the fold, after the numbers: request field, object name, values and glossary
# entry (the release's start-up profile; the MXFP4 kernel is a matter of the quantized format).
CHOICES = (
    ("vllm_version", "vllmVersion", get_args(VllmVersion), "vllm_profile"),
    ("mxfp4_backend", "vllmMxfp4Backend", get_args(Mxfp4Backend), "quantization"),
)
PATHS = (
    *(f"inference.{name}" for name, _, _ in ROWS),
    *(f"inference.{name}" for name, _, _, _ in CHOICES),
)


class VllmSettings(QObject):
    """A fold of one typed row per vLLM scheduler option of ``form``."""

    def __init__(self, form: FieldForm) -> None:
        super().__init__(form)
        self._form = form
        self.fold = FoldedRows(form, "vllmSettingsToggle")
        self.fields: dict[str, IntField] = {}
        for name, object_name, term in ROWS:
            field = self.fields[name] = IntField(form)
            field.setObjectName(object_name)
            self.fold.add_row(f"inference.{name}", field, (term,))
        self.choices: dict[str, QComboBox] = {}
        for name, object_name, values, term in CHOICES:
            combo = self.choices[name] = QComboBox(form)
            combo.setObjectName(object_name)
            for value in values:
                combo.addItem(value, value)
            self.fold.add_row(f"inference.{name}", combo, (term,))
        default = InferenceOptions()
        self._loaded: dict[str, int | None] = {name: getattr(default, name) for name in self.fields}
        self._loaded_choices = {name: str(getattr(default, name)) for name in self.choices}
        for name, combo in self.choices.items():
            set_combo_value(combo, self._loaded_choices[name])

    def retranslate(self) -> None:
        """Set every text in the current language."""
        self.fold.toggle.setText(tr_id("VllmSettings.vllm_engine_settings", "vLLM engine settings"))
        texts = {
            "max_num_batched_tokens": (
                tr_id("VllmSettings.batched_tokens_per_step", "Batched tokens per step"),
                tr_id(
                    "VllmSettings.max_num_batched_tokens_sizes_the",
                    "max_num_batched_tokens: sizes the start-up profile run, whose activation"
                    " peak comes out of the KV pool; empty: vLLM's default, 8192 on a GPU of"
                    " 70 GiB or more other than A100, else 2048",
                ),
            ),
            "max_num_seqs": (
                tr_id("VllmSettings.sequences_per_step", "Sequences per step"),
                tr_id(
                    "VllmSettings.max_num_seqs_sequences_the_profile",
                    "max_num_seqs: sequences the profile run samples at once; empty: vLLM's"
                    " default, 1024 on those GPUs, else 256",
                ),
            ),
            "prefill_chunk_tokens": (
                tr_id("VllmSettings.prefill_chunk", "Prefill chunk"),
                tr_id(
                    "VllmSettings.prompt_tokens_in_one_forward_pass",
                    "prompt tokens in one forward pass: they size the activations",
                ),
            ),
        }
        for name, (label, hint) in texts.items():
            self._form.rows[f"inference.{name}"].set_texts(label, hint)
        for name in ("max_num_batched_tokens", "max_num_seqs"):
            self.fields[name].setPlaceholderText(
                tr_id("VllmSettings.vllm_s_default_for_the_gpu", "vLLM's default for the GPU")
            )
        names = {
            "0.7-0.16": tr_id("VllmSettings.0_7_to_0_16", "0.7 to 0.16"),
            "0.17+": tr_id("VllmSettings.0_17_or_later", "0.17 or later"),
            "auto": tr_id("VllmSettings.vllm_s_choice_for_the_gpu", "vLLM's choice for the GPU"),
            "marlin": "Marlin",
            "triton": "Triton",
            "flashinfer": "FlashInfer",
        }
        for combo in self.choices.values():
            for index in range(combo.count()):
                combo.setItemText(index, names[str(combo.itemData(index))])
        self._form.rows["inference.mxfp4_backend"].set_texts(
            tr_id("VllmSettings.mxfp4_moe_kernel", "MXFP4 MoE kernel"),
            tr_id(
                "VllmSettings.the_kernel_vllm_runs_mxfp4_experts",
                "the kernel vLLM runs MXFP4 experts on (gpt-oss); each pads the experts its own"
                " way, Marlin the most (VLLM_MXFP4_USE_MARLIN=1)",
            ),
        )
        self._form.rows["inference.vllm_version"].set_texts(
            tr_id("VllmSettings.vllm_release", "vLLM release"),
            tr_id(
                "VllmSettings.the_release_whose_start_up_profile",
                "the release whose start-up profile sizes the KV pool: up to 0.16 its sampler"
                " sorts the whole vocabulary, from 0.17 it masks the logits in place and needs"
                " less than half the memory",
            ),
        )

    def fill(self, inference: dict[str, Any]) -> None:
        """Write the options into the request's ``inference`` section (empty: the default).

        Under llama.cpp, which does not read them, the loaded values are written: a value typed
        under vLLM is never refused on a row that is hidden (and is written again under vLLM).
        """
        for name, field in self.fields.items():
            inference[name] = field.request_value() if self.fold.applies else self._loaded[name]
        for name, combo in self.choices.items():
            loaded = self._loaded_choices[name]
            inference[name] = combo_value(combo) if self.fold.applies else loaded

    def load(self, request: PlanRequest) -> None:
        """Show ``request``'s options, unfolded when any is off its default."""
        options, default = request.inference, InferenceOptions()
        self._loaded = {name: getattr(options, name) for name in self.fields}
        for name, field in self.fields.items():
            field.setValue(self._loaded[name])
        self._loaded_choices = {name: str(getattr(options, name)) for name in self.choices}
        for name, combo in self.choices.items():
            set_combo_value(combo, self._loaded_choices[name])
        if any(getattr(options, n) != getattr(default, n) for n in (*self.fields, *self.choices)):
            self.fold.set_open(True)
