"""An import re-derives every figure from the snapshot and refuses forged or hostile files."""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from core.base.errors import InputError
from core.store import HistoryStore, import_checks
from core.store.exporting import export_data
from core.store.importing import import_json
from tests.store_helpers import NOW, make_quote

Forgery = Callable[[dict[str, Any]], None]


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("export")
    with HistoryStore(folder / "a.sqlite", clock=lambda: NOW) as store:
        quote = make_quote(label="saved", tax_rate="0.2", storage_gb=100)
        store.save_quote(quote)
        store.place_order(quote, "key-saved")
        placed = store.place_order(make_quote(label="direct"), "key-direct").order
        store.stop_order(placed.id)
        return export_data(store)


def _both(order: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> None:
    """Forge an order consistently in its row and its snapshot."""
    change(order)
    change(order["snapshot"])


def _lines(snapshot: dict[str, Any], factor: str) -> None:
    price = snapshot["price"]
    for item in price["line_items"]:
        item["amount"] = str(-abs(float(item["amount"])) if factor == "-" else "1.00")
    total = sum(float(item["amount"]) for item in price["line_items"])
    price["total"] = f"{total:.2f}"


def _total(snapshot: dict[str, Any], total: str) -> None:
    snapshot["price"]["total"] = total


FORGERIES: dict[str, tuple[Forgery, str]] = {
    "total not the sum of its lines": (
        lambda d: (_total(d["orders"][0]["snapshot"], "1.00"), d["orders"][0].update(total="1.00")),
        "not the sum of its lines",
    ),
    "negative total": (
        lambda d: (
            _lines(d["orders"][1]["snapshot"], "-"),
            d["orders"][1].update(total=d["orders"][1]["snapshot"]["price"]["total"]),
        ),
        "negative",
    ),
    "line items rewritten to match a forged total": (
        lambda d: (
            _lines(d["orders"][1]["snapshot"], "1"),
            d["orders"][1].update(total=d["orders"][1]["snapshot"]["price"]["total"]),
        ),
        "derived",
    ),
    "GPU of the row contradicts the snapshot": (
        lambda d: d["orders"][0].update(gpu="a100-80gb-sxm"),
        "contradicts its snapshot",
    ),
    "model of the row contradicts the snapshot": (
        lambda d: d["orders"][0].update(model="Llama 3.1 405B"),
        "contradicts its snapshot",
    ),
    "GPU count changed in row and snapshot": (
        lambda d: _both(d["orders"][0], lambda o: o.update(gpus=8)),
        "GPUs",
    ),
    "paid-until moved": (
        lambda d: d["orders"][0].update(paid_until="2027-11-02T10:00:00Z"),
        "paid period",
    ),
    "forged fingerprint": (
        lambda d: _both(d["orders"][0], lambda o: o.update(request_sha256="0" * 64)),
        "fingerprint",
    ),
    "currency relabelled": (
        lambda d: (
            _both(d["orders"][1], lambda o: o.update(currency="EUR")),
            d["orders"][1]["snapshot"]["price"].update(currency="EUR"),
        ),
        "in EUR",
    ),
    "stop before the placement": (
        lambda d: d["orders"][1].update(stopped_at="2026-11-01T10:00:00Z"),
        "stopped",
    ),
    "saved quote with a forged total": (
        lambda d: _total(d["quotes"][0]["snapshot"], "9.99"),
        "not the sum of its lines",
    ),
}


def _refused(tmp_path: Path, data: Any, match: str, *, raw: str | None = None) -> str:
    path = tmp_path / "forged.json"
    path.write_text(raw if raw is not None else json.dumps(data), "utf-8")
    with HistoryStore(tmp_path / "b.sqlite") as store:
        before = store.conn.total_changes
        with pytest.raises(InputError, match=match) as caught:
            import_json(store, path)
        assert store.conn.total_changes == before
        assert store.count_history() == 0
    return str(caught.value)


@pytest.mark.parametrize("name", sorted(FORGERIES))
def test_a_forged_order_is_refused_naming_the_row(
    tmp_path: Path, export: dict[str, Any], name: str
) -> None:
    forge, match = FORGERIES[name]
    data = copy.deepcopy(export)
    forge(data)
    message = _refused(tmp_path, data, match)
    assert "was not imported" in message or "does not match" in message
    assert " (quote 1 in the file)" in message or "in the file)" in message


def test_the_untouched_export_imports(tmp_path: Path, export: dict[str, Any]) -> None:
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    with HistoryStore(tmp_path / "b.sqlite", clock=lambda: NOW) as store:
        summary = import_json(store, path)
        assert (summary.quotes_added, summary.orders_added) == (1, 2)


@pytest.mark.parametrize(
    ("raw", "match"),
    [
        ('{"format": "anchorgpu-planner-history", "x": "\\ud800"}', "lone surrogate"),
        ('{"format": ' + "9" * 5000 + "}", "not valid JSON"),
        ('{"format": ' + "9" * 30 + "}", "out of range"),
        ("[" * 100_000 + "]" * 100_000, "nested"),
        ('{"a": ' * 40 + "1" + "}" * 40, "nested"),
        ('{"format": NaN}', "not valid JSON"),
        ('{"format": Infinity}', "not valid JSON"),
        (b"\xff\xfe{".decode("latin-1"), "not"),
    ],
)
def test_a_hostile_file_is_one_clear_error(
    tmp_path: Path, export: dict[str, Any], raw: str, match: str
) -> None:
    _refused(tmp_path, None, match, raw=raw)


def test_a_file_over_the_size_cap_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from core.store import import_reading

    monkeypatch.setattr(import_reading, "MAX_IMPORT_BYTES", 1024)
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"pad": "x" * 4096}))
    with HistoryStore(tmp_path / "b.sqlite") as store, pytest.raises(InputError, match="MiB"):
        import_json(store, path)


@pytest.mark.skipif(sys.platform == "win32", reason="/dev/zero")
def test_a_device_is_not_read(tmp_path: Path) -> None:
    with HistoryStore(tmp_path / "b.sqlite") as store, pytest.raises(InputError, match="regular"):
        import_json(store, Path("/dev/zero"))


def test_the_history_itself_is_not_imported(tmp_path: Path) -> None:
    with HistoryStore(tmp_path / "b.sqlite") as store, pytest.raises(InputError, match="itself"):
        import_json(store, tmp_path / "b.sqlite")


def test_the_bounds_are_documented() -> None:
    assert import_checks.MAX_DEPTH >= 8
    assert import_checks.MAX_INTEGER == 2**63 - 1
