"""Diffusion pipelines (SD 1.5, SDXL, FLUX.1-dev): GPU memory per phase and image throughput.

A diffusers pipeline runs three phases one after another: the text encoders turn the prompt into
embeddings, the denoiser (UNet or transformer) runs once per step on the latents, and the VAE
decoder turns the final latents into pixels. Each phase has its own peak; the GPU must hold the
largest one (glossary "VAE": the decode peak can exceed the denoising peak).

Activation sizes are derived from each component's published ``config.json`` (stored in
``resources/models/diffusion/<id>.json``) by counting the tensors that are alive at once in the
diffusers forward code during inference, where autograd keeps nothing: a peak is the largest
transient working set, not a sum over layers. Attention goes through PyTorch 2 SDPA
(``F.scaled_dot_product_attention`` in diffusers ``AttnProcessor2_0`` / ``FluxAttnProcessor``),
whose memory-efficient and flash kernels never build the N x N score matrix. Tensors far below 1 %
of a phase (time embeddings, norm statistics, cuDNN workspaces) are not counted.
"""

from __future__ import annotations

from core.capacity.diffusion_activations import (
    _Decode,
    _decode,
    _denoise_activation_bytes,
    _text_encoder_elements,
    denoiser_batch,
    flux_tokens,
    vae_tile_latent,
)
from core.capacity.diffusion_flops import denoise_flops_per_image, images_per_hour
from core.capacity.diffusion_weights import (
    component_weights,
    quantized_components,
    resident_weights,
)
from core.capacity.overhead import runtime_overhead
from core.capacity.vae_decode_replay import decode_reserved
from core.domain.breakdown import Finding, MemoryBreakdown
from core.domain.catalog import GIB, GpuOffer
from core.domain.request import PlanRequest
from core.model.diffusion_pipeline import (
    _DTYPE_BYTES,
    _QUANT_BITS,
    _RGB,
    PHASES,
    DiffusionComponent,
    DiffusionEstimate,
    DiffusionPipeline,
    _runtime_dtype,
    diffusion_preset_ids,
    load_pipeline,
    vae_decode_dtype,
)
from core.texts.words import LARGER_DECODE, LARGER_DENOISE

__all__ = [
    "PHASES",
    "DiffusionComponent",
    "DiffusionEstimate",
    "DiffusionPipeline",
    "denoise_flops_per_image",
    "denoiser_batch",
    "diffusion_memory",
    "diffusion_preset_ids",
    "flux_tokens",
    "images_per_hour",
    "load_pipeline",
    "peak_memory",
    "vae_decode_dtype",
    "vae_tile_latent",
]

# --- phases -------------------------------------------------------------------------------------


def _overhead(request: PlanRequest, activations: int) -> int:
    """CUDA context plus the PyTorch caching allocator's fragmentation reserve on activations.

    The language-model rule (core.capacity.overhead): int(context_gib x 2^30) +
    int(allocator_reserve x activations); one pipeline runs on one GPU, so no NCCL buffers.
    """
    return runtime_overhead(request.runtime, communicating=False, dynamic_bytes=activations)


def _phase(request: PlanRequest, weights: int, metadata: int, activations: int) -> MemoryBreakdown:
    return MemoryBreakdown(
        weights=weights,
        quantization_metadata=metadata,
        activations=activations,
        runtime_overhead=_overhead(request, activations),
    )


def _all_weights(
    pipeline: DiffusionPipeline, request: PlanRequest, vae_dtype: str
) -> tuple[int, int]:
    weights = metadata = 0
    quantized = quantized_components(pipeline, request)
    for c in pipeline.components:
        dtype = vae_dtype if c.kind == "vae" else _runtime_dtype(c, request)
        w, m = component_weights(c, dtype, request, c.name in quantized)
        weights, metadata = weights + w, metadata + m
    return weights, metadata


