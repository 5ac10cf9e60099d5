"""The History page: saved quotes and orders over the local SQLite history, offline.

:class:`~gui.history.history_view.HistoryView` is the page the main window shows. It reaches the
history through the app's store service (:mod:`gui.store_service`) and reloads when that service
announces a change; the table loads pages lazily; the detail pane shows each quote or order
exactly as it was snapshotted.
"""

from gui.history.history_view import HistoryView

__all__ = ["HistoryView"]
