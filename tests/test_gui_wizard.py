"""The plan wizard as a user walks it: every workload to the review, invalid input, glossary links,
the options table, loading a request and starting a new draft, exporting a PDF."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from PySide6.QtCore import QPoint, Qt, QThreadPool
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTableView,
    QTextBrowser,
    QWizard,
)

from core.base.resources import resource_path
from core.domain.request_parsing import parse_request
from core.model.models import list_presets
from gui.wizard import PlanWizard
from gui.wizard.offer_table_model import REASON


@pytest.fixture
def wizard(main_window, qtbot) -> PlanWizard:
    plan = main_window.page("plan").wizard
    assert isinstance(plan, PlanWizard)
    settle(qtbot, plan)
    yield plan
    QThreadPool.globalInstance().waitForDone(5000)  # no worker outlives the test's widgets


def settle(qtbot, wizard: PlanWizard) -> None:
    """Wait until the latest edit has been estimated and planned."""
    qtbot.waitUntil(lambda: not wizard.live.busy, timeout=10_000)


def next_button(wizard: PlanWizard):
    return wizard.button(QWizard.WizardButton.NextButton)


def click_next(qtbot, wizard: PlanWizard) -> None:
    settle(qtbot, wizard)
    before = wizard.currentId()
    qtbot.waitUntil(next_button(wizard).isEnabled, timeout=5000)
    qtbot.mouseClick(next_button(wizard), Qt.MouseButton.LeftButton)
    assert wizard.currentId() == before + 1, wizard.currentPage().error


def type_into(qtbot, field: QLineEdit, text: str) -> None:
    field.selectAll()
    qtbot.keyClick(field, Qt.Key.Key_Delete)
    qtbot.keyClicks(field, text)


def pick_preset(qtbot, wizard: PlanWizard, words: str, preset_id: str) -> None:
    type_into(qtbot, wizard.findChild(QLineEdit, "presetSearch"), words)
    settle(qtbot, wizard)
    assert wizard.current_request().model.preset == preset_id


def click_row(qtbot, table: QTableView, row: int) -> None:
    index = table.model().index(row, 1)
    table.scrollTo(index)
    where = table.visualRect(index).center()
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=where)


def choose_first_offer(qtbot, wizard: PlanWizard) -> None:
    table = wizard.findChild(QTableView, "offerTable")
    qtbot.waitUntil(lambda: table.model().rowCount() > 0, timeout=10_000)
    click_row(qtbot, table, 0)
    settle(qtbot, wizard)


def quote_text(wizard: PlanWizard) -> str:
    return wizard.findChild(QTextBrowser, "quoteView").toPlainText()


def walk_to_review(qtbot, wizard: PlanWizard) -> None:
    """From the sizes page (or any page before the offer page) to the review."""
    while wizard.currentPage() is not wizard.offer_page:
        click_next(qtbot, wizard)
    choose_first_offer(qtbot, wizard)
    click_next(qtbot, wizard)
    assert wizard.currentPage() is wizard.review_page


def test_inference_llama_8b_end_to_end_shows_the_total(wizard, qtbot):
    click_next(qtbot, wizard)  # inference is the default workload
    pick_preset(qtbot, wizard, "llama 3.1 8b", "llama-3.1-8b")
    click_next(qtbot, wizard)
    type_into(qtbot, wizard.findChild(QLineEdit, "contextTokens"), "8192")
    settle(qtbot, wizard)
    walk_to_review(qtbot, wizard)
    quote = wizard.review_page.quote
    plan = wizard.live.plan
    assert quote.request["inference"]["context_tokens"] == 8192
    assert (quote.gpu_id, quote.gpus) == (plan.options[0].gpu.id, plan.options[0].estimate.gpus)
    assert quote.total == plan.options[0].price.total
    text = quote_text(wizard)
    assert re.search(rf"Total\s+{re.escape(str(quote.total))} USD", text)
    assert "Llama 3.1 8B" in text
    assert "Paid until" in text
    assert "do not guarantee" in text  # the disclaimer


def test_training_with_lora_end_to_end(wizard, qtbot):
    wizard.findChild(QRadioButton, "workload_training").click()
    click_next(qtbot, wizard)
    pick_preset(qtbot, wizard, "8b", "llama-3.1-8b")
    click_next(qtbot, wizard)
    method = wizard.findChild(QComboBox, "trainingMethod")
    method.setCurrentIndex(method.findData("lora"))
    rank = wizard.findChild(QSpinBox, "loraRank")
    assert rank.isEnabled()
    rank.setValue(32)
    walk_to_review(qtbot, wizard)
    quote = wizard.review_page.quote
    assert quote.workload == "training"
    assert quote.request["training"]["method"] == "lora"
    assert quote.request["training"]["lora_rank"] == 32
    text = quote_text(wizard)
    assert "Training" in text
    assert re.search(rf"Total\s+{re.escape(str(quote.total))} USD", text)
    header = (
        wizard.findChild(QTableView, "offerTable").model().headerData(5, Qt.Orientation.Horizontal)
    )
    assert header == "Training run"


def test_diffusion_sdxl_end_to_end(wizard, qtbot):
    wizard.findChild(QRadioButton, "workload_diffusion").click()
    click_next(qtbot, wizard)
    diffusion = {p.name for p in list_presets() if p.kind == "diffusion"}
    shown = wizard.findChild(QListView, "presetList").model()
    names = {shown.index(row, 0).data() for row in range(shown.rowCount())}
    assert names == diffusion
    assert not wizard.findChild(QRadioButton, "source_custom").isEnabled()
    pick_preset(qtbot, wizard, "sdxl", "sdxl")
    click_next(qtbot, wizard)
    wizard.findChild(QCheckBox, "vaeTiling").setChecked(True)
    walk_to_review(qtbot, wizard)
    quote = wizard.review_page.quote
    assert quote.workload == "diffusion"
    assert quote.request["diffusion"]["vae_tiling"] is True
    assert re.search(rf"Total\s+{re.escape(str(quote.total))} USD", quote_text(wizard))


def test_context_tokens_zero_marks_the_field_and_disables_next(wizard, qtbot):
    click_next(qtbot, wizard)
    click_next(qtbot, wizard)
    field = wizard.findChild(QLineEdit, "contextTokens")
    type_into(qtbot, field, "0")
    settle(qtbot, wizard)
    message = wizard.findChild(QLabel, "sizesPageError")
    assert not next_button(wizard).isEnabled()
    assert field.property("invalid") is True
    reason = "enter 1 or more"  # the interface's words, not the validator's
    assert field.toolTip() == reason  # the field says why, without naming itself
    assert message.isVisible()
    assert message.text() == f"Context tokens: {reason}"  # the page names it by its label
    subject = wizard.panel.findChild(QLabel, "estimateSubject").text()
    assert subject == f"Context tokens: {reason}"  # the panel says why it is empty
    type_into(qtbot, field, "32k")
    settle(qtbot, wizard)
    assert next_button(wizard).isEnabled()
    assert field.property("invalid") is False
    assert message.text() == ""
    assert wizard.current_request().inference.context_tokens == 32_000


def test_custom_model_needs_its_parameter_count(wizard, qtbot):
    click_next(qtbot, wizard)
    wizard.findChild(QRadioButton, "source_custom").click()
    settle(qtbot, wizard)
    params = wizard.findChild(QLineEdit, "custom_params")
    message = wizard.findChild(QLabel, "modelPageError")
    # Nothing typed yet: no refusal on the untouched form, only what the estimate waits for.
    assert not params.property("invalid") and message.text() == ""
    subject = wizard.panel.findChild(QLabel, "estimateSubject").text()
    assert subject == "Fill in this page to see the estimate."
    qtbot.mouseClick(next_button(wizard), Qt.MouseButton.LeftButton)  # Next judges it
    assert wizard.currentPage() is wizard.model_page
    assert not next_button(wizard).isEnabled()
    assert params.property("invalid") is True
    assert message.text() == "Parameters (required): is required"
    qtbot.keyClicks(params, "7B")
    settle(qtbot, wizard)
    assert next_button(wizard).isEnabled()
    assert "7,000,000,000 parameters" in wizard.findChild(QLabel, "modelSummary").text()


def test_a_broken_config_json_is_reported_at_the_field(wizard, qtbot, tmp_path):
    click_next(qtbot, wizard)
    broken = tmp_path / "config.json"
    broken.write_text("{not json", "utf-8")
    wizard.model_page.choose_file("hf_config", str(broken))
    settle(qtbot, wizard)
    message = wizard.findChild(QLabel, "modelPageError")
    assert message.isVisible() and "config.json" in message.text()
    assert wizard.findChild(QLineEdit, "configPath").property("invalid") is True
    assert not next_button(wizard).isEnabled()
    config = json.loads(resource_path("models", "llm", "qwen2.5-7b.json").read_text("utf-8"))
    broken.write_text(json.dumps(config["config"]), "utf-8")
    wizard.model_page.choose_file("hf_config", str(broken))  # chosen again: read again
    settle(qtbot, wizard)
    assert next_button(wizard).isEnabled()
    assert message.text() == ""
    summary = wizard.findChild(QLabel, "modelSummary").text()
    assert "parameters (counted from config.json)" in summary


def test_a_fields_question_mark_opens_its_term_in_the_glossary(main_window, wizard, qtbot):
    dock = main_window.findChild(QDockWidget, "glossaryDock")
    click_next(qtbot, wizard)
    click_next(qtbot, wizard)
    row = wizard.findChild(QLineEdit, "contextTokens").parentWidget()
    link = row.findChild(object, "glossaryLink_kv_cache")
    qtbot.mouseClick(link, Qt.MouseButton.LeftButton)
    assert dock.isVisible()
    assert dock.current_key == "kv_cache"
    weights = wizard.findChild(QComboBox, "weightsDtype")
    weights.setCurrentIndex(weights.findData("int4"))
    settle(qtbot, wizard)
    warnings = wizard.panel.findChild(QLabel, "estimateWarnings")
    assert "term:quantization" in warnings.text()
    assert "Warning" in warnings.text()
    warnings.linkActivated.emit("term:quantization")
    assert dock.current_key == "quantization"
    assert wizard.isVisible()


def test_infeasible_options_are_listed_with_their_reason_on_request(wizard, qtbot):
    click_next(qtbot, wizard)
    pick_preset(qtbot, wizard, "70b", "llama-3.1-70b")
    while wizard.currentPage() is not wizard.offer_page:
        click_next(qtbot, wizard)
    table = wizard.findChild(QTableView, "offerTable")
    plan = wizard.live.plan
    assert plan.infeasible
    assert table.model().rowCount() == len(plan.options)
    assert table.isColumnHidden(REASON)
    wizard.findChild(QCheckBox, "showInfeasible").click()
    assert table.model().rowCount() == len(plan.options) + len(plan.infeasible)
    assert not table.isColumnHidden(REASON)
    reasons = [table.model().index(r, REASON).data() for r in range(table.model().rowCount())]
    assert sum(1 for reason in reasons if reason.startswith("needs")) >= 1
    assert reasons.count("") == len(plan.options)


def test_choosing_an_offer_sets_gpu_count_strategy_and_tensor_parallel(wizard, qtbot):
    click_next(qtbot, wizard)
    pick_preset(qtbot, wizard, "70b", "llama-3.1-70b")
    while wizard.currentPage() is not wizard.offer_page:
        click_next(qtbot, wizard)
    table = wizard.findChild(QTableView, "offerTable")
    model = table.model()
    row = next(r for r in range(model.rowCount()) if model.index(r, 2).data() == "4")
    click_row(qtbot, table, row)
    settle(qtbot, wizard)
    request = wizard.current_request()
    option = wizard.live.plan.options[row]
    assert request.gpu == option.gpu.id
    assert (request.parallelism.gpus, request.parallelism.strategy) == (4, "tensor")
    assert wizard.findChild(QSpinBox, "gpuCount").value() == 4
    assert wizard.findChild(QComboBox, "strategy").currentData() == "tensor"
    assert wizard.panel.chart.legend_texts()[-2].startswith("VRAM")
    assert next_button(wizard).isEnabled()


def test_load_request_fills_every_page_and_ctrl_n_starts_over(main_window, wizard, qtbot):
    request = parse_request(
        {
            "workload": "training",
            "model": {"preset": "qwen2.5-14b"},
            "training": {"method": "qlora", "micro_batch_size": 2, "tokens": 5_000_000_000},
            "parallelism": {"strategy": "fsdp", "gpus": 8, "fsdp_sharding": "full"},
            "platform": "cuda",
            "runtime_version": "12.4",
            "gpu": "h100-80gb-sxm",
            "term": {"unit": "week", "count": 2, "start": "2027-01-04T09:00:00Z"},
            "storage_gb": 500,
        }
    )
    main_window.page("plan").load_request(request)  # as the history's "reopen as new draft"
    settle(qtbot, wizard)
    assert wizard.current_request() == request
    assert wizard.findChild(QRadioButton, "workload_training").isChecked()
    assert wizard.findChild(QComboBox, "trainingMethod").currentText() == "QLoRA (4-bit base)"
    assert wizard.findChild(QComboBox, "termUnit").currentData() == "week"
    assert wizard.findChild(QListView, "presetList").currentIndex().data() == "Qwen2.5 14B"
    assert wizard.currentId() == 0
    main_window.commands.new_plan.trigger()
    settle(qtbot, wizard)
    assert wizard.current_request() == wizard.default_request()
    assert wizard.findChild(QRadioButton, "workload_inference").isChecked()


def test_the_term_end_follows_a_set_start_in_utc(wizard, qtbot):
    start = datetime(2027, 1, 31, 9, 0, tzinfo=UTC)
    raw = wizard.default_request().model_dump(mode="json")
    raw["term"] = {"unit": "month", "count": 1, "start": "2027-01-31T09:00:00Z"}
    wizard.load_request(parse_request(raw))
    assert "paid until 2027-03-02 09:00 UTC" in wizard.findChild(QLabel, "termEnd").text()
    assert wizard.current_request().term.start == start


def test_the_review_exports_a_pdf(wizard, qtbot, tmp_path):
    walk_to_review(qtbot, wizard)
    path = tmp_path / "quote.pdf"
    assert wizard.review_page.export_pdf(path)
    data = path.read_bytes()
    assert data.startswith(b"%PDF") and len(data) > 1000
    assert "PDF written" in wizard.findChild(QLabel, "reviewStatus").text()


def test_tax_from_the_settings_is_a_line_of_the_quote(wizard, app_state, qtbot):
    app_state.update_settings(tax_rate=Decimal("0.2"))
    walk_to_review(qtbot, wizard)
    quote = wizard.review_page.quote
    assert quote.price.line("tax") is not None
    assert "Tax 20 %" in quote_text(wizard)


def test_push_buttons_have_mnemonics_and_fields_follow_in_tab_order(wizard, qtbot):
    names = ("importConfigButton", "readSafetensorsButton", "saveQuoteButton")
    names += ("placeOrderButton", "exportPdfButton")
    buttons = [wizard.findChild(QPushButton, name) for name in names]
    buttons += [
        wizard.button(b)
        for b in (
            QWizard.WizardButton.NextButton,
            QWizard.WizardButton.BackButton,
            QWizard.WizardButton.FinishButton,
        )
    ]
    for button in buttons:
        assert "&" in button.text(), button.objectName()
    click_next(qtbot, wizard)
    click_next(qtbot, wizard)
    weights = wizard.findChild(QComboBox, "weightsDtype")
    weights.setFocus()
    chain = [weights]
    for _ in range(4):
        chain.append(chain[-1].nextInFocusChain())
    names = [w.objectName() for w in chain]
    assert names[1] == "glossaryLink_quantization"
    assert "kvCacheDtype" in names


def test_the_live_estimate_is_beside_the_review_page_too(wizard, qtbot):
    walk_to_review(qtbot, wizard)
    panel = wizard.panel
    assert panel.isVisible()
    assert panel.findChild(QLabel, "estimateVerdict").text().startswith("Fits")
    assert (
        panel.mapTo(wizard, QPoint(0, 0)).x() < wizard.review_page.mapTo(wizard, QPoint(0, 0)).x()
    )


def test_the_screenshot_draft_reaches_the_offer_page_with_its_offer_chosen(
    main_window, app_state, wizard, qtbot
):
    from tools.screenshots import ShotContext
    from tools.shots import wizard_shots

    shown = wizard_shots.wizard_at(ShotContext(app_state, main_window, "en"), 5)
    assert shown is main_window
    assert wizard.currentPage() is wizard.offer_page
    table = wizard.findChild(QTableView, "offerTable")
    assert table.selectionModel().currentIndex().isValid()
    assert wizard.current_request().gpu == "h100-80gb-sxm"
    assert next_button(wizard).isEnabled()


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("-5", "enter 1 or more"),  # was silently edited into "5"
        ("abc", "enter a whole number, e.g. 8192"),  # was silently edited into "b"
        ("1.5k tokens", "enter a whole number, e.g. 8192"),
    ],
)
def test_a_bad_size_is_kept_as_typed_and_refused_in_plain_words(wizard, qtbot, typed, reason):
    click_next(qtbot, wizard)
    click_next(qtbot, wizard)
    field = wizard.findChild(QLineEdit, "contextTokens")
    type_into(qtbot, field, typed)
    settle(qtbot, wizard)
    assert field.text() == typed
    assert field.property("invalid") is True
    assert field.toolTip() == reason
    assert "Input should" not in wizard.findChild(QLabel, "sizesPageError").text()
    assert not next_button(wizard).isEnabled()


def test_a_utilisation_above_one_is_refused_not_clamped(wizard, qtbot):
    click_next(qtbot, wizard)
    click_next(qtbot, wizard)
    field = wizard.findChild(QLineEdit, "gpuMemoryUtilization")
    type_into(qtbot, field, "1.5")
    settle(qtbot, wizard)
    assert field.text() == "1.5"  # not 1.00
    assert field.property("invalid") is True
    assert field.toolTip() == "enter 1 or less"
    type_into(qtbot, field, "0.85")
    settle(qtbot, wizard)
    assert field.property("invalid") is False
    assert wizard.current_request().inference.gpu_memory_utilization == 0.85


def test_no_validator_wording_reaches_the_status_line(qapp):
    from core.base.errors import InputError
    from core.domain.request_parsing import parse_request
    from gui.core_text import labelled_error_text, message_text

    with pytest.raises(InputError) as refused:
        parse_request({"model": {}})
    text = labelled_error_text(refused.value)
    assert "give exactly one of" not in text and text.startswith("model: choose one model source")
    with pytest.raises(InputError) as refused:
        parse_request({"model": {"preset": "llama-3.1-8b"}, "inference": {"context_tokens": "x"}})
    assert message_text(refused.value.message) == "enter a whole number, e.g. 8192"


def test_new_plan_starts_clean_without_the_last_label_model_or_search(main_window, wizard, qtbot):
    click_next(qtbot, wizard)
    pick_preset(qtbot, wizard, "70b", "llama-3.1-70b")
    walk_to_review(qtbot, wizard)
    type_into(qtbot, wizard.findChild(QLineEdit, "quoteLabel"), "chatbot staging")
    main_window.commands.new_plan.trigger()
    settle(qtbot, wizard)
    assert wizard.current_request() == wizard.default_request()
    assert wizard.current_request().model.preset == "llama-3.1-8b"  # not the 70B of before
    assert wizard.findChild(QLineEdit, "presetSearch").text() == ""
    assert wizard.findChild(QLineEdit, "quoteLabel").text() == ""
    assert "70B" not in wizard.findChild(QLabel, "modelSummary").text()
    assert wizard.findChild(QLabel, "reviewStatus").text() == ""
    walk_to_review(qtbot, wizard)
    assert wizard.review_page.quote.label == ""
    assert "Llama 3.1 8B" in quote_text(wizard)


def test_an_untouched_field_is_not_refused_until_typed_in(wizard, qtbot):
    click_next(qtbot, wizard)
    wizard.findChild(QRadioButton, "source_hf_config").click()  # its path is still empty
    settle(qtbot, wizard)
    path = wizard.findChild(QLineEdit, "configPath")
    assert not path.property("invalid")
    assert wizard.findChild(QLabel, "modelPageError").text() == ""
    type_into(qtbot, path, "x")
    path.clear()  # typed in, then emptied: now it is refused
    path.textEdited.emit("")
    settle(qtbot, wizard)
    assert path.property("invalid") is True
    assert not next_button(wizard).isEnabled()
    main_window_new_draft = wizard.new_draft
    main_window_new_draft()
    click_next(qtbot, wizard)
    wizard.findChild(QRadioButton, "source_hf_config").click()
    settle(qtbot, wizard)
    assert not path.property("invalid")  # a new draft is untouched again


def test_a_refusal_does_not_move_the_rows_below_it(main_window, wizard, qtbot):
    main_window.resize(900, 760)  # narrow: the context field's hint wraps, the reason does not
    click_next(qtbot, wizard)
    click_next(qtbot, wizard)
    context = wizard.findChild(QLineEdit, "contextTokens")
    below = [
        wizard.findChild(QLineEdit, "gpuMemoryUtilization"),
        wizard.findChild(QComboBox, "kvCacheDtype"),
    ]

    def places() -> list[QPoint]:
        return [w.mapTo(wizard, QPoint(0, 0)) for w in [context, *below]]

    before = places()
    type_into(qtbot, context, "0")
    settle(qtbot, wizard)
    assert context.property("invalid") is True
    assert wizard.findChild(QLabel, "sizesPageError").text()
    assert places() == before
    type_into(qtbot, context, "8192")
    settle(qtbot, wizard)
    assert places() == before
