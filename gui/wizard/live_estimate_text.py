"""What the live estimate says: the headline, the fit verdict, the limits, warnings, best option.

Sentences made from an :class:`core.estimate.results.EstimateResult` (and the limits, outcome and
plan that follow it), apart from the panel that lays them out: which words a verdict takes (fits,
vLLM would not start, short, blocked), and in which order the lines come, is read on its own.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from core.capacity.kv_pool import refused, runs_fewer
from core.domain.terms import term_hours
from gui.core_text import finding_text, message_text
from gui.glossary_link import term_anchor
from gui.presentation import counts, palette
from gui.presentation.formats import count, gib, money
from gui.presentation.names import (
    component_name,
    model_name,
    offer,
    severity_name,
    strategy_name,
)
from gui.translation import tr_id

if TYPE_CHECKING:  # built before the first estimate, which needs neither the planner nor prices
    from core.estimate.results import EstimateResult
    from core.planning.limits import Limits
    from core.planning.planner import Plan
    from core.pricing.outcome import OutcomeCost

FITS_STYLE, FAILS_STYLE = palette.FITS_STYLE, palette.FAILS_STYLE
UNCERTAIN_STYLE = palette.UNCERTAIN_STYLE


def subject_text(result: EstimateResult) -> str:
    """The headline: the model on its offer, chosen, cheapest that fits, or the closest."""
    chosen = result.request.gpu is not None
    # The headline agrees with the verdict below it: an offer is "cheapest that fits" only
    # when it fits; otherwise it is the closest one, shown so the shortfall can be read.
    if chosen:
        text = tr_id(
            "LiveEstimatePanel.model_gpus_gpu_strategy", "{model}: {gpus} × {gpu}, {strategy}"
        )
    elif result.fits:
        text = tr_id(
            "LiveEstimatePanel.model_cheapest_offer_that_fits_this",
            "{model}: cheapest offer that fits this layout is {gpus} × {gpu}, {strategy}",
        )
    else:
        text = tr_id(
            "LiveEstimatePanel.model_no_offer_fits_this_layout",
            "{model}: no offer fits this layout; the closest is {gpus} × {gpu}, {strategy}",
        )
    sharding = result.request.parallelism.fsdp_sharding
    return text.format(
        model=model_name(result.model.name),
        gpus=result.gpus,
        gpu=offer(result.gpu),
        strategy=strategy_name(result.strategy, sharding),
    )


def verdict_text(result: EstimateResult) -> tuple[str, str]:
    """The fit verdict, with what vLLM runs at once and the band when counts are approximate.

    Returned with the style it is shown in (fits, fails or uncertain).
    """
    memory = result.memory
    refusal = refused(result.details)
    if result.fits:
        verdict = tr_id(
            "LiveEstimatePanel.fits_total_of_usable_usable_per",
            "Fits: {total} of {usable} usable per GPU, {headroom} headroom",
        )
        headroom = gib(result.headroom_bytes)
    elif result.headroom_bytes >= 0 and refusal is not None:
        # vLLM's start-up check (core.capacity.kv_pool.start_up): memory fits, the pool does not
        verdict = (
            tr_id(
                "LiveEstimatePanel.does_not_fit_vllm_would_not",
                "Does not fit: vLLM would not start, its KV cache pool holds no sequence of"
                " {context}; the longest context that starts is {longest}",
            )
            if refusal.longest
            else tr_id(
                "LiveEstimatePanel.does_not_fit_vllm_would_not_95f859",
                "Does not fit: vLLM would not start, no KV cache pool is left for any context",
            )
        )
        headroom = gib(result.headroom_bytes)
    elif result.headroom_bytes < 0:
        verdict = tr_id(
            "LiveEstimatePanel.does_not_fit_needs_total_per",
            "Does not fit: needs {total} per GPU, {usable} usable, {headroom} short",
        )
        headroom = gib(-result.headroom_bytes)
    else:
        verdict = tr_id(
            "LiveEstimatePanel.does_not_run_total_of_usable",
            "Does not run: {total} of {usable} fits, but a blocker below stops it",
        )
        headroom = gib(result.headroom_bytes)
    requested = result.request.inference.concurrent_sequences
    text = verdict.format(
        total=gib(memory.total),
        usable=gib(result.usable_bytes),
        headroom=headroom,
        context=counts.tokens(result.request.inference.context_tokens),
        longest=counts.tokens(refusal.longest) if refusal is not None else "",
    )
    if result.fits and (at_once := runs_fewer(result.details, requested)) is not None:
        text += "\n" + tr_id(
            "LiveEstimatePanel.vllm_runs_at_once_of_requested",
            "vLLM runs {at_once} {of_requested}: the others wait",
        ).format(at_once=count(at_once), of_requested=counts.of_sequences_at_once(requested))
    if result.approximate is not None:
        # The model's counts are approximate: say so, and whether the range crosses the limit.
        line = (
            tr_id(
                "LiveEstimatePanel.fit_uncertain_the_total_may_be",
                "Fit uncertain: the total may be {low} to {high} per GPU (not counted exactly)",
            )
            if result.fit_certainty == "uncertain"
            else tr_id(
                "LiveEstimatePanel.approximate_the_total_may_be_low",
                "Approximate: the total may be {low} to {high} per GPU",
            )
        )
        text += "\n" + line.format(
            low=gib(result.approximate.band_low), high=gib(result.approximate.band_high)
        )
    if result.fit_certainty == "uncertain":
        return text, UNCERTAIN_STYLE
    return text, FITS_STYLE if result.fits else FAILS_STYLE


def binding_text(result: EstimateResult) -> str:
    """The largest component of the memory."""
    return tr_id("LiveEstimatePanel.largest_component_name", "Largest component: {name}").format(
        name=component_name(result.binding_component)
    )


def limits_html(result: EstimateResult, limits: Limits | None, outcome: OutcomeCost | None) -> str:
    """How far the estimate goes on its offer, vLLM's start-up profile and the outcome's cost."""
    lines: list[str] = []
    if limits is not None:
        lines += [message_text(m) for m in limits.messages(result.request)]
    profile = result.details.get("vllm_profile")
    if profile:  # core.capacity.vllm_profile: sized by inference.max_num_batched_tokens
        text = tr_id(
            "LiveEstimatePanel.vllm_s_start_up_profile_over",
            "vLLM's start-up profile over {tokens} tokens and {sequences} sequences:"
            " activation peak {peak} per GPU",
        )
        lines.append(
            text.format(
                tokens=count(profile["max_num_batched_tokens"]),
                sequences=count(profile["max_num_seqs"]),
                peak=gib(profile["activation_peak_bytes"], 2),
            )
        )
    if outcome is not None:
        lines += [message_text(m) for m in outcome.messages(term_hours(result.request.term))]
    if not lines:
        return ""
    heading = escape(
        tr_id("LiveEstimatePanel.on_this_offer_and_layout", "On this offer and layout:")
    )
    return f"<b>{heading}</b><br>" + "<br>".join(escape(line) for line in lines)


def warnings_html(result: EstimateResult) -> str:
    """Every warning with its severity and a link to the glossary term that explains it."""
    items = []
    for finding in result.findings:
        if finding.code == "disclaimer":
            continue
        color = palette.severity(finding.severity)
        items.append(
            f'<p style="margin:0 0 6px 0"><b style="color:{color}">'
            f"{escape(severity_name(finding.severity))}</b> "
            f"{escape(finding_text(finding))} ({term_anchor(finding.glossary_term)})</p>"
        )
    if not items:
        return escape(tr_id("LiveEstimatePanel.no_warnings", "No warnings."))
    return "".join(items)


def best_text(plan: Plan | None) -> str:
    """The plan's best option, that it is being ranked (None), or that nothing fits."""
    if plan is None:
        return tr_id("LiveEstimatePanel.ranking_the_offers", "Ranking the offers…")
    if not plan.options:
        return tr_id(
            "LiveEstimatePanel.no_offer_in_the_catalog_fits",
            "No offer in the catalog fits this request.",
        )
    best = plan.options[0]
    if plan.rank_by == "job-cost" and best.job_cost is not None:
        text = tr_id(
            "LiveEstimatePanel.cheapest_training_run_options_gpus_gpu",
            "Cheapest training run {options}: {gpus} × {gpu}, {run} for the run "
            "({total} for the term)",
        )
    else:
        text = tr_id(
            "LiveEstimatePanel.cheapest_options_gpus_gpu_total_for",
            "Cheapest {options}: {gpus} × {gpu}, {total} for the term",
        )
    currency = best.price.currency
    return text.format(
        options=counts.of_options_that_fit(len(plan.options)),
        gpus=best.estimate.gpus,
        gpu=offer(best.gpu),
        run=money(best.job_cost, currency) if best.job_cost is not None else "",
        total=money(best.price.total, currency),
    )
