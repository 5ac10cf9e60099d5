"""Serving speed of an option split into its two phases, for prices per input and output token.

In steady state (:func:`core.speed.serving.steady_cycle`) an average step of time t decodes D
tokens and prefills P prompt tokens. The same step without its prompt tokens takes t_d; the
prompt tokens cost the rest, t − t_d. Billing output tokens at t_d ÷ D and input tokens at
(t − t_d) ÷ P makes a request's two bills add up to its share of the wall time, as serving APIs
bill input and output apart.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.domain.catalog import GpuOffer
from core.model.architecture import ModelArchitecture
from core.speed import expert_parallel
from core.speed.calibration import coverage, profile_for
from core.speed.serving import steady_cycle
from core.speed.shape import ModelShape
from core.speed.step import Layout


@dataclass(frozen=True)
class PhaseSpeed:
    """An option's serving speed at its operating point, per phase, with its band."""

    decode_tokens_per_s: float  # output tokens/s of all replicas, at the decode share of time
    prefill_tokens_per_s: float  # prompt tokens/s of all replicas, at the prefill share
    output_tokens_per_s: float  # output tokens/s of all replicas over the wall time
    ttft_s: float
    tpot_s: float
    requests_per_s: float
    band: float  # relative: each figure holds within × or ÷ (1 + band)
    uncalibrated: tuple[str, ...]  # "engine", "gpu", "format": no calibration point for it
    engine: str  # the profile used

    def scaled(self, replicas: int) -> PhaseSpeed:
        """The speed of ``replicas`` independent copies (data-parallel serving)."""
        if replicas == 1:
            return self
        return replace(
            self,
            decode_tokens_per_s=self.decode_tokens_per_s * replicas,
            prefill_tokens_per_s=self.prefill_tokens_per_s * replicas,
            output_tokens_per_s=self.output_tokens_per_s * replicas,
            requests_per_s=self.requests_per_s * replicas,
        )


def phase_speed(
    arch: ModelArchitecture,
    gpu: GpuOffer,
    *,
    gpus: int,
    tp: int,
    weight_bytes: float,
    kv_bytes: float,
    matmul: str,
    engine: str,
    input_tokens: int,
    output_tokens: int,
    concurrency: float,
    expert_ranks: int = 0,
) -> PhaseSpeed:
    """The speed of ``arch`` on ``gpus`` × ``gpu`` at tensor parallel ``tp``.

    ``concurrency`` sequences per replica, each of ``input_tokens`` in and ``output_tokens`` out
    (an average over time, so it may be fractional: Little's law gives it from a request rate).
    ``expert_ranks`` > 0 serves it expert-parallel with that many data-parallel ranks of ``tp``
    GPUs (:mod:`core.speed.expert_parallel`); 0 is tensor parallelism only.
    """
    experts = expert_parallel.ExpertSplit(expert_ranks) if expert_ranks > 0 else None
    profile = profile_for(engine, gpu.vendor)
    shape = ModelShape.of(arch, tp)
    layout = Layout(gpu, gpus, tp, weight_bytes, kv_bytes, matmul, experts=experts)
    isl, osl = max(input_tokens, 1), max(output_tokens, 1)
    cycle = steady_cycle(shape, layout, profile, batch=concurrency, isl=isl, osl=osl)
    replicas = layout.replicas
    output = replicas * cycle.decoding / cycle.step
    decode = replicas * cycle.decoding / cycle.decode_step
    prompt_time = cycle.step - cycle.decode_step
    prefill = replicas * cycle.prefill_tokens / prompt_time if prompt_time > 0 else isl / cycle.ttft
    cover = coverage(profile, gpu.id, matmul)
    band, missing = cover.band, cover.missing
    if experts is not None:  # no published measurement of expert-parallel serving
        band, missing = expert_parallel.widened(band, missing)
    return PhaseSpeed(
        decode_tokens_per_s=decode,
        prefill_tokens_per_s=prefill,
        output_tokens_per_s=output,
        ttft_s=cycle.ttft,
        tpot_s=cycle.step,
        requests_per_s=output / osl,
        band=band,
        uncalibrated=missing,
        engine=profile.name,
    )
