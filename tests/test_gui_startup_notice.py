"""Start-up problems (settings, catalog) are shown above the pages, where nothing covers them.

They used to go to the status bar, whose permanent database label took its whole width: the
message was there but could not be seen.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from gui.app_state import AppState
from gui.language_switcher import LanguageSwitcher
from gui.main_window import MainWindow
from gui.settings_store import SettingsStore


def shown_labels_saying(window: MainWindow, text: str) -> list[QLabel]:
    """Labels on screen, not covered, whose text contains ``text``."""
    return [
        label
        for label in window.findChildren(QLabel)
        if text in label.text() and label.isVisible() and not label.visibleRegion().isEmpty()
    ]


def test_a_broken_settings_file_is_said_in_a_visible_notice_in_both_languages(
    qapp, qtbot, user_data_dir
):
    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / "settings.json").write_text('{"language": "en", "tax_rate": ', "utf-8")
    switcher = LanguageSwitcher(qapp)
    state = AppState(SettingsStore(user_data_dir), switcher)
    try:
        window = MainWindow(state)
        qtbot.addWidget(window)
        window.resize(1000, 700)
        window.show()
        qtbot.waitExposed(window)
        assert state.settings_problem
        kept = state.settings_kept_as
        assert kept is not None and kept.is_file()  # kept aside, not overwritten later
        shown = shown_labels_saying(window, f"was kept as {kept}")
        assert len(shown) == 1 and shown[0].width() >= 300
        assert "The settings file cannot be used (" in shown[0].text()
        assert "fix it or delete it" not in shown[0].text()  # it is no longer where it was
        assert window.startup_notice.isVisible()

        state.update_settings(language="ru")
        saying = f"он сохранён как {kept}"
        qtbot.waitUntil(lambda: saying in window.startup_notice.text(), timeout=2000)
        assert shown_labels_saying(window, saying)

        window.startup_notice.dismiss()
        assert not window.startup_notice.isVisible()
        assert not shown_labels_saying(window, saying)
    finally:
        switcher.apply("en")


def test_a_boolean_in_a_number_field_is_named_in_the_notice(qapp, qtbot, user_data_dir):
    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / "settings.json").write_text('{"runtime_context_gib": true}', "utf-8")
    state = AppState(SettingsStore(user_data_dir), LanguageSwitcher(qapp))
    window = MainWindow(state)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert state.settings.runtime_context_gib == 0.75
    assert "(runtime_context_gib: must be a number, not true)" in window.startup_notice.text()


def test_no_notice_when_start_up_went_well(main_window):
    assert main_window.state.settings_problem is None
    assert not main_window.startup_notice.isVisible()
