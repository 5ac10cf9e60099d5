"""The planner as Python functions for notebooks and scripts: ``from core.app.api import estimate``.

A stable facade over the engine that gives the same answers as the command line. A request is a
:class:`~core.domain.request.PlanRequest` or its JSON as a ``dict``; the catalog and the tax rate
are the user's (as in the app's settings) unless given. Bad input raises an
:class:`~core.base.errors.InputError` naming the field, except in :func:`estimate_many`, which
answers each request with its estimate or its error and never stops.

Example::

    from core.app.api import estimate, plan

    result = estimate({"model": {"preset": "llama-3.1-70b"}, "gpu": "h100-80gb-sxm"})
    print(result.fits, result.memory.total)
    best = plan({"model": {"preset": "llama-3.1-70b"}}).options[0]
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from decimal import Decimal
from pathlib import Path
from typing import Any

from core.app.batch import answer, estimate_lines
from core.app.settings import active_catalog, load_settings
from core.domain.catalog import Catalog
from core.domain.request import PlanRequest
from core.domain.request_parsing import load_request_file, parse_request
from core.estimate.dispatch import estimate as _estimate
from core.estimate.results import EstimateResult
from core.planning.planner import Plan, RankBy, plan_to_json
from core.planning.planner import plan as _plan
from core.planning.traffic import plan_traffic
from core.planning.traffic.report import parse_profile, traffic_to_json

__all__ = [
    "Catalog",
    "EstimateResult",
    "Plan",
    "PlanRequest",
    "catalog",
    "estimate",
    "estimate_json",
    "estimate_many",
    "load_request",
    "plan",
    "plan_json",
    "plan_traffic_json",
    "request",
]

Request = PlanRequest | Mapping[str, Any]


def request(raw: Request) -> PlanRequest:
    """A validated request from its JSON (a ``dict``); a :class:`PlanRequest` is returned as is."""
    return raw if isinstance(raw, PlanRequest) else parse_request(dict(raw))


def load_request(path: str | Path) -> PlanRequest:
    """Read a request file; relative model file paths are found beside it."""
    return load_request_file(path)


def catalog() -> Catalog:
    """The catalog the user's settings choose (the bundled one by default)."""
    return active_catalog(load_settings())


def _context(given: Catalog | None, tax_rate: Decimal | None) -> tuple[Catalog, Decimal]:
    """The catalog and tax rate given, else those of the user's settings."""
    if given is not None and tax_rate is not None:
        return given, tax_rate
    settings = load_settings()
    chosen = given if given is not None else active_catalog(settings)
    return chosen, tax_rate if tax_rate is not None else settings.tax_rate


def estimate(raw: Request, *, catalog: Catalog | None = None) -> EstimateResult:
    """Per-GPU memory, fit and findings of one request on its GPU (or the cheapest that fits)."""
    chosen, _rate = _context(catalog, Decimal(0))  # no price, so no tax rate
    return _estimate(request(raw), chosen)


def estimate_json(
    raw: Request,
    *,
    catalog: Catalog | None = None,
    tax_rate: Decimal | None = None,
    utilization: Decimal = Decimal(1),
) -> dict[str, Any]:
    """One estimate exactly as ``anchorgpu-planner estimate --json`` prints it.

    With its price, its limits and the cost of its outcome at ``utilization`` (as
    ``--utilization``).
    """
    chosen, rate = _context(catalog, tax_rate)
    return answer(request(raw), chosen, rate, utilization=utilization).as_json()


def estimate_many(
    requests: Iterable[Request],
    *,
    catalog: Catalog | None = None,
    tax_rate: Decimal | None = None,
    utilization: Decimal = Decimal(1),
) -> Iterator[dict[str, Any]]:
    """One answer per request, in order, as ``estimate --requests`` prints them.

    Each answer is the estimate's JSON with ``"line"`` (the request's position, from 1), or
    ``{"line": N, "error": {...}}`` for a request that could not be estimated. The settings and
    the catalog are read once for the whole batch.
    """
    chosen, rate = _context(catalog, tax_rate)

    def numbered() -> Iterator[tuple[int, bytes | None]]:
        for number, raw in enumerate(requests, start=1):
            if isinstance(raw, PlanRequest):
                raw = raw.model_dump(mode="json")
            yield number, json.dumps(raw).encode()

    return estimate_lines(numbered(), chosen, rate, utilization=utilization)


def plan(
    raw: Request,
    *,
    rank_by: RankBy = "total",
    catalog: Catalog | None = None,
    tax_rate: Decimal | None = None,
) -> Plan:
    """Every offer × GPU count × strategy for a request; feasible options ranked, best first."""
    chosen, rate = _context(catalog, tax_rate)
    return _plan(request(raw), chosen, rank_by=rank_by, tax_rate=rate)


def plan_json(
    raw: Request,
    *,
    rank_by: RankBy = "total",
    catalog: Catalog | None = None,
    tax_rate: Decimal | None = None,
) -> dict[str, Any]:
    """A plan exactly as ``anchorgpu-planner plan --json`` prints it."""
    return plan_to_json(plan(raw, rank_by=rank_by, catalog=catalog, tax_rate=tax_rate))


def plan_traffic_json(
    raw: Request,
    profile: Mapping[str, Any] | None = None,
    *,
    catalog: Catalog | None = None,
    tax_rate: Decimal | None = None,
) -> dict[str, Any]:
    """A traffic plan exactly as ``plan --traffic FILE --json`` prints it.

    ``profile`` is the traffic profile as a ``dict``; the request's own ``traffic`` when None.

    Raises:
        InputError: A bad profile, or a target no option meets (naming the field).
    """
    chosen, rate = _context(catalog, tax_rate)
    given = parse_profile(dict(profile)) if profile is not None else None
    answer = plan_traffic(request(raw), given, chosen, tax_rate=rate)
    return traffic_to_json(answer.require_reachable())
