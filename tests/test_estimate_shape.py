"""One shape for an estimate: every field of the result is in its JSON and in a reopened quote.

The result is built from its own type definitions with every field set to a value no default has
(so a field written but not read back, or not written at all, reads as its default and differs),
saved as a quote through the real store, reopened, and compared field by field over the type's own
fields, recursively through its parts. A field added to any part is covered without touching this
test; one that :class:`core.quotes.snapshot.SavedEstimate` has no place for fails it.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import types
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

import pytest

from core.domain.catalog import GpuOffer, default_catalog
from core.domain.request import PlanRequest
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.estimate.parts import (
    DiffusionDetails,
    EngineDetails,
    LlamaCppDetails,
    SavedAssumption,
    ServingDetails,
    Throughput,
    TrainingDetails,
)
from core.estimate.results import EstimateResult, estimate_to_json
from core.estimate.shape import MISSING, from_json, json_field, read_object, to_json
from core.quotes.quote import Quote, quote_estimate
from core.quotes.snapshot import (
    SavedEstimate,
    read_estimate,
    read_request,
    read_snapshot,
    read_speed,
)
from core.store import HistoryStore
from core.texts.messages import Message

NOW = datetime(2026, 12, 5, 3, 0, tzinfo=UTC)
RENAMED = {"throughput": "speed", "findings": "warnings"}  # SavedEstimate's names for two fields
TRAFFIC = {
    "rate_unit": "minute",
    "average_per_unit": 120,
    "input_tokens": {"mean": 1500, "p90": 2500},
    "output_tokens": {"mean": 250, "p90": 600},
    "latency": {"ttft_p50_s": 0.5, "tpot_s": 0.04},
    "operating_point": {
        "concurrency": 6.5,
        "replicas": 3,
        "ttft_s": 0.3,
        "tpot_s": 0.03,
        "utilization": 0.6,
        "source": "speed-model",
    },
}
REQUEST = {"model": {"preset": "llama-3.1-8b"}, "gpu": "h100-80gb-sxm", "traffic": TRAFFIC}


class _Filler:
    """Values for a type, from its annotations, each different from every default and the others."""

    def __init__(self, request: PlanRequest, gpu: GpuOffer, details: type) -> None:
        self.count = itertools.count(1001)
        self.request, self.gpu, self.details = request, gpu, details

    def value(self, kind: Any, default: Any = dataclasses.MISSING) -> Any:
        n = next(self.count)
        origin, args = get_origin(kind), get_args(kind)
        if kind is PlanRequest:
            return self.request
        if kind is GpuOffer:
            return self.gpu
        if kind is Any or kind is object:
            return n
        if kind is bool:
            return not default if isinstance(default, bool) else True
        if kind is int:
            return n
        if kind is float:
            return n + 0.25
        if kind is str:
            return f"text {n}"
        if origin is Literal:
            others = [a for a in args if a != default]
            return others[-1] if others else args[0]
        if origin is Union or origin is types.UnionType:
            if self.details in args:  # the engine's details this run covers
                return self.value(self.details)
            return self.value(next(a for a in args if a is not type(None)))
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return (self.value(args[0]), self.value(args[0]))
            return tuple(self.value(a) for a in args)
        if origin is not None and issubclass(origin, Mapping):
            key, item = args
            return {self.value(str if key is Any else key): self.value(item)}
        if dataclasses.is_dataclass(kind):
            return self.instance(kind)
        raise AssertionError(f"no value for {kind!r}")

    def instance(self, cls: type) -> Any:
        hints = get_type_hints(cls)
        values = {}
        for item in dataclasses.fields(cls):
            default = item.default
            if item.default_factory is not dataclasses.MISSING:
                default = item.default_factory()
            kind = hints[item.name]
            values[item.name] = self.value(kind, default)
            only = get_origin(kind) is Literal and len(get_args(kind)) == 1  # llama.cpp's engine
            assert only or values[item.name] != default, item.name
        return cls(**values)


def _base() -> tuple[EstimateResult, Quote]:
    result = estimate(parse_request(REQUEST))
    return result, quote_estimate(result, default_catalog(), tax_rate=Decimal(0), now=NOW)


def _reopened(quote: Quote, result: EstimateResult, tmp_path) -> Quote:
    """``quote`` with ``result`` as its estimate, saved through the store and read back."""
    store = HistoryStore(tmp_path / f"history-{quote.id}.sqlite")
    try:
        store.save_quote(quote.model_copy(update={"estimate": estimate_to_json(result)}))
        return store.get_quote(quote.id)
    finally:
        store.close()


def _same(made: Any, read: Any, where: str) -> Iterator[str]:
    """Where ``read`` differs from ``made``, over the fields of ``made``'s own type."""
    if dataclasses.is_dataclass(made):
        for item in dataclasses.fields(made):
            name = item.name
            yield from _same(getattr(made, name), getattr(read, name), f"{where}.{name}")
        if hasattr(made, "total"):  # MemoryBreakdown's total is a property, saved with the parts
            yield from _same(made.total, read.total, f"{where}.total")
    elif isinstance(made, tuple):
        if not isinstance(read, tuple) or len(made) != len(read):
            yield f"{where}: {made!r} != {read!r}"
            return
        for i, (a, b) in enumerate(zip(made, read, strict=True)):
            yield from _same(a, b, f"{where}[{i}]")
    elif isinstance(made, Mapping):
        if dict(made) != (dict(read) if isinstance(read, Mapping) else read):
            yield f"{where}: {made!r} != {read!r}"
    elif made != read or type(made) is not type(read) and not isinstance(made, str):
        yield f"{where}: {made!r} != {read!r}"


