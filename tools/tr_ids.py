"""Give every interface text a message id: ``python -m tools.tr_ids``.

Rewrites each ``self.tr("English")`` and ``QCoreApplication.translate("Context", "English")`` of
``gui/`` into ``tr_id("Context.english_words", "English")`` (:func:`gui.translation.tr_id`), with
the count kept for a counted text (``self.tr("%Ln quote(s)", "", n)`` becomes
``tr_id("Counts.ln_quote_s", "%Ln quote(s)", n)``), and moves each existing translation in
``resources/i18n/anchorgpu_*.ts`` from the English source text to the new id, so no Russian is
lost. Then it formats the files it changed and rebuilds the translations (``gui.i18n_build``).

- The context is the one lupdate gave the text: the class the call is written in for
  ``self.tr``, the first argument for ``translate``.
- The id is the context and the first words of the English, lower case. An id already used
  for another English text (in a converted call, or earlier in this run) gets a short hash of the
  English appended, so ids do not depend on the order other branches add texts in.
- A module that calls ``tr_id`` without importing it (a merge kept the other side's imports)
  gets the import back.
- It is idempotent: a converted call is never converted again, and ids already in the .ts keep
  their translations. Run it again after merging code that still calls ``self.tr``.
- A call it cannot convert (the English not a literal) is listed and left as it is.
- Core's templates still wrapped in ``QT_TRANSLATE_NOOP`` are unwrapped, and their translations
  still kept by English (context ``CoreText``, as work written before the ids adds them) move to
  the template's key, inline plural forms to the counted noun with those forms
  (:func:`carry_core_translations`). A decimal parameter of such a template must still be marked
  ``{name!d}`` by hand: that is a fact about the parameter the old text does not say.

``--check`` lists what would change and exits 1 when anything would, changing nothing.
``--import-ru FILE`` (and ``--import-en FILE``, each repeatable) first adds the messages of another
.ts that the committed one lacks, to carry the Russian of work merged from elsewhere
(:func:`import_translations`).
"""

from __future__ import annotations

import ast
import copy
import hashlib
import importlib
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def _i18n() -> ModuleType:
    """:mod:`gui.i18n_build`, imported only when first needed.

    A template module merged with the old marker imports a module that is gone until
    :func:`strip_core_markers` has run, so nothing of core or the GUI is imported before it.
    """
    return importlib.import_module("gui.i18n_build")


GUI_DIR = ROOT / "gui"
TR_ID = "tr_id"
IMPORT = f"from gui.translation import {TR_ID}"
SKIPPED_FILES = {"translation.py", "i18n_build.py"}  # the machinery itself
MAX_WORDS = 6
MAX_SLUG = 48


@dataclass(frozen=True)
class Conversion:
    """One call to rewrite: where it is, what it becomes, and the translation it carries over."""

    path: Path
    start: tuple[int, int]
    end: tuple[int, int]
    replacement: str
    context: str
    english: str
    disambiguation: str
    numerus: bool
    message_id: str


def slug(text: str) -> str:
    """The first words of ``text`` as an id part: "&Open a saved plan…" -> "open_a_saved_plan"."""
    text = re.sub(r"<[^<>]*>", " ", text)  # markup
    text = re.sub(r"&(\w)", r"\1", text)  # a mnemonic
    words = re.findall(r"[a-z0-9]+", text.lower())[:MAX_WORDS]
    return "_".join(words)[:MAX_SLUG].strip("_") or "text"


def _hash(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:6]


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _enclosing_classes(tree: ast.Module) -> dict[ast.AST, str]:
    """Each node of ``tree`` to the name of the innermost class it is written in."""
    owner: dict[ast.AST, str] = {}

    def visit(node: ast.AST, current: str) -> None:
        for child in ast.iter_child_nodes(node):
            name = child.name if isinstance(child, ast.ClassDef) else current
            owner[child] = name
            visit(child, name)

    visit(tree, "")
    return owner


