"""``anchorgpu-planner plan --request FILE [--json] [--rank-by ...] [--maximize ...]``.

``--traffic FILE`` (or a request that carries a ``traffic`` profile) plans serving from the
outcome, ``--deadline`` (or a request with a ``goal``) a training run by a date
(core.planning.traffic).
"""

from __future__ import annotations

import argparse
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from core.app.cli import certainty
from core.app.cli.arguments import budget_arg, utilization_arg
from core.app.cli.output import dumps
from core.app.settings import Settings, active_catalog, load_settings
from core.base.units import UNIT, gib
from core.domain.request import PlanRequest
from core.domain.request_parsing import load_request_file
from core.planning.planner import Plan, PlanOption, plan, plan_to_json
from core.planning.ranking import default_rank_by
from core.planning.traffic import TrainingGoal, plan_goal, plan_traffic
from core.planning.traffic.report import (
    format_goal,
    format_traffic,
    goal_to_json,
    load_profile_file,
    parse_deadline,
    traffic_to_json,
)

FEASIBLE_SHOWN = 15
INFEASIBLE_SHOWN = 10

# Columns of the limits, per workload: (limit name, header).
LIMIT_COLUMNS = {
    "inference": (("context", "max ctx"), ("sequences", "max seq")),
    "training": (("micro_batch", "max mb"), ("sequence_length", "max len")),
    "diffusion": (("batch", "max batch"), ("resolution", "max px")),
}


