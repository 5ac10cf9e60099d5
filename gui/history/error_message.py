"""One clear dialog for anything that went wrong in the history view.

An error ``core`` raises for a user (a damaged database, a busy file, an unknown id, a bad export
file, an idempotency conflict) carries its own message and is shown as it is. Anything else is a
defect: it is logged with its traceback and shown with its type, never as a traceback.
"""

from __future__ import annotations

import logging

from PySide6.QtWidgets import QMessageBox, QWidget

from core.base.errors import PlannerError
from gui.core_text import error_text as core_error_text
from gui.translation import tr_id

log = logging.getLogger(__name__)


def error_text(error: BaseException) -> str:
    """The message a user reads for ``error``."""
    if isinstance(error, PlannerError):
        return core_error_text(error)
    if isinstance(error, OSError):
        return str(error)
    log.error("unexpected error in the history view", exc_info=error)
    text = tr_id("ErrorMessage.unexpected_error_error", "Unexpected error: {error}")
    return text.format(error=f"{type(error).__name__}: {error}")


def show_error(parent: QWidget, title: str, error: BaseException) -> None:
    """Show ``error`` in a modal message box titled ``title``."""
    QMessageBox.critical(parent, title, error_text(error))
