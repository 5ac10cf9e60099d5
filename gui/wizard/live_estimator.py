"""Keeps the estimate and the ranked options in step with the wizard's fields as the user types.

Every edit restarts a short single-shot timer; when it fires the request is rebuilt and validated.
The estimate on the current GPU (a fraction of a millisecond per offer, measured by
``tests/benchmarks/bench_gui.py``) runs on the GUI thread once the model is known; reading a model
(a preset file, a config.json, safetensors headers) and the planner's sweep of every offer run on
the thread pool through :class:`gui.worker.Worker`. A result that a newer edit has superseded is
dropped.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from decimal import Decimal
from types import ModuleType
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from core.base.errors import InputError, PlannerError
from core.domain.catalog import Catalog
from core.domain.request import Parallelism, PlanRequest
from core.estimate.dispatch import estimate, resolve
from core.estimate.results import EstimateResult
from gui.worker import Worker

if TYPE_CHECKING:
    from core.model.models import ResolvedModel
    from core.planning.limit_curve import LimitCurve
    from core.planning.limits import Limits
    from core.planning.planner import Plan
    from core.pricing.outcome import OutcomeCost

    Outcome = tuple[Limits | None, OutcomeCost | None, dict[str, LimitCurve]]

DEBOUNCE_MS = 40
# The planner starts this long after the estimate, so that the panel repaints first: a Python
# thread holds the GIL in turns with the GUI thread, and would slow the repaint it overlaps.
PLAN_DELAY_MS = 20
MODEL_CACHE_SIZE = 16


# The two calls below run on the thread pool after an estimate. The limits, the outcome's pricing
# and the planner come with gui.wizard.pool_work, imported by the pool thread that first runs
# them, so that the first estimate waits for none of them (some 20 ms, measured with
# ``time.process_time``).
def _pool_work() -> ModuleType:
    from gui.wizard import pool_work  # seam: loaded on the pool thread, after the estimate

    return pool_work


def solve_outcome(
    result: EstimateResult, model: ResolvedModel, catalog: Catalog, tax_rate: Decimal
) -> Outcome:
    """The limits of ``result``, the cost of its outcome for its term and its limit curves."""
    found: Outcome = _pool_work().solve_outcome(result, model, catalog, tax_rate)
    return found


def plan_with_limits(
    request: PlanRequest, catalog: Catalog, tax_rate: Decimal, model: ResolvedModel
) -> Plan:
    """The plan with every option's limits solved, on the thread pool: the table shows them all."""
    found: Plan = _pool_work().plan_with_limits(request, catalog, tax_rate, model)
    return found


def model_key(request: PlanRequest) -> str:
    """What identifies the model a request refers to."""
    return request.model.model_dump_json()


def plan_request(request: PlanRequest) -> PlanRequest:
    """The request the options are planned for: every offer and layout, whatever is chosen."""
    return request.model_copy(update={"gpu": None, "parallelism": Parallelism()})


