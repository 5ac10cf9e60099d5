"""The parts of an estimate's result, each one type for the estimate, its JSON and a saved quote.

:class:`core.estimate.results.EstimateResult` is made of these; :func:`core.estimate.shape.to_json`
writes them and :func:`core.estimate.shape.from_json` reads them back from a saved quote, from the
same field definitions (:mod:`core.quotes.snapshot`). They import nothing of the engines, so a quote
reopens without loading one.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal

from core.estimate.shape import MISSING, json_field
from core.texts.messages import Message, Param


class SavedAssumption(str):
    """A speed assumption read back from a snapshot: its English text as saved.

    Its template key and parameters ride along when they were kept (empty for a snapshot older
    than them), as a :class:`~core.texts.messages.Message` carries them.
    """

    key: str
    params: Mapping[str, Param]

    def __new__(cls, text: str, key: str = "", params: Mapping[str, Param] | None = None) -> Any:
        """``text`` with template ``key`` and ``params``."""
        item = str.__new__(cls, text)
        item.key = key
        item.params = dict(params or {})
        return item

    @property
    def text(self) -> str:
        """The English text, as core worded it when the quote was saved."""
        return str(self)


def _message_params(text: str) -> dict[str, Any]:
    """The template key and parameters of a :class:`~core.texts.messages.Message` (else empty)."""
    if not isinstance(text, Message | SavedAssumption):
        return {}
    return {"key": text.key, "params": dict(text.params)}


def _write_assumptions(texts: tuple[str, ...]) -> dict[str, Any]:
    """Their texts, and beside them the template key and parameters of each (translation)."""
    return {
        "assumptions": [str(text) for text in texts],
        "assumption_params": [_message_params(text) for text in texts],
    }


def _read_params(value: object) -> dict[str, Param]:
    if not isinstance(value, Mapping):
        return {}
    return {
        str(name): item
        for name, item in value.items()
        if isinstance(item, str | int | float) and not isinstance(item, bool)
    }


def _read_assumptions(data: Mapping[str, Any]) -> tuple[SavedAssumption, ...]:
    """The saved texts; their keys only when one entry was saved for each text."""
    texts = data.get("assumptions")
    texts = [str(text) for text in texts] if isinstance(texts, list) else []
    saved = data.get("assumption_params")
    entries = saved if isinstance(saved, list) and len(saved) == len(texts) else [{}] * len(texts)
    result = []
    for text, entry in zip(texts, entries, strict=True):
        entry = entry if isinstance(entry, Mapping) else {}
        key = entry.get("key")
        key = key if isinstance(key, str) else ""
        result.append(SavedAssumption(text, key, _read_params(entry.get("params"))))
    return tuple(result)


def assumptions_field() -> Any:
    """The ``assumptions`` field of :class:`Throughput` (and of a saved speed, which narrows it)."""
    return json_field(default=(), write=_write_assumptions, read=_read_assumptions)


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _merged_band(speed: Throughput) -> dict[str, Any]:
    """``speed_band`` as scripts have read it: whichever of the two bands the workload has."""
    return {"speed_band": speed.band if speed.band is not None else speed.speed_band}


def _read_band(own: str, speeds: tuple[str, ...]) -> Any:
    """A reader of the band saved under ``own``.

    A quote saved before the two bands had keys of their own reads the merged ``speed_band`` when
    it states one of ``speeds``: the workload's speeds tell which band that one was.
    """

    def read(data: Mapping[str, Any]) -> Any:
        if own in data:
            return _number(data[own])
        if any(_number(data.get(name)) is not None for name in speeds):
            return _number(data.get("speed_band"))
        return MISSING

    return read


@dataclass(frozen=True, kw_only=True)
class ModelSummary:
    """What the estimate knows of the model, for display and snapshots."""

    id: str
    name: str
    kind: str  # "llm" or "diffusion"
    source: str
    params_total: int
    params_active: int


@dataclass(frozen=True, kw_only=True)
class Throughput:
    """Speeds (None when they do not apply to the workload).

    Serving speeds come from the step model (:mod:`core.speed`) at the request's operating point:
    ``decode_tokens_per_s`` and ``prefill_tokens_per_s`` are each phase's tokens over its share of
    the wall time, ``band`` the relative band every speed holds within (× or ÷ (1 + band)), and
    ``uncalibrated`` what no published measurement calibrates ("engine", "gpu", "format").

    The JSON keeps ``speed_band`` as it always was (whichever band the workload has) and each band
    under its own key besides (``serving_speed_band``, ``run_speed_band``).
    """

    decode_tokens_per_s: float | None = None  # all concurrent sequences together
    prefill_tokens_per_s: float | None = None
    ttft_s: float | None = None  # time to first token of one request
    tpot_s: float | None = None  # time per output token
    uncalibrated: tuple[str, ...] = json_field(
        key="speed_uncalibrated", default=(), before=_merged_band
    )
    training_tokens_per_s: float | None = None
    images_per_hour: float | None = None
    job_hours: float | None = None  # training run over the dataset's tokens
    assumptions: tuple[str, ...] = assumptions_field()  # Messages of core.texts.messages
    band: float | None = json_field(
        default=None,
        key="serving_speed_band",
        read=_read_band("serving_speed_band", ("decode_tokens_per_s", "prefill_tokens_per_s")),
    )
    # Relative band of the training or image speed (core.speed.training, core.speed.diffusion):
    # the run takes ÷ (1 ± speed_band) of its time; ``band`` above is the serving speed's.
    speed_band: float | None = json_field(
        default=None,
        key="run_speed_band",
        read=_read_band("run_speed_band", ("training_tokens_per_s", "images_per_hour")),
    )


@dataclass(frozen=True, kw_only=True)
class ApproximateMemory:
    """The range the per-GPU total may lie in when the model's counts are not exact."""

    band_low: int  # bytes per GPU at the low end of the parameter band
    band_high: int
    reason: str = ""

    @property
    def low(self) -> int:
        """The low end of the range, in bytes per GPU."""
        return self.band_low

    @property
    def high(self) -> int:
        """The high end of the range, in bytes per GPU."""
        return self.band_high


