"""``anchorgpu-planner estimate (--request FILE [--json] | --requests FILE.jsonl)`` and ``schema``.

A request that names no GPU is estimated on the cheapest offer that fits it. When none fits on
the GPUs it asks for and it does not set its layout, the cheapest offer and layout that fit are
estimated instead (a line says so); when it sets its layout, the closest offer is shown with a
line naming the cheapest offer and layout that would fit.

``--requests`` reads one request per line (``-``: standard input) and prints one JSON line per
request, an error included (see :mod:`core.app.batch`); it exits 0 when every request was estimated,
else with the highest exit code among the errors.
"""

from __future__ import annotations

import argparse
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any, BinaryIO

from core.app.batch import Answer, answer, estimate_lines, open_batch, read_lines
from core.app.cli.arguments import utilization_arg
from core.app.cli.estimate_text import answer_text
from core.app.cli.output import dumps, dumps_line
from core.app.settings import active_catalog, load_settings
from core.base.units import offer_text
from core.domain.catalog import Catalog
from core.domain.request import PlanRequest
from core.domain.request_parsing import load_request_file
from core.estimate.dispatch import resolve
from core.estimate.results import EstimateResult


def register(subparsers: Any) -> None:
    """Add the ``estimate`` and ``schema`` subcommands."""
    parser = subparsers.add_parser("estimate", help="per-GPU memory, fit and price of a request")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--request", metavar="FILE", help="plan request (JSON)")
    source.add_argument(
        "--requests",
        metavar="FILE",
        help="one plan request per line (JSON Lines, '-' for standard input); "
        "prints one JSON line per request",
    )
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument(
        "--utilization",
        type=utilization_arg,
        default=Decimal(1),
        metavar="SHARE",
        help="share of the paid term the GPUs are busy, for the cost per outcome (default 1)",
    )
    parser.set_defaults(handler=run)
    schema = subparsers.add_parser("schema", help="print the request's JSON Schema")
    schema.set_defaults(handler=run_schema)


def run_schema(args: argparse.Namespace) -> int:
    """Print the JSON Schema of a plan request."""
    print(dumps(PlanRequest.model_json_schema()))
    return 0


def run(args: argparse.Namespace) -> int:
    """Estimate one request and print it, or every request of ``--requests``.

    One request is printed with its price, its limits and the cost of its outcome.
    """
    settings = load_settings()
    catalog = active_catalog(settings)
    if args.requests is not None:
        return run_batch(args.requests, catalog, settings.tax_rate, args.utilization)
    found, choice = answer_choosing_gpu(
        load_request_file(args.request), catalog, settings.tax_rate, args.utilization
    )
    data = found.as_json()
    if choice is not None:
        data["gpu_choice"] = choice
    if args.json:
        print(dumps(data))
    else:
        print(answer_text(found, data["price"], None if choice is None else choice["note"]))
    return 0


def answer_choosing_gpu(
    request: PlanRequest, catalog: Catalog, tax_rate: Decimal, utilization: Decimal
) -> tuple[Answer, dict[str, Any] | None]:
    """Answer ``request``; when it names no GPU, also say which GPU was chosen and why.

    Returns the answer and, for a request without a GPU, ``gpu_choice``: ``reason``
    (``cheapest_fit``, ``cheapest_layout`` when the layout was chosen too, ``closest`` when
    nothing fits the requested layout, ``nothing_fits`` when no layout of any offer fits), the
    cheapest fitting ``gpu``, ``gpus`` and ``strategy`` when there is one, and a one-line ``note``.
    """
    found = answer(request, catalog, tax_rate, utilization=utilization)
    if request.gpu:
        return found, None
    result = found.result
    asked = f"{request.parallelism.gpus} GPU" + ("s" if request.parallelism.gpus != 1 else "")
    if result.fits:
        shown = offer_text(result.gpu.name, result.gpu.vram_gib)
        return found, _choice(
            "cheapest_fit",
            result,
            f"No GPU named: {shown}, the cheapest offer that fits on {asked}.",
        )
    # seam: the planner loads only when nothing fits (some 5 ms of start-up, python -X importtime)
    from core.planning.planner import cheapest_fit, expert_layout, layout_name

    option = cheapest_fit(request, catalog, resolve(request))
    if option is None:
        note = (
            f"No GPU named, and no offer fits in any layout: the closest on {asked} is shown;"
            " 'anchorgpu-planner plan' suggests changes that fit."
        )
        return found, {"reason": "nothing_fits", "note": note}
    best = option.estimate
    split = expert_layout(best.request, best.details)
    layout = _layout_text(best, layout_name(best.strategy, *split) if split else None)
    if "parallelism" not in request.model_fields_set:
        chosen = answer(best.request, catalog, tax_rate, utilization=utilization)
        note = (
            f"No GPU named and no offer fits on {asked}: the cheapest that fits is shown, {layout}."
        )
        return chosen, _choice("cheapest_layout", best, note)
    note = (
        f"No GPU named and no offer fits on {asked} as requested (the closest is shown); "
        f'the cheapest that fits: {layout} (set "gpu" and "parallelism", or run \'plan\').'
    )
    return found, _choice("closest", best, note)


def _layout_text(result: EstimateResult, expert_layout: str | None) -> str:
    """The GPUs, the offer and the layout; an expert-parallel one by name ("TP 1 × DP 8, EP 8")."""
    shown = offer_text(result.gpu.name, result.gpu.vram_gib)
    return f"{result.gpus} × {shown}, " + (expert_layout or f"strategy {result.strategy}")


def _choice(reason: str, best: EstimateResult, note: str) -> dict[str, Any]:
    return {
        "reason": reason,
        "gpu": best.gpu.id,
        "gpus": best.gpus,
        "strategy": best.strategy,
        "note": note,
    }


def run_batch(name: str, catalog: Catalog, tax_rate: Decimal, utilization: Decimal) -> int:
    """Print one JSON line per request in the file ``name`` (``-``: standard input)."""
    if name == "-":
        return _answer(sys.stdin.buffer, catalog, tax_rate, None, utilization)
    path = Path(name)
    stream = open_batch(path)
    with stream:
        return _answer(stream, catalog, tax_rate, path.parent, utilization)


def _answer(
    stream: BinaryIO,
    catalog: Catalog,
    tax_rate: Decimal,
    folder: Path | None,
    utilization: Decimal,
) -> int:
    status = 0
    out = sys.stdout
    write = getattr(out, "write_escaped", out.write)  # the lines need no escaping (dumps_line)
    lines = estimate_lines(
        read_lines(stream), catalog, tax_rate, folder=folder, utilization=utilization
    )
    for line in lines:
        if "error" in line:
            status = max(status, line["error"]["exit_code"])
        write(dumps_line(line) + "\n")
    out.flush()
    return status
