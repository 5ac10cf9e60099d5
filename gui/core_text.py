"""Core's messages in the interface's language: warnings, price lines, planner reasons, errors.

``core`` words these texts in English and keeps, with each, the key of its template and the
parameters (:mod:`core.texts.messages`; ``params`` in the JSON of a finding or a price line). The
key is the message's id: Qt's id-based translation (:func:`gui.translation.lookup`) gives the
Russian template, and the parameters fill it in: numbers with the locale's separators, a decimal
the template marks ``{name!d}`` with the locale's decimal separator, a
:class:`~core.texts.words.Word` by its own id, a parameter that is itself a
:class:`~core.texts.messages.Message` (the cause inside an error's sentence) worded in turn.

A translation words a counted noun by naming a numerus message and the count it follows:
``{value:,} {value|noun.token}``; the noun's forms are Qt's numerus forms of ``noun.token`` in the
.ts (1 токен, 2 токена, 5 токенов), :data:`COUNTED_NOUNS` lists them with their English.

Whatever cannot be translated shows core's English text as it is: an unknown key, or a snapshot
saved before parameters were kept. A translation Russian lacks, or one whose placeholders do not
match its parameters, is reported (:func:`gui.translation.report_missing`).
In English the text is always core's own, exactly what the command line prints.
"""

from __future__ import annotations

import re
from types import ModuleType
from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale

from core.texts.messages import FORMATTER, TEMPLATES, Message, Param, Params, decimal_names
from core.texts.words import Word, saved_word
from gui.presentation.field_text import field_label, worded
from gui.presentation.formats import decimal_param
from gui.translation import language, lookup, pseudo, pseudo_mode, report_missing


def _names() -> ModuleType:
    # Offers and GPUs are named from the catalog (pydantic); start-up messages are worded here.
    # seam: the catalog loads with the first offer named, not with the first message
    from gui.presentation import names

    return names


if TYPE_CHECKING:  # the history view imports this module before pydantic is needed
    from core.base.errors import PlannerError
    from core.domain.breakdown import Finding
    from core.planning.planner import PlanOption
    from core.pricing.prices import LineItem
    from core.quotes.snapshot import SavedSpeed, SavedWarning

COUNTED_NOUNS: dict[str, str] = {
    "noun.byte": "byte(s)",
    "noun.character_genitive": "character(s), after 'of'",
    "noun.covers": "cover(s), the verb",
    "noun.day": "day(s)",
    "noun.gpu_hour": "GPU-hour(s)",
    "noun.hour_covers": "hour(s) cover(s)",
    "noun.month": "month(s)",
    "noun.order": "order(s)",
    "noun.sequence": "sequence(s)",
    "noun.sequence_genitive": "sequence(s), after 'of'",
    "noun.tensor": "tensor(s)",
    "noun.token": "token(s)",
    "noun.token_dative": "token(s), after 'by' (by 8 tokens)",
    "noun.token_genitive": "token(s), after 'of'",
    "noun.value_genitive": "value(s), after 'of'",
    "noun.week": "week(s)",
}
"""The counted nouns a translation of core's messages may name, with their English: Qt numerus
messages whose translations hold the noun alone in each form (Russian: one, few, many)."""

SHORT_NUMBER = 10_000
_COUNTED = re.compile(r"\{(\w+)\|(noun\.\w+)\}")
_SPEC = re.compile(r"^(,)?(?:\.(\d+))?([df%]?)$")


class _Number:
    """A number that formats itself with the locale's digits for a ``str.format`` spec."""

    def __init__(self, value: int | float) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        match = _SPEC.match(spec)
        if match is None:  # a spec this class does not know: Python's own digits
            return format(self.value, spec)
        _grouping, digits, kind = match.groups()
        locale = QLocale()
        value = self.value
        if kind == "%":
            value = float(value) * 100
            text = locale.toString(value, "f", int(digits or 0)) + locale.percent()
        elif digits is not None:
            text = locale.toString(float(value), "f", int(digits))
        elif isinstance(value, int) or (value.is_integer() and abs(value) < 1e15):
            text = locale.toString(int(value))
        else:
            text = locale.toString(value, "g", 12)
        # Four-digit numbers stay whole (1024 px, 2048 tokens), as Russian typography has them.
        if abs(value) < SHORT_NUMBER:
            text = text.replace(locale.groupSeparator(), "")
        return text


def word_text(word: Word) -> str:
    """A fixed word of core in the interface language, by its id."""
    if pseudo_mode():
        return pseudo(word)
    found = lookup(word.key)
    if found is not None:
        return found
    return word if language() == "en" else report_missing(word.key, word)