def _phase_for(
    pipeline: DiffusionPipeline,
    request: PlanRequest,
    running: DiffusionComponent,
    dtype: str,
    activations: int,
    vae_dtype: str,
) -> MemoryBreakdown:
    """Memory while ``running`` works, given the offload mode (diffusers pipeline_utils.py)."""
    offload = request.diffusion.cpu_offload
    if offload == "none":
        weights, metadata = _all_weights(pipeline, request, vae_dtype)
    else:
        # enable_model_cpu_offload: each component's hook offloads the previous one, so only the
        # running component is on the GPU; sequential: only its largest submodule.
        quantized = running.name in quantized_components(pipeline, request)
        weights, metadata = resident_weights(
            running, dtype, request, offload == "sequential", quantized
        )
    return _phase(request, weights, metadata, activations)


def _phases(
    pipeline: DiffusionPipeline, request: PlanRequest, decode: _Decode
) -> dict[str, MemoryBreakdown]:
    own_vae = _runtime_dtype(pipeline.vae, request)
    prompts = request.diffusion.batch_size
    text = [
        _phase_for(
            pipeline,
            request,
            enc,
            _runtime_dtype(enc, request),
            _text_encoder_elements(enc, prompts) * _DTYPE_BYTES[_runtime_dtype(enc, request)],
            own_vae,
        )
        for enc in pipeline.text_encoders
    ]
    denoiser = pipeline.denoiser
    return {
        # The encoders run one after another: the phase peak is the largest of them.
        "text_encoding": max(text, key=lambda b: b.total),
        "denoising": _phase_for(
            pipeline,
            request,
            denoiser,
            _runtime_dtype(denoiser, request),
            _denoise_activation_bytes(pipeline, request),
            own_vae,
        ),
        "vae_decode": _phase_for(
            pipeline, request, pipeline.vae, decode.dtype, decode.activation_bytes, decode.dtype
        ),
    }


def _gib(value: int) -> float:
    """Bytes as the GiB figure a message shows with two decimals."""
    return value / GIB


def _findings(
    pipeline: DiffusionPipeline,
    request: PlanRequest,
    gpu: GpuOffer,
    phases: dict[str, MemoryBreakdown],
    decode: _Decode,
) -> list[Finding]:
    opts = request.diffusion
    decode_total, denoise_total = phases["vae_decode"].total, phases["denoising"].total
    images = "one" if decode.images_at_once == 1 else "many"
    findings = [
        Finding.of(
            "vae_decode_peak",
            "info",
            "vae",
            variant=f"{images}_tiled" if decode.tiles else images,
            decode=_gib(decode_total),
            images=decode.images_at_once,
            dtype=decode.dtype,
            tiles=decode.tiles,
            denoise=_gib(denoise_total),
            larger=LARGER_DECODE if decode_total > denoise_total else LARGER_DENOISE,
        )
    ]
    if decode.dtype == "fp32" and _runtime_dtype(pipeline.vae, request) == "fp16":
        findings.append(Finding.of("vae_upcast_fp32", "info", "vae", pipeline=pipeline.name))
    if opts.vae_tiling:
        findings.append(
            Finding.of(
                "vae_tiling_quality",
                "warning",
                "vae",
                variant="tiled" if decode.tiles else "whole",
                tiles=decode.tiles,
                tile_px=vae_tile_latent(pipeline.vae) * pipeline.vae_scale_factor,
                # Sizes read as written (1024x768), not as grouped numbers.
                width=str(opts.width),
                height=str(opts.height),
            )
        )
    relieved = opts.vae_tiling and opts.vae_slicing
    if decode_total > gpu.device_total.bytes >= denoise_total and not relieved:
        findings.append(
            Finding.of(
                "vae_decode_exceeds_vram",
                "warning",
                "vae",
                gpu=gpu.label,
                decode=_gib(decode_total),
            )
        )
    if opts.cpu_offload != "none":
        # enable_model_cpu_offload / enable_sequential_cpu_offload (diffusers pipeline_utils.py)
        # first call self.to("cpu") and then hook each component to come in as it runs; a
        # pipeline moved whole to the GPU before that (diffusers' "Compile and offloading
        # quantized models" guide does) has held every component at once, and a peak counted
        # from the start of the process includes it.
        weights, metadata = _all_weights(pipeline, request, _runtime_dtype(pipeline.vae, request))
        findings.append(
            Finding.of("cpu_offload_load_on_cpu", "info", "vram", whole=_gib(weights + metadata))
        )
    if opts.cpu_offload == "sequential":
        findings.append(Finding.of("cpu_offload_sequential_slow", "warning", "vram"))
    if request.precision.weights in _QUANT_BITS:
        findings.append(
            Finding.of(
                "diffusion_quantized_denoiser",
                "warning",
                "quantization",
                weights=request.precision.weights,
                denoiser=pipeline.denoiser.name,
            )
        )
    if opts.guidance and not pipeline.uses_cfg:
        findings.append(Finding.of("guidance_distilled", "info", "vram", pipeline=pipeline.name))
    return findings


