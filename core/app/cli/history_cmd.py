"""``quote``, ``order``, ``history`` and ``db``: the local history from the command line.

- ``quote save --request FILE [--label TEXT] [--json]``: price a request and save the quote.
- ``order place (--quote ID | --request FILE) --idempotency-key KEY [--json]``: place an order
  once per key; the same key and request again print the original order.
- ``order stop ID [--json]``: stop an order (its paid period and amount do not change).
- ``history list``, ``history show ID``, ``history export``, ``history import FILE``.
- ``history edit ID [--label TEXT] [--notes TEXT] [--json]``: change a quote's or an order's label
  or notes (nothing else of it changes).
- ``db backup --output FILE`` and ``db restore FILE``: verified backups.

The database is ``--db``, else ``$ANCHORGPU_PLANNER_DB``, else the per-user data folder.
"""

from __future__ import annotations

import argparse
import functools
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.app.cli import db_path_from
from core.app.cli.output import bounded_int, dumps, text
from core.app.cli.price_text import price_line_label
from core.app.settings import active_catalog, load_settings
from core.base.errors import PlannerError
from core.base.paths import default_db_path
from core.base.units import offer_text
from core.domain.catalog import default_catalog
from core.domain.glossary import load_glossary
from core.domain.request import load_request_file
from core.estimate.dispatch import estimate
from core.planning.planner import expert_layout, layout_name
from core.quotes.quote import Quote, quote_estimate, utc_now
from core.quotes.snapshot import read_estimate, read_request, read_snapshot
from core.store import HistoryStore, Order
from core.store.backup import backup_database, restore_database
from core.store.errors import describe
from core.store.records import STATUSES, stamp, stamp_seconds
from core.store.search import WORKLOADS
from core.store.transfer import export_csv, export_json, import_json


def store_errors(handler: Callable[[argparse.Namespace], int]) -> Callable[..., int]:
    """Report an unexpected SQLite error of ``handler`` as a store error naming its cause."""

    @functools.wraps(handler)
    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except sqlite3.Error as error:
            raise describe(error, _db_path(args)) from None

    return run


