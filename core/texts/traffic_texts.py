"""The English templates of the traffic profile, the training goal and their search.

Keyed like :mod:`core.texts.message_texts`; :mod:`core.texts.messages` gathers them.
"""

from __future__ import annotations

TRAFFIC_TEMPLATES: dict[str, str] = {
    # The profile and the goal (core.domain.traffic_profile)
    "traffic.p90_below_mean": "the 90th percentile ({p90}) is below the mean ({mean})",
    "traffic.ttft_p90_below_p50": (
        "the p90 time to first token ({p90:g} s) is below the p50 ({p50:g} s)"
    ),
    "traffic.no_rate": "give a request rate (average or peak) or the tokens per day",
    "traffic.rate_twice": "give either an average request rate or the tokens per day, not both",
    "traffic.peak_below_average": (
        "the peak rate ({peak:g}) is below the average rate ({average:g})"
    ),
    "traffic.deadline_needs_zone": (
        "the deadline needs a time zone, e.g. 2026-12-11T18:00:00+00:00"
    ),
    "traffic.deadline_past": "the deadline {deadline} is not after the start of the run, {start}",
    "traffic.no_goal": "give the deadline the training run must finish by",
    "traffic.not_an_object": "a traffic profile must be a JSON object",
    "traffic.needs_inference": (
        "a traffic profile plans serving: the request's workload is {workload}"
    ),
    "traffic.needs_training": (
        "a deadline plans a training run: the request's workload is {workload}"
    ),
    # Why a layout cannot carry the traffic
    "traffic.reason_ttft": (
        "time to first token {value:.3g} s even alone, over the target of {target:.3g} s"
    ),
    "traffic.reason_tpot": (
        "time per output token {value:.3g} s even alone, over the target of {target:.3g} s"
    ),
    "traffic.reason_rate": (
        "needs {need} GPUs for {rate:.3g} requests/s, the offer has at most {has}"
    ),
    "traffic.binds": "limited by {constraint}",
    "traffic.point_tpot": (
        "at {concurrency} requests at once the time per output token is {value:.3g} s, over the "
        "target of {target:.3g} s"
    ),
    "traffic.point_ttft": (
        "at {concurrency} requests at once the time to first token is {value:.3g} s, over the "
        "target of {target:.3g} s"
    ),
    # When nothing meets the profile: the field to change and the best the catalog does
    "traffic.unreachable_ttft": (
        "no option meets a time to first token of {target:.3g} s; the best is {best:.3g} s "
        "({gpus} × {gpu})"
    ),
    "traffic.unreachable_tpot": (
        "no option meets a time per output token of {target:.3g} s; the best is {best:.3g} s "
        "({gpus} × {gpu})"
    ),
    "traffic.unreachable_rate": (
        "no offer has the GPUs for {rate:.3g} requests/s at this latency; the most is "
        "{best:.3g} requests/s ({gpus} × {gpu})"
    ),
    "traffic.unreachable_memory": (
        "no layout of any offer holds the model with {tokens} tokens of context"
    ),
    # What the figures rest on
    "traffic.roofline": (
        "speeds are roofline bounds (the full memory bandwidth, {mfu:.0%} of the peak compute): "
        "real engines are slower, by an amount not yet calibrated, so the band is unknown"
    ),
    "traffic.speed_model": ("speeds from the calibrated step model, within ×{band:.2f} either way"),
    # The training goal's answer
    "goal.meets": (
        "{gpus} × {gpu} trains {tokens:,} tokens in {hours:,.1f} h, {spare:,.1f} h before the "
        "deadline; a term of {count} × {unit} covers it for {cost!d} {currency}"
    ),
    "goal.late": (
        "no option finishes by the deadline; the cheapest, {gpus} × {gpu}, needs {hours:,.1f} h "
        "and finishes {late:,.1f} h late"
    ),
    "goal.fastest": (
        "the fastest, {gpus} × {gpu}, needs {hours:,.1f} h and finishes {late:,.1f} h late"
    ),
    "goal.nothing_fits": "no layout of any offer holds this training run in memory",
}
