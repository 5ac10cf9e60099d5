"""The English templates of the traffic profile, the training goal and their search.

Marked for Qt Linguist like :mod:`core.texts.message_texts`; :mod:`core.texts.messages` gathers
them.
"""

from __future__ import annotations

from core.texts.linguist import QT_TRANSLATE_NOOP

TRAFFIC_TEMPLATES: dict[str, str] = {
    # The profile and the goal (core.domain.traffic_profile)
    "traffic.p90_below_mean": QT_TRANSLATE_NOOP(
        "CoreText", "the 90th percentile ({p90}) is below the mean ({mean})"
    ),
    "traffic.ttft_p90_below_p50": QT_TRANSLATE_NOOP(
        "CoreText", "the p90 time to first token ({p90:g} s) is below the p50 ({p50:g} s)"
    ),
    "traffic.no_rate": QT_TRANSLATE_NOOP(
        "CoreText", "give a request rate (average or peak) or the tokens per day"
    ),
    "traffic.rate_twice": QT_TRANSLATE_NOOP(
        "CoreText", "give either an average request rate or the tokens per day, not both"
    ),
    "traffic.peak_below_average": QT_TRANSLATE_NOOP(
        "CoreText", "the peak rate ({peak:g}) is below the average rate ({average:g})"
    ),
    "traffic.deadline_needs_zone": QT_TRANSLATE_NOOP(
        "CoreText", "the deadline needs a time zone, e.g. 2026-12-11T18:00:00+00:00"
    ),
    "traffic.deadline_past": QT_TRANSLATE_NOOP(
        "CoreText", "the deadline {deadline} is not after the start of the run, {start}"
    ),
    "traffic.no_goal": QT_TRANSLATE_NOOP(
        "CoreText", "give the deadline the training run must finish by"
    ),
    "traffic.not_an_object": QT_TRANSLATE_NOOP(
        "CoreText", "a traffic profile must be a JSON object"
    ),
    "traffic.needs_inference": QT_TRANSLATE_NOOP(
        "CoreText", "a traffic profile plans serving: the request's workload is {workload}"
    ),
    "traffic.needs_training": QT_TRANSLATE_NOOP(
        "CoreText", "a deadline plans a training run: the request's workload is {workload}"
    ),
    # Why a layout cannot carry the traffic
    "traffic.reason_ttft": QT_TRANSLATE_NOOP(
        "CoreText",
        "time to first token {value:.3g} s even alone, over the target of {target:.3g} s",
    ),
    "traffic.reason_tpot": QT_TRANSLATE_NOOP(
        "CoreText",
        "time per output token {value:.3g} s even alone, over the target of {target:.3g} s",
    ),
    "traffic.reason_rate": QT_TRANSLATE_NOOP(
        "CoreText",
        "needs {need} GPUs for {rate:.3g} requests/s, the offer has at most {has}",
    ),
    "traffic.binds": QT_TRANSLATE_NOOP("CoreText", "limited by {constraint}"),
    "traffic.point_tpot": QT_TRANSLATE_NOOP(
        "CoreText",
        "at {concurrency} requests at once the time per output token is {value:.3g} s, over the "
        "target of {target:.3g} s",
    ),
    "traffic.point_ttft": QT_TRANSLATE_NOOP(
        "CoreText",
        "at {concurrency} requests at once the time to first token is {value:.3g} s, over the "
        "target of {target:.3g} s",
    ),
    # When nothing meets the profile: the field to change and the best the catalog does
    "traffic.unreachable_ttft": QT_TRANSLATE_NOOP(
        "CoreText",
        "no option meets a time to first token of {target:.3g} s; the best is {best:.3g} s "
        "({gpus} × {gpu})",
    ),
    "traffic.unreachable_tpot": QT_TRANSLATE_NOOP(
        "CoreText",
        "no option meets a time per output token of {target:.3g} s; the best is {best:.3g} s "
        "({gpus} × {gpu})",
    ),
    "traffic.unreachable_rate": QT_TRANSLATE_NOOP(
        "CoreText",
        "no offer has the GPUs for {rate:.3g} requests/s at this latency; the most is "
        "{best:.3g} requests/s ({gpus} × {gpu})",
    ),
    "traffic.unreachable_memory": QT_TRANSLATE_NOOP(
        "CoreText",
        "no layout of any offer holds the model with {tokens} tokens of context",
    ),
    # What the figures rest on
    "traffic.roofline": QT_TRANSLATE_NOOP(
        "CoreText",
        "speeds are roofline bounds (the full memory bandwidth, {mfu:.0%} of the peak compute): "
        "real engines are slower, by an amount not yet calibrated, so the band is unknown",
    ),
    "traffic.speed_model": QT_TRANSLATE_NOOP(
        "CoreText",
        "speeds from the calibrated step model, within ×{band:.2f} either way",
    ),
    # The training goal's answer
    "goal.meets": QT_TRANSLATE_NOOP(
        "CoreText",
        "{gpus} × {gpu} trains {tokens:,} tokens in {hours:,.1f} h, {spare:,.1f} h before the "
        "deadline; a term of {count} × {unit} covers it for {cost} {currency}",
    ),
    "goal.late": QT_TRANSLATE_NOOP(
        "CoreText",
        "no option finishes by the deadline; the cheapest, {gpus} × {gpu}, needs {hours:,.1f} h "
        "and finishes {late:,.1f} h late",
    ),
    "goal.fastest": QT_TRANSLATE_NOOP(
        "CoreText",
        "the fastest, {gpus} × {gpu}, needs {hours:,.1f} h and finishes {late:,.1f} h late",
    ),
    "goal.nothing_fits": QT_TRANSLATE_NOOP(
        "CoreText", "no layout of any offer holds this training run in memory"
    ),
}

TRAFFIC_WORDS: dict[str, tuple[str, ...]] = {
    # What stops a replica from taking more requests at once (core.planning.traffic.search)
    "constraint": (
        QT_TRANSLATE_NOOP("CoreText", "memory"),
        QT_TRANSLATE_NOOP("CoreText", "time to first token"),
        QT_TRANSLATE_NOOP("CoreText", "time per output token"),
        QT_TRANSLATE_NOOP("CoreText", "rate"),
        QT_TRANSLATE_NOOP("CoreText", "max_num_seqs"),
    ),
}