def _call_parts(node: ast.Call, owner: dict[ast.AST, str]) -> tuple[str, list[ast.expr]] | None:
    """(context, arguments after the context) of a translation call, or None for another call."""
    func = node.func
    if not isinstance(func, ast.Attribute):
        return None
    if func.attr == "tr" and isinstance(func.value, ast.Name) and func.value.id == "self":
        return (owner.get(node, ""), list(node.args))
    base = func.value
    is_app = isinstance(base, ast.Name) and base.id in ("QCoreApplication", "QApplication")
    if func.attr == "translate" and is_app and node.args:
        context = _literal(node.args[0])
        if context is not None:
            return (context, list(node.args[1:]))
    return None


class Converter:
    """Finds the calls to convert in ``gui/`` and the ids they get."""

    def __init__(self, files: list[Path]) -> None:
        self.files = files
        self.taken: dict[str, str] = {m.id: m.english for m in _i18n().gui_messages(files)}
        self.conversions: list[Conversion] = []
        self.left: list[str] = []

    def _id(self, context: str, english: str, disambiguation: str) -> str:
        base = f"{context}.{slug(english)}"
        if disambiguation:
            base += f"_{slug(disambiguation)}"
        for candidate in (base, f"{base}_{_hash(english + disambiguation)}"):
            if self.taken.setdefault(candidate, english) == english:
                return candidate
        raise ValueError(f"no free id for {english!r} in {context}")

    def scan(self) -> None:
        """Collect every call to convert, file by file in path order, top to bottom."""
        for path in self.files:
            source = path.read_text("utf-8")
            tree = ast.parse(source, str(path))
            owner = _enclosing_classes(tree)
            calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
            calls.sort(key=lambda n: (n.lineno, n.col_offset))
            for node in calls:
                parts = _call_parts(node, owner)
                if parts is not None:
                    self._convert(path, source, node, *parts)

    def _convert(
        self, path: Path, source: str, node: ast.Call, context: str, args: list[ast.expr]
    ) -> None:
        where = f"{_shown(path)}:{node.lineno}"
        english = _literal(args[0]) if args else None
        disambiguation = _literal(args[1]) if len(args) > 1 else ""
        if english is None or disambiguation is None or node.keywords or not context:
            self.left.append(f"{where}: {ast.get_source_segment(source, node)}")
            return
        count = args[2] if len(args) > 2 else None
        message_id = self._id(context, english, disambiguation)
        literal = ast.get_source_segment(source, args[0]) or repr(english)
        quote = "'" if literal.lstrip("rRuU").startswith("'") else '"'  # as in an f-string
        pieces = [f"{quote}{message_id}{quote}", literal]
        if count is not None:
            pieces.append(ast.get_source_segment(source, count) or "n")
        self.conversions.append(
            Conversion(
                path,
                (node.lineno, node.col_offset),
                (node.end_lineno or node.lineno, node.end_col_offset or 0),
                f"tr_id({', '.join(pieces)})",
                context,
                english,
                disambiguation,
                count is not None,
                message_id,
            )
        )


def _shown(path: Path) -> Path:
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


def _offset(lines: list[str], position: tuple[int, int]) -> int:
    """The character offset of (line, UTF-8 column) in the joined ``lines``."""
    line, column = position
    before = sum(len(text) for text in lines[: line - 1])
    return before + len(lines[line - 1].encode("utf-8")[:column].decode("utf-8"))


def _with_import(source: str) -> str:
    """``source`` importing :func:`tr_id`, after its last top-level import."""
    if re.search(rf"^{re.escape(IMPORT)}$", source, re.MULTILINE):
        return source
    tree = ast.parse(source)
    imports = [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)]
    lines = source.splitlines(keepends=True)
    at = (imports[-1].end_lineno or 0) if imports else 0
    lines.insert(at, IMPORT + "\n")
    return "".join(lines)


