"""Decoding a model's ``config.json``, where ``NaN`` and ``Infinity`` are published values.

transformers writes its configs with ``json.dumps``, which spells a float infinity ``Infinity``
(Mamba-2 configs carry ``"time_step_limit": [0.0, Infinity]``: NVIDIA's Nemotron-H and Nemotron 3
Super publish theirs so). Every other file the planner reads refuses these constants
(:mod:`core.base.safe_json`); a config keeps them as :class:`~core.base.safe_json.NonFinite`
markers, in objects that refuse to hand one out:

- a field the planner never reads may hold one (the model loads as it would without it);
- reading a field that holds one (``config.get("hidden_size")``, ``config["tie_word_embeddings"]``)
  raises :class:`~core.base.errors.ModelSourceError` naming the field, whatever the field's kind;
- so does reading or iterating over an item of a list that holds one
  (``quantization_config.weight_block_size[1]``); a marker that still reached a counter would
  fail its number check (``isinstance(value, int)``), which names the field too.

The decoded config never leaves :func:`core.model.model_config.architecture_from_config`: the
planner saves, hashes and exports the request (which names the file) and the counts, never the
config.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NoReturn

from core.base.errors import ModelSourceError
from core.base.safe_json import NonFinite, loads_json
from core.texts.messages import Message


def _refuse(name: str, value: NonFinite) -> NoReturn:
    raise ModelSourceError(Message("error.config_not_finite", name=name, value=value.text))


class ConfigObject(dict[str, Any]):
    """A JSON object of a config; reading a field that holds ``NaN`` or ``Infinity`` refuses it.

    ``where`` is the object's place in the file (``"text_config."``), so a message names the
    field as the file spells it (``text_config.hidden_size``).
    """

    where = ""

    def _checked(self, key: str, value: Any) -> Any:
        if isinstance(value, NonFinite):
            _refuse(f"{self.where}{key}", value)
        return value

    def __getitem__(self, key: str) -> Any:
        return self._checked(key, super().__getitem__(key))

    def get(self, key: str, default: Any = None) -> Any:
        """The field's value, ``default`` when absent; a ``NaN`` or ``Infinity`` is refused."""
        return self._checked(key, super().get(key, default))

    def copy(self) -> ConfigObject:
        """A shallow copy that keeps its place in the file."""
        copied = ConfigObject(self)
        copied.where = self.where
        return copied


class ConfigList(list[Any]):
    """A JSON array of a config; reading an item that holds ``NaN`` or ``Infinity`` refuses it.

    ``where`` is the array's name in the file (``"quantization_config.weight_block_size"``).
    """

    where = ""

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        value = super().__getitem__(index)
        if isinstance(value, NonFinite):
            _refuse(f"{self.where}[{range(len(self))[index]}]", value)
        return value

    def __iter__(self) -> Iterator[Any]:
        for i, value in enumerate(super().__iter__()):
            if isinstance(value, NonFinite):
                _refuse(f"{self.where}[{i}]", value)
            yield value


def _place(value: Any, name: str) -> Any:
    """``value`` with its arrays made :class:`ConfigList`, every object and array named.

    Recursive: :func:`~core.base.safe_json.loads_json` has already refused nesting past its limit.
    """
    if isinstance(value, ConfigObject):
        value.where = f"{name}." if name else ""
        for key, child in dict.items(value):
            dict.__setitem__(value, key, _place(child, f"{value.where}{key}"))
        return value
    if type(value) is list:
        array = ConfigList(_place(child, f"{name}[{i}]") for i, child in enumerate(value))
        array.where = name
        return array
    return value


def loads_config(text: str, *, source: str) -> Any:
    """Decode a config's JSON text with :func:`core.base.safe_json.loads_json`'s limits.

    Objects decode to :class:`ConfigObject`, ``NaN``/``Infinity`` to markers (module docstring).

    Raises:
        json.JSONDecodeError: The text is not JSON.
        ModelSourceError: Any other refusal of :mod:`core.base.safe_json`.
    """
    data = loads_json(
        text,
        source=source,
        error=ModelSourceError,
        object_pairs_hook=ConfigObject,
        non_finite="mark",
    )
    return _place(data, "")