def _argument(name: str, value: Param, decimals: frozenset[str]) -> Param | _Number:
    if isinstance(value, Message):  # a cause inside the sentence: worded on its own
        return message_text(value)
    if isinstance(value, Word):
        return word_text(value)
    if isinstance(value, str):
        if name == "gpu":  # an offer: the memory in this language's unit
            return _names().offer_label(value)
        if name in decimals:
            return decimal_param(value)
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return _Number(value)
    return value


def _form_count(value: Param) -> int:
    """The count a plural form follows: a number with a fraction takes the form of 2 (2,5 токена).

    Plural rules read the last digits; a large count keeps them within Qt's 32-bit int.
    """
    whole = isinstance(value, int) or (isinstance(value, float) and value.is_integer())
    n = abs(int(value)) if whole and isinstance(value, int | float) else 2
    return n % 1000 + 1000 if n >= 1000 else n


def plural_forms(text: str, params: Params) -> str:
    """``text`` with each ``{name|noun.id}`` as the numerus form of the noun for ``params[name]``.

    Qt picks the form by the language's plural rule; a noun missing from the translation is
    reported and its English shown.
    """

    def form(match: re.Match[str]) -> str:
        name, noun = match[1], match[2]
        n = _form_count(params[name])
        found = lookup(noun, n)
        if found is None:
            english = COUNTED_NOUNS.get(noun, noun).split(",")[0]
            return report_missing(noun, english)
        return found

    return _COUNTED.sub(form, text)


def _saved(params: Params) -> dict[str, Param]:
    """Parameters read back from JSON, with each fixed word typed again (:func:`saved_word`)."""
    return {n: (saved_word(v) or v) if type(v) is str else v for n, v in params.items()}


def translate(key: str, params: Params, english: str) -> str:
    """Template ``key`` translated and filled with ``params``, or ``english`` when it cannot be."""
    source = TEMPLATES.get(key)
    if source is None:
        return english
    if pseudo_mode():
        translated: str | None = pseudo(source)
    else:
        translated = lookup(key)
    if translated is None:  # English, or Russian without this message: core's own text
        if language() != "en":
            english = report_missing(key, english)
            return english
        if not any(isinstance(v, Message) for v in params.values()):
            return english
        # ... but a cause inside it may be translated (and "{path}: {reason}" needs no words).
        translated = source
        arguments: dict[str, Param | _Number] = {
            n: message_text(v) if isinstance(v, Message) else v for n, v in params.items()
        }
    else:
        decimals = decimal_names(source)
        arguments = {name: _argument(name, v, decimals) for name, v in params.items()}
    try:
        return FORMATTER.format(plural_forms(translated, params), **arguments)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError) as error:
        if not params:  # a snapshot saved before parameters were kept: its English as it is
            return english
        return report_missing(key, english, f"a translation that does not fit ({error!r})")


def message_text(message: str) -> str:
    """A text core gave: translated when it is a :class:`~core.texts.messages.Message`.

    Validator refusals are put in the interface's own words (:mod:`gui.presentation.field_text`).
    """
    if isinstance(message, Message):
        own = worded(message.key, message.params)
        if own is not None:
            return own
        return translate(message.key, message.params, message)
    return message


def finding_text(finding: Finding) -> str:
    """The message of a finding."""
    return translate(finding.template_key, finding.params, finding.message)


def warning_text(warning: SavedWarning) -> str:
    """The message of a finding as a quote's snapshot saved it."""
    return translate(warning.key, _saved(warning.params), warning.message)


def assumption_texts(speed: SavedSpeed) -> list[str]:
    """The speed assumptions of a quote's snapshot (English when saved without their keys)."""
    return [translate(a.key, _saved(a.params), a.text) for a in speed.assumptions]


def line_label(item: LineItem) -> str:
    """The label of a price line; the compute line names the GPU by its display name."""
    key = f"price.{item.kind}"
    if item.kind == "compute" and "gpu" in item.params and key in TEMPLATES:
        params = {**item.params, "gpu": _names().gpu_name(str(item.params["gpu"]))}
        decimals = decimal_names(TEMPLATES[key])
        try:
            english = FORMATTER.format(
                TEMPLATES[key], **{n: _argument(n, v, decimals) for n, v in params.items()}
            )
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            english = item.label
        return translate(key, params, english)
    return translate(key, item.params, item.label)


def reason_text(option: PlanOption) -> str:
    """Why a planner's option does not fit, in one line."""
    return "; ".join(message_text(part) for part in option.reason_parts)


def error_text(error: PlannerError) -> str:
    """An error for a user: the field it names, then why the value is refused."""
    message = message_text(error.message)
    return f"{error.field}: {message}" if error.field else message


def labelled_error_text(error: PlannerError) -> str:
    """An error for a status line: the field by the label its form shows, then why."""
    message = message_text(error.message)
    return f"{field_label(error.field)}: {message}" if error.field else message