def rewritten(conversions: list[Conversion]) -> dict[Path, str]:
    """The new text of each file with calls to convert.

    Raises:
        SyntaxError: a rewritten file would not parse (nothing is written then).
    """
    by_file: dict[Path, list[Conversion]] = {}
    for conversion in conversions:
        by_file.setdefault(conversion.path, []).append(conversion)
    texts = {}
    for path, found in sorted(by_file.items()):
        source = path.read_text("utf-8")
        lines = source.splitlines(keepends=True)
        spans = [(_offset(lines, c.start), _offset(lines, c.end), c.replacement) for c in found]
        for start, end, replacement in sorted(spans, reverse=True):
            source = source[:start] + replacement + source[end:]
        texts[path] = _with_import(source)  # parses the new text
    return texts


LINE_LENGTH = 100  # pyproject.toml, [tool.ruff]
_LONE_LITERAL = re.compile(r'^(\s*)"((?:[^"\\]|\\.)*)"(,?)$')


def _split_long_literals(path: Path) -> bool:
    """Split each string literal alone on a line too long, at a space, in two; True if any was.

    The ids make some calls longer than before; ruff does not split strings.
    """
    lines = path.read_text("utf-8").splitlines(keepends=True)
    changed = False
    for index, line in enumerate(lines):
        match = _LONE_LITERAL.match(line.rstrip("\n"))
        if match is None or len(line.rstrip("\n")) <= LINE_LENGTH:
            continue
        indent, text, comma = match.groups()
        room = LINE_LENGTH - len(indent) - 2
        cut = text.rfind(" ", 0, room) + 1
        if cut <= 0:
            continue
        lines[index] = f'{indent}"{text[:cut]}"\n{indent}"{text[cut:]}"{comma}\n'
        changed = True
    if changed:
        path.write_text("".join(lines), "utf-8")
    return changed


def _source_message(root: ET.Element, conversion: Conversion) -> ET.Element | None:
    """The message translated by English source text that ``conversion`` replaces."""
    for context in root.iter("context"):
        if context.findtext("name") != conversion.context:
            continue
        for message in context.iter("message"):
            same = message.findtext("source") == conversion.english
            if same and (message.findtext("comment") or "") == conversion.disambiguation:
                return message
    return None


def carry_translations(conversions: list[Conversion], folder: Path) -> list[str]:
    """Give each new id the translation its English had in every .ts; return those without one."""
    unmatched = []
    for lang in _i18n().LANGUAGES:
        ts_file = _i18n().ts_path(lang, folder)
        root = ET.parse(ts_file).getroot()
        ids = next((c for c in root.iter("context") if not c.findtext("name")), None)
        if ids is None:
            ids = ET.SubElement(root, "context")
            ET.SubElement(ids, "name").text = ""
        present = {m.get("id") for m in ids.iter("message")}
        for conversion in conversions:
            if conversion.message_id in present or (lang == "en" and not conversion.numerus):
                continue
            old = _source_message(root, conversion)
            if old is None or old.find("translation") is None:
                unmatched.append(f"{lang}: [{conversion.context}] {conversion.english!r}")
                continue
            message = ET.SubElement(ids, "message", {"id": conversion.message_id})
            if conversion.numerus:
                message.set("numerus", "yes")
            ET.SubElement(message, "source").text = conversion.english
            message.append(copy.deepcopy(old.find("translation")))
            present.add(conversion.message_id)
        ts_file.write_text(_i18n()._linguist_xml(root), "utf-8")
    return unmatched


OLD_CORE_CONTEXT = "CoreText"
CORE_TEXTS = ROOT / "core" / "texts"
_OLD_MARKER_IMPORT = "from core.texts.linguist import QT_TRANSLATE_NOOP\n"


