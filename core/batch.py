"""Many requests in one process: one JSON answer per request, and a bad request never ends a batch.

``anchorgpu-planner estimate --requests FILE.jsonl`` and :func:`core.api.estimate_many` read one
JSON request per line (JSON Lines) and give, per line, either the estimate as ``estimate --json``
prints it or ``{"line": N, "error": {...}}``. The catalog and the settings are read once, so a
request costs only its own validation, estimate and price. Blank lines are skipped; every answer
names its line number, counted from 1.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any, BinaryIO

from core.catalog import Catalog
from core.errors import InputError, PlannerError
from core.estimate import EstimateResult, estimate, estimate_to_json
from core.quotes import price_estimate
from core.request import PlanRequest, parse_request, with_model_paths_from

# A request is a few hundred bytes; a longer line is refused without being read into memory.
MAX_LINE_BYTES = 1_000_000


def result_json(result: EstimateResult, catalog: Catalog, tax_rate: Decimal) -> dict[str, Any]:
    """An estimate with its price, as ``estimate --json`` prints it.

    ``price`` is None when the offer cannot be rented with that many GPUs (a blocker says why).
    """
    data = estimate_to_json(result)
    rentable = result.gpus <= result.gpu.max_gpus
    data["price"] = price_estimate(result, catalog, tax_rate).as_json() if rentable else None
    return data


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


def _request(line: bytes | None, folder: Path | None) -> PlanRequest:
    if line is None:
        raise InputError(f"the line is longer than {MAX_LINE_BYTES} bytes")
    try:
        raw = json.loads(line)
    except (ValueError, RecursionError) as error:  # UnicodeDecodeError is a ValueError
        raise InputError(f"the line is not valid JSON: {error}") from None
    request = parse_request(raw)
    return with_model_paths_from(request, folder) if folder is not None else request


def estimate_lines(
    lines: Iterable[tuple[int, bytes | None]],
    catalog: Catalog,
    tax_rate: Decimal,
    *,
    folder: Path | None = None,
) -> Iterator[dict[str, Any]]:
    """One answer per numbered line: ``{"line": N, ...estimate}`` or ``{"line": N, "error"}``.

    Args:
        lines: (line number, bytes) pairs as :func:`read_lines` gives them.
        catalog: The catalog every request is priced against.
        tax_rate: The tax rate of the price lines.
        folder: Where relative model file paths in a request are found (the batch file's
            folder); None leaves them relative to the working directory.
    """
    for number, line in lines:
        try:
            answer = result_json(estimate(_request(line, folder), catalog), catalog, tax_rate)
        except PlannerError as error:
            yield {"line": number, "error": error_json(error)}
        else:
            yield {"line": number, **answer}
