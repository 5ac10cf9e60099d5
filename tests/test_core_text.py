"""Core's warnings, price lines, planner reasons and errors in Russian (gui/core_text.py).

The templates the GUI translates must be core's own, every one must have a Russian translation
with the same placeholders, and what a user reads in Russian must be Russian with the real
numbers; anything that cannot be translated shows core's English text instead of failing.
"""

from __future__ import annotations

import ast
import json
import sqlite3
import string
import subprocess
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from decimal import Decimal
from html import escape
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator
from PySide6.QtWidgets import QLabel, QLineEdit

from core.base.errors import InputError
from core.domain.catalog import default_catalog
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate, estimate_on, resolve
from core.planning.planner import plan
from core.quotes.quote import parse_quote, quote_estimate
from core.quotes.snapshot import read_warning
from core.texts.messages import FORMATTER, TEMPLATES
from core.texts.words import WORD_TEXTS
from gui import core_text
from gui.i18n_build import _tool, ts_path
from gui.presentation.formats import count
from gui.presentation.quote_document import QuoteDocument
from gui.wizard.offer_table_model import REASON, OfferTableModel
from tests.test_gui_wizard import click_next, settle, type_into

ROOT = Path(__file__).resolve().parents[1]
NOW = datetime(2026, 11, 2, 10, 0, tzinfo=UTC)
FIXTURE = ROOT / "tests" / "fixtures" / "history-v1.sqlite"


def _placeholders(text: str) -> set[tuple[str, str]]:
    """The fields of ``text``; a counted noun ``{n|noun.token}`` is not one."""
    fields = string.Formatter().parse(text)
    return {(name, spec or "") for _, name, spec, _ in fields if name and "|" not in name}


def _selectors(text: str) -> list[tuple[str, str]]:
    """(parameter, noun id) of each counted noun of ``text``."""
    fields = string.Formatter().parse(text)
    return [tuple(name.split("|", 1)) for _, name, _, _ in fields if name and "|" in name]


def _words(template: str) -> str:
    """The letters of ``template`` outside its placeholders."""
    return "".join(
        c for literal, *_ in string.Formatter().parse(template) for c in literal if c.isalpha()
    )


def _russian() -> dict[str, tuple[str, str]]:
    """(English, translation) of the messages by id of the committed Linguist source."""
    found = {}
    for message in ET.parse(ts_path("ru")).getroot().iter("message"):
        if message.get("id") and message.get("numerus") != "yes":
            translation = message.find("translation")
            assert translation is not None and translation.get("type") is None
            found[message.get("id", "")] = (message.findtext("source", ""), translation.text or "")
    return found


@pytest.fixture
def russian(app_state):
    app_state.update_settings(language="ru")
    yield
    app_state.update_settings(language="en")


# -- the templates ---------------------------------------------------------------------------


def test_every_template_has_a_russian_translation_with_the_same_placeholders():
    russian = _russian()
    assert set(TEMPLATES) | set(WORD_TEXTS) <= set(russian)  # the build found every one
    for key, source in TEMPLATES.items():
        english, translation = russian[key]
        assert english == source, key  # the English beside the id is core's own
        assert translation, key
        # Only a template of placeholders alone ("{path}: {reason}") reads the same in Russian.
        assert translation != source or not _words(source), key
        assert _placeholders(translation) == _placeholders(source), key
        names = {name for name, _ in _placeholders(source)}
        counted = _selectors(translation)
        assert all(name in names and noun in core_text.COUNTED_NOUNS for name, noun in counted), key
        values = {name: 1 for name in names}
        FORMATTER.format(core_text.plural_forms(translation, values), **values)  # a valid one