class LiveEstimator(QObject):
    """Runs ``build()`` after edits and reports the request, its estimate and its plan."""

    invalid = Signal(object)  # InputError: the fields do not make a valid request
    validated = Signal(object)  # PlanRequest
    resolving = Signal()  # the model is being read
    modelFailed = Signal(object)  # PlannerError from reading the model
    estimated = Signal(object)  # EstimateResult
    limited = Signal()  # limits, outcome and curves of ``result`` are ready (or None)
    estimateFailed = Signal(object)  # PlannerError
    planning = Signal()
    planned = Signal(object)  # Plan
    planFailed = Signal(object)

    def __init__(
        self,
        build: Callable[[], PlanRequest],
        catalog: Callable[[], Catalog],
        tax_rate: Callable[[], Decimal],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._build = build
        self._catalog = catalog
        self._tax_rate = tax_rate
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self.refresh)
        self._plan_timer = QTimer(self)
        self._plan_timer.setSingleShot(True)
        self._plan_timer.setInterval(PLAN_DELAY_MS)
        self._plan_timer.timeout.connect(self._start_plan)
        self._pending_plan: tuple[PlanRequest, ResolvedModel] | None = None
        self._models: OrderedDict[str, ResolvedModel] = OrderedDict()
        self._resolver: tuple[str, Worker] | None = None
        self._planner: Worker | None = None
        self._limiter: tuple[EstimateResult, Worker] | None = None
        self._plan_key = ""
        self.request: PlanRequest | None = None
        self.result: EstimateResult | None = None
        self.limits: Limits | None = None  # of ``result``: how far it goes on its offer
        self.outcome: OutcomeCost | None = None  # of ``result`` priced for the request's term
        # memory against the context and the concurrency (inference), by name
        self.curves: dict[str, LimitCurve] = {}
        self.plan: Plan | None = None

    @property
    def busy(self) -> bool:
        """Whether an edit, a model read or a plan is still to be reported."""
        return (
            self._timer.isActive()
            or self._plan_timer.isActive()
            or self._resolver is not None
            or self._planner is not None
            or self._limiter is not None
        )

    @property
    def reading_model(self) -> bool:
        """Whether the model of the latest request is being read."""
        return self._resolver is not None

    def schedule(self) -> None:
        """Refresh shortly (edits in quick succession refresh once)."""
        self._timer.start()

    def flush(self) -> None:
        """Run a scheduled refresh now."""
        if self._timer.isActive():
            self._timer.stop()
            self.refresh()

    def invalidate(self) -> None:
        """Forget the plan (the catalog or the tax rate changed) and refresh."""
        self._plan_key = ""
        self.schedule()

    def stop(self) -> None:
        """Drop pending work and every result still to come (the app is quitting).

        Nothing is waited for: a read or a plan still running is left to the app's exit (see
        ``gui.app``), which does not wait for it either.
        """
        self._timer.stop()
        self._plan_timer.stop()
        self._pending_plan = None
        limiter = self._limiter[1] if self._limiter else None
        for worker in (self._planner, self._resolver[1] if self._resolver else None, limiter):
            if worker is not None:
                worker.cancel()
        self._planner = self._resolver = None
        self._limiter = None

    def model_for(self, request: PlanRequest) -> ResolvedModel | None:
        """The model of ``request`` if it has been read."""
        return self._models.get(model_key(request))

    def forget_model(self, request: PlanRequest) -> None:
        """Read the model again next time (its file was chosen again)."""
        self._models.pop(model_key(request), None)

    def refresh(self) -> None:
        """Rebuild the request and update what depends on it."""
        self._timer.stop()
        self._pending_plan = None
        try:
            request = self._build()
        except InputError as error:
            self.request = self.result = None
            self._drop_plan_unless(None)
            self.invalid.emit(error)
            return
        self.request = request
        self._drop_plan_unless(request)
        self.validated.emit(request)
        key = model_key(request)
        model = self._models.get(key)
        if model is None:
            self.result = None
            self._resolve(request, key)
            return
        self._models.move_to_end(key)
        self._estimate(request, model)
        self._pending_plan = (request, model)
        self._plan_timer.start()

    def _resolve(self, request: PlanRequest, key: str) -> None:
        if self._resolver is not None:
            if self._resolver[0] == key:
                return  # already being read; its result triggers a refresh
            self._resolver[1].cancel()
        worker = Worker(resolve, request)
        # Bound methods, not lambdas: a result that arrives after this object is gone is dropped.
        worker.succeeded.connect(self._on_resolver_succeeded)
        worker.failed.connect(self._on_resolver_failed)
        self._resolver = (key, worker)
        self.resolving.emit()
        worker.start()

    def _on_resolver_succeeded(self, model: ResolvedModel) -> None:
        if self._resolver is None:
            return
        key, self._resolver = self._resolver[0], None
        self._models[key] = model
        while len(self._models) > MODEL_CACHE_SIZE:
            self._models.popitem(last=False)
        self.refresh()

    def _on_resolver_failed(self, error: Exception) -> None:
        if self._resolver is None:
            return
        key, self._resolver = self._resolver[0], None
        if self.request is not None and model_key(self.request) == key:
            self.modelFailed.emit(error)

    def _estimate(self, request: PlanRequest, model: ResolvedModel) -> None:
        self.limits = self.outcome = None
        self.curves = {}
        try:
            self.result = estimate(request, self._catalog(), model=model)
        except PlannerError as error:
            self.result = None
            self.estimateFailed.emit(error)
            return
        self.estimated.emit(self.result)

    def _limits(self, result: EstimateResult, model: ResolvedModel) -> None:
        """Solve the limits and price the outcome of ``result`` on the thread pool."""
        if self._limiter is not None:
            self._limiter[1].cancel()
        worker = Worker(solve_outcome, result, model, self._catalog(), self._tax_rate())
        worker.succeeded.connect(self._on_limiter_succeeded)
        worker.failed.connect(self._on_limiter_failed)
        self._limiter = (result, worker)
        worker.start()

    def _on_limiter_succeeded(self, found: Outcome) -> None:
        if self._limiter is None:
            return
        result, self._limiter = self._limiter[0], None
        if result is self.result:
            self.limits, self.outcome, self.curves = found
            self.limited.emit()

    def _on_limiter_failed(self, _error: Exception) -> None:
        if self._limiter is None:
            return
        result, self._limiter = self._limiter[0], None
        if result is self.result:
            self.limited.emit()  # nothing to show: the estimate says why

    def _start_plan(self) -> None:
        if self._pending_plan is not None:
            request, model = self._pending_plan
            self._pending_plan = None
            if self.result is not None and self.result.request is request:
                self._limits(self.result, model)  # after the panel's repaint, like the plan
            self._plan(request, model)

    def _plan_key_for(self, request: PlanRequest) -> str:
        catalog = self._catalog()
        planned = plan_request(request).canonical_json()
        return f"{catalog.catalog_id}|{catalog.as_of}|{self._tax_rate()}|{planned}"

    def _drop_plan_unless(self, request: PlanRequest | None) -> None:
        """Cancel the plan being computed unless it is the one ``request`` needs.

        A plan for an older input must never be shown, even while the new input waits for its
        model or does not validate.
        """
        if self._planner is None:
            return
        if request is not None and self._plan_key_for(request) == self._plan_key:
            return
        self._planner.cancel()
        self._planner = None
        self._plan_key = ""

    def _plan(self, request: PlanRequest, model: ResolvedModel) -> None:
        planned = plan_request(request)
        catalog, tax = self._catalog(), self._tax_rate()
        key = self._plan_key_for(request)
        if key == self._plan_key:
            return  # choosing an offer or a layout does not change the options
        self._plan_key = key
        if self._planner is not None:
            self._planner.cancel()
        worker = Worker(plan_with_limits, planned, catalog, tax, model)
        worker.succeeded.connect(self._on_planner_succeeded)
        worker.failed.connect(self._on_planner_failed)
        self._planner = worker
        self.planning.emit()
        worker.start()

    def _on_planner_succeeded(self, result: Plan) -> None:
        self._planner = None
        self.plan = result
        self.planned.emit(result)

    def _on_planner_failed(self, error: Exception) -> None:
        self._planner = None
        self._plan_key = ""
        self.plan = None
        self.planFailed.emit(error)
