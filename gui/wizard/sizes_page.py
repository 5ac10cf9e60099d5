"""Page 3: precision and sizes, one form per workload (only the chosen workload's is sent)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QScrollArea, QStackedWidget, QWidget

from core.limit_curve import LimitCurve
from core.request import PlanRequest
from gui.wizard.diffusion_form import DiffusionForm
from gui.wizard.inference_form import InferenceForm
from gui.wizard.limit_chart import LimitCharts
from gui.wizard.training_form import TrainingForm
from gui.wizard.wizard_step import WizardStep

WORKLOAD_INDEX = {"inference": 0, "training": 1, "diffusion": 2}


class SizesPage(WizardStep):
    """Shows the form of the workload chosen on the first page."""

    PREFIXES = ("precision", "inference", "training", "diffusion")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("sizesPage", parent)
        self._build_ui()
        self._retranslate()

    def _build_ui(self) -> None:
        self._stack = QStackedWidget(self)
        self._inference = InferenceForm(self._stack)
        self._training = TrainingForm(self._stack)
        self._diffusion = DiffusionForm(self._stack)
        for form in (self._inference, self._training, self._diffusion):
            self._stack.addWidget(form)
            self.adopt(form)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(self._stack)
        self.content.addWidget(scroll, 1)
        self._charts = LimitCharts(self)
        self._charts.hide()
        self._charts.contextPicked.connect(self._inference.set_context)
        self._charts.sequencesPicked.connect(self._inference.set_sequences)
        self.content.addWidget(self._charts)

    @property
    def limit_charts(self) -> LimitCharts:
        """The charts of memory against the context and the concurrency (inference only)."""
        return self._charts

    def show_limit_curves(self, curves: dict[str, LimitCurve]) -> None:
        """Chart ``curves`` under the inference form (hidden when there are none)."""
        self._charts.set_curves(curves)
        self._charts.setVisible(bool(curves) and self._stack.currentIndex() == 0)

    def _retranslate(self) -> None:
        self.setTitle(self.tr("Precision and sizes"))
        titles = {
            0: self.tr(
                "Formats of the weights and the KV cache, and how much the server holds at once."
            ),
            1: self.tr(
                "How the model is trained: it decides gradients, optimizer states and activations."
            ),
            2: self.tr(
                "Image size and the pipeline's memory savers (check image quality with each)."
            ),
        }
        self.setSubTitle(titles[self._stack.currentIndex()])

    def initializePage(self) -> None:
        self.set_workload(self.plan_wizard().workload())

    def set_workload(self, workload: str) -> None:
        """Show the form of ``workload``."""
        self._stack.setCurrentIndex(WORKLOAD_INDEX[workload])
        self._charts.setVisible(workload == "inference" and bool(self._charts.curves))
        self._retranslate()

    def fill(self, raw: dict[str, Any], workload: str) -> None:
        if workload == "inference":
            self._inference.fill(raw)
        elif workload == "training":
            self._training.fill(raw)
        else:
            self._diffusion.fill(raw)

    def load(self, request: PlanRequest) -> None:
        self._inference.load(request)
        self._training.load(request)
        self._diffusion.load(request)
        self.set_workload(request.workload)
