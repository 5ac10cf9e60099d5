"""The History page for the README's screenshots: a few realistic quotes and orders, one selected.

Every quote is estimated, priced and snapshotted by ``core`` exactly as the wizard would do it; the
orders are placed and stopped through the store. Times are fixed, so the pictures do not change
from one run to the next.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QTableView, QWidget

from core.domain.catalog import Catalog
from core.domain.request import PlanRequest
from core.estimate.dispatch import estimate
from core.quotes.quote import Quote, quote_estimate
from core.store import HistoryStore
from gui.history.history_table_model import LABEL, ROW_ROLE, STATUS
from gui.history.history_view import HistoryView
from gui.store_service import StoreService

SHOT_NOW = datetime(2026, 11, 20, 9, 30, tzinfo=UTC)
WAIT_MS = 5000

# label, request, quoted how long before SHOT_NOW, then: saved, placed, stopped or expired
SAMPLES: list[tuple[str, dict[str, Any], timedelta, str]] = [
    (
        "Support chatbot, Llama 70B",
        {
            "workload": "inference",
            "model": {"preset": "llama-3.1-70b"},
            "precision": {"weights": "fp8", "kv_cache": "fp8"},
            "inference": {"context_tokens": 8192, "concurrent_sequences": 16},
            "parallelism": {"strategy": "tensor", "gpus": 2},
            "gpu": "h100-80gb-sxm",
            "term": {"unit": "month", "count": 1},
        },
        timedelta(days=4, hours=3),
        "placed",
    ),
    (
        "Mistral 7B LoRA fine-tune",
        {
            "workload": "training",
            "model": {"preset": "mistral-7b"},
            "training": {
                "method": "lora",
                "micro_batch_size": 2,
                "sequence_length": 4096,
                "activation_checkpointing": True,
            },
            "parallelism": {"strategy": "ddp", "gpus": 2},
            "gpu": "a100-80gb",
            "term": {"unit": "week", "count": 1},
            "storage_gb": 0,
        },
        timedelta(days=3, hours=6),
        "stopped",
    ),
    (
        "SDXL product shots",
        {
            "workload": "diffusion",
            "model": {"preset": "sdxl"},
            "diffusion": {"batch_size": 4, "vae_tiling": True},
            "gpu": "l4",
            "term": {"unit": "day", "count": 3},
        },
        timedelta(days=9),
        "expired",
    ),
    (
        "Docs search, Qwen2.5 7B",
        {
            "workload": "inference",
            "model": {"preset": "qwen2.5-7b"},
            "inference": {"context_tokens": 16384, "concurrent_sequences": 8},
            "gpu": "l40s",
            "term": {"unit": "week", "count": 2},
        },
        timedelta(days=1, hours=2),
        "saved",
    ),
    (
        "Qwen2.5 72B on MI300X",
        {
            "workload": "inference",
            "model": {"preset": "qwen2.5-72b"},
            "inference": {"context_tokens": 16384, "concurrent_sequences": 4},
            "gpu": "mi300x",
            "term": {"unit": "week", "count": 1},
        },
        timedelta(hours=5),
        "saved",
    ),
    (
        "FLUX.1 batch renders",
        {
            "workload": "diffusion",
            "model": {"preset": "flux.1-dev"},
            "diffusion": {"batch_size": 2},
            "gpu": "h100-80gb-pcie",
            "term": {"unit": "week", "count": 1},
        },
        timedelta(days=2, hours=1),
        "placed",
    ),
    (
        "Gemma 2 9B evaluation",
        {
            "workload": "inference",
            "model": {"preset": "gemma-2-9b"},
            "inference": {"context_tokens": 8192, "concurrent_sequences": 4},
            "gpu": "a10",
            "parallelism": {"strategy": "tensor", "gpus": 2},
            "term": {"unit": "day", "count": 2},
        },
        timedelta(days=12),
        "expired",
    ),
    (
        "Llama 405B capacity check",
        {
            "workload": "inference",
            "model": {"preset": "llama-3.1-405b"},
            "precision": {"weights": "fp8", "kv_cache": "fp8"},
            "inference": {"context_tokens": 8192, "concurrent_sequences": 8},
            "parallelism": {"strategy": "tensor", "gpus": 8},
            "gpu": "h200-141gb",
            "term": {"unit": "day", "count": 1},
        },
        timedelta(days=6, hours=2),
        "saved",
    ),
]


def sample_quote(catalog: Catalog, label: str, raw: dict[str, Any], quoted_at: datetime) -> Quote:
    """Estimate, price and snapshot one request as the wizard would."""
    request = PlanRequest.model_validate(raw)
    result = estimate(request, catalog)
    return quote_estimate(result, catalog, tax_rate=Decimal("0.2"), now=quoted_at, label=label)


def fill_sample_history(path: Path, catalog: Catalog) -> None:
    """Write the samples into the history at ``path``."""
    moment = SHOT_NOW

    def clock() -> datetime:
        return moment

    with HistoryStore(path, clock=clock) as store:
        if store.count_history():
            return  # filled by an earlier shot of this run
        for number, (label, raw, age, fate) in enumerate(SAMPLES):
            moment = SHOT_NOW - age
            quote = sample_quote(catalog, label, raw, moment)
            if fate == "saved":
                store.save_quote(quote)
                continue
            order = store.place_order(quote, f"sample-{number}").order
            if fate == "stopped":
                moment = SHOT_NOW - age + timedelta(days=1, hours=4)
                store.stop_order(order.id)


def _wait(signal: Any) -> None:
    """Run the event loop until ``signal`` or a timeout."""
    loop = QEventLoop()
    timer = QTimer()
    timer.setSingleShot(True)
    timer.timeout.connect(loop.quit)
    signal.connect(loop.quit)
    timer.start(WAIT_MS)
    loop.exec()
    signal.disconnect(loop.quit)


def history_with_order(window: Any, state: Any) -> QWidget:
    """The main window on a sample history with an order selected (``window.set_page`` API)."""
    opening = window.page("history")
    if isinstance(opening, HistoryView) and not opening.store_service.is_open:
        _wait(opening.store_service.opened)  # it creates the file: let it finish first
    fill_sample_history(state.db_path, state.catalog)
    # The picture's statuses and time left are as of SHOT_NOW, so the view reads through a
    # service on that clock instead of the window's.
    service = StoreService(state.db_path, clock=lambda: SHOT_NOW)
    view = HistoryView(state, service, clock=lambda: SHOT_NOW)
    service.setParent(view)
    window.set_page("history", view)
    window.show_page("history")
    _wait(view.model.pageLoaded)
    table = view.findChild(QTableView, "historyTable")
    proxy = table.model()
    for row in range(proxy.rowCount()):
        shown = proxy.index(row, STATUS).data(ROW_ROLE)
        if shown.status == "stopped" and proxy.index(row, LABEL).data():
            table.selectRow(row)
            break
    _wait(view.detailShown)
    return window