def register(subparsers: Any) -> None:
    """Add the ``quote``, ``order``, ``history`` and ``db`` subcommands."""
    quote = subparsers.add_parser("quote", help="save a priced quote").add_subparsers(
        dest="quote_command", metavar="ACTION", required=True
    )
    save = quote.add_parser("save", help="price a request and save it as a quote")
    save.add_argument("--request", required=True, metavar="FILE", help="plan request (JSON)")
    save.add_argument("--label", default="", type=text, help="a name for the quote")
    save.add_argument("--json", action="store_true", help="machine-readable output")
    save.set_defaults(handler=run_quote_save)

    order = subparsers.add_parser("order", help="place or stop a simulated order").add_subparsers(
        dest="order_command", metavar="ACTION", required=True
    )
    place = order.add_parser("place", help="place an order, once per idempotency key")
    source = place.add_mutually_exclusive_group(required=True)
    source.add_argument("--quote", metavar="ID", type=text, help="a saved quote")
    source.add_argument("--request", metavar="FILE", help="plan request (JSON), priced now")
    place.add_argument(
        "--idempotency-key",
        required=True,
        type=text,
        metavar="KEY",
        help="reuse it to retry the same placement; a new purchase needs a new key",
    )
    place.add_argument(
        "--label", default="", type=text, help="a name for the order (with --request)"
    )
    place.add_argument("--json", action="store_true", help="machine-readable output")
    place.set_defaults(handler=run_order_place)
    stop = order.add_parser("stop", help="stop an order; the paid period does not change")
    stop.add_argument("id", metavar="ID", type=text)
    stop.add_argument("--json", action="store_true", help="machine-readable output")
    stop.set_defaults(handler=run_order_stop)

    history_parser = subparsers.add_parser(
        "history", help="saved quotes and orders (without an action: list them)"
    )
    history = history_parser.add_subparsers(dest="history_command", metavar="ACTION")
    # Without an action, `history` lists the newest quotes and orders, as `history list` does.
    history_parser.set_defaults(
        handler=run_history_list,
        search=None,
        status=None,
        workload=None,
        limit=50,
        offset=0,
        json=False,
    )
    listing = history.add_parser("list", help="list quotes and orders, newest first")
    listing.add_argument(
        "--search", metavar="TEXT", type=text, help="words in label, model, GPU or notes"
    )
    listing.add_argument("--status", choices=STATUSES)
    listing.add_argument("--workload", choices=WORKLOADS)
    listing.add_argument(
        "--limit", type=bounded_int(1, 1000), default=50, metavar="N", help="rows (1-1000)"
    )
    listing.add_argument(
        "--offset", type=bounded_int(0, 10**12), default=0, metavar="N", help="rows to skip"
    )
    listing.add_argument("--json", action="store_true", help="machine-readable output")
    listing.set_defaults(handler=run_history_list)
    show = history.add_parser("show", help="one quote or order exactly as it was quoted")
    show.add_argument("id", metavar="ID", type=text)
    show.add_argument("--json", action="store_true", help="machine-readable output")
    show.set_defaults(handler=run_history_show)
    edit = history.add_parser("edit", help="change the label or notes of a quote or an order")
    edit.add_argument("id", metavar="ID", type=text)
    edit.add_argument("--label", type=text, help="the new label")
    edit.add_argument("--notes", type=text, help="the new notes")
    edit.add_argument("--json", action="store_true", help="machine-readable output")
    edit.set_defaults(handler=run_history_edit)
    export = history.add_parser("export", help="write the history as CSV or JSON")
    export.add_argument("--format", required=True, choices=("csv", "json"))
    export.add_argument("--output", required=True, type=Path, metavar="FILE")
    export.set_defaults(handler=run_history_export)
    merge = history.add_parser("import", help="merge a JSON export without duplicates")
    merge.add_argument("file", type=Path, metavar="FILE")
    merge.set_defaults(handler=run_history_import)

    db = subparsers.add_parser("db", help="back up or restore the history").add_subparsers(
        dest="db_command", metavar="ACTION", required=True
    )
    backup = db.add_parser("backup", help="copy the history to a file and verify the copy")
    backup.add_argument("--output", required=True, type=Path, metavar="FILE")
    backup.set_defaults(handler=run_db_backup)
    restore = db.add_parser("restore", help="replace the history with a verified backup")
    restore.add_argument("file", type=Path, metavar="FILE")
    restore.set_defaults(handler=run_db_restore)


def _db_path(args: argparse.Namespace) -> Path:
    return db_path_from(args) or default_db_path()


def _open(args: argparse.Namespace) -> HistoryStore:
    return HistoryStore(_db_path(args))


def _print_json(data: Any) -> None:
    print(dumps(data))


def _warn(message: str) -> None:
    print(f"anchorgpu-planner: warning: {message}", file=sys.stderr)


def quote_request(path: str, label: str) -> Quote:
    """Estimate and price the request in ``path`` and snapshot it as a quote (not saved)."""
    settings = load_settings()
    catalog = active_catalog(settings)
    result = estimate(load_request_file(path), catalog)
    return quote_estimate(result, catalog, tax_rate=settings.tax_rate, now=utc_now(), label=label)


@store_errors
def run_quote_save(args: argparse.Namespace) -> int:
    """Price a request and save the quote; print its id."""
    quote = quote_request(args.request, args.label)
    with _open(args) as store:
        store.save_quote(quote)
    if quote.fits is False:
        _warn(f"{quote.gpus} × {_offer(quote)} does not fit this workload; saved anyway")
    elif read_estimate(quote.estimate).fit_certainty == "uncertain":
        _warn(
            f"whether {quote.gpus} × {_offer(quote)} fits is uncertain: the model is not counted "
            "exactly; saved anyway"
        )
    if args.json:
        _print_json(_quote_json(quote))
    else:
        print(quote.id)
    return 0


