"""The one CSV writer: the history's export and the comparison's export both write through it.

A text cell that starts with ``=``, ``+``, ``-``, ``@``, a tab, a carriage return or a line feed
is prefixed with a single quote, so a spreadsheet shows it as text instead of running it as a
formula (OWASP, "CSV Injection": https://owasp.org/www-community/attacks/CSV_Injection). Every
cell is quoted. The file is written whole or not at all, never through a link
(:func:`core.base.output_file.write_file`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import BinaryIO

from core.base.output_file import write_file

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")


def neutralise_cell(value: object) -> str:
    """A CSV cell a spreadsheet will not run as a formula."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def write_csv(
    path: Path,
    header: Sequence[object],
    rows: Iterable[Sequence[object]],
    *,
    byte_order_mark: bool = False,
) -> int:
    """Write ``header`` and ``rows`` as CSV to ``path``; return the number of rows.

    ``byte_order_mark`` starts the file with UTF-8's BOM, which spreadsheets need to read
    non-ASCII text (a comparison in Russian) as UTF-8.

    Raises:
        InputError: The target is refused or cannot be written (nothing was changed).
    """
    count = 0

    def write(binary: BinaryIO) -> None:
        nonlocal count
        encoding = "utf-8-sig" if byte_order_mark else "utf-8"
        stream = io.TextIOWrapper(binary, encoding=encoding, newline="")
        writer = csv.writer(stream, quoting=csv.QUOTE_ALL)
        writer.writerow([neutralise_cell(cell) for cell in header])
        for row in rows:
            writer.writerow([neutralise_cell(cell) for cell in row])
            count += 1
        stream.flush()
        stream.detach()  # the caller closes the file

    write_file(path, write)
    return count
