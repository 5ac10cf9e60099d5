"""How the local history reads on the command line: an order's line, a quote's text, the list.

``quote``, ``order`` and ``history`` (:mod:`core.app.cli.history_cmd`) run the store's actions;
what they print of a saved quote or order is written here, in English with the offer named as
everywhere else ("NVIDIA L4 · 24 GiB").
"""

from __future__ import annotations

from typing import Any

from core.app.cli.price_text import price_line_label
from core.app.settings import active_catalog, load_settings
from core.base.errors import PlannerError
from core.base.units import offer_text
from core.domain.catalog import default_catalog
from core.domain.glossary import load_glossary
from core.planning.planner import expert_layout, layout_name
from core.quotes.quote import Quote
from core.quotes.snapshot import read_request, read_snapshot
from core.store import HistoryRow, Order
from core.store.records import stamp_seconds


def duration(seconds: int) -> str:
    """Time left written as days, hours and minutes ("2d 3h 15m"); none left is 0."""
    days, rest = divmod(max(seconds, 0), 86_400)
    hours, rest = divmod(rest, 3600)
    return f"{days}d {hours}h {rest // 60}m"


def order_line(order: Order, now: Any) -> str:
    """An order in one line: status, total, GPUs, paid period, when stopped, time left."""
    data = order.as_json(now)
    text = (
        f"order {order.id} {data['status']}: {order.total} {order.currency}, "
        f"{order.gpus} × {offer(order.quote)}, paid {data['paid_from']} – {data['paid_until']}"
    )
    if order.stopped_at:
        text += f", stopped {data['stopped_at']}"
    return text + f", {duration(data['time_left_seconds'])} left"


def quote_json(quote: Quote) -> dict[str, Any]:
    """A saved quote as ``--json`` prints it, with the fields a history row has first."""
    return {
        "kind": "quote",
        "quote_id": quote.id,
        "status": "saved",
        "total": str(quote.total),
        "currency": quote.currency,
    } | quote.as_json()


def offer_names() -> dict[str, str]:
    """Offer ids to the names people read, from the catalog in use.

    The bundled catalog when the settings cannot be read: listing the history does not need them.
    """
    try:
        catalog = active_catalog(load_settings())
    except PlannerError:
        catalog = default_catalog()
    return {gpu.id: gpu.label for gpu in catalog.gpus}


def offer(quote: Quote) -> str:
    """The quoted offer as everywhere else ("NVIDIA L4 · 24 GiB"), from the offer it saved."""
    vram = quote.gpu.get("vram_gib")
    return offer_text(quote.gpu_name, vram) if isinstance(vram, int | float) else quote.gpu_name


def layout_line(quote: Quote) -> str:
    """The expert-parallel replica layout ("layout    TP 2 × DP 4, EP 8"); "" without one."""
    try:
        found = expert_layout(read_request(quote), read_snapshot(quote).estimate.details)
    except PlannerError:  # a request this version cannot read names no layout
        return ""
    return f"layout    {layout_name('tensor', *found)}" if found else ""


def quote_text(quote: Quote) -> str:
    """A saved quote as ``history show`` prints it: request, term, price lines, total."""
    start = "at placement" if not quote.start_given else stamp_seconds(quote.term_start)
    lines = [
        f"label     {quote.label}" if quote.label else "",
        f"model     {quote.model} ({quote.workload}), strategy {quote.strategy}",
        layout_line(quote),
        f"GPUs      {quote.gpus} × {offer(quote)} ({quote.gpu_id})",
        f"term      {quote.term_count} × {quote.term_unit} ({quote.price.hours} h), starts {start}",
        f"catalog   {quote.catalog_id} as of {quote.catalog_as_of.isoformat()}, {quote.currency}",
    ]
    named = offer(quote)
    for item in quote.price.line_items:
        label = price_line_label(item.kind, item.label, item.params, named)
        lines.append(f"  {item.amount:>12}  {label}")
    lines.append(f"  {quote.total:>12}  total {quote.currency}")
    lines.append(load_glossary().disclaimer("en"))
    return "\n".join(line for line in lines if line)


def history_table(rows: list[HistoryRow], offset: int, total: int) -> list[str]:
    """The lines of ``history list``: a header, one row per quote or order, the page shown."""
    names = offer_names()
    layouts = [f"{row.gpus} × {names.get(row.gpu, row.gpu)}" for row in rows]
    width = max(22, *(len(layout) + 2 for layout in layouts))
    lines = [
        f"{'id':<15}{'created (UTC)':<18}{'status':<9}{'total':>12}     {'GPUs':<{width}}label"
    ]
    for row, gpus in zip(rows, layouts, strict=True):
        lines.append(
            f"{row.id:<15}{row.created_at:%Y-%m-%d %H:%M}  {row.status:<9}"
            f"{row.total:>12} {row.currency} {gpus:<{width}}{row.label}"
        )
    shown = f"{offset + 1}-{offset + len(rows)}"
    lines.append(f"({shown} of {total})")
    return lines
