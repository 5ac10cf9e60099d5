"""Per-GPU memory broken into its components, and the findings (warnings) attached to a result."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

COMPONENTS = (
    "weights",
    "quantization_metadata",
    "kv_cache",
    "activations",
    "gradients",
    "optimizer_states",
    "runtime_overhead",
)

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
        """Name of the largest component (the one that binds when the GPU is too small)."""
        return max(COMPONENTS, key=lambda name: getattr(self, name))


@dataclass(frozen=True)
class Finding:
    """A compatibility warning or note, tied to the glossary term that explains it."""

    code: str
    severity: Severity
    glossary_term: str
    message: str

    def as_dict(self) -> dict[str, str]:
        """The finding as the JSON object the command line prints."""
        return {
            "code": self.code,
            "severity": self.severity,
            "glossary_term": self.glossary_term,
            "message": self.message,
        }


DISCLAIMER = Finding(
    code="disclaimer",
    severity="info",
    glossary_term="disclaimer",
    message=(
        "The definitions explain concepts; they do not guarantee that a specific workload, library "
        "version or topology is supported by an AnchorGPU allocation."
    ),
)
