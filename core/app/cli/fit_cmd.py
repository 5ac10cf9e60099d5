"""``anchorgpu-planner fit --gpu ID [--gpus N] [--budget AMOUNT --term UNIT[:COUNT]]``.

Lists the bundled presets (or the configs in ``--models-dir``) that fit an offer, with their
limits, their price for the term and the cost of their outcome.
"""

from __future__ import annotations

import argparse
import json
from decimal import Decimal
from pathlib import Path
from typing import Any, get_args

from core.app.cli import certainty
from core.app.cli.arguments import budget_arg, utilization_arg
from core.app.settings import active_catalog, load_settings
from core.base.errors import InputError
from core.domain.catalog import TERM_UNITS
from core.domain.trainer_options import TRAINERS
from core.domain.workload_options import VllmVersion
from core.planning.fit import FitRow, fit_models
from core.texts.messages import Message

OUTCOME = {
    "inference": ("1M out", "per_million_output"),
    "training": ("run cost", "run_cost"),
    "diffusion": ("1k images", "per_thousand_images"),
}
LIMIT_HEADERS = {
    "inference": (("context", "max ctx"), ("sequences", "max seq")),
    "training": (("micro_batch", "max mb"), ("sequence_length", "max len")),
    "diffusion": (("batch", "max batch"), ("resolution", "max px")),
}


def term_arg(text: str) -> dict[str, Any]:
    """``--term UNIT[:COUNT]``, e.g. ``week`` or ``day:3``."""
    unit, _, count = text.partition(":")
    if unit not in TERM_UNITS:
        raise argparse.ArgumentTypeError(
            f"unknown term unit {unit!r} (known: {', '.join(TERM_UNITS)})"
        )
    if not count:
        return {"unit": unit, "count": 1}
    if not count.isdigit() or not 1 <= int(count) <= 100_000:
        raise argparse.ArgumentTypeError(f"the term's count must be 1 to 100000, got {count!r}")
    return {"unit": unit, "count": int(count)}


def register(subparsers: Any) -> None:
    """Add the ``fit`` subcommand."""
    parser = subparsers.add_parser("fit", help="list the models that fit a GPU offer")
    parser.add_argument("--gpu", required=True, metavar="ID", help="catalog offer id")
    parser.add_argument(
        "--gpus",
        type=int,
        default=None,
        metavar="N",
        help="GPU count (default: smallest that fits)",
    )
    parser.add_argument("--budget", type=budget_arg, default=None, metavar="AMOUNT")
    parser.add_argument(
        "--term", type=term_arg, default={"unit": "hour", "count": 1}, metavar="UNIT[:COUNT]"
    )
    parser.add_argument(
        "--workload", choices=("inference", "training", "diffusion"), default="inference"
    )
    parser.add_argument("--context", type=int, default=None, metavar="TOKENS")
    parser.add_argument("--sequences", type=int, default=None, metavar="N")
    parser.add_argument(
        "--mtp-tokens",
        type=int,
        default=None,
        metavar="N",
        help="draft N tokens a step with the model's MTP layers, vLLM's speculative decoding "
        "with method mtp (default 0: off)",
    )
    parser.add_argument(
        "--vllm-version",
        choices=get_args(VllmVersion),
        default=None,
        help="inference: the vLLM release whose start-up profile sizes the KV cache pool "
        "(default: the current release)",
    )
    parser.add_argument(
        "--trainer",
        choices=TRAINERS,
        default=None,
        help="training: the trainer whose loop the memory follows (default transformers);"
        " it sets its recipes' defaults",
    )
    parser.add_argument(
        "--models-dir",
        type=Path,
        default=None,
        metavar="DIR",
        help="try every config.json in DIR (and its subfolders) instead of the presets",
    )
    parser.add_argument("--utilization", type=utilization_arg, default=None, metavar="SHARE")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """List the models that fit the offer."""
    if args.gpus is not None and args.gpus < 1:
        raise InputError(Message("cli.gpus_at_least_one", gpus=args.gpus), field="gpus")
    base: dict[str, Any] = {"workload": args.workload, "term": args.term}
    inference: dict[str, int | str] = {}
    if args.context is not None:
        inference["context_tokens"] = args.context
    if args.sequences is not None:
        inference["concurrent_sequences"] = args.sequences
    if args.mtp_tokens is not None:
        inference["mtp_speculative_tokens"] = args.mtp_tokens
    if args.vllm_version is not None:
        inference["vllm_version"] = args.vllm_version
    if inference:
        base["inference"] = inference
    if args.trainer is not None:
        base["training"] = {"trainer": args.trainer}
    settings = load_settings()
    catalog = active_catalog(settings)
    rows = fit_models(
        base,
        args.gpu,
        catalog,
        gpus=args.gpus,
        budget=args.budget,
        tax_rate=settings.tax_rate,
        models_dir=args.models_dir,
        utilization=args.utilization or Decimal(1),
    )
    if args.json:
        print(json.dumps({"gpu": args.gpu, "rows": [r.as_dict() for r in rows]}, indent=2))
    else:
        print(format_fit(rows, args))
    return 0


