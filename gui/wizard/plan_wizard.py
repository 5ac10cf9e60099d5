"""The plan wizard: the pages of :data:`~gui.wizard.pages.PAGES`, one draft, and the live estimate.

Each page owns some fields of a :class:`core.domain.request.PlanRequest` and writes them into the
:class:`~gui.wizard.plan_draft.PlanDraft`, which lays them over the request it was loaded from and
lets ``core.domain.request`` validate the result (:meth:`PlanWizard.current_request`). The pages
never call the wizard: they are given a :class:`~gui.wizard.plan_draft.PageContext` and say what
they do by signals. After every edit :class:`~gui.wizard.live_estimator.LiveEstimator` rebuilds the
request, and :class:`~gui.wizard.live_routing.LiveRouting` shows what it reports on the pages.

The wizard is built in steps (:class:`~gui.wizard.staged_wizard.StagedWizard`) so the main window
can show its first page at once and add the rest one step per turn of the event loop: first the
live estimate beside the first page, over the draft, then the other pages in the registry's order,
built once the estimate is on screen (or at once when the user goes past the last page built
before that); a page built later shows the draft and whatever the user changed on the pages
before it. The first page needs neither pydantic nor the engine: the live estimate and the request
model come with :mod:`gui.wizard.wizard_engine`, imported by the step that adds the estimate, and
each later page's module with the step that builds it (:func:`gui.wizard.pages.page_class`).
"""

from __future__ import annotations

import contextlib
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, Signal, SignalInstance
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QWidget, QWizard

from core.base.errors import InputError
from gui.app_state import AppState
from gui.translation import tr_id
from gui.wizard.pages import PAGES, PageEntry, page_class
from gui.wizard.plan_draft import PageContext, PlanDraft
from gui.wizard.staged_wizard import StagedWizard, Step
from gui.wizard.wizard_step import WizardStep

