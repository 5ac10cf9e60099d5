"""The base of every wizard page: its rows by request path, its inline message and completeness.

A page owns the request fields in its ``PREFIXES``: it writes them into its
:class:`~gui.wizard.plan_draft.DraftPart` in :meth:`WizardStep.write` and shows the draft's request
in :meth:`WizardStep.load`; it is handed what else it needs in a
:class:`~gui.wizard.plan_draft.PageContext` and never calls the wizard. The wizard validates the
whole request with ``core.domain.request`` after every edit and hands a refused value back to the
page that owns its path, which marks the row, shows the message under the form and reports itself
incomplete, so Next stays disabled until it is fixed. A refusal of an input the user has not typed
in yet is held back (see :attr:`~gui.wizard.field_row.FieldRow.touched`): the page stays complete,
and Next shows it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget, QWizardPage

from core.base.errors import PlannerError
from gui.presentation import palette

if TYPE_CHECKING:  # the first page is shown before pydantic and the forms are loaded
    from core.domain.request import PlanRequest
    from gui.wizard.field_form import FieldForm
    from gui.wizard.field_row import FieldRow
    from gui.wizard.plan_draft import DraftPart, PageContext

ERROR_STYLE = palette.ERROR_TEXT_STYLE
_PATH = re.compile(r"^([a-z_][a-z0-9_]*(?:\.[a-z0-9_]+)*): ")


def error_path(error: PlannerError) -> str:
    """The request path an error names (``inference.context_tokens``), or ``""``."""
    match = _PATH.match(str(error))
    return match.group(1) if match else (error.field or "")


class WizardStep(QWizardPage):
    """A page of the plan wizard; subclasses set ``PREFIXES`` and implement write/load.

    The interface the wizard uses: ``PREFIXES`` (the request fields the page owns),
    :meth:`load`, :meth:`write`, :meth:`set_workload`, :meth:`ready`, ``title()``,
    :meth:`later_steps` and the :attr:`edited` signal.
    """

    PREFIXES: ClassVar[tuple[str, ...]] = ()
    edited = Signal()

    def __init__(
        self, name: str, context: PageContext | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        # None for a page built on its own (a test): it then writes and shows, nothing more.
        self.context = context
        self.rows: dict[str, FieldRow] = {}
        # Every adopted row by its path: two forms of a page may share a path (the weights format
        # of the inference and of the diffusion form); the one shown takes the message.
        self._adopted: list[tuple[str, FieldRow]] = []
        self._error: str | None = None
        self._message_source: str | None = None
        self._error_path = ""
        self._marked: FieldRow | None = None  # the row showing the refusal
        outer = QVBoxLayout(self)
        # The page's inputs scroll inside the page: a page never widens or heightens the wizard
        # past the window, so its Back, Next and the review's buttons stay in sight.
        self.scroll = QScrollArea(self)
        self.scroll.setObjectName(f"{name}Scroll")
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        body = QWidget(self.scroll)
        self.content = QVBoxLayout(body)
        self.content.setContentsMargins(0, 0, 0, 0)
        self.scroll.setWidget(body)
        outer.addWidget(self.scroll, 1)
        self._message = QLabel(self)
        self._message.setObjectName(f"{name}Error")
        self._message.setWordWrap(True)
        self._message.setStyleSheet(ERROR_STYLE)
        # Two lines are kept for the message even while it is empty, so showing it never
        # squeezes the form above it.
        self._message.setMinimumHeight(2 * self._message.fontMetrics().lineSpacing())
        outer.addWidget(self._message)

    # -- what subclasses provide -------------------------------------------------------------

    def write(self, part: DraftPart) -> None:
        """Write the values of the fields this page owns into ``part``."""

    def load(self, request: PlanRequest) -> None:
        """Show ``request``'s values in this page's inputs."""

    def set_workload(self, workload: str) -> None:
        """Follow the workload chosen on the first page (for the pages it changes)."""

    def ready(self) -> bool:
        """Whether the page can be left forward apart from refused values (subclasses)."""
        return True

    def later_steps(self) -> list[Callable[[], None]]:
        """Parts of the page that can be built after the first estimate (subclasses)."""
        return []

    def _retranslate(self) -> None:
        """Set every text in the current language (subclasses)."""

    # -- shared behaviour --------------------------------------------------------------------

    def adopt(self, form: FieldForm) -> FieldForm:
        """Take ``form``'s rows as this page's own and pass its edits on."""
        self.rows.update(form.rows)
        self._adopted.extend(form.rows.items())
        form.edited.connect(self._on_form_edited)
        return form

    def owns(self, path: str) -> bool:
        """Whether a value at ``path`` is entered on this page."""
        return any(path == p or path.startswith(p + ".") for p in self.PREFIXES)

    def row_for(self, path: str) -> FieldRow | None:
        """The row of ``path`` or of its nearest enclosing path."""
        while path:
            for key, row in self._adopted:
                if key == path and row.isVisibleTo(self):
                    return row
            path = path.rpartition(".")[0]
        return None

    @property
    def error(self) -> str | None:
        """The message shown under the form, or None."""
        return self._error

    def show_error(self, path: str, message: str | None) -> str | None:
        """Show ``message`` for ``path`` (None clears); Next follows through ``completeChanged``.

        ``message`` names the request path ("inference.context_tokens: …"). The row of that path
        shows the reason alone and the message under the form names the row by its label, as
        the user knows it; without a row the message is shown as it is. Returns what is shown
        under the form: None when nothing is, also when the refused input is one the user has
        not typed in yet (the message is then held back and the page stays complete).
        """
        held = self.row_for(path) if message else None
        if held is not None and not held.touched:
            message = None
        if (path, message) != (self._error_path, self._message_source):
            if self._marked is not None:  # hidden since, with its source: cleared all the same
                self._marked.set_error(None)
                self._marked = None
            self._message_source, self._error_path = message, path if message else ""
            row = self.row_for(path) if message else None
            self._error = message
            if row is not None and message is not None:
                reason = _PATH.sub("", message, count=1)
                row.set_error(reason)
                self._marked = row
                self._error = f"{row.label.text().replace('&', '').rstrip(':')}: {reason}"
            self._message.setText(self._error or "")
            self.completeChanged.emit()
        return self._error

    def clear_error(self) -> None:
        """Clear the mark and the message."""
        self.show_error("", None)

    def touch(self) -> None:
        """Judge every input of the page from now on (Next was pressed)."""
        for _path, row in self._adopted:
            row.touched = True

    def reset_touched(self) -> None:
        """A new draft: hold back refusals of typed inputs until the user types in them."""
        for _path, row in self._adopted:
            row.reset_touched()

    def isComplete(self) -> bool:
        return self._error is None and self.ready()

    def cleanupPage(self) -> None:
        # Going Back keeps what the user entered (the default would reset the fields).
        pass

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _on_form_edited(self) -> None:
        self.edited.emit()
