"""Refresh the Qt Linguist sources and compile them: ``python -m gui.i18n_build``.

Every message has an id, and its English is metadata next to the id (Qt's id-based translation;
see :mod:`gui.translation`). ``pyside6-lupdate`` reads ``qtTrId`` only from C++ and QML, not from
Python, so this module collects the ids itself:

- core's templates by key (:data:`core.texts.messages.TEMPLATES`), core's fixed words
  (:data:`core.texts.words.WORD_TEXTS`) and the counted nouns of their translations
  (:data:`gui.core_text.COUNTED_NOUNS`);
- every ``tr_id("Context.id", "English"[, n])`` call in ``gui/`` (read from the syntax tree),
  and the table of refusals the interface words itself (``gui/presentation/field_text.py``).

1. ``resources/i18n/anchorgpu_ru.ts`` gets one message per id, with the English as its
   ``<source>``; a Russian translation already there is kept, one whose English changed is kept
   but marked unfinished (with the old English beside it), ids no longer used are dropped.
   ``anchorgpu_en.ts`` keeps only the counted messages: English needs their plural forms.
   Texts still translated by their English source (``self.tr``) are refreshed by lupdate as before.
2. Any Russian message still unfinished is listed and the command fails, so a new string cannot
   ship untranslated. Translate it in the .ts (Qt Linguist or any editor) and run this again.
3. ``pyside6-lrelease`` compiles both to ``.qm`` next to them; the .qm files are kept in the
   repository so a fresh clone runs without this step.

``--check`` does steps 1 and 2 on a temporary copy and changes nothing.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from core.texts.messages import TEMPLATES
from core.texts.words import WORD_TEXTS
from gui.core_text import COUNTED_NOUNS
from gui.presentation.field_text import CONTEXT as FIELD_CONTEXT
from gui.presentation.field_text import WORDING
from gui.translation import LANGUAGE_ID

GUI_DIR = Path(__file__).resolve().parent
I18N_DIR = GUI_DIR.parent / "resources" / "i18n"
LANGUAGES = {"ru": "ru_RU", "en": "en_US"}
TR_ID = "tr_id"
"""The function whose calls carry a message id and its English (:func:`gui.translation.tr_id`)."""


def _tool(name: str) -> str:
    """The PySide6 tool beside this interpreter (the venv), else the one on PATH."""
    for candidate in (Path(sys.executable).parent / name, shutil.which(name)):
        if candidate and Path(candidate).exists():
            return str(candidate)
    raise FileNotFoundError(f"{name} not found; install PySide6 (pip install PySide6-Essentials)")


@dataclass(frozen=True)
class IdMessage:
    """One message: its id, its English, and whether it is counted (Qt numerus forms)."""

    id: str
    english: str
    numerus: bool = False
    where: str = ""


def sources() -> list[Path]:
    """The Python files of the interface, whose texts are translated."""
    return sorted(GUI_DIR.rglob("*.py"))


def gui_messages(paths: Iterable[Path]) -> list[IdMessage]:
    """Every ``tr_id("id", "English"[, n])`` call in ``paths``.

    Raises:
        ValueError: a call whose id or English is not a string literal.
    """
    found = []
    for path in paths:
        tree = ast.parse(path.read_text("utf-8"), str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == TR_ID):
                continue
            shown = (
                path.relative_to(GUI_DIR.parent) if path.is_relative_to(GUI_DIR.parent) else path
            )
            where = f"{shown}:{node.lineno}"
            args = node.args
            literal = [isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args[:2]]
            if len(args) < 2 or not all(literal):
                raise ValueError(f"{where}: {TR_ID}() needs a literal id and English text")
            message_id, english = (a.value for a in args[:2])  # type: ignore[attr-defined]
            counted = len(args) > 2 or any(k.arg == "n" for k in node.keywords)
            found.append(IdMessage(message_id, english, counted, where))
    return found


def core_messages() -> list[IdMessage]:
    """Core's templates, its fixed words, the counted nouns, the language marker, and the
    interface's own wording of refused values (:data:`gui.presentation.field_text.WORDING`)."""
    return [
        IdMessage(LANGUAGE_ID, "en"),
        *(IdMessage(f"{FIELD_CONTEXT}.{key}", text) for key, text in WORDING.items()),
        *(IdMessage(key, text) for key, text in TEMPLATES.items()),
        *(IdMessage(key, text) for key, text in WORD_TEXTS.items()),
        *(IdMessage(key, text, numerus=True) for key, text in COUNTED_NOUNS.items()),
    ]


def id_messages(paths: Iterable[Path] | None = None) -> list[IdMessage]:
    """Every message by id, sorted by id.

    Raises:
        ValueError: one id with two different English texts.
    """
    by_id: dict[str, IdMessage] = {}
    for message in [*core_messages(), *gui_messages(sources() if paths is None else paths)]:
        known = by_id.setdefault(message.id, message)
        if (known.english, known.numerus) != (message.english, message.numerus):
            raise ValueError(
                f"id {message.id!r} has two texts: {known.english!r} ({known.where or 'core'})"
                f" and {message.english!r} ({message.where or 'core'})"
            )
    return [by_id[key] for key in sorted(by_id)]


def ts_path(lang: str, folder: Path = I18N_DIR) -> Path:
    """The Linguist source for ``lang``."""
    return folder / f"anchorgpu_{lang}.ts"


def existing_ids(ts_file: Path) -> dict[str, ET.Element]:
    """The messages by id already in ``ts_file``."""
    if not ts_file.exists():
        return {}
    root = ET.parse(ts_file).getroot()
    return {m.get("id", ""): m for m in root.iter("message") if m.get("id")}


