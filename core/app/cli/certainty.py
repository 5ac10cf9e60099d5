"""How the command line's tables mark a per-GPU total that is not counted exactly.

An estimate of a model the planner does not count exactly carries a range
(:class:`core.estimate.results.ApproximateMemory`); when the usable memory lies inside it the fit
is ``uncertain`` (:func:`core.estimate.results.finish_result`). ``estimate`` prints both in words;
the tables of ``plan`` and ``fit`` mark the cell with ``~`` (approximate) or ``?`` (approximate and
the fit uncertain) and explain the marks once below the table.
"""

from __future__ import annotations

from collections.abc import Iterable

from core.base.units import UNIT, gib
from core.capacity.kv_pool import runs_fewer
from core.estimate.results import EstimateResult

APPROXIMATE, UNCERTAIN = "~", "?"


def mark(result: EstimateResult) -> str:
    """The mark of ``result``'s per-GPU total: "", ``~`` or ``?``."""
    if result.fit_certainty == "uncertain":
        return UNCERTAIN
    return APPROXIMATE if result.approximate is not None else ""


def per_gpu(result: EstimateResult, width: int) -> str:
    """The per-GPU total in GiB, right-aligned in ``width`` characters with its mark."""
    return f"{mark(result) + format(gib(result.memory.total), '.1f'):>{width - len(UNIT)}}{UNIT}"


def footnote(results: Iterable[EstimateResult]) -> list[str]:
    """The line explaining the marks used among ``results`` (none when none is marked)."""
    marked = [r for r in results if r.approximate is not None]
    if not marked:
        return []
    reasons = "; ".join(dict.fromkeys(r.approximate.reason for r in marked if r.approximate))
    text = f"{APPROXIMATE} approximate: {reasons} not counted exactly (`estimate` shows the range)"
    if any(r.fit_certainty == "uncertain" for r in marked):
        text += f"; {UNCERTAIN} that range crosses the usable memory: the fit is uncertain"
    return [f"  ({text})"]


def uncertain_note(result: EstimateResult) -> str:
    """For a layout that does not fit by its point estimate but might: the range, else ""."""
    approx = result.approximate
    if result.fit_certainty != "uncertain" or approx is None:
        return ""
    return (
        f" ({UNCERTAIN} fit uncertain: {gib(approx.band_low):.1f}–{gib(approx.band_high):.1f} GiB"
        " per GPU)"
    )


def at_once_note(result: EstimateResult) -> str:
    """For a fitting vLLM layout that runs fewer sequences at once than asked: say how many."""
    sequences = result.request.inference.concurrent_sequences
    at_once = runs_fewer(result.details, sequences) if result.fits else None
    if at_once is None:
        return ""
    return f"  ({at_once:,} of {sequences:,} sequences at once)"
