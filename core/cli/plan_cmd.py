"""``anchorgpu-planner plan --request FILE [--json] [--rank-by ...]``."""

from __future__ import annotations

import argparse
from typing import Any

from core.cli.output import dumps
from core.planner import Plan, plan, plan_to_json
from core.request import load_request_file

FEASIBLE_SHOWN = 15
INFEASIBLE_SHOWN = 10


def register(subparsers: Any) -> None:
    """Add the ``plan`` subcommand."""
    parser = subparsers.add_parser("plan", help="rank every GPU offer × count × strategy")
    parser.add_argument("--request", required=True, metavar="FILE", help="plan request (JSON)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument(
        "--rank-by",
        choices=("total", "per-million-tokens", "job-cost"),
        default="total",
        help="order of the feasible options (default: total price for the term)",
    )
    parser.add_argument(
        "--all", action="store_true", help="list every option, feasible and infeasible"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Plan one request and print the ranked options."""
    from core.settings import active_catalog, load_settings

    settings = load_settings()
    request = load_request_file(args.request)
    result = plan(
        request, active_catalog(settings), rank_by=args.rank_by, tax_rate=settings.tax_rate
    )
    if args.json:
        print(dumps(plan_to_json(result)))
    else:
        print(format_plan(result, show_all=args.all))
    return 0


def format_plan(result: Plan, *, show_all: bool = False) -> str:
    """A readable table: feasible options cheapest first, then the infeasible ones."""
    term = result.request.term
    lines = [f"Options for {term.count} × {term.unit} (ranked by {result.rank_by})"]
    if result.options:
        lines.append(
            f"  {'':2}{'GPU':<16}{'×':>3}  {'strategy':<9}{'per GPU':>10}{'of':>8}"
            f"{'total':>14}  {'per 1M tok':>11}{'run cost':>12}"
        )
        listed = result.options if show_all else result.options[:FEASIBLE_SHOWN]
        for i, o in enumerate(listed):
            mark = "* " if i == 0 else "  "
            per_m = f"{o.per_million_tokens:.4f}" if o.per_million_tokens is not None else "-"
            job = f"{o.job_cost}" if o.job_cost is not None else "-"
            lines.append(
                f"  {mark}{o.gpu.id:<16}{o.estimate.gpus:>3}  {o.estimate.strategy:<9}"
                f"{o.estimate.memory.total / 1e9:>8.1f}GB{o.estimate.usable_bytes / 1e9:>6.0f}GB"
                f"{o.price.total:>11} {o.price.currency}  {per_m:>11}{job:>12}"
            )
        if len(listed) < len(result.options):
            lines.append(f"  … {len(result.options) - len(listed)} more (--all)")
    else:
        lines.append("  nothing in the catalog fits this request.")
    if result.suggestions:
        lines.append("")
        lines.append("What would fit:")
        lines += [f"  - {s}" for s in result.suggestions]
    shown = result.infeasible if show_all else result.infeasible[:INFEASIBLE_SHOWN]
    if shown:
        lines.append("")
        lines.append(f"Infeasible ({len(result.infeasible)}, nearest first):")
        for o in shown:
            lines.append(
                f"  {o.gpu.id:<16}{o.estimate.gpus:>3}  {o.estimate.strategy:<9}{o.reason}"
            )
        if len(shown) < len(result.infeasible):
            lines.append(f"  … {len(result.infeasible) - len(shown)} more (--all)")
    lines.append("")
    lines.append(
        "Definitions explain concepts; they do not guarantee that a specific workload, library "
        "version or topology is supported by an AnchorGPU allocation."
    )
    return "\n".join(lines)
