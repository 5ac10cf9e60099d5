"""Texts by message id: Qt's id-based translation (``qtTrId``), a visible miss, a pseudo-language.

Every text a user reads is a message with a stable id (``MainWindow.open_plan``, core's
``planner.short``); the English is its metadata, kept next to the id in the code and as the
``<source>`` of the message in ``resources/i18n/*.ts``. The interface asks Qt for the id; the
English is shown when the interface is English or when a translation misses.

- :func:`tr_id` is the call the interface makes: ``tr_id("MainWindow.quit", "Quit")``, or with a
  count, ``tr_id("Counts.quotes", "%Ln quote(s)", n)``, whose forms are Qt's numerus forms.
- A translation that misses in Russian is reported (:func:`report_missing`): a warning in the
  log (once per message), and, in development (``ANCHORGPU_DEV=1``), the English shown between
  ⚠ marks so it is seen on the screen. ``tests/test_translations.py`` fails on any message the
  Russian .ts lacks, so a release never gets here.
- The pseudo-language (``ANCHORGPU_PSEUDO_TRANSLATE=1``): every text that goes through
  translation is shown transformed (accented letters, brackets, a third longer), so any English
  left on the screen is text that never went through translation.
"""

from __future__ import annotations

import logging
import math
import os
import re

from PySide6.QtCore import QCoreApplication, QObject, QTranslator, qtTrId

LANGUAGE_ID = "translation.language"
"""A message each compiled translation answers with its language ("ru"); untranslated: English."""
PSEUDO_ENV = "ANCHORGPU_PSEUDO_TRANSLATE"
DEV_ENV = "ANCHORGPU_DEV"
MISSING_MARK = "⚠"

log = logging.getLogger(__name__)
_reported: set[str] = set()


def lookup(message_id: str, n: int = -1) -> str | None:
    """The installed translation of ``message_id`` (its numerus form for ``n``), or None."""
    found = qtTrId(message_id, n)
    return None if found == message_id else found


def language() -> str:
    """The language of the installed translation: "ru", or "en" when none answers."""
    return lookup(LANGUAGE_ID) or "en"


def development() -> bool:
    """Whether misses are marked on the screen (``ANCHORGPU_DEV=1``, or the pseudo-language)."""
    return os.environ.get(DEV_ENV) == "1" or pseudo_mode()


def pseudo_mode() -> bool:
    """Whether the pseudo-language is on (``ANCHORGPU_PSEUDO_TRANSLATE=1``)."""
    return os.environ.get(PSEUDO_ENV) == "1"


def report_missing(message_id: str, english: str, why: str = "no translation") -> str:
    """Log that ``message_id`` could not be translated; return what to show instead.

    The English, and in development the English between marks, so the miss is seen.
    """
    if message_id not in _reported:
        _reported.add(message_id)
        log.warning("%s for %r (%s): showing the English", why, message_id, language())
    return f"{MISSING_MARK}{english}{MISSING_MARK}" if development() else english


def missing_reported() -> frozenset[str]:
    """The ids reported missing since start-up (or since :func:`forget_missing`)."""
    return frozenset(_reported)


def forget_missing() -> None:
    """Start counting misses afresh (for tests)."""
    _reported.clear()


def tr_id(message_id: str, english: str, n: int = -1) -> str:
    """The text of ``message_id`` in the interface language; ``english`` is its English.

    With ``n`` the message is counted: Qt picks the numerus form and puts ``n`` for ``%n``
    (``%Ln`` with the locale's digit grouping). Both texts are literals in the call, which
    ``python -m gui.i18n_build`` reads into the .ts.
    """
    return text_by_id(message_id, english, n)


def text_by_id(message_id: str, english: str, n: int = -1) -> str:
    """:func:`tr_id` for a text kept in a table the build reads (``field_text.WORDING``)."""
    if pseudo_mode():
        return _counted(pseudo(english), n)
    found = lookup(message_id, n)
    if found is not None:
        return found
    if language() != "en":
        english = report_missing(message_id, english)
    return _counted(english, n)


def _counted(text: str, n: int) -> str:
    """``text`` with ``%n`` / ``%Ln`` filled, as Qt does for a message without a translation."""
    if n < 0 or "%" not in text:
        return text
    return QCoreApplication.translate("", text, None, n)


# -- the pseudo-language ----------------------------------------------------------------------

_ACCENTED = str.maketrans(
    "AaCcDdEeGgHhIiJjKkLlNnOoRrSsTtUuWwYyZz",
    "ÅåÇçĐđÉéĞğĤĥÎîĴĵĶķĹĺÑñÖöŘřŠšŢţÜüŴŵÝýŽž",
)
# What must reach the screen unchanged: placeholders ({name:spec}, %1, %n, %Ln), HTML tags and
# entities, and the & of a mnemonic with its letter.
_KEEP = re.compile(r"\{[^{}]*\}|%L?\d+|%L?n|<[^<>]*>|&\w+;|&.")
PSEUDO_GROWTH = 0.3
"""How much longer a pseudo-translated text is: German and Russian run about a third longer
than English (the usual allowance in Qt's and Mozilla's pseudo-localization)."""


def pseudo(text: str) -> str:
    """``text`` in the pseudo-language: accented, in brackets, about a third longer.

    Placeholders, markup and mnemonics are kept as they are, so the text still fills in and works.
    """
    if not text.strip():
        return text
    parts, last = [], 0
    for match in _KEEP.finditer(text):
        parts.append(text[last : match.start()].translate(_ACCENTED))
        parts.append(match.group())
        last = match.end()
    parts.append(text[last:].translate(_ACCENTED))
    padding = "·" * max(1, math.ceil(len(text) * PSEUDO_GROWTH) - 2)  # 2: the brackets
    return f"⟦{''.join(parts)}{padding}⟧"


class PseudoTranslator(QTranslator):
    """Shows every text asked of Qt by its English (context and source) in the pseudo-language.

    Installed last, it is asked first: Qt's own strings and any text still translated by its
    English source come out transformed, like the texts :func:`tr_id` returns. Lookups by id
    (no context) are left to :func:`tr_id`, which knows the English.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)

    def translate(  # type: ignore[override]
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        """``source`` transformed, or None for a lookup by id (Qt then asks the others)."""
        if not context or not source:
            return None
        return pseudo(source)

    def isEmpty(self) -> bool:
        return False
