"""What the history list is narrowed to: the words searched for and the two filters.

The store does the filtering in SQL (full-text search, status computed at query time, workload);
this value only carries the user's choices from the filter bar to the table model.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class HistoryQuery:
    """Search text (words matched as prefixes), a status and a workload; None means any."""

    search: str = ""
    status: str | None = None
    workload: str | None = None

    def arguments(self) -> dict[str, Any]:
        """Keyword arguments for ``HistoryStore.list_history`` and ``count_history``."""
        return {
            "search": self.search.strip() or None,
            "status": self.status,
            "workload": self.workload,
        }
