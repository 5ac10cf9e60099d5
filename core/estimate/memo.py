"""The parts of an estimate that a sweep of layouts would otherwise recompute for every layout.

A sweep (the planner's options, the whole-catalog benchmark, the limits' base estimates) runs one
request with one model on every offer × GPU count × strategy. Much of each estimate depends on
less than that: the model's findings and its per-kind cache totals on the model and the request
alone, the weights and the KV cache per GPU on the tensor-parallel degree, vLLM's start-up pool on
the offer and the degree. :func:`parts_of` keeps such parts, each computed once per request.

Why a result cannot go stale: an entry is keyed on the identity of the model and of every field
of the request but its layout (``parallelism`` and ``gpu``), and it holds those objects, so no
other object can take their ids while the entry lives. Models, offers and the request's sections
are frozen (dataclasses and pydantic models with ``frozen=True``), so the same objects always
give the same part. Within an entry each part is keyed on its name and on what it depends on
besides the request: the degree, the layout, the offer (by identity; the entry holds it too) or
a value. A request that differs in anything but its layout differs in one of the objects held
(pydantic's ``model_copy`` replaces the sections it updates), hence has an entry of its own.

The memo is bounded: it keeps the parts of at most :data:`REQUESTS` requests, forgetting first
the one it met first; a request's parts are the few its sweep asks for per offer and degree.
The estimates of a sweep share the parts' objects (findings, the profile's dict): nothing
changes a result after it is made (``EstimateResult`` is frozen and its details are only read).
Estimates on several threads may share the memo: a lock guards the changes of the table of
requests, and a part two threads compute at once is computed twice, to the same value.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from core.domain.catalog import GpuOffer
    from core.domain.request import PlanRequest
    from core.model.architecture import ModelArchitecture

T = TypeVar("T")
REQUESTS = 32  # requests (with their models) remembered, the first met forgotten first

_changing = threading.Lock()  # held while requests are added to or dropped from _entries
# id() of the model and of each field of the request but its layout -> (those objects, parts)
_entries: dict[tuple[int, ...], tuple[tuple[object, ...], Parts]] = {}


def _held(request: PlanRequest, arch: ModelArchitecture) -> tuple[object, ...]:
    """The model and every field of ``request`` an estimate may read, but its layout."""
    return (
        arch,
        request.workload,
        request.model,
        request.precision,
        request.inference,
        request.training,
        request.diffusion,
        request.runtime,
        request.platform,
        request.runtime_version,
        request.term,
        request.storage_gb,
    )


class Parts:
    """The parts remembered for one request and model (:func:`parts_of`)."""

    def __init__(self) -> None:
        self._found: dict[tuple[Hashable, int], tuple[object, Any]] = {}

    def get(self, part: Hashable, compute: Callable[[], T], gpu: GpuOffer | None = None) -> T:
        """``compute()``, computed once for this request and model whatever their layout.

        Args:
            part: The part's name and the values it depends on besides the request and the
                model (the tensor-parallel degree, say). ``compute`` must read nothing else of
                the request's layout.
            compute: Computes the part.
            gpu: The offer the part depends on, if any.
        """
        slot = (part, id(gpu))
        found = self._found.get(slot)
        if found is None:
            found = self._found[slot] = (gpu, compute())
        result: T = found[1]
        return result


def parts_of(request: PlanRequest, arch: ModelArchitecture) -> Parts:
    """The parts remembered for ``request`` and ``arch``; only the layout may differ between calls.

    Args:
        request: The request (its ``parallelism`` and ``gpu`` are not part of the key).
        arch: The model.
    """
    held = _held(request, arch)
    key = tuple(map(id, held))
    entry = _entries.get(key)
    if entry is None:
        with _changing:
            entry = _entries.get(key)
            if entry is None:
                while len(_entries) >= REQUESTS:
                    del _entries[next(iter(_entries))]
                entry = _entries[key] = (held, Parts())
    return entry[1]


def forget() -> None:
    """Drop every remembered part (tests compare estimates made with and without them)."""
    with _changing:
        _entries.clear()
