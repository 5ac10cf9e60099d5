"""The share of each GPU's data-sheet peak its prefill-sized GEMMs reach, by format.

From ``gemm_shares.csv`` (see ``make_gemm_shares.py``): each timing's FLOPs (2·m·n·k) ÷ its time ÷
the peak the catalog gives that GPU for the format (bf16, FP8, FP4). The median per GPU and format,
rounded to 0.01, is :data:`core.speed.hardware.GEMM_SHARE`.

``python -m tests.validation.gemm_shares`` prints the medians.
"""

from __future__ import annotations

import csv
import statistics
import sys
from collections import defaultdict
from pathlib import Path

from core.domain.catalog import default_catalog

TABLE = Path(__file__).with_name("gemm_shares.csv")
GPU_IDS = {
    "a100_sxm": "a100-80gb",
    "h100_sxm": "h100-80gb-sxm",
    "h200_sxm": "h200-141gb",
    "b200_sxm": "b200-180gb",
    "b300_sxm": "b300-288gb",
    "l40s": "l40s",
    "rtx_pro_6000_server": "rtx-pro-6000-server",
}
FORMATS = {"bfloat16": "bf16", "fp8": "fp8", "nvfp4": "nvfp4"}


def shares() -> dict[tuple[str, str], list[float]]:
    """Per (catalog GPU id, format): every timing's achieved share of the format's peak."""
    catalog = default_catalog()
    out: dict[tuple[str, str], list[float]] = defaultdict(list)
    with TABLE.open(encoding="utf-8") as f:
        for r in csv.DictReader(f):
            gpu = catalog.gpu(GPU_IDS[r["gpu"]])
            fmt = FORMATS[r["format"]]
            peak = {"bf16": gpu.bf16_tflops, "fp8": gpu.fp8_tflops, "nvfp4": gpu.fp4_tflops}[fmt]
            assert peak, (gpu.id, fmt)
            flops = 2.0 * int(r["m"]) * int(r["n"]) * int(r["k"])
            out[(gpu.id, fmt)].append(flops / (float(r["ms"]) * 1e-3) / (float(peak) * 1e12))
    return dict(out)


def median_shares() -> dict[tuple[str, str], float]:
    """The median share per GPU and format, rounded to 0.01."""
    return {key: round(statistics.median(values), 2) for key, values in shares().items()}


def main() -> int:
    for (gpu, fmt), values in sorted(shares().items()):
        q1, median, q3 = statistics.quantiles(values, n=4)
        print(
            f"{gpu:20} {fmt:6} median {median:.3f} (quartiles {q1:.3f}-{q3:.3f}) of {len(values)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
