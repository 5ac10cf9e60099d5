"""Small timing helpers shared by the benchmarks (medians of repeated runs, in milliseconds)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_ms(func: Callable[[], object], runs: int = 30, warmup: int = 3) -> float:
    """Median wall time of ``func`` in milliseconds over ``runs`` runs after ``warmup`` runs."""
    for _ in range(warmup):
        func()
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def report(name: str, value_ms: float, baseline_ms: float, target_ms: float | None = None) -> bool:
    """Print one figure with its ratio to the baseline; return whether it meets the target."""
    ratio = value_ms / baseline_ms if baseline_ms else float("inf")
    verdict = ""
    ok = True
    if target_ms is not None:
        ok = value_ms <= target_ms
        verdict = f"  target ≤ {target_ms:g} ms: {'PASS' if ok else 'FAIL'}"
    print(f"  {name:<44}{value_ms:9.3f} ms  = {ratio:7.1f} × baseline{verdict}")
    return ok
