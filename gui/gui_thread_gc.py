"""Python's cyclic garbage collection, run on the GUI thread only.

The collector normally runs on whichever thread happens to allocate when a threshold is crossed,
which in this app is often a thread-pool thread computing a plan. A Qt object kept in a reference
cycle (a widget, a translator) is then destroyed on that thread, and Qt crashes: a QTranslator
removed off the GUI thread posts events to the application from the wrong thread (seen as a
segmentation fault in ``QCoreApplicationPrivate::lockThreadPostEventList``). So automatic
collection is switched off and a timer on the GUI thread collects instead, generation by
generation, with the interpreter's own thresholds. Reference counting still frees everything not
in a cycle at once, on the thread that drops the last reference.

While the main window builds its pages the collector is held (:meth:`GuiThreadCollector.hold`):
nearly everything allocated then (modules, pydantic schemas, widgets) lives as long as the app, and
a collection in the middle walked all of it, 20-40 ms on the GUI thread with the module loader
waiting for it (seen with ``gc.callbacks`` in a start-up timeline). Released, it moves what is
alive out of every later collection (``gc.freeze``) and collects from its timer again.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QTimer

INTERVAL_MS = 500  # often enough that cycles never pile up, rare enough to cost nothing


class GuiThreadCollector(QObject):
    """Disables automatic collection and collects from a timer on the thread that creates it."""

    def __init__(self, parent: QObject, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.collect)
        gc.disable()
        self._timer.start()

    def hold(self) -> None:
        """Collect nothing until :meth:`release`."""
        self._timer.stop()

    def release(self) -> None:
        """Leave what is alive now out of every later collection; collect from the timer again."""
        gc.freeze()
        self._timer.start()

    def collect(self) -> None:
        """Collect each generation whose count passed its threshold (as the interpreter would)."""
        counts, thresholds = gc.get_count(), gc.get_threshold()
        for generation in (2, 1, 0):
            if counts[generation] > thresholds[generation]:
                gc.collect(generation)
                return


def collect_on_gui_thread(app: QCoreApplication) -> GuiThreadCollector:
    """Install the collector once for ``app`` (later calls return the same one)."""
    existing = app.findChild(GuiThreadCollector, "guiThreadCollector")
    if existing is not None:
        return existing
    collector = GuiThreadCollector(app)
    collector.setObjectName("guiThreadCollector")
    return collector