def _finding_keys_in_core() -> tuple[set[str], set[str]]:
    """Template keys named by constants in core's code, and the codes whose variant is computed.

    The keys come from ``Message("key", …)``, ``Finding.of("code", …)`` and ``LineItem.of``.
    """
    keys, varied = set(), set()
    for path in (ROOT / "core").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            first = node.args[0]
            if not isinstance(first, ast.Constant) or not isinstance(first.value, str):
                continue
            func = node.func
            if isinstance(func, ast.Name) and func.id == "Message":
                keys.add(first.value)
            elif not isinstance(func, ast.Attribute) or func.attr != "of":
                continue
            elif getattr(func.value, "id", "") == "LineItem":
                keys.add(f"price.{first.value}")
            elif getattr(func.value, "id", "") == "Finding":
                variant = next((k.value for k in node.keywords if k.arg == "variant"), None)
                if variant is None:
                    keys.add(first.value)
                elif isinstance(variant, ast.Constant):
                    keys.add(f"{first.value}.{variant.value}")
                else:
                    varied.add(first.value)
    return keys, varied


def test_every_message_written_in_core_has_a_gui_template():
    keys, varied = _finding_keys_in_core()
    assert len(keys) > 60 and {"tp_pcie", "price.tax", "model_note.alias"} <= keys
    assert keys <= set(TEMPLATES)
    assert varied == {
        "litgpt_previous_step",
        "vae_decode_peak",
        "vae_tiling_quality",
        "vllm_does_not_start",
        "vllm_runs_fewer",
    }
    for code in varied:
        assert any(key.startswith(f"{code}.") for key in TEMPLATES)


def test_every_finding_of_real_estimates_has_a_gui_template():
    catalog = default_catalog()
    variants = [
        {},
        {"precision": {"weights": "int4", "kv_cache": "fp8"}},
        {"precision": {"weights": "fp8"}, "parallelism": {"strategy": "tensor", "gpus": 8}},
        {"workload": "training", "parallelism": {"strategy": "ddp", "gpus": 4}},
        {"workload": "training", "parallelism": {"strategy": "fsdp", "gpus": 16}},
        {"workload": "training", "training": {"method": "qlora"}, "platform": "cuda"},
        {"workload": "training", "training": {"method": "qlora", "trainer": "litgpt"}},
        {"workload": "training", "training": {"method": "lora", "trainer": "litgpt"}},
        {"parallelism": {"strategy": "fsdp", "gpus": 2}, "runtime_version": "13.9"},
    ]
    pictures = [
        {"diffusion": {"vae_tiling": True, "batch_size": 4}},
        {"diffusion": {"vae_tiling": True, "width": 4096, "height": 4096}},
        {"diffusion": {"cpu_offload": "sequential", "width": 2048, "height": 2048}},
        {"precision": {"weights": "fp8"}, "parallelism": {"strategy": "tensor", "gpus": 2}},
    ]
    seen: set[str] = set()
    for preset in ("llama-3.1-70b", "mixtral-8x7b", "deepseek-v3", "sdxl", "flux.1-dev", "sd-1.5"):
        diffusion = preset in ("sdxl", "flux.1-dev", "sd-1.5")
        for extra in pictures if diffusion else variants:
            raw = {"model": {"preset": preset}, **extra}
            raw["workload"] = "diffusion" if diffusion else raw.get("workload", "inference")
            request = parse_request(raw)
            model = resolve(request)
            for gpu in catalog.gpus:
                result = estimate_on(request.model_copy(update={"gpu": gpu.id}), model, gpu)
                seen |= {finding.template_key for finding in result.findings}
    assert len(seen) >= 30
    assert seen <= set(TEMPLATES), seen - set(TEMPLATES)


# -- what a Russian user reads ----------------------------------------------------------------


