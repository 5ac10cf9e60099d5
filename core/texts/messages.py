"""Messages core gives a user, as a stable key, an English template and parameters.

Warnings, price line labels, planner reasons and the common input errors are built here: the
English text is ``TEMPLATES[key].format(**params)``, exactly what the command line prints. The key
and the parameters travel with the text (in :class:`Message`, and as ``params`` in the JSON of a
finding or a price line), so that a front end can word the same message in another language
(``gui/core_text.py`` does it for Russian) without core knowing about translation.

Parameters are strings or numbers; numbers keep their format spec in the template (``{need:.1f}``)
so a translation can show them with the reader's decimal separator. A parameter listed in
:data:`WORDS` holds one of a few fixed English words that a translation replaces as well. A
parameter may itself be a :class:`Message` (the cause inside an error's sentence), which a
translation words in turn. Errors core raises for a user carry a :class:`Message` too; their
templates are in :mod:`core.texts.error_texts` and :mod:`core.texts.store_texts`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.texts.error_texts import ERROR_TEMPLATES
from core.texts.message_texts import TEMPLATES as _MESSAGE_TEMPLATES
from core.texts.message_texts import WORDS as _MESSAGE_WORDS
from core.texts.store_texts import STORE_TEMPLATES, STORE_WORDS
from core.texts.traffic_texts import TRAFFIC_TEMPLATES, TRAFFIC_WORDS

Param = str | int | float
Params = Mapping[str, Param]

__all__ = [
    "TEMPLATES",
    "WORDS",
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
WORDS: dict[str, tuple[str, ...]] = {**_MESSAGE_WORDS, **STORE_WORDS, **TRAFFIC_WORDS}
"""Parameters whose value is one of a few fixed English words, which a translation replaces too."""

LARGER_DECODE, LARGER_DENOISE = WORDS["larger"]
(UNNAMED_QUANTIZATION,) = WORDS["method"]


def finding_key(code: str, variant: str = "") -> str:
    """The template key of a finding: its code, or ``code.variant`` for one of its wordings."""
    return f"{code}.{variant}" if variant else code


def render(key: str, params: Params) -> str:
    """The English text of template ``key`` with ``params``."""
    return TEMPLATES[key].format(**params)


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
