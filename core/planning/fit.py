"""Which models fit one GPU offer: the reverse of the planner.

For every bundled preset of the workload's kind (or every ``config.json`` in a folder), the
smallest GPU count of the offer (the one asked for, or each count the planner considers that the
budget allows) at which some layout fits, with its limits (:mod:`core.planning.limits`), its price
for the term and the cost of its outcome (:mod:`core.pricing.outcome`). A model file that cannot be
read is listed with its one-line error; it never stops the others.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from core.base.errors import InputError, PlannerError
from core.domain.catalog import Catalog, GpuOffer
from core.domain.request import ModelRef, PlanRequest, Term
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate_on, resolve
from core.estimate.results import EstimateResult, certainty_json
from core.model.models import list_presets
from core.planning.limits import Limits, solve_limits
from core.planning.planner import (
    GPU_COUNTS,
    _with_layout,
    expert_layouts,
    layout_name,
    layouts,
    reason_parts,
)
from core.pricing.outcome import OutcomeCost, outcome_cost
from core.pricing.prices import Price, price_for
from core.texts.messages import Message


@dataclass(frozen=True)
class FitRow:
    """One model on the offer: where it fits, or why it does not."""

    source: str  # preset id or config path
    name: str
    estimate: EstimateResult | None = None  # the fitting layout, else the nearest one
    price: Price | None = None
    limits: Limits | None = None
    outcome: OutcomeCost | None = None
    reason: str = ""  # why it does not fit ("" when it fits)
    # The fitting layout under vLLM's expert parallelism ("TP 1 × DP 4, EP 4"); "" otherwise.
    expert_layout: str = ""

    @property
    def layout(self) -> str | None:
        """The layout of the estimate shown: "TP 4", "TP 1 × DP 4, EP 4" or the strategy."""
        if self.expert_layout:
            return self.expert_layout
        est = self.estimate
        return None if est is None else layout_name(est.strategy, est.request.parallelism.tp)

    @property
    def fits(self) -> bool:
        """Whether some layout fits (within the budget, when one was given)."""
        return not self.reason

    def as_dict(self) -> dict[str, Any]:
        """The row as JSON."""
        est = self.estimate
        return {
            "model": self.source,
            "name": self.name,
            "fits": self.fits,
            **(certainty_json(est) if est else {"fit_certainty": None, "approximate": None}),
            "gpus": est.gpus if est else None,
            "strategy": est.strategy if est else None,
            "layout": self.layout,
            "memory_per_gpu_bytes": est.memory.total if est else None,
            "usable_bytes": est.usable_bytes if est else None,
            "price": self.price.as_json() if self.price else None,
            "limits": self.limits.as_dict() if self.limits else None,
            "outcome": self.outcome.as_dict() if self.outcome else None,
            "reason": str(self.reason) or None,
        }


def model_refs(workload: str, models_dir: Path | None) -> Iterator[tuple[str, ModelRef]]:
    """The models to try: presets of the workload's kind, or the configs found in a folder."""
    if models_dir is None:
        kind = "diffusion" if workload == "diffusion" else "llm"
        for info in list_presets():
            if info.kind == kind:
                yield info.id, ModelRef(preset=info.id)
        return
    if not models_dir.is_dir():
        raise InputError(
            Message("fit.not_a_folder", models_dir=str(models_dir)), field="models-dir"
        )
    paths = sorted({*models_dir.glob("*.json"), *models_dir.glob("*/config.json")})
    for path in paths:
        yield str(path.relative_to(models_dir)), ModelRef(hf_config=str(path.resolve()))


def _counts(
    catalog: Catalog,
    gpu: GpuOffer,
    gpus: int | None,
    term: Term,
    tax_rate: Decimal,
    budget: Decimal | None,
) -> list[tuple[int, Price]]:
    """The GPU counts to try, smallest first, each with its price (within the budget)."""
    counts = [gpus] if gpus else [n for n in GPU_COUNTS if n <= gpu.max_gpus]
    priced = [(n, price_for(catalog, gpu, n, term, tax_rate=tax_rate)) for n in counts]
    return [(n, p) for n, p in priced if budget is None or p.total <= budget]


