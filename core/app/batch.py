"""Many requests in one process: one JSON answer per request, and a bad request never ends a batch.

``anchorgpu-planner estimate --requests FILE.jsonl`` and :func:`core.app.api.estimate_many` read one
JSON request per line (JSON Lines) and give, per line, either the estimate as ``estimate --json``
prints it (price, limits and cost of the outcome included) or ``{"line": N, "error": {...}}``.
The catalog and the settings are read once, so a request costs only its own validation, estimate,
limits and price. Blank lines are skipped; every answer
names its line number, counted from 1.
"""

from __future__ import annotations

import io
import json
import os
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, BinaryIO

from core.base.errors import InputError, PlannerError
from core.base.safe_json import loads_json
from core.domain.catalog import Catalog
from core.domain.request import PlanRequest
from core.domain.request_parsing import parse_request, with_model_paths_from
from core.estimate.dispatch import estimate, resolve
from core.estimate.results import EstimateResult, estimate_to_json
from core.planning.limits import Limits, solve_limits
from core.pricing.outcome import OutcomeCost, outcome_cost
from core.pricing.prices import Price, price_estimate
from core.texts.messages import Message

# A request is a few hundred bytes; a longer line is refused without being read into memory.
MAX_LINE_BYTES = 1_000_000


@dataclass(frozen=True)
class Answer:
    """One estimate with what ``estimate`` shows beside it.

    Attributes:
        result: The estimate.
        price: The offer's price for the request's term; None when the offer cannot be rented
            with that many GPUs (a blocker finding says why).
        limits: The limits on this offer and layout (:func:`core.planning.limits.solve_limits`).
        outcome: The cost of the outcome at the given utilization; None without a price.
    """

    result: EstimateResult
    price: Price | None
    limits: Limits
    outcome: OutcomeCost | None

    def as_json(self) -> dict[str, Any]:
        """The answer as ``estimate --json`` prints it."""
        data = estimate_to_json(self.result)
        data["price"] = self.price.as_json() if self.price is not None else None
        data["limits"] = self.limits.as_dict()
        data["outcome"] = self.outcome.as_dict() if self.outcome is not None else None
        return data


def answer(
    request: PlanRequest,
    catalog: Catalog,
    tax_rate: Decimal,
    *,
    utilization: Decimal = Decimal(1),
) -> Answer:
    """Estimate ``request`` and price it, with its limits and the cost of its outcome.

    Args:
        request: The validated request.
        catalog: The catalog the request is estimated and priced against.
        tax_rate: The tax rate of the price lines.
        utilization: Share of the paid term the GPUs are busy, for the cost of the outcome.
    """
    model = resolve(request)
    result = estimate(request, catalog, model=model)
    limits = solve_limits(result, model)
    price = None
    outcome = None
    in_orders = any(f.code == "priced_as_orders" for f in result.findings)
    if result.gpus <= result.gpu.max_gpus or in_orders:
        price = price_estimate(result, catalog, tax_rate)
        outcome = outcome_cost(result, price, utilization=utilization)
    return Answer(result, price, limits, outcome)


def error_json(error: PlannerError) -> dict[str, Any]:
    """One error as JSON: its message, field, exit code and, for a template, key and params."""
    data: dict[str, Any] = {
        "message": error.message,
        "field": error.field,
        "exit_code": error.exit_code,
    }
    key = getattr(error.message, "key", None)
    if key is not None:
        data["key"] = key
        data["params"] = dict(error.message.params)  # type: ignore[attr-defined]
    return data


def read_lines(stream: BinaryIO) -> Iterator[tuple[int, bytes | None]]:
    """(line number, bytes) of every non-blank line; bytes is None for a line over the limit."""
    number = 0
    while True:
        line = stream.readline(MAX_LINE_BYTES + 1)
        if not line:
            return
        number += 1
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):  # skip the rest of the long line
                line = stream.readline(MAX_LINE_BYTES)
            yield number, None
        elif line.strip():
            yield number, line


def open_batch(path: Path) -> io.BufferedReader:
    """``path`` opened for reading, read no further than its size when it was opened.

    A FIFO, a device or a folder is refused before anything is read: opening is non-blocking,
    so a FIFO without a writer does not wait, and ``/dev/zero`` would never end.

    Raises:
        InputError: ``path`` cannot be opened or is not a regular file.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        handle = os.open(path, flags)
    except OSError as error:
        reason = str(error.strerror or error)
        raise InputError(
            Message("cli.cannot_read_request", path=str(path), reason=reason)
        ) from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise InputError(Message("json.not_a_file", path=str(path)))
    except BaseException:
        os.close(handle)
        raise
    # A file that grows while it is read (a log still written) is read as it was when opened.
    return io.BufferedReader(_Capped(os.fdopen(handle, "rb", buffering=0), info.st_size))


class _Capped(io.RawIOBase):
    """A binary stream that ends after ``limit`` bytes of ``inner``."""

    def __init__(self, inner: io.RawIOBase, limit: int) -> None:
        super().__init__()
        self._inner = inner
        self._left = limit

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        size = min(len(view), self._left)
        if size <= 0:
            return 0
        got = self._inner.readinto(view[:size]) or 0
        self._left -= got
        return got

    def close(self) -> None:
        self._inner.close()
        super().close()


def _request(line: bytes | None, folder: Path | None) -> PlanRequest:
    if line is None:
        raise InputError(Message("batch.line_too_long", limit=MAX_LINE_BYTES))
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(Message("batch.line_not_utf8")) from None
    try:  # the limits of every JSON the planner reads: depth, long numbers, NaN, surrogates
        raw = loads_json(text, source="the line")
    except json.JSONDecodeError as error:
        raise InputError(Message("batch.line_not_json", reason=str(error))) from None
    request = parse_request(raw)
    return with_model_paths_from(request, folder) if folder is not None else request


def estimate_lines(
    lines: Iterable[tuple[int, bytes | None]],
    catalog: Catalog,
    tax_rate: Decimal,
    *,
    folder: Path | None = None,
    utilization: Decimal = Decimal(1),
) -> Iterator[dict[str, Any]]:
    """One answer per numbered line: ``{"line": N, ...estimate}`` or ``{"line": N, "error"}``.

    Args:
        lines: (line number, bytes) pairs as :func:`read_lines` gives them.
        catalog: The catalog every request is priced against.
        tax_rate: The tax rate of the price lines.
        folder: Where relative model file paths in a request are found (the batch file's
            folder); None leaves them relative to the working directory.
        utilization: Share of the paid term the GPUs are busy, for the cost of the outcome.
    """
    for number, line in lines:
        try:
            data = answer(
                _request(line, folder), catalog, tax_rate, utilization=utilization
            ).as_json()
        except PlannerError as error:
            yield {"line": number, "error": error_json(error)}
        else:
            yield {"line": number, **data}
