"""Core's messages in the interface's language: warnings, price lines, planner reasons, errors.

``core`` words these texts in English and keeps, with each, the key of its template and the
parameters (:mod:`core.texts.messages`; ``params`` in the JSON of a finding or a price line). Here
the key picks core's English template (:mod:`core.texts.message_texts`,
:mod:`core.texts.error_texts` and :mod:`core.texts.store_texts`, which ``make i18n`` reads), Qt
translates it in the context ``CoreText``, and the parameters fill it in: numbers with the locale's
separators, the few fixed words of :data:`core.texts.messages.WORDS` translated as well.

A parameter that is itself a :class:`~core.texts.messages.Message` (the cause inside an error's
sentence) is translated the same way. A translation words a counted noun with a plural selector,
``{value:,} {value|токен|токена|токенов}``, whose form follows the language's plural rule as its
.ts states it (:class:`PluralRule`). Whatever cannot be translated shows core's English text as
it is: an unknown key, a snapshot saved before parameters were kept, a translation whose
placeholders do not match its parameters.
In English the text is always core's own, exactly what the command line prints.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLocale, QObject

from core.texts.messages import TEMPLATES, WORDS, Message, Param, Params
from gui.presentation.field_text import field_label, worded
from gui.presentation.formats import decimal_param

if TYPE_CHECKING:  # the history view imports this module before pydantic is needed
    from core.base.errors import PlannerError
    from core.domain.breakdown import Finding
    from core.planning.planner import PlanOption
    from core.pricing.prices import LineItem
    from core.quotes.snapshot import SavedSpeed, SavedWarning

CONTEXT = "CoreText"
DECIMAL_PARAMS = frozenset(
    {
        "unit_price",
        "per_gb_month",
        "subtotal",
        "total",
        "percent",
        "budget",
        "cost",
        "input",
        "output",
        "cost_low",
        "cost_high",
    }
)
"""Parameters that hold a decimal as core's exact text ("2.69", "7.5"): money and the tax rate."""

SHORT_NUMBER = 10_000
_PLURAL = re.compile(r"\{(\w+)((?:\|[^{}|]*)+)\}")
_SPEC = re.compile(r"^(,)?(?:\.(\d+))?([df%]?)$")
log = logging.getLogger(__name__)


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


def _argument(name: str, value: Param) -> Param | _Number:
    if isinstance(value, Message):  # a cause inside the sentence: worded on its own
        return message_text(value)
    if isinstance(value, str):
        if name == "gpu":  # an offer: the memory in this language's unit
            from gui.presentation.names import offer_label

            return offer_label(value)
        if value in WORDS.get(name, ()):
            return QCoreApplication.translate(CONTEXT, value)
        if name in DECIMAL_PARAMS:
            return decimal_param(value)
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return _Number(value)
    return value


class PluralRule(QObject):
    """The plural rule of the interface language, as its Linguist source states it."""

    def form(self, n: int) -> int:
        """Which plural form ``n`` takes: 0, 1 or 2 in Russian (1 токен, 2 токена, 5 токенов)."""
        # Plural rules read the last digits; keep the number within Qt's 32-bit int.
        n = abs(n) % 1000 + 1000 if abs(n) >= 1000 else abs(n)
        text = self.tr("%n:form", "", n)
        number, _, form = text.rpartition(":")
        if form.isdigit() and number:
            return int(form)
        return 0 if n == 1 else 1  # no translation loaded: English


def plural_forms(text: str, params: Params) -> str:
    """``text`` with each ``{name|form|form|form}`` replaced by the form ``params[name]`` takes.

    A translation writes a counted noun so: ``{value:,} {value|токен|токена|токенов}``. The forms
    are in the order of the language's numerus forms in its .ts; a number with a fraction takes
    the form of 2 (2,5 токена; 2.5 tokens).
    """

    def form(match: re.Match[str]) -> str:
        value, forms = params[match[1]], match[2][1:].split("|")
        whole = isinstance(value, int) or (isinstance(value, float) and value.is_integer())
        index = PluralRule().form(int(value) if whole else 2)
        return forms[min(index, len(forms) - 1)]

    return _PLURAL.sub(form, text)


def translate(key: str, params: Params, english: str) -> str:
    """Template ``key`` translated and filled with ``params``, or ``english`` when it cannot be."""
    source = TEMPLATES.get(key)
    if source is None:
        return english
    translated = QCoreApplication.translate(CONTEXT, source)
    if translated == source:  # English, or not translated yet: core's own text
        if not any(isinstance(v, Message) for v in params.values()):
            return english
        # ... but a cause inside it may be translated (and "{path}: {reason}" needs no words).
        arguments: dict[str, Param | _Number] = {
            n: message_text(v) if isinstance(v, Message) else v for n, v in params.items()
        }
    else:
        arguments = {name: _argument(name, v) for name, v in params.items()}
    try:
        return plural_forms(translated, params).format(**arguments)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError) as error:
        # A snapshot saved without parameters, or a translation that names a wrong placeholder.
        log.debug("showing %r in English: %r", key, error)
        return english


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
    return translate(warning.key, warning.params, warning.message)


def assumption_texts(speed: SavedSpeed) -> list[str]:
    """The speed assumptions of a quote's snapshot (English when saved without their keys)."""
    return [translate(a.key, a.params, a.text) for a in speed.assumptions]


def line_label(item: LineItem) -> str:
    """The label of a price line; the compute line names the GPU by its display name."""
    key = f"price.{item.kind}"
    if item.kind == "compute" and "gpu" in item.params and key in TEMPLATES:
        from gui.presentation.names import gpu_name

        params = {**item.params, "gpu": gpu_name(str(item.params["gpu"]))}
        try:
            english = TEMPLATES[key].format(**{n: _argument(n, v) for n, v in params.items()})
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