def test_the_live_panel_shows_a_real_warning_in_russian_with_its_numbers(
    main_window, app_state, qtbot
):
    app_state.update_settings(language="ru")
    wizard = main_window.page("plan").wizard
    raw = {"model": {"preset": "llama-3.2-1b"}, "workload": "training", "gpu": "l4"}
    wizard.load_request(parse_request({**raw, "parallelism": {"strategy": "ddp", "gpus": 2}}))
    settle(qtbot, wizard)
    result = wizard.live.result
    assert result is not None and result.checkpoint_bytes
    size = f"{result.checkpoint_bytes / 1e9:.1f}"
    warnings = wizard.panel.findChild(QLabel, "estimateWarnings")
    text = warnings.text()
    assert f"контрольная точка обучения занимает около {size.replace('.', ',')} ГБ" in text
    assert "PyTorch DDP копирует градиенты в бакеты all-reduce" in text
    assert "resumable checkpoint" not in text
    app_state.update_settings(language="en")
    qtbot.waitUntil(lambda: "resumable checkpoint" in warnings.text())
    assert f"a resumable checkpoint takes about {size} GB" in warnings.text()


def test_a_refused_field_reads_in_russian_beside_the_field(main_window, app_state, qtbot):
    app_state.update_settings(language="ru")
    wizard = main_window.page("plan").wizard
    settle(qtbot, wizard)
    click_next(qtbot, wizard)
    click_next(qtbot, wizard)
    field = wizard.findChild(QLineEdit, "contextTokens")
    type_into(qtbot, field, "0")
    settle(qtbot, wizard)
    expected = "введите 1 или больше"
    assert wizard.findChild(QLabel, "sizesPageError").text() == f"Токенов контекста: {expected}"
    assert field.toolTip() == expected
    type_into(qtbot, field, "20M")
    settle(qtbot, wizard)
    limit = "Токенов контекста: введите 10\xa0000\xa0000 или меньше"
    message = wizard.findChild(QLabel, "sizesPageError")
    assert message.text() == limit
    app_state.update_settings(language="en")  # the shown message follows the switch
    english = f"enter {count(10_000_000)} or less"  # the English locale's grouping
    qtbot.waitUntil(lambda: "Context tokens" in message.text())
    assert message.text() == f"Context tokens: {english}", message.text()
    assert field.toolTip() == english


def test_errors_without_a_template_stay_english(russian):
    error = InputError("a request must be a JSON object", field="request")
    assert core_text.error_text(error) == "request: a request must be a JSON object"
    with pytest.raises(InputError) as caught:
        parse_request({"model": {"preset": "x"}, "parallelism": {"strategy": "single", "gpus": 2}})
    assert core_text.error_text(caught.value) == (
        "parallelism: стратегия «Один GPU» использует ровно 1 GPU; выберите DDP, FSDP или "
        "тензорный параллелизм"
    )


def test_price_lines_and_warnings_of_the_quote_read_in_russian(russian):
    raw = {"model": {"preset": "sdxl"}, "workload": "diffusion", "gpu": "l4", "storage_gb": 250}
    request = parse_request({**raw, "term": {"unit": "week"}, "diffusion": {"vae_tiling": True}})
    quote = quote_estimate(estimate(request), default_catalog(), tax_rate=Decimal("0.2"), now=NOW)
    # L4 at 0.50 USD/GPU-hour × 168 h = 84.00; storage 0.10 × 250 GB × 168 / 720 h = 5.83;
    # tax 20 % of 89.83 = 17.966 → 17.97; total 107.80. Russian decimal commas throughout.
    for html in (
        QuoteDocument("ru").html(quote, NOW),
        QuoteDocument("ru").html(quote, NOW, links=False),
    ):
        assert "Вычисления GPU: 1 × NVIDIA L4 · 24 ГиБ × 168 ч × 0,50 USD/GPU-час" in html
        assert "Постоянное хранилище: 250 ГБ × 168 ч по 0,10 USD/ГБ-месяц" in html
        assert "Налог 20 % от 89,83 USD" in html
        assert "107,80 USD" in html and "107.80" not in html
        assert "GPU compute" not in html and "Persistent storage" not in html
        assert "один тайл 1024 пикс." in html  # a four-digit size keeps its digits together
        assert "предел декодирования" not in html  # diffusion has no decode assumption
    document = QuoteDocument("ru").html(quote, NOW)
    assert "Вычисления GPU: 1 × NVIDIA L4 · 24 ГиБ × 168 ч × 0,50 USD/GPU-час" in document
    assert "NVIDIA L4: 24 ГиБ VRAM" in document  # not "24.0", memory once
    assert "Тайлинг VAE включён" in document and "VAE tiling is on" not in document


