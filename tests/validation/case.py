"""One published measurement and the request saying it (see :mod:`tests.validation.cases`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from tests.validation.sources import KNOWN_OUTSIDE, NOT_COMPARABLE

GIB = 1024**3
GB = 10**9
CONFIGS = Path(__file__).parent / "configs"

Measured = Literal[
    "weights",
    "torch_allocated",
    "torch_reserved",
    "activation_peak",
    "kv_cache_bytes",
    "denoiser_allocated",
    "kv_buffer",
    "compute_buffer",
]


@dataclass(frozen=True, eq=False)
class Case:
    """One published measurement and the request that expresses it."""

    id: str
    workload: Literal["inference", "training", "diffusion"]
    measured: Measured
    value_bytes: int
    as_published: str
    source: str  # a key of SOURCES
    setting: str
    request: dict[str, Any]
    gaps: tuple[str, ...] = ()
    band: float = 0.15
    notes: str = ""

    @property
    def known_outside(self) -> bool:
        """Whether the planner misses this case today (its test is expected to fail)."""
        return self.id in KNOWN_OUTSIDE

    @property
    def not_comparable(self) -> str:
        """Why the measurement holds more than its setting ('' when it is comparable)."""
        return NOT_COMPARABLE.get(self.id, "")

    @property
    def component(self) -> str:
        """The report's component column."""
        return {
            "weights": "weights",
            "torch_allocated": "total (allocated)",
            "torch_reserved": "total (reserved)",
            "activation_peak": "activations",
            "kv_cache_bytes": "kv cache",
            "denoiser_allocated": "denoiser pass",
            "kv_buffer": "kv buffer (llama.cpp)",
            "compute_buffer": "compute buffer (llama.cpp)",
        }[self.measured]


def cfg(name: str) -> dict[str, str]:
    return {"hf_config": str(CONFIGS / f"{name}.json")}


NF4_HEAD_GAP = (
    "LitGPT's bitsandbytes precision quantizes every nn.Linear including lm_head; the planner keeps"
    " lm_head in 16-bit (~0.2 GB more)",
)
