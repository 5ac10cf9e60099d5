"""Price lines as the command line prints them: the compute line names its GPU offer.

Kept apart from :mod:`core.app.cli.output`, which ``--help`` and ``--version`` load: these need
core's message templates, which those two do not.
"""

from __future__ import annotations

from typing import Any

from core.texts.messages import render


def price_line_label(kind: str, label: str, params: dict[str, Any], offer: str) -> str:
    """A price line as a person reads it: the compute line names the GPU as ``offer``.

    ``offer`` is the offer's name ("NVIDIA H100 SXM · 80 GiB"), not the catalog id the saved
    English label carries. A line without the parameters (a snapshot saved before they were
    kept) keeps its label.
    """
    if kind != "compute" or "gpu" not in params:
        return label
    try:
        return render("price.compute", {**params, "gpu": offer})
    except (KeyError, IndexError, ValueError):
        return label


def price_lines(rows: list[tuple[str, str]], currency: str) -> list[str]:
    """Price lines ``(label, amount)`` as two aligned columns, the amounts right-aligned."""
    width = max(len(label) for label, _ in rows) + 2
    amount = max(len(value) for _, value in rows)
    return [f"  {label:<{width}}{value:>{amount}} {currency}" for label, value in rows]
