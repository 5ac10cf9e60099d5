"""The search behind every limit: the largest size whose memory still fits, for any monotone memory.

:func:`largest_fitting` keeps a bracket ``lo`` (fits) .. ``hi`` (does not) and probes where the
line through the last two probes crosses zero (the secant method; the bracket's own line when that
falls outside it), and halves the bracket instead after three probes that did not each at least
halve it. Memory linear in the size is solved in about four probes, a curved one in a handful
more, and any non-decreasing memory in at most about four times the probes of bisection.
"""

from __future__ import annotations

from collections.abc import Callable


def largest_fitting(
    headroom: Callable[[int], int],
    low: int,
    high: int,
    *,
    known: tuple[int, int] | None = None,
) -> tuple[int, int]:
    """The largest ``x`` in ``low..high`` with ``headroom(x) >= 0``, for non-increasing headroom.

    Args:
        headroom: Usable minus needed bytes at ``x``; never increases as ``x`` grows.
        low: Smallest value considered.
        high: Largest value considered.
        known: ``(x, headroom(x))`` already computed, which narrows the bracket for free.

    Returns:
        ``(value, probes)``: ``low - 1`` when even ``low`` does not fit, and how many times
        ``headroom`` was called.
    """
    probes = 0
    seen: list[tuple[int, int]] = []  # every (x, headroom) probed, in order

    def probe_at(x: int) -> int:
        nonlocal probes
        probes += 1
        value = headroom(x)
        seen.append((x, value))
        return value

    lo: int | None = None
    hi: int | None = None
    h_lo = h_hi = 0
    if known is not None and low <= known[0] <= high:
        seen.append(known)
        if known[1] >= 0:
            lo, h_lo = known
        else:
            hi, h_hi = known
    if hi is None:
        h_hi = probe_at(high)
        if h_hi >= 0:
            return high, probes
        hi = high
    if lo is None:
        h_lo = probe_at(low)
        if h_lo < 0:
            return low - 1, probes
        lo = low
    stale = 0  # consecutive probes that did not halve the bracket; bisect after three
    while hi - lo > 1:
        width = hi - lo
        if stale >= 3:
            x, stale = lo + width // 2, 0
        else:
            guess = _secant(seen[-2:], lo, hi)
            if guess is None:  # the bracket's own line
                guess = lo + (width * h_lo) // (h_lo - h_hi)
            x = min(max(guess, lo + 1), hi - 1)
        value = probe_at(x)
        if value >= 0:
            lo, h_lo = x, value
        else:
            hi, h_hi = x, value
        stale = stale + 1 if (hi - lo) * 2 > width else 0
    return lo, probes


def _secant(points: list[tuple[int, int]], lo: int, hi: int) -> int | None:
    """Where the line through the last two probes crosses zero, when that is inside the bracket."""
    if len(points) < 2:
        return None
    (x0, h0), (x1, h1) = points
    if h0 == h1:
        return None
    # x1 - h1·(x1 - x0)/(h1 - h0), rounded down (the integer that may still fit)
    x = x1 + (h1 * (x1 - x0)) // (h0 - h1)
    return x if lo <= x < hi else None