def _differences(result: EstimateResult, reopened: Quote) -> list[str]:
    saved = read_snapshot(reopened).estimate
    found = []
    for item in dataclasses.fields(result):
        made = getattr(result, item.name)
        if item.name == "request":  # the quote keeps the request itself
            found += [] if read_request(reopened) == made else ["request"]
        elif item.name == "gpu":  # and the whole offer beside the estimate's name for it
            found += [] if GpuOffer.model_validate(reopened.gpu) == made else ["gpu"]
            found += list(_same(made.vram_bytes, saved.vram_bytes, "gpu.vram_bytes"))
        else:
            name = RENAMED.get(item.name, item.name)
            found += list(_same(made, getattr(saved, name), name))
    return found


@pytest.mark.parametrize("details", get_args(EngineDetails), ids=lambda kind: kind.__name__)
def test_every_field_of_a_result_is_written_and_reads_back_from_a_saved_quote(details, tmp_path):
    base, quote = _base()
    filled = _Filler(base.request, base.gpu, details).instance(EstimateResult)
    assert isinstance(filled.details, details)
    reopened = _reopened(quote, filled, tmp_path)
    assert _differences(filled, reopened) == []


def test_a_field_the_saved_estimate_does_not_read_fails_the_comparison(tmp_path):
    """The check above sees a field added to the result and not read back."""
    bigger = dataclasses.make_dataclass(
        "BiggerResult",
        [("new_figure", int, dataclasses.field(default=0))],
        bases=(EstimateResult,),
        frozen=True,
        kw_only=True,
    )
    base, quote = _base()
    filled = _Filler(base.request, base.gpu, get_args(EngineDetails)[0]).instance(bigger)
    assert estimate_to_json(filled)["new_figure"] == filled.new_figure  # written without a word
    with pytest.raises(AttributeError, match="new_figure"):
        _differences(filled, _reopened(quote, filled, tmp_path))


def test_a_field_read_back_wrong_fails_the_comparison(tmp_path):
    base, quote = _base()
    filled = _Filler(base.request, base.gpu, get_args(EngineDetails)[0]).instance(EstimateResult)
    reopened = _reopened(quote, filled, tmp_path)
    lost = dict(reopened.estimate)
    lost["throughput"] = {k: v for k, v in lost["throughput"].items() if k != "run_speed_band"}
    lost["kv_cache_bytes_per_token"] = None
    damaged = reopened.model_copy(update={"estimate": lost})
    found = _differences(filled, damaged)
    assert [where.split(":")[0] for where in found] == [
        "kv_cache_bytes_per_token",
        "speed.speed_band",
    ], found


def test_a_real_estimate_reopens_with_its_speed_bands_and_operating_point(tmp_path):
    result, quote = _base()
    reopened = _reopened(quote, result, tmp_path)
    saved = read_snapshot(reopened).estimate
    assert result.throughput.band is not None
    assert saved.speed.band == result.throughput.band and saved.speed.speed_band is None
    assert _differences(result, reopened) == []
    point = read_request(reopened).traffic.operating_point
    assert point is not None and point == result.request.traffic.operating_point
    assert (point.concurrency, point.replicas, point.source) == (6.5, 3, "speed-model")


