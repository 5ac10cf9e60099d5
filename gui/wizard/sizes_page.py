"""Page 3: precision and sizes, one form per workload (only the chosen workload's is sent).

The first estimate waits for nothing on this page it does not show: the training and diffusion
forms (some 10-20 ms of the GUI thread each) are built by :meth:`SizesPage.build_form`, in the
two later steps this page hands the wizard (:meth:`SizesPage.later_steps`), or at once when a
draft or the user picks their workload first; the charts of the limits once there are limits to
chart. Their modules are imported with this page's, in the step that builds it (the start-up
loads them on a thread beforehand, see :mod:`gui.startup_steps`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QScrollArea, QSizePolicy, QStackedWidget, QWidget

from core.domain.request import PlanRequest
from gui.translation import tr_id
from gui.wizard.diffusion_form import DiffusionForm
from gui.wizard.inference_form import InferenceForm
from gui.wizard.limit_charts import LimitCharts
from gui.wizard.training_form import TrainingForm
from gui.wizard.wizard_step import WizardStep

if TYPE_CHECKING:
    from core.planning.limit_curve import LimitCurve
    from gui.wizard.plan_draft import DraftPart, PageContext

Form = InferenceForm | TrainingForm | DiffusionForm


def make_form(workload: str, parent: QWidget) -> Form:
    """A new form for ``workload``."""
    if workload == "inference":
        return InferenceForm(parent)
    if workload == "training":
        return TrainingForm(parent)
    return DiffusionForm(parent)


class SizesPage(WizardStep):
    """Shows the form of the workload chosen on the first page."""

    PREFIXES = ("precision", "inference", "training", "diffusion")

    def __init__(self, context: PageContext | None = None, parent: QWidget | None = None) -> None:
        super().__init__("sizesPage", context, parent)
        self._forms: dict[str, Form] = {}
        self._workload = "inference"
        self._request: PlanRequest | None = None  # the last loaded, for the forms built later
        self._build_ui()
        self._retranslate()

    def _build_ui(self) -> None:
        self._stack = QStackedWidget(self)
        self._form("inference")
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(self._stack)
        self.content.addWidget(scroll, 1)
        self._charts: LimitCharts | None = None  # under the forms once there are limits

    def build_form(self, workload: str) -> None:
        """Build the form of ``workload`` unless it is built already."""
        self._form(workload)

    def later_steps(self) -> list[Callable[[], None]]:
        """The forms of the workloads the draft does not use, one per step."""
        return [lambda: self.build_form("training"), lambda: self.build_form("diffusion")]

    def _form(self, workload: str) -> Form:
        """The form of ``workload``, built and filled from the last request the first time."""
        form = self._forms.get(workload)
        if form is None:
            form = self._forms[workload] = make_form(workload, self._stack)
            self._stack.addWidget(form)
            self._size_to_shown()
            self.adopt(form)
            if self._request is not None:
                form.load(self._request)
        return form

    @property
    def limit_charts(self) -> LimitCharts:
        """The charts of memory against the context and the concurrency (inference only)."""
        if self._charts is None:
            charts = self._charts = LimitCharts(self)
            charts.hide()
            inference = self._form("inference")
            charts.contextPicked.connect(inference.set_context)
            charts.sequencesPicked.connect(inference.set_sequences)
            self.content.addWidget(charts)
        return self._charts

    def show_limit_curves(self, curves: dict[str, LimitCurve]) -> None:
        """Chart ``curves`` under the inference form (hidden when there are none)."""
        if self._charts is None and not curves:
            return  # nothing charted yet, nothing to clear
        charts = self.limit_charts
        charts.set_curves(curves)
        charts.setVisible(bool(curves) and self._workload == "inference")

    def _retranslate(self) -> None:
        self.setTitle(tr_id("SizesPage.precision_and_sizes", "Precision and sizes"))
        titles = {
            "inference": tr_id(
                "SizesPage.formats_of_the_weights_and_the",
                "Formats of the weights and the KV cache, and how much the server holds at once.",
            ),
            "training": tr_id(
                "SizesPage.how_the_model_is_trained_it",
                "How the model is trained: it decides gradients, optimizer states and activations.",
            ),
            "diffusion": tr_id(
                "SizesPage.image_size_and_the_pipeline_s",
                "Image size and the pipeline's memory savers (check image quality with each).",
            ),
        }
        self.setSubTitle(titles[self._workload])

    def initializePage(self) -> None:
        self.set_workload(self._workload)

    def set_workload(self, workload: str) -> None:
        """Show the form of ``workload``."""
        self._workload = workload
        self._stack.setCurrentWidget(self._form(workload))
        self._size_to_shown()
        if self._charts is not None:
            self._charts.setVisible(workload == "inference" and bool(self._charts.curves))
        self._retranslate()

    def _size_to_shown(self) -> None:
        """Size the stack by the form shown, not the widest form, so the shown form keeps its
        "?" links in sight instead of scrolling them off to the right."""
        shown = self._stack.currentWidget()
        for form in self._forms.values():
            policy = QSizePolicy.Policy.Preferred if form is shown else QSizePolicy.Policy.Ignored
            form.setSizePolicy(policy, policy)
        self._stack.updateGeometry()

    def write(self, part: DraftPart) -> None:
        self._form(part.workload).fill(part)

    def load(self, request: PlanRequest) -> None:
        self._request = request
        for form in self._forms.values():
            form.load(request)
        self.set_workload(request.workload)
