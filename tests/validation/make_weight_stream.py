"""Dev-only: copy the decode-sized GEMM timings the weights' bandwidth share rests on.

Same source and setup as ``make_moe_routes.py`` (NVIDIA's AIConfigurator silicon data at
095f58a51c4ca8e61b66ec108d86f223f8d559ce; pandas and pyarrow in a throwaway venv)::

    /tmp/aic-venv/bin/python tests/validation/make_weight_stream.py /path/to/aiconfigurator

It writes ``tests/validation/weight_stream.csv``: TensorRT-LLM 1.3.0rc10's bf16 and FP8 GEMMs on
H100, H200 and B200 at 1, 4, 8 and 16 rows (the rows a decode step multiplies) over weights of
4,096-65,536 by 4,096-65,536 elements (a layer's projections), the fastest kernel's time each.
:mod:`tests.validation.weight_stream` reads it; neither the suite nor CI needs pandas.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import pandas as pd  # type: ignore[import-untyped]  # dev-only, not a project dependency

DATA = Path("aic-core/src/aiconfigurator_core/systems/data")
GPUS = ("h100_sxm", "h200_sxm", "b200_sxm")
OUT = Path(__file__).with_name("weight_stream.csv")


def main(repo: str) -> int:
    out = []
    for gpu in GPUS:
        table = pd.read_parquet(Path(repo) / DATA / gpu / "gemm/trtllm/1.3.0rc10/gemm_perf.parquet")
        table = table[
            table.gemm_dtype.isin(("bfloat16", "fp8"))
            & table.m.isin((1, 4, 8, 16))
            & table.n.between(4096, 65536)
            & table.k.between(4096, 65536)
        ]
        fastest = table.groupby(["gemm_dtype", "m", "n", "k"]).latency.min().reset_index()
        for r in fastest.itertuples():
            out.append(
                {
                    "gpu": gpu,
                    "format": r.gemm_dtype,
                    "m": int(r.m),
                    "n": int(r.n),
                    "k": int(r.k),
                    "ms": f"{float(r.latency):.6f}",
                }
            )
    with OUT.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(out[0]))
        writer.writeheader()
        writer.writerows(out)
    print(f"{len(out)} timings -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
