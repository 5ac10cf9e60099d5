"""Diffusion cases: Hugging Face's FLUX quantization and SDXL posts, diffusers' benchmarks."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tests.validation.case import GIB, Case

DIFFUSION: tuple[Case, ...] = (
    Case(
        "flux-dev-bf16-loaded",
        "diffusion",
        "weights",
        round(31.447 * GIB),
        "Memory after loading ~31.447 GB",
        "hf-blog-diffusers-quantization",
        "FLUX.1-dev pipeline in bf16 moved to the GPU, before the first image",
        {"workload": "diffusion", "model": {"preset": "flux.1-dev"}, "gpu": "h100-80gb-sxm"},
    ),
    Case(
        "flux-dev-bf16-peak",
        "diffusion",
        "torch_reserved",
        round(36.166 * GIB),
        "Peak memory 36.166 GB",
        "hf-blog-diffusers-quantization",
        "FLUX.1-dev bf16, one 1024x1024 image, 50 steps, guidance-distilled (no CFG batch)",
        {
            "workload": "diffusion",
            "model": {"preset": "flux.1-dev"},
            "precision": {"weights": "bf16"},
            "diffusion": {"width": 1024, "height": 1024, "steps": 50, "guidance": False},
            "gpu": "h100-80gb-sxm",
        },
    ),
)


def _flux_quant(
    label: str,
    setting: str,
    precision: dict[str, Any],
    loaded: float,
    peak: float,
    gaps: tuple[str, ...] = (),
    diffusion: dict[str, Any] | None = None,
) -> tuple[Case, Case]:
    """A FLUX.1-dev row of the quantization post: memory after loading, then the run's peak."""
    request = {
        "workload": "diffusion",
        "model": {"preset": "flux.1-dev"},
        "precision": precision,
        "diffusion": {"width": 1024, "height": 1024, "steps": 50, "guidance": False}
        | (diffusion or {}),
        "gpu": "h100-80gb-sxm",
    }
    return (
        Case(
            f"flux-dev-{label}-loaded",
            "diffusion",
            "weights",
            round(loaded * GIB),
            f"Memory after loading {loaded:.3f} GB",
            "hf-blog-diffusers-quantization",
            f"FLUX.1-dev, {setting}, moved to the GPU, before the first image",
            request,
            gaps=gaps,
        ),
        Case(
            f"flux-dev-{label}-peak",
            "diffusion",
            "torch_reserved",
            round(peak * GIB),
            f"Peak memory {peak:.3f} GB",
            "hf-blog-diffusers-quantization",
            f"FLUX.1-dev, {setting}, one 1024x1024 image, 50 steps",
            request,
            gaps=gaps,
        ),
    )


_GGUF_GAP = (
    "city96's GGUF files keep a few small tensors (biases, norms, the input and output"
    " projections) unquantized; the planner quantizes every nn.Linear weight of the transformer",
)

DIFFUSION += (
    *_flux_quant(
        "gguf-q4_1",
        "transformer from the GGUF Q4_1 file (4-bit values with an fp16 scale and minimum per 32:"
        " int4, group 32), text encoders and VAE bf16",
        {"weights": "int4", "quant_group_size": 32},
        16.838,
        21.326,
        _GGUF_GAP,
    ),
    *_flux_quant(
        "gguf-q8_0",
        "transformer from the GGUF Q8_0 file (8-bit values with an fp16 scale per 32: 8.5 bits,"
        " as int8 with group 64), text encoders and VAE bf16",
        {"weights": "int8", "quant_group_size": 64},
        21.502,
        25.973,
        _GGUF_GAP,
    ),
    *_flux_quant(
        "fp8-layerwise",
        "transformer stored in float8_e4m3fn by enable_layerwise_casting (compute bf16), text"
        " encoders and VAE bf16",
        {"weights": "fp8"},
        23.682,
        28.451,
        (
            "layerwise casting upcasts one layer at a time to bf16 (at most 90 MiB, a"
            " single-stream block's proj_out), which the planner does not count",
        ),
        diffusion={"quant_backend": "layerwise_casting"},
    ),
)