if TYPE_CHECKING:
    from core.domain.request import PlanRequest
    from core.model.models import ResolvedModel
    from gui.store_service import StoreService  # imports the history store: a type only here
    from gui.wizard.live_estimate_panel import LiveEstimatePanel
    from gui.wizard.live_estimator import LiveEstimator
    from gui.wizard.live_routing import LiveRouting
    from gui.wizard.workload_page import WorkloadPage

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
    Each page is also an attribute named by its key in :data:`~gui.wizard.pages.PAGES`
    (``wizard.offer_page``) once it is built.
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
        pages: tuple[PageEntry, ...] = PAGES,
    ) -> None:
        # Embedded in a scroll area, which makes it a plain child widget, not a dialog window.
        super().__init__(parent)
        self.setObjectName("planWizard")
        self.state = state
        # The review page saves and places through it; with ``build_later`` the main window may
        # set it in a start-up step of its own, before the later pages are built.
        self.store_service: StoreService | None = store_service
        self.draft = PlanDraft()
        self.draft.setParent(self)
        self._context = PageContext(
            state=state,
            draft=self.draft,
            store_service=lambda: self.store_service,
            model_for=self._model_for,
        )
        self._new_plan = new_plan
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        # The first of these calls takes some 6 ms: it is the app's first font lookup, which one
        # setOptions call only moves to the next widget measured (the first paint comes no sooner).
        self.setOption(QWizard.WizardOption.NoCancelButton)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage)
        self.setButtonLayout([W.Stretch])  # no Next or Finish until every page is there
        # The pages built so far, in order; the later ones are appended when they are built.
        self.steps: list[WizardStep] = []
        first, *later = pages
        self._add_page(first)
        # The first page is where the workload is chosen: the wizard reads it there.
        self.workload_page: WorkloadPage = self.steps[0]  # type: ignore[assignment]
        self._first_workload = self.workload_page.workload()
        self.draft_problem: str | None = None  # why the last session's draft was refused
        self.draft_link: Path | None = None  # the draft file, when it is a symbolic link
        self.stage(
            [self._meet_qt_made_widgets, self._add_panel, self._start_live_estimate],
            # The last step adds a page: while a later step is left, Next leads to one.
            self._later_page_steps(later),
            at_once=not build_later,
        )

    def _later_page_steps(self, entries: list[PageEntry]) -> list[Step]:
        """One step per later page; the parts a page leaves for later follow the next page."""
        steps: list[Step] = []
        left: list[Step] = []
        for entry in entries:
            steps.append(partial(self._add_page, entry))
            steps += left
            left = [partial(self._run_part, entry, n) for n in range(entry.parts)]
        if left:  # StagedWizard: while a later step is left, the last page built leads on
            raise ValueError("the last page of the wizard cannot leave parts for later")
        return steps

    def _meet_qt_made_widgets(self) -> None:
        # PySide6 creates the Python enums of every QtWidgets class (some 80, ~25 ms) the first
        # time a widget made by Qt itself reaches Python, such as the viewport of the scroll area
        # around the wizard. The next steps meet such widgets; take that cost in a step of its own.
        self.parentWidget()

    def _add_panel(self) -> None:
        # The one seam of the wizard's own imports: the live estimate, pydantic's request model
        # and the engine behind them are loaded after the first paint (the pages come through
        # gui.wizard.pages); everything the wizard uses from them comes from this module.
        # seam: the engine step, after the first paint
        from gui.wizard import wizard_engine

        self._engine: ModuleType = wizard_engine
        self.panel: LiveEstimatePanel = wizard_engine.LiveEstimatePanel()
        self._panel_area = wizard_engine.panel_area(self.panel, self)
        self.setSideWidget(self._panel_area)

    def _add_page(self, entry: PageEntry) -> None:
        """Build ``entry``'s page after those built so far; once the wizard takes input, fill it.

        A page added then shows the draft the earlier pages were loaded from and the workload
        chosen since; the routing brings a page that shows results up to them (``catch_up``).
        """
        step = page_class(entry)(self._context, self)
        setattr(self, entry.key, step)
        self.addPage(step)
        self.steps.append(step)
        self.draft.attach(step)
        if self.built:
            loaded = self.draft.loaded
            if loaded is not None:
                step.load(loaded)
            step.set_workload(self.workload())
            step.edited.connect(self.live.schedule)  # after: being filled is no edit
            self.routing.catch_up(step)

    def _run_part(self, entry: PageEntry, number: int) -> None:
        """Build part ``number`` of the parts ``entry``'s page leaves for later."""
        page: WizardStep = getattr(self, entry.key)
        page.later_steps()[number]()

    def has_page(self, name: str) -> bool:
        """Whether the later page ``name`` (its key, e.g. ``"offer_page"``) is built yet."""
        return hasattr(self, name)

    def built_page(self, name: str) -> WizardStep | None:
        """The page ``name`` (its key in :data:`~gui.wizard.pages.PAGES`), or None until built."""
        step = getattr(self, name, None)
        return step if isinstance(step, WizardStep) else None

    def _start_live_estimate(self) -> None:
        engine = self._engine
        self.draft.set_parser(engine.parse_request)
        self.live: LiveEstimator = engine.LiveEstimator(
            self.current_request,
            lambda: self.state.catalog,
            lambda: self.state.settings.tax_rate,
            self,
        )
        self.routing: LiveRouting = engine.LiveRouting(self)
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
        self.draft.modelFileChosen.connect(self.forget_model_file)
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
            low, high = self._engine.PANEL_WIDTH, self._engine.PANEL_MAX_WIDTH
            self._fit_panel(max(low, min(high, event.size().width() // 4)))
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
        self.draft.workload = self.workload()
        return self.draft.request()

    def load_request(self, request: PlanRequest, label: str = "") -> None:
        """Fill every page from ``request`` and start at the first page (a new draft).

        ``label`` is the review page's label (a reopened quote's own); nothing else of the
        draft before is kept.
        """
        self.draft.start(request, label)  # the pages built later show it too
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
        engine = self._engine
        draft = self.state.data_dir / engine.DRAFT_FILE
        if draft.is_symlink():  # opened through the link, but no draft is ever written through it
            self.draft_link = draft
            self.draftIsLink.emit()
        found = engine.take_draft(
            self.state.data_dir, lambda r: self._check_preset(r, engine.DRAFT_FILE)
        )
        if isinstance(found, engine.RefusedDraft):
            reason = engine.labelled_error_text(found.error)
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
        preset = self._engine.missing_preset(request)
        if preset is not None:
            text = tr_id(
                "PlanWizard.file_the_preset_preset_is_not",
                "{file}: the preset '{preset}' is not bundled with this version",
            )
            raise InputError(text.format(file=name, preset=preset))

    def open_plan_file(self, path: Path) -> None:
        """Open the plan file ``path`` as a new draft; raises :class:`InputError` saying why."""
        request = self._engine.read_plan(path)
        self._check_preset(request, path)
        self.load_request(request)

    def save_plan_file(self, path: Path) -> None:
        """Write the request the pages describe to ``path``; raises :class:`InputError`."""
        self._engine.write_plan(self.current_request(), path)

    def default_request(self) -> PlanRequest:
        """A new draft: serve the default preset, runtime reserve from the settings."""
        request: PlanRequest = self._engine.default_request(self.state.settings.runtime_context_gib)
        return request

    def validateCurrentPage(self) -> bool:
        step = self.currentPage()
        if self.built and isinstance(step, WizardStep) and not self.validate_step(step):
            return False
        return super().validateCurrentPage()

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

    def _model_for(self, request: PlanRequest) -> ResolvedModel | None:
        return self.live.model_for(request)

    def _on_app_about_to_quit(self) -> None:
        self.live.stop()

    def _on_state_changed(self, _value: object) -> None:
        self.live.invalidate()  # new prices or tax: rank the offers again

    def _on_workload_edited(self) -> None:
        workload = self.draft.workload = self.workload()  # a page built later follows it
        for step in self.steps:
            step.set_workload(workload)