def test_speed_assumptions_of_the_quote_read_in_russian(russian):
    request = parse_request({"model": {"preset": "llama-3.1-8b"}, "gpu": "l4"})
    quote = quote_estimate(estimate(request), default_catalog(), tax_rate=Decimal(0), now=NOW)
    html = QuoteDocument("ru").html(quote, NOW)
    assert "скорость обслуживания по пошаговой модели" in html
    assert "serving speed" not in html


def test_the_speed_bands_prices_read_with_russian_decimal_commas(russian):
    params = {
        "band": 0.48,
        "input_low": "0.1585",
        "input_high": "0.3472",
        "output_low": "5.3909",
        "output_high": "11.8082",
        "currency": "USD",
    }
    text = core_text.translate("outcome.tokens_band", params, "English")
    assert text.startswith("полоса скорости ±48%: 0,1585–0,3472 USD за 1 млн входных токенов")
    assert "5,3909–11,8082 USD" in text and "0.1585" not in text


def test_a_counted_noun_takes_the_russian_plural_form_of_its_number(russian):
    context = {"at": 8, "binding": "memory"}
    tokens = [
        core_text.translate("limits.context", {**context, "value": n}, "English")
        for n in (1, 2, 5, 21, 131072)
    ]
    endings = [text.split(": ", 2)[-1].split(" (")[0].replace("\xa0", " ") for text in tokens]
    assert endings == ["1 токен", "2 токена", "5 токенов", "21 токен", "131 072 токена"]
    run = {"gpu_hours": 1.5, "hours": 1.5, "gpus": 1, "cost": "3.00", "currency": "USD"}
    text = core_text.translate("outcome.run", {**run, "factor": 6, "mfu": 0.4}, "English")
    assert text.startswith("всё обучение: 1,5 GPU-часа, 1,5 ч на 1 GPU")


def test_english_keeps_core_text_whatever_the_number(app_state):
    english = "longest context per sequence with concurrency 8: 1 tokens (limited by memory)"
    params = {"at": 8, "value": 1, "binding": "memory"}
    assert core_text.translate("limits.context", params, english) == english


def test_large_numbers_are_grouped_the_russian_way(russian):
    result = estimate(parse_request({"model": {"preset": "deepseek-v3"}, "gpu": "h200-141gb"}))
    note = next(f for f in result.findings if f.template_key == "model_note.mtp_layers")
    assert "(13,463,426,048 parameters)" in note.message
    assert "(параметров: 13\xa0463\xa0426\xa0048)" in core_text.finding_text(note)


def test_an_old_snapshot_without_params_shows_its_english_texts(russian):
    with sqlite3.connect(f"file:{FIXTURE}?mode=ro", uri=True) as conn:
        saved = conn.execute("SELECT snapshot FROM quote_snapshots ORDER BY id").fetchone()[0]
    old = parse_quote(json.loads(saved))
    assert old.price.line_items[0].params == {}
    html = QuoteDocument("ru").html(old, NOW)
    assert old.price.line_items[0].label in html  # "GPU compute: 1 × h100-80gb-sxm × 168 h …"
    assert "Tax 20 % of 451.92 USD" in html
    # Warnings saved before their parameters were kept, beside a new snapshot's.
    layout = {"strategy": "tensor", "gpus": 4}
    request = parse_request(
        {"model": {"preset": "llama-3.1-70b"}, "gpu": "l4", "parallelism": layout}
    )
    quote = quote_estimate(estimate(request), default_catalog(), tax_rate=Decimal(0), now=NOW)
    data = quote.as_json()
    for warning in data["estimate"]["warnings"]:
        del warning["params"]
    pcie = next(w["message"] for w in data["estimate"]["warnings"] if w["code"] == "tp_pcie")
    english = escape(pcie)
    html = QuoteDocument("ru").html(parse_quote(data), NOW)
    assert english in html
    new = QuoteDocument("ru").html(quote, NOW)
    assert english not in new and "связаны только через PCIe" in new