def register(subparsers: Any) -> None:
    """Add the ``plan`` subcommand."""
    parser = subparsers.add_parser("plan", help="rank every GPU offer × count × strategy")
    parser.add_argument("--request", required=True, metavar="FILE", help="plan request (JSON)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument(
        "--rank-by",
        choices=("total", "per-million-tokens", "job-cost"),
        default=None,
        help="order of the feasible options (default: the cost of the whole run for training, "
        "the total price for the term otherwise)",
    )
    parser.add_argument(
        "--maximize",
        choices=("context", "sequences", "batch"),
        default=None,
        help="rank the feasible options by the largest context, sequence count or batch they "
        "allow (the request's value is the minimum)",
    )
    parser.add_argument(
        "--budget",
        type=budget_arg,
        default=None,
        metavar="AMOUNT",
        help="keep options whose total for the request's term is at most AMOUNT",
    )
    parser.add_argument(
        "--utilization",
        type=utilization_arg,
        default=Decimal(1),
        metavar="SHARE",
        help="share of the paid term the GPUs are busy, for the cost per outcome (default 1)",
    )
    parser.add_argument(
        "--all", action="store_true", help="list every option, feasible and infeasible"
    )
    parser.add_argument(
        "--traffic",
        metavar="FILE",
        default=None,
        help="a traffic profile (JSON): rates, lengths, latency target, spare capacity; plans "
        "the cheapest layout and replica count that serve it",
    )
    parser.add_argument(
        "--deadline",
        metavar="WHEN",
        default=None,
        help="training: finish the request's tokens by WHEN (ISO date and time with its zone; a "
        "date alone means the end of that day, UTC)",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Plan one request and print the ranked options with their limits."""
    settings = load_settings()
    request = load_request_file(args.request)
    if args.traffic is not None or args.deadline is not None or request.traffic or request.goal:
        return _run_outcome(args, request, settings)
    result = plan(
        request,
        active_catalog(settings),
        rank_by=args.rank_by or default_rank_by(request),
        tax_rate=settings.tax_rate,
        with_limits=True,
        maximize=args.maximize,
        budget=args.budget,
        utilization=args.utilization,
    )
    if args.json:
        print(dumps(plan_to_json(result)))
    else:
        print(format_plan(result, show_all=args.all))
    return 0


def _run_outcome(args: argparse.Namespace, request: PlanRequest, settings: Settings) -> int:
    """Plan from the outcome: a traffic profile, or a training goal and its deadline."""
    catalog = active_catalog(settings)
    if args.deadline is not None or (request.goal is not None and args.traffic is None):
        goal = request.goal
        if args.deadline is not None:
            deadline = parse_deadline(args.deadline)
            goal = (
                goal.model_copy(update={"deadline": deadline})
                if goal is not None
                else TrainingGoal(deadline=deadline)
            )
        answer = plan_goal(
            request, goal, catalog, now=datetime.now(UTC), tax_rate=settings.tax_rate
        )
        print(dumps(goal_to_json(answer)) if args.json else format_goal(answer))
        return 0
    profile = load_profile_file(args.traffic) if args.traffic is not None else request.traffic
    traffic = plan_traffic(request, profile, catalog, tax_rate=settings.tax_rate)
    traffic.require_reachable()
    print(
        dumps(traffic_to_json(traffic)) if args.json else format_traffic(traffic, show_all=args.all)
    )
    return 0


def _limit_cells(option: PlanOption, workload: str) -> str:
    cells = []
    for name, header in LIMIT_COLUMNS[workload]:
        value = option.limits.value(name) if option.limits else None
        cells.append(f"{value if value is not None else '-':>{len(header) + 2}}")
    return "".join(cells)


def _outcome_cells(option: PlanOption, workload: str) -> str:
    o = option.outcome

    def cell(value: Decimal | None, width: int) -> str:
        return f"{value if value is not None else '-':>{width}}"

    if o is None:
        return cell(None, 12)
    if workload == "inference":
        return cell(o.per_million_input, 11) + cell(o.per_million_output, 12)
    if workload == "training":
        return cell(o.run_cost, 12)
    return cell(o.per_thousand_images, 12)


def _layout_cell(option: PlanOption) -> str:
    """The strategy column: the strategy, or the serving layout under expert parallelism."""
    return option.layout if option.data_parallel else option.estimate.strategy


OUTCOME_HEADERS = {
    "inference": f"{'1M in':>11}{'1M out':>12}",
    "training": f"{'run cost':>12}",
    "diffusion": f"{'1k images':>12}",
}


def format_plan(result: Plan, *, show_all: bool = False) -> str:
    """A readable table: feasible options best first, then the infeasible ones."""
    term = result.request.term
    workload = result.request.workload
    order = f"largest {result.maximize} first" if result.maximize else f"ranked by {result.rank_by}"
    budget = f", budget {result.budget}" if result.budget is not None else ""
    lines = [f"Options for {term.count} × {term.unit} ({order}{budget})"]
    listed = result.options if show_all else result.options[:FEASIBLE_SHOWN]
    shown = result.infeasible if show_all else result.infeasible[:INFEASIBLE_SHOWN]
    # Offers are named as everywhere ("NVIDIA H100 SXM · 80 GiB"); the column fits the longest.
    name = max([16, *(len(o.gpu.label) + 2 for o in [*listed, *shown])])
    # The layout names its expert parallelism ("TP 2 × DP 4, EP 8"); the column fits the longest.
    wide = max([9, *(len(_layout_cell(o)) + 2 for o in listed)])
    if result.options:
        limit_header = "".join(f"{h:>{len(h) + 2}}" for _, h in LIMIT_COLUMNS[workload])
        lines.append(
            f"  {'':2}{'GPU':<{name}}{'×':>3}  {'strategy':<{wide}}{'per GPU':>10}{'of':>8}"
            f"{'total':>14}{limit_header}{OUTCOME_HEADERS[workload]}"
        )
        for i, o in enumerate(listed):
            mark = "* " if i == 0 else "  "
            lines.append(
                f"  {mark}{o.gpu.label:<{name}}{o.estimate.gpus:>3}  {_layout_cell(o):<{wide}}"
                f"{certainty.per_gpu(o.estimate, 10)}{gib(o.estimate.usable_bytes):>5.0f}{UNIT}"
                f"{o.price.total:>11} {o.price.currency}"
                f"{_limit_cells(o, workload)}{_outcome_cells(o, workload)}"
                f"{certainty.at_once_note(o.estimate)}"
            )
        if len(listed) < len(result.options):
            lines.append(f"  … {len(result.options) - len(listed)} more (--all)")
        currency = result.options[0].price.currency
        lines.append(
            f"  (limits: the largest value that fits in memory, the rest as requested; "
            f"costs in {currency} at the decode, prefill and training bounds)"
        )
        lines += certainty.footnote(o.estimate for o in listed)
        guessed = [o.speed_band for o in listed if o.data_parallel and o.speed_band]
        if guessed:
            lines.append(
                f"  (TP × DP, EP: vLLM's expert parallelism; no published measurement backs its "
                f"speed, so its band is doubled, to × or ÷ {1 + max(guessed):.2f}, and by cost "
                f"per 1M tokens it ranks at the slow end of that band)"
            )
    else:
        lines.append("  nothing in the catalog fits this request.")
    if result.suggestions:
        lines.append("")
        lines.append("What would fit:")
        lines += [f"  - {s}" for s in result.suggestions]
    if shown:
        lines.append("")
        lines.append(f"Infeasible ({len(result.infeasible)}, nearest first):")
        for o in shown:
            lines.append(
                f"  {o.gpu.label:<{name}}{o.estimate.gpus:>3}  {o.estimate.strategy:<9}{o.reason}"
                f"{certainty.uncertain_note(o.estimate)}"
            )
        if len(shown) < len(result.infeasible):
            lines.append(f"  … {len(result.infeasible) - len(shown)} more (--all)")
    lines.append("")
    lines.append(
        "Definitions explain concepts; they do not guarantee that a specific workload, library "
        "version or topology is supported by an AnchorGPU allocation."
    )
    return "\n".join(lines)
