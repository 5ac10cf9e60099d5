"""The one palette of the interface: every colour a page, chart or document uses.

Widgets and documents name a role (``ERROR``, ``OK``, a memory component) and take its colour
from here, so a colour is chosen once and the pages agree. Colours are picked for contrast
(WCAG AA, 4.5:1 or better) on a white background where they colour text.
"""

from __future__ import annotations

ERROR = "#b3261e"  # red text and borders: refusals, "does not fit", blockers
ERROR_BACKGROUND = "#fdecea"
ERROR_DARK = "#8c1d18"  # text on ERROR_BACKGROUND
OK = "#1b6e2a"  # green text: fits, done
INFO = "#1f5f99"
WARNING = "#8a5a00"
MUTED = "#555555"  # secondary text: disclaimers, empty states
LABEL = "#444444"  # the name column of a document's tables
GREY = "#8a8f98"  # infeasible rows, axes, runtime overhead
TEXT = "#000000"
ACCENT = "#3b6fb6"  # the request marker, weights
ORANGE = "#e08a2c"  # the KV cache, the context curve
AMBER = "#d4a017"  # usable memory

SEVERITY = {"info": INFO, "warning": WARNING, "blocker": ERROR}
COMPONENTS = {
    "weights": ACCENT,
    "quantization_metadata": "#7aa6e0",
    "kv_cache": ORANGE,
    "activations": "#5aa469",
    "gradients": "#9c6ade",
    "optimizer_states": "#c75d8f",
    "runtime_overhead": GREY,
}

ERROR_TEXT_STYLE = f"color: {ERROR};"
OK_TEXT_STYLE = f"color: {OK};"
FITS_STYLE = f"color: {OK}; font-weight: bold;"
FAILS_STYLE = f"color: {ERROR}; font-weight: bold;"
UNCERTAIN_STYLE = f"color: {WARNING}; font-weight: bold;"  # fits, but the range crosses the limit
INVALID_FIELD_STYLE = f"border: 2px solid {ERROR}; border-radius: 3px;"
PROBLEM_STYLE = f"QLabel {{ background: {ERROR_BACKGROUND}; color: {ERROR_DARK}; padding: 8px; }}"


def severity(key: str) -> str:
    """The colour of a finding's severity (``TEXT`` for an unknown one)."""
    return SEVERITY.get(key, TEXT)
