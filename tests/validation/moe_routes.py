"""The fused-MoE route time from kernel timings (``moe_routes.csv``, see ``make_moe_routes.py``).

Per cell (a GPU, a format and an expert shape), the layer's time per added token between 8,192
and 16,384 tokens, less its GEMMs' FLOPs (``6·hidden·inter`` per route) at that GPU's measured
dense GEMM rate in that format, divided by the routes per token (``topk``): what one route costs
beyond its multiplies. :data:`core.speed.hardware.EXPERT_ROUTE_S` is the median over the FP8 and
NVFP4 cells of small and mid-sized experts (hidden ≤ 4096, intermediate ≤ 2048), where that time is
a visible part of the layer; for larger experts it drowns in the GEMMs and the difference of two
timings says nothing (it even turns negative).

``python -m tests.validation.moe_routes`` prints every cell and the summary.
"""

from __future__ import annotations

import csv
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

TABLE = Path(__file__).with_name("moe_routes.csv")
SOURCE = (
    "ai-dynamo/aiconfigurator @ 095f58a51c4ca8e61b66ec108d86f223f8d559ce,"
    " aic-core/src/aiconfigurator_core/systems/data/<gpu>/{moe,gemm}/trtllm/1.3.0rc10/"
)


@dataclass(frozen=True)
class Cell:
    gpu: str
    fmt: str
    hidden: int
    inter: int
    topk: int
    experts: int
    ms_8192: float
    ms_16384: float
    dense_tflops: float

    @property
    def route_ns(self) -> float:
        """One route's time beyond its GEMMs' FLOPs at the dense rate, nanoseconds."""
        per_token = (self.ms_16384 - self.ms_8192) * 1e-3 / 8192
        gemm = self.topk * 6.0 * self.hidden * self.inter / (self.dense_tflops * 1e12)
        return (per_token - gemm) / self.topk * 1e9

    @property
    def in_fit(self) -> bool:
        """Whether the cell enters the median: FP8 or NVFP4, small or mid-sized experts."""
        return self.fmt in ("fp8", "nvfp4") and self.hidden <= 4096 and self.inter <= 2048


def cells() -> list[Cell]:
    with TABLE.open(encoding="utf-8") as f:
        return [
            Cell(
                r["gpu"],
                r["format"],
                int(r["hidden"]),
                int(r["inter"]),
                int(r["topk"]),
                int(r["experts"]),
                float(r["ms_8192"]),
                float(r["ms_16384"]),
                float(r["dense_tflops"]),
            )
            for r in csv.DictReader(f)
        ]


def route_ns() -> tuple[float, float, float, int]:
    """Median, lower and upper quartile of the fitted cells' route time (ns), and their count."""
    values = sorted(c.route_ns for c in cells() if c.in_fit)
    q1, median, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return median, q1, q3, len(values)


def main() -> int:
    for c in cells():
        mark = "*" if c.in_fit else " "
        print(
            f"{mark} {c.gpu:20} {c.fmt:9} {c.hidden:5}x{c.inter:<5} k{c.topk:<2} E{c.experts:<4}"
            f" {c.route_ns:8.1f} ns"
        )
    median, q1, q3, n = route_ns()
    print(f"route time: median {median:.2f} ns, quartiles {q1:.2f}-{q3:.2f} ns over {n} cells")
    return 0


if __name__ == "__main__":
    sys.exit(main())
