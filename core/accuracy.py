"""The accuracy band of an estimate, from the published validation (docs/ACCURACY.md).

Each workload's band is the worst error of the planner against the published measurements it can
express (``tests/validation/cases.py``), rounded up to a whole percent; ``tests/test_validation.py``
recomputes it from the cases and fails when these numbers no longer match. Settings the validation
lists as not expressible, or cases it still marks as missed, are outside this band.

An estimate is *tight* when it fits but its headroom is smaller than the band: the job may not fit
if the estimate errs by as much as it has erred on a published run.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# Worst |planner / measured − 1| over the expressible, in-band validation cases per workload.
ACCURACY_BANDS = {"inference": 0.10, "training": 0.08, "diffusion": 0.15}


@dataclass(frozen=True)
class AccuracyBand:
    """The ± fraction the memory total may be off by, and what it means for the fit."""

    fraction: float
    low_bytes: int
    high_bytes: int
    tight: bool

    def as_dict(self) -> dict[str, Any]:
        """The band as ``--json`` prints it."""
        return {
            "fraction": self.fraction,
            "low_bytes": self.low_bytes,
            "high_bytes": self.high_bytes,
            "tight": self.tight,
            "source": "docs/ACCURACY.md",
        }


def accuracy_band(workload: str, total_bytes: int, headroom_bytes: int) -> AccuracyBand:
    """The band of an estimate of ``total_bytes`` for ``workload`` with ``headroom_bytes`` left.

    Args:
        workload: inference, training or diffusion.
        total_bytes: The estimated memory per GPU.
        headroom_bytes: Usable memory minus the estimate (negative when it does not fit).
    """
    fraction = ACCURACY_BANDS[workload]
    margin = int(total_bytes * fraction)
    return AccuracyBand(
        fraction=fraction,
        low_bytes=total_bytes - margin,
        high_bytes=total_bytes + margin,
        tight=0 <= headroom_bytes < margin,
    )