_T5 = {"quantized_text_encoders": "largest"}  # bitsandbytes: T5's wo stays in fp32
_T5_TORCHAO = _T5 | {"quant_backend": "torchao"}
_T5_QUANTO = _T5 | {"quant_backend": "quanto"}
_PER_CHANNEL = (
    "one scale per output channel; the planner's int8 counts an fp16 scale and zero point per"
    " group of 8192 weights (at most 0.004 bit per weight)",
)
DIFFUSION += (
    *_flux_quant(
        "bnb-nf4",
        "transformer and T5 in bitsandbytes NF4 (block 64, fp32 absmax: int4 with group 64),"
        " CLIP and VAE bf16",
        {"weights": "int4", "quant_group_size": 64},
        12.584,
        17.281,
        diffusion=_T5,
    ),
    *_flux_quant(
        "bnb-int8",
        "transformer and T5 in bitsandbytes LLM.int8 (int8 with an fp32 scale per row),"
        " CLIP and VAE bf16",
        {"weights": "int8", "quant_group_size": 8192},
        19.273,
        24.432,
        _PER_CHANNEL,
        diffusion=_T5,
    ),
    *_flux_quant(
        "torchao-int8",
        "transformer and T5 in torchao int8_weight_only, CLIP and VAE bf16",
        {"weights": "int8", "quant_group_size": 8192},
        17.020,
        21.482,
        _PER_CHANNEL,
        diffusion=_T5_TORCHAO,
    ),
    *_flux_quant(
        "torchao-fp8",
        "transformer and T5 in torchao float8_weight_only, CLIP and VAE bf16",
        {"weights": "fp8"},
        17.016,
        21.488,
        ("one fp32 scale per output channel; the planner counts one per matrix",),
        diffusion=_T5_TORCHAO,
    ),
    *_flux_quant(
        "quanto-int8",
        "transformer and T5 in quanto qint8 weights, CLIP and VAE bf16",
        {"weights": "int8", "quant_group_size": 8192},
        17.330,
        21.814,
        _PER_CHANNEL,
        diffusion=_T5_QUANTO,
    ),
    *_flux_quant(
        "quanto-fp8",
        "transformer and T5 in quanto qfloat8 weights (quantize + freeze), CLIP and VAE bf16",
        {"weights": "fp8"},
        16.395,
        20.898,
        (
            "one scale per output channel; the planner counts one per matrix",
            "quantized with optimum-quanto's quantize() directly, which does not honour"
            " transformers' _keep_in_fp32_modules: T5's wo is fp8 too, where the planner keeps"
            " it unquantized in bf16 (0.94 GiB more)",
        ),
        diffusion=_T5_QUANTO,
    ),
    *_flux_quant(
        "quanto-int4",
        "transformer and T5 in quanto qint4 weights (group 128, scale and shift), CLIP and VAE"
        " bf16",
        {"weights": "int4", "quant_group_size": 128},
        12.254,
        16.139,
        diffusion=_T5_QUANTO,
    ),
)


_CALIBRATION = (
    "one of the two runs core.diffusion_activations.CONV_WORKSPACE is calibrated on (the"
    " notebook's fp16 and fp32 decodes of 4 images)"
)


def _sdxl(label: str, value_gb: float, **opts: Any) -> Case:
    # The notebook's timeit(): num_inference_steps = 25, num_images_per_prompt = 4, default
    # guidance (CFG on), three calls, then max_memory_allocated / 1024**3.
    diffusion: dict[str, Any] = {"width": 1024, "height": 1024, "batch_size": 4, "steps": 25}
    diffusion.update(opts)
    return Case(
        f"sdxl-fp16-b4-{label}",
        "diffusion",
        "torch_allocated",
        round(value_gb * GIB),
        f"{value_gb} GB",
        "hf-blog-sdxl",
        f"SDXL base fp16 + SDPA, 4 images of 1024x1024, {label.replace('-', ' ')}",
        {
            "workload": "diffusion",
            "model": {"preset": "sdxl"},
            "precision": {"weights": "fp16"},
            "diffusion": diffusion,
            "gpu": "a100-40gb",
        },
    )


