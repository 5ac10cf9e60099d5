"""What the history list is narrowed to: the words searched for and the two filters.

The store does the filtering in SQL (full-text search, status computed at query time, workload);
this value only carries the user's choices from the filter bar to the table model. The search text
goes to the store as typed: ``core.store.search`` reads it the same way for the command line's
``history list --search``, GPU names and vendors included.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.store.search import fts_query


@dataclass(frozen=True)
class HistoryQuery:
    """Search text (words matched as prefixes), a status and a workload; None means any."""

    search: str = ""
    status: str | None = None
    workload: str | None = None

    def narrowed(self) -> bool:
        """Whether the search or a filter hides some of the history."""
        return (
            fts_query(self.search) is not None
            or self.status is not None
            or (self.workload is not None)
        )

    def arguments(self) -> dict[str, Any]:
        """Keyword arguments for ``HistoryStore.list_history`` and ``count_history``."""
        return {
            "search": self.search.strip() or None,
            "status": self.status,
            "workload": self.workload,
        }