def fit_models(
    base: dict[str, Any],
    gpu_id: str,
    catalog: Catalog,
    *,
    gpus: int | None = None,
    budget: Decimal | None = None,
    tax_rate: Decimal = Decimal(0),
    models_dir: Path | None = None,
    utilization: Decimal = Decimal(1),
) -> list[FitRow]:
    """Every model tried on ``gpu_id``: those that fit first (smallest GPU count, then name).

    Args:
        base: A request without its model (workload, sizes, precision, term), as JSON data.
        gpu_id: The catalog offer.
        catalog: The catalog.
        gpus: Exactly this many GPUs; by default the smallest count that fits.
        budget: Leave out GPU counts whose total for the term exceeds it.
        tax_rate: Tax applied to the prices.
        models_dir: Try the configs in this folder instead of the presets.
        utilization: Share of the term the GPUs are busy, for the cost of the outcome.
    """
    gpu = catalog.gpu(gpu_id)
    template = parse_request({**base, "model": {"preset": "llama-3.1-8b"}, "gpu": gpu.id})
    counts = _counts(catalog, gpu, gpus, template.term, tax_rate, budget)
    rows: list[FitRow] = []
    for source, ref in model_refs(template.workload, models_dir):
        request = template.model_copy(update={"model": ref})
        try:
            rows.append(_fit_one(source, request, gpu, counts, utilization))
        except PlannerError as error:
            rows.append(FitRow(source, source, reason=str(error)))
    # Names sort as a reader does, ignoring case: "gpt-oss-20b" among the G's, not after "Qwen".
    rows.sort(
        key=lambda r: (
            not r.fits,
            r.estimate.gpus if r.fits and r.estimate else 0,
            r.name.casefold(),
        )
    )
    return rows


def _beyond_model(request: PlanRequest, limits: Limits) -> str:
    """Why a fit in memory is no fit: a length beyond the model's ``max_position_embeddings``."""
    for name, asked in (
        ("context", request.inference.context_tokens),
        ("sequence_length", request.training.sequence_length),
    ):
        limit = limits.get(name)
        if limit and limit.binding == "max_position_embeddings" and limit.value < asked:
            return Message("fit.beyond_model", limit=limit.value, asked=asked)
    return ""


def _fit_one(
    source: str,
    request: PlanRequest,
    gpu: GpuOffer,
    counts: list[tuple[int, Price]],
    utilization: Decimal,
) -> FitRow:
    model = resolve(request)
    name = getattr(model, "name", source)
    if not counts:
        return FitRow(source, name, reason=Message("fit.over_budget"))
    nearest: EstimateResult | None = None
    wanted = {n for n, _ in counts}
    for count, price in counts:
        for strategy, n, tp in layouts(request, gpu):
            if n != count or n not in wanted:
                continue
            result = estimate_on(_with_layout(request, gpu, strategy, n, tp), model, gpu)
            if result.fits:
                limits = solve_limits(result, model)
                return FitRow(
                    source,
                    name,
                    result,
                    price,
                    limits,
                    outcome_cost(result, price, utilization=utilization),
                    _beyond_model(request, limits),
                )
            if nearest is None or result.headroom_bytes > nearest.headroom_bytes:
                nearest = result
        # Where no tensor-parallel layout of this count fits, vLLM's expert parallelism may: the
        # one that leaves the most room, as fit is about memory.
        fitting = [
            (result, tp, n // tp)
            for n, tp in expert_layouts(request, gpu, model)
            if n == count
            and (
                result := estimate_on(
                    _with_layout(request, gpu, "tensor", n, tp, n // tp), model, gpu
                )
            ).fits
        ]
        if fitting:
            result, tp, dp = max(fitting, key=lambda f: f[0].headroom_bytes)
            limits = solve_limits(result, model)
            return FitRow(
                source,
                name,
                result,
                price,
                limits,
                outcome_cost(result, price, utilization=utilization),
                _beyond_model(request, limits),
                expert_layout=layout_name("tensor", tp, dp),
            )
    if nearest is None:
        return FitRow(source, name, reason=Message("fit.no_layout"))
    return FitRow(source, name, nearest, reason="; ".join(reason_parts(nearest)))
