"""The one unit policy for memory, shared by the CLI and the desktop app.

Memory is shown in GiB, the binary unit: 1 GiB = 2^30 bytes (IEC 80000-13). Estimates, the VRAM
of an offer, headroom and shortfalls all use it, so "needs 74.5 GiB" and "80 GiB GPU" compare
directly. The catalog states VRAM in GiB (``GpuOffer.vram_gib``) and bandwidth in GB/s
(10^9 bytes per second, the vendors' unit); only memory sizes follow this policy.
"""

from __future__ import annotations

import re

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


_MEMORY_IN_LABEL = re.compile(r",?\s*\b\d+(?:\.\d+)?\s?GB\b")


def vendor_label(name: str) -> str:
    """A catalog display name without the memory vendors write in it ("80GB", which is GiB).

    Args:
        name: The offer's display name from the catalog (``GpuOffer.name``).

    Returns:
        The name without its memory figure, e.g. ``NVIDIA H100 SXM`` for ``NVIDIA H100 SXM 80GB``.
    """
    label = _MEMORY_IN_LABEL.sub("", name)
    label = re.sub(r"\(\s*,?\s*", "(", label).replace("()", "")
    return re.sub(r"\s{2,}", " ", label).strip()


def offer_text(name: str, vram_gib: float) -> str:
    """A GPU offer as users see it: its vendor label and its memory, e.g. ``H100 SXM · 80 GiB``.

    Args:
        name: The offer's display name from the catalog (``GpuOffer.name``).
        vram_gib: The offer's memory in GiB (``GpuOffer.vram_gib``).

    Returns:
        The label and the memory in the policy's unit.
    """
    return f"{vendor_label(name)} · {vram_gib:g} {UNIT}"


_OFFER_TEXT = re.compile(r"^(?P<label>.+) · (?P<gib>\d+(?:\.\d+)?) " + re.escape(UNIT) + "$")


def split_offer_text(text: str) -> tuple[str, float] | None:
    """The vendor label and GiB of a text :func:`offer_text` made, else None.

    A finding names its GPU with :func:`offer_text`; an interface in another language writes
    the unit its own way (``NVIDIA L4 · 24 ГиБ``).
    """
    match = _OFFER_TEXT.match(text)
    return (match["label"], float(match["gib"])) if match else None
