"""Where the plan wizard shows what its live estimator reports, and a refused value's message.

:class:`LiveRouting` listens to the wizard's :class:`~gui.wizard.live_estimator.LiveEstimator`:
a refused value goes to the page and row that own its request path, the estimate and the plan to
the panel beside the pages, the model read to the model page, the limit curves to the sizes page
and the planner's options to the offer page. Those three pages are built after the wizard takes
input, so until one is built nothing is sent to it, and :meth:`LiveRouting.catch_up` brings it up
to the latest results once it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QObject

from core.base.errors import PlannerError
from gui.core_text import error_text as worded
from gui.presentation import names
from gui.presentation.formats import count
from gui.translation import tr_id
from gui.wizard.plan_files import keep_draft
from gui.wizard.wizard_step import WizardStep, error_path

if TYPE_CHECKING:
    from core.base.errors import InputError
    from core.domain.request import PlanRequest
    from core.estimate.results import EstimateResult
    from core.planning.planner import Plan
    from gui.wizard.model_page import ModelPage
    from gui.wizard.offer_page import OfferPage
    from gui.wizard.plan_wizard import PlanWizard
    from gui.wizard.sizes_page import SizesPage


def error_text(error: PlannerError) -> str:
    """``error`` worded for the user (:func:`gui.core_text.error_text`)."""
    return worded(error)


class LiveRouting(QObject):
    """Shows the results of ``wizard.live`` on the wizard's pages and its panel."""

    def __init__(self, wizard: PlanWizard) -> None:
        super().__init__(wizard)
        self._wizard = wizard
        # Bound methods, not lambdas: the connections end when the wizard, our parent, is deleted.
        live = wizard.live
        live.invalid.connect(self._on_live_invalid)
        live.validated.connect(self._on_live_validated)
        live.resolving.connect(self._on_live_resolving)
        live.modelFailed.connect(self._on_live_model_failed)
        live.estimated.connect(self._on_live_estimated)
        live.limited.connect(self._on_live_limited)
        live.estimateFailed.connect(self._on_live_model_failed)
        live.planning.connect(self._on_live_planning)
        live.planned.connect(self._on_live_planned)
        live.planFailed.connect(self._on_live_plan_failed)

    def owner(self, path: str) -> WizardStep | None:
        """The page a value at the request path ``path`` is entered on."""
        return next((step for step in self._wizard.steps if step.owns(path)), None)

    def route(self, path: str, message: str) -> str | None:
        """Show ``message`` on the page that owns ``path``; return it as that page words it.

        None when the page holds it back (an input the user has not typed in yet).
        """
        owner = self.owner(path) or self._wizard.currentPage()
        shown: str | None = message
        for step in self._wizard.steps:
            if step is owner:
                shown = step.show_error(path, message)
            else:
                step.clear_error()
        return shown

    def refuse_up_to(self, step: WizardStep, error: InputError) -> bool:
        """Show ``error`` on its page if that is ``step`` or one before it; whether it was."""
        path = error_path(error)
        owner = self.owner(path)
        steps = self._wizard.steps
        if owner is None or steps.index(owner) > steps.index(step):
            return False
        self.route(path, error_text(error))
        return True

    def catch_up(self, step: WizardStep) -> None:
        """Bring ``step``, a page built after the live estimate started, up to its results."""
        if step not in (self._model_page(), self._sizes_page(), self._offer_page()):
            return  # a page that shows none of them
        live = self._wizard.live
        if live.result is None and not live.busy:  # refused or failed: say so on its own page
            live.refresh()
            return
        result = live.result
        if (model_page := self._model_page()) is step and model_page is not None:
            model_page.set_resolving(live.reading_model)
            if result is not None:
                self.show_model_summary(result)
        elif (sizes_page := self._sizes_page()) is step and sizes_page is not None:
            sizes_page.show_limit_curves(live.curves)
        elif (page := self._offer_page()) is step and page is not None:
            page.set_fit(result is not None and result.fits and result.request.gpu is not None)
            page.set_outcome(live.outcome)
            if live.plan is not None:
                page.set_plan(live.plan, live.request)
            elif live.busy:
                page.set_planning()
            if live.request is not None:
                page.select_layout(live.request)

    def show_model_summary(self, result: EstimateResult) -> None:
        """Name the model of ``result`` and its parameter count on the model page (once built)."""
        page = self._model_page()
        if page is None:
            return
        model = result.model
        sources = {
            "preset": tr_id("LiveRouting.from_the_preset", "from the preset"),
            "hf_config": tr_id("LiveRouting.counted_from_config_json", "counted from config.json"),
            "safetensors": tr_id(
                "LiveRouting.counted_from_the_safetensors_headers",
                "counted from the safetensors headers",
            ),
            "gguf": tr_id("LiveRouting.counted_from_the_gguf_file", "counted from the GGUF file"),
            "custom": tr_id("LiveRouting.from_your_numbers", "from your numbers"),
        }
        page.show_summary(
            tr_id(
                "LiveRouting.name_params_parameters_source",
                "{name}: {params} parameters ({source}).",
            ).format(
                name=names.model_name(model.name),
                params=count(model.params_total),
                source=sources.get(model.source, model.source),
            )
        )

    # The pages built after the wizard takes input: None until they are.
    def _model_page(self) -> ModelPage | None:
        return cast("ModelPage | None", self._wizard.built_page("model_page"))

    def _sizes_page(self) -> SizesPage | None:
        return cast("SizesPage | None", self._wizard.built_page("sizes_page"))

    def _offer_page(self) -> OfferPage | None:
        return cast("OfferPage | None", self._wizard.built_page("offer_page"))

    def _on_live_invalid(self, error: InputError) -> None:
        wizard = self._wizard
        path = error_path(error)
        model_page, offer_page = self._model_page(), self._offer_page()
        if path == "model" and model_page is not None:  # the chosen source's input is empty
            path = f"model.{model_page.source()}"
        message = self.route(path, error_text(error))
        if model_page is not None:
            model_page.set_resolving(False)
            if model_page.owns(path):  # the model read before is no longer the one described
                model_page.show_summary("")
        if offer_page is not None:
            offer_page.set_fit(False)
        if message is None:  # an input not typed in yet: no refusal, only what is missing
            wizard.panel.show_status(
                "busy",
                tr_id(
                    "LiveRouting.fill_in_this_page_to_see", "Fill in this page to see the estimate."
                ),
            )
        else:
            wizard.panel.show_status("invalid", message)

    def _on_live_validated(self, request: PlanRequest) -> None:
        for step in self._wizard.steps:
            step.clear_error()
        keep_draft(request, self._wizard.state.data_dir)  # opened again after a restart
        if (offer_page := self._offer_page()) is not None:
            offer_page.select_layout(request)

    def _on_live_resolving(self) -> None:
        if (model_page := self._model_page()) is not None:
            model_page.set_resolving(True)
        if (offer_page := self._offer_page()) is not None:
            offer_page.set_fit(False)
        self._wizard.panel.show_status(
            "busy", tr_id("LiveRouting.reading_the_model", "Reading the model…")
        )

    def _on_live_model_failed(self, error: Exception) -> None:
        wizard = self._wizard
        model_page, offer_page = self._model_page(), self._offer_page()
        if model_page is not None:
            model_page.set_resolving(False)
        if offer_page is not None:
            offer_page.set_fit(False)
        message = error_text(error) if isinstance(error, PlannerError) else repr(error)
        path = error_path(error) if isinstance(error, PlannerError) else ""
        if path in ("", "model") and model_page is not None:  # a file or preset core could not read
            path = f"model.{model_page.source()}"
        if model_page is not None and model_page.owns(path):
            model_page.show_summary("")  # the error is about this model, not the one before
        message = self.route(path, message) or message
        # The panel shows no options under an error; the plan it keeps is the one the planner
        # keeps, shown again when the request comes back to it (it is not ranked again).
        wizard.panel.show_status("error", message)
        if offer_page is not None:
            offer_page.set_outcome(None)
        if (sizes_page := self._sizes_page()) is not None:
            sizes_page.show_limit_curves({})

    def _on_live_estimated(self, result: EstimateResult) -> None:
        if (model_page := self._model_page()) is not None:
            model_page.set_resolving(False)
        self.show_model_summary(result)
        if (offer_page := self._offer_page()) is not None:
            offer_page.set_fit(result.fits and result.request.gpu is not None)
        self._wizard.panel.show_result(result)

    def _on_live_limited(self) -> None:
        wizard, live = self._wizard, self._wizard.live
        wizard.panel.show_limits(live.limits, live.outcome)
        if (offer_page := self._offer_page()) is not None:
            offer_page.set_outcome(live.outcome)
        if (sizes_page := self._sizes_page()) is not None:
            sizes_page.show_limit_curves(live.curves)

    def _on_live_planning(self) -> None:
        self._wizard.panel.show_plan(None)
        if (offer_page := self._offer_page()) is not None:
            offer_page.set_planning()

    def _on_live_planned(self, plan: Plan) -> None:
        self._wizard.panel.show_plan(plan)
        if (offer_page := self._offer_page()) is not None:
            offer_page.set_plan(plan, self._wizard.live.request)

    def _on_live_plan_failed(self, error: Exception) -> None:
        if (offer_page := self._offer_page()) is not None:
            offer_page.set_plan(None, None)
        message = error_text(error) if isinstance(error, PlannerError) else str(error)
        self._wizard.panel.show_status("error", message)
