"""The plan wizard: six pages, one request, and the live estimate beside every page.

The pages collect the fields of a :class:`core.request.PlanRequest`;
:meth:`PlanWizard.current_request` assembles them over the draft's other values and lets
``core.request`` validate the result. After every edit
:class:`~gui.wizard.live_estimator.LiveEstimator` rebuilds the request; the wizard routes a refused
value to the page and row that own it, and passes the estimate to the panel beside the pages and
the planner's options to the offer page.

The wizard is built in steps so the main window can show its first page at once and add the
rest one step per turn of the event loop, in two parts: :meth:`PlanWizard.build_steps`, the pages
the user gives input on (workload, model, sizes) and the live estimate beside them; then
:meth:`PlanWizard.later_steps`, the parallelism, offer and review pages, built once the estimate
is on screen (or at once when the user goes past the sizes page before that). The first page needs
neither pydantic nor the engine: everything else, each later page, the live estimate and the
request model, is imported by the step that builds it.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, SignalInstance
from PySide6.QtWidgets import QWidget, QWizard

from core.errors import InputError, PlannerError
from gui.app_state import AppState
from gui.wizard.wizard_step import WizardStep, error_path
from gui.wizard.workload_page import WorkloadPage

if TYPE_CHECKING:
    from core.estimate import EstimateResult
    from core.planner import Plan, PlanOption
    from core.request import PlanRequest
    from gui.store_service import StoreService  # imports the history store: a type only here
    from gui.wizard.live_estimate_panel import LiveEstimatePanel
    from gui.wizard.live_estimator import LiveEstimator
    from gui.wizard.model_page import ModelPage
    from gui.wizard.offer_page import OfferPage
    from gui.wizard.parallelism_page import ParallelismPage
    from gui.wizard.review_page import ReviewPage
    from gui.wizard.sizes_page import SizesPage

DEFAULT_PRESET = "llama-3.1-8b"
W = QWizard.WizardButton
BUTTONS = [W.Stretch, W.BackButton, W.NextButton, W.CommitButton, W.FinishButton]


def error_text(error: PlannerError) -> str:
    """``error`` worded for the user (:func:`gui.core_text.error_text`).

    The one seam to ``gui.core_text`` here: it is loaded after the first paint (some 9 ms with
    the field labels and number formats it imports, measured with ``python -X importtime``),
    with the live estimate panel, which uses it too.
    """
    from gui.core_text import error_text as worded

    return worded(error)


class PlanWizard(QWizard):
    """The Plan page of the main window; ``load_request`` and ``new_draft`` start over.

    With ``build_later`` only the first page is built; the caller runs :meth:`build_steps`
    and then :meth:`later_steps` (the main window, one per turn of its event loop). Until the
    input pages and the live estimate are built the wizard shows the first page without
    buttons, and a workload chosen meanwhile is kept; until the later pages are built, going
    past the sizes page builds them first (:meth:`validateCurrentPage`).

    ``store_service`` is the app's one :class:`~gui.store_service.StoreService`, which the review
    page saves quotes and places orders through; it must be set before the review page is used.
    """

    def __init__(
        self,
        state: AppState,
        store_service: StoreService | None = None,
        parent: QWidget | None = None,
        *,
        new_plan: SignalInstance | None = None,
        build_later: bool = False,
    ) -> None:
        # Embedded in a scroll area, which makes it a plain child widget, not a dialog window.
        super().__init__(parent)
        self.setObjectName("planWizard")
        self.state = state
        # The review page saves and places through it; with ``build_later`` the main window may
        # set it in a start-up step of its own, before the later pages are built.
        self.store_service: StoreService | None = store_service
        self._base: dict[str, Any] = {}
        self._new_plan = new_plan
        self.built = False
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setOption(QWizard.WizardOption.NoCancelButton)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage)
        self.setButtonLayout([W.Stretch])  # no Next or Finish until every page is there
        self.workload_page = WorkloadPage(self)
        self.addPage(self.workload_page)
        self._first_workload = self.workload_page.workload()
        # The pages built so far, in order; the later ones are appended when they are built.
        self.steps: list[WizardStep] = [self.workload_page]
        self._draft_label = ""
        self._pending: list[Callable[[], None]] = [
            self._meet_qt_made_widgets,
            self._add_panel,
            self._add_model_page,
            self._add_sizes_page,
            self._start_live_estimate,
        ]
        self._later: list[Callable[[], None]] = [
            self._add_parallelism_page,
            self._add_offer_page,
            self._add_review_page,
        ]
        if not build_later:
            for step in self.build_steps():
                step()
            self.finish_later_pages()

    def build_steps(self) -> list[Callable[[], None]]:
        """The steps up to the wizard taking input with a live estimate (handed out once)."""
        steps, self._pending = self._pending, []
        return steps

    def later_steps(self) -> list[Callable[[], None]]:
        """One step per later page; a step finds nothing to do once the pages are built."""
        return [self._build_next_later_page for _ in self._later]

    @property
    def complete(self) -> bool:
        """Whether every page is built (the later ones too)."""
        return self.built and not self._later

    def finish_later_pages(self) -> None:
        """Build the later pages that are not built yet, now."""
        while self._later:
            self._build_next_later_page()

    def _build_next_later_page(self) -> None:
        if self._later:
            self._later.pop(0)()

    def _on_last_built_page(self) -> bool:
        """Whether the sizes page is shown while the later pages are still to be built."""
        return bool(self._later) and self.built and self.currentPage() is self.steps[-1]

    def nextId(self) -> int:
        if self._on_last_built_page():  # it still leads on, to the page added next
            return self.currentId() + 1
        return super().nextId()

    def validateCurrentPage(self) -> bool:
        if not super().validateCurrentPage():
            return False
        if self._on_last_built_page():
            self.finish_later_pages()  # the page ``nextId`` promised exists before it is shown
        return True

    def _meet_qt_made_widgets(self) -> None:
        # PySide6 creates the Python enums of every QtWidgets class (some 80, ~25 ms) the first
        # time a widget made by Qt itself reaches Python, such as the viewport of the scroll area
        # around the wizard. The next steps meet such widgets; take that cost in a step of its own.
        self.parentWidget()

    def _add_panel(self) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QFrame, QScrollArea

        from gui.wizard.live_estimate_panel import PANEL_WIDTH, LiveEstimatePanel

        self.panel: LiveEstimatePanel = LiveEstimatePanel()
        # QWizard does not keep its side widget at the widget's minimum height: on a short
        # window the chart was painted over the verdict below it. In a scroll area the panel
        # keeps its height and scrolls instead.
        area = QScrollArea(self)
        area.setObjectName("liveEstimateScroll")
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        area.setWidget(self.panel)
        area.setFixedWidth(PANEL_WIDTH + area.verticalScrollBar().sizeHint().width())
        self.setSideWidget(area)

    def _add_model_page(self) -> None:
        from gui.wizard.model_page import ModelPage

        self.model_page: ModelPage = ModelPage(self)
        self._add_step(self.model_page)

    def _add_sizes_page(self) -> None:
        from gui.wizard.sizes_page import SizesPage

        self.sizes_page: SizesPage = SizesPage(self)
        self._add_step(self.sizes_page)

    def _add_step(self, step: WizardStep) -> None:
        """Add ``step`` after the pages built so far; once the wizard takes input, fill it."""
        self.addPage(step)
        self.steps.append(step)
        if self.built:  # a later page: it shows the draft the earlier pages were loaded from
            step.load(self._draft)
            step.edited.connect(self.live.schedule)

    # One page per step: each takes some 10 ms of the GUI thread.
    def _add_parallelism_page(self) -> None:
        from gui.wizard.parallelism_page import ParallelismPage

        self.parallelism_page: ParallelismPage = ParallelismPage(self)
        self._add_step(self.parallelism_page)

    def _add_offer_page(self) -> None:
        from gui.wizard.offer_page import OfferPage

        self.offer_page: OfferPage = OfferPage(self)
        self._add_step(self.offer_page)
        self.offer_page.optionChosen.connect(self._on_offer_option_chosen)
        self._show_on_offer_page()

    def _add_review_page(self) -> None:
        from gui.wizard.review_page import ReviewPage

        self.review_page: ReviewPage = ReviewPage(self)
        self.review_page.start_draft(self._draft_label)
        self._add_step(self.review_page)

    def _has_page(self, name: str) -> bool:
        """Whether the later page ``name`` (the attribute, e.g. ``"offer_page"``) is built yet."""
        return hasattr(self, name)

    def _show_on_offer_page(self) -> None:
        """Bring the offer page, built after the live estimate started, up to its results."""
        live, page = self.live, self.offer_page
        result = live.result
        page.set_fit(result is not None and result.fits and result.request.gpu is not None)
        page.set_outcome(live.outcome)
        if live.plan is not None:
            page.set_plan(live.plan, live.request)
        elif live.busy:
            page.set_planning()
        if live.request is not None:
            page.select_layout(live.request)

    def _start_live_estimate(self) -> None:
        from gui.wizard.live_estimator import LiveEstimator

        self.live: LiveEstimator = LiveEstimator(
            self.current_request,
            lambda: self.state.catalog,
            lambda: self.state.settings.tax_rate,
            self,
        )
        chosen = self.workload()  # the user may have chosen while the pages were built
        self._connect_signals()
        if self._new_plan is not None:
            self._new_plan.connect(self.new_draft)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self._on_app_about_to_quit)
        self.setButtonLayout(BUTTONS)
        self.built = True
        self._retranslate()
        self.open_last_draft()
        if chosen != self._first_workload:  # chosen by the user, over the draft's own
            self.workload_page.choose(chosen)
        # The first estimate need not wait out the pause meant for typing (40 ms, a third of a
        # bare window's start-up): the request is checked and the model read starts now, on its
        # thread; the estimate follows when the model has been read.
        self.live.flush()

    def _connect_signals(self) -> None:
        for step in self.steps:
            step.edited.connect(self.live.schedule)
        self.workload_page.edited.connect(self._on_workload_edited)
        live = self.live
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
        # Bound methods, not lambdas: the connections end when this wizard is deleted.
        self.state.catalogChanged.connect(self._on_state_changed)
        self.state.settingsChanged.connect(self._on_state_changed)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        if not self.built:
            return
        self.setButtonText(QWizard.WizardButton.FinishButton, self.tr("&New plan"))
        self.setButtonText(QWizard.WizardButton.NextButton, self.tr("&Next >"))
        self.setButtonText(QWizard.WizardButton.BackButton, self.tr("< &Back"))
        if self.live.result is not None:
            self._show_model_summary(self.live.result)

    # -- the public interface --------------------------------------------------------------

    def workload(self) -> str:
        """The workload chosen on the first page."""
        return self.workload_page.workload()

    def current_request(self) -> PlanRequest:
        """The request the pages describe now; raises :class:`InputError` naming a field."""
        from core.request import parse_request

        raw = copy.deepcopy(self._base)
        workload = self.workload()
        for step in self.steps:
            step.fill(raw, workload)
        return parse_request(raw)

    def load_request(self, request: PlanRequest, label: str = "") -> None:
        """Fill every page from ``request`` and start at the first page (a new draft).

        ``label`` is the review page's label (a reopened quote's own); nothing else of the
        draft before is kept.
        """
        self._base = request.model_dump(mode="json")
        self._draft: PlanRequest = request  # the pages built later show it too
        self._draft_label = label
        if self._has_page("review_page"):
            self.review_page.start_draft(label)
        for step in self.steps:
            step.load(request)
            step.reset_touched()
            step.clear_error()
        self.model_page.set_workload(request.workload)
        self.restart()
        self.live.schedule()  # after the window has painted, not before

    def new_draft(self) -> None:
        """Start again from the defaults (File → New Plan)."""
        self.load_request(self.default_request())

    def open_last_draft(self) -> None:
        """Open the draft kept from the last session, or start from the defaults."""
        from gui.wizard.plan_files import read_draft

        self.load_request(read_draft(self.state.data_dir) or self.default_request())

    def open_plan_file(self, path: Path) -> None:
        """Open the plan file ``path`` as a new draft; raises :class:`InputError` saying why."""
        from core.models import list_presets
        from gui.wizard.plan_files import read_plan

        request = read_plan(path)
        preset = request.model.preset
        if preset and preset not in {info.id for info in list_presets()}:
            # Refused, not replaced by the first preset of the list.
            text = self.tr("{file}: the preset '{preset}' is not bundled with this version")
            raise InputError(text.format(file=path, preset=preset))
        self.load_request(request)

    def save_plan_file(self, path: Path) -> None:
        """Write the request the pages describe to ``path``; raises :class:`InputError`."""
        from gui.wizard.plan_files import write_plan

        write_plan(self.current_request(), path)

    def default_request(self) -> PlanRequest:
        """A new draft: serve the default preset, runtime reserve from the settings."""
        from core.models import list_presets
        from core.request import ModelRef, PlanRequest, Runtime

        ids = [p.id for p in list_presets() if p.kind == "llm"]
        preset = DEFAULT_PRESET if DEFAULT_PRESET in ids or not ids else ids[0]
        return PlanRequest(
            model=ModelRef(preset=preset),
            runtime=Runtime(context_gib=self.state.settings.runtime_context_gib),
        )

    def validate_step(self, step: WizardStep) -> bool:
        """Next on ``step``: the request must be valid as far as this page and those before it."""
        self.live.flush()
        for earlier in self.steps[: self.steps.index(step) + 1]:
            earlier.touch()  # Next judges what was left untouched too
        try:
            self.current_request()
        except InputError as error:
            path = error_path(error)
            owner = self._owner(path)
            if owner is not None and self.steps.index(owner) <= self.steps.index(step):
                self._route_error(path, error_text(error))
                return False
        return step.isComplete()

    def forget_model_file(self) -> None:
        """The model file was chosen again: read it again."""
        with contextlib.suppress(InputError):  # an invalid request has no model to forget
            self.live.forget_model(self.current_request())

    def done(self, result: int) -> None:
        # Finish ("New plan") starts a new draft; the embedded wizard never closes.
        if result == int(QWizard.DialogCode.Accepted) and self.built:
            self.new_draft()

    def reject(self) -> None:
        # Escape must not hide the Plan page.
        pass

    # -- routing results -------------------------------------------------------------------

    def _owner(self, path: str) -> WizardStep | None:
        return next((step for step in self.steps if step.owns(path)), None)

    def _route_error(self, path: str, message: str) -> str | None:
        """Show ``message`` on the page that owns ``path``; return it as that page words it.

        None when the page holds it back (an input the user has not typed in yet).
        """
        owner = self._owner(path) or self.currentPage()
        shown: str | None = message
        for step in self.steps:
            if step is owner:
                shown = step.show_error(path, message)
            else:
                step.clear_error()
        return shown

    def _on_app_about_to_quit(self) -> None:
        self.live.stop()

    def _on_state_changed(self, _value: object) -> None:
        self.live.invalidate()  # new prices or tax: rank the offers again

    def _on_workload_edited(self) -> None:
        workload = self.workload()
        self.model_page.set_workload(workload)
        self.sizes_page.set_workload(workload)

    def _on_offer_option_chosen(self, option: PlanOption) -> None:
        self.parallelism_page.set_layout(option.estimate.request.parallelism)

    def _on_live_invalid(self, error: InputError) -> None:
        path = error_path(error)
        if path == "model":  # no model given: the chosen source's input is empty
            path = f"model.{self.model_page.source()}"
        message = self._route_error(path, error_text(error))
        self.model_page.set_resolving(False)
        if self._has_page("offer_page"):
            self.offer_page.set_fit(False)
        if message is None:  # an input not typed in yet: no refusal, only what is missing
            self.panel.show_status("busy", self.tr("Fill in this page to see the estimate."))
        else:
            self.panel.show_status("invalid", message)

    def _on_live_validated(self, request: PlanRequest) -> None:
        from gui.wizard.plan_files import keep_draft

        for step in self.steps:
            step.clear_error()
        keep_draft(request, self.state.data_dir)  # opened again after a restart
        if self._has_page("offer_page"):
            self.offer_page.select_layout(request)

    def _on_live_resolving(self) -> None:
        self.model_page.set_resolving(True)
        if self._has_page("offer_page"):
            self.offer_page.set_fit(False)
        self.panel.show_status("busy", self.tr("Reading the model…"))

    def _on_live_model_failed(self, error: Exception) -> None:
        self.model_page.set_resolving(False)
        if self._has_page("offer_page"):
            self.offer_page.set_fit(False)
        message = error_text(error) if isinstance(error, PlannerError) else repr(error)
        path = error_path(error) if isinstance(error, PlannerError) else ""
        if path in ("", "model"):  # a file or preset core could not read
            path = f"model.{self.model_page.source()}"
        message = self._route_error(path, message) or message
        self.panel.show_status("error", message)
        self.panel.show_plan(None)
        if self._has_page("offer_page"):
            self.offer_page.set_outcome(None)
        self.sizes_page.show_limit_curves({})

    def _on_live_estimated(self, result: EstimateResult) -> None:
        self.model_page.set_resolving(False)
        self._show_model_summary(result)
        if self._has_page("offer_page"):
            self.offer_page.set_fit(result.fits and result.request.gpu is not None)
        self.panel.show_result(result)

    def _on_live_limited(self) -> None:
        self.panel.show_limits(self.live.limits, self.live.outcome)
        if self._has_page("offer_page"):
            self.offer_page.set_outcome(self.live.outcome)
        self.sizes_page.show_limit_curves(self.live.curves)

    def _show_model_summary(self, result: EstimateResult) -> None:
        from gui.wizard.display import count

        model = result.model
        self.model_page.show_summary(
            self.tr("{name}: {params} parameters ({source}).").format(
                name=model.name, params=count(model.params_total), source=model.source
            )
        )

    def _on_live_planning(self) -> None:
        self.panel.show_plan(None)
        if self._has_page("offer_page"):
            self.offer_page.set_planning()

    def _on_live_planned(self, plan: Plan) -> None:
        self.panel.show_plan(plan)
        if self._has_page("offer_page"):
            self.offer_page.set_plan(plan, self.live.request)

    def _on_live_plan_failed(self, error: Exception) -> None:
        if self._has_page("offer_page"):
            self.offer_page.set_plan(None, None)
        message = error_text(error) if isinstance(error, PlannerError) else str(error)
        self.panel.show_status("error", message)
