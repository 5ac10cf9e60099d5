"""The main window's actions: one QAction per command, with its shortcut, icon and texts.

Menus and the toolbar show the same action objects, so a command looks and behaves the same
everywhere and every command has a keyboard path. Texts are set in :meth:`retranslate`, which the
window calls again whenever the language changes.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QIcon, QKeySequence
from PySide6.QtWidgets import QWidget

from core.base.resources import resource_path
from gui.qt_names import set_by_name
from gui.translation import tr_id


def _shortcut(standard: QKeySequence.StandardKey, fallback: str) -> list[QKeySequence]:
    """The platform's standard key, or ``fallback`` where the platform defines none."""
    keys = QKeySequence.keyBindings(standard)
    return keys if keys else [QKeySequence(fallback)]


class MainActions(QObject):
    """All commands of the main window, owned by the window."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)

        def icon(theme: str, drawn: str) -> QIcon:
            return QIcon.fromTheme(theme, QIcon(str(resource_path("icons", f"action-{drawn}.svg"))))

        def action(name: str, icon_: QIcon | None = None) -> QAction:
            created = QAction(window)
            created.setObjectName(name)
            if icon_ is not None:
                created.setIcon(icon_)
            window.addAction(created)  # shortcuts work even when menus and toolbar are hidden
            return created

        self.new_plan = action("newPlanAction", icon("document-new", "new-plan"))
        self.new_plan.setShortcuts(_shortcut(QKeySequence.StandardKey.New, "Ctrl+N"))

        self.open_plan = action("openPlanAction", QIcon.fromTheme("document-open"))
        self.open_plan.setShortcuts(_shortcut(QKeySequence.StandardKey.Open, "Ctrl+O"))
        self.save_plan = action("savePlanAction", QIcon.fromTheme("document-save-as"))
        self.save_plan.setShortcuts(_shortcut(QKeySequence.StandardKey.Save, "Ctrl+S"))

        self.find = action("findAction", icon("edit-find", "find"))
        self.find.setShortcuts(_shortcut(QKeySequence.StandardKey.Find, "Ctrl+F"))

        self.glossary = action("glossaryAction", icon("help-contents", "glossary"))
        # setShortcuts([...]), not setShortcut(...): resolving setShortcut's overloads makes
        # PySide6 build the whole ``Qt`` namespace before the first paint (see gui.qt_names).
        self.glossary.setShortcuts([QKeySequence("F1")])
        # F1 also works from other top-level windows (the wizard), where help is needed most.
        # Built before the first paint: by name, not through ``Qt`` (see gui.qt_names).
        set_by_name(self.glossary, "shortcutContext", "ApplicationShortcut")

        self.settings = action("settingsAction", icon("preferences-system", "settings"))
        self.settings.setShortcuts(_shortcut(QKeySequence.StandardKey.Preferences, "Ctrl+,"))
        self.settings.setMenuRole(QAction.MenuRole.PreferencesRole)

        self.quit = action("quitAction", icon("application-exit", "quit"))
        self.quit.setShortcuts(_shortcut(QKeySequence.StandardKey.Quit, "Ctrl+Q"))
        self.quit.setMenuRole(QAction.MenuRole.QuitRole)

        self.show_plan = action("showPlanAction")
        self.show_plan.setShortcuts([QKeySequence("Ctrl+1")])
        self.show_history = action("showHistoryAction")
        self.show_history.setShortcuts([QKeySequence("Ctrl+2")])
        self.show_catalog = action("showCatalogAction")
        self.show_catalog.setShortcuts([QKeySequence("Ctrl+3")])

        self.shortcuts = action("shortcutsAction")
        self.shortcuts.setShortcuts([QKeySequence("Ctrl+/")])

        self.about = action("aboutAction")
        self.about.setMenuRole(QAction.MenuRole.AboutRole)

    def all(self) -> list[QAction]:
        """Every command, in menu order."""
        return [
            self.new_plan,
            self.open_plan,
            self.save_plan,
            self.find,
            self.settings,
            self.quit,
            self.show_plan,
            self.show_history,
            self.show_catalog,
            self.glossary,
            self.shortcuts,
            self.about,
        ]

    def retranslate(self) -> None:
        """Set every text in the current language."""
        texts = (
            (
                self.new_plan,
                tr_id("MainActions.new_plan", "&New Plan"),
                tr_id("MainActions.start_a_new_plan_in_the", "Start a new plan in the wizard"),
            ),
            (
                self.open_plan,
                tr_id("MainActions.open_plan", "&Open Plan…"),
                tr_id(
                    "MainActions.open_a_plan_file_a_request",
                    "Open a plan file (a request in JSON) as a new draft",
                ),
            ),
            (
                self.save_plan,
                tr_id("MainActions.save_plan_as", "&Save Plan As…"),
                tr_id(
                    "MainActions.save_the_plan_as_a_json",
                    "Save the plan as a JSON file the command line reads too",
                ),
            ),
            (
                self.find,
                tr_id("MainActions.find", "&Find…"),
                tr_id(
                    "MainActions.search_the_current_page_or_the",
                    "Search the current page or the glossary",
                ),
            ),
            (
                self.glossary,
                tr_id("MainActions.glossary", "&Glossary"),
                tr_id(
                    "MainActions.open_or_close_the_glossary_panel",
                    "Open or close the glossary panel (Escape closes it too)",
                ),
            ),
            (
                self.settings,
                tr_id("MainActions.settings", "&Settings…"),
                tr_id(
                    "MainActions.language_tax_runtime_and_catalog",
                    "Language, tax, runtime and catalog",
                ),
            ),
            (
                self.quit,
                tr_id("MainActions.quit", "&Quit"),
                tr_id("MainActions.close_the_application", "Close the application"),
            ),
            (
                self.show_plan,
                tr_id("MainActions.plan", "&Plan"),
                tr_id("MainActions.show_the_plan_page", "Show the plan page"),
            ),
            (
                self.show_history,
                tr_id("MainActions.history", "&History"),
                tr_id("MainActions.show_saved_quotes_and_orders", "Show saved quotes and orders"),
            ),
            (
                self.show_catalog,
                tr_id("MainActions.catalog", "&Catalog"),
                tr_id(
                    "MainActions.show_the_gpu_offers_their_specifications",
                    "Show the GPU offers, their specifications and prices",
                ),
            ),
            (
                self.shortcuts,
                tr_id("MainActions.keyboard_shortcuts", "&Keyboard Shortcuts"),
                tr_id(
                    "MainActions.list_every_command_that_has_a", "List every command that has a key"
                ),
            ),
            (
                self.about,
                tr_id("MainActions.about_anchorgpu_planner", "&About AnchorGPU Planner"),
                tr_id("MainActions.version_and_catalog", "Version and catalog"),
            ),
        )
        for act, text, tip in texts:
            act.setText(text)
            shortcut = act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            act.setToolTip(f"{tip} ({shortcut})" if shortcut else tip)
            act.setStatusTip(tip)
