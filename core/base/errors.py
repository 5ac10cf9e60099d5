"""The planner's error hierarchy.

Every error a user can cause carries one clear message; the command line prints it as one line on
stderr with the error's exit code, and the GUI shows it in a dialog or next to the field. A message
built from a template is a :class:`core.texts.messages.Message`, which the GUI can translate.
"""

from __future__ import annotations


class PlannerError(Exception):
    """Base of every error the planner reports to a user."""

    exit_code = 1

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field

    def __str__(self) -> str:
        if self.field:
            return f"{self.field}: {self.message}"
        return self.message


class InputError(PlannerError):
    """A request, file or option the user gave is invalid (exit code 2)."""

    exit_code = 2


class ModelSourceError(InputError):
    """A model file (config.json, safetensors header, preset) cannot be read or understood."""


class CatalogError(InputError):
    """A GPU catalog file is invalid; the message names the entry."""


class StoreError(PlannerError):
    """The local history database cannot be used as asked (exit code 4)."""

    exit_code = 4


class IdempotencyConflictError(PlannerError):
    """An idempotency key already belongs to an order for another request (exit code 3)."""

    exit_code = 3


class NotFoundError(InputError):
    """A quote, order or catalog entry named by the user does not exist."""


class StoreBusyError(StoreError):
    """Another process kept the history locked past the busy timeout and one retry (exit 5)."""

    exit_code = 5
