"""The planner's figure for each published serving measurement: today's bounds and the step model.

``python -m tests.validation.serving_compare`` prints planner ÷ measured by split, regime and vendor
for both. Arithmetic only: no timing is measured.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from core.app import api
from core.domain.catalog import GpuOffer, default_catalog
from core.estimate.dispatch import language_model_of, resolve
from core.estimate.serving import prefill_precision
from core.estimate.serving_speed import MATMUL, weight_bytes_per_param
from core.model.architecture import ModelArchitecture
from core.speed import Layout, ModelShape, profile_for, serving_speed, static_latency
from core.speed.expert_parallel import ExpertSplit
from core.speed.shape import KV_BYTES
from core.speed.step import EngineProfile, largest_batch
from tests.validation.case import CONFIGS
from tests.validation.speed_serving import PERF_OVERVIEW, POINTS, SpeedPoint
from tests.validation.speed_silicon import SILICON

_FORMAT = {"fp8": "fp8-tensor", "nvfp4": "nvfp4"}
TIMES = ("latency_s", "ttft_ms", "tpot_ms")  # measured as a time: smaller is faster


@cache
def _gpu(gpu_id: str) -> GpuOffer:
    return {g.id: g for g in default_catalog().gpus}[gpu_id]


def _model_ref(model: str) -> dict[str, str]:
    path = CONFIGS / f"{model}.json"
    return {"hf_config": str(path)} if path.exists() else {"preset": model}


@cache
def _arch(model: str) -> ModelArchitecture:
    request = api.request({"workload": "inference", "model": _model_ref(model)})
    return language_model_of(resolve(request))


# The request a hold-out point's weights make (tests/validation/speed_silicon.py); gpt-oss's
# MXFP4 experts are its checkpoint's own format, so the request names none.
_PRECISION: dict[str, dict[str, str]] = {
    "bf16": {"weights": "bf16"},
    "fp8": {"format": "fp8-tensor"},
    "fp8-block": {"format": "fp8-block128"},
    "nvfp4": {"format": "nvfp4"},
    "mxfp4": {},
}


@cache
def _as_the_planner_reads(model: str, fmt: str, gpu: str) -> tuple[float, str]:
    """Bytes per weight and matmul precision the estimate itself takes for these weights."""
    request = api.request(
        {
            "workload": "inference",
            "model": _model_ref(model),
            "precision": _PRECISION[fmt],
            "gpu": gpu,
        }
    )
    arch = language_model_of(resolve(request))
    precision = prefill_precision(request, arch, _gpu(gpu))
    return weight_bytes_per_param(request, arch), MATMUL.get(precision, "bf16")


def layout_of(p: SpeedPoint) -> Layout:
    """The point's layout (an NVFP4 or FP8 checkpoint keeps its format).

    The perf-overview page runs its mixture-of-experts models with attention data parallel
    (``enable_attention_dp: true`` in its MoE llm_options.yml). A hold-out point's weights are
    read as the estimate reads the same request's (bytes per weight, matmul precision).
    """
    experts = ExpertSplit(p.expert_ranks) if p.expert_ranks else None
    if p.source == SILICON:
        per_weight, matmul = _as_the_planner_reads(p.model, p.fmt, p.gpu)
        layout = Layout(_gpu(p.gpu), p.gpus, p.tp, per_weight, KV_BYTES[p.kv], matmul)
        return replace(layout, experts=experts)
    weights = "bf16" if p.fmt == "fp16" else p.fmt
    layout = Layout.of(_gpu(p.gpu), p.gpus, p.tp, weights, p.kv)
    return replace(layout, attention_dp=p.source == PERF_OVERVIEW, experts=experts)


def engine_of(p: SpeedPoint) -> EngineProfile:
    """The calibrated profile of the point's engine on its GPU's vendor."""
    return profile_for(p.engine, _gpu(p.gpu).vendor)


def batch_of(p: SpeedPoint, engine: EngineProfile | None = None) -> int:
    """The batch the point runs: its own, else the engine's largest at these lengths."""
    if p.batch is not None:
        return p.batch
    layout = layout_of(p)
    return largest_batch(
        ModelShape.of(_arch(p.model), p.tp), layout, engine or engine_of(p), p.isl, p.osl
    )


def model_figure(p: SpeedPoint, engine: EngineProfile | None = None) -> float:
    """The step model's figure in the point's own unit."""
    engine = engine or engine_of(p)
    shape = ModelShape.of(_arch(p.model), p.tp)
    layout = layout_of(p)
    if p.measured == "ttft_ms" and not p.served:
        return serving_speed(shape, layout, engine, isl=p.isl, osl=1, concurrency=1).ttft_s * 1e3
    if p.measured == "latency_s":
        assert p.batch is not None
        return static_latency(shape, layout, engine, isl=p.isl, osl=p.osl, batch=p.batch)
    if p.measured == "ttft_ms" and p.served:
        speed = serving_speed(
            shape, layout, engine, isl=p.isl, osl=p.osl, concurrency=p.batch, mode="steady"
        )
        return speed.ttft_s * 1e3
    if p.measured == "tpot_ms":
        speed = serving_speed(
            shape, layout, engine, isl=p.isl, osl=p.osl, concurrency=p.batch, mode="steady"
        )
        return speed.tpot_s * 1e3
    mode = "steady" if p.served or p.batch is None else "static"
    batch = p.batch or largest_batch(shape, layout, engine, p.isl, p.osl)
    speed = serving_speed(shape, layout, engine, isl=p.isl, osl=p.osl, concurrency=batch, mode=mode)
    if p.measured == "output_tok_s_per_gpu":
        return speed.per_gpu(p.gpus)
    return speed.output_tok_s