@dataclass(frozen=True, kw_only=True)
class AccuracyBand:
    """The ± fraction the memory total may be off by, and what it means for the fit."""

    fraction: float
    low_bytes: int
    high_bytes: int
    tight: bool
    kind: tuple[str, str]

    def as_dict(self) -> dict[str, Any]:
        """The band as ``--json`` prints it."""
        return {
            "fraction": self.fraction,
            "low_bytes": self.low_bytes,
            "high_bytes": self.high_bytes,
            "tight": self.tight,
            "kind": list(self.kind),
            "source": "docs/ACCURACY.md",
        }


# --- what each engine adds (``details``) --------------------------------------------------------
#
# Every field is optional: a quote saved before a field was added reads it as None. The engines set
# them all. The JSON key of each is its name.


class _Details(Mapping[str, Any]):
    """An engine's details, also readable by key (``details["vllm_profile"]``, ``.get``)."""

    def __getitem__(self, key: str) -> Any:
        if key not in self._names():
            raise KeyError(key)
        return getattr(self, key)

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __len__(self) -> int:
        return len(self._names())

    def _names(self) -> tuple[str, ...]:
        # A field of _ONLY_WHEN_SET is a key only when it has a value, as in the JSON it writes.
        return tuple(
            item.name
            for item in fields(self)  # type: ignore[arg-type]
            if item.name not in self._ONLY_WHEN_SET or getattr(self, item.name) is not None
        )

    _ONLY_WHEN_SET: frozenset[str] = frozenset()


@dataclass(frozen=True, kw_only=True, eq=True)
class ServingDetails(_Details):
    """A serving estimate (vLLM, SGLang, TGI...): per-sequence cache and vLLM's start-up."""

    tensor_parallel: int | None = None
    replicas: int | None = None
    kv_cache_bytes_per_sequence: int | None = None
    cache_bytes_per_sequence_by_kind: Mapping[Any, int] | None = None  # by cache kind (str)
    state_bytes_per_sequence: int | None = None
    max_concurrent_sequences: int | None = None
    prefill_chunk_tokens: int | None = None
    gpu_memory_utilization: float | None = None
    vllm_profile: Mapping[str, Any] | None = None  # core.capacity.vllm_profile, as_dict()
    vllm_start_up: Mapping[str, Any] | None = None  # core.capacity.kv_pool.StartUp, as_dict()
    # core.capacity.expert_parallel.layout_note plus the sequences all ranks hold at once; written
    # only for an expert-parallel layout, so other estimates' JSON keeps its keys.
    expert_parallel: Mapping[str, Any] | None = json_field(
        default=None, write=lambda value: {} if value is None else {"expert_parallel": value}
    )

    _ONLY_WHEN_SET = frozenset({"expert_parallel"})


@dataclass(frozen=True, kw_only=True, eq=True)
class LlamaCppDetails(_Details):
    """A llama.cpp estimate: its layer split and buffers (``llamacpp``)."""

    engine: Literal["llama.cpp"] = "llama.cpp"
    llamacpp: Mapping[str, Any] | None = None


@dataclass(frozen=True, kw_only=True, eq=True)
class TrainingDetails(_Details):
    """A training estimate: the layout's sharding and model states."""

    tensor_parallel: int | None = None
    shard_degree: int | None = None
    trainable_params: int | None = None
    fsdp_gathered_unit_params: int | None = None
    model_states_bytes: int | None = None
    model_states_replicated_bytes: int | None = None
    fsdp_gathered_bytes: int | None = None


@dataclass(frozen=True, kw_only=True, eq=True)
class DiffusionDetails(_Details):
    """A diffusion estimate: the peak phase and every phase's breakdown."""

    peak_phase: str | None = None
    phases: Mapping[str, Mapping[str, int]] | None = None
    reserved_uncontended_bytes: int | None = None


EngineDetails = ServingDetails | LlamaCppDetails | TrainingDetails | DiffusionDetails
