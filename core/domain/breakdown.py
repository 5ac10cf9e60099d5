"""Per-GPU memory broken into its components, and the findings (warnings) attached to a result."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Literal

from core.texts.messages import Message, Param, finding_key

COMPONENTS = (
    "weights",
    "quantization_metadata",
    "kv_cache",
    "activations",
    "gradients",
    "optimizer_states",
    "runtime_overhead",
)
_SIZES = attrgetter(*COMPONENTS)  # a breakdown's sizes, in COMPONENTS order

Severity = Literal["info", "warning", "blocker"]


@dataclass(frozen=True)
class MemoryBreakdown:
    """Bytes one GPU holds at its peak, component by component (integers, never rounded)."""

    weights: int = 0
    quantization_metadata: int = 0
    kv_cache: int = 0
    activations: int = 0
    gradients: int = 0
    optimizer_states: int = 0
    runtime_overhead: int = 0

    @property
    def total(self) -> int:
        """Sum of all components."""
        return (
            self.weights
            + self.quantization_metadata
            + self.kv_cache
            + self.activations
            + self.gradients
            + self.optimizer_states
            + self.runtime_overhead
        )

    def as_dict(self) -> dict[str, int]:
        """Components and ``total`` as a plain dict of integer bytes."""
        data = {name: int(getattr(self, name)) for name in COMPONENTS}
        data["total"] = self.total
        return data

    def largest(self) -> str:
        """Name of the largest component (the one that binds when the GPU is too small).

        The first in :data:`COMPONENTS` order when several are equal.
        """
        sizes = _SIZES(self)
        return COMPONENTS[sizes.index(max(sizes))]


@dataclass(frozen=True)
class Finding:
    """A compatibility warning or note, tied to the glossary term that explains it.

    ``message`` is the English text; it is the template ``code`` (or ``code.variant``) of
    :mod:`core.texts.messages` filled with ``params``, which lets a front end translate it.
    """

    code: str
    severity: Severity
    glossary_term: str
    message: str
    params: Mapping[str, Param] = field(default_factory=dict, hash=False)
    variant: str = ""

    @classmethod
    def of(
        cls,
        code: str,
        severity: Severity,
        glossary_term: str,
        *,
        variant: str = "",
        **params: Param,
    ) -> Finding:
        """The finding whose message is template ``code`` (``code.variant``) with ``params``."""
        message = Message(finding_key(code, variant), **params)
        return cls(code, severity, glossary_term, message, message.params, variant)

    @classmethod
    def from_note(cls, note: str, severity: Severity, glossary_term: str, code: str) -> Finding:
        """A finding that carries a model's note; a :class:`Message` note keeps its template."""
        if isinstance(note, Message):
            note_code, _, variant = note.key.partition(".")
            return cls(note_code, severity, glossary_term, note, note.params, variant)
        return cls(code, severity, glossary_term, note)

    @property
    def template_key(self) -> str:
        """The key of the message's template in :mod:`core.texts.messages`."""
        return finding_key(self.code, self.variant)

    def as_dict(self) -> dict[str, Any]:
        """The finding as the JSON object the command line prints (``variant`` only when set)."""
        data: dict[str, Any] = {
            "code": self.code,
            "severity": self.severity,
            "glossary_term": self.glossary_term,
            "message": str(self.message),
            "params": dict(self.params),
        }
        if self.variant:
            data["variant"] = self.variant
        return data


DISCLAIMER = Finding.of("disclaimer", "info", "disclaimer")
