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


def test_a_held_collector_collects_nothing_and_once_released_leaves_what_lived_alone(qapp, qtbot):
    from gui.gui_thread_gc import INTERVAL_MS

    collector = collect_on_gui_thread(qapp)
    freed: list[str] = []
    collector.hold()
    try:
        cycle = QObject()
        cycle.me = cycle
        weakref.finalize(cycle, lambda: freed.append("held"))
        del cycle
        kept = [[] for _ in range(2 * gc.get_threshold()[0])]  # past the youngest threshold
        qtbot.wait(3 * INTERVAL_MS)  # three ticks of a running collector
        assert freed == []
        frozen = gc.get_freeze_count()
    finally:
        collector.release()
    try:
        assert gc.get_freeze_count() > frozen  # what lived at the release is never walked again
        later = QObject()
        later.me = later
        weakref.finalize(later, lambda: freed.append("later"))
        del later
        more = [[] for _ in range(2 * gc.get_threshold()[0])]
        qtbot.waitUntil(lambda: "later" in freed, timeout=10_000)
        del kept, more
    finally:
        gc.unfreeze()  # the rest of the session collects as before
