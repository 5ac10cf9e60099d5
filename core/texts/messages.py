"""Messages core gives a user, as a stable key, an English template and parameters.

Warnings, price line labels, planner reasons and the common input errors are built here: the
English text is ``TEMPLATES[key]`` filled with ``params`` (:data:`FORMATTER`), exactly what the
command line prints. The key and the parameters travel with the text (in :class:`Message`, and as
``params`` in the JSON of a finding or a price line), so that a front end can word the same
message in another language (``gui/core_text.py`` does it for Russian, by the key) without core
knowing about translation.

Parameters are strings or numbers; numbers keep their format spec in the template (``{need:.1f}``)
so a translation can show them with the reader's decimal separator. The parameter says what it
is: a decimal passed as text is ``{name!d}`` in the template (money, a tax rate), a fixed English
word is a :class:`~core.texts.words.Word` that carries its own id, and a parameter may itself be
a :class:`Message` (the cause inside an error's sentence), which a translation words in turn.
Errors core raises for a user carry a :class:`Message` too; their templates are in
:mod:`core.texts.error_texts` and :mod:`core.texts.store_texts`.
"""

from __future__ import annotations

import functools
import string
from collections.abc import Mapping
from typing import Any

from core.texts.error_texts import ERROR_TEMPLATES
from core.texts.message_texts import TEMPLATES as _MESSAGE_TEMPLATES
from core.texts.store_texts import STORE_TEMPLATES
from core.texts.traffic_texts import TRAFFIC_TEMPLATES

Param = str | int | float
Params = Mapping[str, Param]

__all__ = [
    "FORMATTER",
    "TEMPLATES",
    "Message",
    "Param",
    "Params",
    "cause",
    "finding_key",
    "render",
    "validation_message",
]

TEMPLATES: dict[str, str] = {
    **_MESSAGE_TEMPLATES,
    **ERROR_TEMPLATES,
    **STORE_TEMPLATES,
    **TRAFFIC_TEMPLATES,
}
"""Every English template by key: messages, then errors."""


class TemplateFormatter(string.Formatter):
    """``str.format`` that knows the conversion ``!d``: a decimal passed as text, shown as it is.

    A front end formats the same templates and translations with this, and shows a ``!d``
    parameter with the reader's separators instead.
    """

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        """``!d`` keeps the value; the others are ``str.format``'s own."""
        if conversion == "d":
            return value
        return super().convert_field(value, conversion)


FORMATTER = TemplateFormatter()
"""Fills a template with its parameters."""


def decimal_names(template: str) -> frozenset[str]:
    """The parameters ``template`` marks as decimals passed as text (``{total!d}``)."""
    return frozenset(name for _, name, _, kind in FORMATTER.parse(template) if name and kind == "d")


def finding_key(code: str, variant: str = "") -> str:
    """The template key of a finding: its code, or ``code.variant`` for one of its wordings."""
    return f"{code}.{variant}" if variant else code


@functools.cache
def _parsed(template: str) -> tuple[tuple[str, str | None, str, str | None], ...] | None:
    """``template`` split into its literal text and named fields, once.

    None for the rare template whose format specs nest fields, or whose fields are positional:
    those are left to the formatter's own recursion.
    """
    parts = tuple(
        (literal, name, spec or "", conversion)
        for literal, name, spec, conversion in FORMATTER.parse(template)
    )
    if any(
        name is not None and (not name or name.isdigit() or "{" in spec)
        for _, name, spec, _ in parts
    ):
        return None
    return parts


def render(key: str, params: Params) -> str:
    """The English text of template ``key`` with ``params``.

    The same text ``FORMATTER.format`` gives, without parsing the template again on every call
    (a plan builds a thousand and more messages).
    """
    template = TEMPLATES[key]
    parts = _parsed(template)
    if parts is None:
        return FORMATTER.format(template, **params)
    out: list[str] = []
    for literal, name, spec, conversion in parts:
        out.append(literal)
        if name is not None:
            value, _ = FORMATTER.get_field(name, (), params)
            value = FORMATTER.convert_field(value, conversion)
            out.append(FORMATTER.format_field(value, spec))
    return "".join(out)


def _rebuild(text: str, key: str, params: dict[str, Param]) -> Message:
    return Message.wrap(text, key, params)


class Message(str):
    """English text that remembers the template key and parameters it was made from.

    It is a ``str``, so everything that prints, joins or searches texts keeps working; a front end
    that translates reads :attr:`key` and :attr:`params`.
    """

    key: str
    params: Mapping[str, Param]

    def __new__(cls, key: str, /, **params: Param) -> Message:
        """Render template ``key`` with ``params``."""
        return cls.wrap(render(key, params), key, params)

    @classmethod
    def wrap(cls, text: str, key: str, params: Params) -> Message:
        """``text`` as the English of template ``key``, worded elsewhere (e.g. by pydantic)."""
        message = str.__new__(cls, text)
        message.key = key
        message.params = dict(params)
        return message

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (str(self), self.key, dict(self.params)))


def validation_message(error: Mapping[str, Any]) -> str:
    """The message of one pydantic error (an item of ``ValidationError.errors()``).

    A validator of core raises ``ValueError(Message(...))``, which is returned as it is; pydantic's
    own wording keeps its text under the key of its error type (``pydantic.int_parsing``). An
    error type without a template gives pydantic's text alone.
    """
    kind = str(error["type"])
    context = error.get("ctx") or {}
    reason = context.get("error")
    if kind == "missing":
        return Message("request.missing")
    if kind == "extra_forbidden":
        return Message("request.extra")
    if isinstance(reason, ValueError) and reason.args and isinstance(reason.args[0], Message):
        return reason.args[0]
    text = str(error["msg"]).removeprefix("Value error, ")
    if f"pydantic.{kind}" in TEMPLATES:
        params = {k: v for k, v in context.items() if isinstance(v, str | int | float)}
        return Message.wrap(text, f"pydantic.{kind}", params)
    return text


def cause(error: BaseException) -> str:
    """The message ``error`` was raised with: its :class:`Message` when it has one, else its text.

    Internal exceptions (a refused header, a ``ValueError`` of a validator) carry a Message, which
    the error a user sees keeps as a parameter so the GUI can word it too.
    """
    first = error.args[0] if error.args else None
    return first if isinstance(first, Message) else str(error)
