"""The glossary: the Russian seed verbatim, a complete English translation, working search."""

from __future__ import annotations

import hashlib
from pathlib import Path

from core.base.resources import resource_path
from core.domain.glossary import load_glossary

# SHA-256 of the seed document the app must show verbatim.
SEED_SHA256 = "7d49dcadd6850160244ee18c2332c5dde68a215a2b5672e85966c885b1889ea5"
SEED = Path(__file__).resolve().parents[2] / "shared" / "seed" / "glossary-ru.txt"


def test_shipped_russian_text_is_the_seed_verbatim():
    shipped = resource_path("glossary", "glossary-ru.txt").read_bytes()
    assert hashlib.sha256(shipped).hexdigest() == SEED_SHA256
    if SEED.exists():
        assert shipped == SEED.read_bytes()


def test_twelve_terms_and_the_disclaimer_in_both_languages():
    glossary = load_glossary()
    assert len(glossary.entries) == 12
    keys = [e.key for e in glossary.entries]
    assert len(set(keys)) == 12
    for entry in glossary.entries:
        assert entry.definition_ru and entry.definition_en
        assert entry.definition_ru != entry.definition_en
        assert all(r in keys for r in entry.related)
    assert glossary.disclaimer_ru.startswith("Определения объясняют концепцию")
    assert "AnchorGPU allocation" in glossary.disclaimer_en


def test_every_warning_term_exists_in_the_glossary():
    keys = {e.key for e in load_glossary().entries} | {"disclaimer"}
    import ast

    root = Path(__file__).resolve().parents[1] / "core"
    used = set()
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func  # Finding(...) or Finding.of(...)
            name = func.value if isinstance(func, ast.Attribute) and func.attr == "of" else func
            if getattr(name, "id", "") == "Finding":
                term = node.args[2] if len(node.args) > 2 else None
                if isinstance(term, ast.Constant):
                    used.add(term.value)
    assert used, "the walk found no findings"
    assert used <= keys


def test_search_both_languages():
    glossary = load_glossary()
    assert [e.key for e in glossary.search("ключей")] == ["kv_cache"]
    assert "kv_cache" in [e.key for e in glossary.search("key and value")]
    assert glossary.find("FSDP").key == "fsdp"
