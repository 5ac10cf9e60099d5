"""The plan wizard: six pages, one request, and the live estimate beside every page.

The pages collect the fields of a :class:`core.domain.request.PlanRequest`;
:meth:`PlanWizard.current_request` assembles them over the draft's other values and lets
``core.domain.request`` validate the result. After every edit
:class:`~gui.wizard.live_estimator.LiveEstimator` rebuilds the request, and
:class:`~gui.wizard.live_routing.LiveRouting` shows what it reports on the pages.

The wizard is built in steps (:class:`~gui.wizard.staged_wizard.StagedWizard`) so the main window
can show its first page at once and add the rest one step per turn of the event loop: first the
live estimate beside the first page, over the draft, then the model, sizes, parallelism, offer and
review pages, built once the estimate is on screen (or at once when the user goes past the last
page built before that); a page built later shows the draft and whatever the user changed on the
pages before it. The first page needs neither pydantic nor the engine: everything else, each
later page, the live estimate and the request model, is imported by the step that builds it.
"""

from __future__ import annotations

import contextlib
import copy
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, Signal, SignalInstance
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QWidget, QWizard

from core.base.errors import InputError
from gui.app_state import AppState
from gui.translation import tr_id
from gui.wizard.staged_wizard import StagedWizard
from gui.wizard.wizard_step import WizardStep
from gui.wizard.workload_page import WorkloadPage

if TYPE_CHECKING:
    from core.domain.request import PlanRequest
    from core.planning.planner import PlanOption
    from gui.store_service import StoreService  # imports the history store: a type only here
    from gui.wizard.live_estimate_panel import LiveEstimatePanel
    from gui.wizard.live_estimator import LiveEstimator
    from gui.wizard.live_routing import LiveRouting
    from gui.wizard.model_page import ModelPage
    from gui.wizard.offer_page import OfferPage
    from gui.wizard.parallelism_page import ParallelismPage
    from gui.wizard.review_page import ReviewPage
    from gui.wizard.sizes_page import SizesPage
    from gui.wizard.traffic_page import TrafficPage

DEFAULT_PRESET = "llama-3.1-8b"
W = QWizard.WizardButton
BUTTONS = [W.Stretch, W.BackButton, W.NextButton, W.CommitButton, W.FinishButton]


