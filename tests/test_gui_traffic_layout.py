"""A traffic row's layout in words, in both languages: tensor parallel, or experts split too."""

from __future__ import annotations

from gui.presentation.traffic_text import TrafficText


def test_layout_in_both_languages(main_window, app_state, qtbot):
    words = TrafficText()
    assert words.layout(8) == "TP 8"
    assert words.layout(2, 4, True) == "TP 2 × DP 4, EP 8"
    assert words.layout_words(8) == "tensor parallel 8"
    assert words.layout_words(1, 8, True) == (
        "tensor parallel 1 × data parallel 8, experts split over 8 GPUs"
    )
    app_state.update_settings(language="ru")
    qtbot.waitUntil(lambda: TrafficText().layout_words(8) == "тензорный параллелизм 8")
    assert TrafficText().layout_words(2, 4, True) == (
        "тензорный параллелизм 2 × параллелизм данных 4, эксперты распределены по 8 GPU"
    )
