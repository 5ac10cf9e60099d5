"""The plan being drafted in the wizard: what every page reads and writes, and nothing else.

A page never reaches the wizard. It is given a :class:`PageContext` when it is built: the app
state, the :class:`PlanDraft`, and the two services a page may need (the history store, the model
the live estimate has read). It shows the draft's request in ``load``; in ``write`` it puts the
fields it owns into its own :class:`DraftPart`, which refuses any other field;
:meth:`PlanDraft.request` lays the parts over the request the draft was loaded from and lets
``core.domain.request`` validate the result. What one page chooses for another (a layout, an
offer, the training deadline) goes through the draft's signals; the page that owns the field
listens.

This module is loaded with the first page, before pydantic: the request types are named only for
the type checker, and :meth:`PlanDraft.request` uses the parser it is handed.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from datetime import datetime

    from core.domain.request import Parallelism, PlanRequest
    from core.model.models import ResolvedModel
    from gui.app_state import AppState
    from gui.store_service import StoreService

    # For the type checker only: building a Protocol class at import costs the first paint.
    class DraftPage(Protocol):
        """What the draft asks of a page: the fields it owns and how it writes them."""

        PREFIXES: ClassVar[tuple[str, ...]]

        def objectName(self) -> str: ...

        def write(self, part: DraftPart) -> None: ...


class DraftPart(dict[str, Any]):
    """One page's share of the request being drafted: only the fields the page owns.

    It starts with those fields as the draft was loaded (a page may keep what it does not show,
    or drop a field). The values are the request's JSON-like data as the user typed it: a value
    may still be refused, and the refusal is shown on the page that owns the field.
    """

    def __init__(
        self, owner: str, fields: Iterable[str], workload: str, loaded: dict[str, Any]
    ) -> None:
        super().__init__()
        self.owner = owner
        self.fields = frozenset(fields)
        self.workload = workload  # the workload chosen on the first page
        super().update(copy.deepcopy({k: v for k, v in loaded.items() if k in self.fields}))

    def _check(self, key: str) -> None:
        if key not in self.fields:
            raise KeyError(f"{self.owner} writes {key!r}, a field it does not own")

    def __setitem__(self, key: str, value: Any) -> None:
        self._check(key)
        super().__setitem__(key, value)

    def setdefault(self, key: str, default: Any = None) -> Any:
        self._check(key)
        return super().setdefault(key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value


class PlanDraft(QObject):
    """The request being drafted: loaded from a :class:`PlanRequest`, written by the pages.

    :meth:`request` is the one way to the request the pages describe now.
    """

    # Choices one page makes for fields another page owns; the owner listens and shows them.
    layoutChosen = Signal(object)  # a Parallelism (an offer's or a traffic option's)
    offerChosen = Signal(object)  # a PlanRequest naming the chosen GPU (a traffic option's)
    # The training deadline, shown next to the term and on the traffic step: (deadline, setter).
    deadlineShared = Signal(object, object)
    modelFileChosen = Signal()  # the same model file was chosen again: read it again

    def __init__(self, parse: Callable[[dict[str, Any]], PlanRequest] | None = None) -> None:
        super().__init__()
        self._parse = parse
        self._base: dict[str, Any] = {}
        self.loaded: PlanRequest | None = None  # the request the pages were loaded from
        self.label = ""  # the review page's label (a reopened quote's own)
        self.workload = "inference"  # the workload chosen on the first page
        self._pages: list[DraftPage] = []

    def set_parser(self, parse: Callable[[dict[str, Any]], PlanRequest]) -> None:
        """Validate with ``parse`` (``core.domain.request_parsing.parse_request``, loaded after the
        first page)."""
        self._parse = parse

    def attach(self, page: DraftPage) -> None:
        """Let ``page`` write its fields into every request built from now on.

        Raises:
            ValueError: Another page owns one of ``page``'s fields already.
        """
        for other in self._pages:
            shared = set(page.PREFIXES) & set(other.PREFIXES)
            if shared:
                raise ValueError(
                    f"{page.objectName()} and {other.objectName()} both own {sorted(shared)}"
                )
        self._pages.append(page)

    def start(self, request: PlanRequest, label: str = "") -> None:
        """Start again from ``request``: the fields no page writes are taken from it."""
        self._base = request.model_dump(mode="json")
        self.loaded = request
        self.label = label
        self.workload = request.workload

    def parts(self) -> list[DraftPart]:
        """Every page's part, each written by its page."""
        parts = []
        for page in self._pages:
            part = DraftPart(page.objectName(), page.PREFIXES, self.workload, self._base)
            page.write(part)
            parts.append(part)
        return parts

    def request(self) -> PlanRequest:
        """The request the pages describe now; raises :class:`InputError` naming a field."""
        if self._parse is None:
            raise RuntimeError("the draft is read before the request parser is loaded")
        owned = {field for page in self._pages for field in page.PREFIXES}
        raw = {key: copy.deepcopy(value) for key, value in self._base.items() if key not in owned}
        for part in self.parts():
            raw.update(part)
        return self._parse(raw)

    # -- what one page chooses for another -------------------------------------------------

    def choose_layout(self, layout: Parallelism) -> None:
        """Show ``layout`` on the page that owns the parallelism."""
        self.layoutChosen.emit(layout)

    def choose_offer(self, request: PlanRequest) -> None:
        """Show the GPU and term of ``request`` on the page that owns them."""
        self.offerChosen.emit(request)

    def share_deadline(self, deadline: datetime | None, setter: object) -> None:
        """``setter`` set the training deadline to ``deadline``: every other page shows it."""
        self.deadlineShared.emit(deadline, setter)

    def choose_model_file_again(self) -> None:
        """The model file was chosen again: the live estimate reads it again."""
        self.modelFileChosen.emit()


class PageContext:
    """What a page of the plan wizard is given when it is built (instead of the wizard).

    ``store_service`` returns the app's one store service (set by the main window in a start-up
    step, so asked for when used); ``model_for`` the model the live estimate has read for a
    request, if it has (not read twice).
    """

    __slots__ = ("draft", "model_for", "state", "store_service")

    def __init__(
        self,
        state: AppState,
        draft: PlanDraft,
        store_service: Callable[[], StoreService | None],
        model_for: Callable[[PlanRequest], ResolvedModel | None],
    ) -> None:
        self.state = state
        self.draft = draft
        self.store_service = store_service
        self.model_for = model_for
