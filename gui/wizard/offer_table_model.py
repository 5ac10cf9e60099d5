"""The planner's options as table rows: GPU × count × strategy, price, cost per unit, memory, VRAM.

Rows are the feasible options in the planner's order followed by the infeasible ones with their
reason; :class:`~gui.wizard.offer_filter_proxy.OfferFilterProxy` hides the infeasible ones unless
asked, and sorts by :data:`SORT_ROLE` (raw numbers, amounts as integer minor units). Each row's
texts and sort keys are worked out once when a plan arrives, so painting and sorting stay cheap.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor

from core.base.units import vendor_label
from core.capacity.kv_pool import runs_fewer
from core.estimate.results import EstimateResult
from core.planning.planner import Plan, PlanOption
from core.pricing.prices import to_minor
from gui.core_text import reason_text
from gui.presentation import counts, palette
from gui.presentation.formats import count, gib, money, number
from gui.presentation.names import strategy_short
from gui.presentation.traffic_text import TrafficText
from gui.translation import tr_id

SORT_ROLE = Qt.ItemDataRole.UserRole
FEASIBLE_ROLE = Qt.ItemDataRole.UserRole + 1
(RANK, GPU, COUNT, STRATEGY, TOTAL, UNIT_COST, MEMORY, VRAM, LIMIT_A, LIMIT_B, REASON) = range(11)
COLUMNS = 11
NUMERIC = frozenset((RANK, COUNT, TOTAL, UNIT_COST, MEMORY, VRAM, LIMIT_A, LIMIT_B))
LIMITS = {  # the two limits (core.planning.limits) shown per workload
    "inference": ("context", "sequences"),
    "training": ("sequence_length", "micro_batch"),
    "diffusion": ("resolution", "batch"),
}
NO_LIMIT = -1  # options without solved limits sort below every solved one
NO_COST = 2**62  # options without a cost per unit sort last
RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
GREY = QColor(palette.GREY)
UNCERTAIN = QColor(palette.WARNING)  # fits by its point estimate, but the range crosses the limit
Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class _Row:
    option: PlanOption
    texts: tuple[str, ...]
    keys: tuple[Any, ...]
    tooltip: str


class OfferTableModel(QAbstractTableModel):
    """All options of one plan; ``option(row)`` gives the :class:`PlanOption` behind a row."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[_Row] = []
        self._workload = "inference"
        self._words = TrafficText(self)

    def set_plan(self, plan: Plan | None) -> None:
        """Show the options of ``plan`` (none for None)."""
        self.beginResetModel()
        self._rows = []
        if plan is not None:
            self._workload = plan.request.workload
            ranked = [(rank, o) for rank, o in enumerate(plan.options, start=1)]
            ranked += [(None, o) for o in plan.infeasible]
            self._rows = [self._row(n, rank, o) for n, (rank, o) in enumerate(ranked)]
        self.endResetModel()

    def option(self, row: int) -> PlanOption:
        """The option shown in ``row``."""
        return self._rows[row].option

    def find(self, gpu: str, gpus: int, strategy: str, experts: bool = False) -> int | None:
        """The row of the option with this layout, if any.

        Expert-parallel when ``experts`` and the plan shows such a row, else the plain one.
        """
        found = [
            (bool(row.option.data_parallel) != experts, number)
            for number, row in enumerate(self._rows)
            if (row.option.gpu.id, row.option.estimate.gpus, row.option.estimate.strategy)
            == (gpu, gpus, strategy)
            and (experts or not row.option.data_parallel)
        ]
        return min(found)[1] if found else None

    def column_texts(self, column: int) -> list[str]:
        """The texts of ``column`` in every row (to size the column)."""
        return [row.texts[column] for row in self._rows]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else COLUMNS

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return self._rows[index.row()].texts[index.column()]
        if role == SORT_ROLE:
            return self._rows[index.row()].keys[index.column()]
        if role == FEASIBLE_ROLE:
            return self._rows[index.row()].option.fits
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return RIGHT if index.column() in NUMERIC else None
        if role == Qt.ItemDataRole.ForegroundRole:
            option = self._rows[index.row()].option
            if not option.fits:
                return GREY
            return UNCERTAIN if option.estimate.fit_certainty == "uncertain" else None
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._rows[index.row()].tooltip
        return None

    def _unit_cost(self, option: PlanOption) -> Any:
        """The workload's own outcome: the training run, 1M tokens, or 1,000 images."""
        if self._workload == "training":
            return option.job_cost
        if self._workload == "diffusion":
            return option.outcome.per_thousand_images if option.outcome is not None else None
        return option.per_million_tokens

    def _row(self, number: int, rank: int | None, option: PlanOption) -> _Row:
        est = option.estimate
        currency = option.price.currency
        cost = self._unit_cost(option)
        certainty = self._certainty(est)
        uncertain = certainty if est.fit_certainty == "uncertain" else ""
        fewer = self._fewer(est)
        guessed = self._guessed_speed(option, cost)
        reason = "  ".join(t for t in (reason_text(option), uncertain, fewer) if t)
        texts = (
            str(rank) if rank is not None else "—",
            vendor_label(option.gpu.name),  # its memory is the VRAM column's
            str(est.gpus),
            # an expert-parallel row names its layout: the strategy alone would say tensor
            self._words.layout(option.tensor_parallel, option.data_parallel, expert_parallel=True)
            if option.data_parallel
            else strategy_short(
                est.strategy, option.tensor_parallel, est.request.parallelism.fsdp_sharding
            ),
            money(option.price.total, currency),
            # "≈": an expert-parallel speed, and so its cost, has a doubled band (the tooltip's)
            ("≈ " if guessed and cost is not None else "")
            + (money(cost, currency) if cost is not None else "—"),
            ("≈ " if est.approximate else "") + gib(est.memory.total),
            gib(option.gpu.vram_bytes, 0),
        )
        keys = (
            number,  # rows are in the planner's order: ranked options, then the rest
            option.gpu.name,
            est.gpus,
            est.strategy,
            to_minor(option.price.total, currency),
            int(cost.scaleb(4).to_integral_value()) if cost is not None else NO_COST,
            est.memory.total,
            option.gpu.vram_bytes,
        )
        limits = [
            option.limits.value(name) if option.limits else None for name in LIMITS[self._workload]
        ]
        texts += tuple(count(v) if v is not None else "—" for v in limits) + (reason,)
        keys += tuple(v if v is not None else NO_LIMIT for v in limits) + (reason,)
        # The catalog's own name, why it does not fit, and the range of a model not counted exactly.
        tooltip = "\n".join(
            t for t in (option.gpu.name, reason_text(option), certainty, fewer, guessed) if t
        )
        return _Row(option, texts, keys, tooltip)

    def _guessed_speed(self, option: PlanOption, cost: Decimal | None) -> str:
        """For an expert-parallel row: its doubled speed band, and the cost per 1M tokens over it.

        No published measurement backs vLLM's expert-parallel speed, so the speed model doubles
        its band (:func:`core.speed.expert_parallel.widened`); the cost per token follows the speed
        inversely, from the central cost ÷ (1 + band) to × (1 + band).
        """
        band = option.speed_band
        if not option.data_parallel or not band:
            return ""
        factor = 1 + Decimal(str(band))
        if cost is None or self._workload != "inference":
            return tr_id(
                "OfferTableModel.expert_parallel_band_doubled",
                "Expert parallelism: no published measurement backs its speed, so the speed band"
                " is doubled, to × or ÷ {factor}",
            ).format(factor=number(float(factor), 2))
        currency = option.price.currency
        return tr_id(
            "OfferTableModel.expert_parallel_band_doubled_cost",
            "Expert parallelism: no published measurement backs its speed, so the speed band"
            " is doubled, to × or ÷ {factor}: {low} to {high} per 1M tokens",
        ).format(
            factor=number(float(factor), 2),
            low=money((cost / factor).quantize(cost), currency),
            high=money((cost * factor).quantize(cost), currency),
        )

    def _fewer(self, est: EstimateResult) -> str:
        """For a fitting vLLM option that runs fewer sequences at once than asked: how many."""
        if self._workload != "inference" or not est.fits:
            return ""
        requested = est.request.inference.concurrent_sequences
        at_once = runs_fewer(est.details, requested)
        if at_once is None:
            return ""
        return tr_id(
            "OfferTableModel.runs_at_once_of_requested", "Runs {at_once} {of_requested}"
        ).format(at_once=count(at_once), of_requested=counts.of_sequences_at_once(requested))

    def _certainty(self, est: EstimateResult) -> str:
        """For a model not counted exactly: its range, and whether the fit is uncertain."""
        approx = est.approximate
        if approx is None:
            return ""
        text = (
            tr_id(
                "OfferTableModel.fit_uncertain_low_to_high_per",
                "Fit uncertain: {low} to {high} per GPU",
            )
            if est.fit_certainty == "uncertain"
            else tr_id(
                "OfferTableModel.approximate_low_to_high_per_gpu",
                "Approximate: {low} to {high} per GPU",
            )
        )
        return text.format(low=gib(approx.band_low), high=gib(approx.band_high))

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        limit_a, limit_b = self._limit_headers()
        if role == Qt.ItemDataRole.DisplayRole:
            headers = (
                tr_id("OfferTableModel.text", "#"),
                tr_id("OfferTableModel.gpu", "GPU"),
                tr_id("OfferTableModel.gpus", "GPUs"),
                tr_id("OfferTableModel.strategy", "Strategy"),
                tr_id("OfferTableModel.term_total", "Term total"),
                self._unit_cost_header(),
                tr_id("OfferTableModel.per_gpu", "Per GPU"),
                tr_id("OfferTableModel.vram", "VRAM"),
                limit_a,
                limit_b,
                tr_id("OfferTableModel.why_it_does_not_fit", "Why it does not fit"),
            )
            return headers[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            tips = {
                RANK: tr_id(
                    "OfferTableModel.the_planner_s_rank_cheapest_training",
                    "The planner's rank: cheapest training run first",
                )
                if self._workload == "training"
                else tr_id(
                    "OfferTableModel.the_planner_s_rank_cheapest_for",
                    "The planner's rank: cheapest for the term first",
                ),
                TOTAL: tr_id(
                    "OfferTableModel.gpu_price_for_the_whole_term",
                    "GPU price for the whole term, tax included when set",
                ),
                UNIT_COST: self._unit_cost_tip(),
                MEMORY: tr_id(
                    "OfferTableModel.memory_one_gpu_holds_at_its",
                    "Memory one GPU holds at its peak",
                ),
                LIMIT_A: tr_id(
                    "OfferTableModel.the_largest_value_that_fits_in",
                    "The largest value that fits in memory on this option, the rest as requested",
                ),
                LIMIT_B: tr_id(
                    "OfferTableModel.the_largest_value_that_fits_in",
                    "The largest value that fits in memory on this option, the rest as requested",
                ),
            }
            return tips.get(section)
        return None

    def _unit_cost_header(self) -> str:
        if self._workload == "training":
            return tr_id("OfferTableModel.training_run", "Training run")
        if self._workload == "diffusion":
            return tr_id("OfferTableModel.per_1_000_images", "Per 1,000 images")
        return tr_id("OfferTableModel.per_1m_tokens", "Per 1M tokens")

    def _unit_cost_tip(self) -> str:
        if self._workload == "training":
            return tr_id(
                "OfferTableModel.cost_of_the_training_run_over",
                "Cost of the training run over the dataset's tokens",
            )
        if self._workload == "diffusion":
            return tr_id(
                "OfferTableModel.cost_of_1_000_images_at",
                "Cost of 1,000 images at the estimated throughput, for the term's price",
            )
        return tr_id(
            "OfferTableModel.cost_per_million_generated_tokens_at",
            "Cost per million generated tokens at the decode bound",
        )

    def _limit_headers(self) -> tuple[str, str]:
        if self._workload == "training":
            return tr_id("OfferTableModel.max_sequence", "Max sequence"), tr_id(
                "OfferTableModel.max_micro_batch", "Max micro-batch"
            )
        if self._workload == "diffusion":
            return tr_id("OfferTableModel.max_image_side", "Max image side"), tr_id(
                "OfferTableModel.max_batch", "Max batch"
            )
        return tr_id("OfferTableModel.max_context", "Max context"), tr_id(
            "OfferTableModel.max_sequences", "Max sequences"
        )

    def retranslate(self) -> None:
        """Announce new header texts (the language changed)."""
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, COLUMNS - 1)
