"""``anchorgpu-planner estimate (--request FILE [--json] | --requests FILE.jsonl)`` and ``schema``.

``--requests`` reads one request per line (``-``: standard input) and prints one JSON line per
request, an error included (see :mod:`core.batch`); it exits 0 when every request was estimated,
else with the highest exit code among the errors.
"""

from __future__ import annotations

import argparse
import json
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any, BinaryIO

from core.batch import estimate_lines, read_lines, result_json
from core.catalog import Catalog
from core.errors import InputError
from core.estimate import EstimateResult, estimate
from core.memory import COMPONENTS
from core.request import PlanRequest, load_request_file


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
    parser.set_defaults(handler=run)
    schema = subparsers.add_parser("schema", help="print the request's JSON Schema")
    schema.set_defaults(handler=run_schema)


def run_schema(args: argparse.Namespace) -> int:
    """Print the JSON Schema of a plan request."""
    print(json.dumps(PlanRequest.model_json_schema(), indent=2))
    return 0


def run(args: argparse.Namespace) -> int:
    """Estimate one request and print it, or every request of ``--requests``."""
    from core.settings import active_catalog, load_settings

    settings = load_settings()
    catalog = active_catalog(settings)
    if args.requests is not None:
        return run_batch(args.requests, catalog, settings.tax_rate)
    result = estimate(load_request_file(args.request), catalog)
    data = result_json(result, catalog, settings.tax_rate)
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        print(format_estimate(result, data["price"]))
    return 0


def run_batch(name: str, catalog: Catalog, tax_rate: Decimal) -> int:
    """Print one JSON line per request in the file ``name`` (``-``: standard input)."""
    if name == "-":
        return _answer(sys.stdin.buffer, catalog, tax_rate, None)
    path = Path(name)
    try:
        stream = path.open("rb")
    except OSError as error:
        raise InputError(f"cannot read request file {path}: {error}") from None
    with stream:
        return _answer(stream, catalog, tax_rate, path.parent)


def _answer(stream: BinaryIO, catalog: Catalog, tax_rate: Decimal, folder: Path | None) -> int:
    status = 0
    out = sys.stdout
    for answer in estimate_lines(read_lines(stream), catalog, tax_rate, folder=folder):
        if "error" in answer:
            status = max(status, answer["error"]["exit_code"])
        out.write(json.dumps(answer, separators=(",", ":")) + "\n")
    out.flush()
    return status


def _gib(value: int) -> str:
    return f"{value / 2**30:8.2f} GiB"


def format_estimate(result: EstimateResult, price: dict[str, Any] | None) -> str:
    """A readable table of one estimate."""
    m = result.model
    lines = [
        f"Model     {m.name} ({m.id}): {m.params_total:,} parameters"
        + (f", {m.params_active:,} active" if m.params_active != m.params_total else ""),
        f"Workload  {result.request.workload}; {result.gpus} × {result.gpu.name}, "
        f"strategy {result.strategy}",
    ]
    if result.kv_cache_bytes_per_token:
        lines.append(f"KV cache  {result.kv_cache_bytes_per_token:,} bytes per token (whole model)")
    lines.append("")
    phase = result.details.get("peak_phase")
    lines.append("Memory per GPU" + (f" at the peak phase ({phase})" if phase else ""))
    for name in COMPONENTS:
        value = getattr(result.memory, name)
        if value:
            lines.append(f"  {name.replace('_', ' '):<24}{_gib(value)}")
    lines.append(f"  {'total':<24}{_gib(result.memory.total)}")
    lines.append(f"  {'usable on this GPU':<24}{_gib(result.usable_bytes)}")
    verdict = "fits" if result.fits else "does NOT fit"
    lines.append(
        f"  {verdict}: headroom {result.headroom_bytes / 2**30:.2f} GiB; "
        f"largest component {result.binding_component.replace('_', ' ')}"
    )
    t = result.throughput
    if t.decode_tokens_per_s:
        lines.append(f"Decode    ≤ {t.decode_tokens_per_s:,.0f} tokens/s (bandwidth bound)")
    if t.training_tokens_per_s and t.job_hours is not None:
        lines.append(
            f"Training  {t.training_tokens_per_s:,.0f} tokens/s, "
            f"{t.job_hours:,.1f} h for the dataset"
        )
    if result.checkpoint_bytes:
        lines.append(f"Checkpoint {result.checkpoint_bytes / 1e9:,.1f} GB on disk")
    if price:
        lines.append("")
        lines.append(
            f"Price ({price['hours']} h, {price['gpus']} GPU, "
            f"{price['unit_price_per_gpu_hour']} {price['currency']} per GPU-hour)"
        )
        for item in price["line_items"]:
            lines.append(f"  {item['label']:<40}{item['amount']:>12} {price['currency']}")
        lines.append(f"  {'total':<40}{price['total']:>12} {price['currency']}")
    lines.append("")
    for f in result.findings:
        lines.append(f"[{f.severity}] {f.code}: {f.message} (glossary: {f.glossary_term})")
    return "\n".join(lines)
