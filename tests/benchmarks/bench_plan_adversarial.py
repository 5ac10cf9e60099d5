"""``plan`` on the hardest requests: largest models, the smallest GPU pinned, longest contexts.

When nothing fits, the planner searches request changes that would make something fit; before
that search was bounded, one such request took 1.4 s and a huge custom model 121 s. Here every
workload (inference, training, diffusion) runs with the largest presets and a custom model at the
request's limits, pinned to the smallest GPU and not pinned, at the longest context. Reported:
the slowest and the median request (median of repeated runs each).

Baseline, measured in the same process: reading and validating the bundled catalog file, as in
``bench_estimate``. Target (wall time on the development machine): every plan under 50 ms.
"""

from __future__ import annotations

import statistics
from typing import Any

from core.domain.catalog import bundled_catalog_path, default_catalog, load_catalog_file
from core.domain.request import PlanRequest
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import resolve
from core.planning.planner import plan
from tests.benchmarks.timing import median_ms, report

TARGET_MS = 50.0
SMALLEST_GPU = "l4"  # 24 GB and the lowest bandwidth of the catalog
HUGE_CUSTOM = {  # every field at the request's upper limit
    "params": 10**14,
    "layers": 1000,
    "hidden_size": 1_000_000,
    "attention_heads": 10_000,
    "kv_heads": 10_000,
    "intermediate_size": 10_000_000,
    "vocab_size": 10_000_000,
}
LLMS: list[dict[str, Any]] = [
    {"preset": "llama-3.1-405b"},
    {"preset": "deepseek-v3"},
    {"custom": HUGE_CUSTOM},
]
SIZES = {
    "inference": {
        "inference": {
            "context_tokens": 10_000_000,
            "concurrent_sequences": 100_000,
            "output_tokens": 10_000_000,
        }
    },
    "inference 131k": {"inference": {"context_tokens": 131_072, "concurrent_sequences": 1}},
    "training": {"training": {"sequence_length": 10_000_000, "micro_batch_size": 100_000}},
    "training 131k": {"training": {"sequence_length": 131_072}},
}


def requests() -> dict[str, PlanRequest]:
    """The adversarial requests by name."""
    found: dict[str, dict[str, Any]] = {}
    for model in LLMS:
        label = model.get("preset") or "custom at the limits"
        for size, extra in SIZES.items():
            workload = size.split()[0]
            for gpu in (SMALLEST_GPU, None):
                raw = {"workload": workload, "model": model, **extra, "gpu": gpu}
                found[f"{size} {label} on {gpu or 'any GPU'}"] = raw
    for gpu in (SMALLEST_GPU, None):
        found[f"diffusion flux.1-dev 16k × 16k on {gpu or 'any GPU'}"] = {
            "workload": "diffusion",
            "model": {"preset": "flux.1-dev"},
            "diffusion": {"width": 16_384, "height": 16_384, "batch_size": 1024},
            "gpu": gpu,
        }
    return {name: parse_request(raw) for name, raw in found.items()}


def main() -> int:
    baseline = median_ms(lambda: load_catalog_file(bundled_catalog_path()), runs=50)
    print(f"  baseline: load and validate the catalog {baseline:.3f} ms")
    catalog = default_catalog()
    times: dict[str, float] = {}
    for name, request in requests().items():
        model = resolve(request)
        times[name] = median_ms(
            lambda r=request, m=model: plan(r, catalog, model=m), runs=5, warmup=1
        )
    slowest = max(times, key=times.__getitem__)
    print(f"  {len(times)} requests; slowest: {slowest}")
    ok = report("adversarial plan: slowest", times[slowest], baseline, target_ms=TARGET_MS)
    ok &= report("adversarial plan: median", statistics.median(times.values()), baseline)
    return 0 if ok else 1
