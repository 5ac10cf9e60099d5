"""The converter of ``self.tr("English")`` calls to message ids (``tools/tr_ids.py``).

It must keep every translation, give the same ids on every run, and change nothing the second
time, so it can be run again after other work that still calls ``self.tr`` is merged.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from core.texts.messages import TEMPLATES
from gui import i18n_build
from tools import tr_ids

ROOT = Path(__file__).resolve().parents[1]

PAGE = '''"""A page."""

from PySide6.QtCore import QCoreApplication, QObject


class Page(QObject):
    def texts(self, n: int) -> list[str]:
        return [
            self.tr("&Open a saved plan"),
            self.tr(
                "A long sentence that goes on "
                "over two lines"
            ),
            self.tr("%Ln quote(s)", "", n),
            self.tr("Open a saved plan"),
        ]


class Other(QObject):
    def title(self) -> str:
        return self.tr("&Open a saved plan") + QCoreApplication.translate("Shared", "Close")

    def row(self) -> str:
        return f"| {self.tr('Price as quoted')} |"


def dynamic(name: str) -> str:
    return QCoreApplication.translate("Shared", name)
'''

RU = {
    "Page": {
        "&Open a saved plan": ["&Открыть план"],
        "A long sentence that goes on over two lines": ["Длинная фраза"],
        "%Ln quote(s)": ["%Ln смета", "%Ln сметы", "%Ln смет"],
        "Open a saved plan": ["Открыть сохранённый план"],
    },
    "Other": {"&Open a saved plan": ["&Открыть другой"], "Price as quoted": ["Цена в смете"]},
    "Shared": {"Close": ["Закрыть"]},
}
EN = {"Page": {"%Ln quote(s)": ["%Ln quote", "%Ln quotes"]}}


def _ts(lang: str, contexts: dict[str, dict[str, list[str]]]) -> str:
    """A Linguist source translated by English source text, as lupdate writes one."""
    root = ET.Element("TS", {"version": "2.1", "language": i18n_build.LANGUAGES[lang]})
    for name, messages in contexts.items():
        context = ET.SubElement(root, "context")
        ET.SubElement(context, "name").text = name
        for source, texts in messages.items():
            message = ET.SubElement(context, "message")
            ET.SubElement(message, "source").text = source
            translation = ET.SubElement(message, "translation")
            if "%Ln" in source:
                message.set("numerus", "yes")
                for text in texts:
                    ET.SubElement(translation, "numerusform").text = text
            else:
                translation.text = texts[0]
    return ET.tostring(root, encoding="unicode")


def _setup(tmp_path: Path) -> tuple[Path, Path]:
    page = tmp_path / "page.py"
    page.write_text(PAGE, "utf-8")
    i18n_build.ts_path("ru", tmp_path).write_text(_ts("ru", RU), "utf-8")
    i18n_build.ts_path("en", tmp_path).write_text(_ts("en", EN), "utf-8")
    return page, tmp_path


def _translations(ts_file: Path) -> dict[str, tuple[str, list[str]]]:
    found = {}
    for message in ET.parse(ts_file).getroot().iter("message"):
        if message.get("id"):
            translation = message.find("translation")
            texts = [f.text or "" for f in translation.iter("numerusform")] or [translation.text]
            found[message.get("id")] = (message.findtext("source"), texts)
    return found


def test_calls_become_ids_and_keep_their_translations(tmp_path):
    page, folder = _setup(tmp_path)

    conversions, unmatched = tr_ids.convert([page], folder)

    assert unmatched == []
    ids = [c.message_id for c in conversions]
    assert ids == [
        "Page.open_a_saved_plan",
        "Page.a_long_sentence_that_goes_on",
        "Page.ln_quote_s",
        f"Page.open_a_saved_plan_{tr_ids._hash('Open a saved plan')}",  # the same words, taken
        "Other.open_a_saved_plan",
        "Shared.close",
        "Other.price_as_quoted",
    ]
    source = page.read_text("utf-8")
    ast.parse(source)  # still Python
    assert "self.tr(" not in source and "from gui.translation import tr_id" in source
    assert 'tr_id("Page.ln_quote_s", "%Ln quote(s)", n)' in source
    assert "f\"| {tr_id('Other.price_as_quoted', 'Price as quoted')} |\"" in source
    assert 'QCoreApplication.translate("Shared", name)' in source  # not a literal: left alone
    found = i18n_build.gui_messages([page])
    assert {(m.id, m.english) for m in found} == {(c.message_id, c.english) for c in conversions}
    assert all(m.numerus == (m.id == "Page.ln_quote_s") for m in found)
    russian = _translations(i18n_build.ts_path("ru", folder))
    assert russian["Page.open_a_saved_plan"] == ("&Open a saved plan", ["&Открыть план"])
    assert russian["Other.open_a_saved_plan"] == ("&Open a saved plan", ["&Открыть другой"])
    assert russian["Page.a_long_sentence_that_goes_on"][1] == ["Длинная фраза"]
    assert russian["Page.ln_quote_s"][1] == ["%Ln смета", "%Ln сметы", "%Ln смет"]
    assert russian["Shared.close"][1] == ["Закрыть"]
    english = _translations(i18n_build.ts_path("en", folder))
    assert english == {"Page.ln_quote_s": ("%Ln quote(s)", ["%Ln quote", "%Ln quotes"])}


def test_a_second_run_changes_nothing(tmp_path):
    page, folder = _setup(tmp_path)
    tr_ids.convert([page], folder)
    before = [p.read_bytes() for p in (page, *folder.glob("*.ts"))]

    conversions, unmatched = tr_ids.convert([page], folder)

    assert (conversions, unmatched) == ([], [])
    assert [p.read_bytes() for p in (page, *folder.glob("*.ts"))] == before


def test_a_text_without_a_translation_is_reported(tmp_path):
    page, folder = _setup(tmp_path)
    page.write_text(PAGE.replace('"Close"', '"Close now"'), "utf-8")

    _, unmatched = tr_ids.convert([page], folder)

    assert unmatched == ["ru: [Shared] 'Close now'"]


def test_the_ids_do_not_depend_on_texts_added_elsewhere(tmp_path):
    page, folder = _setup(tmp_path)
    first = [c.message_id for c in tr_ids.convert([page], folder)[0]]
    again = tmp_path / "again"
    again.mkdir()
    page, folder = _setup(again)
    other = again / "a_first.py"  # read before page.py
    other.write_text('class Elsewhere:\n    def t(self):\n        return self.tr("Cancel")\n')

    second = [c.message_id for c in tr_ids.convert([other, page], folder)[0]]

    assert second == ["Elsewhere.cancel", *first]


def test_the_interface_has_no_call_left_to_convert():
    converter = tr_ids.Converter(tr_ids.gui_files())
    converter.scan()
    assert converter.conversions == [] and converter.left == []


# -- core's texts written the old way, merged later ------------------------------------------


def test_core_templates_lose_the_old_marker(tmp_path):
    texts = tmp_path / "late_texts.py"
    texts.write_text(
        '"""Templates."""\n\nfrom core.texts.linguist import QT_TRANSLATE_NOOP\n\n'
        'LATE = {\n    "late.one": QT_TRANSLATE_NOOP("CoreText", "one {n}"),\n'
        '    "late.two": QT_TRANSLATE_NOOP(\n        "CoreText",\n        "two "\n'
        '        "lines",\n    ),\n}\n',
        "utf-8",
    )

    assert tr_ids.strip_core_markers(tmp_path) == [texts]

    namespace: dict[str, object] = {}
    exec(texts.read_text("utf-8"), namespace)  # no marker left to import
    assert namespace["LATE"] == {"late.one": "one {n}", "late.two": "two lines"}
    assert tr_ids.strip_core_markers(tmp_path) == []


def test_a_core_translation_kept_by_english_moves_to_its_key(tmp_path):
    tree = ET.parse(i18n_build.ts_path("ru"))
    root = tree.getroot()
    ids = next(c for c in root.iter("context") if not c.findtext("name"))
    for message in list(ids.iter("message")):
        if message.get("id") in ("fit.beyond_model", "planner.over_budget", "planner.short"):
            ids.remove(message)
    old = ET.SubElement(root, "context")
    ET.SubElement(old, "name").text = "CoreText"
    for english, russian in [
        (
            TEMPLATES["fit.beyond_model"],
            "помещается, но предел — {limit:,} {limit|токен|токена|токенов}, меньше {asked:,}",
        ),
        (  # the English of a template written before {name!d}
            TEMPLATES["planner.over_budget"].replace("!d}", "}"),
            "стоит {total} {currency}, больше бюджета {budget} {currency}",
        ),
        (TEMPLATES["planner.short"], "нужно {need:.1f} {need|штука|штуки|штук}"),  # no such noun
    ]:
        message = ET.SubElement(old, "message")
        ET.SubElement(message, "source").text = english
        ET.SubElement(message, "translation").text = russian
    tree.write(i18n_build.ts_path("ru", tmp_path), encoding="utf-8", xml_declaration=True)

    left = tr_ids.carry_core_translations(tmp_path)

    assert [line.split("]")[0] for line in left] == ["ru: [planner.short"]

    moved = _translations(i18n_build.ts_path("ru", tmp_path))
    assert moved["fit.beyond_model"] == (
        TEMPLATES["fit.beyond_model"],
        ["помещается, но предел — {limit:,} {limit|noun.token}, меньше {asked:,}"],
    )
    assert "planner.short" not in moved  # left for a person to word: the build lists it
    assert moved["planner.over_budget"][1] == [
        "стоит {total} {currency}, больше бюджета {budget} {currency}"
    ]


def test_an_import_a_merge_dropped_comes_back(tmp_path):
    page, folder = _setup(tmp_path)
    tr_ids.convert([page], folder)
    converted = page.read_text("utf-8")
    page.write_text(converted.replace("from gui.translation import tr_id\n", ""), "utf-8")
    assert tr_ids.missing_imports([page]) == [page]

    conversions, _ = tr_ids.convert([page], folder)

    assert conversions == [] and tr_ids.missing_imports([page]) == []
    assert page.read_text("utf-8") == converted


def test_translations_of_merged_work_are_imported_then_moved_to_ids(tmp_path):
    page, folder = _setup(tmp_path)
    tr_ids.convert([page], folder)
    # Work merged later: a new text of Page, still self.tr, translated in that branch's .ts.
    text = page.read_text("utf-8")
    more = '\n    def more(self) -> str:\n        return self.tr("Save as")\n'
    page.write_text(text.replace("\n\nclass Other", more + "\n\nclass Other"), "utf-8")
    theirs = tmp_path / "theirs.ts"
    theirs.write_text(_ts("ru", {**RU, "Page": {**RU["Page"], "Save as": ["Сохранить как"]}}))

    added = tr_ids.import_translations(i18n_build.ts_path("ru", folder), [theirs])
    conversions, unmatched = tr_ids.convert([page], folder)

    assert added == 1  # "Save as": the other messages by English the .ts had already
    assert [c.message_id for c in conversions] == ["Page.save_as"] and unmatched == []
    russian = _translations(i18n_build.ts_path("ru", folder))
    assert russian["Page.save_as"] == ("Save as", ["Сохранить как"])
    assert russian["Page.open_a_saved_plan"] == ("&Open a saved plan", ["&Открыть план"])


def test_the_converter_imports_nothing_of_core_before_unwrapping_the_markers():
    # A merged template module may still import the marker's module, gone here.
    probe = (
        "import sys, tools.tr_ids\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('core', 'gui')))"
    )
    found = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert found.stdout.strip() == "[]"
