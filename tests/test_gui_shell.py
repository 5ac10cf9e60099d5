"""The desktop shell as a user meets it: window, glossary panel, language, settings, layout."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt, QThread
from PySide6.QtGui import QAction, QKeyEvent, QTextCursor
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QTabWidget,
    QTextBrowser,
    QToolButton,
    QWidget,
)

from core.base.errors import CatalogError, InputError
from core.domain.catalog import bundled_catalog_path, default_catalog, load_catalog_file
from core.domain.glossary import load_glossary
from gui.app_state import AppState
from gui.glossary_link import GlossaryLink
from gui.main_window import MainWindow
from gui.settings_dialog import SettingsDialog
from gui.settings_store import SettingsStore
from gui.worker import Worker

# Texts that are the same in both languages on purpose: product and technology names.
SAME_IN_BOTH_LANGUAGES = {"AnchorGPU Planner", "CUDA", "ROCm", "VRAM"}


def dock(window: MainWindow) -> QDockWidget:
    return window.findChild(QDockWidget, "glossaryDock")


def visible_terms(window: MainWindow) -> list[str]:
    terms = dock(window).findChild(QListWidget, "glossaryTermList")
    return [terms.item(i).text() for i in range(terms.count()) if not terms.item(i).isHidden()]


def definition_text(window: MainWindow) -> str:
    return dock(window).findChild(QTextBrowser, "glossaryDefinition").toPlainText()


def status_text(window: MainWindow) -> str:
    labels = ("databaseLabel", "catalogLabel")
    return " | ".join(window.findChild(QLabel, name).text() for name in labels)


def search(window: MainWindow, qtbot, text: str) -> None:
    """Type ``text`` into the glossary search box, one key event per character."""
    box = dock(window).findChild(QLineEdit, "glossarySearch")
    box.clear()
    for char in text:
        # QTest.keyClicks only maps ASCII; a key event carrying the text types Cyrillic too.
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            event = QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, char)
            QApplication.sendEvent(box, event)
    assert box.text() == text


def test_window_title_and_status_bar_show_database_and_catalog_date(main_window, user_data_dir):
    catalog = default_catalog()
    assert main_window.windowTitle() == "AnchorGPU Planner"
    text = status_text(main_window)
    assert str(user_data_dir / "history.sqlite") in text
    assert catalog.catalog_id in text
    assert catalog.as_of.isoformat() in text


def test_f1_opens_the_glossary_dock_and_ctrl_f_searches_it(main_window, qtbot):
    assert not dock(main_window).isVisible()
    main_window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main_window)
    qtbot.keyClick(main_window, Qt.Key.Key_F1)
    assert dock(main_window).isVisible()
    assert len(visible_terms(main_window)) == 47  # the catalog's 12 terms, then 35 of help
    dock(main_window).close()
    qtbot.keyClick(main_window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert dock(main_window).isVisible()
    assert QApplication.focusWidget() is dock(main_window).findChild(QLineEdit, "glossarySearch")


HELP_KV_EN = ["Sliding-window attention", "GPU memory utilisation", "Maximum concurrency"]
HELP_KV_RU = [
    "Внимание со скользящим окном",
    "Доля используемой памяти GPU",
    "Максимальная параллельность",
]
# The help entries on attention heads and on serving engines both explain the KV cache.
NEW_KV_EN = ["Attention heads and KV heads (GQA)", "Serving engine"]
NEW_KV_RU = ["Головы внимания и KV-головы (GQA)", "Движок обслуживания"]


def test_search_filters_terms_in_both_languages(main_window, qtbot):
    main_window.show_glossary_term("vram")
    search(main_window, qtbot, "KV")
    # help entries too; vLLM's profile run names the KV pool
    assert visible_terms(main_window) == ["KV cache", *HELP_KV_EN, "vLLM profile run", *NEW_KV_EN]
    assert "Key and value tensors" in definition_text(main_window)
    # Russian text is searched even while the panel shows English: "кэш" is in two seed entries
    # (and in flash attention's Russian definition, which names the V cache, and the runtime
    # overhead's, which names the caching allocator).
    search(main_window, qtbot, "кэш")
    english = ["VRAM", "KV cache", *HELP_KV_EN, "Flash attention", "vLLM profile run"]
    assert visible_terms(main_window) == [*english, "Runtime overhead", *NEW_KV_EN]
    dock(main_window).findChild(QToolButton, "glossaryLanguageToggle").click()
    profile_ru = "Профилировочный прогон vLLM"
    russian = ["VRAM", "KV-кэш", *HELP_KV_RU, "Флеш-внимание", profile_ru]
    russian += ["Накладные расходы среды выполнения", *NEW_KV_RU]
    assert visible_terms(main_window) == russian
    search(main_window, qtbot, "KV")
    assert visible_terms(main_window) == ["KV-кэш", *HELP_KV_RU, profile_ru, *NEW_KV_RU]
    search(main_window, qtbot, "no such words")
    assert visible_terms(main_window) == []
    assert dock(main_window).findChild(QLabel, "glossaryNoMatch").isVisible()


def test_clicking_a_related_term_link_shows_that_term(main_window, qtbot):
    main_window.show_glossary_term("kv_cache")
    view = dock(main_window).findChild(QTextBrowser, "glossaryDefinition")
    cursor = view.document().find("Tensor parallelism")
    assert not cursor.isNull(), view.toPlainText()
    cursor.setPosition(cursor.selectionStart() + 2, QTextCursor.MoveMode.MoveAnchor)
    where = view.cursorRect(cursor).center() + QPoint(0, 0)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=where)
    assert "Splitting parts of a model's tensor operations" in definition_text(main_window)
    assert visible_terms(main_window)[3] == "Tensor parallelism"


def test_disclaimer_stays_visible_under_every_definition_in_both_languages(main_window, qtbot):
    glossary = load_glossary()
    disclaimer = dock(main_window).findChild(QLabel, "glossaryDisclaimer")
    for entry in glossary.entries:
        main_window.show_glossary_term(entry.key)
        assert disclaimer.isVisible()
        assert disclaimer.text() == glossary.disclaimer("en")
    dock(main_window).findChild(QToolButton, "glossaryLanguageToggle").click()
    main_window.show_glossary_term("fixed_term")
    assert disclaimer.text() == glossary.disclaimer_ru  # the seed's last line, verbatim
    assert glossary.get("fixed_term").definition_ru in definition_text(main_window)


def test_a_glossary_link_in_another_window_opens_the_term(main_window, qtbot):
    wizard_like = QWidget()  # a separate top-level window, as the wizard will be
    qtbot.addWidget(wizard_like)
    button = GlossaryLink("fsdp", wizard_like)
    wizard_like.show()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert dock(main_window).isVisible()
    assert "Fully Sharded Data Parallel" in definition_text(main_window)
    assert wizard_like.isVisible()


class SearchablePage(QWidget):
    """Stands in for the history page: a page with its own search box."""

    def __init__(self) -> None:
        super().__init__()
        self.box = QLineEdit(self)

    def focus_search(self) -> None:
        self.box.setFocus()


def test_a_page_set_by_key_replaces_its_placeholder_and_gets_find(main_window, app_state, qtbot):
    tabs = main_window.findChild(QTabWidget, "centralPages")
    page = SearchablePage()
    main_window.set_page("history", page)
    assert [tabs.tabText(i) for i in range(tabs.count())] == ["Plan", "History", "Catalog"]
    main_window.show_page("history")
    assert tabs.currentWidget() is page
    main_window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main_window)
    qtbot.keyClick(main_window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is page.box
    assert not dock(main_window).isVisible()
    app_state.update_settings(language="ru")
    qtbot.waitUntil(lambda: tabs.tabText(1) == "История")
    assert tabs.widget(1) is page


def _texts(window: MainWindow) -> dict[object, str]:
    texts: dict[object, str] = {a: a.text() for a in window.findChildren(QAction) if a.text()}
    texts |= {m: m.title() for m in window.findChildren(QMenu) if m.title()}
    texts[window] = window.windowTitle()
    return texts


def test_switching_to_russian_translates_every_menu_and_action(main_window, app_state, qtbot):
    file_menu = main_window.findChild(QMenu, "fileMenu")
    english = _texts(main_window)
    assert len(english) >= 14
    app_state.update_settings(language="ru")
    # Qt posts LanguageChange to each window; the switch is done when the event loop has run.
    qtbot.waitUntil(lambda: file_menu.title() == "&Файл")
    russian = _texts(main_window)
    untranslated = {
        text for obj, text in english.items() if russian[obj] == text
    } - SAME_IN_BOTH_LANGUAGES
    assert not untranslated, f"untranslated in the Russian build: {sorted(untranslated)}"
    assert "KV-кэш" in visible_terms(main_window)
    assert "Каталог" in status_text(main_window)
    assert default_catalog().as_of.isoformat() in status_text(main_window)
    app_state.update_settings(language="en")
    qtbot.waitUntil(lambda: file_menu.title() == "&File")
    assert "KV cache" in visible_terms(main_window)


def test_settings_dialog_switches_language_and_saves_tax_rate(main_window, app_state, qtbot):
    dialog = SettingsDialog(app_state, main_window)
    qtbot.addWidget(dialog)
    dialog.show()
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    tax = dialog.findChild(QLineEdit, "taxRateEdit")
    tax.clear()
    qtbot.keyClicks(tax, "150")
    assert dialog.findChild(QLabel, "taxRateError").isVisible()
    assert not ok.isEnabled()
    tax.clear()
    qtbot.keyClicks(tax, "20")
    assert ok.isEnabled()
    combo = dialog.findChild(QComboBox, "languageCombo")
    combo.setCurrentIndex(combo.findData("ru"))
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    file_menu = main_window.findChild(QMenu, "fileMenu")
    qtbot.waitUntil(lambda: file_menu.title() == "&Файл")
    saved = json.loads((app_state.data_dir / "settings.json").read_text("utf-8"))
    assert saved["language"] == "ru"
    assert Decimal(saved["tax_rate"]) == Decimal("0.2")


def test_every_string_in_the_sources_has_a_russian_translation():
    from gui.i18n_build import untranslated

    assert untranslated() == []


def _bad_catalog(tmp_path):
    raw = json.loads(bundled_catalog_path().read_text("utf-8"))
    raw["gpus"][0]["price_per_gpu_hour"]["week"] = "0"
    path = tmp_path / "bad-catalog.json"
    path.write_text(json.dumps(raw), "utf-8")
    return path


def test_importing_a_bad_catalog_shows_why_and_changes_nothing(
    main_window, app_state, qtbot, tmp_path, user_data_dir
):
    bad = _bad_catalog(tmp_path)
    with pytest.raises(CatalogError) as expected:
        load_catalog_file(bad)
    before = status_text(main_window)
    dialog = SettingsDialog(app_state, main_window)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.import_catalog(bad) is False
    message = dialog.findChild(QLabel, "catalogMessage")
    assert message.isVisible()
    assert message.text() == expected.value.message
    assert "price must be positive" in message.text()
    dialog.accept()
    assert app_state.catalog.as_of == default_catalog().as_of
    assert app_state.catalog_source is None
    assert status_text(main_window) == before
    assert not (user_data_dir / "catalog.json").exists()


def test_importing_a_good_catalog_copies_it_and_uses_it(main_window, app_state, qtbot, tmp_path):
    raw = json.loads(bundled_catalog_path().read_text("utf-8"))
    raw["catalog_id"], raw["as_of"] = "anchorgpu-test", "2027-03-01"
    source = tmp_path / "new-catalog.json"
    source.write_text(json.dumps(raw), "utf-8")
    dialog = SettingsDialog(app_state, main_window)
    qtbot.addWidget(dialog)
    assert dialog.import_catalog(source) is True
    assert "2026" in status_text(main_window)  # nothing changes before OK
    dialog.accept()
    assert "anchorgpu-test" in status_text(main_window)
    assert "2027-03-01" in status_text(main_window)
    source.unlink()  # the app uses its own copy in the data folder
    again = AppState(SettingsStore(app_state.data_dir))
    assert again.catalog.catalog_id == "anchorgpu-test"


def test_window_geometry_and_dock_layout_are_restored(app_state, qtbot):
    first = MainWindow(app_state)
    qtbot.addWidget(first)
    first.show()
    first.resize(720, 520)  # inside the offscreen screen (800 × 600): restoring clamps to it
    first.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock(first))
    dock(first).show()
    first.close()

    second = MainWindow(app_state)
    qtbot.addWidget(second)
    second.show()
    qtbot.waitExposed(second)
    assert (second.width(), second.height()) == (720, 520)
    assert dock(second).isVisible()
    assert second.dockWidgetArea(dock(second)) == Qt.DockWidgetArea.LeftDockWidgetArea


def _fail() -> None:
    raise InputError("bad input", field="gpus")


def test_worker_delivers_result_and_error_on_the_gui_thread(qtbot):
    threads: list[QThread] = []
    worker = Worker(sum, [1, 2, 3])
    worker.succeeded.connect(lambda _value: threads.append(QThread.currentThread()))
    with qtbot.waitSignal(worker.succeeded) as result:
        worker.start()
    assert result.args == [6]
    assert threads == [QApplication.instance().thread()]

    failing = Worker(_fail)
    with qtbot.waitSignal(failing.failed) as error:
        failing.start()
    assert str(error.args[0]) == "gpus: bad input"


def test_help_lists_every_command_with_its_keys(main_window, app_state, qtbot):
    from PySide6.QtWidgets import QTableWidget

    main_window.commands.shortcuts.trigger()
    dialog = main_window.findChild(QDialog, "shortcutsDialog")
    table = dialog.findChild(QTableWidget, "shortcutsTable")
    rows = [tuple(table.item(r, c).text() for c in range(3)) for r in range(table.rowCount())]
    assert ("Everywhere", "New Plan", "Ctrl+N") in rows
    assert ("Everywhere", "Keyboard Shortcuts", "Ctrl+/") in rows
    assert ("History", "Edit Label and Notes", "F2") in rows
    assert ("History", "Copy Summary", "Ctrl+Shift+C") in rows
    keys = [keys for _, _, keys in rows]
    assert len(keys) == len(set(keys))  # no key does two things
    dialog.close()
