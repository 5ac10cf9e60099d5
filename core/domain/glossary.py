"""The glossary the planner shows: the Russian seed verbatim and its English translation.

The Russian text is read from ``resources/glossary/glossary-ru.txt`` exactly as shipped (term line,
definition line, twelve times, then the disclaimer). The English file adds a stable key per term,
the translation and the related terms. Warnings and wizard fields refer to terms by key.

Beside the catalog's glossary (those twelve terms, kept verbatim) there is a separate **help**
collection, ``help-en.json`` and ``help-ru.json``, for the other concepts a user meets in the
forms (LoRA, activations, headroom, the memory unit policy…). Its entries have
``catalog=False``; :meth:`Glossary.get` and :meth:`Glossary.search` cover both collections, while
:attr:`Glossary.entries` stays the catalog's twelve.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

from core.base.errors import InputError
from core.base.resources import resource_path
from core.texts.messages import Message

LANGUAGES = ("ru", "en")


@dataclass(frozen=True)
class GlossaryEntry:
    """One term in both languages."""

    key: str
    term_ru: str
    definition_ru: str
    term_en: str
    definition_en: str
    related: tuple[str, ...]
    catalog: bool = True  # one of the catalog glossary's terms (False: the help collection)

    def term(self, lang: str) -> str:
        """Return the term's name in ``lang`` ("ru" or "en")."""
        return self.term_ru if lang == "ru" else self.term_en

    def definition(self, lang: str) -> str:
        """Return the definition in ``lang`` ("ru" or "en")."""
        return self.definition_ru if lang == "ru" else self.definition_en


@dataclass(frozen=True)
class Glossary:
    """All terms in seed order and the disclaimer in both languages."""

    entries: tuple[GlossaryEntry, ...]
    disclaimer_ru: str
    disclaimer_en: str
    help: tuple[GlossaryEntry, ...] = ()

    @property
    def all_entries(self) -> tuple[GlossaryEntry, ...]:
        """The catalog's glossary, then the help collection."""
        return self.entries + self.help

    def disclaimer(self, lang: str) -> str:
        """Return the disclaimer in ``lang``."""
        return self.disclaimer_ru if lang == "ru" else self.disclaimer_en

    def get(self, key: str) -> GlossaryEntry:
        """Return the entry for ``key``; raise :class:`InputError` for an unknown key."""
        for entry in self.all_entries:
            if entry.key == key:
                return entry
        raise InputError(Message("glossary.unknown_term", key=key), field="term")

    def find(self, text: str) -> GlossaryEntry:
        """Find an entry of either collection by key or by its name in either language.

        A whole name (case-insensitive) wins over a part of one; the catalog's terms come first.
        """
        wanted = text.strip().casefold()
        if not wanted:
            raise InputError(Message("glossary.no_match", text=text), field="term")
        for entry in self.all_entries:
            names = (entry.key, entry.term_ru, entry.term_en)
            if wanted in (n.casefold() for n in names):
                return entry
        for entry in self.all_entries:
            names = (entry.key, entry.term_ru, entry.term_en)
            if any(wanted in n.casefold() for n in names):
                return entry
        raise InputError(Message("glossary.no_match", text=text), field="term")

    def search(self, text: str) -> list[GlossaryEntry]:
        """Entries whose name or definition in either language contains ``text``."""
        wanted = text.strip().casefold()
        if not wanted:
            return list(self.all_entries)
        return [
            e
            for e in self.all_entries
            if any(
                wanted in s.casefold()
                for s in (e.key, e.term_ru, e.term_en, e.definition_ru, e.definition_en)
            )
        ]


@cache
def load_glossary() -> Glossary:
    """Load and cross-check both glossary files (cached)."""
    ru_lines = [
        line.strip()
        for line in resource_path("glossary", "glossary-ru.txt").read_text("utf-8").splitlines()
        if line.strip()
    ]
    en = json.loads(resource_path("glossary", "glossary-en.json").read_text("utf-8"))
    terms = en["terms"]
    if len(ru_lines) != 2 * len(terms) + 1:
        raise InputError(Message("glossary.count_mismatch"))
    entries = []
    for i, t in enumerate(terms):
        term_ru, definition_ru = ru_lines[2 * i], ru_lines[2 * i + 1]
        if term_ru != t["seed_term"]:
            raise InputError(
                Message(
                    "glossary.term_mismatch", number=i + 1, seed=t["seed_term"], term_ru=term_ru
                )
            )
        entries.append(
            GlossaryEntry(
                key=t["key"],
                term_ru=term_ru,
                definition_ru=definition_ru,
                term_en=t["term"],
                definition_en=t["definition"],
                related=tuple(t["related"]),
            )
        )
    return Glossary(
        tuple(entries),
        disclaimer_ru=ru_lines[-1],
        disclaimer_en=en["disclaimer"],
        help=_load_help({e.key for e in entries}),
    )


def _load_help(glossary_keys: set[str]) -> tuple[GlossaryEntry, ...]:
    """The help collection in both languages, checked against each other and the glossary."""
    by_lang = {
        lang: json.loads(resource_path("glossary", f"help-{lang}.json").read_text("utf-8"))[
            "entries"
        ]
        for lang in LANGUAGES
    }
    en, ru = by_lang["en"], by_lang["ru"]
    if [e["key"] for e in en] != [e["key"] for e in ru]:
        raise InputError(Message("glossary.help_mismatch"))
    keys = {e["key"] for e in en} | glossary_keys
    entries = []
    for e, r in zip(en, ru, strict=True):
        if e["key"] in glossary_keys or not set(e["related"]) <= keys:
            raise InputError(Message("glossary.help_key", key=e["key"]))
        entries.append(
            GlossaryEntry(
                key=e["key"],
                term_ru=r["term"],
                definition_ru=r["definition"],
                term_en=e["term"],
                definition_en=e["definition"],
                related=tuple(e["related"]),
                catalog=False,
            )
        )
    return tuple(entries)
