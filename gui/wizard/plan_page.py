"""The Plan tab of the main window: the plan wizard, scrolled when the window is too narrow.

The wizard shows its live estimate beside every page, so it needs some 800 pixels of width; a
narrower window (a small screen, the glossary docked beside it) scrolls the page instead of
forcing the window wider.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import SignalInstance
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

from gui.app_state import AppState
from gui.wizard.plan_wizard import PlanWizard

if TYPE_CHECKING:
    from core.domain.request import PlanRequest
    from gui.store_service import StoreService  # imports the history store: a type only here


class PlanPage(QScrollArea):
    """Holds the :class:`PlanWizard`; ``load_request`` and ``new_draft`` are the wizard's."""

    def __init__(
        self,
        state: AppState,
        store_service: StoreService | None = None,
        parent: QWidget | None = None,
        *,
        new_plan: SignalInstance | None = None,
        build_later: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("planPage")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.wizard = PlanWizard(
            state, store_service, self, new_plan=new_plan, build_later=build_later
        )
        self.setWidget(self.wizard)
        self.setFocusProxy(self.wizard)

    def set_store_service(self, service: StoreService) -> None:
        """Give the wizard the app's store service (before its review page is built)."""
        self.wizard.store_service = service

    def build_steps(self) -> list[Callable[[], None]]:
        """The wizard's remaining build steps (see :meth:`PlanWizard.build_steps`)."""
        return self.wizard.build_steps()

    def later_steps(self) -> list[Callable[[], None]]:
        """The wizard's later steps, one per page or form (see :meth:`PlanWizard.later_steps`)."""
        return self.wizard.later_steps()

    def load_request(self, request: PlanRequest, label: str = "") -> None:
        """Reopen ``request`` in the wizard as a new draft (e.g. from the history)."""
        self.wizard.load_request(request, label)

    def new_draft(self) -> None:
        """Start the wizard again from the defaults."""
        self.wizard.new_draft()
