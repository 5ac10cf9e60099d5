"""A typed reading of what a quote keeps: its estimate, GPU offer and request as they were saved.

A quote stores these three as JSON (``Quote.estimate``, ``Quote.gpu``, ``Quote.request``), written
by whichever version of the planner saved it: a field added later is absent from an older
snapshot, and an imported one may hold anything JSON can. :func:`read_snapshot` reads them once,
checking the type of every value it keeps, into frozen dataclasses, so that a front end reads
attributes instead of walking ``dict[str, Any]``. A value that is absent or of the wrong type
reads as None, or as empty.

The estimate is read by :func:`core.estimate.shape.from_json` from the same field definitions
:func:`core.estimate.results.estimate_to_json` writes it from: the parts of a result
(:mod:`core.estimate.parts`: the model, the speeds, the range, the accuracy band, the engine's
details) read back as the very types the estimate made, and :class:`SavedEstimate` names, for
every field of :class:`~core.estimate.results.EstimateResult`, where its value is (a test fails
when one is missing). The offer is read by the fields of :class:`SavedOffer`
(:class:`core.domain.catalog.GpuOffer`'s names) and the request by
:func:`core.domain.request_parsing.read_saved_request`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from core.domain.breakdown import COMPONENTS
from core.domain.request import PlanRequest
from core.domain.request_parsing import read_saved_request
from core.estimate.parts import (
    AccuracyBand,
    ApproximateMemory,
    EngineDetails,
    ModelSummary,
    SavedAssumption,
    Throughput,
    assumptions_field,
)
from core.estimate.shape import MISSING, from_json, json_field, read_object, to_json, value_at
from core.texts.messages import Param, finding_key

if TYPE_CHECKING:
    from core.estimate.results import EstimateResult
    from core.quotes.quote import Quote

__all__ = [
    "QuoteSnapshot",
    "SavedAssumption",
    "SavedEstimate",
    "SavedMemory",
    "SavedOffer",
    "SavedRange",
    "SavedSpeed",
    "SavedWarning",
    "read_estimate",
    "read_offer",
    "read_range",
    "read_request",
    "read_sharding",
    "read_snapshot",
    "read_speed",
    "read_warning",
    "saved_estimate",
]

SavedRange = ApproximateMemory
"""The range the per-GPU total may lie in, for a model not counted exactly (``approximate``)."""


@dataclass(frozen=True)
class SavedWarning:
    """A finding of the saved estimate (``Finding.as_dict()``)."""

    code: str
    message: str
    """The English text, as core worded it when the quote was saved."""
    severity: str = ""
    glossary_term: str = ""
    variant: str = ""
    params: Mapping[str, Param] = field(default_factory=dict)
    """Empty for a snapshot saved before parameters were kept."""

    @property
    def key(self) -> str:
        """The template key of the finding (:func:`core.texts.messages.finding_key`)."""
        return finding_key(self.code, self.variant)


@dataclass(frozen=True, kw_only=True)
class SavedSpeed(Throughput):
    """The speeds of the saved estimate (``throughput``): every field of :class:`Throughput`.

    Its assumptions keep their English text as saved, with their template keys when kept.
    """

    assumptions: tuple[SavedAssumption, ...] = assumptions_field()


@dataclass(frozen=True)
class SavedMemory:
    """One GPU's bytes by component as saved (``MemoryBreakdown.as_dict``), and their ``total``.

    A component the snapshot does not give (or gives with the wrong type) is None.
    """

    weights: int | None = None
    quantization_metadata: int | None = None
    kv_cache: int | None = None
    activations: int | None = None
    gradients: int | None = None
    optimizer_states: int | None = None
    runtime_overhead: int | None = None
    total: int | None = None

    def part(self, name: str) -> int | None:
        """The bytes of component ``name`` (one of ``core.domain.breakdown.COMPONENTS``)."""
        if name not in COMPONENTS:
            raise KeyError(name)
        value: int | None = getattr(self, name)
        return value

    @property
    def known(self) -> bool:
        """Whether the snapshot gives any of it (the first schema kept none)."""
        return any(getattr(self, name) is not None for name in (*COMPONENTS, "total"))


def _name(data: Mapping[str, Any]) -> Any:
    """The binding component; an empty name reads as none."""
    value = data.get("binding_component")
    return value if isinstance(value, str) and value else MISSING


@dataclass(frozen=True, kw_only=True)
class SavedEstimate:
    """The saved estimate: memory per GPU against the offer, verdict, speed and warnings.

    One field for every field of :class:`~core.estimate.results.EstimateResult`, read where
    :func:`~core.estimate.results.estimate_to_json` wrote it, under the same name but for
    ``speed`` (``throughput``) and ``warnings`` (``findings``); the request and the offer are the
    quote's own (:func:`read_request`, :func:`read_offer`). ``params_total``, ``vram_bytes`` and
    ``tensor_parallel`` repeat a value of ``model``, the offer and ``details`` for the documents.
    """

    model: ModelSummary | None = None
    kv_cache_bytes_per_token: int | None = None
    memory: SavedMemory = json_field(key="memory_per_gpu", default=SavedMemory())
    vram_bytes: int | None = json_field(default=None, at=("gpu", "vram_bytes"))
    usable_bytes: int | None = json_field(default=None, at=("gpu", "usable_bytes"))
    gpus: int | None = None
    strategy: str | None = None
    fits: bool | None = None
    fit_certainty: str | None = None
    """``fits``, ``uncertain`` or ``does_not_fit``; None for a snapshot saved before it was kept."""
    approximate: SavedRange | None = None
    headroom_bytes: int | None = None
    binding_component: str | None = json_field(default=None, read=_name)
    warnings: tuple[SavedWarning, ...] = ()
    speed: SavedSpeed = json_field(key="throughput", default=SavedSpeed())
    checkpoint_bytes: int | None = None
    accuracy_band: AccuracyBand | None = None
    details: EngineDetails | None = None
    params_total: int | None = json_field(default=None, at=("model", "params_total"))
    tensor_parallel: int | None = json_field(default=None, at=("details", "tensor_parallel"))


@dataclass(frozen=True)
class SavedOffer:
    """The GPU offer's specifications as quoted."""

    vram_gib: float | None = None
    interconnect: str | None = None
    gpus_per_node: int | None = None


