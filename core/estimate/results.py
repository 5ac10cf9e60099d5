"""The typed result of one estimate and the one JSON shape it is printed and saved in.

Every engine of :mod:`core.estimate.dispatch` returns an :class:`EstimateResult` through
:func:`finish_result`; :func:`estimate_to_json` is what ``estimate --json`` prints and quotes keep.
The layers above (pricing, planning, quotes, the apps) read these types without loading an engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from core.capacity.compat import closing_findings
from core.domain.breakdown import Finding, MemoryBreakdown
from core.domain.catalog import GpuOffer
from core.domain.request import PlanRequest
from core.estimate.accuracy import AccuracyBand, accuracy_band
from core.texts.messages import Message


@dataclass(frozen=True)
class ModelSummary:
    """What the estimate knows of the model, for display and snapshots."""

    id: str
    name: str
    kind: str  # "llm" or "diffusion"
    params_total: int
    params_active: int
    source: str


@dataclass(frozen=True)
class Throughput:
    """Speeds (None when they do not apply to the workload).

    Serving speeds come from the step model (:mod:`core.speed`) at the request's operating point:
    ``decode_tokens_per_s`` and ``prefill_tokens_per_s`` are each phase's tokens over its share of
    the wall time, ``band`` the relative band every speed holds within (× or ÷ (1 + band)), and
    ``uncalibrated`` what no published measurement calibrates ("engine", "gpu", "format").
    """

    decode_tokens_per_s: float | None = None  # all concurrent sequences together
    prefill_tokens_per_s: float | None = None
    ttft_s: float | None = None  # time to first token of one request
    tpot_s: float | None = None  # time per output token
    band: float | None = None
    uncalibrated: tuple[str, ...] = ()
    training_tokens_per_s: float | None = None
    images_per_hour: float | None = None
    job_hours: float | None = None  # training run over the dataset's tokens
    assumptions: tuple[str, ...] = ()  # Messages of core.texts.messages
    # Relative band of the training or image speed (core.speed.training, core.speed.diffusion):
    # the run takes ÷ (1 ± speed_band) of its time; ``band`` above is the serving speed's.
    speed_band: float | None = None


FitCertainty = Literal["fits", "uncertain", "does_not_fit"]
# Blockers that follow from the memory left over (core.capacity.kv_pool.start_up_finding): a model
# whose memory is not counted exactly leaves its fit uncertain however they read at the point
# estimate.
POOL_BLOCKERS = frozenset({"vllm_does_not_start"})


@dataclass(frozen=True)
class ApproximateMemory:
    """The range the per-GPU total may lie in when the model's counts are not exact."""

    band_low: int  # bytes per GPU at the low end of the parameter band
    band_high: int
    reason: str


def certainty_json(result: EstimateResult) -> dict[str, Any]:
    """How sure the fit is: ``fit_certainty`` and the approximate range, as every JSON shows it."""
    approx = result.approximate
    return {
        "fit_certainty": result.fit_certainty,
        "approximate": (
            {"band_low": approx.band_low, "band_high": approx.band_high, "reason": approx.reason}
            if approx
            else None
        ),
    }


@dataclass(frozen=True)
class EstimateResult:
    """The outcome of :func:`estimate` for one GPU offer and GPU count."""

    request: PlanRequest
    model: ModelSummary
    gpu: GpuOffer
    gpus: int
    strategy: str
    memory: MemoryBreakdown
    usable_bytes: int
    fits: bool
    headroom_bytes: int
    binding_component: str
    findings: tuple[Finding, ...]
    kv_cache_bytes_per_token: int | None = None
    checkpoint_bytes: int | None = None
    throughput: Throughput = field(default_factory=Throughput)
    details: dict[str, Any] = field(default_factory=dict)
    approximate: ApproximateMemory | None = None
    # "uncertain" when an approximate model's range straddles the usable memory.
    fit_certainty: FitCertainty = "fits"
    accuracy_band: AccuracyBand | None = None  # from docs/ACCURACY.md (core.estimate.accuracy)


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


def _params(text: str) -> dict[str, Any]:
    """The template key and parameters of a :class:`~core.texts.messages.Message` (else empty)."""
    if not isinstance(text, Message):
        return {}
    return {"key": text.key, "params": dict(text.params)}


def estimate_to_json(result: EstimateResult) -> dict[str, Any]:
    """The estimate as the JSON object ``estimate --json`` prints and quotes snapshot."""
    return {
        "request": result.request.model_dump(mode="json"),
        "model": {
            "id": result.model.id,
            "name": result.model.name,
            "kind": result.model.kind,
            "source": result.model.source,
            "params_total": result.model.params_total,
            "params_active": result.model.params_active,
        },
        "kv_cache_bytes_per_token": result.kv_cache_bytes_per_token,
        "memory_per_gpu": result.memory.as_dict(),
        "gpu": {
            "id": result.gpu.id,
            "name": result.gpu.name,
            "vendor": result.gpu.vendor,
            "vram_bytes": result.gpu.vram_bytes,
            "usable_bytes": result.usable_bytes,
        },
        "gpus": result.gpus,
        "strategy": result.strategy,
        "fits": result.fits,
        **certainty_json(result),
        "memory_fits": result.headroom_bytes >= 0,
        "headroom_bytes": result.headroom_bytes,
        "binding_component": result.binding_component,
        "warnings": [f.as_dict() for f in result.findings],
        "throughput": {
            "decode_tokens_per_s": result.throughput.decode_tokens_per_s,
            "prefill_tokens_per_s": result.throughput.prefill_tokens_per_s,
            "ttft_s": result.throughput.ttft_s,
            "tpot_s": result.throughput.tpot_s,
            # the relative band of whichever speed the workload has (serving, training, images)
            "speed_band": (
                result.throughput.band
                if result.throughput.band is not None
                else result.throughput.speed_band
            ),
            "speed_uncalibrated": list(result.throughput.uncalibrated),
            "training_tokens_per_s": result.throughput.training_tokens_per_s,
            "images_per_hour": result.throughput.images_per_hour,
            "job_hours": result.throughput.job_hours,
            "assumptions": [str(a) for a in result.throughput.assumptions],
            "assumption_params": [_params(a) for a in result.throughput.assumptions],
        },
        "checkpoint_bytes": result.checkpoint_bytes,
        "accuracy_band": result.accuracy_band.as_dict() if result.accuracy_band else None,
        "details": result.details,
    }
