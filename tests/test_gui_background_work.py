"""Background work in the GUI is superseded by newer input: an older result is never shown.

A plan that a newer edit superseded is dropped even when it finishes last; work still waiting in
the pool's queue is taken out and never runs, so superseded work does not pile up.
"""

from __future__ import annotations

import copy
import threading
import time
from decimal import Decimal
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QThreadPool

from core.base.errors import InputError
from core.domain.catalog import default_catalog
from core.domain.request import PlanRequest
from core.domain.request_parsing import parse_request
from gui.wizard import live_estimator
from gui.wizard.live_estimator import LiveEstimator
from gui.worker import Worker

BASE = {
    "workload": "inference",
    "model": {"preset": "llama-3.1-8b"},
    "inference": {"context_tokens": 8192, "concurrent_sequences": 4},
    "gpu": "l40s",
    "term": {"unit": "day", "count": 3},
}


def request_with(context_tokens: int) -> PlanRequest:
    data = copy.deepcopy(BASE)
    data["inference"]["context_tokens"] = context_tokens
    return parse_request(data)


class SlowFirstPlan:
    """Stands in for the planner's call: the plan for ``slow_context`` waits for a gate."""

    def __init__(self, slow_context: int) -> None:
        self.slow_context = slow_context
        self.started = threading.Event()
        self.gate = threading.Event()

    def __call__(self, request: PlanRequest, *_args: Any, **_kwargs: Any) -> str:
        context = request.inference.context_tokens
        if context == self.slow_context:
            self.started.set()
            self.gate.wait(30)
        return f"plan for {context}"


@pytest.fixture
def slow_plan(monkeypatch: pytest.MonkeyPatch) -> SlowFirstPlan:
    fake = SlowFirstPlan(8192)
    monkeypatch.setattr(live_estimator, "plan_with_limits", fake)
    return fake


@pytest.fixture
def estimator(qapp) -> tuple[LiveEstimator, list[object], list[PlanRequest | None]]:
    """An estimator over the request in ``current[0]``, recording every plan it reports."""
    current: list[PlanRequest | None] = [request_with(8192)]

    def build() -> PlanRequest:
        if current[0] is None:
            raise InputError("context_tokens must be positive")
        return current[0]

    live = LiveEstimator(build, default_catalog, lambda: Decimal("0"))
    shown: list[object] = []
    live.planned.connect(shown.append)
    yield live, shown, current
    live.stop()


def finish_background_work() -> None:
    """Let every pool call end and deliver what it reports (no fixed sleep)."""
    assert QThreadPool.globalInstance().waitForDone(30_000)
    QCoreApplication.processEvents()
    QCoreApplication.processEvents()


def start_slow_plan(qtbot, live: LiveEstimator, slow_plan: SlowFirstPlan) -> None:
    live.refresh()  # reads the model on the pool, then estimates and starts the plan
    qtbot.waitUntil(slow_plan.started.is_set, timeout=20_000)


def test_a_plan_superseded_by_a_newer_edit_is_never_shown(qtbot, estimator, slow_plan):
    live, shown, current = estimator
    start_slow_plan(qtbot, live, slow_plan)
    current[0] = request_with(4096)
    with qtbot.waitSignal(live.planned, timeout=20_000) as newer:
        live.refresh()
    assert newer.args == ["plan for 4096"]
    slow_plan.gate.set()  # the older plan ends last
    finish_background_work()
    assert shown == ["plan for 4096"]
    assert live.plan == "plan for 4096"


def test_a_plan_is_dropped_when_the_fields_stop_validating(qtbot, estimator, slow_plan):
    live, shown, current = estimator
    start_slow_plan(qtbot, live, slow_plan)
    current[0] = None
    with qtbot.waitSignal(live.invalid, timeout=5000):
        live.refresh()
    slow_plan.gate.set()
    finish_background_work()
    assert shown == []
    assert live.plan is None
    assert not live.busy


def test_quitting_drops_the_running_plan_without_waiting_for_it(qtbot, estimator, slow_plan):
    live, shown, _current = estimator
    start_slow_plan(qtbot, live, slow_plan)
    began = time.monotonic()
    live.stop()  # returns while the plan still runs: the gate is still closed
    assert time.monotonic() - began < 0.5
    assert not slow_plan.gate.is_set() and not live.busy
    slow_plan.gate.set()
    finish_background_work()
    assert shown == []


def test_a_cancelled_call_still_queued_never_runs(qtbot):
    pool = QThreadPool()
    pool.setMaxThreadCount(1)
    gate = threading.Event()
    ran: list[str] = []
    delivered: list[object] = []
    busy = Worker(gate.wait, 30)
    busy.start(pool)
    queued = Worker(ran.append, "ran")
    queued.succeeded.connect(delivered.append)
    queued.failed.connect(delivered.append)
    queued.start(pool)
    with qtbot.waitSignal(queued.finished, timeout=5000):
        queued.cancel()
    gate.set()
    assert pool.waitForDone(10_000)
    QCoreApplication.processEvents()
    assert ran == [] and delivered == []