_FLUX_NF4_RTX4090: dict[str, Any] = {
    "workload": "diffusion",
    "model": {"preset": "flux.1-dev"},
    "precision": {"weights": "int4", "quant_group_size": 64},
    "diffusion": {"guidance": False, "steps": 28} | _T5,
    "gpu": "rtx-4090",
}
DIFFUSION += (
    Case(
        "flux-dev-nf4-rtx4090",
        "diffusion",
        "torch_allocated",
        round(14.9453 * GIB),
        "quantization: memory-usage (GB) 14.9453",
        "diffusers-speed-memory-optims",
        "FLUX.1-dev, transformer and T5 in bitsandbytes NF4, CLIP and VAE bf16, whole on one"
        " RTX 4090, one 1024x1024 image (the pipeline's defaults: 28 steps, no CFG batch)",
        _FLUX_NF4_RTX4090,
    ),
    Case(
        "flux-dev-nf4-rtx4090-model-offload",
        "diffusion",
        "torch_allocated",
        round(12.2369 * GIB),
        "quantization, torch.compile, model CPU offloading: memory-usage (GB) 12.2369",
        "diffusers-speed-memory-optims",
        "the same with enable_model_cpu_offload() and the transformer compiled",
        {
            **_FLUX_NF4_RTX4090,
            "diffusion": _FLUX_NF4_RTX4090["diffusion"] | {"cpu_offload": "model"},
        },
        gaps=("torch.compile of the transformer: 14.9448 against 14.9453 GB without offload",),
    ),
)
DIFFUSION += (
    Case(
        "diffusers-bench-sdxl-unet-bf16",
        "diffusion",
        "denoiser_allocated",
        round(5.05 * GIB),
        "mem_plain_GB 5.05",
        "diffusers-benchmarks",
        "SDXL base UNet alone in bf16, one 1024x1024 latent (4 x 128 x 128), 77 prompt tokens,"
        " no guidance batch, eager (torch.no_grad)",
        {
            "workload": "diffusion",
            "model": {"preset": "sdxl"},
            "precision": {"weights": "bf16"},
            "diffusion": {"batch_size": 1, "guidance": False, "cpu_offload": "model"},
            "gpu": "h100-80gb-sxm",
        },
        gaps=("the planner's denoising phase also holds the prompt embeddings (0.3 MB)",),
    ),
    Case(
        "diffusers-bench-sdxl-unet-group-offload-leaf",
        "diffusion",
        "denoiser_allocated",
        round(0.2 * GIB),
        "mem_plain_GB 0.2",
        "diffusers-benchmarks",
        "SDXL base UNet alone in bf16 with leaf-level group offloading (weights kept on the CPU,"
        " enable_group_offload with offload_type leaf_level, use_stream and non_blocking), one"
        " 1024x1024 latent, 77 prompt tokens, no guidance batch, eager (torch.no_grad)",
        {
            "workload": "diffusion",
            "model": {"preset": "sdxl"},
            "precision": {"weights": "bf16"},
            "diffusion": {"batch_size": 1, "guidance": False, "cpu_offload": "sequential"},
            "gpu": "h100-80gb-sxm",
        },
        gaps=(
            "leaf-level group offloading moves one layer at a time like sequential CPU offload,"
            " but with a CUDA stream it onloads the next layer while one runs; the planner counts"
            " the largest layer once (0.05 GiB)",
            "the figure is rounded to 0.01 GB (2.5 % of it)",
        ),
    ),
    replace(_sdxl("default", 21.72), notes=_CALIBRATION),
    replace(
        _sdxl("default", 28.09),
        id="sdxl-fp32-b4-default-attention",
        setting="SDXL base fp32 with the default attention processor (not SDPA), 4 images of"
        " 1024x1024: the post's unoptimized pipeline",
        request={
            "workload": "diffusion",
            "model": {"preset": "sdxl"},
            "precision": {"weights": "fp32"},
            "diffusion": {"width": 1024, "height": 1024, "batch_size": 4, "steps": 25},
            "gpu": "a100-40gb",
        },
        gaps=(
            "set_default_attn_processor(): the UNet builds fp32 attention scores and their"
            " softmax (about 10 GiB at batch 8 over 64 x 64 tokens), below the decode that sets"
            " the peak; the planner assumes SDPA",
        ),
        notes=_CALIBRATION,
    ),
    replace(
        _sdxl("default", 21.73),
        id="sdxl-fp16-b4-torch-compile",
        setting="SDXL base fp16 + SDPA, 4 images of 1024x1024, UNet under torch.compile",
        gaps=("torch.compile (mode reduce-overhead) is not modelled; it measured +0.01 GB",),
    ),
    _sdxl("model-offload", 20.21, cpu_offload="model"),
    _sdxl("sequential-offload", 19.91, cpu_offload="sequential"),
    _sdxl("vae-slicing", 15.40, vae_slicing=True),
    _sdxl("vae-slicing-sequential-offload", 11.47, vae_slicing=True, cpu_offload="sequential"),
    replace(
        _sdxl("default", 21.85),
        id="sdxl-fp16-b4-precomputed-embeddings",
        setting="SDXL base fp16 + SDPA loaded without its text encoders and fed embeddings"
        " computed beforehand (the notebook's 'Default + Precompting text embeddings'), 4 images"
        " of 1024x1024; both text encoders stay on the GPU, as the notebook's list text_encoders"
        " still refers to them after its del text_encoder, text_encoder_2, so the GPU holds the"
        " whole pipeline",
        gaps=(
            "the prompt is encoded before the measured calls, so the run has no text-encoding"
            " phase (far below the decode that sets the peak)",
        ),
    ),
)
