"""One engine step of a mixture-of-experts model served expert-parallel (vLLM).

The layout (:mod:`core.capacity.expert_parallel` has the sources): ``dp`` data-parallel ranks of
``tp`` GPUs each; attention, shared experts, dense layers and the LM head are tensor-parallel over
``tp`` within a rank, and every one of the ``ep = tp·dp`` GPUs holds ``⌈E ÷ ep⌉`` whole experts.
A replica's ``B`` sequences are spread over its ranks, ``B ÷ dp`` each. One step, on the fullest
GPU (the ranks wait for each other at every MoE layer, so the slowest sets the pace):

- weights: its share of the dense weights (``÷ tp``) and its whole experts, of which the step
  touches a fraction ``1 − (1 − k/E)^T`` for the replica's ``T`` tokens (uniform routing, as in
  :mod:`core.speed.step`);
- matmuls: the dense FLOPs of its rank's ``T ÷ dp`` tokens ``÷ tp``, and the experts' FLOPs of
  the routes that land on its experts, ``⌈E ÷ ep⌉ ÷ E`` of all ``k·T``, with their part-empty
  tiles and at the grouped GEMMs' rate (:func:`core.speed.hardware.expert_flops`);
- cache, attention and the fixed times: its rank's own step, the rank's sequences at tensor
  parallelism ``tp`` (:func:`adjust` takes that step and replaces the rest);
- activations: the engine's passes over its rank's tokens, and the measured time of each route
  its experts receive (:func:`core.speed.hardware.route_time`);
- communication, per layer: the attention all-reduce over ``tp`` (when ``tp > 1``); after the
  experts, with ``dp = 1`` the same all-reduce as tensor parallelism (vLLM runs no all-to-all then:
  ``FusedMoEParallelConfig.use_all2all_kernels`` needs ``dp > 1``), with ``dp > 1`` vLLM's default
  ``allgather_reducescatter`` backend: the replica's tokens gathered over the ``dp`` ranks
  (dispatch) and the experts' outputs reduce-scattered back (combine), each a latency plus
  ``(dp − 1)/dp`` of all tokens' 16-bit hidden states over the link, then the all-reduce over
  ``tp`` of the rank's tokens;

No published measurement of expert-parallel serving is in the calibration set, so a step here
carries the engine's fitted shares and a band widened by :func:`widened`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.speed.hardware import expert_flops, link_of, matmul_peak, route_time
from core.speed.shape import ModelShape

if TYPE_CHECKING:
    from core.speed.step import EngineProfile, Layout, StepTime

# What a layout lacks calibration for when it is expert-parallel (beside engine, gpu, format).
UNCALIBRATED = "expert-parallel"


@dataclass(frozen=True)
class ExpertSplit:
    """Expert parallelism of a replica: ``dp`` data-parallel ranks of the layout's ``tp`` GPUs."""

    dp: int = 1


def _all_reduce(latency: float, gbps: float, ranks: int, message: float) -> float:
    """One ring all-reduce of ``message`` bytes over ``ranks`` GPUs, seconds."""
    if ranks <= 1:
        return 0.0
    return latency + 2.0 * (ranks - 1) / ranks * message / gbps


def weight_bytes(shape: ModelShape, layout: Layout, tokens: float) -> float:
    """Bytes the fullest GPU reads for the weights in a step of the replica's ``tokens``.

    Its share of the dense weights (``÷ tp``, 16-bit head, norms and routers) and of its whole
    experts the fraction ``1 − (1 − k/E)^T`` the step touches (uniform routing).
    """
    assert layout.experts is not None
    ep = shape.tp * max(layout.experts.dp, 1)
    experts, k = max(shape.experts, 1), shape.experts_per_token
    held = -(-experts // ep) / experts  # the fullest GPU's share of the experts
    touched = 1.0 - (1.0 - k / experts) ** tokens if tokens > 0 else 0.0
    expert = shape.expert_params * held * touched * layout.weight_bytes
    dense = (shape.dense_linear_params * layout.weight_bytes + shape.other_params * 2.0) / shape.tp
    return dense + expert


def adjust(
    rank: StepTime,
    shape: ModelShape,
    layout: Layout,
    engine: EngineProfile,
    *,
    decode: float,
    prefill: float,
) -> StepTime:
    """One expert-parallel step from its data-parallel rank's own tensor-parallel step.

    ``rank`` is the step of one rank's share of the sequences (``decode ÷ dp`` and
    ``prefill ÷ dp``) at tensor parallelism ``tp`` without the expert split: its cache reads,
    attention and fixed times are the rank's own and stay. The weights, the matmuls, the
    activations and the communication are the expert-parallel ones of the replica's ``decode``
    and ``prefill`` tokens (see the module docstring), on the fullest GPU.
    """
    assert layout.experts is not None
    dp = max(layout.experts.dp, 1)
    tp = shape.tp
    ep = tp * dp
    gpu = layout.gpu
    tokens = decode + prefill
    local = tokens / dp
    bandwidth = gpu.memory_bandwidth_gbps * 1e9 * engine.bandwidth
    experts, k = max(shape.experts, 1), shape.experts_per_token
    held = -(-experts // ep) / experts  # the fullest GPU's share of the experts
    weights = weight_bytes(shape, layout, tokens) / bandwidth
    expert_active = shape.expert_params * k / experts
    dense_active = max(shape.active_params - expert_active, 0.0)
    touched = (1.0 - (1.0 - k / experts) ** tokens if tokens > 0 else 0.0) * experts * held
    routes = k * tokens * held  # the routes that land on its own experts
    flops = 2.0 * dense_active * local / tp
    pad, share = engine.expert_pad_rows, engine.expert_compute
    flops += expert_flops(shape.expert_params / experts, routes, touched, pad_rows=pad, share=share)
    peak = matmul_peak(gpu, layout.matmul)  # the same precision rule as tensor parallelism
    matmul = flops / (peak * engine.compute)
    activations = engine.act_passes * local * shape.hidden * 2.0 * shape.layers / bandwidth
    activations += route_time(routes, shape.layers)
    link = link_of(gpu)
    latency, gbps = link.latency_us * 1e-6, link.gbps * 1e9
    rank_message = local * shape.hidden * 2.0  # 16-bit hidden states of the rank's tokens
    per_layer = 2 * _all_reduce(latency, gbps, tp, rank_message)  # after attention and experts
    if dp > 1:  # all-gather (dispatch) and reduce-scatter (combine) of all tokens over dp
        per_layer += 2 * (latency + (dp - 1) / dp * tokens * shape.hidden * 2.0 / gbps)
    comm = shape.layers * per_layer * engine.comm_scale
    # The rank's other parts stay (a StepTime's fields, whichever it has, are all init fields;
    # built from its dict, as dataclasses.replace would but without its per-call introspection).
    parts = {**vars(rank), "weights": weights, "matmul": matmul}
    return type(rank)(**{**parts, "activations": activations, "comm": comm})


def widened(band: float, missing: tuple[str, ...]) -> tuple[float, tuple[str, ...]]:
    """The band of an expert-parallel layout: the speed model's rule for an uncalibrated setting.

    Like an engine, GPU or format without a calibration point (:func:`core.speed.calibration.
    coverage`), the band doubles and the layout says what it lacks. It doubles on top of the
    other gaps: expert parallelism changes what a step does (whole experts, all-to-all), not only
    how fast one kernel runs.
    """
    return band * 2.0, (*missing, UNCALIBRATED)