def _baseline_request(p: SpeedPoint, batch: int) -> dict[str, Any]:
    precision: dict[str, Any] = {"kv_cache": p.kv}
    if p.fmt in _FORMAT:
        precision["format"] = _FORMAT[p.fmt]
    else:
        precision["weights"] = p.fmt
    return {
        "workload": "inference",
        "model": _model_ref(p.model),
        "precision": precision,
        "inference": {"context_tokens": p.isl + p.osl, "concurrent_sequences": batch},
        "parallelism": {"strategy": "tensor" if p.tp > 1 else "single", "gpus": p.gpus},
        "gpu": p.gpu,
    }


@cache
def _bounds(key: tuple[str, int]) -> tuple[float, float]:
    p = next(x for x in POINTS if x.id == key[0])
    result = api.estimate(_baseline_request(p, key[1]))
    t = result.throughput
    return float(t.decode_tokens_per_s or 0.0), float(t.prefill_tokens_per_s or 0.0)


def baseline_figure(p: SpeedPoint) -> float | None:
    """The planner's figure through the serving estimate's throughput, same unit.

    The batch is the one the step model runs, so both answer the same question. Recorded once in
    ``serving_baseline.json`` while the estimate still used the bounds of core/throughput.py; run
    now, it goes through the step model too.
    """
    batch = batch_of(p)
    try:
        decode, prefill = _bounds((p.id, batch))
    except Exception:  # a request the estimate refuses: no figure
        return None
    if decode <= 0 or prefill <= 0:
        return None
    if p.measured == "ttft_ms":
        return p.isl / prefill * 1e3
    step = batch * (p.gpus // p.tp) / decode
    if p.measured == "tpot_ms":
        return step * 1e3
    latency = batch * p.isl / prefill + p.osl * step
    if p.measured == "latency_s":
        return latency
    output = batch * p.osl * (p.gpus // p.tp) / latency
    return output / p.gpus if p.measured == "output_tok_s_per_gpu" else output


@dataclass(frozen=True)
class Row:
    """One point with both figures as ratios to the measurement (None: no figure)."""

    point: SpeedPoint
    model: float
    baseline: float | None

    @property
    def model_ratio(self) -> float:
        """Step model ÷ measured (a time's ratio inverted, so > 1 always means too fast)."""
        r = self.model / self.point.value
        return 1 / r if self.point.measured in TIMES else r

    @property
    def baseline_ratio(self) -> float | None:
        """Today's planner ÷ measured, oriented like :attr:`model_ratio`."""
        if self.baseline is None:
            return None
        r = self.baseline / self.point.value
        return 1 / r if self.point.measured in TIMES else r


BASELINE = Path(__file__).parent / "serving_baseline.json"


def recorded_baseline() -> dict[str, float | None]:
    """The planner's figures before the step model (``serving_report --baseline`` wrote them)."""
    if not BASELINE.exists():
        return {}
    data: dict[str, float | None] = json.loads(BASELINE.read_text("utf-8"))["figures"]
    return data


def rows(points: Iterable[SpeedPoint] = POINTS, *, baseline: bool = True) -> list[Row]:
    """Every point with the step model's figure and (optionally) the recorded earlier one."""
    before = recorded_baseline() if baseline else {}
    return [Row(p, model_figure(p), before.get(p.id)) for p in points]


def vendor(p: SpeedPoint) -> str:
    """The point's GPU vendor."""
    return _gpu(p.gpu).vendor


@dataclass(frozen=True)
class Stats:
    """Summary of ratios: count, within ±25 %, median |error|, geometric mean, worst."""

    n: int
    within: int
    median_abs: float
    geomean: float
    worst: float
    beyond_2x: int

    @classmethod
    def of(cls, ratios: list[float]) -> Stats:
        """The summary of ``ratios`` (planner ÷ measured)."""
        if not ratios:
            return cls(0, 0, math.nan, math.nan, math.nan, 0)
        errors = [abs(r - 1) for r in ratios]
        worst = max(ratios, key=lambda r: abs(math.log(r)))
        return cls(
            len(ratios),
            sum(e <= 0.25 for e in errors),
            statistics.median(errors),
            math.exp(statistics.fmean(math.log(r) for r in ratios)),
            worst,
            sum(r > 2 or r < 0.5 for r in ratios),
        )

    def cells(self) -> str:
        """Markdown cells."""
        if not self.n:
            return "0 | – | – | – | – | –"
        return (
            f"{self.n} | {self.within} ({self.within / self.n:.0%}) | {self.median_abs:.1%} |"
            f" {self.geomean:.2f}× | {self.worst:.2f}× | {self.beyond_2x}"
        )


def grouped(table: list[Row], key: str, which: str) -> dict[tuple[str, str], Stats]:
    """Stats per (split, group) where group is the regime, vendor or engine.

    Points whose measurement is not comparable (``SpeedPoint.not_comparable``) are left out.
    """
    groups: dict[tuple[str, str], list[float]] = defaultdict(list)
    for row in table:
        ratio = row.model_ratio if which == "model" else row.baseline_ratio
        if ratio is None or row.point.not_comparable:
            continue
        p = row.point
        name = {"regime": p.regime, "vendor": vendor(p), "engine": p.engine, "all": "all"}[key]
        groups[(p.split, name)].append(ratio)
    return {k: Stats.of(v) for k, v in sorted(groups.items())}


def main() -> int:
    table = rows()
    for which in ("baseline", "model"):
        print(f"== {which}: planner ÷ measured")
        for key in ("all", "regime", "vendor"):
            for (split, name), stats in grouped(table, key, which).items():
                print(f"{split:12} {name:12} {stats.cells()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
