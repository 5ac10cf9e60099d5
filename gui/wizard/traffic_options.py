"""The options a traffic plan found, as the "Traffic and latency" step shows them.

The table of the cheapest offers, layouts and replica counts (:class:`TrafficOptionsTable`) and the
sentence about the chosen one (:func:`chosen_sentence`): how a plan reads, apart from how the page
asks for it (its profile form) and what choosing an option does to the plan (the page).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from gui.core_text import message_text
from gui.presentation.formats import money
from gui.presentation.names import offer
from gui.presentation.traffic_text import TrafficText
from gui.translation import tr_id

if TYPE_CHECKING:
    from core.planning.traffic import TrafficOption, TrafficPlan

COLUMNS = 9


class TrafficOptionsTable(QTableWidget):
    """One row an option: GPU, layout, replicas, load, latency and price."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, COLUMNS, parent)
        self.setObjectName("trafficTable")
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.verticalHeader().setVisible(False)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setStretchLastSection(True)
        self.setMinimumHeight(170)

    def retranslate(self) -> None:
        self.setHorizontalHeaderLabels(
            [
                tr_id("TrafficPage.gpu", "GPU"),
                tr_id("TrafficPage.layout", "Layout"),
                tr_id("TrafficPage.replicas", "Replicas"),
                tr_id("TrafficPage.at_once", "At once"),
                tr_id("TrafficPage.ttft_s", "TTFT, s"),
                tr_id("TrafficPage.tpot_ms", "TPOT, ms"),
                tr_id("TrafficPage.tokens_s_per_user", "Tokens/s per user"),
                tr_id("TrafficPage.total", "Total"),
                tr_id("TrafficPage.per_1m_tokens", "Per 1M tokens"),
            ]
        )

    def show_options(self, options: list[TrafficOption]) -> None:
        """Fill the rows with ``options`` without announcing a change of the current row."""
        self.blockSignals(True)
        try:
            self.setRowCount(len(options))
            for row, option in enumerate(options):
                for column, text in enumerate(self._cells(option)):
                    item = QTableWidgetItem(text)
                    if column:
                        item.setTextAlignment(
                            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                        )
                    self.setItem(row, column, item)
        finally:
            self.blockSignals(False)

    def select_quietly(self, row: int) -> None:
        """Select ``row`` without announcing it (showing a plan chooses nothing)."""
        self.blockSignals(True)
        try:
            self.selectRow(row)
        finally:
            self.blockSignals(False)

    def _cells(self, option: TrafficOption) -> list[str]:
        point = option.point
        assert point is not None
        per_million = option.per_million_tokens
        return [
            offer(option.gpu),
            TrafficText(self).layout(
                option.tp, option.capacity.layout.dp, option.capacity.layout.expert_parallel
            ),
            str(option.replicas),
            f"{option.load_concurrency:.1f}",
            f"{point.ttft_s:.3f}",
            f"{point.tpot_s * 1000:.1f}",
            f"{point.tokens_per_s_per_user:.1f}",
            money(option.price.total, option.price.currency),
            money(per_million, option.price.currency) if per_million is not None else "—",
        ]


def chosen_sentence(option: TrafficOption, plan: TrafficPlan, words: TrafficText) -> str:
    """What the page says of the chosen option: its layout, its load at the peak and what binds."""
    binding = message_text(option.binding_text)
    point = option.point
    assert point is not None
    text = tr_id(
        "TrafficPage.gpu_gpus_layout_replicas_replicas_at",
        "{gpu} × {gpus}, {layout}, replicas: {replicas}. At the peak each replica "
        "runs {at:.1f} requests at once: first token in {ttft:.3f} s, {user:.1f} tokens/s per "
        "user, {util:.0%} busy; {binding} ({note})",
    )
    return text.format(
        gpus=option.gpus,
        replicas=option.replicas,
        layout=words.layout_words(
            option.tp, option.capacity.layout.dp, option.capacity.layout.expert_parallel
        ),
        gpu=offer(option.gpu),
        at=option.load_concurrency,
        ttft=point.ttft_s,
        user=point.tokens_per_s_per_user,
        util=option.utilization,
        binding=binding,
        note=message_text(plan.note),
    )
