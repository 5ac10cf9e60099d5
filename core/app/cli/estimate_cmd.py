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
from core.app.cli.output import dumps, dumps_line
from core.app.cli.price_text import price_line_label, price_lines
from core.app.settings import active_catalog, load_settings
from core.base.units import offer_text
from core.capacity.kv_pool import refused, runs_fewer
from core.domain.breakdown import COMPONENTS
from core.domain.catalog import Catalog
from core.domain.request import PlanRequest
from core.domain.request_parsing import load_request_file
from core.domain.terms import term_hours
from core.estimate.dispatch import language_model_of, resolve, served_model
from core.estimate.results import EstimateResult
from core.estimate.serving import prefill_precision
from core.estimate.serving_speed import speed_curve


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
    result, limits, outcome = found.result, found.limits, found.outcome
    data = found.as_json()
    if choice is not None:
        data["gpu_choice"] = choice
    if args.json:
        print(dumps(data))
    else:
        text = format_estimate(result, data["price"])
        if choice is not None:
            head, _, rest = text.partition("\n\n")
            text = head + "\n" + choice["note"] + "\n\n" + rest
        extra = ["", "Limits on this offer and layout (memory; each with the others as requested)"]
        extra += [f"  {line}" for line in limits.messages(result.request)]
        extra += _curve_lines(result)
        costs = outcome.messages(outcome_hours(result)) if outcome is not None else []
        if costs:  # none when the layout does not run (core.pricing.outcome.outcome_cost)
            extra += ["", "Cost of the outcome"]
            extra += [f"  {line}" for line in costs]
        head, _, findings = text.partition("\n\n[")
        print(head + "\n" + "\n".join(extra) + ("\n\n[" + findings if findings else ""))
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
    from core.planning.planner import cheapest_fit

    option = cheapest_fit(request, catalog, resolve(request))
    if option is None:
        note = (
            f"No GPU named, and no offer fits in any layout: the closest on {asked} is shown;"
            " 'anchorgpu-planner plan' suggests changes that fit."
        )
        return found, {"reason": "nothing_fits", "note": note}
    best = option.estimate
    layout = _layout_text(best)
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


def _layout_text(result: EstimateResult) -> str:
    shown = offer_text(result.gpu.name, result.gpu.vram_gib)
    return f"{result.gpus} × {shown}, strategy {result.strategy}"


def _choice(reason: str, best: EstimateResult, note: str) -> dict[str, Any]:
    return {
        "reason": reason,
        "gpu": best.gpu.id,
        "gpus": best.gpus,
        "strategy": best.strategy,
        "note": note,
    }


def _curve_lines(result: EstimateResult) -> list[str]:
    """The offer's throughput per GPU against tokens/s per user, for a vLLM serving estimate."""
    request = result.request
    if request.workload != "inference" or request.inference.engine != "vllm" or not result.fits:
        return []
    arch = served_model(request, language_model_of(resolve(request)))
    curve = speed_curve(request, arch, result.gpu, prefill_precision(request, arch, result.gpu))
    lines = ["", "Throughput per GPU against speed per user (output tokens/s, step model)"]
    lines += [
        f"  {seqs:>5} {'sequence ' if seqs == 1 else 'sequences'}: {user:>9,.1f} per user,"
        f" {per_gpu:>10,.0f} per GPU"
        for seqs, user, per_gpu in curve
    ]
    return lines


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


def outcome_hours(result: EstimateResult) -> int:
    """The hours of the request's term."""
    return term_hours(result.request.term)


def _gib(value: int) -> str:
    return f"{value / 2**30:8.2f} GiB"