def _message_element(message: IdMessage, old: ET.Element | None, lang: str) -> ET.Element:
    """The .ts element of ``message``, with ``old``'s translation when there was one."""
    element = ET.Element("message", {"id": message.id})
    if message.numerus:
        element.set("numerus", "yes")
    ET.SubElement(element, "source").text = message.english
    old_source = None if old is None else old.findtext("source")
    if old is not None and old_source != message.english:
        ET.SubElement(element, "oldsource").text = old_source
    translation = None if old is None else old.find("translation")
    if translation is None:
        translation = ET.Element("translation", {"type": "unfinished"})
        if message.numerus:
            for _ in range(3 if lang == "ru" else 2):
                ET.SubElement(translation, "numerusform")
    elif old_source != message.english:
        translation.set("type", "unfinished")
    element.append(translation)
    return element


def write_ts(ts_file: Path, lang: str, messages: list[IdMessage], source_root: ET.Element) -> None:
    """Write ``ts_file``: the contexts of ``source_root`` by source text, then ``messages`` by id.

    Existing translations by id are read from ``ts_file`` before it is written over.
    """
    old = existing_ids(ts_file)
    root = ET.Element("TS", {"version": "2.1", "language": LANGUAGES[lang]})
    root.set("sourcelanguage", "en_US")
    for context in source_root.iter("context"):
        if context.findtext("name") and context.find("message") is not None:
            root.append(context)
    ids = ET.SubElement(root, "context")
    ET.SubElement(ids, "name").text = ""
    for message in messages:
        if lang == "en" and not (message.numerus and message.where):
            continue  # English is the source text itself; only the interface's counts need forms
        ids.append(_message_element(message, old.get(message.id), lang))
    ts_file.write_text(_linguist_xml(root), "utf-8")


def _linguist_xml(root: ET.Element) -> str:
    """``root`` laid out as lupdate writes a .ts, so a refresh changes only what changed."""
    ET.indent(root, "    ")
    body = ET.tostring(root, encoding="unicode", short_empty_elements=False)
    lines = [line.removeprefix("    ") for line in body.splitlines()]
    text = re.sub(
        r">([^<]*)<",
        lambda m: ">" + m[1].replace('"', "&quot;").replace("'", "&apos;") + "<",
        "\n".join(lines),
    )
    return '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + text + "\n"


def _source_based(ts_file: Path, lang: str) -> ET.Element:
    """The contexts translated by English source text, refreshed by lupdate from ``gui/``."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / ts_file.name
        if ts_file.exists():
            root = ET.parse(ts_file).getroot()
            for context in list(root.iter("context")):
                if not context.findtext("name"):
                    root.remove(context)
            ET.ElementTree(root).write(copy, encoding="utf-8", xml_declaration=True)
        command = [_tool("pyside6-lupdate"), *map(str, sources()), "-ts", str(copy)]
        command += ["-locations", "none", "-no-obsolete", "-silent"]
        command += ["-source-language", "en_US", "-target-language", LANGUAGES[lang]]
        if lang == "en":
            command.append("-pluralonly")
        subprocess.run(command, check=True)
        if not copy.exists():
            return ET.Element("TS")
        return ET.parse(copy).getroot()


def update_ts(lang: str, folder: Path = I18N_DIR) -> None:
    """Refresh ``lang``'s .ts in ``folder`` from the sources."""
    ts_file = ts_path(lang, folder)
    write_ts(ts_file, lang, id_messages(), _source_based(ts_file, lang))


def unfinished(ts_file: Path) -> list[tuple[str, str]]:
    """(context or id, source) of each message in ``ts_file`` without a finished translation."""
    missing = []
    for context in ET.parse(ts_file).getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            translation = message.find("translation")
            forms = [] if translation is None else list(translation.iter("numerusform"))
            texts = [f.text or "" for f in forms] if forms else ["".join(translation.itertext())]
            empty = translation is None or not all(t.strip() for t in texts)
            if empty or translation.get("type") == "unfinished":
                missing.append((message.get("id") or name, message.findtext("source", "")))
    return missing


def untranslated(ts_file: Path | None = None) -> list[tuple[str, str]]:
    """Russian messages the current sources need that ``ts_file`` does not translate.

    ``ts_file`` is the committed Russian .ts unless given; it is left as it is.
    """
    ts_file = ts_path("ru") if ts_file is None else ts_file
    with tempfile.TemporaryDirectory() as tmp:
        copy = ts_path("ru", Path(tmp))
        if ts_file.exists():
            shutil.copyfile(ts_file, copy)
        update_ts("ru", Path(tmp))
        return unfinished(copy)


def release(lang: str, folder: Path = I18N_DIR) -> Path:
    """Compile ``lang``'s .ts into the .qm beside it."""
    ts_file = ts_path(lang, folder)
    qm = ts_file.with_suffix(".qm")
    subprocess.run([_tool("pyside6-lrelease"), "-silent", str(ts_file), "-qm", str(qm)], check=True)
    return qm


def main(argv: list[str]) -> int:
    """Refresh, check and compile; ``--check`` only reports."""
    if argv == ["--check"]:
        missing = untranslated()
    else:
        I18N_DIR.mkdir(parents=True, exist_ok=True)
        for lang in LANGUAGES:
            update_ts(lang)
            release(lang)
        missing = unfinished(ts_path("ru"))
    for context, source in missing:
        print(f"untranslated [{context}] {source!r}", file=sys.stderr)
    if missing:
        print(f"{len(missing)} Russian string(s) to translate in {ts_path('ru')}", file=sys.stderr)
        return 1
    print(f"translations complete; .qm files in {I18N_DIR}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
