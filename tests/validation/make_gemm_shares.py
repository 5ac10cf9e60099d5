"""Dev-only: copy the prefill-sized GEMM timings each GPU's matmul share rests on.

Same source and setup as ``make_moe_routes.py`` (NVIDIA's AIConfigurator silicon data at
095f58a51c4ca8e61b66ec108d86f223f8d559ce; pandas and pyarrow in a throwaway venv)::

    /tmp/aic-venv/bin/python tests/validation/make_gemm_shares.py /path/to/aiconfigurator

It writes ``tests/validation/gemm_shares.csv``: TensorRT-LLM's bf16, FP8 (per-tensor) and NVFP4
GEMMs at 4,096 and 8,192 rows (a prefill step's tokens) over weights of 4,096-65,536 by
4,096-65,536 elements, the fastest kernel's time each, on every GPU of the catalog the data
covers: 1.3.0rc10's tables, else the nearest one the data has (A100: 1.0.0, which its 1.3.0rc15
table reuses; L40S: 1.3.0rc15).
:mod:`tests.validation.gemm_shares` reads it; neither the suite nor CI needs pandas.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import pandas as pd  # type: ignore[import-untyped]  # dev-only, not a project dependency

DATA = Path("aic-core/src/aiconfigurator_core/systems/data")
VERSIONS = {
    "a100_sxm": "1.0.0",
    "h100_sxm": "1.3.0rc10",
    "h200_sxm": "1.3.0rc10",
    "b200_sxm": "1.3.0rc10",
    "b300_sxm": "1.3.0rc10",
    "l40s": "1.3.0rc15",
    "rtx_pro_6000_server": "1.3.0rc10",
}
OUT = Path(__file__).with_name("gemm_shares.csv")


def main(repo: str) -> int:
    out = []
    for gpu, version in VERSIONS.items():
        path = Path(repo) / DATA / gpu / f"gemm/trtllm/{version}/gemm_perf.parquet"
        table = pd.read_parquet(path)
        table = table[
            table.gemm_dtype.isin(("bfloat16", "fp8", "nvfp4"))
            & table.m.isin((4096, 8192))
            & table.n.between(4096, 65536)
            & table.k.between(4096, 65536)
        ]
        fastest = table.groupby(["gemm_dtype", "m", "n", "k"]).latency.min().reset_index()
        for r in fastest.itertuples():
            out.append(
                {
                    "gpu": gpu,
                    "version": version,
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