def strip_core_markers(folder: Path = CORE_TEXTS) -> list[Path]:
    """Unwrap ``QT_TRANSLATE_NOOP("CoreText", "English")`` in core's templates to the English.

    The key of a template is its id now; the marker (and its module) is gone. Returns the files
    changed.
    """
    changed = []
    for path in sorted(folder.glob("*_texts.py")):
        source = path.read_text("utf-8")
        calls = [
            n
            for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.Call)
            and getattr(n.func, "id", None) == "QT_TRANSLATE_NOOP"
            and len(n.args) == 2
        ]
        if not calls:
            continue
        lines = source.splitlines(keepends=True)
        for node in sorted(calls, key=lambda n: (n.lineno, n.col_offset), reverse=True):
            text = ast.get_source_segment(source, node.args[1]) or ""
            start = _offset(lines, (node.lineno, node.col_offset))
            end = _offset(lines, (node.end_lineno or node.lineno, node.end_col_offset or 0))
            source = source[:start] + f"({text})" + source[end:]
        source = source.replace(_OLD_MARKER_IMPORT, "")
        ast.parse(source)
        path.write_text(source, "utf-8")
        changed.append(path)
    return changed


_INLINE_FORMS = re.compile(r"\{(\w+)((?:\|[^{}|]*){2,})\}")


def _noun_ids(ids: ET.Element) -> dict[tuple[str, ...], str]:
    """The counted nouns of ``ids`` by their Russian forms (("токен", "токена", "токенов"): ...)."""
    found = {}
    for message in ids.iter("message"):
        key = message.get("id", "")
        if key.startswith("noun.") and message.get("numerus") == "yes":
            forms = tuple(f.text or "" for f in message.iter("numerusform"))
            found.setdefault(forms, key)
    return found


def carry_core_translations(folder: Path) -> list[str]:
    """Move translations of core's texts still kept by English (context CoreText) to their ids.

    Work written before the ids translated a new template of core by its English, with counted
    nouns as inline forms (``{n|токен|токена|токенов}``); the forms become the counted noun that
    has them. Returns the texts that could not be moved (no such noun).
    """
    texts = importlib.import_module("core.texts.messages")  # after strip_core_markers
    words = importlib.import_module("core.texts.words")
    ts_file = _i18n().ts_path("ru", folder)
    root = ET.parse(ts_file).getroot()
    ids = next((c for c in root.iter("context") if not c.findtext("name")), None)
    old = next((c for c in root.iter("context") if c.findtext("name") == OLD_CORE_CONTEXT), None)
    if ids is None or old is None:
        return []
    by_english = {m.findtext("source"): m for m in old.iter("message")}
    present = {m.get("id") for m in ids.iter("message")}
    nouns = _noun_ids(ids)
    left = []
    for key, english in sorted({**texts.TEMPLATES, **words.WORD_TEXTS}.items()):
        message = by_english.get(english.replace("!d}", "}"))
        if key in present or message is None:
            continue
        text = message.findtext("translation") or ""

        def noun(match: re.Match[str]) -> str:
            found = nouns.get(tuple(match[2][1:].split("|")))
            return match[0] if found is None else f"{{{match[1]}|{found}}}"

        text = _INLINE_FORMS.sub(noun, text)
        if _INLINE_FORMS.search(text):
            left.append(f"ru: [{key}] plural forms with no counted noun: {text!r}")
            continue
        moved = ET.SubElement(ids, "message", {"id": key})
        ET.SubElement(moved, "source").text = english
        ET.SubElement(moved, "translation").text = text
    ts_file.write_text(_i18n()._linguist_xml(root), "utf-8")
    return left


def import_translations(ts_file: Path, others: list[Path]) -> int:
    """Add to ``ts_file`` the messages of ``others`` it lacks; return how many were added.

    For a merge: the .ts of the branch merged into keeps the Russian that other work added by
    English source text, which the conversion then moves to ids. A message ``ts_file`` has
    already (by context and source, or by id) is kept as it is.
    """
    root = ET.parse(ts_file).getroot()
    contexts = {c.findtext("name") or "": c for c in root.iter("context")}
    added = 0
    for other in others:
        for context in ET.parse(other).getroot().iter("context"):
            name = context.findtext("name") or ""
            mine = contexts.get(name)
            if mine is None:
                mine = contexts[name] = ET.SubElement(root, "context")
                ET.SubElement(mine, "name").text = name
            have = {(m.get("id"), m.findtext("source"), m.findtext("comment")) for m in mine}
            have_ids = {m.get("id") for m in mine.iter("message") if m.get("id")}
            for message in context.iter("message"):
                key = (message.get("id"), message.findtext("source"), message.findtext("comment"))
                if key in have or (message.get("id") and message.get("id") in have_ids):
                    continue
                mine.append(copy.deepcopy(message))
                have.add(key)
                added += 1
    ts_file.write_text(_i18n()._linguist_xml(root), "utf-8")
    return added


