"""One estimate: a request on one GPU offer × GPU count, with memory, fit, findings and speed.

This module dispatches to the engine of the request's workload (:mod:`core.estimate.serving`,
``training``, ``llamacpp``, ``diffusion``), which returns the typed result of
:mod:`core.estimate.results`. Together they resolve the model, run the workload's capacity
model (:mod:`core.capacity`), check compatibility (:mod:`core.capacity.compat`) and bound throughput
(:mod:`core.capacity.throughput`). It never prices; :mod:`core.pricing.prices` does.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

from core.base.errors import InputError
from core.domain.catalog import Catalog, GpuOffer, default_catalog
from core.domain.request import PlanRequest
from core.estimate.memo import parts_of
from core.estimate.results import EstimateResult
from core.model.architecture import ModelArchitecture
from core.texts.messages import Message

if TYPE_CHECKING:
    from core.model.diffusion_pipeline import DiffusionPipeline
    from core.model.models import ResolvedModel

# The parts of the engine loaded the first time a request needs them (:func:`engine`): the model
# readers with the first model (the history commands import this module, and most of them never
# read a model), and one memory model per workload, so an estimate of a language model on vLLM
# never loads the llama.cpp, training or diffusion models. Each is tens of milliseconds of a
# command's start-up (``python -X importtime``).
ENGINES = frozenset(
    {
        "core.model.models",
        "core.model.mtp",
        "core.estimate.serving",
        "core.estimate.llamacpp",
        "core.estimate.training",
        "core.estimate.diffusion",
        "core.capacity.diffusion",
    }
)


def engine(module: str) -> ModuleType:
    """The engine module ``module`` (one of :data:`ENGINES`), imported on first use.

    Raises:
        KeyError: ``module`` is not one of :data:`ENGINES` (a mistake in the caller).
    """
    if module not in ENGINES:
        raise KeyError(module)
    return importlib.import_module(module)  # seam: model readers and one engine per workload


def resolve(request: PlanRequest) -> ResolvedModel:
    """The model behind ``request.model`` (a language model or a diffusion pipeline)."""
    model: ResolvedModel = engine("core.model.models").resolve_model(request.model)
    return model


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
    result: EstimateResult
    if request.workload == "diffusion":
        diffusion = engine("core.estimate.diffusion")
        result = diffusion.estimate_diffusion(request, pipeline_of(model), gpu)
    elif request.workload == "inference" and request.inference.engine == "llama.cpp":
        llamacpp = engine("core.estimate.llamacpp")
        result = llamacpp.estimate_llamacpp(request, language_model_of(model), gpu)
    elif request.workload == "inference":
        served = served_model(request, language_model_of(model))
        result = engine("core.estimate.serving").estimate_inference(request, served, gpu)
    else:
        training = engine("core.estimate.training")
        result = training.estimate_training(request, language_model_of(model), gpu)
    return result


def served_model(request: PlanRequest, arch: ModelArchitecture) -> ModelArchitecture:
    """The model vLLM serves for ``request``: with its MTP layers when it drafts with them.

    Built once per request and model (:func:`core.estimate.memo.parts_of`), so that a sweep's
    estimates share the served model and the parts remembered for it.
    """
    tokens = request.inference.mtp_speculative_tokens
    if tokens:
        with_mtp = engine("core.model.mtp").with_mtp
        served: ModelArchitecture = parts_of(request, arch).get(
            "served", lambda: with_mtp(arch, tokens)
        )
        return served
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
