"""Diffusion throughput: FLOPs of one denoiser pass counted from the architecture."""

from __future__ import annotations

from core.capacity.diffusion_activations import _per_level, flux_tokens, level_tokens
from core.domain.catalog import GpuOffer
from core.domain.request import PlanRequest
from core.model.diffusion_pipeline import DiffusionComponent, DiffusionPipeline

# --- throughput ---------------------------------------------------------------------------------


def _transformer2d_flops(c: int, n: int, depth: int, ctx: int, ctx_dim: int) -> int:
    """FLOPs of a Transformer2DModel (attention.py): 2 FLOPs per multiply-add.

    proj_in/out 2 x C^2; per block: self-attention q, k, v, out 4 x C^2, cross-attention q, out
    2 x C^2 and k, v from the prompt, GEGLU feed-forward C->8C and 4C->C = 12 x C^2; attention
    products Q K^T and A V: 2 x 2 x n x m x C (FlashAttention paper FLOP count).
    """
    per_block = 2 * n * 18 * c * c + 2 * 2 * ctx * ctx_dim * c + 4 * n * n * c + 4 * n * ctx * c
    return 2 * 2 * n * c * c + depth * per_block


def _resnet_flops(c_in: int, c_out: int, n: int) -> int:
    """ResnetBlock2D: two 3x3 convs (2 x 9 x C_in x C_out per position) and a 1x1 shortcut."""
    shortcut = c_in * c_out if c_in != c_out else 0
    return 2 * n * (9 * c_in * c_out + 9 * c_out * c_out + shortcut)


def _unet_flops(unet: DiffusionComponent, height: int, width: int, ctx: int) -> int:
    """FLOPs of one UNet pass for one image, block by block (unet_2d_condition.py layout)."""
    channels = [int(c) for c in unet.cfg("block_out_channels")]
    levels = len(channels)
    per_block = int(unet.cfg("layers_per_block"))
    depth = _per_level(unet.cfg("transformer_layers_per_block", 1), levels)
    ctx_dim = int(unet.cfg("cross_attention_dim"))
    attention = ["CrossAttn" in str(t) for t in unet.cfg("down_block_types")]
    tokens = level_tokens(height, width, levels)
    latent_in = int(unet.cfg("in_channels"))
    flops = 2 * tokens[0] * 9 * latent_in * channels[0] * 2  # conv_in and conv_out
    previous = channels[0]
    for i, c in enumerate(channels):  # down path
        for r in range(per_block):
            flops += _resnet_flops(previous if r == 0 else c, c, tokens[i])
            if attention[i]:
                flops += _transformer2d_flops(c, tokens[i], depth[i], ctx, ctx_dim)
        if i < levels - 1:
            flops += 2 * tokens[i + 1] * 9 * c * c  # Downsample2D, stride 2
        previous = c
    last = channels[-1]  # UNetMidBlock2DCrossAttn
    flops += 2 * _resnet_flops(last, last, tokens[-1])
    flops += _transformer2d_flops(last, tokens[-1], depth[-1], ctx, ctx_dim)
    for i in reversed(range(levels)):  # up path: layers_per_block + 1 resnets on concatenations
        c = channels[i]
        below = channels[min(i + 1, levels - 1)]
        for r in range(per_block + 1):
            skip = channels[max(i - 1, 0)] if r == per_block else c
            flops += _resnet_flops((below if r == 0 else c) + skip, c, tokens[i])
            if attention[i]:
                flops += _transformer2d_flops(c, tokens[i], depth[i], ctx, ctx_dim)
        if i > 0:
            flops += 2 * tokens[i - 1] * 9 * c * c  # Upsample2D conv at the doubled size
    return flops


def _flux_flops(pipeline: DiffusionPipeline, height_px: int, width_px: int) -> int:
    """FLOPs of one FLUX transformer pass for one image (transformer_flux.py).

    Per token and block, with hidden h: a double-stream block applies q, k, v, out (4 h^2) and a
    4x MLP (8 h^2) to each stream's own tokens; a single-stream block applies q, k, v (3 h^2),
    proj_mlp (4 h^2) and proj_out (5 h^2) to all tokens: 12 h^2 either way. The AdaLN modulation
    layers (about a quarter of the parameters) run once per image, not per token. Attention adds
    4 x T^2 x h per block.
    """
    transformer = pipeline.denoiser
    hidden = int(transformer.cfg("num_attention_heads")) * int(
        transformer.cfg("attention_head_dim")
    )
    blocks = int(transformer.cfg("num_layers")) + int(transformer.cfg("num_single_layers"))
    image, text = flux_tokens(pipeline, height_px, width_px)
    total = image + text
    embed = image * 2 * int(transformer.cfg("in_channels")) + text * int(
        transformer.cfg("joint_attention_dim")
    )
    return 2 * (blocks * 12 * hidden * hidden * total + embed * hidden) + 4 * blocks * (
        total * total * hidden
    )


def denoise_flops_per_image(pipeline: DiffusionPipeline, request: PlanRequest) -> float:
    """Approximate denoiser FLOPs to generate one image at the requested size and steps.

    The count is derived from the architecture (convolutions, linear layers and attention
    products at the resolution each block runs at), times ``steps``, times 2 when classifier-free
    guidance doubles the batch. Text encoding and the VAE decode run once per image and are not
    included (under 1 % of the total at 20+ steps).
    """
    opts = request.diffusion
    denoiser = pipeline.denoiser
    if denoiser.class_name == "FluxTransformer2DModel":
        per_pass = _flux_flops(pipeline, opts.height, opts.width)
    else:
        ctx = max(c.tokens or 0 for c in pipeline.text_encoders)
        per_pass = _unet_flops(
            denoiser,
            opts.height // pipeline.vae_scale_factor,
            opts.width // pipeline.vae_scale_factor,
            ctx,
        )
    passes = 2 if pipeline.uses_cfg and opts.guidance else 1
    return float(per_pass * passes * opts.steps)


def images_per_hour(
    pipeline: DiffusionPipeline, request: PlanRequest, gpu: GpuOffer, mfu: float = 0.4
) -> float:
    """Compute-bound images per hour on one GPU at model-FLOPs utilisation ``mfu``.

    Assumes the dense bf16 tensor peak for 16-bit and weight-only-quantized runs (weights are
    dequantized to 16-bit for the matmuls) and half of it for fp32 (TF32, as on NVIDIA A100/H100
    and AMD MI300 datasheets). Offloading is not modelled: model offload adds a host-to-GPU copy
    of each component per image, sequential offload makes runs far slower than this bound.
    """
    peak = gpu.bf16_tflops * 1e12 * (0.5 if request.precision.weights == "fp32" else 1.0)
    return 3600.0 * peak * mfu / denoise_flops_per_image(pipeline, request)
