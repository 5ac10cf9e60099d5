"""Two to four configurations side by side: memory parts, limits, speed, price lines, warnings.

A configuration is a :class:`Column`, made from a planner's option (:func:`option_column`) or a
saved quote (:func:`quote_column`). Both read their memory, speed and warnings as a quote keeps
them, through the typed readers of :mod:`core.quotes.snapshot` (``saved_estimate``,
``read_snapshot``), so an option and a quote are worded alike. A quote's limits and cost of
outcome are solved again from its request on its quoted offer
(:func:`core.quotes.limits.quote_limits`); the rest is its snapshot.

The rows (:meth:`Comparison.rows`) are built once in the interface's language and written as
they are shown: CSV (one column per configuration, the first column the row's name) and an HTML
document that :class:`gui.presentation.printing.DocumentPrinter` prints or saves as PDF.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

from PySide6.QtCore import QObject

from core.base.csv_file import write_csv as write_cells
from core.domain.breakdown import COMPONENTS
from core.domain.traffic_profile import TrafficProfile
from core.planning.limits import Limits
from core.planning.planner import PlanOption
from core.pricing.outcome import OutcomeCost
from core.pricing.prices import Price
from core.quotes.limits import quote_limits
from core.quotes.quote import Quote
from core.quotes.snapshot import SavedEstimate, read_snapshot, saved_estimate
from gui.core_text import line_label, message_text, reason_text, warning_text
from gui.presentation import palette
from gui.presentation.formats import count, gib, money, term
from gui.presentation.names import component_name, model_name, offer, strategy_short
from gui.presentation.quote_document import quote_gpu, quote_sharding
from gui.presentation.traffic_text import TrafficText, quote_expert_layout, quote_traffic
from gui.translation import tr_id

MIN_COLUMNS, MAX_COLUMNS = 2, 4
Row = tuple[str, list[str]]
Add = Callable[[str, list[str]], None]


@dataclass(frozen=True)
class Column:
    """One configuration compared.

    Attributes:
        title: The column's heading, e.g. "NVIDIA H100 SXM · 80 GiB × 4" or a quote's id.
        key: The column's heading in CSV (ids, not display names).
        model: The model's name.
        gpu: The GPU offer's display name.
        gpus: How many GPUs.
        strategy: The strategy in a table cell.
        term: The term in words.
        estimate: The estimate as saved (memory, usable memory, speed, warnings).
        price: The price for the term, line by line.
        limits: How far the job goes (None when not solved).
        outcome: The cost of the outcome (None without one).
        reason: Why the configuration does not fit or has no limits ("" otherwise).
    """

    title: str
    key: str
    model: str
    gpu: str
    gpus: int
    strategy: str
    term: str
    estimate: SavedEstimate
    price: Price
    limits: Limits | None
    outcome: OutcomeCost | None
    reason: str = ""
    traffic: TrafficProfile | None = None  # the profile it was planned for, with its point
    # A serving replica's layout: (tp, dp) under vLLM's expert parallelism, (tp, 0) under tensor
    # parallelism, None for training and image generation.
    layout: tuple[int, int] | None = None


def option_column(option: PlanOption) -> Column:
    """The column of a planner's option."""
    result = option.estimate
    request = result.request
    return Column(
        title=f"{offer(option.gpu)} × {result.gpus}",
        key=f"{option.gpu.id} × {result.gpus} {result.strategy}",
        model=model_name(result.model.name),
        gpu=offer(option.gpu),
        gpus=result.gpus,
        strategy=strategy_short(
            result.strategy, option.tensor_parallel, request.parallelism.fsdp_sharding
        ),
        term=term(request.term.unit, request.term.count),
        estimate=saved_estimate(result),
        price=option.price,
        limits=option.limits,
        outcome=option.outcome,
        reason=reason_text(option),
        traffic=request.traffic,
        layout=(option.tensor_parallel, option.data_parallel)
        if request.workload == "inference"
        else None,
    )


def quote_column(quote: Quote, title: str | None = None, key: str | None = None) -> Column:
    """The column of a saved quote (its snapshot; limits and outcome solved again).

    ``title`` and ``key`` name the column (an order's, for its quote); the quote's by default.
    """
    solved = quote_limits(quote)
    saved = read_snapshot(quote).estimate
    return Column(
        title=title or (f"{quote.id} — {quote.label}" if quote.label else quote.id),
        key=key or quote.id,
        model=quote.model,
        gpu=quote_gpu(quote),
        gpus=quote.gpus,
        strategy=strategy_short(quote.strategy, saved.tensor_parallel or 1, quote_sharding(quote)),
        term=term(quote.term_unit, quote.term_count),
        estimate=saved,
        price=quote.price,
        limits=solved.limits,
        outcome=solved.outcome,
        reason=message_text(solved.problem) if solved.problem else "",
        traffic=quote_traffic(quote),
        layout=_quote_layout(quote, saved),
    )


