"""Serving speed from the calibrated step model (:mod:`core.speed`), behind the same protocol.

The step model answers an operating point with its steady-state cycle (chunked prefill beside
decode, a prompt's time to first token among the other slots) and a band from its calibration
residuals, widened where the engine, GPU or format has no calibration point. Its interface, as
this adapter uses it: ``core.speed.phases.phase_speed(arch, gpu, gpus=, tp=, weight_bytes=,
kv_bytes=, matmul=, engine=, input_tokens=, output_tokens=, concurrency=)`` returning the time to
first token, time per output token, output tokens/s and requests/s of the layout, and ``band``
(each figure within × or ÷ (1 + band)); :mod:`core.estimate.serving_speed` names the request's
bytes per weight and per cached element and the matmul precision.

The traffic search takes its serving speed from here (:func:`default_serving`); the roofline of
:mod:`core.planning.traffic.speed_source` stays beside it for comparison.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.estimate import serving_speed
from core.estimate.dispatch import language_model_of, served_model
from core.estimate.serving import prefill_precision
from core.planning.traffic.speed_source import (
    OperatingPoint,
    ServingLayout,
    ServingPoint,
    ServingSource,
    SourceKind,
)
from core.speed.phases import phase_speed
from core.texts.messages import Message

if TYPE_CHECKING:
    from core.domain.request import PlanRequest


class SpeedModelServing:
    """Serving speed at an operating point from the step model, with its band."""

    kind: SourceKind = "speed-model"

    def __init__(self) -> None:
        self._known: dict[int, tuple[ServingLayout, dict[str, Any]]] = {}
        # The search asks some points twice (a bisection's last step, the point at c*): each is
        # evaluated once, keyed by the layout's identity (held in _known) and the point.
        self._points: dict[tuple[int, OperatingPoint], ServingPoint] = {}
        self._last_band = 0.0

    def _inputs(self, layout: ServingLayout) -> dict[str, Any]:
        """What the step model needs of ``layout`` beside the operating point (once per layout)."""
        found = self._known.get(id(layout))
        if found is None:
            request = layout.request
            arch = served_model(request, language_model_of(layout.model))
            inputs = {
                "arch": arch,
                "gpu": layout.gpu,
                "gpus": layout.gpus,
                "tp": layout.tp,
                "expert_ranks": layout.dp if layout.expert_parallel else 0,
                "weight_bytes": serving_speed.weight_bytes_per_param(request, arch),
                "kv_bytes": serving_speed.KV_ELEMENT_BYTES[request.precision.kv_cache],
                "matmul": serving_speed.MATMUL[prefill_precision(request, arch, layout.gpu)],
                "engine": request.inference.engine,
            }
            found = self._known[id(layout)] = (layout, inputs)
        return found[1]

    def at(self, layout: ServingLayout, point: OperatingPoint) -> ServingPoint:
        """The step model's speed of ``layout`` at ``point``."""
        key = (id(layout), point)
        known = self._points.get(key)
        if known is not None:
            return known
        inputs = dict(self._inputs(layout))
        arch, gpu = inputs.pop("arch"), inputs.pop("gpu")
        speed = phase_speed(
            arch,
            gpu,
            **inputs,
            input_tokens=point.input_tokens,
            output_tokens=point.output_tokens,
            concurrency=point.concurrency,
        )
        self._last_band = max(self._last_band, float(speed.band))
        found = self._points[key] = ServingPoint(
            ttft_s=float(speed.ttft_s),
            tpot_s=float(speed.tpot_s),
            requests_per_s=float(speed.requests_per_s),
            tokens_per_s_per_gpu=float(speed.output_tokens_per_s) / layout.gpus,
            band=1.0 + float(speed.band),
            kind=self.kind,
        )
        return found

    def note(self, request: PlanRequest) -> str:
        """The figures' source and the widest band among the points answered so far."""
        return Message("traffic.speed_model", band=1.0 + self._last_band)


def default_serving() -> ServingSource:
    """The serving speed the search uses: the calibrated step model (:mod:`core.speed`)."""
    return SpeedModelServing()
