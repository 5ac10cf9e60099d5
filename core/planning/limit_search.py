"""The search behind every limit: the largest size whose memory still fits, for any monotone memory.

:func:`largest_fitting` keeps a bracket ``lo`` (fits) .. ``hi`` (does not) and probes where the
line through the last two probes crosses zero (the secant method; the bracket's own line when that
falls outside it), and halves the bracket instead after three probes that did not each at least
halve it. Memory linear in the size is solved in about four probes, a curved one in a handful
more, and any non-decreasing memory in at most about four times the probes of bisection. With
``power=2`` the lines are drawn against the size squared (an image's pixels grow with the square of
its side), which only moves the probes: every answer stays exact. With ``grain=16`` a guess is
moved down to the end of its 16-value block, and once the bracket's lower end is a block's end
the next value is tried first: memory that steps once per block (whole 16-token cache blocks)
is then solved in a probe or two past the line's guess, instead of walking into the block.
"""

from __future__ import annotations

from collections.abc import Callable
from math import isqrt
from typing import Literal

Power = Literal[1, 2]


def largest_fitting(
    headroom: Callable[[int], int],
    low: int,
    high: int,
    *,
    known: tuple[int, int] | None = None,
    power: Power = 1,
    grain: int = 1,
) -> tuple[int, int]:
    """The largest ``x`` in ``low..high`` with ``headroom(x) >= 0``, for non-increasing headroom.

    Args:
        headroom: Usable minus needed bytes at ``x``; never increases as ``x`` grows.
        low: Smallest value considered.
        high: Largest value considered.
        known: ``(x, headroom(x))`` already computed, which narrows the bracket for free.
        power: Interpolate against ``x ** power`` (2 where memory grows with the square).
        grain: The block memory may step by (guesses prefer block ends; 1 for none).

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
            guess = _secant(seen[-2:], lo, hi, power)
            if guess is None:  # the bracket's own line
                u_lo, u_hi = lo**power, hi**power
                guess = _root(u_lo + ((u_hi - u_lo) * h_lo) // (h_lo - h_hi), power)
            end = guess // grain * grain
            if end > lo:
                guess = end
            elif lo % grain == 0:
                guess = lo + 1  # the next block's first value: if it fails, lo is the answer
            x = min(max(guess, lo + 1), hi - 1)
        value = probe_at(x)
        if value >= 0:
            lo, h_lo = x, value
        else:
            hi, h_hi = x, value
        stale = stale + 1 if (hi - lo) * 2 > width else 0
    return lo, probes


def _secant(points: list[tuple[int, int]], lo: int, hi: int, power: Power) -> int | None:
    """Where the line through the last two probes crosses zero, when that is inside the bracket."""
    if len(points) < 2:
        return None
    (x0, h0), (x1, h1) = points
    if h0 == h1:
        return None
    u0, u1 = x0**power, x1**power
    # u1 - h1·(u1 - u0)/(h1 - h0), rounded down (the integer that may still fit)
    x = _root(u1 + (h1 * (u1 - u0)) // (h0 - h1), power)
    return x if lo <= x < hi else None


def _root(u: int, power: Power) -> int:
    """The largest integer whose ``power`` does not exceed ``u`` (-1 below zero)."""
    if power == 1:
        return u
    return isqrt(u) if u >= 0 else -1