def _quote_layout(quote: Quote, saved: SavedEstimate) -> tuple[int, int] | None:
    """A serving quote's replica layout from its saved request: (tp, dp), dp 0 without experts."""
    if quote.workload != "inference":
        return None
    return quote_expert_layout(quote, saved) or (saved.tensor_parallel or 1, 0)


def _number(value: float | None) -> str:
    return "—" if value is None else count(round(value))


def _bytes(value: object) -> str:
    return gib(value, 2) if isinstance(value, int) else "—"


class Comparison(QObject):
    """Builds the rows; a QObject so that its row names are translated in its own context."""

    def rows(self, columns: Sequence[Column]) -> list[Row]:
        """(row name, one cell per column) for every figure compared."""
        rows: list[Row] = []

        def add(name: str, cells: list[str]) -> None:
            rows.append((name, cells))

        if len({c.model for c in columns}) > 1:
            add(tr_id("Comparison.model", "Model"), [c.model for c in columns])
        add(tr_id("Comparison.gpu", "GPU"), [c.gpu for c in columns])
        add(tr_id("Comparison.gpus", "GPUs"), [str(c.gpus) for c in columns])
        add(tr_id("Comparison.strategy", "Strategy"), [c.strategy for c in columns])
        self._layout_rows(columns, add)
        add(tr_id("Comparison.term", "Term"), [c.term for c in columns])
        self._price_rows(columns, add)
        memory = [c.estimate.memory for c in columns]
        for name in COMPONENTS:
            if any(m.part(name) for m in memory):
                add(component_name(name), [_bytes(m.part(name) or 0) for m in memory])
        add(tr_id("Comparison.per_gpu", "Per GPU"), [_bytes(m.total) for m in memory])
        add(
            tr_id("Comparison.usable_per_gpu", "Usable per GPU"),
            [_bytes(c.estimate.usable_bytes) for c in columns],
        )
        add(
            tr_id("Comparison.headroom", "Headroom"),
            [_bytes(c.estimate.headroom_bytes) for c in columns],
        )
        self._limit_rows(columns, add)
        self._speed_rows(columns, add)
        self._cost_rows(columns, add)
        self._traffic_rows(columns, add)
        add(tr_id("Comparison.warnings", "Warnings"), [self._warnings(c) for c in columns])
        return rows

    def _warnings(self, column: Column) -> str:
        texts = [
            warning_text(w) for w in column.estimate.warnings if w.severity not in ("info", "")
        ]
        return "; ".join(texts) or column.reason

    def _price_rows(self, columns: Sequence[Column], add: Add) -> None:
        kinds = dict.fromkeys(item.kind for c in columns for item in c.price.line_items)
        names = {
            "compute": tr_id("Comparison.gpu_compute", "GPU compute"),
            "storage": tr_id("Comparison.storage", "Storage"),
            "tax": tr_id("Comparison.tax", "Tax"),
        }
        for kind in kinds:
            cells = []
            for c in columns:
                lines = [item for item in c.price.line_items if item.kind == kind]
                cells.append(
                    "; ".join(
                        f"{money(item.amount, c.price.currency)} ({line_label(item)})"
                        for item in lines
                    )
                    or "—"
                )
            add(names.get(kind, kind), cells)
        add(
            tr_id("Comparison.term_total", "Term total"),
            [money(c.price.total, c.price.currency) for c in columns],
        )

    def _limit_label(self, name: str) -> str:
        labels = {
            "context": tr_id("Comparison.longest_context_tokens", "Longest context (tokens)"),
            "sequences": tr_id("Comparison.most_concurrent_sequences", "Most concurrent sequences"),
            "sequence_length": tr_id(
                "Comparison.longest_training_sequence_tokens", "Longest training sequence (tokens)"
            ),
            "micro_batch": tr_id("Comparison.largest_micro_batch", "Largest micro-batch"),
            "resolution": tr_id("Comparison.largest_square_image_px", "Largest square image (px)"),
            "batch": tr_id("Comparison.largest_image_batch", "Largest image batch"),
        }
        return labels.get(name, name)

    def _limit_rows(self, columns: Sequence[Column], add: Add) -> None:
        names = [item.name for c in columns if c.limits for item in c.limits.items]
        for name in dict.fromkeys(names):
            values = [c.limits.value(name) if c.limits else None for c in columns]
            add(self._limit_label(name), [count(v) if v is not None else "—" for v in values])
        pools = [
            c.limits.kv_pool.tokens if c.limits and c.limits.kv_pool else None for c in columns
        ]
        if any(p is not None for p in pools):
            add(
                tr_id("Comparison.kv_cache_pool_tokens", "KV cache pool (tokens)"),
                [count(p) if p is not None else "—" for p in pools],
            )

    def _speed_rows(self, columns: Sequence[Column], add: Add) -> None:
        speeds = [c.estimate.speed for c in columns]
        fields = (
            (
                "decode_tokens_per_s",
                tr_id("Comparison.decode_tokens_s_bound", "Decode tokens/s (bound)"),
            ),
            ("training_tokens_per_s", tr_id("Comparison.training_tokens_s", "Training tokens/s")),
            ("images_per_hour", tr_id("Comparison.images_per_hour", "Images per hour")),
        )
        for key, label in fields:
            if any(getattr(s, key) for s in speeds):
                add(label, [_number(getattr(s, key)) for s in speeds])

    def _cost_rows(self, columns: Sequence[Column], add: Add) -> None:
        outcomes = [c.outcome for c in columns]
        fields = (
            ("per_million_input", tr_id("Comparison.per_1m_input_tokens", "Per 1M input tokens")),
            (
                "per_million_output",
                tr_id("Comparison.per_1m_output_tokens", "Per 1M output tokens"),
            ),
            ("run_cost", tr_id("Comparison.training_run", "Training run")),
            ("per_thousand_images", tr_id("Comparison.per_1_000_images", "Per 1,000 images")),
        )
        for attr, label in fields:
            values = [getattr(o, attr) if o else None for o in outcomes]
            if any(v is not None for v in values):
                add(
                    label,
                    [
                        money(v, c.price.currency) if v is not None else "—"
                        for v, c in zip(values, columns, strict=True)
                    ],
                )
        hours = [o.run_gpu_hours if o else None for o in outcomes]
        if any(h is not None for h in hours):
            add(
                tr_id("Comparison.training_run_gpu_hours", "Training run GPU-hours"),
                [_number(h) for h in hours],
            )

    def _layout_rows(self, columns: Sequence[Column], add: Add) -> None:
        """The replicas' layouts, where one is expert-parallel (the strategy would not say so)."""
        if not any(c.layout and c.layout[1] for c in columns):
            return
        words = TrafficText(self)
        cells = [
            words.layout(c.layout[0], c.layout[1] or 1, expert_parallel=bool(c.layout[1]))
            if c.layout
            else "—"
            for c in columns
        ]
        add(tr_id("Comparison.layout", "Layout"), cells)
        words.deleteLater()

    def _traffic_rows(self, columns: Sequence[Column], add: Add) -> None:
        if not any(c.traffic for c in columns):
            return
        words = TrafficText(self)
        add(
            tr_id("Comparison.traffic", "Traffic"),
            [words.profile(c.traffic) if c.traffic else "—" for c in columns],
        )
        points = [c.traffic.operating_point if c.traffic else None for c in columns]
        if any(points):
            add(
                tr_id("Comparison.operating_point", "Operating point"),
                [words.point(p) if p else "—" for p in points],
            )
        words.deleteLater()

    def html(self, title: str, columns: Sequence[Column], rows: Sequence[Row]) -> str:
        """The comparison as a document for printing or PDF: a heading and one table."""
        style = f"border-bottom:1px solid {palette.GREY}; padding:3px 6px"
        head = "".join(f"<th align='left' style='{style}'>{escape(c.title)}</th>" for c in columns)
        body = "".join(
            f"<tr><td style='{style}; color:{palette.LABEL}'>{escape(name)}</td>"
            + "".join(f"<td style='{style}'>{escape(cell)}</td>" for cell in cells)
            + "</tr>"
            for name, cells in rows
        )
        note = tr_id(
            "Comparison.limits_the_largest_value_that_fits",
            "Limits: the largest value that fits in memory, the other sizes as requested.",
        )
        return (
            f"<h2>{escape(title)}</h2>"
            f"<table width='100%' cellspacing='0' cellpadding='0'>"
            f"<tr><th style='{style}'></th>{head}</tr>{body}</table>"
            f"<p style='color:{palette.MUTED}'>{escape(note)}</p>"
        )


def compare_rows(columns: Sequence[Column]) -> list[Row]:
    """The rows of the comparison of ``columns``, in the interface's language."""
    return Comparison().rows(columns)


def write_csv(path: Path, columns: Sequence[Column], rows: Sequence[Row]) -> None:
    """Write the comparison as CSV (UTF-8 with a byte-order mark, which spreadsheets expect).

    Written by the history export's writer: no cell is a live formula, no link is followed.

    Raises:
        InputError: The file is refused or cannot be written.
    """
    header = ["", *(c.key for c in columns)]
    write_cells(path, header, ([name, *cells] for name, cells in rows), byte_order_mark=True)