def _ruff(*args: str) -> None:
    """Run ruff (beside this interpreter, else on PATH) when there is one."""
    for candidate in (Path(sys.executable).parent / "ruff", shutil.which("ruff")):
        if candidate and Path(candidate).exists():
            subprocess.run([str(candidate), *args], check=False, cwd=ROOT)
            return


def missing_imports(files: list[Path]) -> list[Path]:
    """The files that call :func:`tr_id` without importing it (a merge can drop the import)."""
    found = []
    for path in files:
        tree = ast.parse(path.read_text("utf-8"))
        calls = any(isinstance(n, ast.Name) and n.id == TR_ID for n in ast.walk(tree))
        bound = any(
            isinstance(n, ast.ImportFrom) and any((a.asname or a.name) == TR_ID for a in n.names)
            for n in ast.walk(tree)
        ) or any(isinstance(n, ast.FunctionDef) and n.name == TR_ID for n in tree.body)
        if calls and not bound:
            found.append(path)
    return found


def convert(files: list[Path], i18n_folder: Path) -> tuple[list[Conversion], list[str]]:
    """Convert the calls of ``files`` and carry their translations over in ``i18n_folder``.

    Returns the conversions and the texts that had no translation to carry over.
    """
    converter = Converter(files)
    converter.scan()
    for left in converter.left:
        print(f"left as it is: {left}", file=sys.stderr)
    texts = rewritten(converter.conversions)
    for path in missing_imports(files):
        texts.setdefault(path, _with_import(path.read_text("utf-8")))
    if not texts:
        return [], []
    unmatched = carry_translations(converter.conversions, i18n_folder)
    for path, text in texts.items():
        path.write_text(text, "utf-8")
    names = [str(path) for path in texts]
    _ruff("check", "--select", "I,F401", "--fix", "--quiet", *names)  # imports: tr_id in, Qt out
    _ruff("format", "--quiet", *names)
    if any([_split_long_literals(path) for path in texts]):
        _ruff("format", "--quiet", *names)
    return converter.conversions, unmatched


def gui_files() -> list[Path]:
    """The interface's modules, but the translation machinery itself."""
    return [p for p in sorted(GUI_DIR.rglob("*.py")) if p.name not in SKIPPED_FILES]


def main(argv: list[str]) -> int:
    """Convert, carry the translations over, format, rebuild; ``--check`` only reports."""
    if "--check" in argv:
        converter = Converter(gui_files())
        converter.scan()
        for left in converter.left:
            print(f"left as it is: {left}", file=sys.stderr)
        for found in converter.conversions:
            print(f"{_shown(found.path)}:{found.start[0]} -> {found.message_id}")
        return 1 if converter.conversions else 0
    core = [str(path) for path in strip_core_markers()]  # first: core cannot load before
    if core:
        _ruff("format", "--quiet", *core)
    for lang in _i18n().LANGUAGES:
        others = [Path(v) for k, v in zip(argv, argv[1:], strict=False) if k == f"--import-{lang}"]
        if others:
            added = import_translations(_i18n().ts_path(lang), others)
            print(f"{added} {lang} messages imported from {', '.join(map(str, others))}")
    conversions, unmatched = convert(gui_files(), _i18n().I18N_DIR)
    unmatched += carry_core_translations(_i18n().I18N_DIR)
    for line in unmatched:
        print(f"no translation to carry over: {line}", file=sys.stderr)
    files = {c.path for c in conversions}
    print(f"{len(conversions)} calls in {len(files)} files now translated by id")
    return _i18n().main([])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
