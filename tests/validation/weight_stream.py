"""The share of the memory bandwidth a decode step's GEMMs stream their weights at.

From ``weight_stream.csv`` (see ``make_weight_stream.py``): each timing's weights' bytes ÷ its time
÷ the GPU's bandwidth in the catalog. :data:`core.speed.hardware.WEIGHT_STREAM_SHARE` is the median
over every timing, on the serving fit's grid (steps of 0.05).

``python -m tests.validation.weight_stream`` prints the median per GPU and format, and overall.
"""

from __future__ import annotations

import csv
import statistics
import sys
from collections import defaultdict
from pathlib import Path

from core.domain.catalog import default_catalog

TABLE = Path(__file__).with_name("weight_stream.csv")
GPU_IDS = {"h100_sxm": "h100-80gb-sxm", "h200_sxm": "h200-141gb", "b200_sxm": "b200-180gb"}
BYTES = {"bfloat16": 2.0, "fp8": 1.0}


def shares() -> dict[tuple[str, str], list[float]]:
    """Per (GPU, format): every timing's achieved share of the GPU's bandwidth."""
    catalog = default_catalog()
    out: dict[tuple[str, str], list[float]] = defaultdict(list)
    with TABLE.open(encoding="utf-8") as f:
        for r in csv.DictReader(f):
            gpu = GPU_IDS[r["gpu"]]
            bandwidth = catalog.gpu(gpu).memory_bandwidth_gbps * 1e9
            weights = int(r["n"]) * int(r["k"]) * BYTES[r["format"]]
            out[(gpu, r["format"])].append(weights / (float(r["ms"]) * 1e-3) / bandwidth)
    return dict(out)


def median_share() -> tuple[float, int]:
    """The median share over every timing, and their count."""
    values = [v for vs in shares().values() for v in vs]
    return statistics.median(values), len(values)


def main() -> int:
    for (gpu, fmt), values in sorted(shares().items()):
        print(f"{gpu:16} {fmt:9} median share {statistics.median(values):.3f} over {len(values)}")
    share, n = median_share()
    print(f"all: median {share:.3f} over {n} timings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
