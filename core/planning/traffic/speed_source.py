"""The one place the traffic search asks how fast a layout serves or trains.

The search (:mod:`core.planning.traffic.search`) sees speed only through the small protocols here:

- :class:`ServingSource`: for a layout (an offer, its GPUs, the tensor-parallel degree, and the
  memory estimate that found it fits) and an operating point (input and output tokens,
  concurrency per replica) it gives a :class:`ServingPoint`: time to first token, time per output
  token, tokens/s per user, output tokens/s per GPU, requests/s per replica, and the band;
- :class:`TrainingSource`: for a training estimate, the tokens/s the layout trains and the band.

:class:`RooflineServing` and :class:`RooflineTraining` are the bounds of
:mod:`core.capacity.throughput`; their figures are bounds (real engines are slower), so their band
is unknown (``band is None``) and every result says so. The calibrated step model is the same
protocol in :mod:`core.planning.traffic.speed_model_source`, whose :func:`default_serving` is it
for serving; the roofline stays for comparison and for training, whose calibrated speed
(:mod:`core.speed.training`) the estimate's tokens per second already carry.

The roofline of one replica at concurrency ``c`` in steady state (chunked prefill interleaved with
decode, the regime of a loaded server; SPEED.md "Regimes"):

- a step decodes ``c`` tokens and prefills, on average, ``c·input÷output`` prompt tokens;
- its time is the larger of reading each GPU's weights and the ``c`` caches (at the average
  context, input + output÷2) at the full memory bandwidth, and its FLOPs (2·N_active per token)
  at the estimate's prefill rate (the request's MFU of the format's peak,
  :mod:`core.capacity.throughput`); that step time is the time per output token;
- time to first token is the prompt's prefill at that rate plus the step in flight it waits for;
  queueing behind other prompts is not modelled (the bound is optimistic there too);
- a request is in the system for TTFT + (output − 1) × TPOT, so by Little's law the replica
  completes ``c ÷ that`` requests per second.

Decode reads every weight a GPU holds (a mixture-of-experts model's untouched experts too), so for
such models the memory term is pessimistic while the bandwidth is optimistic; the band says so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

from core.capacity.throughput import prefill_tokens_per_second
from core.domain.catalog import GpuOffer
from core.estimate.dispatch import language_model_of
from core.estimate.results import EstimateResult
from core.estimate.serving import prefill_precision
from core.texts.messages import Message

if TYPE_CHECKING:
    from core.domain.request import PlanRequest
    from core.model.models import ResolvedModel

SourceKind = Literal["roofline", "speed-model"]


@dataclass(frozen=True)
class ServingLayout:
    """One replica's layout: the offer, its tensor-parallel degree and its fitting estimate.

    ``estimate`` is the memory estimate of one replica (``tp`` GPUs) at the profile's longest
    request (p90 input + p90 output tokens of context), one sequence at a time.
    """

    gpu: GpuOffer
    tp: int
    estimate: EstimateResult
    request: PlanRequest
    model: ResolvedModel
    dp: int = 1  # data-parallel attention ranks sharing one expert-parallel group
    expert_parallel: bool = False  # experts split whole over tp × dp GPUs (vLLM)

    @property
    def gpus(self) -> int:
        """GPUs of one replica."""
        return self.tp * self.dp

    @property
    def name(self) -> str:
        """The layout in a few characters: "TP 8", or "TP 2 × DP 4, EP 8" when expert-parallel."""
        if not self.expert_parallel:
            return f"TP {self.tp}"
        return f"TP {self.tp} × DP {self.dp}, EP {self.gpus}"


@dataclass(frozen=True)
class OperatingPoint:
    """The tokens of a request and the requests one replica runs at once."""

    input_tokens: int
    output_tokens: int
    concurrency: float


@dataclass(frozen=True)
class ServingPoint:
    """How one replica serves at an operating point."""

    ttft_s: float  # time to first token
    tpot_s: float  # time per output token
    requests_per_s: float  # one replica, by Little's law
    tokens_per_s_per_gpu: float  # output tokens/s of the replica over its GPUs
    band: float | None  # the factor (≥ 1) the figures may be off by either way; None: unknown
    kind: SourceKind

    @property
    def tokens_per_s_per_user(self) -> float:
        """Output tokens per second one request sees while it streams."""
        return 1.0 / self.tpot_s

    @property
    def band_low_high(self) -> tuple[float, float] | None:
        """The factors the speed may lie between (None when the band is unknown)."""
        if self.band is None:
            return None
        return (1.0 / self.band, self.band)


class ServingSource(Protocol):
    """Anything that tells how fast a layout serves."""

    kind: SourceKind

    def at(self, layout: ServingLayout, point: OperatingPoint) -> ServingPoint:
        """The speed of ``layout`` at ``point``."""
        ...

    def note(self, request: PlanRequest) -> str:
        """A keyed message saying what the figures rest on and their band."""
        ...


@dataclass(frozen=True)
class RooflineFigures:
    """The figures of a layout the roofline reads, taken from its memory estimate once."""

    bandwidth: float  # bytes/s of one GPU
    weights: float  # bytes each GPU reads per step for the weights
    kv_per_token: float  # cache bytes per token of context on each GPU
    compute: float  # tokens/s the replica's matmuls run at (2·N_active FLOPs a token)
    tp: int  # GPUs of the replica


def roofline_figures(layout: ServingLayout) -> RooflineFigures:
    """A layout's bandwidth, weight and cache bytes per GPU, and matmul rate."""
    est = layout.estimate
    context = max(est.request.inference.context_tokens, 1)
    per_sequence = est.details.get("kv_cache_bytes_per_sequence") or 0
    return RooflineFigures(
        bandwidth=layout.gpu.memory_bandwidth_gbps * 1e9,
        weights=float(est.memory.weights + est.memory.quantization_metadata),
        # Under expert parallelism a GPU reads only its data-parallel rank's share of the caches.
        kv_per_token=per_sequence / context / layout.dp,
        compute=_matmul_rate(layout),
        tp=layout.gpus,
    )