def test_the_json_keeps_the_merged_speed_band_and_adds_each_band():
    trained = {"model": {"preset": "llama-3.1-8b"}, "workload": "training"}
    training = estimate(parse_request(trained))
    serving, _ = _base()
    for result, own, other in ((serving, "band", "speed_band"), (training, "speed_band", "band")):
        speed = estimate_to_json(result)["throughput"]
        band = getattr(result.throughput, own)
        assert band is not None and getattr(result.throughput, other) is None
        assert speed["speed_band"] == band  # the key scripts read, as before
        keys = {"band": "serving_speed_band", "speed_band": "run_speed_band"}
        assert (speed[keys[own]], speed[keys[other]]) == (band, None)


def test_a_quote_saved_with_the_merged_band_only_reads_each_band_from_its_speeds():
    serving = read_speed({"decode_tokens_per_s": 900.0, "speed_band": 0.6})
    training = read_speed({"training_tokens_per_s": 9000, "speed_band": 0.45})
    images = read_speed({"images_per_hour": 40, "speed_band": 0.8})
    assert (serving.band, serving.speed_band) == (0.6, None)
    assert (training.band, training.speed_band) == (None, 0.45)
    assert (images.band, images.speed_band) == (None, 0.8)
    assert read_speed({"speed_band": 0.3}) == read_speed({})  # no speed: no band either


def test_assumptions_keep_their_keys_through_the_json():
    message = Message("throughput.uncalibrated", missing="engine", engine="sglang", gpu="L4")
    speed = Throughput(decode_tokens_per_s=1.0, assumptions=(message, "plain"))
    read = read_speed(json.loads(json.dumps(to_json(speed))))
    assert read.assumptions == (message, "plain")
    assert [(a.key, dict(a.params)) for a in read.assumptions] == [
        (message.key, dict(message.params)),
        ("", {}),
    ]
    assert isinstance(read.assumptions[0], SavedAssumption)


def test_the_generic_reader_reads_every_type_a_part_uses():
    @dataclasses.dataclass(frozen=True, kw_only=True)
    class Part:
        count: int
        share: float = 0.0
        kind: Literal["a", "b"] = "a"
        names: tuple[str, ...] = ()
        pair: tuple[str, int] | None = None
        sizes: Mapping[str, int] = dataclasses.field(default_factory=dict)
        nested: int | None = json_field(default=None, at=("deep", "value"))

    raw = {
        "count": 3,
        "share": 2,
        "kind": "b",
        "names": ["x", 4, "y"],
        "pair": ["p", 2],
        "sizes": {"a": 1, "b": "no", "c": True},
        "deep": {"value": 7},
    }
    part = read_object(Part, raw)
    assert part == Part(
        count=3, share=2.0, kind="b", names=("x", "y"), pair=("p", 2), sizes={"a": 1}, nested=7
    )
    assert to_json(part) == {**raw, "share": 2.0, "names": ["x", "y"], "sizes": {"a": 1}}
    assert read_object(Part, {"share": 1.0}) is MISSING  # no count: no part
    assert read_object(Part, {"count": True, "kind": "c"}) is MISSING  # true is no count
    assert read_object(Part, {"count": 1, "kind": "c", "pair": ["p"]}) == Part(count=1)
    assert from_json(int | None, "1") is MISSING and from_json(int | None, None) is None


def test_engine_details_read_back_as_the_engine_that_wrote_them():
    requests = {
        ServingDetails: REQUEST,
        TrainingDetails: {"model": {"preset": "llama-3.1-8b"}, "workload": "training"},
        DiffusionDetails: {"workload": "diffusion", "model": {"preset": "sdxl"}, "gpu": "l4"},
        LlamaCppDetails: {
            "model": {"preset": "llama-2-7b"},
            "precision": {"format": "gguf-q8_0"},
            "inference": {"engine": "llama.cpp", "context_tokens": 4096},
            "gpu": "l4",
        },
    }
    for kind, raw in requests.items():
        result = estimate(parse_request(raw))
        assert type(result.details) is kind
        saved = read_estimate(json.loads(json.dumps(estimate_to_json(result))))
        assert saved.details == result.details
        assert all(value is not None for value in saved.details.values()), (
            kind
        )  # every engine sets all
    # An object that names none of their fields is no engine's details.
    assert read_estimate({"details": {}}).details is None
    assert read_estimate({"details": {"unknown": 1}}).details is None


def test_a_saved_estimate_names_a_place_for_every_field_of_the_result():
    saved = {item.name for item in dataclasses.fields(SavedEstimate)}
    own = {RENAMED.get(item.name, item.name) for item in dataclasses.fields(EstimateResult)}
    assert own - saved == {"request", "gpu"}  # the quote keeps those two whole
