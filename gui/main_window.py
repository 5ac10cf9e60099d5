"""The main window: menus, toolbar, the Plan and History pages, the glossary dock, the status bar.

Pages are added by key into a tab area (``set_page("plan", wizard)`` replaces the placeholder);
any widget opens a glossary term through :meth:`MainWindow.show_glossary_term`. Geometry and the
dock/toolbar layout are saved with QSettings on close and restored on the next start.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer, Signal, Slot
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QLabel, QMainWindow, QTabWidget, QToolBar, QWidget

from core import __version__
from gui.app_state import AppState
from gui.main_actions import MainActions
from gui.placeholder_page import PlaceholderPage
from gui.qt_names import set_by_name
from gui.wizard import PlanPage

if TYPE_CHECKING:
    from core.catalog import Catalog
    from gui.glossary_dock import GlossaryDock
    from gui.plan_file_commands import PlanFileCommands
    from gui.store_service import StoreService

STATE_VERSION = 1
# How often, and how long at most, the start-up waits for the wizard's first estimate and plan.
LIVE_POLL_MS, LIVE_WAIT_MS = 25, 3000
PLAN_PAGE, HISTORY_PAGE, CATALOG_PAGE = "plan", "history", "catalog"


# What is built after the first paint, in two parts, each loaded on a thread before its steps: first
# the wizard's live estimate with the engine it imports, so the wizard takes input and shows an
# estimate as early as it can; then, once the estimate is on screen, the wizard's other pages, the
# history store and view, the catalog page and the glossary dock.
WIZARD_MODULES = (
    "core.settings",
    "core.estimate_llm",  # imported by the first estimate, which runs on the GUI thread
    "gui.core_text",  # the wording of core's messages
    "gui.wizard.live_estimator",
    "gui.wizard.live_routing",
    "gui.wizard.live_estimate_panel",
)
# sqlite_utils: imported where the history is opened (core.store.repository), by the store thread.
LATER_MODULES = (
    "gui.wizard.model_page",
    "gui.wizard.sizes_page",
    "gui.wizard.training_form",  # the sizes page builds a workload's form when it is first shown
    "gui.wizard.diffusion_form",
    "gui.wizard.limit_chart",  # and its charts once the first limits are solved
    "gui.wizard.parallelism_page",
    "gui.wizard.offer_page",  # some 45 ms: the comparison, its printing and the store's records
    "gui.wizard.review_page",
    "gui.store_service",
    "sqlite_utils",
    "gui.history",
    "gui.catalog",
    "gui.glossary_dock",
)
PAGE_MODULES = WIZARD_MODULES + LATER_MODULES


def load_wizard_modules() -> None:
    """Import the wizard's live estimate and read the bundled data it shows.

    Run off the GUI thread: nothing here touches a widget; everything loaded is cached for the GUI
    thread to use.
    """
    from core.catalog import default_catalog

    _import(WIZARD_MODULES)
    default_catalog()


def load_later_modules() -> None:
    """Import the wizard's other pages, the history store and view and the glossary dock.

    Run off the GUI thread.
    """
    from core.models import list_presets

    _import(LATER_MODULES)
    list_presets()  # read for the model page's list of presets


def _import(names: tuple[str, ...]) -> None:
    for name in names:
        importlib.import_module(name)


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


class MainWindow(QMainWindow):
    """The application window; gets its :class:`AppState` passed in."""

    newPlanRequested = Signal()
    pagesReady = Signal()

    def __init__(
        self, state: AppState, parent: QWidget | None = None, *, defer_pages: bool = False
    ) -> None:
        """Build the window; with ``defer_pages`` the Plan and History pages come later.

        The app shows the window first and then calls :meth:`finish_startup`, so the window
        appears without waiting for the wizard, the history store and their imports.
        """
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self._state = state
        self._pages: dict[str, tuple[QWidget, Callable[[], str]]] = {}
        self._pages_ready = self._pages_starting = self._waiting = False
        self._live_waited_ms = 0
        # The next start-up step runs from a timer, not a posted event, so the timers and the
        # input that arrived meanwhile are handled between two steps.
        self._step_timer = QTimer(self)
        self._step_timer.setSingleShot(True)
        self._step_timer.setInterval(0)
        self._step_timer.timeout.connect(self._next_startup_step)
        self._glossary: GlossaryDock | None = None
        self._store_service: StoreService | None = None
        self._plan_file_commands: PlanFileCommands | None = None
        self._build_ui()
        # The wizard first: the history store is needed only once a quote is saved.
        self._startup_steps: list[Callable[[], object]] = [
            functools.partial(self._load, load_wizard_modules),
            self._load_state,
            *self._plan.build_steps(),
            self._wait_for_live_estimate,
            functools.partial(self._load, load_later_modules),
            *self._plan.later_steps(),
            self._open_store_service,
            self._add_glossary_dock,
            self._add_history,
            self._add_catalog,
        ]
        if not defer_pages:
            self.finish_startup()
        self._connect_signals()
        self._retranslate()
        self._restore_window_state()

    @property
    def state(self) -> AppState:
        """The shared settings, catalog and language."""
        return self._state

    @property
    def store_service(self) -> StoreService | None:
        """The app's one store service (made in a start-up step, None until then)."""
        return self._store_service

    @property
    def glossary_dock(self) -> GlossaryDock:
        """The glossary panel (built right after the first paint, or when first asked for)."""
        return self._add_glossary_dock()

    def _add_glossary_dock(self) -> GlossaryDock:
        """Build the glossary dock and put it in its saved place, once; return it."""
        if self._glossary is None:
            from PySide6.QtCore import Qt

            from core.glossary import load_glossary
            from gui.glossary_dock import GlossaryDock

            dock = GlossaryDock(load_glossary(), self._state.language, self)
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            dock.hide()
            self._view_menu.insertAction(self._toolbar.toggleViewAction(), dock.toggleViewAction())
            self._state.languageChanged.connect(dock.set_language)
            self._glossary = dock
            self._restore_dock_state()  # the dock's saved place and visibility
        return self._glossary

    @property
    def commands(self) -> MainActions:
        """The window's commands (for pages that put them in their own menus or buttons)."""
        return self._actions

    def page(self, key: str) -> QWidget:
        """The widget shown for ``key`` (a placeholder until a real page is set)."""
        return self._pages[key][0]

    def set_page(self, key: str, widget: QWidget, title: Callable[[], str] | None = None) -> None:
        """Put ``widget`` on the page ``key``, replacing what was there, or add a new page.

        ``title`` returns the tab title in the current language; it is called again on every
        language change. Existing pages keep their title when it is omitted.
        """
        widget.setObjectName(widget.objectName() or f"{key}Page")
        if key in self._pages:
            old, old_title = self._pages[key]
            index = self._tabs.indexOf(old)
            was_current = self._tabs.currentIndex() == index
            self._tabs.removeTab(index)
            old.deleteLater()
            self._tabs.insertTab(index, widget, "")
            if was_current:
                self._tabs.setCurrentIndex(index)
            self._pages[key] = (widget, title or old_title)
        else:
            if title is None:
                raise ValueError(f"a new page '{key}' needs a title")
            self._tabs.addTab(widget, "")
            self._pages[key] = (widget, title)
        self._retranslate_tabs()

    def start_pages(self) -> None:
        """Build the pages without freezing the window (the app calls it after the first paint).

        Each step of :meth:`_startup_steps` runs in its own turn of the event loop, so input and
        repaints are handled between them; the modules the next steps need are loaded on a
        thread meanwhile (:func:`load_wizard_modules`, :func:`load_later_modules`).
        """
        if self._pages_ready or self._pages_starting:
            return
        self._pages_starting = True
        self._next_startup_step()

    @Slot()
    def finish_startup(self) -> None:
        """Put the wizard and the history view in place of the placeholders now (once)."""
        self._pages_starting = False  # what is left runs here, modules loaded on this thread
        self._step_timer.stop()
        while self._next_startup_step():
            pass

    @Slot()
    def _next_startup_step(self) -> bool:
        """Run the next step of the start-up; queue the one after it. False when all are done."""
        if self._pages_ready:
            return False
        self._waiting = False
        step = self._startup_steps.pop(0)
        step()
        if not self._startup_steps:
            self._pages_ready = True
            self.pagesReady.emit()
        elif self._pages_starting and not self._waiting:
            self._step_timer.start()
        return not self._pages_ready

    def _load(self, load: Callable[[], None]) -> None:
        """The step that loads the next steps' modules: on a thread while the window runs."""
        if not self._pages_starting:
            load()
            return
        self._waiting = True  # the next step waits for ``loaded``
        loader = ModuleLoader(load, self)
        loader.loaded.connect(self._next_startup_step)
        loader.start()

    def _wait_for_live_estimate(self) -> None:
        """Let the wizard's first estimate and plan finish before the history is loaded and built.

        The planner runs on a thread; a thread importing modules or a step building widgets beside
        it takes turns with it on the GIL, and each then takes twice as long on the GUI thread.
        """
        live = getattr(self._plan.wizard, "live", None)
        if not self._pages_starting or live is None or not live.busy:
            return
        if self._live_waited_ms >= LIVE_WAIT_MS:  # the user keeps it busy: go on beside it
            return
        self._live_waited_ms += LIVE_POLL_MS
        self._startup_steps.insert(0, self._wait_for_live_estimate)
        self._waiting = True
        QTimer.singleShot(LIVE_POLL_MS, self._next_startup_step)

    def _load_state(self) -> None:
        self._state.load()
        self._show_locations()
        self._report_startup_problems()

    def _open_store_service(self) -> None:
        from gui.store_service import StoreService

        # The one way every page reaches the history (see gui.store_service); the wizard's review
        # page, built in a later step, saves and places through it.
        self._store_service = StoreService(self._state.db_path, parent=self)
        self._plan.set_store_service(self._store_service)

    def _add_history(self) -> None:
        from gui.history import HistoryView

        assert self._store_service is not None  # opened in an earlier start-up step
        current = self._tabs.currentIndex()
        self.set_page(HISTORY_PAGE, HistoryView(self._state, self._store_service, self._tabs))
        self._tabs.setCurrentIndex(current)

    def _add_catalog(self) -> None:
        from gui.catalog import CatalogView

        current = self._tabs.currentIndex()
        self.set_page(CATALOG_PAGE, CatalogView(self._state, self._tabs), self._catalog_title)
        self._tabs.setCurrentIndex(current)

    def _catalog_title(self) -> str:
        return self.tr("Catalog")

    def _restore_dock_state(self) -> None:
        state = self._state.window_settings().value("mainWindow/state")
        if state is not None:
            self.restoreState(state, STATE_VERSION)

    def _plan_title(self) -> str:
        return self.tr("Plan")

    def _history_title(self) -> str:
        return self.tr("History")

    def show_page(self, key: str) -> None:
        """Bring the page ``key`` to the front."""
        self._tabs.setCurrentWidget(self._pages[key][0])

    @Slot(str)
    def show_glossary_term(self, key: str) -> None:
        """Open the glossary panel at ``key`` (keeps a wizard or dialog open beside it)."""
        self.glossary_dock.show_term(key)

    def _build_ui(self) -> None:
        self._actions = MainActions(self)
        self._tabs = QTabWidget(self)
        self._tabs.setObjectName("centralPages")
        self._tabs.setDocumentMode(True)
        self.setCentralWidget(self._tabs)
        # The wizard's first page is in the first paint; the main window builds the rest of it
        # after that paint, step by step (start_pages).
        # The store service is set in a later step (_open_store_service): it imports the store.
        self._plan = PlanPage(
            self._state, None, self._tabs, new_plan=self.newPlanRequested, build_later=True
        )
        self.set_page(PLAN_PAGE, self._plan, self._plan_title)
        self.set_page(
            HISTORY_PAGE, PlaceholderPage("historyPlaceholder", self._tabs), self._history_title
        )

        a = self._actions
        self._toolbar = QToolBar(self)
        self._toolbar.setObjectName("mainToolBar")
        # Shown before the first paint: set by name, not through ``Qt`` (see gui.qt_names).
        set_by_name(self._toolbar, "toolButtonStyle", "ToolButtonTextBesideIcon")
        self._toolbar.addActions([a.new_plan, a.find, a.glossary, a.settings])
        self.addToolBar(self._toolbar)  # at the top

        bar = self.menuBar()
        self._file_menu = bar.addMenu("")
        self._file_menu.setObjectName("fileMenu")
        self._file_menu.addActions([a.new_plan, a.open_plan, a.save_plan])
        self._file_menu.addSeparator()
        self._file_menu.addAction(a.quit)
        self._edit_menu = bar.addMenu("")
        self._edit_menu.setObjectName("editMenu")
        self._edit_menu.addAction(a.find)
        self._edit_menu.addSeparator()
        self._edit_menu.addAction(a.settings)
        self._view_menu = bar.addMenu("")
        self._view_menu.setObjectName("viewMenu")
        self._view_menu.addActions([a.show_plan, a.show_history, a.show_catalog])
        self._view_menu.addSeparator()
        # The glossary dock's toggle goes before this one once the dock is built.
        self._view_menu.addAction(self._toolbar.toggleViewAction())
        self._help_menu = bar.addMenu("")
        self._help_menu.setObjectName("helpMenu")
        self._help_menu.addActions([a.glossary, a.shortcuts])
        self._help_menu.addSeparator()
        self._help_menu.addAction(a.about)

        self._db_label = QLabel(self)
        self._db_label.setObjectName("databaseLabel")
        set_by_name(self._db_label, "textInteractionFlags", "TextSelectableByMouse")
        self._catalog_label = QLabel(self)
        self._catalog_label.setObjectName("catalogLabel")
        self.statusBar().setObjectName("statusBar")
        self.statusBar().addPermanentWidget(self._db_label, 1)
        self.statusBar().addPermanentWidget(self._catalog_label)

    def _connect_signals(self) -> None:
        a = self._actions
        a.new_plan.triggered.connect(self._on_new_plan_triggered)
        a.open_plan.triggered.connect(lambda: self._plan_files().open())
        a.save_plan.triggered.connect(lambda: self._plan_files().save_as())
        a.find.triggered.connect(self._on_find_triggered)
        a.glossary.triggered.connect(self._on_glossary_triggered)
        a.settings.triggered.connect(self._on_settings_triggered)
        a.quit.triggered.connect(self.close)
        a.show_plan.triggered.connect(lambda: self.show_page(PLAN_PAGE))
        a.show_history.triggered.connect(lambda: self.show_page(HISTORY_PAGE))
        a.show_catalog.triggered.connect(self._on_show_catalog_triggered)
        a.about.triggered.connect(self._on_about_triggered)
        a.shortcuts.triggered.connect(self.show_shortcuts)
        self._state.catalogChanged.connect(self._on_state_catalog_changed)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        self.setWindowTitle(self.tr("AnchorGPU Planner"))
        self._actions.retranslate()
        self._file_menu.setTitle(self.tr("&File"))
        self._edit_menu.setTitle(self.tr("&Edit"))
        self._view_menu.setTitle(self.tr("&View"))
        self._help_menu.setTitle(self.tr("&Help"))
        self._toolbar.setWindowTitle(self.tr("Toolbar"))
        placeholders = {
            HISTORY_PAGE: (
                self.tr("Saved quotes and orders"),
                self.tr("Quotes you save and orders you place are listed here, offline."),
            ),
        }
        for key, (title, text) in placeholders.items():
            page = self._pages[key][0]
            if isinstance(page, PlaceholderPage):  # until the real page is set
                page.set_texts(title, text)
        self._retranslate_tabs()
        self._show_locations()

    def _retranslate_tabs(self) -> None:
        for widget, title in self._pages.values():
            self._tabs.setTabText(self._tabs.indexOf(widget), title())

    def _show_locations(self) -> None:
        self._db_label.setText(self.tr("Database: {path}").format(path=self._state.db_path))
        if not self._state.loaded:  # filled in by finish_startup, right after the first paint
            return
        catalog = self._state.catalog
        text = self.tr("Catalog {id} as of {date}")
        self._catalog_label.setText(text.format(id=catalog.catalog_id, date=catalog.as_of))
        source = self._state.catalog_source
        self._catalog_label.setToolTip(
            str(source) if source is not None else self.tr("The catalog bundled with the app")
        )

    def _report_startup_problems(self) -> None:
        from gui.core_text import message_text

        problems = []
        if self._state.settings_problem:
            problem = message_text(self._state.settings_problem)
            problems.append(self.tr("Settings: {problem}").format(problem=problem))
        if self._state.catalog_problem:
            text = self.tr("The imported catalog cannot be used, the bundled one is: {problem}")
            problems.append(text.format(problem=message_text(self._state.catalog_problem)))
        if problems:
            self.statusBar().showMessage("  ".join(problems))

    def _restore_window_state(self) -> None:
        settings = self._state.window_settings()
        geometry = settings.value("mainWindow/geometry")
        if geometry is None or not self.restoreGeometry(geometry):
            available = self.screen().availableGeometry()
            self.resize(
                min(1200, available.width() * 9 // 10), min(780, available.height() * 9 // 10)
            )
        self._restore_dock_state()

    def closeEvent(self, event: QCloseEvent) -> None:
        settings = self._state.window_settings()
        settings.setValue("mainWindow/geometry", self.saveGeometry())
        settings.setValue("mainWindow/state", self.saveState(STATE_VERSION))
        settings.sync()
        super().closeEvent(event)

    def _on_new_plan_triggered(self) -> None:
        self.show_page(PLAN_PAGE)
        self.newPlanRequested.emit()

    def _plan_files(self) -> PlanFileCommands:
        """The plan file commands (the wizard must be built: it is, after the first paint)."""
        from gui.plan_file_commands import PlanFileCommands

        self.finish_startup()
        self.show_page(PLAN_PAGE)
        if self._plan_file_commands is None:
            self._plan_file_commands = PlanFileCommands(self, self._plan.wizard)
        return self._plan_file_commands

    def _on_show_catalog_triggered(self) -> None:
        self.finish_startup()  # the page is the last one built
        self.show_page(CATALOG_PAGE)

    def _on_find_triggered(self) -> None:
        # A page that can search (the history) declares focus_search(); others search the glossary.
        focus_search = getattr(self._tabs.currentWidget(), "focus_search", None)
        if callable(focus_search):
            focus_search()
        else:
            self.glossary_dock.focus_search()

    def _on_glossary_triggered(self) -> None:
        self.glossary_dock.focus_search()

    def _on_settings_triggered(self) -> None:
        from PySide6.QtCore import Qt

        from gui.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self._state, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    def show_shortcuts(self) -> None:
        """Help → Keyboard Shortcuts: the window's and the History page's keys."""
        from PySide6.QtCore import Qt

        from gui.shortcuts_dialog import ShortcutsDialog

        groups = [(self.tr("Everywhere"), self._actions.all())]
        history = self._pages[HISTORY_PAGE][0]
        history_actions = getattr(history, "commands", None)
        if history_actions is not None:
            groups.append((self._history_title(), history_actions))
        dialog = ShortcutsDialog(groups, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    def _on_about_triggered(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        catalog = self._state.catalog
        text = self.tr(
            "<p><b>AnchorGPU Planner {version}</b></p><p>Plans GPU rentals from the AnchorGPU "
            "catalog: memory fit, parallel strategies, fixed-term prices and a local history, "
            "all offline.</p><p>Catalog {id} as of {date}.</p>"
        )
        QMessageBox.about(
            self,
            self.tr("About AnchorGPU Planner"),
            text.format(version=__version__, id=catalog.catalog_id, date=catalog.as_of),
        )

    def _on_state_catalog_changed(self, catalog: Catalog) -> None:
        self._show_locations()
        text = self.tr("Now using catalog {id} as of {date}.")
        self.statusBar().showMessage(text.format(id=catalog.catalog_id, date=catalog.as_of), 8000)
