"""Dev-only: select the serving measurements of ``silicon_points.csv`` from their published dump.

The source is the end-to-end serving sample NVIDIA publishes with AIConfigurator
(``aic-core/src/aiconfigurator_core/systems/silicon_sample.csv`` at
095f58a51c4ca8e61b66ec108d86f223f8d559ce; its design notes call it "real e2e measurements with
provenance", a dump of their benchmark database): one row per deployment and concurrency, with
the model, GPU, engine and version, the weights' quantization, the lengths, the parallel layout
and the mean time to first token and time per output token a load generator measured::

    /tmp/aic-venv/bin/python tests/validation/make_silicon_points.py /path/to/aiconfigurator

The selection is a rule fixed before the planner was run on any of them:

- aggregated serving (one engine does prefill and decode) on a GPU the catalog offers (H100 SXM,
  H200, B200, B300), without pipeline parallelism or attention data parallelism, with
  experts either all tensor-parallel or all expert-parallel, weights in bf16, FP8 (per tensor or
  block-scaled) or 4-bit floating point, and a model the planner has a preset for;
- per model, GPU, engine and weight format: the deployment measured at the most concurrencies
  (ties: the lowest version, then the shortest lengths), and of it the lowest, the middle and the
  highest concurrency; repeated runs at one concurrency give their median.

The split, fixed with the selection: ``calibration`` is vLLM and SGLang on H100 and H200 serving
the dense models (Llama 3.1 8B and 70B, Qwen3-32B), the engines' own profiles being fitted there;
everything else (TensorRT-LLM, every B200 and B300 row, every mixture of experts) is
``validation``.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import pandas as pd  # type: ignore[import-untyped]  # dev-only, not a project dependency

SAMPLE = Path("aic-core/src/aiconfigurator_core/systems/silicon_sample.csv")
OUT = Path(__file__).with_name("silicon_points.csv")
GPUS = {
    "h100_sxm": "h100-80gb-sxm",
    "h200_sxm": "h200-141gb",
    "b200_sxm": "b200-180gb",
    "b300_sxm": "b300-288gb",
}
MODELS = {
    "meta-llama/Llama-3.1-8B-Instruct": "llama-3.1-8b",
    "nvidia/Llama-3.1-8B-Instruct-FP8": "llama-3.1-8b",
    "meta-llama/Llama-3.1-70B": "llama-3.1-70b",
    "Qwen/Qwen3-32B": "qwen3-32b",
    "nvidia/Qwen3-32B-NVFP4": "qwen3-32b",
    "openai/gpt-oss-120b": "gpt-oss-120b",
    "Qwen/Qwen3-235B-A22B-FP8": "qwen3-235b-a22b",
    "deepseek-ai/DeepSeek-R1": "deepseek-v3",
    "deepseek-ai/DeepSeek-V3": "deepseek-v3",
    "nvidia/DeepSeek-R1-NVFP4": "deepseek-v3",
    "nvidia/DeepSeek-V3.1-NVFP4": "deepseek-v3",
    "MiniMaxAI/MiniMax-M2.5": "minimax-m2.5",
    "moonshotai/Kimi-K2.5": "kimi-k2.5",
    "zhipuai/GLM-5": "glm-5",
    "Qwen/Qwen3.5-397B-A17B": "qwen3.5-397b-a17b",
}
DENSE = {"llama-3.1-8b", "llama-3.1-70b", "qwen3-32b"}


def _format(row: pd.Series) -> str | None:
    gemm = row.gemm_quant_mode if isinstance(row.gemm_quant_mode, str) else "bf16"
    if row.model == "gpt-oss-120b":
        return "mxfp4"  # the checkpoint's own MXFP4 experts, whatever the table's label
    return {"bf16": "bf16", "fp8": "fp8", "fp8_block": "fp8-block", "nvfp4": "nvfp4"}.get(gemm)


def main(repo: str) -> int:
    table = pd.read_csv(Path(repo) / SAMPLE)
    table = table[
        (table["mode"] == "agg") & table.system.isin(GPUS) & table.model_path.isin(MODELS)
    ]
    table = table.assign(
        gpu=table.system.map(GPUS),
        model=table.model_path.map(MODELS),
        concurrency=table.silicon_data_source.str.extract(r"silicon_concurrency=(\d+)")[0],
        moe_tp=table.moe_tp_size.fillna(1),
        moe_ep=table.moe_ep_size.fillna(1),
        version=table.backend_version.fillna("unstated"),
    )
    table = table[
        table.concurrency.notna()
        & (table.pp_size.fillna(1) == 1)
        & (table.attention_dp_size.fillna(1) == 1)
        & ~((table.moe_tp > 1) & (table.moe_ep > 1))
    ]
    table = table.assign(
        fmt=table.apply(_format, axis=1), concurrency=table.concurrency.astype(int)
    )
    table = table[table.fmt.notna()]
    deployment = ["model", "gpu", "backend", "version", "fmt", "isl", "osl", "tp_size", "moe_ep"]
    rows = []
    for (model, gpu, engine, fmt), group in table.groupby(["model", "gpu", "backend", "fmt"]):
        sizes = group.groupby(deployment).concurrency.nunique().reset_index(name="n")
        sizes = sizes.sort_values(
            ["n", "version", "isl", "osl"], ascending=[False, True, True, True]
        )
        best = sizes.iloc[0]
        chosen = group
        for key in deployment:
            chosen = chosen[chosen[key] == best[key]]
        levels = sorted(chosen.concurrency.unique())
        for c in sorted({levels[0], levels[len(levels) // 2], levels[-1]}):
            runs = chosen[chosen.concurrency == c]
            tp, ep = int(best.tp_size), int(best.moe_ep)
            rows.append(
                {
                    "id": f"aic-{model}-{gpu}-{engine}-{fmt}-tp{tp}{'-ep' if ep > 1 else ''}-c{c}",
                    "model": model,
                    "gpu": gpu,
                    "engine": engine,
                    "version": best.version,
                    "fmt": fmt,
                    "isl": int(best.isl),
                    "osl": int(best.osl),
                    "tp": tp,
                    "expert_parallel": int(ep > 1),
                    "concurrency": int(c),
                    "runs": len(runs),
                    "ttft_ms": f"{float(runs.silicon_ttft_ms.median()):.3f}",
                    "tpot_ms": f"{float(runs.silicon_tpot_ms.median()):.4f}",
                    "split": (
                        "calibration"
                        if engine in ("vllm", "sglang")
                        and gpu in ("h100-80gb-sxm", "h200-141gb")
                        and model in DENSE
                        else "validation"
                    ),
                }
            )
    with OUT.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    print(f"{len(rows)} rows -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