@store_errors
def run_order_place(args: argparse.Namespace) -> int:
    """Place an order from a saved quote or a request; a retried key replays the original."""
    with _open(args) as store:
        if args.quote:
            quote = store.get_quote(args.quote)
        else:
            quote = quote_request(args.request, args.label)
        result = store.place_order(quote, args.idempotency_key)
        now = store.now()
    order = result.order
    if args.json:
        _print_json(order.as_json(now) | {"replayed": result.replayed})
        return 0
    if result.replayed:
        print(f"order {order.id} was already placed with this key; nothing new was placed")
    print(_order_line(order, now))
    return 0


@store_errors
def run_order_stop(args: argparse.Namespace) -> int:
    """Stop an order."""
    with _open(args) as store:
        order = store.stop_order(args.id)
        now = store.now()
    if args.json:
        _print_json(order.as_json(now))
    else:
        print(_order_line(order, now))
    return 0


def _duration(seconds: int) -> str:
    days, rest = divmod(max(seconds, 0), 86_400)
    hours, rest = divmod(rest, 3600)
    return f"{days}d {hours}h {rest // 60}m"


def _order_line(order: Order, now: Any) -> str:
    data = order.as_json(now)
    text = (
        f"order {order.id} {data['status']}: {order.total} {order.currency}, "
        f"{order.gpus} × {_offer(order.quote)}, paid {data['paid_from']} – {data['paid_until']}"
    )
    if order.stopped_at:
        text += f", stopped {data['stopped_at']}"
    return text + f", {_duration(data['time_left_seconds'])} left"


@store_errors
def run_history_list(args: argparse.Namespace) -> int:
    """List quotes and orders."""
    with _open(args) as store:
        filters = {"search": args.search, "status": args.status, "workload": args.workload}
        rows = store.list_history(**filters, limit=args.limit, offset=args.offset)
        total = store.count_history(**filters)
    if args.json:
        _print_json([row.as_json() for row in rows])
        return 0
    if not rows:
        print("no saved quotes or orders match" if total == 0 else "no rows on this page")
        return 0
    names = _offer_names()
    layouts = [f"{row.gpus} × {names.get(row.gpu, row.gpu)}" for row in rows]
    width = max(22, *(len(layout) + 2 for layout in layouts))
    print(f"{'id':<15}{'created (UTC)':<18}{'status':<9}{'total':>12}     {'GPUs':<{width}}label")
    for row, gpus in zip(rows, layouts, strict=True):
        print(
            f"{row.id:<15}{row.created_at:%Y-%m-%d %H:%M}  {row.status:<9}"
            f"{row.total:>12} {row.currency} {gpus:<{width}}{row.label}"
        )
    shown = f"{args.offset + 1}-{args.offset + len(rows)}"
    print(f"({shown} of {total})")
    return 0


def _quote_json(quote: Quote) -> dict[str, Any]:
    return {
        "kind": "quote",
        "quote_id": quote.id,
        "status": "saved",
        "total": str(quote.total),
        "currency": quote.currency,
    } | quote.as_json()


@store_errors
def run_history_show(args: argparse.Namespace) -> int:
    """Show one quote or order from its snapshot."""
    with _open(args) as store:
        item = store.find(args.id)
        now = store.now()
    if isinstance(item, Order):
        if args.json:
            _print_json(item.as_json(now, with_quote=True))
            return 0
        print(_order_line(item, now))
        quote = item.quote
    else:
        if args.json:
            _print_json(_quote_json(item))
            return 0
        quote = item
        print(f"quote {quote.id} saved {stamp(quote.created_at)}")
    print(_quote_text(quote))
    return 0


@store_errors
def run_history_edit(args: argparse.Namespace) -> int:
    """Change the label or notes of a saved quote or an order."""
    with _open(args) as store:
        item = store.annotate(args.id, label=args.label, notes=args.notes)
    if args.json:
        _print_json({"id": item.id, "label": item.label, "notes": item.notes})
    else:
        kind = "order" if isinstance(item, Order) else "quote"
        print(f"{kind} {item.id}: label {item.label!r}, notes {item.notes!r}")
    return 0


