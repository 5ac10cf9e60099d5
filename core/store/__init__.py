"""The durable, searchable local history of saved quotes and orders (SQLite via sqlite-utils).

- :mod:`core.store.schema`: tables and forward migrations (``PRAGMA user_version``).
- :mod:`core.store.connection`: checks before opening, pragmas, file permissions.
- :mod:`core.store.repository`: :class:`HistoryStore`, quotes and idempotent orders.
- :mod:`core.store.search`: listing with full-text search, filters and pages.
- :mod:`core.store.errors`: what went wrong with the file, in words a user can act on.
- :mod:`core.store.files`: verified copies, temporary files, outputs that must not hit the history.
- :mod:`core.store.backup`: verified online backups.
- :mod:`core.store.restore`: crash-safe restores that refuse while the history is open.
- :mod:`core.store.exporting`: CSV and JSON export; :mod:`core.store.import_reading` reads and
  checks a JSON export whole, :mod:`core.store.importing` merges it in.
"""

from core.store.records import AuditEntry, HistoryRow, Order, PlaceResult
from core.store.repository import HistoryStore
from core.store.schema import SCHEMA_VERSION

__all__ = ["SCHEMA_VERSION", "AuditEntry", "HistoryRow", "HistoryStore", "Order", "PlaceResult"]
