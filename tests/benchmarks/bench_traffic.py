"""``plan --traffic``: the cheapest layout and replica count for a traffic profile, whole catalog.

For each model below, the profile of the issue (300 requests a minute at peak, ~2,000 tokens in
and ~400 out, first token within a second at p90, 30 tokens/s per user, one spare replica) is
planned over every offer and tensor-parallel degree of the bundled catalog. Reported: the median
of repeated plans per model (the model resolved once, as the app and ``plan`` do), the median over
the models, the first (cold) plan of each, the plan with every option's operating point solved
(a plan solves an option's point when it is first read), and re-sizing for doubled traffic
("what if traffic doubles", which reuses the layouts' capacities).

Baseline, measured in the same process: reading and validating the bundled catalog file, as in
``bench_estimate``. Target (wall time on the development machine): the median plan under 100 ms.
"""

from __future__ import annotations

import statistics
import time

from core.domain.catalog import bundled_catalog_path, default_catalog, load_catalog_file
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import resolve
from core.planning.traffic import TrafficProfile, plan_traffic, what_if
from core.planning.traffic.capacity import serving_request
from tests.benchmarks.timing import median_ms, report

TARGET_MS = 100.0
PROFILE = {
    "rate_unit": "minute",
    "average_per_unit": 200,
    "peak_per_unit": 300,
    "input_tokens": {"mean": 2000, "p90": 3000},
    "output_tokens": {"mean": 400, "p90": 800},
    "latency": {"ttft_p90_s": 1.0, "tokens_per_s_per_user": 30},
    "spare": {"replicas": 1},
}
MODELS = ("llama-3.1-8b", "llama-3.1-70b", "qwen3-30b-a3b", "deepseek-v3")


def main() -> int:
    baseline = median_ms(lambda: load_catalog_file(bundled_catalog_path()), runs=50)
    print(f"  baseline: load and validate the catalog {baseline:.3f} ms")
    catalog = default_catalog()
    profile = TrafficProfile.model_validate(PROFILE)
    medians: dict[str, float] = {}
    ok = True
    for preset in MODELS:
        request = parse_request({"model": {"preset": preset}})
        start = time.perf_counter()
        model = resolve(serving_request(request, profile))
        first = plan_traffic(request, profile, catalog, model=model)
        cold = (time.perf_counter() - start) * 1000
        medians[preset] = median_ms(
            lambda r=request, m=model: plan_traffic(r, profile, catalog, model=m), runs=9, warmup=1
        )
        report(f"traffic plan {preset}: first (cold)", cold, baseline)
        report(f"traffic plan {preset}: median", medians[preset], baseline)

        def solved(r=request, m=model) -> None:
            for option in plan_traffic(r, profile, catalog, model=m).options:
                _ = option.point  # every operating point, as plan --json prints them

        report(f"traffic plan {preset}, every point: median", median_ms(solved, runs=5), baseline)
        report(
            f"traffic doubles {preset}: median",
            median_ms(lambda p=first: what_if(p, 2.0, catalog), runs=9, warmup=1),
            baseline,
        )
    ok &= report(
        "traffic plan: median over the models",
        statistics.median(medians.values()),
        baseline,
        target_ms=TARGET_MS,
    )
    return 0 if ok else 1
