"""The main window's start-up after the first paint: its steps, run one per turn of the event loop.

The window is first shown with the wizard's first page; the rest (the live estimate, the wizard's
other pages, the history store and view, the catalog page, the glossary dock) is built by
:class:`StartupSteps`, one step per turn of the event loop, so input and repaints are handled
between them. A step made by :meth:`StartupSteps.load` imports the modules of the steps after it
on a thread of its own while the window runs; one made by :meth:`StartupSteps.wait_while` holds
the steps after it while other work (the first plan) is running.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import threading
from collections.abc import Callable
from types import ModuleType

from PySide6.QtCore import QObject, QTimer, Signal, Slot

Step = Callable[[], object]
POLL_MS = 25  # how often a waiting step looks again

# What is built after the first paint, in two parts, each loaded on a thread before its steps: first
# the wizard's live estimate with the engine it imports, so the wizard takes input and shows an
# estimate as early as it can; then, once the estimate is on screen, the wizard's other pages, the
# history store and view, the catalog page and the glossary dock.
WIZARD_MODULES = (
    "gui.settings_models",  # the settings and the catalog, read by the first start-up step
    "core.domain.catalog",  # the bundled catalog is read here too, for the first estimate
    "core.estimate.serving",  # imported by the first estimate, which runs on the GUI thread
    # The model side (the families' counters): the first estimate resolves its preset on a pool
    # thread, and importing it there took turns on the GIL with the panel's first paint; the
    # longest stall until ready was 23-30 ms against 15-19 ms loaded here (medians of 9 and 11
    # runs of the cold start, alternately; ready itself unchanged within the noise).
    "core.model.models",
    "gui.core_text",  # the wording of core's messages
    "gui.startup_problems",  # and of the problems met while loading, said in the first step
    "gui.wizard.live_estimator",
    "gui.wizard.live_routing",
    "gui.wizard.live_estimate_panel",
)
# sqlite_utils: imported where the history is opened (core.store.repository), by the store thread.
# gui.window_later: the main window's store service, History and Catalog pages, glossary dock and
# dialogs.
LATER_MODULES = (
    "gui.wizard.model_page",
    "gui.wizard.sizes_page",
    "gui.wizard.training_form",  # the sizes page builds a workload's form when it is first shown
    "gui.wizard.diffusion_form",
    "gui.wizard.limit_charts",  # and its charts once the first limits are solved
    "gui.wizard.parallelism_page",
    "gui.wizard.offer_page",  # some 45 ms: the comparison, its printing and the store's records
    "gui.wizard.review_page",
    "sqlite_utils",
    "gui.window_later",
)
# Reached through module() when a command first needs them, not loaded ahead.
ON_DEMAND_MODULES = ("gui.window_dialogs",)


def load_wizard_modules() -> None:
    """Import the wizard's live estimate and read the bundled catalog it shows.

    Run off the GUI thread: nothing here touches a widget; everything loaded is cached for the GUI
    thread to use.
    """
    _import(WIZARD_MODULES)
    module("core.domain.catalog").default_catalog()


def load_later_modules() -> None:
    """Import the wizard's other pages, the history store and view and the glossary dock.

    Run off the GUI thread.
    """
    _import(LATER_MODULES)
    module("core.model.models").list_presets()  # read for the model page's list of presets


def module(name: str) -> ModuleType:
    """``name``, one of the modules loaded after the first paint, imported now if not yet.

    The one way the window reaches them (:data:`WIZARD_MODULES`, :data:`LATER_MODULES`,
    :data:`ON_DEMAND_MODULES`): a step finds its module already loaded by the thread that ran
    before it; a command used earlier (an error worded, a dialog opened) loads it then.
    """
    if name not in (*WIZARD_MODULES, *LATER_MODULES, *ON_DEMAND_MODULES):
        raise ValueError(f"{name} is not loaded after the first paint")
    return importlib.import_module(name)  # seam: what the window loads after its first paint


def _import(names: tuple[str, ...]) -> None:
    for name in names:
        module(name)


class ModuleLoader(QObject):
    """Runs a loading function on a thread of its own; ``loaded`` arrives on the GUI thread.

    A plain thread rather than :class:`gui.worker.Worker`, which would build PySide6's ``Qt``
    namespace on the GUI thread; ``loaded`` is emitted after a failure too, and the step that
    needs the module then raises on the GUI thread.
    """

    loaded = Signal()

    def __init__(self, load: Callable[[], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._load = load

    def start(self) -> None:
        """Start loading."""
        threading.Thread(target=self._run, name="page-modules", daemon=True).start()

    def _run(self) -> None:
        try:
            self._load()
        finally:
            with contextlib.suppress(RuntimeError):  # the window was closed meanwhile
                self.loaded.emit()


class StartupSteps(QObject):
    """Runs :attr:`steps` one per turn of the event loop (:meth:`start`) or now (:meth:`finish`).

    ``finished`` is emitted once, when the last step has run.
    """

    finished = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.steps: list[Step] = []
        self.done = False
        self._running = self._waiting = False
        # The next step runs from a timer, not a posted event, so the timers and the input that
        # arrived meanwhile are handled between two steps.
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._next)

    def start(self) -> None:
        """Run the steps one per turn of the event loop (once; nothing when all have run)."""
        if self.done or self._running:
            return
        self._running = True
        self._next()

    @Slot()
    def finish(self) -> None:
        """Run every step not run yet, now; the modules left to load load on this thread."""
        self._running = False
        self._timer.stop()
        while self._next():
            pass

    def load(self, load: Callable[[], None]) -> Step:
        """A step that runs ``load`` on a thread while the window runs; the next step waits."""
        return functools.partial(self._load, load)

    def wait_while(self, busy: Callable[[], bool], limit_ms: int) -> Step:
        """A step that holds the next ones while ``busy()`` (looked at every ``POLL_MS``).

        It holds them ``limit_ms`` at most, and not at all in :meth:`finish`.
        """
        waited = 0

        def wait() -> None:
            nonlocal waited
            if not self._running or waited >= limit_ms or not busy():
                return
            waited += POLL_MS
            self.steps.insert(0, wait)
            self._waiting = True
            QTimer.singleShot(POLL_MS, self._next)

        return wait

    @Slot()
    def _next(self) -> bool:
        """Run the next step; queue the one after it. False when all have run."""
        if self.done:
            return False
        self._waiting = False
        step = self.steps.pop(0)
        step()
        if not self.steps:
            self.done = True
            self.finished.emit()
        elif self._running and not self._waiting:
            self._timer.start()
        return not self.done

    def _load(self, load: Callable[[], None]) -> None:
        if not self._running:
            load()
            return
        self._waiting = True  # the next step waits for ``loaded``
        loader = ModuleLoader(load, self)
        loader.loaded.connect(self._next)
        loader.start()
