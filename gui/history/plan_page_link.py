"""Reopening a saved quote or an order in the plan wizard as a new draft.

The request is taken from the quote's snapshot and handed, with the quote's label, to a
:class:`DraftOpener`: the window, which opens it in its Plan page (the wizard starts a new draft
from it, with a new idempotency key) and shows that page. History is given the opener when it is
built; it knows nothing else of the window or the wizard.
A requested start that has already passed is dropped, so the new draft's term starts when it is
placed instead of in the past.

A quote planned from a local model file names that file by its path, and an imported quote can
name any file on this computer; the wizard reads the model as soon as a draft is loaded, so the
user is shown the path and asked before it is (nothing is read that the user did not choose).
"""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from PySide6.QtWidgets import QMessageBox, QWidget

from core.base.errors import InputError
from core.domain.request import LOCAL_SOURCES, PlanRequest
from core.quotes.quote import Quote
from core.quotes.snapshot import read_request
from core.store import Order
from gui.history.error_message import show_error
from gui.translation import tr_id


class DraftOpener(Protocol):
    """What History needs of the window: a request opened in the plan wizard as a new draft."""

    def open_draft(self, request: PlanRequest, label: str) -> None:
        """Open ``request`` as a new draft labelled ``label``, and show it."""


def draft_request(item: Quote | Order, now: datetime) -> tuple[PlanRequest, bool]:
    """The request to reopen, and whether a start in the past was dropped.

    Raises:
        InputError: The snapshot's request is not valid for this version of the app.
    """
    quote = item.quote if isinstance(item, Order) else item
    request = read_request(quote)
    start = request.term.start
    if start is not None and start <= now:
        term = request.term.model_copy(update={"start": None})
        return request.model_copy(update={"term": term}), True
    return request, False


def local_model_file(request: PlanRequest) -> str | None:
    """The path of the local model file ``request`` names, or None for a preset or custom model."""
    for source in LOCAL_SOURCES:
        path = getattr(request.model, source)
        if path:
            return str(path)
    return None


def reopen_as_draft(
    item: Quote | Order, now: datetime, origin: QWidget, opener: DraftOpener | None
) -> str | None:
    """Open ``item``'s request as a new draft through ``opener`` (questions shown over ``origin``).

    Returns a sentence for the user, or None when nothing was opened (the reason was shown).
    """
    title = tr_id("PlanPageLink.reopen_as_new_draft", "Reopen as New Draft")
    try:
        request, moved = draft_request(item, now)
    except InputError as error:
        show_error(origin, title, error)
        return None
    local = local_model_file(request)
    if local is not None:
        asked = QMessageBox.question(
            origin,
            title,
            tr_id(
                "PlanPageLink.id_was_planned_from_the_model",
                "{id} was planned from the model file {path} on this computer. The new draft"
                " reads that file. Read it?",
            ).format(id=item.id, path=local),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        if asked != QMessageBox.StandardButton.Yes:
            return None
    if opener is None:  # a History shown on its own, without the plan wizard
        QMessageBox.information(
            origin,
            title,
            tr_id(
                "PlanPageLink.the_plan_wizard_is_not_available",
                "The plan wizard is not available in this window.",
            ),
        )
        return None
    opener.open_draft(request, item.label)
    text = tr_id(
        "PlanPageLink.id_was_reopened_in_the_plan",
        "{id} was reopened in the plan wizard as a new draft.",
    ).format(id=item.id)
    if moved:
        text += " " + tr_id(
            "PlanPageLink.its_start_date_has_passed_so",
            "Its start date has passed, so the new draft starts when placed.",
        )
    return text
