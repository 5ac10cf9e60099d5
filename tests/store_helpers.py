"""Builders shared by the store tests, and the worker functions their child processes run.

Quotes here are priced from the bundled catalog with a stand-in estimate, so store tests do not
depend on the capacity model. Worker functions live in this importable module because
``multiprocessing`` with the spawn method imports them by name in the child.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from core.domain.catalog import Catalog, default_catalog
from core.domain.request import PlanRequest
from core.pricing.prices import price_for
from core.quotes.quote import Quote, build_quote, parse_quote

NOW = datetime(2026, 11, 2, 10, 0, tzinfo=UTC)


def make_request(**changes: Any) -> PlanRequest:
    raw: dict[str, Any] = {
        "workload": "inference",
        "model": {"custom": {"params": 8_000_000_000}},
        "gpu": "h100-80gb-sxm",
        "term": {"unit": "week", "count": 1},
    }
    raw.update(changes)
    return PlanRequest.model_validate(raw)


def make_quote(
    *,
    label: str = "",
    now: datetime = NOW,
    gpu: str = "h100-80gb-sxm",
    gpus: int = 1,
    tax_rate: str = "0",
    storage_gb: int | None = None,
    model_name: str = "Custom 8B",
    fits: bool = True,
    catalog: Catalog | None = None,
    notes: str = "",
    **request_changes: Any,
) -> Quote:
    catalog = catalog or default_catalog()
    strategy = "single" if gpus == 1 else "fsdp"
    request = make_request(
        gpu=gpu, parallelism={"strategy": strategy, "gpus": gpus}, **request_changes
    )
    offer = catalog.gpu(gpu)
    price = price_for(
        catalog, offer, gpus, request.term, tax_rate=Decimal(tax_rate), storage_gb=storage_gb
    )
    estimate_json = {
        "model": {"id": "custom", "name": model_name},
        "strategy": strategy,
        "fits": fits,
        "gpus": gpus,
    }
    return build_quote(
        request, estimate_json, offer, gpus, catalog, price, label=label, now=now, notes=notes
    )


def race_place(db: str, quote_json: dict[str, Any], key: str, start: Any, results: Any) -> None:
    """Child process: wait for the start signal, then place one order."""
    from core.base.errors import PlannerError
    from core.store import HistoryStore

    quote = parse_quote(quote_json)
    start.wait()
    try:
        with HistoryStore(Path(db)) as store:
            result = store.place_order(quote, key)
        results.put(("ok", result.order.id, result.replayed))
    except PlannerError as error:
        results.put((type(error).__name__, str(error), None))


def crash_loop(db: str, log: str, prefix: str) -> None:
    """Child process: place orders forever; after each returns, log its key durably."""
    from core.store import HistoryStore

    quote = make_quote(label="crash")
    with HistoryStore(Path(db)) as store, open(log, "a", encoding="utf-8") as stream:
        number = 0
        while True:
            key = f"{prefix}-{number}"
            store.place_order(quote, key)
            stream.write(key + "\n")
            stream.flush()
            os.fsync(stream.fileno())
            number += 1
