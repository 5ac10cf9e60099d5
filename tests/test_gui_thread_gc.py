"""Cyclic garbage is collected on the GUI thread, never on a worker thread."""

from __future__ import annotations

import gc
import threading
import weakref

from PySide6.QtCore import QObject

from gui.gui_thread_gc import collect_on_gui_thread


def test_the_app_collects_cycles_only_from_its_own_thread(qapp, qtbot):
    collector = collect_on_gui_thread(qapp)
    assert collect_on_gui_thread(qapp) is collector
    assert not gc.isenabled()
    freed_on: list[str] = []
    cycle = QObject()
    cycle.me = cycle  # garbage once dropped, but only a collection can free it
    weakref.finalize(cycle, lambda: freed_on.append(threading.current_thread().name))
    del cycle

    def allocate() -> None:  # plenty of container allocations on another thread
        junk = [[] for _ in range(200_000)]
        del junk

    thread = threading.Thread(target=allocate, name="pool-like")
    thread.start()
    thread.join()
    assert freed_on == []  # no collection ran on the other thread
    # Allocations kept alive push the youngest generation past its threshold, so the collector's
    # next tick collects it (freed containers lower the count again, as above).
    kept = [[] for _ in range(2 * gc.get_threshold()[0])]
    qtbot.waitUntil(lambda: bool(freed_on), timeout=10_000)
    del kept
    assert freed_on == [threading.main_thread().name]
