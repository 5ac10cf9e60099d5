"""The main window: menus, toolbar, the Plan and History pages, the glossary dock, the status bar.

Pages are added by key into a tab area (``set_page("plan", wizard)`` replaces the placeholder);
any widget opens a glossary term through :meth:`MainWindow.show_glossary_term`. Geometry and the
dock/toolbar layout are saved with QSettings on close and restored on the next start
(:mod:`gui.window_geometry`); what went wrong while loading is worded by
:mod:`gui.startup_problems`.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, Signal, Slot
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox, QVBoxLayout, QWidget

from core import __version__
from gui.app_state import AppState
from gui.main_actions import MainActions
from gui.main_menus import MainMenus
from gui.page_tabs import PageTabs
from gui.placeholder_page import PlaceholderPage
from gui.qt_names import set_by_name
from gui.startup_notice import StartupNotice
from gui.startup_steps import StartupSteps, load_later_modules, load_wizard_modules, module
from gui.translation import tr_id
from gui.window_geometry import restore_docks, restore_window, save_window
from gui.wizard import PlanPage

if TYPE_CHECKING:
    from core.domain.catalog import Catalog
    from core.domain.request import PlanRequest
    from gui.glossary_dock import GlossaryDock
    from gui.plan_file_commands import PlanFileCommands
    from gui.store_service import StoreService

LIVE_WAIT_MS = 3000  # how long at most the start-up waits for the wizard's first plan
PLAN_PAGE, HISTORY_PAGE, CATALOG_PAGE = "plan", "history", "catalog"


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
        self._startup = StartupSteps(self)
        self._startup.finished.connect(self.pagesReady)
        self._glossary: GlossaryDock | None = None
        self._store_service: StoreService | None = None
        self._plan_file_commands: PlanFileCommands | None = None
        self._build_ui()
        # The wizard first: the history store is needed only once a quote is saved. The first
        # plan runs on a thread; a thread importing modules or a step building widgets beside it
        # takes turns with it on the GIL, and each then takes twice as long on the GUI thread.
        startup = self._startup
        startup.steps = [
            startup.load(load_wizard_modules),
            self._load_state,
            *self._plan.build_steps(),
            startup.wait_while(self._live_estimate_busy, LIVE_WAIT_MS),
            startup.load(load_later_modules),
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
        restore_window(self, self._state.window_settings())

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
            later = _later()
            dock = later.GlossaryDock(later.load_glossary(), self._state.language, self)
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            dock.hide()
            self._menus.add_dock_toggle(dock)
            self._state.languageChanged.connect(dock.set_language)
            self._glossary = dock
            restore_docks(
                self, self._state.window_settings()
            )  # the dock's saved place and visibility
        return self._glossary

    @property
    def commands(self) -> MainActions:
        """The window's commands (for pages that put them in their own menus or buttons)."""
        return self._actions

    @property
    def pages(self) -> PageTabs:
        """The tabs of the window's pages."""
        return self._tabs

    @property
    def startup_notice(self) -> StartupNotice:
        """The notice above the pages that says what went wrong at start-up."""
        return self._startup_notice

    def page(self, key: str) -> QWidget:
        """The widget shown for ``key`` (a placeholder until a real page is set)."""
        return self._tabs.page(key)

    def set_page(self, key: str, widget: QWidget, title: Callable[[], str] | None = None) -> None:
        """Put ``widget`` on the page ``key`` (see :meth:`PageTabs.set_page`)."""
        self._tabs.set_page(key, widget, title)

    def show_page(self, key: str) -> None:
        """Bring the page ``key`` to the front."""
        self._tabs.show_page(key)

    def start_pages(self) -> None:
        """Build the pages without freezing the window (the app calls it after the first paint).

        One start-up step per turn of the event loop, the modules of the next steps loaded on a
        thread meanwhile (see :mod:`gui.startup_steps`).
        """
        self._startup.start()

    @Slot()
    def finish_startup(self) -> None:
        """Put the wizard and the history view in place of the placeholders now (once)."""
        self._startup.finish()

    def _live_estimate_busy(self) -> bool:
        live = getattr(self._plan.wizard, "live", None)
        return live is not None and live.busy

    def _load_state(self) -> None:
        self._state.load()
        self._show_locations()
        self._report_startup_problems()

    def _open_store_service(self) -> None:
        # The one way every page reaches the history (see gui.store_service); the wizard's review
        # page, built in a later step, saves and places through it.
        self._store_service = _later().StoreService(self._state.db_path, parent=self)
        self._plan.set_store_service(self._store_service)

    def _add_history(self) -> None:
        assert self._store_service is not None  # opened in an earlier start-up step
        history = _later().HistoryView(self._state, self._store_service, self._tabs, opener=self)
        self.set_page(HISTORY_PAGE, history)

    def _add_catalog(self) -> None:
        catalog = _later().CatalogView(self._state, self._tabs)
        self.set_page(CATALOG_PAGE, catalog, self._catalog_title)

    def _catalog_title(self) -> str:
        return tr_id("MainWindow.catalog", "Catalog")

    def _plan_title(self) -> str:
        return tr_id("MainWindow.plan", "Plan")

    def _history_title(self) -> str:
        return tr_id("MainWindow.history", "History")

    @Slot(str)
    def show_glossary_term(self, key: str) -> None:
        """Open the glossary panel at ``key`` (keeps a wizard or dialog open beside it)."""
        self.glossary_dock.show_term(key)

    def _build_ui(self) -> None:
        self._actions = MainActions(self)
        central = QWidget(self)
        central.setObjectName("centralArea")
        self._startup_notice = StartupNotice(central)
        self._tabs = PageTabs(central)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self._startup_notice)
        layout.addWidget(self._tabs, 1)
        self.setCentralWidget(central)
        # The wizard's first page is in the first paint; the main window builds the rest of it
        # after that paint, step by step (start_pages).
        # The store service is set in a later step (_open_store_service): it imports the store.
        self._plan = PlanPage(
            self._state, None, self._tabs, new_plan=self.newPlanRequested, build_later=True
        )
        self.set_page(PLAN_PAGE, self._plan, self._plan_title)
        self._plan.wizard.draftRefused.connect(self._on_draft_refused)
        self._plan.wizard.draftIsLink.connect(self._report_startup_problems)
        self.set_page(
            HISTORY_PAGE, PlaceholderPage("historyPlaceholder", self._tabs), self._history_title
        )

        self._menus = MainMenus(self, self._actions)

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
        self.setWindowTitle(tr_id("MainWindow.anchorgpu_planner", "AnchorGPU Planner"))
        self._actions.retranslate()
        self._menus.retranslate()
        placeholders = {
            HISTORY_PAGE: (
                tr_id("MainWindow.saved_quotes_and_orders", "Saved quotes and orders"),
                tr_id(
                    "MainWindow.quotes_you_save_and_orders_you",
                    "Quotes you save and orders you place are listed here, offline.",
                ),
            ),
        }
        for key, (title, text) in placeholders.items():
            page = self.page(key)
            if isinstance(page, PlaceholderPage):  # until the real page is set
                page.set_texts(title, text)
        self._tabs.retranslate()
        self._startup_notice.retranslate()
        self._show_locations()

    def _show_locations(self) -> None:
        self._db_label.setText(
            tr_id("MainWindow.database_path", "Database: {path}").format(path=self._state.db_path)
        )
        if not self._state.loaded:  # filled in by finish_startup, right after the first paint
            return
        catalog = self._state.catalog
        text = tr_id("MainWindow.catalog_id_as_of_date", "Catalog {id} as of {date}")
        self._catalog_label.setText(text.format(id=catalog.catalog_id, date=catalog.as_of))
        source = self._state.catalog_source
        self._catalog_label.setToolTip(
            str(source)
            if source is not None
            else tr_id(
                "MainWindow.the_catalog_bundled_with_the_app", "The catalog bundled with the app"
            )
        )

    def _report_startup_problems(self) -> None:
        self._startup_notice.set_problems(self._startup_problems)

    def _startup_problems(self) -> list[str]:
        problems = module("gui.startup_problems").startup_problems
        return problems(self._state, self._plan.wizard.draft_link)

    def open_draft(self, request: PlanRequest, label: str) -> None:
        """Open ``request`` in the plan wizard as a new draft and show it (History's Reopen)."""
        self._plan.load_request(request, label)
        self.show_page(PLAN_PAGE)

    @Slot(str)
    def _on_draft_refused(self, text: str) -> None:
        """Say, in a box that does not block the window, where the refused draft was kept."""
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            tr_id("MainWindow.last_draft", "Last draft"),
            text,
            parent=self,
        )
        box.setObjectName("draftRefusedBox")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.setModal(False)
        box.show()

    def closeEvent(self, event: QCloseEvent) -> None:
        save_window(self, self._state.window_settings())
        super().closeEvent(event)

    def _on_new_plan_triggered(self) -> None:
        self.show_page(PLAN_PAGE)
        self.newPlanRequested.emit()

    def _plan_files(self) -> PlanFileCommands:
        """The plan file commands (the wizard must be built: it is, after the first paint)."""
        self.finish_startup()
        self.show_page(PLAN_PAGE)
        if self._plan_file_commands is None:
            commands = module("gui.window_dialogs").PlanFileCommands(self, self._plan.wizard)
            self._plan_file_commands = commands
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
        # F1 toggles: it opens the panel with the cursor in its search box, and closes it again.
        dock = self.glossary_dock
        if dock.isVisible():
            dock.close_panel()
        else:
            dock.focus_search()

    def _on_settings_triggered(self) -> None:
        dialog = module("gui.window_dialogs").SettingsDialog(self._state, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    def show_shortcuts(self) -> None:
        """Help → Keyboard Shortcuts: the window's and the History page's keys."""
        groups = [(tr_id("MainWindow.everywhere", "Everywhere"), self._actions.all())]
        history = self.page(HISTORY_PAGE)
        history_actions = getattr(history, "commands", None)
        if history_actions is not None:
            groups.append((self._history_title(), history_actions))
        dialog = module("gui.window_dialogs").ShortcutsDialog(groups, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    def _on_about_triggered(self) -> None:
        catalog = self._state.catalog
        text = tr_id(
            "MainWindow.anchorgpu_planner_version_plans_gpu_rentals",
            "<p><b>AnchorGPU Planner {version}</b></p><p>Plans GPU rentals from the AnchorGPU "
            "catalog: memory fit, parallel strategies, fixed-term prices and a local history, "
            "all offline.</p><p>Catalog {id} as of {date}.</p>",
        )
        QMessageBox.about(
            self,
            tr_id("MainWindow.about_anchorgpu_planner", "About AnchorGPU Planner"),
            text.format(version=__version__, id=catalog.catalog_id, date=catalog.as_of),
        )

    def _on_state_catalog_changed(self, catalog: Catalog) -> None:
        self._show_locations()
        if self._state.loaded:  # a usable catalog now: its earlier problem is gone
            self._startup_notice.retranslate()
        text = tr_id(
            "MainWindow.now_using_catalog_id_as_of", "Now using catalog {id} as of {date}."
        )
        self.statusBar().showMessage(text.format(id=catalog.catalog_id, date=catalog.as_of), 8000)


def _later() -> ModuleType:
    """What the window builds after its first paint (:mod:`gui.window_later`)."""
    return module("gui.window_later")