class PlanWizard(StagedWizard):
    """The Plan page of the main window; ``load_request`` and ``new_draft`` start over.

    With ``build_later`` only the first page is built; the caller runs :meth:`build_steps`
    and then :meth:`later_steps` (the main window, one per turn of its event loop). Until the
    live estimate is built the wizard shows the first page without buttons, and a workload
    chosen meanwhile is kept; until the later pages are built, going past the last page built
    builds them first.

    ``store_service`` is the app's one :class:`~gui.store_service.StoreService`, which the review
    page saves quotes and places orders through; it must be set before the review page is used.
    """

    draftRefused = Signal(str)  # the last session's draft was kept aside: where and why
    draftIsLink = Signal()  # the draft file is a symbolic link: read, but never written through

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
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        # The first of these calls takes some 6 ms: it is the app's first font lookup, which one
        # setOptions call only moves to the next widget measured (the first paint comes no sooner).
        self.setOption(QWizard.WizardOption.NoCancelButton)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage)
        self.setButtonLayout([W.Stretch])  # no Next or Finish until every page is there
        self.workload_page = WorkloadPage(self)
        self.addPage(self.workload_page)
        self._first_workload = self.workload_page.workload()
        # The pages built so far, in order; the later ones are appended when they are built.
        self.steps: list[WizardStep] = [self.workload_page]
        self._draft_label = ""
        self.draft_problem: str | None = None  # why the last session's draft was refused
        self.draft_link: Path | None = None  # the draft file, when it is a symbolic link
        self.stage(
            [self._meet_qt_made_widgets, self._add_panel, self._start_live_estimate],
            # The last step adds a page: while a later step is left, Next leads to one.
            [
                self._add_model_page,
                self._add_sizes_page,
                self._add_traffic_page,
                self._add_training_form,
                self._add_diffusion_form,
                self._add_parallelism_page,
                self._add_offer_page,
                self._add_review_page,
            ],
            at_once=not build_later,
        )

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
        self._panel_area = area
        area.setFixedWidth(PANEL_WIDTH + area.verticalScrollBar().sizeHint().width())
        self.setSideWidget(area)

    def _add_model_page(self) -> None:
        from gui.wizard.model_page import ModelPage

        self.model_page: ModelPage = ModelPage(self)
        self._add_step(self.model_page)
        self.routing.catch_up(self.model_page)

    def _add_sizes_page(self) -> None:
        from gui.wizard.sizes_page import SizesPage

        self.sizes_page: SizesPage = SizesPage(self)
        self._add_step(self.sizes_page)
        self.routing.catch_up(self.sizes_page)

    def _add_traffic_page(self) -> None:
        from gui.wizard.traffic_page import TrafficPage

        self.traffic_page: TrafficPage = TrafficPage(self)
        self._add_step(self.traffic_page)

    def _add_step(self, step: WizardStep) -> None:
        """Add ``step`` after the pages built so far; once the wizard takes input, fill it.

        A page added then shows the draft the earlier pages were loaded from and the workload
        chosen since; the routing brings a page that shows results up to them (``catch_up``).
        """
        self.addPage(step)
        self.steps.append(step)
        if self.built:
            step.load(self._draft)
            step.set_workload(self.workload())
            step.edited.connect(self.live.schedule)  # after: being filled is no edit

    # One page per step: each takes some 10-20 ms of the GUI thread.
    def _add_parallelism_page(self) -> None:
        from gui.wizard.parallelism_page import ParallelismPage

        self.parallelism_page: ParallelismPage = ParallelismPage(self)
        self._add_step(self.parallelism_page)

    def _add_offer_page(self) -> None:
        from gui.wizard.offer_page import OfferPage

        self.offer_page: OfferPage = OfferPage(self)
        self._add_step(self.offer_page)
        self.offer_page.optionChosen.connect(self._on_offer_option_chosen)
        self.routing.catch_up(self.offer_page)

    def _add_review_page(self) -> None:
        from gui.wizard.review_page import ReviewPage

        self.review_page: ReviewPage = ReviewPage(self)
        self.review_page.start_draft(self._draft_label)
        self._add_step(self.review_page)

    # The forms of the workloads the draft does not use, one per step.
    def _add_training_form(self) -> None:
        self.sizes_page.build_form("training")

    def _add_diffusion_form(self) -> None:
        self.sizes_page.build_form("diffusion")

    def has_page(self, name: str) -> bool:
        """Whether the later page ``name`` (the attribute, e.g. ``"offer_page"``) is built yet."""
        return hasattr(self, name)

    def _start_live_estimate(self) -> None:
        from gui.wizard.live_estimator import LiveEstimator
        from gui.wizard.live_routing import LiveRouting

        self.live: LiveEstimator = LiveEstimator(
            self.current_request,
            lambda: self.state.catalog,
            lambda: self.state.settings.tax_rate,
            self,
        )
        self.routing: LiveRouting = LiveRouting(self)
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
        # Bound methods, not lambdas: the connections end when this wizard is deleted.
        self.state.catalogChanged.connect(self._on_state_changed)
        self.state.settingsChanged.connect(self._on_state_changed)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _fit_panel(self, width: int) -> None:
        """Make the live estimate ``width`` pixels wide (its scroll bar beside it)."""
        if self.panel.maximumWidth() != width:
            self.panel.setFixedWidth(width)
            scroll_bar = self._panel_area.verticalScrollBar().sizeHint().width()
            self._panel_area.setFixedWidth(width + scroll_bar)

    def resizeEvent(self, event: QResizeEvent) -> None:
        if hasattr(self, "panel"):  # a quarter of a wide window, as wide as it was on a small one
            from gui.wizard.live_estimate_panel import PANEL_MAX_WIDTH, PANEL_WIDTH

            self._fit_panel(max(PANEL_WIDTH, min(PANEL_MAX_WIDTH, event.size().width() // 4)))
        super().resizeEvent(event)

    def _retranslate(self) -> None:
        if not self.built:
            return
        self.setButtonText(
            QWizard.WizardButton.FinishButton, tr_id("PlanWizard.new_plan", "&New plan")
        )
        self.setButtonText(QWizard.WizardButton.NextButton, tr_id("PlanWizard.next", "&Next >"))
        self.setButtonText(QWizard.WizardButton.BackButton, tr_id("PlanWizard.back", "< &Back"))
        if self.live.result is not None:
            self.routing.show_model_summary(self.live.result)

    # -- the public interface --------------------------------------------------------------

    def workload(self) -> str:
        """The workload chosen on the first page."""
        return self.workload_page.workload()

    def current_request(self) -> PlanRequest:
        """The request the pages describe now; raises :class:`InputError` naming a field."""
        from core.domain.request import parse_request

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
        if self.has_page("review_page"):
            self.review_page.start_draft(label)
        for step in self.steps:
            step.load(request)
            step.set_workload(request.workload)
            step.reset_touched()
            step.clear_error()
        self.restart()
        self.live.schedule()  # after the window has painted, not before

    def new_draft(self) -> None:
        """Start again from the defaults (File → New Plan)."""
        self.load_request(self.default_request())

    def open_last_draft(self) -> None:
        """Open the draft kept from the last session, or start from the defaults.

        A draft that cannot be opened is kept aside, not overwritten: :attr:`draft_problem`
        and :attr:`draftRefused` say where it is and why it was refused.
        """
        from gui.core_text import labelled_error_text
        from gui.wizard.plan_files import DRAFT_FILE, RefusedDraft, take_draft

        draft = self.state.data_dir / DRAFT_FILE
        if draft.is_symlink():  # opened through the link, but no draft is ever written through it
            self.draft_link = draft
            self.draftIsLink.emit()
        found = take_draft(self.state.data_dir, lambda r: self._check_preset(r, DRAFT_FILE))
        if isinstance(found, RefusedDraft):
            reason = labelled_error_text(found.error)
            if found.kept_as is None:
                text = tr_id(
                    "PlanWizard.the_last_draft_cannot_be_opened",
                    "The last draft cannot be opened; it was left in place: {reason}",
                )
            else:
                text = tr_id(
                    "PlanWizard.the_last_draft_cannot_be_opened_22709d",
                    "The last draft cannot be opened and was kept as {file}: {reason}",
                )
            self.draft_problem = text.format(file=found.kept_as, reason=reason)
            self.draftRefused.emit(self.draft_problem)
            found = None
        self.load_request(found or self.default_request())

    def _check_preset(self, request: PlanRequest, name: object) -> None:
        """Refuse a request naming a preset this version lacks (not replaced by another)."""
        from core.model.models import list_presets

        preset = request.model.preset
        if preset and preset not in {info.id for info in list_presets()}:
            text = tr_id(
                "PlanWizard.file_the_preset_preset_is_not",
                "{file}: the preset '{preset}' is not bundled with this version",
            )
            raise InputError(text.format(file=name, preset=preset))

    def open_plan_file(self, path: Path) -> None:
        """Open the plan file ``path`` as a new draft; raises :class:`InputError` saying why."""
        from gui.wizard.plan_files import read_plan

        request = read_plan(path)
        self._check_preset(request, path)
        self.load_request(request)

    def save_plan_file(self, path: Path) -> None:
        """Write the request the pages describe to ``path``; raises :class:`InputError`."""
        from gui.wizard.plan_files import write_plan

        write_plan(self.current_request(), path)

    def default_request(self) -> PlanRequest:
        """A new draft: serve the default preset, runtime reserve from the settings."""
        from core.domain.request import ModelRef, PlanRequest, Runtime
        from core.model.models import list_presets

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
            if self.routing.refuse_up_to(step, error):
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

    def _on_app_about_to_quit(self) -> None:
        self.live.stop()

    def _on_state_changed(self, _value: object) -> None:
        self.live.invalidate()  # new prices or tax: rank the offers again

    def _on_workload_edited(self) -> None:
        workload = self.workload()  # a page built later follows it when it is built
        for step in self.steps:
            step.set_workload(workload)

    def _on_offer_option_chosen(self, option: PlanOption) -> None:
        self.parallelism_page.set_layout(option.estimate.request.parallelism)