def reserved_uncontended(
    pipeline: DiffusionPipeline,
    request: PlanRequest,
    phases: dict[str, MemoryBreakdown],
    decode: _Decode,
) -> int | None:
    """What PyTorch's caching allocator reserves over one run when no ``cudaMalloc`` fails.

    On a GPU with room to spare the allocator never hands a cached segment back, so
    ``max_memory_reserved`` is every segment taken: the resident weights, the text encoders' and
    the denoiser's working sets (kept cached beside the decoder's, whose late tensors are larger
    than any of their blocks), and the VAE decoder's segments replayed tensor by tensor
    (:func:`core.capacity.vae_decode_replay.decode_reserved`), plus the images a sliced decode
    keeps. On a GPU near full the allocator frees its cache and retries, so the fit uses the
    allocated peak instead. None with CPU offload (weights move in and out of the cache) or a tiled
    decode.
    """
    opts = request.diffusion
    if opts.cpu_offload != "none" or decode.tiles:
        return None
    vae = pipeline.vae
    scale = pipeline.vae_scale_factor
    _, decoder = decode_reserved(
        tuple(int(c) for c in reversed(vae.cfg("block_out_channels"))),
        int(vae.cfg("latent_channels")),
        int(vae.cfg("layers_per_block")),
        opts.height // scale,
        opts.width // scale,
        _DTYPE_BYTES[decode.dtype],
        decode.images_at_once,
    )
    final = phases["vae_decode"]
    kept = (opts.batch_size - decode.images_at_once) * _RGB * opts.height * opts.width
    earlier = phases["text_encoding"].activations + phases["denoising"].activations
    return (
        final.weights
        + final.quantization_metadata
        + earlier
        + decoder
        + kept * _DTYPE_BYTES[decode.dtype]
    )


def diffusion_memory(
    pipeline: DiffusionPipeline, request: PlanRequest, gpu: GpuOffer
) -> DiffusionEstimate:
    """Per-GPU memory of one pipeline run on ``gpu``: every phase and the peak.

    Args:
        pipeline: The diffusion pipeline.
        request: The plan request (``diffusion`` options, precision and runtime assumptions).
        gpu: The GPU offer (used for the findings that compare a phase with its VRAM).

    Returns:
        The peak phase's breakdown, all three phases, the peak phase's name, findings and what
        the caching allocator reserves when nothing forces it to release memory.
    """
    decode = _decode(pipeline, request)
    phases = _phases(pipeline, request, decode)
    peak_phase = max(PHASES, key=lambda p: phases[p].total)
    findings = _findings(pipeline, request, gpu, phases, decode)
    reserved = reserved_uncontended(pipeline, request, phases, decode)
    return DiffusionEstimate(phases[peak_phase], dict(phases), peak_phase, findings, reserved)


def peak_memory(pipeline: DiffusionPipeline, request: PlanRequest) -> MemoryBreakdown:
    """The peak phase's memory of :func:`diffusion_memory` alone, without its findings.

    :mod:`core.planning.limits` asks it for many sizes of one request.
    """
    phases = _phases(pipeline, request, _decode(pipeline, request))
    return max(phases.values(), key=lambda phase: phase.total)
