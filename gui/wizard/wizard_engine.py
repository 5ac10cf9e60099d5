"""What the plan wizard needs once past its first page: the live estimate and the request model.

The wizard's first page is painted before pydantic and the engine are loaded.
:class:`~gui.wizard.plan_wizard.PlanWizard` imports this module in the build step that adds the
live estimate (its one seam for them; :mod:`gui.startup_steps` loads the modules named here on a
thread beforehand), and everything the wizard uses from then on is imported here, at the top.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

from core.domain.request import ModelRef, PlanRequest, Runtime
from core.domain.request_parsing import parse_request
from core.model.models import list_presets
from gui.core_text import labelled_error_text
from gui.wizard.live_estimate_panel import PANEL_MAX_WIDTH, PANEL_WIDTH, LiveEstimatePanel
from gui.wizard.live_estimator import LiveEstimator
from gui.wizard.live_routing import LiveRouting
from gui.wizard.plan_files import DRAFT_FILE, RefusedDraft, read_plan, take_draft, write_plan

__all__ = [
    "DRAFT_FILE",
    "PANEL_MAX_WIDTH",
    "PANEL_WIDTH",
    "LiveEstimatePanel",
    "LiveEstimator",
    "LiveRouting",
    "RefusedDraft",
    "default_request",
    "labelled_error_text",
    "missing_preset",
    "panel_area",
    "parse_request",
    "read_plan",
    "take_draft",
    "write_plan",
]

DEFAULT_PRESET = "llama-3.1-8b"


def panel_area(panel: LiveEstimatePanel, parent: QWidget) -> QScrollArea:
    """``panel`` in a scroll area as wide as it and its scroll bar.

    QWizard does not keep its side widget at the widget's minimum height: on a short window the
    chart was painted over the verdict below it. In a scroll area the panel keeps its height and
    scrolls instead.
    """
    area = QScrollArea(parent)
    area.setObjectName("liveEstimateScroll")
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidget(panel)
    area.setFixedWidth(PANEL_WIDTH + area.verticalScrollBar().sizeHint().width())
    return area


def default_request(runtime_context_gib: float) -> PlanRequest:
    """A new draft: serve the default preset, with ``runtime_context_gib`` of runtime reserve."""
    ids = [p.id for p in list_presets() if p.kind == "llm"]
    preset = DEFAULT_PRESET if DEFAULT_PRESET in ids or not ids else ids[0]
    return PlanRequest(
        model=ModelRef(preset=preset),
        runtime=Runtime(context_gib=runtime_context_gib),
    )


def missing_preset(request: PlanRequest) -> str | None:
    """The preset ``request`` names if this version lacks it, else None."""
    preset = request.model.preset
    if preset and preset not in {info.id for info in list_presets()}:
        return preset
    return None