LABEL_WIDTH = 24  # the model column; a config's path is shortened from the left to fit it


def _label(row: FitRow, args: argparse.Namespace) -> str:
    """A preset's id in full, or a config's path shortened from the left to the column."""
    if args.models_dir is None or len(row.source) <= LABEL_WIDTH:
        return row.source
    return "…" + row.source[-(LABEL_WIDTH - 1) :]


def _limit(row: FitRow, name: str) -> str:
    """One limit of a row with its digits grouped ("1,497,184"), or "-" when it has none."""
    value = row.limits.value(name) if row.limits else None
    return "-" if value is None else f"{value:,}"


def format_fit(rows: list[FitRow], args: argparse.Namespace) -> str:
    """A readable table: the models that fit, then those that do not and why."""
    term = args.term
    budget = f", budget {args.budget}" if args.budget is not None else ""
    sizes = ""
    shown = next((r.estimate for r in rows if r.estimate is not None), None)
    if args.workload == "inference" and shown is not None:
        inf = shown.request.inference
        many = "sequence" if inf.concurrent_sequences == 1 else "sequences"
        sizes = f", {inf.context_tokens:,} tokens × {inf.concurrent_sequences:,} {many}"
    offer = shown.gpu.label if shown is not None else args.gpu
    lines = [
        f"Models on {offer} ({args.workload}{sizes}), term {term['count']} × {term['unit']}{budget}"
    ]
    fitting = [r for r in rows if r.fits]
    headers = LIMIT_HEADERS[args.workload]
    width = max([LABEL_WIDTH, *(len(_label(r, args)) for r in rows)])
    # A row served expert-parallel names its layout ("TP 1 × DP 4, EP 4") in the strategy column.
    wide = max([9, *(len(r.expert_layout) + 2 for r in fitting)])
    if fitting:
        lines.append(
            f"  {'model':<{width}}{'×':>3}  {'strategy':<{wide}}{'per GPU':>9}{'total':>14}"
            + "".join(f"{h:>12}" for _, h in headers)
            + f"{OUTCOME[args.workload][0]:>16}"
        )
        for row in fitting:
            assert row.estimate is not None and row.price is not None
            cells = "".join(f"{_limit(row, name):>12}" for name, _ in headers)
            cost = getattr(row.outcome, OUTCOME[args.workload][1], None)
            lines.append(
                f"  {_label(row, args):<{width}}{row.estimate.gpus:>3}  "
                f"{row.expert_layout or row.estimate.strategy:<{wide}}"
                f"{certainty.per_gpu(row.estimate, 9)}"
                f"{row.price.total:>10} {row.price.currency}{cells}"
                + (f"{cost:>12} {row.price.currency}" if cost is not None else f"{'-':>16}")
                + certainty.at_once_note(row.estimate)
            )
        lines += certainty.footnote(r.estimate for r in fitting if r.estimate is not None)
        if any(r.expert_layout for r in fitting):
            lines.append(
                "  (TP × DP, EP: vLLM's expert parallelism, where no tensor-parallel layout of as "
                "many GPUs fits; no published measurement backs its speed, so its band is doubled)"
            )
    else:
        lines.append("  no model fits this offer.")
    others = [r for r in rows if not r.fits]
    if others:
        lines.append("")
        lines.append(f"Do not fit ({len(others)}):")
        lines += [f"  {_label(r, args):<{width}} {r.reason}" for r in others]
    return "\n".join(lines)