@dataclass(frozen=True)
class QuoteSnapshot:
    """Everything a quote's document shows beyond the quote's own typed fields."""

    estimate: SavedEstimate
    offer: SavedOffer
    fsdp_sharding: str | None
    """The FSDP sharding the request ran with; None for other strategies or when not saved."""


def _read(kind: type[Any], raw: object) -> Any:
    """``raw`` as ``kind``; what does not read as one reads as an empty ``kind``."""
    value = read_object(kind, raw)
    return kind() if value is MISSING else value


def read_warning(raw: object) -> SavedWarning | None:
    """One saved finding, or None when ``raw`` is not one."""
    value = read_object(SavedWarning, raw)
    return None if value is MISSING else value


def read_speed(raw: object) -> SavedSpeed:
    """The saved ``throughput`` object; assumptions keep their keys when all were saved."""
    speed: SavedSpeed = _read(SavedSpeed, raw)
    return speed


def read_range(raw: object) -> SavedRange | None:
    """The saved ``approximate`` range, or None when there is none (or it is malformed)."""
    value = from_json(SavedRange, raw)
    return None if value is MISSING else value


def read_estimate(raw: object) -> SavedEstimate:
    """A saved estimate (``estimate_to_json``), however old."""
    estimate: SavedEstimate = _read(SavedEstimate, raw)
    return estimate


def read_offer(raw: object) -> SavedOffer:
    """The quoted GPU offer's specifications."""
    offer: SavedOffer = _read(SavedOffer, raw)
    return offer


def read_sharding(quote: Quote) -> str | None:
    """The FSDP sharding ``quote``'s request ran with; None for other strategies."""
    if quote.strategy != "fsdp":
        return None
    sharding = from_json(str, value_at(quote.request, ("parallelism", "fsdp_sharding")))
    return None if sharding is MISSING else sharding


def read_snapshot(quote: Quote) -> QuoteSnapshot:
    """The typed reading of ``quote``'s saved estimate, offer and request."""
    return QuoteSnapshot(read_estimate(quote.estimate), read_offer(quote.gpu), read_sharding(quote))


def read_request(quote: Quote) -> PlanRequest:
    """``quote``'s saved request, read with the behaviour it was quoted under.

    Validated as this version reads requests
    (:func:`core.domain.request_parsing.read_saved_request`).

    Raises:
        InputError: The saved request is not valid for this version (named by its field).
    """
    return read_saved_request(quote.request)


def saved_estimate(result: EstimateResult) -> SavedEstimate:
    """``result`` as a quote would keep it: what a saved quote beside it reads as."""
    return read_estimate(to_json(result))