def _matmul_rate(layout: ServingLayout) -> float:
    """Tokens/s the replica's matmuls run at: 2·N_active FLOPs a token at the request's MFU.

    The precision is the one the estimate's prefill bound uses (the weights' format where the GPU
    runs it natively, :func:`core.estimate.serving.prefill_precision`).
    """
    request = layout.request
    arch = language_model_of(layout.model)
    precision = prefill_precision(request, arch, layout.gpu)
    active = max(arch.params_active, 1)
    return prefill_tokens_per_second(
        layout.gpu, layout.gpus, active, request.training.mfu, precision
    )


class RooflineServing:
    """Serving speed at the bounds of :mod:`core.capacity.throughput`, for comparison."""

    kind: SourceKind = "roofline"

    def __init__(
        self, figures: Callable[[ServingLayout], RooflineFigures] = roofline_figures
    ) -> None:
        self._figures = figures
        self._known: dict[int, tuple[ServingLayout, RooflineFigures]] = {}

    def _of(self, layout: ServingLayout) -> RooflineFigures:
        # Keyed by identity, the layout kept alongside so that its id is never reused meanwhile.
        found = self._known.get(id(layout))
        if found is None:
            found = self._known[id(layout)] = (layout, self._figures(layout))
        return found[1]

    def at(self, layout: ServingLayout, point: OperatingPoint) -> ServingPoint:
        """The roofline of ``layout`` at ``point`` (see the module's docstring)."""
        r = self._of(layout)
        c, isl, osl = point.concurrency, point.input_tokens, point.output_tokens
        context = isl + osl / 2.0
        memory = (r.weights + c * r.kv_per_token * context) / r.bandwidth
        compute = c * (1.0 + isl / osl) / r.compute if r.compute > 0 else float("inf")
        tpot = max(memory, compute)
        prefill = isl / r.compute if r.compute > 0 else float("inf")
        ttft = prefill + tpot
        in_system = ttft + (osl - 1) * tpot
        requests = c / in_system
        return ServingPoint(
            ttft_s=ttft,
            tpot_s=tpot,
            requests_per_s=requests,
            tokens_per_s_per_gpu=requests * osl / r.tp,
            band=None,
            kind=self.kind,
        )

    def note(self, request: PlanRequest) -> str:
        """Says the figures are bounds with an unknown band."""
        return Message("traffic.roofline", mfu=request.training.mfu)


class TrainingSource(Protocol):
    """Anything that tells how fast a layout trains."""

    kind: SourceKind

    def tokens_per_s(self, estimate: EstimateResult) -> float | None:
        """Tokens per second the layout of ``estimate`` trains (None when it does not)."""
        ...

    def band(self, estimate: EstimateResult) -> float | None:
        """Relative half-width (×) of that speed; None: unknown."""
        ...


class RooflineTraining:
    """Training speed of the estimate: k·N_active FLOPs a token at the request's MFU of the peak.

    That is :func:`core.capacity.throughput.training_tokens_per_second`, which the training estimate
    carries; the MFU (0.4 by default) is an assumption, not a calibration, so the band is unknown.
    """

    kind: SourceKind = "roofline"

    def tokens_per_s(self, estimate: EstimateResult) -> float | None:
        """The estimate's training tokens per second."""
        return estimate.throughput.training_tokens_per_s

    def band(self, estimate: EstimateResult) -> float | None:
        """Unknown: the MFU is assumed."""
        return None


class CalibratedTraining:
    """Training speed of the estimate from the model calibrated on published runs.

    The training estimate carries it (:mod:`core.speed.training`): its tokens per second and its
    relative band ``speed_band`` (the run within ÷ (1 ± band) of its time), reported here as the
    factor 1 + band. A request that states its own MFU gets the bound instead, without a band.
    """

    kind: SourceKind = "speed-model"

    def tokens_per_s(self, estimate: EstimateResult) -> float | None:
        """The estimate's training tokens per second."""
        return estimate.throughput.training_tokens_per_s

    def band(self, estimate: EstimateResult) -> float | None:
        """1 + the speed's relative band; None where the estimate has no band (its own MFU)."""
        band = estimate.throughput.speed_band
        return None if band is None else 1.0 + band


def default_training() -> TrainingSource:
    """The training speed the search uses: the estimate's, calibrated on published runs."""
    return CalibratedTraining()
