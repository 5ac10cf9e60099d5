"""Refresh the Qt Linguist sources from ``gui/*.py`` and compile them: ``python -m gui.i18n_build``.

1. ``pyside6-lupdate`` collects every ``self.tr()`` / ``QCoreApplication.translate()`` string of
   ``gui/`` and the ``QT_TRANSLATE_NOOP`` templates of ``core/texts/*_texts.py`` into
   ``resources/i18n/anchorgpu_ru.ts`` (existing translations are kept, vanished strings dropped)
   and ``anchorgpu_en.ts`` (plural forms only: the English text is the source text itself).
2. Any Russian message still unfinished is listed and the command fails, so a new string cannot
   ship untranslated. Translate it in the .ts (Qt Linguist or any editor) and run this again.
3. ``pyside6-lrelease`` compiles both to ``.qm`` next to them; the .qm files are kept in the
   repository so a fresh clone runs without this step.

``--check`` does steps 1 and 2 on a temporary copy and changes nothing.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

GUI_DIR = Path(__file__).resolve().parent
I18N_DIR = GUI_DIR.parent / "resources" / "i18n"
LANGUAGES = {"ru": "ru_RU", "en": "en_US"}


def _tool(name: str) -> str:
    """The PySide6 tool beside this interpreter (the venv), else the one on PATH."""
    for candidate in (Path(sys.executable).parent / name, shutil.which(name)):
        if candidate and Path(candidate).exists():
            return str(candidate)
    raise FileNotFoundError(f"{name} not found; install PySide6 (pip install PySide6-Essentials)")


CORE_TEMPLATES = [
    GUI_DIR.parent / "core" / "texts" / name
    for name in (
        "message_texts.py",
        "finding_texts.py",
        "error_texts.py",
        "store_texts.py",
        "traffic_texts.py",
    )
]


def sources() -> list[Path]:
    """The Python files whose strings are translated: the GUI, and core's message templates."""
    return [*sorted(GUI_DIR.rglob("*.py")), *CORE_TEMPLATES]


def ts_path(lang: str, folder: Path = I18N_DIR) -> Path:
    """The Linguist source for ``lang``."""
    return folder / f"anchorgpu_{lang}.ts"


def update_ts(lang: str, folder: Path = I18N_DIR) -> None:
    """Run lupdate for ``lang`` into ``folder``."""
    command = [_tool("pyside6-lupdate"), *map(str, sources()), "-ts", str(ts_path(lang, folder))]
    command += ["-locations", "none", "-no-obsolete", "-silent"]
    command += ["-source-language", "en_US", "-target-language", LANGUAGES[lang]]
    if lang == "en":
        command.append("-pluralonly")
    subprocess.run(command, check=True)


def unfinished(ts_file: Path) -> list[tuple[str, str]]:
    """(context, source) of each message in ``ts_file`` without a finished translation."""
    missing = []
    for context in ET.parse(ts_file).getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            translation = message.find("translation")
            empty = translation is None or not "".join(translation.itertext()).strip()
            if empty or translation.get("type") == "unfinished":
                missing.append((name, message.findtext("source", "")))
    return missing


def untranslated() -> list[tuple[str, str]]:
    """Russian messages the current sources need that the committed .ts does not translate."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = ts_path("ru", Path(tmp))
        if ts_path("ru").exists():
            shutil.copyfile(ts_path("ru"), copy)
        update_ts("ru", Path(tmp))
        return unfinished(copy)


def release(lang: str) -> Path:
    """Compile ``lang``'s .ts into the .qm beside it."""
    qm = ts_path(lang).with_suffix(".qm")
    subprocess.run(
        [_tool("pyside6-lrelease"), "-silent", str(ts_path(lang)), "-qm", str(qm)], check=True
    )
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
