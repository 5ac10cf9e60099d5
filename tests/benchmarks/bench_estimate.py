"""Estimate speed: one request, and the whole catalog × GPU counts 1-8 × strategies.

Baseline, measured in the same process: reading and validating the bundled catalog file (a fixed
amount of JSON parsing and pydantic validation), so the ratios compare like with like on any
machine.
Targets (wall time on the development machine): the sweep under 20 ms median, `plan` under 50 ms,
for a dense model, a mixture of experts (whose plan adds expert-parallel layouts) and training.
The sweep is also timed with nothing remembered from its previous run (no target).
"""

from __future__ import annotations

from core.domain.catalog import bundled_catalog_path, default_catalog, load_catalog_file
from core.domain.request import PlanRequest
from core.domain.request_parsing import parse_request
from core.estimate import memo as estimate_memo
from core.estimate.dispatch import estimate_on, resolve
from core.planning.planner import _with_layout, plan
from tests.benchmarks.timing import median_ms, report

REQUESTS = {
    "inference llama-3.1-70b": {
        "workload": "inference",
        "model": {"preset": "llama-3.1-70b"},
        "inference": {"context_tokens": 8192, "concurrent_sequences": 8},
    },
    # A mixture of experts on vLLM: plan also lays out expert parallelism (core.planning.planner).
    "inference qwen3-30b-a3b": {
        "workload": "inference",
        "model": {"preset": "qwen3-30b-a3b"},
        "inference": {"context_tokens": 8192, "concurrent_sequences": 8},
    },
    "training llama-3.1-8b": {"workload": "training", "model": {"preset": "llama-3.1-8b"}},
}
STRATEGIES = ("single", "tensor", "ddp", "fsdp")


def sweep(request: PlanRequest, model: object) -> int:
    """Estimate every offer × 1-8 GPUs × strategy; return how many estimates ran."""
    catalog = default_catalog()
    done = 0
    for gpu in catalog.gpus:
        for gpus in range(1, 9):
            for strategy in STRATEGIES:
                if (strategy == "single") != (gpus == 1) or gpus > gpu.max_gpus:
                    continue
                if strategy == "tensor" and gpus > gpu.gpus_per_node:
                    continue
                variant = _with_layout(request, gpu, strategy, gpus, gpus)
                estimate_on(variant, model, gpu)
                done += 1
    return done


def bench_request(name: str, request: PlanRequest, baseline: float) -> bool:
    """Report one estimate, the sweep and the plan for ``request``; return whether targets hold."""
    model = resolve(request)
    gpu = default_catalog().gpus[0]
    single = request.model_copy(update={"gpu": gpu.id})
    report(f"{name}: one estimate", median_ms(lambda: estimate_on(single, model, gpu)), baseline)
    count = sweep(request, model)
    ok = report(
        f"{name}: sweep ({count} estimates)",
        median_ms(lambda: sweep(request, model)),
        baseline,
        target_ms=20,
    )
    # The sweep above repeats one request, whose layout-free parts stay remembered
    # (core.estimate.memo); a new request starts with none, as this one does.
    report(
        f"{name}: sweep, nothing remembered",
        median_ms(lambda: (estimate_memo.forget(), sweep(request, model))),
        baseline,
    )
    return ok & report(
        f"{name}: plan (ranked, priced)",
        median_ms(lambda: plan(request, model=model), runs=20),
        baseline,
        target_ms=50,
    )


def main() -> int:
    baseline = median_ms(lambda: load_catalog_file(bundled_catalog_path()), runs=50)
    print(f"  baseline: load and validate the catalog {baseline:.3f} ms")
    ok = True
    for name, raw in REQUESTS.items():
        ok &= bench_request(name, parse_request(raw), baseline)
    return 0 if ok else 1
