"""How one estimate reads on the command line (``estimate`` without ``--json``).

:mod:`core.app.cli.estimate_cmd` finds the answer (the GPU chosen when none is named, a batch of
requests); this module writes it out: the memory breakdown per GPU, the price lines, the limits,
the vLLM throughput curve, the cost of the outcome and the findings, in English.
"""

from __future__ import annotations

from typing import Any

from core.app.batch import Answer
from core.app.cli.price_text import price_line_label, price_lines
from core.capacity.kv_pool import refused, runs_fewer
from core.domain.breakdown import COMPONENTS
from core.domain.terms import term_hours
from core.estimate.dispatch import language_model_of, resolve, served_model
from core.estimate.results import EstimateResult
from core.estimate.serving import prefill_precision
from core.estimate.serving_speed import speed_curve


def answer_text(found: Answer, price: dict[str, Any] | None, note: str | None) -> str:
    """One estimate as ``estimate`` prints it without ``--json``.

    The estimate (:func:`format_estimate`), the line saying which GPU was chosen when the
    request named none (``note``), the limits on the offer and layout, the vLLM throughput
    curve and the cost of the outcome, then the findings.
    """
    result, limits, outcome = found.result, found.limits, found.outcome
    text = format_estimate(result, price)
    if note is not None:
        head, _, rest = text.partition("\n\n")
        text = head + "\n" + note + "\n\n" + rest
    extra = ["", "Limits on this offer and layout (memory; each with the others as requested)"]
    extra += [f"  {line}" for line in limits.messages(result.request)]
    extra += _curve_lines(result)
    costs = outcome.messages(outcome_hours(result)) if outcome is not None else []
    if costs:  # none when the layout does not run (core.pricing.outcome.outcome_cost)
        extra += ["", "Cost of the outcome"]
        extra += [f"  {line}" for line in costs]
    head, _, findings = text.partition("\n\n[")
    return head + "\n" + "\n".join(extra) + ("\n\n[" + findings if findings else "")


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
        if getattr(note, "key", "") in ("throughput.uncalibrated", "throughput.ttft_floor"):
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
