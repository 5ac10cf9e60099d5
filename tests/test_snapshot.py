"""The typed reading of a quote's snapshot: what a saved quote shows, from any version's JSON.

A fresh quote reads back with every figure of its estimate; a snapshot saved by an older version
reads with what it has; a hostile one (wrong types everywhere) reads as empty, never raises.
"""

from __future__ import annotations

import ast
import json
import sqlite3
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from core.domain.catalog import default_catalog
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.estimate.results import estimate_to_json
from core.quotes.quote import parse_quote, quote_estimate
from core.quotes.snapshot import (
    SavedMemory,
    SavedSpeed,
    read_estimate,
    read_offer,
    read_request,
    read_snapshot,
    read_warning,
)
from core.store import HistoryStore

ROOT = Path(__file__).resolve().parents[1]
NOW = datetime(2026, 11, 2, 10, 0, tzinfo=UTC)
FIXTURE = ROOT / "tests" / "fixtures" / "history-v1.sqlite"
SNAPSHOT_FIELDS = {"estimate", "gpu", "request"}
# Quotes as version 64b82ca saved them (serving with a traffic operating point, llama.cpp, FSDP and
# QLoRA training, diffusion, a serving quote that does not fit), each with what that version's
# reader read from it (``dataclasses.asdict`` of its QuoteSnapshot).
OLD_QUOTES = ROOT / "tests" / "fixtures" / "quotes-64b82ca.json"


def _quote(raw):
    result = estimate(parse_request(raw))
    return result, quote_estimate(result, default_catalog(), tax_rate=Decimal(0), now=NOW)


def test_a_fresh_quote_reads_back_every_figure_of_its_estimate():
    layout = {"strategy": "fsdp", "gpus": 16, "fsdp_sharding": "hybrid"}
    raw = {"model": {"preset": "llama-3.1-70b"}, "workload": "training", "parallelism": layout}
    result, quote = _quote(raw)
    snapshot = read_snapshot(parse_quote(json.loads(json.dumps(quote.as_json()))))
    saved = snapshot.estimate
    assert saved.memory == SavedMemory(**result.memory.as_dict())
    assert (saved.usable_bytes, saved.vram_bytes) == (result.usable_bytes, result.gpu.vram_bytes)
    assert (saved.headroom_bytes, saved.fits) == (result.headroom_bytes, result.fits)
    assert saved.binding_component == result.binding_component
    assert saved.checkpoint_bytes == result.checkpoint_bytes
    assert saved.params_total == result.model.params_total
    assert saved.speed.training_tokens_per_s == result.throughput.training_tokens_per_s
    assert [w.key for w in saved.warnings] == [f.template_key for f in result.findings]
    assert [dict(w.params) for w in saved.warnings] == [dict(f.params) for f in result.findings]
    assert [a.key for a in saved.speed.assumptions] == [
        a.key for a in result.throughput.assumptions
    ]
    assert snapshot.offer.vram_gib == result.gpu.vram_gib
    assert snapshot.offer.gpus_per_node == result.gpu.gpus_per_node
    assert snapshot.fsdp_sharding == "hybrid"


def test_a_snapshot_of_the_first_schema_reads_with_what_it_has():
    with sqlite3.connect(f"file:{FIXTURE}?mode=ro", uri=True) as conn:
        rows = conn.execute("SELECT snapshot FROM quote_snapshots ORDER BY id").fetchall()
    assert rows
    for (saved,) in rows:
        quote = parse_quote(json.loads(saved))
        assert set(quote.estimate) == {"fits", "model", "strategy"}  # all the first schema kept
        snapshot = read_snapshot(quote)
        assert snapshot.estimate.fits is quote.estimate["fits"]
        assert snapshot.estimate.memory == SavedMemory() and snapshot.estimate.warnings == ()
        assert snapshot.estimate.speed == SavedSpeed()
        assert snapshot.offer.vram_gib == quote.gpu["vram_gib"]