def _offer_names() -> dict[str, str]:
    """Offer ids to the names people read, from the catalog in use.

    The bundled catalog when the settings cannot be read: listing the history does not need them.
    """
    try:
        catalog = active_catalog(load_settings())
    except PlannerError:
        catalog = default_catalog()
    return {gpu.id: gpu.label for gpu in catalog.gpus}


def _offer(quote: Quote) -> str:
    """The quoted offer as everywhere else ("NVIDIA L4 · 24 GiB"), from the offer it saved."""
    vram = quote.gpu.get("vram_gib")
    return offer_text(quote.gpu_name, vram) if isinstance(vram, int | float) else quote.gpu_name


def _layout_line(quote: Quote) -> str:
    """The expert-parallel replica layout ("layout    TP 2 × DP 4, EP 8"); "" without one."""
    try:
        found = expert_layout(read_request(quote), read_snapshot(quote).estimate.details)
    except PlannerError:  # a request this version cannot read names no layout
        return ""
    return f"layout    {layout_name('tensor', *found)}" if found else ""


def _quote_text(quote: Quote) -> str:
    start = "at placement" if not quote.start_given else stamp_seconds(quote.term_start)
    lines = [
        f"label     {quote.label}" if quote.label else "",
        f"model     {quote.model} ({quote.workload}), strategy {quote.strategy}",
        _layout_line(quote),
        f"GPUs      {quote.gpus} × {_offer(quote)} ({quote.gpu_id})",
        f"term      {quote.term_count} × {quote.term_unit} ({quote.price.hours} h), starts {start}",
        f"catalog   {quote.catalog_id} as of {quote.catalog_as_of.isoformat()}, {quote.currency}",
    ]
    offer = _offer(quote)
    for item in quote.price.line_items:
        label = price_line_label(item.kind, item.label, item.params, offer)
        lines.append(f"  {item.amount:>12}  {label}")
    lines.append(f"  {quote.total:>12}  total {quote.currency}")
    lines.append(load_glossary().disclaimer("en"))
    return "\n".join(line for line in lines if line)


@store_errors
def run_history_export(args: argparse.Namespace) -> int:
    """Export the history."""
    with _open(args) as store:
        if args.format == "csv":
            count = export_csv(store, args.output)
            print(f"wrote {count} rows to {args.output}")
        else:
            counts = export_json(store, args.output)
            print(
                f"wrote {counts['quotes']} quotes, {counts['orders']} orders and "
                f"{counts['audit_log']} audit entries to {args.output}"
            )
    return 0


@store_errors
def run_history_import(args: argparse.Namespace) -> int:
    """Merge a JSON export into the history."""
    with _open(args) as store:
        summary = import_json(store, args.file)
    for conflict in summary.conflicts:
        _warn(f"skipped {conflict}")
    for difference in summary.differing:
        _warn(difference)
    print(
        f"added {summary.quotes_added} quotes and {summary.orders_added} orders, "
        f"applied {summary.orders_stopped} stops, skipped {summary.skipped} already present"
        + (f" ({len(summary.differing)} of them differ in the file)" if summary.differing else "")
        + (f", {len(summary.conflicts)} conflicting" if summary.conflicts else "")
    )
    return 0


@store_errors
def run_db_backup(args: argparse.Namespace) -> int:
    """Back up the history and verify the copy."""
    with _open(args) as store:
        verified = backup_database(store, args.output)
    counts = verified.counts
    print(
        f"backup {verified.path} verified: {counts['quotes']} quotes, {counts['orders']} orders, "
        f"schema version {verified.schema_version}"
    )
    return 0


@store_errors
def run_db_restore(args: argparse.Namespace) -> int:
    """Replace the history with a verified backup."""
    restored = restore_database(args.file, _db_path(args), now=utc_now())
    counts = restored.source.counts
    print(
        f"restored {restored.database} from {args.file}: {counts['quotes']} quotes, "
        f"{counts['orders']} orders"
    )
    if restored.replaced:
        print(f"the replaced file was kept as {restored.replaced}")
    return 0
