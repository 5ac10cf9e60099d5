"""The History page: saved quotes and orders over the local SQLite history, offline.

:class:`~gui.history.history_view.HistoryView` is the page the main window shows. The store runs
on its own thread (:mod:`gui.history.history_store_client`); the table loads pages lazily; the
detail pane shows each quote or order exactly as it was snapshotted.
"""

from gui.history.history_view import HistoryView

__all__ = ["HistoryView"]
