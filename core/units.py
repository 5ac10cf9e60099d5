"""The one unit policy for memory, shared by the CLI and the desktop app.

Memory is shown in GiB, the binary unit: 1 GiB = 2^30 bytes (IEC 80000-13). Estimates, the VRAM
of an offer, headroom and shortfalls all use it, so "needs 74.5 GiB" and "80 GiB GPU" compare
directly. The catalog states VRAM in GiB (``GpuOffer.vram_gib``) and bandwidth in GB/s
(10^9 bytes per second, the vendors' unit); only memory sizes follow this policy.
"""

from __future__ import annotations

GIB = 1024**3
"""Bytes in one GiB."""

UNIT = "GiB"
"""The unit's symbol as the CLI prints it (the app translates it)."""


def gib(value: float) -> float:
    """Bytes as GiB.

    Args:
        value: A size in bytes.

    Returns:
        The size in GiB.
    """
    return value / GIB


def gib_text(value: float, digits: int = 1) -> str:
    """Bytes as CLI text, e.g. ``74.5 GiB``.

    Args:
        value: A size in bytes.
        digits: Decimals to show.

    Returns:
        The size in GiB with its unit.
    """
    return f"{value / GIB:,.{digits}f} {UNIT}"


def offer_text(name: str, vram_gib: float) -> str:
    """A GPU offer as users see it: its vendor label and its memory, e.g. ``H100 SXM · 80 GiB``.

    Args:
        name: The offer's display name from the catalog (``GpuOffer.name``).
        vram_gib: The offer's memory in GiB (``GpuOffer.vram_gib``).

    Returns:
        The label and the memory in the policy's unit.
    """
    return f"{name} · {vram_gib:g} {UNIT}"
