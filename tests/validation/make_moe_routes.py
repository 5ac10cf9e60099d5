"""Dev-only: copy the fused-MoE and dense GEMM kernel timings the step model's route time rests on.

The source is NVIDIA's AIConfigurator silicon data (kernel timings its collectors measured on each
GPU, one Parquet table per operation, engine and version)::

    git clone https://github.com/ai-dynamo/aiconfigurator && cd aiconfigurator
    git checkout 095f58a51c4ca8e61b66ec108d86f223f8d559ce
    python3.11 -m venv /tmp/aic-venv && /tmp/aic-venv/bin/pip install pandas pyarrow
    /tmp/aic-venv/bin/python /path/to/tests/validation/make_moe_routes.py .

It writes ``tests/validation/moe_routes.csv``: for every GPU with TensorRT-LLM 1.3.0rc10 tables,
every FP8/NVFP4/bf16 expert shape measured at 8,192 and 16,384 tokens (CUTLASS fused MoE, balanced
routing, no tensor or expert parallelism), the two layer times and the same GPU's dense GEMM rate in
that format (8192³, the fastest kernel the table lists). :mod:`tests.validation.moe_routes`
reads it; neither the suite nor CI needs pandas.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import pandas as pd  # type: ignore[import-untyped]  # dev-only, not a project dependency

DATA = Path("aic-core/src/aiconfigurator_core/systems/data")
VERSION = "1.3.0rc10"
GPUS = ("h100_sxm", "h200_sxm", "b200_sxm", "b300_sxm", "rtx_pro_6000_server")
FORMATS = ("bfloat16", "fp8", "nvfp4")
OUT = Path(__file__).with_name("moe_routes.csv")


def _dense_rates(gpu_dir: Path) -> dict[str, float]:
    table = pd.read_parquet(gpu_dir / "gemm" / "trtllm" / VERSION / "gemm_perf.parquet")
    cube = table[(table.m == 8192) & (table.n == 8192) & (table.k == 8192)]
    return {
        str(fmt): 2 * 8192**3 / (float(rows.latency.min()) * 1e-3)
        for fmt, rows in cube.groupby("gemm_dtype")
    }


def main(repo: str) -> int:
    rows = []
    for gpu in GPUS:
        gpu_dir = Path(repo) / DATA / gpu
        dense = _dense_rates(gpu_dir)
        table = pd.read_parquet(gpu_dir / "moe" / "trtllm" / VERSION / "moe_perf.parquet")
        table = table[
            (table.moe_tp_size == 1)
            & (table.moe_ep_size == 1)
            & (table.distribution == "balanced")
            & (table.kernel_source == "moe_torch_flow_cutlass")
            & (table.moe_dtype.isin(FORMATS))
        ]
        keys = ["moe_dtype", "hidden_size", "inter_size", "topk", "num_experts"]
        for (fmt, hidden, inter, topk, experts), cell in table.groupby(keys):
            times = cell.groupby("num_tokens").latency.min()
            if 8192 not in times.index or 16384 not in times.index or fmt not in dense:
                continue
            rows.append(
                {
                    "gpu": gpu,
                    "format": fmt,
                    "hidden": int(hidden),
                    "inter": int(inter),
                    "topk": int(topk),
                    "experts": int(experts),
                    "ms_8192": f"{float(times[8192]):.6f}",
                    "ms_16384": f"{float(times[16384]):.6f}",
                    "dense_tflops": f"{dense[fmt] / 1e12:.1f}",
                }
            )
    with OUT.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    print(f"{len(rows)} cells -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
