"""The typed result of one estimate and the one JSON shape it is printed and saved in.

Every engine of :mod:`core.estimate.dispatch` returns an :class:`EstimateResult` through
:func:`finish_result`; :func:`estimate_to_json` is what ``estimate --json`` prints and quotes keep.
It is written from the fields of the result and of its parts (:mod:`core.estimate.parts`) by
:func:`core.estimate.shape.to_json`, and a saved quote is read back from the same fields
(:mod:`core.quotes.snapshot`). The layers above (pricing, planning, quotes, the apps) read these
types without loading an engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from core.capacity.compat import closing_findings
from core.domain.breakdown import Finding, MemoryBreakdown
from core.domain.catalog import GpuOffer
from core.domain.request import PlanRequest
from core.estimate.accuracy import accuracy_band
from core.estimate.parts import (
    AccuracyBand,
    ApproximateMemory,
    DiffusionDetails,
    EngineDetails,
    LlamaCppDetails,
    ModelSummary,
    ServingDetails,
    Throughput,
    TrainingDetails,
)
from core.estimate.shape import json_field, to_json

__all__ = [
    "POOL_BLOCKERS",
    "AccuracyBand",
    "ApproximateMemory",
    "DiffusionDetails",
    "EngineDetails",
    "EstimateResult",
    "FitCertainty",
    "LlamaCppDetails",
    "ModelSummary",
    "ServingDetails",
    "Throughput",
    "TrainingDetails",
    "certainty_json",
    "estimate_to_json",
    "finish_result",
]

FitCertainty = Literal["fits", "uncertain", "does_not_fit"]
# Blockers that follow from the memory left over (core.capacity.kv_pool.start_up_finding): a model
# whose memory is not counted exactly leaves its fit uncertain however they read at the point
# estimate.
POOL_BLOCKERS = frozenset({"vllm_does_not_start"})


def certainty_json(result: EstimateResult) -> dict[str, Any]:
    """How sure the fit is: ``fit_certainty`` and the approximate range, as every JSON shows it."""
    approx = result.approximate  # as estimate_to_json writes it
    return {
        "fit_certainty": result.fit_certainty,
        "approximate": to_json(approx),
    }


def _gpu_json(gpu: GpuOffer) -> dict[str, Any]:
    """The offer as an estimate names it (a quote keeps the whole offer beside it)."""
    return {
        "gpu": {"id": gpu.id, "name": gpu.name, "vendor": gpu.vendor, "vram_bytes": gpu.vram_bytes}
    }


def _memory_fits(result: EstimateResult) -> dict[str, Any]:
    """Whether the memory alone fits (``fits`` also weighs the blockers)."""
    return {"memory_fits": result.headroom_bytes >= 0}


@dataclass(frozen=True, kw_only=True)
class EstimateResult:
    """The outcome of :func:`estimate` for one GPU offer and GPU count.

    The fields are in the order of the JSON (:func:`estimate_to_json`); a field is written under
    its name unless its :func:`~core.estimate.shape.json_field` says otherwise.
    """

    request: PlanRequest
    model: ModelSummary
    kv_cache_bytes_per_token: int | None = None
    memory: MemoryBreakdown = json_field(key="memory_per_gpu")
    gpu: GpuOffer = json_field(write=_gpu_json)
    usable_bytes: int = json_field(at=("gpu", "usable_bytes"))
    gpus: int
    strategy: str
    fits: bool
    # "uncertain" when an approximate model's range straddles the usable memory.
    fit_certainty: FitCertainty = "fits"
    approximate: ApproximateMemory | None = None
    headroom_bytes: int = json_field(before=_memory_fits)
    binding_component: str
    findings: tuple[Finding, ...] = json_field(key="warnings")
    throughput: Throughput = field(default_factory=Throughput)
    checkpoint_bytes: int | None = None
    accuracy_band: AccuracyBand | None = None  # from docs/ACCURACY.md (core.estimate.accuracy)
    details: EngineDetails


def finish_result(
    request: PlanRequest,
    model: ModelSummary,
    gpu: GpuOffer,
    memory: MemoryBreakdown,
    usable: int,
    findings: list[Finding],
    **extra: Any,
) -> EstimateResult:
    """The result for ``memory`` against ``usable`` bytes; any blocker means it does not fit.

    The glossary disclaimer is appended to ``findings``, as on every result.
    """
    total = memory.total
    headroom = usable - total
    blocked = any(f.severity == "blocker" for f in findings)
    fits = headroom >= 0 and not blocked
    approx: ApproximateMemory | None = extra.get("approximate")
    certainty: FitCertainty = "fits" if fits else "does_not_fit"
    # vLLM's start-up pool is what the memory leaves, so it is as uncertain as the memory
    certain_block = any(f.severity == "blocker" and f.code not in POOL_BLOCKERS for f in findings)
    if approx is not None and not certain_block and approx.band_low <= usable < approx.band_high:
        certainty = "uncertain"
    findings.extend(closing_findings())
    return EstimateResult(
        request=request,
        model=model,
        gpu=gpu,
        gpus=request.parallelism.gpus,
        strategy=request.parallelism.strategy,
        memory=memory,
        usable_bytes=usable,
        fits=fits,
        headroom_bytes=headroom,
        binding_component=memory.largest(),
        findings=tuple(findings),
        fit_certainty=certainty,
        accuracy_band=accuracy_band(request, total, headroom),
        **extra,
    )


def estimate_to_json(result: EstimateResult) -> dict[str, Any]:
    """The estimate as the JSON object ``estimate --json`` prints and quotes snapshot."""
    data: dict[str, Any] = to_json(result)
    return data
