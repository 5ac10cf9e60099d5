"""Plan files: a request saved as JSON and opened again, and the draft kept across restarts.

A plan file is the request as the command line reads it (``anchorgpu-planner plan --request
FILE``), so a plan made in the app can be estimated in a script and a request written by hand can
be opened in the wizard. Files are read through
:func:`core.domain.request_parsing.load_request_file`
(bounded, relative model paths resolved against the file's folder) and written whole or not at all
(:func:`core.base.output_file.write_file`: a temporary file, then a rename; a link is refused).

The wizard's draft is kept the same way in ``draft.json`` in the data folder after every valid
edit, and opened again when the app starts; File → New Plan starts from the defaults. A draft
that cannot be opened (damaged, or naming a preset this version lacks) is moved aside, never
overwritten, and the window says why.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from core.base.errors import InputError
from core.base.output_file import write_file
from core.base.paths import ensure_private_dir
from core.domain.request import PlanRequest
from core.domain.request_parsing import load_request_file
from gui.kept_aside import move_aside

DRAFT_FILE = "draft.json"


def request_json(request: PlanRequest) -> str:
    """The request as a plan file: indented JSON without the values left unset."""
    data = request.model_dump(mode="json", exclude_none=True)
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def write_plan(request: PlanRequest, path: Path) -> None:
    """Write ``request`` to ``path`` whole, replacing it.

    Raises:
        InputError: The file cannot be written (the message names it and says why).
    """
    _write_whole(request_json(request), path)


def _write_whole(text: str, path: Path) -> None:
    """Write ``text`` to ``path`` whole (never through a link); raises :class:`InputError`."""
    write_file(path, text)


def read_plan(path: Path) -> PlanRequest:
    """The request in the plan file ``path``.

    Raises:
        InputError: The file cannot be read or is not a valid request.
    """
    return load_request_file(path)


@dataclass(frozen=True)
class RefusedDraft:
    """A draft that could not be opened, moved aside so that nothing overwrites it."""

    kept_as: Path | None  # None: it could not be moved and was left where it was
    error: InputError


def take_draft(
    folder: Path, check: Callable[[PlanRequest], None] | None = None
) -> PlanRequest | RefusedDraft | None:
    """The draft kept in ``folder``; None when there is none.

    A draft that cannot be read, is not a valid request, or fails ``check`` (a preset this
    version lacks) is refused: renamed to ``draft.rejected-<UTC time>.json`` beside it, so the
    next draft written does not replace it, and returned with the reason to show.
    """
    path = folder / DRAFT_FILE
    if not path.is_file():
        return None
    try:
        request = read_plan(path)
        if check is not None:
            check(request)
    except InputError as error:
        return RefusedDraft(move_aside(path), error)
    return request


def read_draft(folder: Path) -> PlanRequest | None:
    """The draft kept in ``folder``, or None when there is none or it was refused."""
    found = take_draft(folder)
    return found if isinstance(found, PlanRequest) else None


def keep_draft(request: PlanRequest, folder: Path) -> None:
    """Keep ``request`` as the draft to open on the next start (best effort).

    A draft that already holds ``request`` is left as it is: the wizard validates the same
    request again once its model has been read, and at start-up it is the draft just opened.
    Each write waits for the disk (the writer syncs before the rename), which at start-up delayed
    the first estimate by twice some 5 ms on an idle disk (measured with cProfile).
    """
    path = folder / DRAFT_FILE
    text = request_json(request)
    try:
        if path.is_file() and path.read_text(encoding="utf-8") == text:
            return
        ensure_private_dir(folder)  # the data folder: 0700, as the history makes it
        _write_whole(text, path)
    except (InputError, OSError, UnicodeDecodeError):
        pass  # a draft that cannot be kept is not worth interrupting the user for