def test_the_options_table_gives_the_reason_in_russian(russian):
    sizes = {"context_tokens": 131072, "concurrent_sequences": 64}
    planned = plan(parse_request({"model": {"preset": "llama-3.1-405b"}, "inference": sizes}))
    model = OfferTableModel()
    model.set_plan(planned)
    first = len(planned.options)
    reason = model.data(model.index(first, REASON))
    option = planned.infeasible[0]
    need = f"{option.estimate.memory.total / 2**30:.1f}".replace(".", ",")  # GiB (core.base.units)
    assert reason.replace("\xa0", "").startswith(f"нужно {need} ГиБ на GPU, ")
    assert "needs" not in reason
    suggestions = [core_text.message_text(s) for s in planned.suggestions]
    assert suggestions and all(s.startswith("ближайший вариант: ") for s in suggestions[:3])
    assert "(тензорный параллелизм)" in suggestions[0]


# -- falling back ---------------------------------------------------------------------------


def _broken_translator(tmp_path: Path, broken: dict[str, str]) -> QTranslator:
    """A real .qm whose translations by id name placeholders that do not exist."""
    root = ET.Element("TS", version="2.1", language="ru_RU")
    context = ET.SubElement(root, "context")
    ET.SubElement(context, "name").text = ""
    for key, translation in {**broken, "translation.language": "ru"}.items():
        message = ET.SubElement(context, "message", id=key)
        ET.SubElement(message, "source").text = TEMPLATES.get(key, key)
        ET.SubElement(message, "translation").text = translation
    ts, qm = tmp_path / "broken.ts", tmp_path / "broken.qm"
    ET.ElementTree(root).write(ts, encoding="utf-8", xml_declaration=True)
    subprocess.run([_tool("pyside6-lrelease"), "-silent", str(ts), "-qm", str(qm)], check=True)
    translator = QTranslator()
    assert translator.load(str(qm))
    return translator


def test_a_translation_with_a_bad_placeholder_falls_back_to_english(qapp, tmp_path):
    raw = {"model": {"preset": "llama-3.2-1b"}, "workload": "training", "gpu": "l4"}
    request = parse_request({**raw, "parallelism": {"strategy": "ddp", "gpus": 2}})
    found = {finding.code: finding for finding in estimate(request).findings}
    restore, buckets = found["checkpoint_restore"], found["ddp_buckets"]
    translator = _broken_translator(
        tmp_path,
        {
            "checkpoint_restore": "около {size:.1f} ГБ, {gpus} GPU",  # unknown name
            "ddp_buckets": "бакеты {0}",  # positional
            "tp_pcie": "{gpu.name}",  # attribute of a string
            "price.tax": "Налог {percent:.1f}",  # number spec on a string
        },
    )
    QCoreApplication.installTranslator(translator)
    try:
        assert core_text.finding_text(restore) == restore.message
        assert core_text.finding_text(buckets) == buckets.message
        pcie = {"code": "tp_pcie", "params": {"gpu": "A10"}, "message": "English"}
        assert core_text.warning_text(read_warning(pcie)) == "English"
        tax = {"percent": "20", "subtotal": "1.00", "currency": "USD"}
        assert core_text.translate("price.tax", tax, "Tax 20 % of 1.00 USD") == (
            "Tax 20 % of 1.00 USD"
        )
        assert core_text.translate("no_such_code", {}, "as core said") == "as core said"
        broken = {"code": "tp_pcie", "params": ["not", "a", "mapping"], "message": "kept"}
        assert core_text.warning_text(read_warning(broken)) == "kept"
    finally:
        QCoreApplication.removeTranslator(translator)
