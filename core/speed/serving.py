"""Serving speed at an operating point, from the step times of :mod:`core.speed.step`.

The operating point decides B, P and the context:

- a loaded server at concurrency C (and the engine's own largest batch offline) runs in steady
  state: each slot prefills its prompt (in chunks of the engine's token limit, in steps shared
  with the other slots' decoding), then decodes its output, the slots staggered; the decoding
  sequences sit at input + output÷2 tokens on average (:func:`steady_cycle`); its time to first
  token adds the queueing measured on the engine's servers under load, where it was measured;
- a static batch (all prompts first, then the output tokens together) prefills B·input tokens,
  then decodes ``output`` steps at that average context;
- time to first token of one prompt is a step of P = input tokens.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from core.speed.shape import ModelShape
from core.speed.step import EngineProfile, Layout, largest_batch, step_time

Mode = Literal["steady", "static"]


@dataclass(frozen=True)
class ServingSpeed:
    """Speed at one operating point, with a band (each figure × or ÷ (1 + band))."""

    batch: int
    ttft_s: float
    tpot_s: float
    output_tok_s: float  # all replicas together
    input_tok_s: float
    requests_s: float
    band: float
    calibrated: bool

    @property
    def tok_s_per_user(self) -> float:
        """Output tokens/s one user sees while decoding."""
        return 1.0 / self.tpot_s if self.tpot_s > 0 else 0.0

    def per_gpu(self, gpus: int) -> float:
        """Output tokens/s per GPU."""
        return self.output_tok_s / max(gpus, 1)


def _prefill_time(
    shape: ModelShape, layout: Layout, engine: EngineProfile, tokens: float, isl: int
) -> float:
    """Seconds to prefill ``tokens`` prompt tokens in chunks of the engine's step limit."""
    if tokens <= 0:
        return 0.0
    chunks = max(math.ceil(tokens / engine.max_tokens), 1)
    step = step_time(
        shape, layout, engine, decode=0, context=0, prefill=tokens / chunks, prefill_context=isl / 2
    )
    return chunks * step.total


def serving_speed(
    shape: ModelShape,
    layout: Layout,
    engine: EngineProfile,
    *,
    isl: int,
    osl: int,
    concurrency: int | None,
    mode: Mode = "steady",
) -> ServingSpeed:
    """Speed of ``layout`` at ``isl``/``osl`` tokens and ``concurrency`` sequences per replica.

    ``concurrency`` None is the engine's own largest batch (an offline run). A loaded server
    runs at most its largest batch; the other requests wait, and their wait is part of the time
    to first token (Little's law: waiting requests ÷ the rate requests finish).
    """
    top = largest_batch(shape, layout, engine, isl, osl)
    batch = top if concurrency is None else concurrency
    waiting = 0
    if mode == "steady" and batch > top:
        batch, waiting = top, batch - top
    context = isl + osl / 2.0
    if mode == "static":
        ttft = _prefill_time(shape, layout, engine, isl, isl)
        prefill = _prefill_time(shape, layout, engine, batch * isl, isl)
        tpot = step_time(shape, layout, engine, decode=batch, context=context).total
        latency = prefill + osl * tpot
        output = layout.replicas * batch * osl / latency
    else:
        cycle = steady_cycle(shape, layout, engine, batch=batch, isl=isl, osl=osl)
        tpot = cycle.step
        output = layout.replicas * cycle.decoding / cycle.step
        ttft = cycle.ttft + waiting * osl / (output / layout.replicas)
    requests = output / osl
    return ServingSpeed(
        batch=batch,
        ttft_s=ttft,
        tpot_s=tpot,
        output_tok_s=output,
        input_tok_s=requests * isl,
        requests_s=requests,
        band=engine.band,
        calibrated=engine.calibrated,
    )


@dataclass(frozen=True)
class SteadyCycle:
    """A loaded server in steady state: each of ``batch`` slots prefills a prompt, then decodes.

    A slot spends ``chunks`` steps on its prompt (the engine's token limit per step cuts it)
    and ``osl`` steps decoding, the slots staggered, so an average step holds ``prefilling``
    prompt chunks and ``decoding`` = batch − prefilling decode tokens. ``step`` is the average
    step (a mix of the two neighbouring whole counts of prompt chunks), ``decode_step`` the same
    step without its prompt chunks, and ``ttft`` a prompt's steps beside the other slots, longer
    by the engine's measured queueing share for each other slot
    (:attr:`~core.speed.step.EngineProfile.queue_per_seq`).
    """

    step: float
    decode_step: float
    decoding: float
    prefill_tokens: float  # prompt tokens per average step
    ttft: float


def steady_cycle(
    shape: ModelShape, layout: Layout, engine: EngineProfile, *, batch: float, isl: int, osl: int
) -> SteadyCycle:
    """The average step of ``batch`` slots serving ``isl``/``osl``-token requests back to back."""
    chunks = max(math.ceil(isl / engine.max_tokens), 1)
    chunk = isl / chunks
    context = isl + osl / 2.0
    prefilling = batch * chunks / (osl + chunks)
    whole = math.floor(prefilling)
    frac = prefilling - whole

    def mixed(prompts: int) -> float:
        at_once = min(prompts, batch)
        return step_time(
            shape,
            layout,
            engine,
            decode=batch - at_once,
            context=context,
            prefill=at_once * chunk,
            prefill_context=isl / 2.0,
        ).total

    step = (1 - frac) * mixed(whole) + frac * mixed(whole + 1) if frac else mixed(whole)
    decoding = batch - prefilling
    decode_step = step_time(shape, layout, engine, decode=decoding, context=context).total
    return SteadyCycle(
        step=step,
        decode_step=min(decode_step, step),
        decoding=decoding,
        prefill_tokens=prefilling * chunk,
        ttft=chunks * mixed(max(whole, 1)) * (1.0 + engine.queue_per_seq * max(batch - 1, 0)),
    )


def static_latency(
    shape: ModelShape, layout: Layout, engine: EngineProfile, *, isl: int, osl: int, batch: int
) -> float:
    """Seconds for a static batch to prefill and generate ``osl`` tokens (a latency benchmark)."""
    speed = serving_speed(shape, layout, engine, isl=isl, osl=osl, concurrency=batch, mode="static")
    return batch * osl * layout.replicas / speed.output_tok_s


def throughput_curve(
    shape: ModelShape, layout: Layout, engine: EngineProfile, *, isl: int, osl: int
) -> list[tuple[float, float]]:
    """(tokens/s per user, output tokens/s per GPU) from one sequence to the largest batch."""
    top = largest_batch(shape, layout, engine, isl, osl)
    points = []
    c = 1
    while c <= top:
        s = serving_speed(shape, layout, engine, isl=isl, osl=osl, concurrency=c)
        points.append((s.tok_s_per_user, s.per_gpu(layout.gpus)))
        c *= 2
    return points
