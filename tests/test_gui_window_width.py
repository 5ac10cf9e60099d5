"""The main window fits a 1280-pixel screen whatever the status lines and the glossary dock say."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QWidget

from gui.main_window import MainWindow

SCREEN_WIDTH = 1280
LONG_PATH = "/home/someone/Documents/" + "a-rather-long-folder-name/" * 12 + "q-0123456789ab.pdf"


@pytest.mark.parametrize("language", ["en", "ru"])
def test_long_messages_and_the_dock_never_force_the_window_past_1280_pixels(
    app_state, qtbot, language
):
    window = MainWindow(app_state)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    app_state.update_settings(language=language)
    window.glossary_dock.show()
    window.glossary_dock.show_term("kv_cache")
    history = window.page("history")
    history._show_notice(f"Saved {LONG_PATH}.")  # as after Save as PDF
    window.statusBar().showMessage("Settings: " + "a long problem with the settings file " * 12)
    for page in ("plan", "history"):
        window.show_page(page)
        qtbot.wait(20)
        assert window.minimumSizeHint().width() <= SCREEN_WIDTH, page
        window.resize(SCREEN_WIDTH, 800)
        qtbot.waitUntil(lambda: window.width() <= SCREEN_WIDTH, timeout=2000)
    notice = history.findChild(QWidget, "historyNotice")
    assert notice.text() == f"Saved {LONG_PATH}." and notice.toolTip() == notice.text()
    count = history.findChild(QLabel, "historyCount")
    assert count.width() >= count.sizeHint().width()  # the row count is never the one cut
