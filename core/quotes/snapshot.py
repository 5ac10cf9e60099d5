"""A typed reading of what a quote keeps: its estimate, GPU offer and request as they were saved.

A quote stores these three as JSON (``Quote.estimate``, ``Quote.gpu``, ``Quote.request``), written
by whichever version of the planner saved it: a field added later is absent from an older
snapshot, and an imported one may hold anything JSON can. :func:`read_snapshot` reads them once,
checking the type of every value it keeps, into frozen dataclasses, so that a front end reads
attributes instead of walking ``dict[str, Any]``. A value that is absent or of the wrong type
reads as None, or as empty.

The field names are those of :func:`core.estimate.results.estimate_to_json` (the estimate),
:class:`core.domain.catalog.GpuOffer` (the offer) and :class:`core.domain.request.PlanRequest` (the
request).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from core.domain.breakdown import COMPONENTS
from core.texts.messages import Param, finding_key

if TYPE_CHECKING:
    from core.domain.request import PlanRequest
    from core.estimate.results import EstimateResult
    from core.quotes.quote import Quote


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


@dataclass(frozen=True)
class SavedAssumption:
    """A speed assumption: its English text, and its template key and parameters when kept."""

    text: str
    key: str = ""
    params: Mapping[str, Param] = field(default_factory=dict)


@dataclass(frozen=True)
class SavedSpeed:
    """The speed bounds of the saved estimate (``throughput``), with their assumptions."""

    decode_tokens_per_s: float | None = None
    training_tokens_per_s: float | None = None
    job_hours: float | None = None
    images_per_hour: float | None = None
    assumptions: tuple[SavedAssumption, ...] = ()


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


@dataclass(frozen=True)
class SavedRange:
    """The range the per-GPU total may lie in, for a model not counted exactly (``approximate``)."""

    low: int
    high: int
    reason: str


@dataclass(frozen=True)
class SavedEstimate:
    """The saved estimate: memory per GPU against the offer, verdict, speed and warnings."""

    memory: SavedMemory = SavedMemory()
    usable_bytes: int | None = None
    vram_bytes: int | None = None
    headroom_bytes: int | None = None
    fits: bool | None = None
    fit_certainty: str | None = None
    """``fits``, ``uncertain`` or ``does_not_fit``; None for a snapshot saved before it was kept."""
    approximate: SavedRange | None = None
    binding_component: str | None = None
    checkpoint_bytes: int | None = None
    params_total: int | None = None
    tensor_parallel: int | None = None
    speed: SavedSpeed = SavedSpeed()
    warnings: tuple[SavedWarning, ...] = ()


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


def _object(value: object) -> Mapping[str, object]:
    return value if isinstance(value, Mapping) else {}


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _float(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _str(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _params(value: object) -> dict[str, Param]:
    return {
        str(name): item
        for name, item in _object(value).items()
        if isinstance(item, str | int | float) and not isinstance(item, bool)
    }


def read_warning(raw: object) -> SavedWarning | None:
    """One saved finding, or None when ``raw`` is not one."""
    data = _object(raw)
    code, message = _str(data.get("code")), _str(data.get("message"))
    if code is None or message is None:
        return None
    return SavedWarning(
        code=code,
        message=message,
        severity=_str(data.get("severity")) or "",
        glossary_term=_str(data.get("glossary_term")) or "",
        variant=_str(data.get("variant")) or "",
        params=_params(data.get("params")),
    )


def read_speed(raw: object) -> SavedSpeed:
    """The saved ``throughput`` object; assumptions keep their keys when all were saved."""
    data = _object(raw)
    texts = data.get("assumptions")
    texts = [str(text) for text in texts] if isinstance(texts, list) else []
    saved = data.get("assumption_params")
    entries = saved if isinstance(saved, list) and len(saved) == len(texts) else [{}] * len(texts)
    assumptions = tuple(
        SavedAssumption(
            text, _str(_object(entry).get("key")) or "", _params(_object(entry).get("params"))
        )
        for text, entry in zip(texts, entries, strict=True)
    )
    return SavedSpeed(
        decode_tokens_per_s=_float(data.get("decode_tokens_per_s")),
        training_tokens_per_s=_float(data.get("training_tokens_per_s")),
        job_hours=_float(data.get("job_hours")),
        images_per_hour=_float(data.get("images_per_hour")),
        assumptions=assumptions,
    )


def read_range(raw: object) -> SavedRange | None:
    """The saved ``approximate`` range, or None when there is none (or it is malformed)."""
    data = _object(raw)
    low, high = _int(data.get("band_low")), _int(data.get("band_high"))
    if low is None or high is None:
        return None
    return SavedRange(low, high, _str(data.get("reason")) or "")


def read_estimate(raw: object) -> SavedEstimate:
    """A saved estimate (``estimate_to_json``), however old."""
    data = _object(raw)
    sizes = _object(data.get("memory_per_gpu"))
    memory = SavedMemory(**{name: _int(sizes.get(name)) for name in (*COMPONENTS, "total")})
    gpu = _object(data.get("gpu"))
    fits = data.get("fits")
    saved = data.get("warnings")
    warnings = (read_warning(w) for w in (saved if isinstance(saved, list) else []))
    return SavedEstimate(
        memory=memory,
        usable_bytes=_int(gpu.get("usable_bytes")),
        vram_bytes=_int(gpu.get("vram_bytes")),
        headroom_bytes=_int(data.get("headroom_bytes")),
        fits=fits if isinstance(fits, bool) else None,
        fit_certainty=_str(data.get("fit_certainty")),
        approximate=read_range(data.get("approximate")),
        binding_component=_str(data.get("binding_component")) or None,
        checkpoint_bytes=_int(data.get("checkpoint_bytes")),
        params_total=_int(_object(data.get("model")).get("params_total")),
        tensor_parallel=_int(_object(data.get("details")).get("tensor_parallel")),
        speed=read_speed(data.get("throughput")),
        warnings=tuple(w for w in warnings if w is not None),
    )


def read_offer(raw: object) -> SavedOffer:
    """The quoted GPU offer's specifications."""
    data = _object(raw)
    return SavedOffer(
        vram_gib=_float(data.get("vram_gib")),
        interconnect=_str(data.get("interconnect")),
        gpus_per_node=_int(data.get("gpus_per_node")),
    )


def read_sharding(quote: Quote) -> str | None:
    """The FSDP sharding ``quote``'s request ran with; None for other strategies."""
    if quote.strategy != "fsdp":
        return None
    return _str(_object(_object(quote.request).get("parallelism")).get("fsdp_sharding"))


def read_snapshot(quote: Quote) -> QuoteSnapshot:
    """The typed reading of ``quote``'s saved estimate, offer and request."""
    return QuoteSnapshot(read_estimate(quote.estimate), read_offer(quote.gpu), read_sharding(quote))


def read_request(quote: Quote) -> PlanRequest:
    """``quote``'s saved request, read with the behaviour it was quoted under.

    Validated as this version reads requests (:func:`core.domain.request.read_saved_request`).

    Raises:
        InputError: The saved request is not valid for this version (named by its field).
    """
    from core.domain.request import read_saved_request  # seam: a snapshot reads without pydantic

    return read_saved_request(quote.request)


def saved_estimate(result: EstimateResult) -> SavedEstimate:
    """``result`` as a quote would keep it: what a saved quote beside it reads as."""
    from core.estimate.results import estimate_to_json  # seam: reading quotes skips the estimate

    return read_estimate(estimate_to_json(result))
