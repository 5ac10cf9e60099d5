"""Fit the speed model's constants on the calibration cases only.

``python -m tests.validation.speed_fit`` minimises the sum of absolute log errors (predicted ÷
measured; absolute rather than squared so that one odd row does not steer the fit) over the
calibration cases by a coarse-to-fine multiplicative grid search (no third-party solver), then
prints the constants and both sets' errors. The constants are written into
core/speed/training.py and core/speed/diffusion.py by hand, naming this script as their source;
tests/test_speed_training.py pins them and the errors they give.
"""

from __future__ import annotations

import math
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace

from core.speed.training import CONSTANTS, TrainingConstants
from tests.validation.speed_compare import (
    baseline_diffusion,
    baseline_training,
    model_diffusion,
    model_training,
)
from tests.validation.speed_training import DIFFUSION_SPEED, TRAINING_SPEED


def _loss(
    predict: Callable[[object], float], cases: Sequence[object], measured: Callable[[object], float]
) -> float:
    return sum(abs(math.log(predict(c) / measured(c))) for c in cases)


def _search(
    loss: Callable[[tuple[float, ...]], float], start: tuple[float, ...], rounds: int = 8
) -> tuple[float, ...]:
    """Coordinate-wise multiplicative grid search, narrowing the grid each round."""
    best = start
    spread = 10.0
    for _ in range(rounds):
        for i in range(len(best)):
            options = [best[i] * spread ** (k / 10) for k in range(-10, 11)]
            values = [(loss((*best[:i], o, *best[i + 1 :])), o) for o in options]
            best = (*best[:i], min(values)[1], *best[i + 1 :])
        spread = math.sqrt(spread)
    return best


def fit_training() -> TrainingConstants:
    """The training constants that fit the calibration cases best."""
    cal = [c for c in TRAINING_SPEED if c.split == "calibration"]

    def make(x: tuple[float, ...]) -> TrainingConstants:
        return replace(
            CONSTANTS,
            matmul_bf16=x[0],
            matmul_fp8=x[1],
            moe_seconds_per_route=x[2],
            expert_efficiency=x[3],
        )

    def loss(x: tuple[float, ...]) -> float:
        if x[0] > 1 or x[1] > 1 or x[3] > 1:
            return math.inf
        return _loss(lambda c: model_training(c, make(x)), cal, lambda c: c.tokens_per_s_per_gpu)  # type: ignore[attr-defined,arg-type]

    return make(_search(loss, (0.5, 0.4, 3e-7, 0.8)))


def fit_diffusion() -> tuple[float, float]:
    """(utilisation, seconds per step) that fit the calibration cases best."""
    cal = [c for c in DIFFUSION_SPEED if c.split == "calibration"]

    def loss(x: tuple[float, ...]) -> float:
        return _loss(
            lambda c: model_diffusion(c, utilisation=x[0], seconds_per_step=x[1]),  # type: ignore[arg-type]
            cal,
            lambda c: 1 / c.seconds_per_image,  # type: ignore[attr-defined]
        )

    u, t = _search(loss, (0.4, 0.01), rounds=8)
    return u, t


def _report(name: str, errors: list[float]) -> str:
    within = sum(abs(e) <= 0.25 for e in errors)
    return (
        f"{name}: {len(errors)} cases, {within} within ±25 %, median |error|"
        f" {statistics.median(abs(e) for e in errors):.1%}, worst {max(errors, key=abs):+.1%}"
    )


def main() -> int:
    """Print the old bound's errors, the fitted constants and the errors they give."""
    for split in ("calibration", "validation"):
        cases = [c for c in TRAINING_SPEED if c.split == split and not c.not_comparable]
        errs = [baseline_training(c) / c.tokens_per_s_per_gpu - 1 for c in cases]
        print(_report(f"before, training {split}", errs))
        dcases = [c for c in DIFFUSION_SPEED if c.split == split]
        print(
            _report(
                f"before, diffusion {split}",
                [baseline_diffusion(c) * c.seconds_per_image - 1 for c in dcases],
            )
        )
    tc = fit_training()
    print(tc)
    for split in ("calibration", "validation"):
        cases = [c for c in TRAINING_SPEED if c.split == split and not c.not_comparable]
        errs = [model_training(c, tc) / c.tokens_per_s_per_gpu - 1 for c in cases]
        print(_report(f"training {split}", errs))
    u, t = fit_diffusion()
    print(f"diffusion utilisation {u:.3f}, seconds per step {t:.4f}")
    for split in ("calibration", "validation"):
        errs = [
            model_diffusion(c, utilisation=u, seconds_per_step=t) * c.seconds_per_image - 1
            for c in DIFFUSION_SPEED
            if c.split == split
        ]
        print(_report(f"diffusion {split}", errs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