def format_estimate(result: EstimateResult, price: dict[str, Any] | None) -> str:
    """A readable table of one estimate."""
    m = result.model
    lines = [
        f"Model     {m.name} ({m.id}): {m.params_total:,} parameters"
        + (f", {m.params_active:,} active" if m.params_active != m.params_total else ""),
        f"Workload  {result.request.workload}; {result.gpus} × {result.gpu.label}, "
        f"strategy {result.strategy}",
    ]
    if result.kv_cache_bytes_per_token:
        lines.append(f"KV cache  {result.kv_cache_bytes_per_token:,} bytes per token (whole model)")
    by_kind = result.details.get("cache_bytes_per_sequence_by_kind") or {}
    if len(by_kind) > 1 or "linear_state" in by_kind:
        parts = ", ".join(f"{kind.replace('_', ' ')} {value:,}" for kind, value in by_kind.items())
        lines.append(f"          per sequence on one GPU by layer kind: {parts} bytes")
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
    band = result.accuracy_band
    if result.fit_certainty == "uncertain":
        verdict = "fit UNCERTAIN (point estimate " + verdict + ")"
    elif result.fits and band is not None and band.tight:
        verdict = "fits, tight"
    sequences = result.request.inference.concurrent_sequences
    if result.fit_certainty != "uncertain" and (check := refused(result.details)) is not None:
        context = result.request.inference.context_tokens
        verdict = (
            f"does NOT fit: vLLM would not start, its KV cache pool holds no sequence of "
            f"{context:,} tokens (the longest context that starts is {check.longest:,}); memory"
        )
    elif result.fits and (at_once := runs_fewer(result.details, sequences)) is not None:
        verdict += f", {at_once:,} of {sequences:,} sequences at once"
    lines.append(
        f"  {verdict}: headroom {result.headroom_bytes / 2**30:.2f} GiB; "
        f"largest component {result.binding_component.replace('_', ' ')}"
    )
    if result.approximate:
        a = result.approximate
        lines.append(
            f"  APPROXIMATE: total between {a.band_low / 2**30:.2f} and "
            f"{a.band_high / 2**30:.2f} GiB per GPU ({a.reason} not counted exactly)"
        )
    if band is not None:
        lines.append(
            f"  accuracy ±{band.fraction:.0%} (docs/ACCURACY.md): "
            f"{band.low_bytes / 2**30:.2f}–{band.high_bytes / 2**30:.2f} GiB"
        )
    profile = result.details.get("vllm_profile")
    if profile:
        lines.append(
            f"vLLM      KV pool {profile['kv_pool_tokens']:,} tokens; maximum concurrency "
            f"{profile['max_concurrency']:.2f}x at {result.request.inference.context_tokens:,}"
            " tokens per request"
            + ("" if profile["device_total_driver_reported"] else " (device total: catalog VRAM)")
        )
    lines.extend(_llamacpp_lines(result.details.get("llamacpp")))
    t = result.throughput
    if t.decode_tokens_per_s:
        within = f" (band ±{t.band:.0%})" if t.band is not None else ""
        lines.append(f"Decode    ≈ {t.decode_tokens_per_s:,.0f} tokens/s{within}")
    if t.ttft_s is not None and t.tpot_s is not None:
        lines.append(
            f"Latency   first token ≈ {t.ttft_s * 1e3:,.0f} ms, ≈ {t.tpot_s * 1e3:,.1f} ms per"
            " output token"
        )
    for note in t.assumptions:
        if getattr(note, "key", "") == "throughput.uncalibrated":
            lines.append(f"          {note}")
    speed_band = f" (±{t.speed_band:.0%})" if t.speed_band is not None else ""
    if t.training_tokens_per_s and t.job_hours is not None:
        lines.append(
            f"Training  {t.training_tokens_per_s:,.0f} tokens/s{speed_band}, "
            f"{t.job_hours:,.1f} h for the dataset"
        )
    if t.images_per_hour:
        lines.append(f"Images    {t.images_per_hour:,.0f} per hour{speed_band}")
    if result.checkpoint_bytes:
        lines.append(f"Checkpoint {result.checkpoint_bytes / 1e9:,.1f} GB on disk")
    if price:
        lines.append("")
        orders = f", {price['orders']} orders" if price.get("orders", 1) > 1 else ""
        lines.append(
            f"Price ({price['hours']} h, {price['gpus']} GPU{orders}, "
            f"{price['unit_price_per_gpu_hour']} {price['currency']} per GPU-hour)"
        )
        offer = result.gpu.label
        rows = [
            (price_line_label(i["kind"], i["label"], i.get("params", {}), offer), str(i["amount"]))
            for i in price["line_items"]
        ]
        lines += price_lines([*rows, ("total", str(price["total"]))], price["currency"])
    lines.append("")
    for f in result.findings:
        lines.append(f"[{f.severity}] {f.code}: {f.message} (glossary: {f.glossary_term})")
    return "\n".join(lines)


def _llamacpp_lines(llama: dict[str, Any] | None) -> list[str]:
    """llama.cpp's layers on the GPUs and the CPU, and each GPU's three buffers."""
    if not llama:
        return []
    lines = [
        f"llama.cpp -ngl {llama['n_gpu_layers']}: {llama['layers_on_gpu']} of {llama['layers']}"
        f" layers on the GPUs (output layer included), {llama['layers_on_cpu']} on the CPU"
        f" ({_gib(llama['cpu_weights_bytes']).strip()} of weights in system memory with the"
        " token embedding)",
        f"          -c {llama['n_ctx']:,} (KV cells {llama['kv_size']:,}), -np"
        f" {llama['n_parallel']}, -ub {llama['n_ubatch']}, K {llama['cache_type_k']},"
        f" V {llama['cache_type_v']}, flash attention {'on' if llama['flash_attn'] else 'off'}",
    ]
    for index, gpu in enumerate(llama["per_gpu"]):
        output = " + output" if gpu["output_layer"] else ""
        lines.append(
            f"          GPU {index}: {gpu['repeating_layers']} layers{output}; model buffer"
            f" {_gib(gpu['model_buffer_bytes']).strip()}, KV buffer"
            f" {_gib(gpu['kv_buffer_bytes']).strip()}, compute buffer"
            f" {_gib(gpu['compute_buffer_bytes']).strip()}"
        )
    return lines
