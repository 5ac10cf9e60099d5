"""What a new user met on the second walk through the app: impossible custom numbers, a broken
config.json, the glossary's keys and links, warnings' units, diffusion's outcome column, and the
Russian wording."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QRadioButton, QWizard

from core.base.errors import InputError
from core.domain.request_parsing import parse_request
from tests import test_gui_history as history_shared
from tests.test_gui_history_files import files
from tests.test_gui_wizard import click_next, next_button, settle, type_into, wizard

# Fixtures used by name: the wizard, and a filled history with answered dialogs.
answers, history, view = history_shared.answers, history_shared.history, history_shared.view
__all__ = ["answers", "files", "history", "view", "wizard"]


def _custom_numbers(qtbot, wizard) -> dict[str, QLineEdit]:
    click_next(qtbot, wizard)
    wizard.findChild(QRadioButton, "source_custom").click()
    settle(qtbot, wizard)
    names = ("params", "attention_heads", "kv_heads")
    return {name: wizard.findChild(QLineEdit, f"custom_{name}") for name in names}


@pytest.mark.parametrize("kv", ["64", "6"])
def test_kv_heads_that_do_not_divide_the_heads_are_refused_at_their_field(wizard, qtbot, kv):
    fields = _custom_numbers(qtbot, wizard)
    type_into(qtbot, fields["params"], "7B")
    type_into(qtbot, fields["attention_heads"], "32")
    type_into(qtbot, fields["kv_heads"], "8")
    settle(qtbot, wizard)
    summary = wizard.findChild(QLabel, "modelSummary")
    assert "7,000,000,000 parameters" in summary.text()
    type_into(qtbot, fields["kv_heads"], kv)
    settle(qtbot, wizard)
    message = wizard.findChild(QLabel, "modelPageError").text()
    assert message == (
        "KV heads (GQA): must divide the attention heads (32) and not exceed them: each KV head"
        " serves an equal group of attention heads"
    )
    assert fields["kv_heads"].property("invalid") is True
    assert fields["kv_heads"].text() == kv  # never changed
    assert not next_button(wizard).isEnabled()
    # Nothing is estimated with a number the user did not type, and the model read before is gone.
    assert summary.text() == ""
    assert wizard.panel.findChild(QLabel, "estimateSubject").text() == message
    assert wizard.panel.findChild(QLabel, "estimateBestOption").text() == ""


def test_the_cli_refuses_kv_heads_that_do_not_divide_the_heads():
    raw = {"model": {"custom": {"params": 7 * 10**9, "attention_heads": 32, "kv_heads": 6}}}
    with pytest.raises(InputError) as refused:
        parse_request(raw)
    assert refused.value.field == "model.custom.kv_heads"
    assert "(32)" in str(refused.value)
    raw["model"]["custom"]["kv_heads"] = 8
    assert parse_request(raw).model.custom.kv_heads == 8


def test_a_custom_model_is_named_in_russian(main_window, app_state, wizard, qtbot):
    fields = _custom_numbers(qtbot, wizard)
    type_into(qtbot, fields["params"], "7B")
    settle(qtbot, wizard)
    app_state.update_settings(language="ru")
    qtbot.waitUntil(lambda: next_button(wizard).text() == "&Далее >")
    settle(qtbot, wizard)
    type_into(qtbot, fields["params"], "8B")  # read again in Russian
    settle(qtbot, wizard)
    summary = wizard.findChild(QLabel, "modelSummary").text()
    assert summary.startswith("Своя модель (8\u00a0000\u00a0000\u00a0000 параметров)"), summary
    assert "Custom" not in wizard.panel.findChild(QLabel, "estimateSubject").text()


def test_a_broken_config_json_clears_the_panel_and_the_model_read_before(wizard, qtbot, tmp_path):
    click_next(qtbot, wizard)
    settle(qtbot, wizard)
    best = wizard.panel.findChild(QLabel, "estimateBestOption")
    summary = wizard.findChild(QLabel, "modelSummary")
    qtbot.waitUntil(lambda: best.text().startswith("Cheapest"), timeout=10_000)
    assert summary.text().startswith("Llama")
    broken = tmp_path / "config.json"
    broken.write_text("{not json", "utf-8")
    wizard.model_page.choose_file("hf_config", str(broken))
    settle(qtbot, wizard)
    error = wizard.findChild(QLabel, "modelPageError").text()
    assert "config.json" in error
    assert best.text() == ""  # not "Ranking the offers…" for ever
    assert summary.text() == ""  # not the preset's line under the error
    subject = wizard.panel.findChild(QLabel, "estimateSubject").text()
    assert "config.json" in subject
    for name in ("estimateVerdict", "estimateLimits", "estimateWarnings", "memoryLegend"):
        assert wizard.panel.findChild(QLabel, name).text() == "", name
    assert next_button(wizard).isEnabled() is False
    assert wizard.button(QWizard.WizardButton.BackButton).isEnabled()
    wizard.findChild(QRadioButton, "source_preset").click()  # back to the model read before
    settle(qtbot, wizard)
    assert summary.text().startswith("Llama")
    assert best.text().startswith("Cheapest")  # its ranking is shown again, not waited for


def test_f1_toggles_the_glossary_and_escape_closes_it(main_window, qtbot):
    from PySide6.QtWidgets import QApplication, QDockWidget, QListWidget

    dock = main_window.findChild(QDockWidget, "glossaryDock")
    main_window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main_window)
    qtbot.keyClick(main_window, Qt.Key.Key_F1)
    assert dock.isVisible()
    search = dock.findChild(QLineEdit, "glossarySearch")
    assert QApplication.focusWidget() is search
    qtbot.keyClick(search, Qt.Key.Key_F1)
    assert not dock.isVisible()
    qtbot.keyClick(main_window, Qt.Key.Key_F1)
    assert dock.isVisible()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert not dock.isVisible()
    main_window.show_glossary_term("kv_cache")  # opened by a link: Escape from its list too
    terms = dock.findChild(QListWidget, "glossaryTermList")
    terms.setFocus()
    qtbot.keyClick(terms, Qt.Key.Key_Escape)
    assert not dock.isVisible()


# What each field is about, named by the title of the glossary or help entry that explains it
# (written from the field's meaning, not copied from the forms' link tables).
FIELD_CONCEPTS = {
    "diffusion.batch_size": "Images per batch",
    "diffusion.cpu_offload": "CPU offload",
    "diffusion.guidance": "Classifier-free guidance",
    "diffusion.height": "Variational autoencoder (VAE)",
    "diffusion.width": "Variational autoencoder (VAE)",
    "diffusion.quant_backend": "Quantization backend",
    "diffusion.quantized_text_encoders": "Quantization",
    "diffusion.steps": "Denoising steps",
    "diffusion.vae_slicing": "Variational autoencoder (VAE)",
    "diffusion.vae_tiling": "Variational autoencoder (VAE)",
    "inference.concurrent_sequences": "Maximum concurrency",
    "inference.context_tokens": "KV cache",
    "inference.engine": "Serving engine",
    "inference.gpu_memory_utilization": "GPU memory utilisation",
    "inference.llamacpp.cache_type_k": "KV cache",
    "inference.llamacpp.cache_type_v": "KV cache",
    "inference.llamacpp.flash_attn": "Flash attention",
    "inference.llamacpp.n_batch": "Logical and physical batch (llama.cpp)",
    "inference.llamacpp.n_ubatch": "Logical and physical batch (llama.cpp)",
    "inference.llamacpp.n_gpu_layers": "VRAM",
    "inference.max_num_batched_tokens": "vLLM profile run",
    "inference.max_num_seqs": "vLLM profile run",
    "inference.mxfp4_backend": "Quantization",
    "inference.vllm_version": "vLLM profile run",
    "inference.mtp_speculative_tokens": "KV cache",
    "inference.prefill_chunk_tokens": "Activations",
    "model.custom.attention_heads": "Attention heads and KV heads (GQA)",
    "model.custom.kv_heads": "Attention heads and KV heads (GQA)",
    "model.custom.head_dim": "Attention heads and KV heads (GQA)",
    "model.custom.hidden_size": "VRAM",
    "model.custom.intermediate_size": "VRAM",
    "model.custom.layers": "VRAM",
    "model.custom.params": "VRAM",
    "model.custom.vocab_size": "VRAM",
    "model.gguf": "Quantization",
    "model.hf_config": "VRAM",
    "model.preset": "VRAM",
    "model.safetensors": "Quantization",
    "parallelism.fsdp_sharding": "Fully Sharded Data Parallel (FSDP)",
    "parallelism.gpus": "DistributedDataParallel (DDP)",
    "parallelism.tensor_parallel": "Tensor parallelism",
    "platform": ("CUDA", "ROCm"),
    "precision.kv_cache": "KV cache",
    "precision.quant_group_size": "Quantization",
    "precision.weights": "Quantization",
    "runtime.allocator_reserve": "Runtime overhead",
    "runtime.comm_buffer_gib": "Runtime overhead",
    "runtime.context_gib": "Runtime overhead",
    "runtime_version": ("CUDA", "ROCm"),
    "goal.deadline": "Finish by (training deadline)",
    "goal.finish_by": "Finish by (training deadline)",
    "storage_gb": "Training checkpoint",
    "term.count": "Fixed rental term",
    "term.start": "Fixed rental term",
    "term.start_fixed": "Fixed rental term",
    "term.unit": "Fixed rental term",
    "training.activation_checkpointing": "Activation checkpointing",
    "training.activation_offloading": "Activations",
    "training.bnb_version": "bitsandbytes version (QLoRA)",
    "training.flash_attention": "Flash attention",
    "training.lora_dropout": "LoRA",
    "training.lora_rank": "LoRA",
    "training.lora_targets": "LoRA",
    "training.loss": "Chunked cross-entropy",
    "training.method": "LoRA",
    "training.mfu": "Model FLOPs utilisation (MFU)",
    "training.micro_batch_size": "Micro-batch",
    "training.mixed_precision": "Mixed and pure 16-bit training",
    "training.offload": "CPU offload",
    "training.optimizer": "Optimizer states",
    "training.optimizer_in_backward": "Optimizer states",
    "training.qlora_double_quant": "QLoRA",
    "training.sequence_length": "Sequence length",
    "training.tokens": "Fixed rental term",
    "training.trainer": "Trainer",
    "training.weights_precision": "Mixed and pure 16-bit training",
}
# The strategy row links the entry of the strategy chosen.
STRATEGY_CONCEPTS = {
    "single": "VRAM",
    "tensor": "Tensor parallelism",
    "ddp": "DistributedDataParallel (DDP)",
    "fsdp": "Fully Sharded Data Parallel (FSDP)",
}
WORKLOAD_CONCEPTS = {
    "inference": "KV cache",
    "training": "Training checkpoint",
    "diffusion": "Variational autoencoder (VAE)",
}


def _entry_titled(title: str) -> str:
    from core.domain.glossary import load_glossary

    found = [e.key for e in load_glossary().all_entries if e.term_en == title]
    assert len(found) == 1, title
    return found[0]


def _bare(text: str) -> str:
    """A label or title without its mnemonic, parenthesis and case: "Flash attention"."""
    return text.replace("&", "").split(" (")[0].rstrip(":").strip().casefold()


def test_every_question_mark_of_every_page_opens_its_fields_own_entry(main_window, wizard, qtbot):
    from PySide6.QtWidgets import QDockWidget, QGridLayout

    from core.domain.glossary import load_glossary
    from gui.glossary_link import GlossaryLink
    from gui.wizard.field_row import FieldRow

    dock = main_window.findChild(QDockWidget, "glossaryDock")
    titles = {_bare(e.term_en): e.key for e in load_glossary().all_entries}
    links = wizard.findChildren(GlossaryLink)
    checked = 0
    for row in wizard.findChildren(FieldRow):
        if row.path == "parallelism.strategy":
            expected = {_entry_titled(t) for t in STRATEGY_CONCEPTS.values()}
        else:
            concept = FIELD_CONCEPTS[row.path]  # a new field declares its concept here
            concepts = (concept,) if isinstance(concept, str) else concept
            expected = {_entry_titled(t) for t in concepts}
            # A field named like an entry opens that entry, whatever the table above says.
            own = titles.get(_bare(row.label.text()))
            if own is not None:
                assert own in expected, row.path
        assert set(row.links) == expected, row.path
        for key, link in row.links.items():
            link.click()
            assert dock.current_key == key, row.path
            checked += 1
    grid = wizard.workload_page.findChild(QGridLayout)
    for link in wizard.workload_page.findChildren(GlossaryLink):
        line = grid.getItemPosition(grid.indexOf(link))[0]
        radio = grid.itemAtPosition(line, 0).widget()
        workload = radio.objectName().removeprefix("workload_")
        assert link.key == _entry_titled(WORKLOAD_CONCEPTS[workload]), workload
        link.click()
        assert dock.current_key == link.key
        checked += 1
    for link in wizard.review_page.findChildren(GlossaryLink):  # beside the quote's key
        assert link.key == _entry_titled("Idempotency key")
        link.click()
        assert dock.current_key == link.key
        checked += 1
    assert checked == len(links)  # every "?" of the wizard was walked


def test_the_cli_glossary_finds_the_help_entries(capsys):
    from tests.cli_helpers import run_cli

    result = run_cli(capsys, "glossary", "LoRA")
    assert result.code == 0, result.err
    assert result.out.startswith("LoRA\n")
    result = run_cli(capsys, "glossary", "--lang", "ru", "Изображений в пакете")
    assert result.code == 0 and "Денойзер" in result.out
    result = run_cli(capsys, "glossary", "kv cache")  # the catalog's term still comes first
    assert result.out.startswith("KV cache\n")


def _finding(preset: str, gpu: str, code: str, **precision: str):
    from core.domain.catalog import default_catalog
    from core.estimate.dispatch import estimate

    raw = {"model": {"preset": preset}, "gpu": gpu, "precision": precision}
    result = estimate(parse_request(raw), default_catalog())
    return next(f for f in result.findings if f.code == code)


def test_warnings_name_offers_in_gib_and_read_fully_in_russian(app_state):
    from gui.core_text import finding_text

    emulated = _finding("gpt-oss-20b", "h100-80gb-sxm", "format_emulated")
    english = finding_text(emulated)
    assert english.startswith("NVIDIA H100 SXM · 80 GiB has no mxfp4 tensor cores")
    assert "(source: CUDA C Programming Guide, Compute Capabilities)" in english
    assert "80GB" not in english and "Marlin" not in english
    app_state.update_settings(language="ru")
    russian = finding_text(emulated)
    assert russian.startswith("у NVIDIA H100 SXM · 80 ГиБ нет тензорных ядер mxfp4"), russian
    for english_words in ("tensor cores", "Marlin", "from 8.0", "GiB"):
        assert english_words not in russian, russian


def test_the_cli_estimate_names_the_offer_in_gib(capsys, tmp_path):
    from tests.cli_helpers import run_cli, write_request

    request = write_request(tmp_path, {"model": {"preset": "llama-3.1-8b"}, "gpu": "l40s"})
    result = run_cli(capsys, "estimate", "--request", request)
    assert result.code == 0, result.err
    assert "1 × NVIDIA L40S · 48 GiB" in result.out
    assert "48GB" not in result.out


def test_diffusion_offers_show_their_cost_per_thousand_images(qapp):
    from PySide6.QtCore import Qt as QtNames

    from core.domain.catalog import default_catalog
    from core.planning.planner import plan
    from gui.presentation.formats import money
    from gui.wizard.offer_table_model import UNIT_COST, OfferTableModel

    request = parse_request({"workload": "diffusion", "model": {"preset": "sdxl"}})
    options = plan(request, default_catalog())
    model = OfferTableModel()
    model.set_plan(options)
    header = model.headerData(UNIT_COST, QtNames.Orientation.Horizontal)
    assert header == "Per 1,000 images"
    shown = model.column_texts(UNIT_COST)[: len(options.options)]
    expected = [money(o.outcome.per_thousand_images, o.price.currency) for o in options.options]
    assert shown == expected and "—" not in shown
    inference = plan(parse_request({"model": {"preset": "llama-3.1-8b"}}), default_catalog())
    model.set_plan(inference)
    assert model.headerData(UNIT_COST, QtNames.Orientation.Horizontal) == "Per 1M tokens"


def test_the_storage_field_says_its_gb_are_billed_decimal_gb(wizard):
    from gui.wizard.field_row import FieldRow

    row = next(r for r in wizard.findChildren(FieldRow) if r.path == "storage_gb")
    # Memory is in GiB everywhere; disk is billed per GB of 10^9 bytes, and says so.
    assert row.label.text() == "Persistent storage (GB of 10⁹ bytes)"


def test_the_restore_notice_follows_a_language_switch(
    view, qtbot, files, answers, app_state, tmp_path
):
    from tests.test_gui_history import action
    from tests.test_gui_history_files import notice

    backup = tmp_path / "backup.sqlite"
    files.paths = [backup, backup]
    action(view, "historyBackupAction").trigger()
    qtbot.waitUntil(lambda: len(answers.infos) == 1)
    action(view, "historyRestoreAction").trigger()
    qtbot.waitUntil(lambda: len(answers.infos) == 2, timeout=10_000)
    qtbot.waitUntil(lambda: "restored from" in notice(view))
    app_state.update_settings(language="ru")
    qtbot.waitUntil(lambda: "restored" not in notice(view))
    assert "восстановлена" in notice(view) and "2 сметы" in notice(view)
    app_state.update_settings(language="en")
    qtbot.waitUntil(lambda: "The history was restored from" in notice(view))


def test_russian_wording_one_gpu_and_decimal_comma(main_window, app_state, wizard, qtbot):
    from gui.presentation.names import strategy_short

    field = wizard.findChild(QLineEdit, "gpuMemoryUtilization")
    assert field.text() == "0.9"
    app_state.update_settings(language="ru")
    qtbot.waitUntil(lambda: field.text() == "0,9")
    assert wizard.current_request().inference.gpu_memory_utilization == 0.9
    assert strategy_short("single") == "Один GPU"
    field.setText("0.85")  # typed: kept as typed whatever the language
    app_state.update_settings(language="en")
    qtbot.waitUntil(lambda: next_button(wizard).text() == "&Next >")
    assert field.text() == "0.85"


def test_qt_file_dialogs_are_russian_too(app_state, qtbot):
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QFileDialog

    app_state.update_settings(language="ru")
    dialog = QFileDialog(None, "", "", "JSON (*.json)")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
    qtbot.addWidget(dialog)
    labels = [label.text() for label in dialog.findChildren(QLabel) if label.text()]
    assert labels == ["&Перейти к:", "&Имя файла:", "&Типы файлов:"]
    assert QCoreApplication.translate("QAbstractFileIconProvider", "Folder") == "Папка"


def test_the_russian_translation_calls_a_quote_smeta_everywhere():
    import xml.etree.ElementTree as ElementTree

    from core.base.resources import resource_path

    tree = ElementTree.parse(resource_path("i18n", "anchorgpu_ru.ts"))
    mixed = []
    for message in tree.iter("message"):
        source = message.findtext("source") or ""
        translation = "".join(message.find("translation").itertext())
        if "quote" in source.casefold() and re.search(r"расч[её]т", translation, re.IGNORECASE):
            mixed.append(translation)
    assert mixed == []


def _in_sight(widget, area) -> bool:
    """Whether ``widget`` lies wholly inside the visible part of the scroll area ``area``."""
    from PySide6.QtCore import QRect

    viewport = area.viewport()
    seen = QRect(viewport.mapToGlobal(viewport.rect().topLeft()), viewport.size())
    where = QRect(widget.mapToGlobal(widget.rect().topLeft()), widget.size())
    return seen.contains(where)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(1024, 700), (1152, 720), (1280, 800)])
def test_navigation_and_question_marks_stay_in_sight_beside_the_glossary(
    main_window, app_state, qtbot, language, size
):
    from PySide6.QtWidgets import QPushButton, QScrollArea

    from gui.glossary_link import GlossaryLink
    from tools.shots.wizard_shots import DRAFT

    app_state.update_settings(language=language)
    main_window.resize(*size)
    main_window.show_glossary_term("kv_cache")
    page = main_window.page("plan")
    wizard = page.wizard
    wizard.load_request(parse_request(DRAFT))
    settle(qtbot, wizard)
    qtbot.waitUntil(lambda: main_window.size().toTuple() == size)
    buttons = [QWizard.WizardButton.BackButton, QWizard.WizardButton.NextButton]
    buttons += [QWizard.WizardButton.FinishButton, QWizard.WizardButton.CustomButton1]
    for step in range(6):
        qtbot.waitUntil(lambda step=step: wizard.currentId() == step)
        qtbot.wait(1)  # let the layouts follow the page
        for which in buttons:
            button = wizard.button(which)
            if button.isVisible():
                assert _in_sight(button, page), (step, button.text())
        current = wizard.currentPage()
        if current is wizard.sizes_page:
            form_area = next(
                a
                for a in current.findChildren(QScrollArea)
                if a.isVisible() and a is not current.scroll
            )
            links = [link for link in form_area.findChildren(GlossaryLink) if link.isVisible()]
            assert links
            for link in links:  # in sight across: a row may be scrolled to vertically
                seen = form_area.viewport().mapToGlobal(form_area.viewport().rect().topRight())
                assert link.mapToGlobal(link.rect().topRight()).x() <= seen.x(), link.key
        if current is wizard.review_page:
            for name in ("saveQuoteButton", "placeOrderButton", "exportPdfButton"):
                assert _in_sight(current.findChild(QPushButton, name), current.scroll), name
            assert _in_sight(current.findChild(QPushButton, "copySummaryButton"), current.scroll)
        if step < 5:
            if current is wizard.offer_page:
                from tests.test_gui_wizard import choose_first_offer

                choose_first_offer(qtbot, wizard)
            wizard.next()
            settle(qtbot, wizard)


def test_a_wide_window_gives_its_room_to_names_numbers_and_the_estimate(main_window, qtbot):
    from PySide6.QtWidgets import QTableView

    from gui.wizard.live_estimate_panel import PANEL_WIDTH
    from gui.wizard.offer_table_model import GPU, REASON
    from tools.shots.wizard_shots import DRAFT

    wizard = main_window.page("plan").wizard
    main_window.resize(2560, 1440)
    qtbot.waitUntil(lambda: main_window.width() == 2560)
    wizard.load_request(parse_request(DRAFT))
    settle(qtbot, wizard)
    while wizard.currentPage() is not wizard.offer_page:
        wizard.next()
        settle(qtbot, wizard)
    table = wizard.findChild(QTableView, "offerTable")
    model = table.model().sourceModel()
    qtbot.waitUntil(lambda: model.rowCount() > 0)
    qtbot.wait(1)
    header = table.horizontalHeader()
    metrics = table.fontMetrics()
    names = model.column_texts(GPU)
    assert header.sectionSize(GPU) > max(metrics.horizontalAdvance(n) for n in names)  # whole
    shown = [c for c in range(model.columnCount()) if c != REASON]
    heads = {c: str(model.headerData(c, Qt.Orientation.Horizontal)) for c in shown}
    needs = {
        c: max(metrics.horizontalAdvance(t) for t in [*model.column_texts(c), heads[c]])
        for c in shown
    }
    shares = [header.sectionSize(c) / needs[c] for c in shown]
    # No column takes the room over alone (the last one took ~1,200 px of it).
    last = shown[-1]
    assert header.sectionSize(last) < 4 * needs[last] + 40
    assert max(shares) / min(shares) < 2.5, shares
    assert sum(header.sectionSize(c) for c in shown) <= table.viewport().width()
    assert wizard.panel.width() > PANEL_WIDTH + 100  # the estimate grows too
    main_window.resize(1280, 800)
    qtbot.waitUntil(lambda: wizard.panel.width() == PANEL_WIDTH)


@pytest.mark.parametrize("width", [1024, 1152, 1280])
def test_the_history_tool_bar_keeps_every_command_in_sight_in_russian(
    main_window, app_state, qtbot, width
):
    from PySide6.QtWidgets import QToolBar, QToolButton

    app_state.update_settings(language="ru")
    main_window.resize(width, 720)
    main_window.show_page("history")
    bar = main_window.findChild(QToolBar, "historyToolBar")
    qtbot.waitUntil(
        lambda: (
            bar is not None
            and bar.isVisible()
            or bool(main_window.findChild(QToolBar, "historyToolBar"))
        )
    )
    bar = main_window.findChild(QToolBar, "historyToolBar")
    qtbot.waitUntil(bar.isVisible)
    qtbot.wait(1)
    more = next(
        b for b in bar.findChildren(QToolButton) if b.objectName() == "qt_toolbar_ext_button"
    )
    qtbot.waitUntil(lambda: not more.isVisible(), timeout=3000)  # nothing behind "»"
    for action in bar.actions():
        widget = bar.widgetForAction(action)
        if widget is not None and not action.isSeparator():
            assert widget.isVisible() and widget.geometry().right() <= bar.width(), action.text()


def test_the_cli_history_names_the_quoted_offer_in_gib(capsys, tmp_path):
    import json

    from tests.cli_helpers import run_cli

    request = tmp_path / "request.json"
    raw = {"model": {"preset": "llama-3.1-8b"}, "gpu": "l40s", "term": {"unit": "week"}}
    request.write_text(json.dumps(raw), "utf-8")
    saved = run_cli(capsys, "quote", "save", "--request", str(request))
    assert saved.code == 0, saved.err
    shown = run_cli(capsys, "history", "show", saved.out.strip())
    assert "GPUs      1 × NVIDIA L40S · 48 GiB (l40s)" in shown.out
    assert "48GB" not in shown.out
