"""A QWizard whose pages are added in steps, so that it can be shown before they all exist.

The plan wizard is in the main window's first paint with its first page alone; the main window
then runs its steps one per turn of the event loop, in two parts: :meth:`StagedWizard.build_steps`,
up to the wizard taking input (the subclass sets :attr:`StagedWizard.built` in the last of them),
and :meth:`StagedWizard.later_steps`, the pages after those (and what else can wait). Until the
later steps have run, the last page built still leads on: Next runs them first
(:meth:`StagedWizard.validateCurrentPage`), so the page :meth:`StagedWizard.nextId` promised
exists when it is shown.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget, QWizard

Step = Callable[[], None]


class StagedWizard(QWizard):
    """The bookkeeping of a wizard built in steps; the subclass hands its steps to :meth:`stage`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.built = False  # whether the wizard takes input: set by the subclass's last step
        self._pending: list[Step] = []
        self._later: list[Step] = []

    def stage(self, build: list[Step], later: list[Step], *, at_once: bool) -> None:
        """Keep ``build`` and ``later`` for the caller, or, ``at_once``, run them all now."""
        self._pending, self._later = list(build), list(later)
        if at_once:
            for step in self.build_steps():
                step()
            self.finish_later_pages()

    def build_steps(self) -> list[Step]:
        """The steps up to the wizard taking input (handed out once)."""
        steps, self._pending = self._pending, []
        return steps

    def later_steps(self) -> list[Step]:
        """One step per later page (or part); a step finds nothing to do once all have run."""
        return [self._build_next_later_page for _ in self._later]

    @property
    def complete(self) -> bool:
        """Whether every step has run (the later ones too)."""
        return self.built and not self._later

    def finish_later_pages(self) -> None:
        """Run the later steps that have not run yet, now."""
        while self._later:
            self._build_next_later_page()

    def _build_next_later_page(self) -> None:
        if self._later:
            self._later.pop(0)()

    def _on_last_built_page(self) -> bool:
        """Whether the last page built so far is shown while later steps are left.

        The subclass orders its later steps so that the last one adds a page.
        """
        ids = self.pageIds()
        return bool(self._later) and self.built and bool(ids) and self.currentId() == ids[-1]

    def nextId(self) -> int:
        if self._on_last_built_page():  # it still leads on, to the page added next
            return self.currentId() + 1
        return super().nextId()

    def validateCurrentPage(self) -> bool:
        if not super().validateCurrentPage():
            return False
        if self._on_last_built_page():
            self.finish_later_pages()  # the page ``nextId`` promised exists before it is shown
        return True
