"""One estimate: a request on one GPU offer × GPU count, with memory, fit, findings and speed.

This module joins the pieces: it resolves the model, runs the workload's capacity model
(:mod:`core.capacity`), checks compatibility (:mod:`core.compat`) and bounds throughput
(:mod:`core.throughput`). It never prices; :mod:`core.pricing` does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from core.accuracy import AccuracyBand, accuracy_band
from core.architecture import ModelArchitecture
from core.catalog import Catalog, GpuOffer
from core.compat import closing_findings
from core.errors import InputError
from core.memory import Finding, MemoryBreakdown
from core.messages import Message
from core.request import PlanRequest

if TYPE_CHECKING:
    from core.diffusion_pipeline import DiffusionPipeline
    from core.models import ResolvedModel


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
    assumptions: tuple[str, ...] = ()  # Messages of core.messages


FitCertainty = Literal["fits", "uncertain", "does_not_fit"]
# Blockers that follow from the memory left over (core.kv_pool.start_up_finding): a model whose
# memory is not counted exactly leaves its fit uncertain however they read at the point estimate.
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
    accuracy_band: AccuracyBand | None = None  # from docs/ACCURACY.md (core.accuracy)


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


def resolve(request: PlanRequest) -> ResolvedModel:
    """The model behind ``request.model`` (a language model or a diffusion pipeline)."""
    from core.models import resolve_model

    return resolve_model(request.model)


def estimate(
    request: PlanRequest,
    catalog: Catalog | None = None,
    *,
    model: ResolvedModel | None = None,
) -> EstimateResult:
    """Estimate ``request`` on its GPU, or on the cheapest offer that fits when it names none.

    Args:
        request: The validated request.
        catalog: The catalog to use (the bundled one by default).
        model: The resolved model, when the caller already has it (saves reading files again).
    """
    from core.catalog import default_catalog

    catalog = catalog or default_catalog()
    model = model if model is not None else resolve(request)
    if request.gpu:
        return estimate_on(request, model, catalog.gpu(request.gpu))
    results = [estimate_on(request, model, gpu) for gpu in catalog.gpus]
    fitting = [r for r in results if r.fits]
    if fitting:
        unit = request.term.unit
        return min(
            fitting, key=lambda r: (r.gpu.price_per_gpu_hour.for_unit(unit), -r.headroom_bytes)
        )
    return max(results, key=lambda r: r.headroom_bytes / max(r.usable_bytes, 1))


def estimate_on(request: PlanRequest, model: ResolvedModel, gpu: GpuOffer) -> EstimateResult:
    """Estimate ``request`` with ``model`` on ``gpu`` × ``request.parallelism.gpus``."""
    if request.workload == "diffusion":
        from core.estimate_diffusion import estimate_diffusion

        return estimate_diffusion(request, pipeline_of(model), gpu)
    if request.workload == "inference" and request.inference.engine == "llama.cpp":
        from core.estimate_llamacpp import estimate_llamacpp

        return estimate_llamacpp(request, language_model_of(model), gpu)
    if request.workload == "inference":
        from core.estimate_serving import estimate_inference

        return estimate_inference(request, served_model(request, language_model_of(model)), gpu)
    from core.estimate_training import estimate_training

    return estimate_training(request, language_model_of(model), gpu)


def served_model(request: PlanRequest, arch: ModelArchitecture) -> ModelArchitecture:
    """The model vLLM serves for ``request``: with its MTP layers when it drafts with them.

    Built once per request and model (:func:`core.estimate_memo.parts_of`), so that a sweep's
    estimates share the served model and the parts remembered for it.
    """
    tokens = request.inference.mtp_speculative_tokens
    if tokens:
        from core.estimate_memo import parts_of
        from core.mtp import with_mtp

        return parts_of(request, arch).get("served", lambda: with_mtp(arch, tokens))
    return arch


def language_model_of(model: ResolvedModel) -> ModelArchitecture:
    """``model`` as the language model an inference or training request needs.

    Raises:
        InputError: ``model`` is a diffusion pipeline.
    """
    if not isinstance(model, ModelArchitecture):
        raise InputError(Message("error.diffusion_for_llm", model=model.id), field="model")
    return model


def pipeline_of(model: ResolvedModel) -> DiffusionPipeline:
    """``model`` as the diffusion pipeline a diffusion request needs.

    Raises:
        InputError: ``model`` is a language model.
    """
    if isinstance(model, ModelArchitecture):
        raise InputError(Message("error.llm_for_diffusion", model=model.id), field="model")
    return model


def _params(text: str) -> dict[str, Any]:
    """The template key and parameters of a :class:`~core.messages.Message` (empty otherwise)."""
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
            "speed_band": result.throughput.band,
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
