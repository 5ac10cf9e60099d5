"""Two to four plan options side by side: memory parts, limits, speed, prices, warnings; CSV export.

Rows are built once from the :class:`core.planner.PlanOption` objects (:func:`compare_rows`), shown
in a read-only table, and written as CSV exactly as shown (one column per option, the first column
the row's name), so the file reads the same as the dialog in the interface's language.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.memory import COMPONENTS
from core.planner import PlanOption
from gui.core_text import finding_text, reason_text
from gui.presentation.formats import count, gib, money
from gui.presentation.names import component_name, offer, strategy_short

MIN_OPTIONS, MAX_OPTIONS = 2, 4
Add = Callable[[str, list[str]], None]


def _number(value: float | None) -> str:
    return "—" if value is None else count(round(value))


class Comparison(QObject):
    """Builds the rows; a QObject so that its row names are translated in its own context."""

    def rows(self, options: Sequence[PlanOption]) -> list[tuple[str, list[str]]]:
        """(row name, one cell per option) for every figure compared."""
        rows: list[tuple[str, list[str]]] = []

        def add(name: str, cells: list[str]) -> None:
            rows.append((name, cells))

        add(self.tr("GPU"), [offer(o.gpu) for o in options])
        add(self.tr("GPUs"), [str(o.estimate.gpus) for o in options])
        add(
            self.tr("Strategy"),
            [
                strategy_short(
                    o.estimate.strategy,
                    o.tensor_parallel,
                    o.estimate.request.parallelism.fsdp_sharding,
                )
                for o in options
            ],
        )
        add(self.tr("Term total"), [money(o.price.total, o.price.currency) for o in options])
        for name in COMPONENTS:
            values = [getattr(o.estimate.memory, name) for o in options]
            if any(values):
                add(component_name(name), [gib(v, 2) for v in values])
        add(self.tr("Per GPU"), [gib(o.estimate.memory.total, 2) for o in options])
        add(self.tr("Usable per GPU"), [gib(o.estimate.usable_bytes, 2) for o in options])
        add(self.tr("Headroom"), [gib(o.estimate.headroom_bytes, 2) for o in options])
        self._limit_rows(options, add)
        self._speed_rows(options, add)
        self._cost_rows(options, add)
        add(
            self.tr("Warnings"),
            [
                "; ".join(finding_text(f) for f in o.estimate.findings if f.severity != "info")
                or reason_text(o)
                for o in options
            ],
        )
        return rows

    def _limit_label(self, name: str) -> str:
        labels = {
            "context": self.tr("Longest context (tokens)"),
            "sequences": self.tr("Most concurrent sequences"),
            "sequence_length": self.tr("Longest training sequence (tokens)"),
            "micro_batch": self.tr("Largest micro-batch"),
            "resolution": self.tr("Largest square image (px)"),
            "batch": self.tr("Largest image batch"),
        }
        return labels.get(name, name)

    def _limit_rows(self, options: Sequence[PlanOption], add: Add) -> None:
        names = [item.name for o in options if o.limits for item in o.limits.items]
        for name in dict.fromkeys(names):
            values = [o.limits.value(name) if o.limits else None for o in options]
            add(self._limit_label(name), [count(v) if v is not None else "—" for v in values])
        pools = [
            o.limits.kv_pool.tokens if o.limits and o.limits.kv_pool else None for o in options
        ]
        if any(p is not None for p in pools):
            add(
                self.tr("KV cache pool (tokens)"),
                [count(p) if p is not None else "—" for p in pools],
            )

    def _speed_rows(self, options: Sequence[PlanOption], add: Add) -> None:
        speeds = [o.estimate.throughput for o in options]
        if any(t.decode_tokens_per_s for t in speeds):
            add(
                self.tr("Decode tokens/s (bound)"), [_number(t.decode_tokens_per_s) for t in speeds]
            )
        if any(t.training_tokens_per_s for t in speeds):
            add(self.tr("Training tokens/s"), [_number(t.training_tokens_per_s) for t in speeds])
        if any(t.images_per_hour for t in speeds):
            add(self.tr("Images per hour"), [_number(t.images_per_hour) for t in speeds])

    def _cost_rows(self, options: Sequence[PlanOption], add: Add) -> None:
        outcomes = [o.outcome for o in options]
        fields = (
            ("per_million_input", self.tr("Per 1M input tokens")),
            ("per_million_output", self.tr("Per 1M output tokens")),
            ("run_cost", self.tr("Training run")),
            ("per_thousand_images", self.tr("Per 1,000 images")),
        )
        for attr, label in fields:
            values = [getattr(o, attr) if o else None for o in outcomes]
            if any(v is not None for v in values):
                add(
                    label,
                    [
                        money(v, o.price.currency) if v is not None else "—"
                        for v, o in zip(values, options, strict=True)
                    ],
                )
        hours = [o.run_gpu_hours if o else None for o in outcomes]
        if any(h is not None for h in hours):
            add(self.tr("Training run GPU-hours"), [_number(h) for h in hours])


def compare_rows(options: Sequence[PlanOption]) -> list[tuple[str, list[str]]]:
    """The rows of the comparison of ``options``, in the interface's language."""
    return Comparison().rows(options)


def write_csv(path: Path, options: Sequence[PlanOption], rows: list[tuple[str, list[str]]]) -> None:
    """Write the comparison as CSV (UTF-8 with a byte-order mark, which spreadsheets expect)."""
    with path.open("w", encoding="utf-8-sig", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            ["", *(f"{o.gpu.id} × {o.estimate.gpus} {o.estimate.strategy}" for o in options)]
        )
        for name, cells in rows:
            writer.writerow([name, *cells])


class CompareDialog(QDialog):
    """The comparison of ``options`` (two to four)."""

    def __init__(self, options: Sequence[PlanOption], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("compareDialog")
        self.setWindowTitle(self.tr("Compare options"))
        self._options = list(options)
        self._rows = compare_rows(self._options)
        self._table = QTableWidget(len(self._rows), len(self._options), self)
        self._table.setObjectName("compareTable")
        self._table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self._table.setHorizontalHeaderLabels(
            [f"{offer(o.gpu)} × {o.estimate.gpus}" for o in self._options]
        )
        self._table.setVerticalHeaderLabels([name for name, _ in self._rows])
        for row, (_name, cells) in enumerate(self._rows):
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self._table.setItem(row, column, item)
        self._table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        export = QPushButton(self.tr("Export CSV…"), self)
        export.setObjectName("compareExportCsv")
        buttons.addButton(export, QDialogButtonBox.ButtonRole.ActionRole)
        export.clicked.connect(self._on_export_clicked)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self._table)
        layout.addWidget(buttons)
        self.resize(760, 560)

    @property
    def rows(self) -> list[tuple[str, list[str]]]:
        """The rows shown."""
        return self._rows

    def export_csv(self, path: Path) -> None:
        """Write the comparison to ``path``."""
        write_csv(path, self._options, self._rows)

    def _on_export_clicked(self) -> None:
        chosen, _filter = QFileDialog.getSaveFileName(
            self, self.tr("Export the comparison"), "comparison.csv", self.tr("CSV (*.csv)")
        )
        if chosen:
            try:
                self.export_csv(Path(chosen))
            except OSError as error:
                from PySide6.QtWidgets import QMessageBox

                QMessageBox.warning(self, self.tr("Export the comparison"), str(error))
