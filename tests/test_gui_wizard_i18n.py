"""The wizard in Russian: every string is in the Linguist source, and a switch retranslates it."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractButton, QComboBox, QLabel, QWizard

from gui.wizard import PlanWizard
from tests.test_gui_wizard import click_next, settle

# Technical names that read the same in both languages.
SAME_IN_BOTH = {
    "?",
    "? CUDA",
    "? ROCm",
    "—",
    "&config.json",
    "&safetensors",
    "&GGUF",
    "LoRA",
    "vLLM",  # serving engines by their names
    "llama.cpp",
    "f16",  # llama.cpp's cache types by their ggml names
    "q8_0",
    "q4_0",
    "Marlin",  # vLLM's MXFP4 MoE kernels by their names
    "Triton",
    "FlashInfer",
    "bitsandbytes",  # quantization libraries by their names
    "torchao",
    "Quanto",
    "AdamW",
    "CUDA",
    "ROCm",
    "VRAM",
    "GPU",
    "Flash attention",
    "Classifier-free guidance",
    "PDF (*.pdf)",
}


def test_the_wizard_is_among_the_sources_checked_for_translations():
    # tests/test_gui_shell.py fails on any untranslated string of these files.
    from gui import i18n_build

    wizard_files = {path.name for path in i18n_build.sources() if path.parent.name == "wizard"}
    assert {"plan_wizard.py", "review_page.py", "live_routing.py"} <= wizard_files


def _texts(wizard: PlanWizard) -> dict[object, str]:
    texts: dict[object, str] = {}
    for label in wizard.findChildren(QLabel):
        if label.text() and not label.text().startswith("<"):
            texts[label] = label.text()
    unused = {
        wizard.button(b)
        for b in (QWizard.WizardButton.CancelButton, QWizard.WizardButton.CommitButton)
    }
    for button in wizard.findChildren(QAbstractButton):
        if button.text() and button not in unused:
            texts[button] = button.text()
    for combo in wizard.findChildren(QComboBox):
        for index in range(combo.count()):
            texts[(combo, index)] = combo.itemText(index)
    for step in wizard.steps:
        texts[(step, "title")] = step.title()
        texts[(step, "subtitle")] = step.subTitle()
    return texts


def _value(key: object) -> str:
    if isinstance(key, tuple) and isinstance(key[0], QComboBox):
        return key[0].itemText(key[1])
    if isinstance(key, tuple):
        return key[0].title() if key[1] == "title" else key[0].subTitle()
    return key.text()


def test_switching_to_russian_translates_every_page(main_window, app_state, qtbot):
    wizard = main_window.page("plan").wizard
    settle(qtbot, wizard)
    english = _texts(wizard)
    english = {k: v for k, v in english.items() if not v.isdigit()}
    app_state.update_settings(language="ru")
    next_button = wizard.button(QWizard.WizardButton.NextButton)
    qtbot.waitUntil(lambda: next_button.text() == "&Далее >")
    same = {text for key, text in english.items() if _value(key) == text} - SAME_IN_BOTH
    # format ids (fp8, int4, nf4-dq, gguf-q4_k) read the same in every language
    formats = ("fp", "bf16", "int", "nf4", "gguf-")
    same = {text for text in same if not any(u in text for u in formats)}
    assert not same, f"untranslated in the Russian build: {sorted(same)}"
    click_next(qtbot, wizard)
    settle(qtbot, wizard)
    panel = wizard.panel
    assert "Веса" in panel.findChild(QLabel, "memoryLegend").text()
    assert "ГиБ" in panel.findChild(QLabel, "memoryLegend").text()
    assert panel.findChild(QLabel, "estimateVerdict").text().startswith("Помещается")
    app_state.update_settings(language="en")
    qtbot.waitUntil(lambda: next_button.text() == "&Next >")
    assert "Weights" in panel.findChild(QLabel, "memoryLegend").text()


def test_the_quote_reads_in_russian(main_window, app_state, qtbot):
    from PySide6.QtWidgets import QTextBrowser

    from core.domain.glossary import load_glossary
    from core.domain.request_parsing import parse_request

    app_state.update_settings(language="ru")
    wizard = main_window.page("plan").wizard
    wizard.load_request(
        parse_request({"model": {"preset": "llama-3.1-8b"}, "gpu": "l4", "term": {"unit": "week"}})
    )
    while wizard.currentPage() is not wizard.review_page:
        click_next(qtbot, wizard)
    text = wizard.findChild(QTextBrowser, "quoteView").toPlainText()
    for heading in ("Цена", "Итого", "Память на GPU", "Предупреждения", "Оговорка", "1 неделя"):
        assert heading in text
    assert load_glossary().disclaimer_ru in text
    app_state.update_settings(language="en")
