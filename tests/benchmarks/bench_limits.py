"""Limits speed: every limit of a request on every offer of the catalog, and on every plan option.

Baseline, measured in the same process: reading and validating the bundled catalog file (as in
``bench_estimate``), so the ratios compare like with like on any machine.
Target (wall time on the development machine): every limit on every offer of the catalog under
50 ms median, per request.

Each figure counts the estimates run (one per offer or layout, the limits' starting point) and
the sizes the limits' searches asked the memory of (:attr:`core.planning.limits.Limits.probes`;
across plan options some are answered from the evaluations they share). The plan
figures time :func:`core.planning.planner.plan` as ``plan --json`` uses it (every option's limits
solved) and as ``plan`` prints it (the limits of the options shown, solved when read), beside the
plan without limits.
"""

from __future__ import annotations

from typing import Any

from core.app.cli.plan_cmd import format_plan
from core.domain.catalog import bundled_catalog_path, default_catalog, load_catalog_file
from core.domain.request import PlanRequest
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate_on, resolve
from core.planning.limits import SharedLimits, solve_limits
from core.planning.planner import _with_layout, layouts, plan, plan_to_json
from tests.benchmarks.timing import median_ms, report

REQUESTS = {
    "inference llama-3.1-70b": {
        "workload": "inference",
        "model": {"preset": "llama-3.1-70b"},
        "inference": {"context_tokens": 8192, "concurrent_sequences": 8},
        "parallelism": {"strategy": "tensor", "gpus": 4},
    },
    "inference llama-3.1-8b": {"workload": "inference", "model": {"preset": "llama-3.1-8b"}},
    "training llama-3.1-8b": {
        "workload": "training",
        "model": {"preset": "llama-3.1-8b"},
        "training": {"method": "lora"},
    },
    "diffusion sdxl": {"workload": "diffusion", "model": {"preset": "sdxl"}},
}


def every_offer(request: PlanRequest, model: Any) -> tuple[int, int]:
    """Solve every limit on every offer at the request's layout: (estimates, memory probes)."""
    estimates = probes = 0
    for gpu in default_catalog().gpus:
        if request.parallelism.gpus > gpu.max_gpus:
            continue
        base = estimate_on(request.model_copy(update={"gpu": gpu.id}), model, gpu)
        estimates += 1
        probes += solve_limits(base, model).probes
    return estimates, probes


def every_option(request: PlanRequest, model: Any) -> tuple[int, int]:
    """Solve every limit of every layout the planner considers, sharing memory evaluations
    between layouts as the planner does (:class:`core.planning.limits.SharedLimits`): (estimates,
    probes).
    """
    estimates = probes = 0
    shared = SharedLimits(model)
    for gpu in default_catalog().gpus:
        for strategy, count, tp in layouts(request, gpu):
            variant = _with_layout(request, gpu, strategy, count, tp)
            estimates += 1
            probes += shared.solve(estimate_on(variant, model, gpu)).probes
    return estimates, probes


def _counts(counted: tuple[int, int]) -> str:
    return f"({counted[0]} est. + {counted[1]} probes)"


def main() -> int:
    baseline = median_ms(lambda: load_catalog_file(bundled_catalog_path()), runs=50)
    print(f"  baseline: load and validate the catalog {baseline:.3f} ms")
    ok = True
    catalog = default_catalog()
    for name, raw in REQUESTS.items():
        request = parse_request(raw)
        model = resolve(request)
        ok &= report(
            f"{name}: all offers {_counts(every_offer(request, model))}",
            median_ms(lambda r=request, m=model: every_offer(r, m), runs=20),
            baseline,
            target_ms=50,
        )
        report(
            f"{name}: all plan options {_counts(every_option(request, model))}",
            median_ms(lambda r=request, m=model: every_option(r, m), runs=10),
            baseline,
        )
        planned = {
            "plan, no limits": lambda r=request, m=model: plan(r, catalog, model=m),
            "plan, limits shown": lambda r=request, m=model: format_plan(
                plan(r, catalog, model=m, with_limits=True)
            ),
            "plan, every limit": lambda r=request, m=model: plan_to_json(
                plan(r, catalog, model=m, with_limits=True)
            ),
        }
        for label, run in planned.items():
            report(f"{name}: {label}", median_ms(run, runs=10), baseline)
    return 0 if ok else 1