def test_a_hostile_snapshot_reads_as_empty_and_never_raises():
    hostile = {
        "memory_per_gpu": {"weights": "10", "total": True, "activations": 5},
        "gpu": ["not", "an", "object"],
        "fits": "yes",
        "headroom_bytes": 1.5,
        "model": {"params_total": "7B"},
        "details": None,
        "warnings": [1, {"code": 3, "message": "x"}, {"code": "tp_pcie", "message": "kept"}],
        "throughput": {"assumptions": ["a", "b"], "assumption_params": [{"key": "k"}]},
    }
    saved = read_estimate(hostile)
    assert saved.memory == SavedMemory(activations=5)
    assert (saved.usable_bytes, saved.fits, saved.headroom_bytes, saved.params_total) == (
        None,
        None,
        None,
        None,
    )
    assert [w.code for w in saved.warnings] == ["tp_pcie"]
    # Two texts and one entry: the keys do not belong to them, so none is used.
    assert [(a.text, a.key) for a in saved.speed.assumptions] == [("a", ""), ("b", "")]
    assert read_estimate("not an object").speed == SavedSpeed()
    assert read_offer({"vram_gib": True, "interconnect": 4}).vram_gib is None
    assert read_warning({"code": "x", "message": "y", "params": ["a"]}).params == {}


def test_the_quote_document_reads_the_snapshot_through_its_types():
    """No ``.get()`` on the JSON of a quote (``quote.estimate``, ``.gpu``, ``.request``) in gui/."""
    found = []
    for path in sorted((ROOT / "gui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not (isinstance(node, ast.Attribute) and node.attr == "get"):
                continue
            target = node.value
            saved = isinstance(target, ast.Attribute) and target.attr in SNAPSHOT_FIELDS
            if saved and getattr(target.value, "id", None) == "quote":
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def _unchanged(read: object, recorded: object, where: str) -> Iterator[str]:
    """Where ``read`` (attributes) differs from what the old reader ``recorded`` (plain JSON)."""
    if isinstance(recorded, dict) and not isinstance(read, Mapping):
        for name, value in recorded.items():
            yield from _unchanged(getattr(read, name), value, f"{where}.{name}")
    elif isinstance(recorded, list):
        items = list(read) if isinstance(read, tuple | list) else None
        if items is None or len(items) != len(recorded):
            yield f"{where}: {read!r} != {recorded!r}"
            return
        for i, (a, b) in enumerate(zip(items, recorded, strict=True)):
            yield from _unchanged(a, b, f"{where}[{i}]")
    elif (dict(read) if isinstance(read, Mapping) else read) != recorded:
        yield f"{where}: {read!r} != {recorded!r}"


def _old_quotes() -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = json.loads(OLD_QUOTES.read_text("utf-8"))["quotes"]
    return entries


def test_quotes_saved_by_an_earlier_version_reopen_with_the_same_figures(tmp_path):
    store = HistoryStore(tmp_path / "history.sqlite")
    try:
        for entry in _old_quotes():
            quote = store.save_quote(parse_quote(entry["quote"]))
            snapshot = read_snapshot(store.get_quote(quote.id))
            assert list(_unchanged(snapshot, entry["read"], entry["name"])) == []
            assert snapshot.estimate.memory.known and snapshot.estimate.model is not None
    finally:
        store.close()


def test_an_earlier_quote_reads_each_speed_band_and_its_operating_point():
    quotes = {entry["name"]: parse_quote(entry["quote"]) for entry in _old_quotes()}
    merged = {name: quote.estimate["throughput"]["speed_band"] for name, quote in quotes.items()}
    for name in ("vllm-serving-traffic", "llamacpp-gguf", "serving-does-not-fit"):
        speed = read_snapshot(quotes[name]).estimate.speed
        assert (speed.band, speed.speed_band) == (merged[name], None), name
    for name in ("training-fsdp-hybrid", "training-qlora", "diffusion-sdxl"):
        speed = read_snapshot(quotes[name]).estimate.speed
        assert (speed.band, speed.speed_band) == (None, merged[name]), name
    assert all(band is not None for band in merged.values())
    point = read_request(quotes["vllm-serving-traffic"]).traffic.operating_point
    assert point is not None
    assert (point.concurrency, point.replicas, point.source) == (6.5, 3, "speed-model")


def _paths(data: object, where: str = "") -> set[str]:
    """The key paths of ``data``'s objects, not entering lists (their items vary with figures)."""
    if not isinstance(data, dict):
        return set()
    found = set()
    for name, value in data.items():
        found |= {f"{where}/{name}"} | _paths(value, f"{where}/{name}")
    return found


def test_the_json_of_an_estimate_keeps_every_key_an_earlier_version_wrote():
    for entry in _old_quotes():
        quote = parse_quote(entry["quote"])
        again = estimate_to_json(estimate(read_request(quote)))
        assert _paths(quote.estimate) - _paths(again) == set(), entry["name"]
