"""Page 5: the planner's ranked options for the chosen term, and the choice of one of them.

Choosing a row sets the request's GPU offer, and through the parallelism page its GPU count,
strategy and tensor-parallel degree. The options are ranked by ``core.planning.planner``; the table
only sorts and filters them.
"""

from __future__ import annotations

from datetime import datetime
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QLabel,
    QPushButton,
    QWidget,
)

from core.domain.request import PlanRequest
from core.planning.planner import Plan, PlanOption
from core.pricing.outcome import OutcomeCost, TermProposal
from gui.core_text import message_text
from gui.presentation import counts
from gui.presentation.comparison import MAX_COLUMNS, MIN_COLUMNS
from gui.presentation.formats import term
from gui.translation import tr_id
from gui.wizard.compare_dialog import CompareDialog
from gui.wizard.offer_filter_proxy import OfferFilterProxy
from gui.wizard.offer_table_model import OfferTableModel
from gui.wizard.offer_table_view import OfferTableView
from gui.wizard.term_form import TermForm
from gui.wizard.wizard_step import ERROR_STYLE, WizardStep

if TYPE_CHECKING:
    from gui.wizard.plan_draft import DraftPart, PageContext


class OfferPage(WizardStep):
    """Term above, options below; Next needs a chosen option that fits."""

    PREFIXES = ("gpu", "term", "storage_gb")
    optionChosen = Signal(object)  # PlanOption

    def __init__(self, context: PageContext | None = None, parent: QWidget | None = None) -> None:
        super().__init__("offerPage", context, parent)
        self._plan_request: PlanRequest | None = None  # the request the plan shown was made for
        self._gpu: str | None = None
        self._fits = False
        self._plan: Plan | None = None
        self._proposal: TermProposal | None = None
        self._live_run_hours: float | None = None  # the live estimate's run
        self._build_ui()
        self._connect_signals()
        self._retranslate()

    def _build_ui(self) -> None:
        self._term = TermForm(self)
        self.adopt(self._term)
        self.content.addWidget(self._term)
        self._cover_run = QPushButton(self)
        self._cover_run.setObjectName("coverRun")
        self._cover_run.hide()
        self.content.addWidget(self._cover_run)
        self._show_infeasible = QCheckBox(self)
        self._show_infeasible.setObjectName("showInfeasible")
        self.content.addWidget(self._show_infeasible)
        self._model = OfferTableModel(self)
        self._proxy = OfferFilterProxy(self)
        self._proxy.setSourceModel(self._model)
        self._table = OfferTableView(self._model, self._proxy, self)
        self.content.addWidget(self._table, 1)
        self._compare = QPushButton(self)
        self._compare.setObjectName("compareOptions")
        self._compare.setEnabled(False)
        self.content.addWidget(self._compare)
        self._status = QLabel(self)
        self._status.setObjectName("offerStatus")
        self._status.setWordWrap(True)
        self.content.addWidget(self._status)

    def _connect_signals(self) -> None:
        self._term.deadlineEdited.connect(self._on_deadline_edited)
        if self.context is not None:  # an offer chosen, or a deadline set, on the traffic step
            self.context.draft.offerChosen.connect(self.load)
            self.context.draft.deadlineShared.connect(self._on_deadline_shared)
        self._show_infeasible.toggled.connect(self._on_show_infeasible_toggled)
        self._cover_run.clicked.connect(self._on_cover_run_clicked)
        self._compare.clicked.connect(self.open_comparison)
        self._table.selectionModel().selectionChanged.connect(self._on_selection_changed)
        self._table.selectionModel().currentRowChanged.connect(self._on_table_current_changed)

    def _retranslate(self) -> None:
        self.setTitle(tr_id("OfferPage.gpu_offer_and_term", "GPU offer and term"))
        self._show_subtitle()
        self._show_infeasible.setText(
            tr_id("OfferPage.show_infeasible_options", "Show in&feasible options")
        )
        self._show_infeasible.setToolTip(
            tr_id(
                "OfferPage.list_the_options_that_do_not",
                "List the options that do not fit, with the reason",
            )
        )
        self._table.setAccessibleName(tr_id("OfferPage.options", "Options"))
        self._compare.setText(tr_id("OfferPage.compare_selected", "&Compare selected…"))
        self._compare.setToolTip(
            tr_id(
                "OfferPage.select_two_to_four_options_ctrl",
                "Select two to four options (Ctrl+click) to see them side by side",
            )
        )
        self._show_proposal()
        self._model.retranslate()
        if self._plan is not None:  # the cells hold translated names
            self.set_plan(self._plan, self._plan_request)

    def _show_subtitle(self) -> None:
        """Say which order the options are in: the run's cost for training, else the term's."""
        if self._plan is not None and self._plan.rank_by == "job-cost":
            text = tr_id(
                "OfferPage.every_offer_gpu_count_strategy_the",
                "Every offer × GPU count × strategy the planner considered, cheapest whole "
                "training run first. Choose one.",
            )
        else:
            text = tr_id(
                "OfferPage.every_offer_gpu_count_strategy_the_3d4ecc",
                "Every offer × GPU count × strategy the planner considered, cheapest first for the "
                "term. Choose one.",
            )
        self.setSubTitle(text)

    @property
    def table(self) -> OfferTableView:
        """The options table."""
        return self._table

    def write(self, part: DraftPart) -> None:
        part["gpu"] = self._gpu
        self._term.fill(part)

    def load(self, request: PlanRequest) -> None:
        self._gpu = request.gpu
        self._term.load(request)
        self._term.show_deadline(request.goal.deadline if request.goal is not None else None)

    def set_workload(self, workload: str) -> None:
        self._term.set_training(workload == "training")

    @property
    def term_form(self) -> TermForm:
        """The term, the storage and, for training, the deadline."""
        return self._term

    def show_deadline(self, deadline: datetime | None) -> None:
        """Show the training goal's deadline as the traffic step has it (no edit)."""
        self._term.show_deadline(deadline)

    def _on_deadline_edited(self, deadline: datetime | None) -> None:
        # The traffic step writes the goal into the request: one deadline, shown in both places.
        if self.context is not None:
            self.context.draft.share_deadline(deadline, self)

    def _on_deadline_shared(self, deadline: datetime | None, setter: object) -> None:
        if setter is not self:
            self.show_deadline(deadline)

    def ready(self) -> bool:
        return self._gpu is not None and self._fits

    def selected_options(self) -> list[PlanOption]:
        """The options of the selected rows, in the table's order."""
        rows = sorted(index.row() for index in self._table.selectionModel().selectedRows())
        return [
            self._model.option(self._proxy.mapToSource(self._proxy.index(r, 0)).row()) for r in rows
        ]

    def _on_selection_changed(self, *_args: object) -> None:
        chosen = len(self._table.selectionModel().selectedRows())
        self._compare.setEnabled(MIN_COLUMNS <= chosen <= MAX_COLUMNS)

    def open_comparison(self) -> CompareDialog | None:
        """Show the selected options side by side (two to four of them)."""
        options = self.selected_options()
        if not MIN_COLUMNS <= len(options) <= MAX_COLUMNS:
            return None
        dialog = CompareDialog(options, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def set_outcome(self, outcome: OutcomeCost | None) -> None:
        """Offer the term that covers the training run of the current estimate, if any."""
        self._proposal = outcome.proposed_term if outcome is not None else None
        self._live_run_hours = outcome.run_hours if outcome is not None else None
        self._show_run_hours()
        self._show_proposal()

    def _show_run_hours(self) -> None:
        """Hand the "finish by" sentence the chosen row's run, else say whose run it is.

        The live estimate is of the cheapest offer that fits until a row is chosen
        (:func:`core.estimate.dispatch.estimate` without a GPU), and of the old row until the new
        one is estimated; the chosen row carries its own run (its plan option's outcome).
        """
        current = self._table.selectionModel().currentIndex()
        if self._gpu is not None and current.isValid():
            option = self._model.option(self._proxy.mapToSource(current).row())
            if option.outcome is not None and option.outcome.run_hours is not None:
                self._term.set_run_hours(option.outcome.run_hours)
                return
        self._term.set_run_hours(self._live_run_hours, chosen=self._gpu is not None)

    def _show_proposal(self) -> None:
        proposal = self._proposal
        words = term
        self._cover_run.setVisible(proposal is not None)
        if proposal is None:
            return
        self._cover_run.setText(
            tr_id("OfferPage.cover_the_whole_run_term", "Cover the whole run: {term}").format(
                term=words(proposal.unit, proposal.count)
            )
        )
        self._cover_run.setToolTip(
            tr_id(
                "OfferPage.the_cheapest_whole_term_of_this",
                "The cheapest whole term of this option that lasts the estimated run",
            )
        )

    def _on_cover_run_clicked(self) -> None:
        if self._proposal is not None:
            self._term.set_term(self._proposal.unit, self._proposal.count)

    def set_planning(self) -> None:
        """Options are being ranked for a changed request."""
        self._status.setStyleSheet("")
        self._status.setText(tr_id("OfferPage.ranking_the_offers", "Ranking the offers…"))

    def set_plan(self, plan: Plan | None, request: PlanRequest | None) -> None:
        """Show ``plan``'s options and keep the chosen one selected if it is among them."""
        self._model.set_plan(plan)
        self._plan, self._plan_request = plan, request
        self._show_subtitle()
        self._table.fit_columns()
        self._show_status()
        if plan is not None and request is not None:
            self.select_layout(request)
        self._show_run_hours()

    def _show_status(self) -> None:
        plan = self._plan
        if plan is None:
            self._status.setText("")
            return
        if plan.options:
            text = tr_id("OfferPage.fit_other", "{fit}, {other}.").format(
                fit=counts.options_fit(len(plan.options)),
                other=counts.options_do_not_fit(len(plan.infeasible)),
            )
            uncertain = sum(o.estimate.fit_certainty == "uncertain" for o in plan.options)
            if uncertain:
                text += " " + counts.uncertain_fits(uncertain)
            self._status.setStyleSheet("")
            self._status.setText(text)
        else:
            lines = "".join(f"<li>{escape(message_text(s))}</li>" for s in plan.suggestions)
            self._status.setStyleSheet(ERROR_STYLE)
            self._status.setText(
                tr_id(
                    "OfferPage.nothing_in_the_catalog_fits_this",
                    "Nothing in the catalog fits this request. What would fit:",
                )
                + f"<ul>{lines}</ul>"
            )

    def select_layout(self, request: PlanRequest) -> None:
        """Select the row of ``request``'s GPU, count and strategy (quietly)."""
        row = None
        if request.gpu is not None:
            par = request.parallelism
            row = self._model.find(request.gpu, par.gpus, par.strategy, par.expert_parallel)
        selection = self._table.selectionModel()
        selection.blockSignals(True)
        if row is None:
            selection.clearSelection()
            selection.setCurrentIndex(QModelIndex(), QItemSelectionModel.SelectionFlag.Clear)
        else:
            source = self._model.index(row, 0)
            if not self._proxy.mapFromSource(source).isValid() and not self._model.option(row).fits:
                self._show_infeasible.setChecked(True)
            index = self._proxy.mapFromSource(source)
            flags = (
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows
            )
            selection.setCurrentIndex(index, flags)
            self._table.scrollTo(index)
        selection.blockSignals(False)
        self._table.viewport().update()

    def set_fit(self, fits: bool) -> None:
        """Whether the chosen configuration fits (from the live estimate)."""
        if fits != self._fits:
            self._fits = fits
            self.completeChanged.emit()

    def choose_row(self, proxy_row: int) -> PlanOption:
        """Choose the option shown in ``proxy_row`` as if it were clicked."""
        index = self._proxy.index(proxy_row, 0)
        flags = (
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows
        )
        self._table.selectionModel().setCurrentIndex(index, flags)
        return self._model.option(self._proxy.mapToSource(index).row())

    def _on_show_infeasible_toggled(self, checked: bool) -> None:
        self._proxy.set_show_infeasible(checked)
        self._table.show_reasons(checked)

    def _on_table_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid():
            return
        option = self._model.option(self._proxy.mapToSource(current).row())
        self._gpu = option.gpu.id
        self._show_run_hours()
        self.optionChosen.emit(option)
        if self.context is not None:  # the option's layout is shown on the page that owns it
            self.context.draft.choose_layout(option.estimate.request.parallelism)
        self.edited.emit()
