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

from core.capacity.overhead import runtime_overhead
from core.capacity.weights import FP8_SCALE_BYTES_PER_MATRIX, GROUP_METADATA_BYTES
from core.catalog import GIB, GpuOffer
from core.diffusion_activations import (
    _Decode,
    _decode,
    _denoise_activation_bytes,
    _text_encoder_elements,
    denoiser_batch,
    flux_tokens,
    vae_tile_latent,
)
from core.diffusion_flops import denoise_flops_per_image, images_per_hour
from core.diffusion_pipeline import (
    _DTYPE_BYTES,
    _QUANT_BITS,
    PHASES,
    DiffusionComponent,
    DiffusionEstimate,
    DiffusionPipeline,
    _runtime_dtype,
    diffusion_preset_ids,
    load_pipeline,
    vae_decode_dtype,
)
from core.memory import Finding, MemoryBreakdown
from core.messages import LARGER_DECODE, LARGER_DENOISE
from core.request import PlanRequest

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

# --- dtypes and weights -------------------------------------------------------------------------


def quantized_components(pipeline: DiffusionPipeline, request: PlanRequest) -> frozenset[str]:
    """Names of the components a weight-only quantized request quantizes.

    The denoiser always; text encoders as ``diffusion.quantized_text_encoders`` says: the largest
    one (FLUX's T5, what the diffusers quantization post maps to the same backend) or all.
    """
    if request.precision.weights not in _QUANT_BITS:
        return frozenset()
    names = {pipeline.denoiser.name}
    encoders = pipeline.text_encoders
    which = request.diffusion.quantized_text_encoders
    if which == "all":
        names.update(c.name for c in encoders)
    elif which == "largest":
        names.add(max(encoders, key=lambda c: c.params).name)
    return frozenset(names)


def kept_in_fp32_params(component: DiffusionComponent) -> int:
    """Linear weights a transformers quantizer keeps in fp32: T5's ``wo`` (d_ff x d_model a block).

    transformers ``T5EncoderModel._keep_in_fp32_modules = ["wo"]``; its quantizers add those
    modules to ``modules_to_not_convert``. Other components keep nothing apart. fp32 is what the
    published bitsandbytes runs show; torchao's and quanto's int8 runs measure as if ``wo`` stayed
    in bf16, so the planner is up to 11 % above them (docs/ACCURACY.md).
    """
    if component.class_name != "T5EncoderModel":
        return 0
    cfg = component.config
    return int(cfg["num_layers"]) * int(cfg["d_ff"]) * int(cfg["d_model"])


def _weights(
    component: DiffusionComponent, dtype: str, request: PlanRequest, quantized: bool
) -> tuple[int, int]:
    """(weight bytes, quantization metadata bytes) of a component held in ``dtype``.

    Weight-only quantization (fp8/int8/int4) applies to the nn.Linear weights of the quantized
    components (:func:`quantized_components`), as bitsandbytes, torchao, quanto and diffusers
    layerwise casting quantize them; convolutions, norms, biases and embeddings stay in the
    component dtype. Metadata follows the language-model rule
    (core.capacity.weights): int4/int8 one fp16 scale and zero point per group of
    ``quant_group_size`` weights (counted as ceil(linear weights / group)), fp8 one fp32 weight
    and input scale per matrix.

    transformers' quantizers leave a model's ``_keep_in_fp32_modules`` unquantized and in fp32
    (T5: ``_keep_in_fp32_modules = ["wo"]``, the feed-forward output of every block;
    :func:`kept_in_fp32_params`).
    """
    bytes_per = _DTYPE_BYTES[dtype]
    weights_dtype = request.precision.weights
    bits = _QUANT_BITS.get(weights_dtype)
    if not quantized or bits is None:
        return component.params * bytes_per, 0
    kept = kept_in_fp32_params(component)
    linear = component.linear_weight_params - kept
    weights = (component.params - linear - kept) * bytes_per + -(-linear * bits // 8) + 4 * kept
    if weights_dtype == "fp8":
        metadata = component.linear_layers * FP8_SCALE_BYTES_PER_MATRIX
    else:
        metadata = -(-linear // request.precision.quant_group_size) * GROUP_METADATA_BYTES
    return weights, metadata


def _resident(
    component: DiffusionComponent,
    dtype: str,
    request: PlanRequest,
    sequential: bool,
    quantized: bool,
) -> tuple[int, int]:
    """Weights of ``component`` on the GPU while it runs.

    With ``enable_sequential_cpu_offload`` accelerate hooks every module that owns weights
    (``attach_align_device_hook`` in accelerate ``hooks.py``) and moves only that module's weights
    in for its forward: the largest such module is what stays resident.
    """
    weights, metadata = _weights(component, dtype, request, quantized)
    if not sequential:
        return weights, metadata
    largest, params = component.largest_submodule_params, component.params
    return -(-weights * largest // params), -(-metadata * largest // params)


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
        w, m = _weights(c, dtype, request, c.name in quantized)
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
        weights, metadata = _resident(running, dtype, request, offload == "sequential", quantized)
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
                "vae_decode_exceeds_vram", "warning", "vae", gpu=gpu.name, decode=_gib(decode_total)
            )
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


def diffusion_memory(
    pipeline: DiffusionPipeline, request: PlanRequest, gpu: GpuOffer
) -> DiffusionEstimate:
    """Per-GPU memory of one pipeline run on ``gpu``: every phase and the peak.

    Args:
        pipeline: The diffusion pipeline.
        request: The plan request (``diffusion`` options, precision and runtime assumptions).
        gpu: The GPU offer (used for the findings that compare a phase with its VRAM).

    Returns:
        The peak phase's breakdown, all three phases, the peak phase's name and findings.
    """
    decode = _decode(pipeline, request)
    phases = _phases(pipeline, request, decode)
    peak_phase = max(PHASES, key=lambda p: phases[p].total)
    findings = _findings(pipeline, request, gpu, phases, decode)
    return DiffusionEstimate(phases[peak_phase], dict(phases), peak_phase, findings)


def peak_memory(pipeline: DiffusionPipeline, request: PlanRequest) -> MemoryBreakdown:
    """The peak phase's memory of :func:`diffusion_memory` alone, without its findings.

    :mod:`core.limits` asks it for many sizes of one request.
    """
    phases = _phases(pipeline, request, _decode(pipeline, request))
    return max(phases.values(), key=lambda phase: phase.total)
