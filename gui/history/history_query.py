"""What the history list is narrowed to: the words searched for and the two filters.

The store does the filtering in SQL (full-text search, status computed at query time, workload);
this value only carries the user's choices from the filter bar to the table model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from core.catalog import default_catalog


@dataclass(frozen=True)
class HistoryQuery:
    """Search text (words matched as prefixes), a status and a workload; None means any."""

    search: str = ""
    status: str | None = None
    workload: str | None = None

    def narrowed(self) -> bool:
        """Whether the search or a filter hides some of the history."""
        return (
            bool(store_search(self.search))
            or self.status is not None
            or (self.workload is not None)
        )

    def arguments(self) -> dict[str, Any]:
        """Keyword arguments for ``HistoryStore.list_history`` and ``count_history``."""
        return {
            "search": store_search(self.search) or None,
            "status": self.status,
            "workload": self.workload,
        }


def _tokens(text: str) -> set[str]:
    return {word for word in re.split(r"[^0-9a-zа-яё]+", text.casefold()) if word}


def store_search(text: str) -> str:
    """The search as the store indexes rows: GPUs by their catalog ids.

    The table shows GPUs by display name ("NVIDIA GeForce RTX 4090 · 24 GiB") while the store
    indexes the id ("rtx-4090"). Words of a display name that no id contains ("nvidia",
    "geforce", "instinct", "gib") are left out, so typing a name as shown finds the row; the
    model, label and notes are searched as typed.
    """
    catalog = default_catalog()
    id_tokens = set().union(*(_tokens(gpu.id) for gpu in catalog.gpus))
    name_tokens = set().union(*(_tokens(gpu.name) for gpu in catalog.gpus)) | {"gib", "гиб"}
    words = text.split()
    kept = [
        word
        for word in words
        if not (_tokens(word) <= name_tokens - id_tokens and _tokens(word))
        and word not in ("·", "×")
    ]
    return " ".join(kept).strip()
