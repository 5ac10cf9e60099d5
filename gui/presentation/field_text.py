"""How a refused value is put to a user: plain words instead of the validator's, fields by label.

Core keys every refusal (``core.texts.messages.Message``); for pydantic's own error types and the
model-source rule the interface words the reason itself, in English and Russian, so text such as
"Input should be a valid integer, unable to parse string as an integer" never reaches a user.
A field is named by the label its form shows (each form row registers it), never by its request
path ("inference.context_tokens").
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QLocale

from gui.presentation.formats import count
from gui.translation import text_by_id

CONTEXT = "FieldText"
WORDING = {
    "pydantic.greater_than_equal": "enter {ge} or more",
    "pydantic.greater_than": "enter more than {gt}",
    "pydantic.less_than_equal": "enter {le} or less",
    "pydantic.less_than": "enter less than {lt}",
    "pydantic.int_parsing": "enter a whole number, e.g. 8192",
    "pydantic.int_type": "enter a whole number, e.g. 8192",
    "pydantic.int_from_float": "enter a whole number, without a fraction",
    "pydantic.float_parsing": "enter a number, e.g. 0.9",
    "pydantic.float_type": "enter a number, e.g. 0.9",
    "pydantic.string_type": "enter text",
    "pydantic.bool_parsing": "choose yes or no",
    "request.one_source": (
        "choose one model source: a preset, a config.json, a safetensors file, a GGUF file "
        "or your own sizes"
    ),
    "request.one_source_got": (
        "choose one model source: a preset, a config.json, a safetensors file, a GGUF file "
        "or your own sizes"
    ),
}
_LABELS: dict[str, str] = {}


def _shown(value: object) -> object:
    """Numbers with the locale's separators ("10,000,000", "10 000 000", "0,9")."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value
    if isinstance(value, int) or float(value).is_integer():
        return count(int(value))
    return QLocale().toString(float(value), "g", 6)


def worded(key: str, params: Mapping[str, object]) -> str | None:
    """The interface's own wording of refusal ``key`` with ``params``, or None to use core's."""
    source = WORDING.get(key)
    if source is None:
        return None
    text = text_by_id(f"{CONTEXT}.{key}", source)
    try:
        return text.format(**{name: _shown(value) for name, value in params.items()})
    except (KeyError, IndexError, ValueError):
        return None


def register_label(path: str, label: str) -> None:
    """Remember the label a form shows for request path ``path`` (in the current language)."""
    _LABELS[path] = label.replace("&", "").strip().rstrip(":").strip()


def field_label(path: str) -> str:
    """The label users see for ``path``; for a path no form shows, its last part in words."""
    if path in _LABELS:
        return _LABELS[path]
    parent = path.rsplit(".", 1)[0] if "." in path else ""
    if parent in _LABELS:
        return _LABELS[parent]
    return path.rsplit(".", 1)[-1].replace("_", " ")
