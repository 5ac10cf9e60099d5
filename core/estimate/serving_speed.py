"""What a serving request asks of the step model (:mod:`core.speed`), and its answer as speeds.

The request names the weights' format, the cache dtype, the engine and the operating point; the
step model wants bytes per weight, bytes per cached element, the matmuls' precision and the
input/output lengths. The answer becomes the estimate's :class:`~core.estimate.results.Throughput`.
"""

from __future__ import annotations

from core.capacity import weight_formats
from core.capacity.weights import GROUP_METADATA_BYTES
from core.domain.catalog import GpuOffer
from core.domain.request import PlanRequest
from core.estimate.llm import expert_layout
from core.estimate.results import Throughput
from core.model.architecture import ModelArchitecture
from core.speed import Layout, ModelShape, profile_for, throughput_curve
from core.speed.expert_parallel import ExpertSplit
from core.speed.phases import PhaseSpeed
from core.texts.messages import Message

# Bytes per weight of a plain dtype; int4/int8 add their group metadata (core.capacity.weights).
_DTYPE_BYTES = {"fp32": 4.0, "bf16": 2.0, "fp16": 2.0, "fp8": 1.0, "int8": 1.0, "int4": 0.5}
KV_ELEMENT_BYTES = {"fp32": 4.0, "bf16": 2.0, "fp16": 2.0, "fp8": 1.0}
# The prefill precision of the estimate (core.estimate.serving.prefill_precision) as the step
# model's matmul precision: int8 kernels are counted at the 16-bit peak (the catalog has no int8
# figure), as core.capacity.throughput does.
MATMUL = {"bf16": "bf16", "fp8": "fp8", "fp4": "nvfp4", "int8": "bf16"}


def weight_bytes_per_param(request: PlanRequest, arch: ModelArchitecture) -> float:
    """Stored bytes per linear-layer weight, scales and zero points included."""
    named = weight_formats.effective_format(request, arch)
    if named is not None:
        return float(named.bits_per_weight()) / 8
    dtype = request.precision.weights
    per = _DTYPE_BYTES[dtype]
    if dtype in ("int4", "int8"):
        per += GROUP_METADATA_BYTES / request.precision.quant_group_size
    return per


def operating_point(request: PlanRequest) -> dict[str, int]:
    """Input and output tokens per request and sequences per replica.

    ``context_tokens`` is the whole sequence; ``output_tokens`` of it are generated (at most the
    context), the rest is the prompt.
    """
    inf = request.inference
    output = min(inf.output_tokens, inf.context_tokens)
    return {
        "input_tokens": max(inf.context_tokens - output, 1),
        "output_tokens": max(output, 1),
        "concurrency": inf.concurrent_sequences,
    }


def serving_throughput(
    request: PlanRequest, arch: ModelArchitecture, gpu: GpuOffer, speed: PhaseSpeed
) -> Throughput:
    """The estimate's throughput from the step model's answer, with what it assumes."""
    point = operating_point(request)
    notes = [
        Message(
            "throughput.step_model",
            sequences=point["concurrency"],
            input=point["input_tokens"],
            output=point["output_tokens"],
            output_rate=speed.output_tokens_per_s,
            ttft_ms=speed.ttft_s * 1e3,
            tpot_ms=speed.tpot_s * 1e3,
            band=speed.band,
        )
    ]
    if (
        point["concurrency"] > 1
        and profile_for(request.inference.engine, gpu.vendor).queue_per_seq == 0
    ):
        # No measurement of this engine's queueing under load (core.speed.calibration).
        notes.append(
            Message(
                "throughput.ttft_floor",
                sequences=point["concurrency"],
                engine=request.inference.engine,
            )
        )
    if speed.uncalibrated:
        notes.append(
            Message(
                "throughput.uncalibrated",
                missing=", ".join(speed.uncalibrated),
                engine=request.inference.engine,
                gpu=gpu.label,
            )
        )
    return Throughput(
        decode_tokens_per_s=speed.decode_tokens_per_s,
        prefill_tokens_per_s=speed.prefill_tokens_per_s,
        ttft_s=speed.ttft_s,
        tpot_s=speed.tpot_s,
        band=speed.band,
        uncalibrated=speed.uncalibrated,
        assumptions=tuple(notes),
    )


def speed_curve(
    request: PlanRequest, arch: ModelArchitecture, gpu: GpuOffer, precision: str
) -> list[tuple[int, float, float]]:
    """(sequences, output tokens/s per user, output tokens/s per GPU) from one sequence up.

    The trade-off an offer offers at the request's lengths: doubling the sequences until the
    engine's KV pool holds no more (``precision``: the estimate's prefill precision).
    """
    par = request.parallelism
    tp = par.tp
    layout = Layout(
        gpu,
        par.gpus,
        tp,
        weight_bytes_per_param(request, arch),
        KV_ELEMENT_BYTES[request.precision.kv_cache],
        MATMUL.get(precision, "bf16"),
        # Expert parallelism: the data-parallel ranks of one replica (core.speed.expert_parallel).
        experts=ExpertSplit(par.replica_gpus // tp) if expert_layout(request, arch) else None,
    )
    point = operating_point(request)
    curve = throughput_curve(
        ModelShape.of(arch, tp),
        layout,
        profile_for(request.inference.engine, gpu.vendor),
        isl=point["input_tokens"],
        osl=point["output_tokens"],
    )
    return [(2**i, user, per_gpu) for i, (user, per_gpu) in enumerate(curve)]


__all__ = [
    "KV_ELEMENT_BYTES",
    "MATMUL",
    "operating_point",
    "serving_throughput",
    "speed_curve",
    "weight_bytes_per_param",
]
