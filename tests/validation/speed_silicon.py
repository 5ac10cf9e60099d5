"""A hold-out of serving measurements no fit and no design choice here has seen.

``silicon_points.csv`` (selected by ``make_silicon_points.py`` with a rule fixed before the
planner ran on any row) holds end-to-end measurements from the serving sample NVIDIA publishes
with AIConfigurator: TensorRT-LLM, vLLM and SGLang on H100, H200, B200 and B300, dense models and
mixtures of experts up to 1T parameters, at three concurrencies per deployment, each with the mean
time to first token and time per output token its load generator measured. Each row gives two
points (one per metric), compared like with like: the steady state of a server at that
concurrency (``SpeedPoint.served``).

What the rows do not say, and what the points assume: the KV cache's dtype (taken as bf16, the
engines' ``auto`` for these checkpoints unless a run set it), whether the checkpoint was real or
dummy weights (dummy weights route every token alike and can make a mixture of experts look
faster), and the request rate beyond the fixed concurrency.
"""

from __future__ import annotations

import csv
from pathlib import Path

from tests.validation.speed_serving import Source, SpeedPoint

TABLE = Path(__file__).with_name("silicon_points.csv")
SILICON = "aic-silicon-sample"
SOURCE = Source(
    SILICON,
    "ai-dynamo/aiconfigurator aic-core/src/aiconfigurator_core/systems/silicon_sample.csv"
    " @ 095f58a51c4ca8e61b66ec108d86f223f8d559ce",
    "TensorRT-LLM, vLLM and SGLang",
    "per row (the table's backend_version; 'unstated' where it has none)",
    "aggregated serving at a fixed concurrency, fixed input and output lengths; mean time to"
    " first token and mean time per output token per deployment and concurrency (the dump of"
    " NVIDIA's benchmark database that AIConfigurator tracks its own accuracy against)",
)


def _regime(concurrency: int) -> str:
    if concurrency <= 8:
        return "decode_few"
    return "decode_64" if concurrency <= 64 else "loaded"


def points() -> list[SpeedPoint]:
    """Two points per row of the table: its time to first token and its time per output token."""
    out: list[SpeedPoint] = []
    with TABLE.open(encoding="utf-8") as f:
        for r in csv.DictReader(f):
            c, tp = int(r["concurrency"]), int(r["tp"])
            for measured in ("ttft_ms", "tpot_ms"):
                out.append(
                    SpeedPoint(
                        f"{r['id']}-{measured.removesuffix('_ms')}",
                        SILICON,
                        r["engine"],  # type: ignore[arg-type]
                        r["gpu"],
                        tp,
                        tp,
                        r["model"],
                        r["fmt"],  # type: ignore[arg-type]
                        "bf16",
                        int(r["isl"]),
                        int(r["osl"]),
                        c,
                        measured,  # type: ignore[arg-type]
                        float(r[measured]),
                        _regime(c),  # type: ignore[arg-type]
                        r["split"],  # type: ignore[arg-type]
                        note=f"{r['engine']} {r['version']}, {r['runs']} run(s)",
                        served=True,
                        expert_ranks=1 if r["expert_parallel"] == "1" else 0,
                    )
                )
    return out
