"""Page 1: what the job is: serve a language model, train or fine-tune one, or generate images."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QButtonGroup, QGridLayout, QLabel, QRadioButton, QWidget

from gui.glossary_link import GlossaryLink
from gui.translation import tr_id
from gui.wizard.wizard_step import WizardStep

if TYPE_CHECKING:  # shown at the first paint, before pydantic is loaded
    from core.domain.request import PlanRequest
    from gui.wizard.plan_draft import DraftPart, PageContext

WORKLOADS = ("inference", "training", "diffusion")
TERMS = {"inference": "kv_cache", "training": "training_checkpoint", "diffusion": "vae"}


class WorkloadPage(WizardStep):
    """Three choices, each described in a sentence, with a link to the term it depends on most."""

    PREFIXES = ("workload",)

    def __init__(self, context: PageContext | None = None, parent: QWidget | None = None) -> None:
        super().__init__("workloadPage", context, parent)
        self._buttons: dict[str, QRadioButton] = {}
        self._descriptions: dict[str, QLabel] = {}
        self._build_ui()
        self._connect_signals()
        self._retranslate()

    def _build_ui(self) -> None:
        self._group = QButtonGroup(self)
        grid = QGridLayout()
        grid.setColumnStretch(1, 1)
        for row, key in enumerate(WORKLOADS):
            button = QRadioButton(self)
            button.setObjectName(f"workload_{key}")
            self._group.addButton(button, row)
            description = QLabel(self)
            description.setWordWrap(True)
            description.setIndent(24)
            link = GlossaryLink(TERMS[key], self)
            grid.addWidget(button, 2 * row, 0, 1, 2)
            grid.addWidget(link, 2 * row, 2)
            grid.addWidget(description, 2 * row + 1, 0, 1, 2)
            grid.setRowMinimumHeight(2 * row + 1, 36)
            self._buttons[key] = button
            self._descriptions[key] = description
            self.registerField(f"workload.{key}", button)
        self._buttons["inference"].setChecked(True)
        self.content.addLayout(grid)
        self.content.addStretch(1)

    def _connect_signals(self) -> None:
        self._group.idToggled.connect(self._on_group_id_toggled)

    def _retranslate(self) -> None:
        self.setTitle(tr_id("WorkloadPage.workload", "Workload"))
        self.setSubTitle(
            tr_id(
                "WorkloadPage.what_will_the_gpus_do_the",
                "What will the GPUs do? The estimate beside follows every choice.",
            )
        )
        texts = {
            "inference": (
                tr_id(
                    "WorkloadPage.inference_serve_a_language_model",
                    "&Inference: serve a language model",
                ),
                tr_id(
                    "WorkloadPage.answer_requests_with_a_trained_model",
                    "Answer requests with a trained model; memory holds the weights and a KV "
                    "cache for every token of every sequence in flight.",
                ),
            ),
            "training": (
                tr_id(
                    "WorkloadPage.training_train_or_fine_tune_a",
                    "&Training: train or fine-tune a language model",
                ),
                tr_id(
                    "WorkloadPage.update_a_model_s_weights_on",
                    "Update a model's weights on your data, fully or with LoRA/QLoRA adapters; "
                    "memory holds gradients, optimizer states and activations too.",
                ),
            ),
            "diffusion": (
                tr_id("WorkloadPage.diffusion_generate_images", "&Diffusion: generate images"),
                tr_id(
                    "WorkloadPage.run_an_image_pipeline_text_encoders",
                    "Run an image pipeline (text encoders, denoiser, VAE); the peak is the larger "
                    "of denoising and decoding the latents to pixels.",
                ),
            ),
        }
        for key, (label, description) in texts.items():
            self._buttons[key].setText(label)
            self._descriptions[key].setText(description)

    def workload(self) -> str:
        """The chosen workload."""
        return WORKLOADS[max(self._group.checkedId(), 0)]

    def write(self, part: DraftPart) -> None:
        part["workload"] = part.workload

    def load(self, request: PlanRequest) -> None:
        self.choose(request.workload)

    def choose(self, workload: str) -> None:
        """Check ``workload``'s button, as a click would."""
        self._buttons[workload].setChecked(True)

    def _on_group_id_toggled(self, _id: int, checked: bool) -> None:
        if checked:
            self.edited.emit()
