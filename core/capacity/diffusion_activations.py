"""Diffusion activations: the tensors alive at once in each phase's diffusers forward code.

Inference keeps nothing for backward, so a phase's activation peak is its largest transient working
set (see :mod:`core.capacity.diffusion` for the sources).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from core.domain.request import PlanRequest
from core.model.diffusion_pipeline import (
    _DTYPE_BYTES,
    _RGB,
    _TILE_OVERLAP,
    DiffusionComponent,
    DiffusionPipeline,
    _runtime_dtype,
    vae_decode_dtype,
)

# --- activations --------------------------------------------------------------------------------

# A convolution's cuDNN workspace, in multiples of its input, held while its kernel runs. cuDNN
# chooses the kernel and its workspace at run time (PyTorch allocates it through the caching
# allocator, Conv_v8.cpp), so the size is not in any source: it is calibrated on the SDXL
# notebook's two decodes of 4 images of 1024x1024 in fp32 (huggingface/notebooks "exploring simple
# optimizations for sdxl": 21.72 GiB with fp16 weights, 28.09 GiB in fp32, 15.10 and 15.17 GiB
# above the weights), where one input-sized workspace at the 512 -> 1024 upsampler's convolution
# gives 15.0 GiB. It puts FLUX's decode of one 1024x1024 bf16 image at 1.875 GiB; replayed through
# the caching allocator, the FLUX quantization post's reserved peaks, not used here, come out
# 2-8 % under (docs/ACCURACY.md).
CONV_WORKSPACE = 1


def _per_level(value: Any, levels: int) -> list[int]:
    if isinstance(value, list):
        return [int(v) for v in value]
    return [int(value)] * levels


def level_tokens(height: int, width: int, levels: int) -> list[int]:
    """Latent positions at each UNet level (the first at full latent size)."""
    tokens: list[int] = []
    h, w = height, width
    for _ in range(levels):
        tokens.append(h * w)
        # Downsample2D: 3x3 conv, stride 2, padding 1 -> ceil(n / 2).
        h, w = -(-h // 2), -(-w // 2)
    return tokens


def _unet_elements(unet: DiffusionComponent, height: int, width: int) -> int:
    """Peak activation elements of one UNet pass for one image (diffusers UNet2DConditionModel).

    Skip connections: ``down_block_res_samples`` keeps conv_in's output, every resnet/attention
    output and every downsampler output until the up path consumes them (unet_2d_condition.py);
    all of them are counted (an upper bound: the up path frees the deep ones first).

    Working set, the largest of:
    * a Transformer2DModel at an attention level, counted from attention.py
      (BasicTransformerBlock) during the GEGLU feed-forward: the Transformer2DModel residual 1,
      block input 1, hidden after the residual adds 1, cross-attention output 1, norm3 output 1,
      GEGLU projection 8 (``proj`` to 2 x 4C, ``chunk`` keeps it), GELU(gate) 4, product 4: 21 x C,
      plus the up-path input the UNet still holds (channels of the level below);
    * the first ResnetBlock2D of an up block (resnet.py): the UNet holds the up-path input, the
      block concatenates it with a skip, then GroupNorm and SiLU each make a copy:
      below + 3 x (below + C).
    Self-attention uses SDPA, so no tokens x tokens matrix (memory-efficient kernel).
    """
    channels = [int(c) for c in unet.cfg("block_out_channels")]
    levels = len(channels)
    per_block = int(unet.cfg("layers_per_block"))
    attention = ["CrossAttn" in str(t) for t in unet.cfg("down_block_types")]
    tokens = level_tokens(height, width, levels)
    skips = channels[0] * tokens[0]
    for i, c in enumerate(channels):
        skips += per_block * c * tokens[i]
        if i < levels - 1:
            skips += c * tokens[i + 1]
    working = 21 * channels[-1] * tokens[-1]  # UNetMidBlock2DCrossAttn at the lowest level
    for i, c in enumerate(channels):
        below = channels[min(i + 1, levels - 1)]
        working = max(working, (below + 3 * (below + c)) * tokens[i])
        if attention[i]:
            working = max(working, (21 * c + below) * tokens[i])
    return skips + working


def flux_tokens(pipeline: DiffusionPipeline, height_px: int, width_px: int) -> tuple[int, int]:
    """(image tokens, text tokens) of one FLUX transformer pass.

    pipeline_flux.py packs 2 x 2 latent patches into one token (``_pack_latents``; in_channels 64 =
    16 latent channels x 4) and rounds the latent size down to a multiple of 2, so
    tokens = (H / 16) x (W / 16); the T5 prompt is padded to ``max_sequence_length`` = 512.
    """
    transformer = pipeline.denoiser
    patch = math.isqrt(int(transformer.cfg("in_channels")) // pipeline.latent_channels)
    step = pipeline.vae_scale_factor * patch
    text = max(c.tokens or 0 for c in pipeline.text_encoders)
    return (height_px // step) * (width_px // step), text


def _flux_elements(pipeline: DiffusionPipeline, height_px: int, width_px: int) -> int:
    """Peak activation elements of one FLUX transformer pass for one image.

    Counted from transformer_flux.py in units of tokens x hidden (hidden = heads x head_dim),
    T = image + text tokens:
    * FluxSingleTransformerBlock (MLP ratio 4), during RoPE on the keys: previous block output 1,
      concatenated residual 1, AdaLayerNormZeroSingle output 1, MLP branch 4, q/k/v 3, and the
      rotary embedding's transients in embeddings.py ``apply_rotary_emb`` (x.float() 2, rotated
      copy 1, two fp32 products 4 at 2 bytes per unit): 17.
    * FluxTransformerBlock (double stream): inputs 1, both AdaLayerNormZero outputs 1, the joint
      q/k/v after ``torch.cat`` 3, RoPE transients 7, plus the text-stream q/k/v kept by the
      processor: 12 x T + 3 x text.
    """
    transformer = pipeline.denoiser
    hidden = int(transformer.cfg("num_attention_heads")) * int(
        transformer.cfg("attention_head_dim")
    )
    image, text = flux_tokens(pipeline, height_px, width_px)
    total = image + text
    single = 17 * total * hidden
    double = 12 * total * hidden + 3 * text * hidden
    return max(single, double)


def _encoder_hidden(component: DiffusionComponent) -> tuple[int, int, int, int]:
    """(hidden, ffn width, layers, heads) of a CLIP or T5 encoder config."""
    cfg = component.config
    if "d_model" in cfg:  # T5Config
        return int(cfg["d_model"]), int(cfg["d_ff"]), int(cfg["num_layers"]), int(cfg["num_heads"])
    return (
        int(cfg["hidden_size"]),
        int(cfg["intermediate_size"]),
        int(cfg["num_hidden_layers"]),
        int(cfg["num_attention_heads"]),
    )


def _text_encoder_elements(component: DiffusionComponent, prompts: int) -> int:
    """Activation elements of one text encoder call.

    Every layer's hidden state is counted (SDXL asks ``output_hidden_states=True`` for the
    penultimate layer), plus one layer's working set: q, k, v and attention output (4 x hidden)
    and the MLP (2 x ffn; 3 x ffn for T5's gated-GELU: wi_0, wi_1 and their product,
    transformers modeling_t5.py). T5 adds its relative position bias, heads x tokens^2.
    """
    hidden, ffn, layers, heads = _encoder_hidden(component)
    tokens = component.tokens or 77
    gated = str(component.cfg("feed_forward_proj", "")).startswith("gated")
    per_token = hidden * (layers + 1) + 4 * hidden + (3 if gated else 2) * ffn
    bias = heads * tokens * tokens if component.cfg("relative_attention_num_buckets") else 0
    return prompts * (tokens * per_token + bias)


def _decoder_elements(vae: DiffusionComponent, height: int, width: int) -> int:
    """Peak activation elements of the VAE decoder for one image of latent size height x width.

    vae.py Decoder: conv_in, UNetMidBlock2D (resnet, single-head self-attention over the latent
    grid through SDPA, resnet), then up blocks over ``reversed(block_out_channels)`` with
    ``layers_per_block + 1`` ResnetBlock2D each and an Upsample2D (x2) after all but the last.
    Tensors alive at once, counted from the forward code:
    * ResnetBlock2D (resnet.py): the caller's input stays referenced; GroupNorm and SiLU each
      return a new tensor, so at the first SiLU 3 x C_in are alive; conv1 adds its output and its
      workspace (below): 3 x C_in + C_out; when channels change the 1x1 shortcut, conv2 output,
      their sum and the scaled sum join the input: C_in + 4 x C_out; otherwise input, conv2
      output, sum, scaled sum: 4 x C.
    * ``Decoder.forward`` keeps each up block's input in ``sample`` until the block returns: from
      the block's second resnet on it is alive beside the resnet's own tensors.
    * Upsample2D (upsampling.py): input (n) + nearest interpolation (4n) + conv output (4n) + the
      conv's workspace (4n) = 13 x C x n. diffusers casts bf16 to fp32 around the interpolation
      only under PyTorch < 2.1 (diffusers 0.31, PR 9480), so no dtype adds a copy.
    * Every convolution takes a cuDNN workspace the size of its input while its kernel runs
      (:data:`CONV_WORKSPACE`).
    * Mid-block attention: residual, GroupNorm, q, k, v, attention output, to_out, sum: 8 x C
      at latent resolution, with no N^2 matrix under SDPA.
    * conv_norm_out, SiLU and conv_out at full resolution: 3 x C_0 + 3.
    The peak is the largest of these stage working sets.
    """
    chans = [int(c) for c in reversed(vae.cfg("block_out_channels"))]
    n = height * width
    top = chans[0]
    peak = max((int(vae.cfg("latent_channels")) + top) * n, 8 * top * n, 4 * top * n)
    upsample = 9 + 4 * CONV_WORKSPACE
    previous = top
    for j, c in enumerate(chans):
        conv1 = (2 + CONV_WORKSPACE) * previous + c
        first = max(3 * previous, conv1, previous + 4 * c if previous != c else 4 * c)
        later = previous + 4 * c  # the block's input, held by Decoder.forward
        peak = max(peak, first * n, later * n)
        if j < len(chans) - 1:
            peak = max(peak, (previous + upsample * c) * n)
            n *= 4
        previous = c
    return max(peak, (3 * chans[-1] + _RGB) * n)


def vae_tile_latent(vae: DiffusionComponent) -> int:
    """Latent edge of one decode tile: ``tile_latent_min_size`` in autoencoder_kl.py.

    ``tile_sample_min_size = config.sample_size`` (512 px for the SD 1.5 VAE, 1024 px for the
    SDXL and FLUX VAEs) and ``tile_latent_min_size = sample_size / 2 ** (len(block_out_channels)
    - 1)``.
    """
    stages = len(vae.cfg("block_out_channels"))
    return int(vae.cfg("sample_size")) >> (stages - 1)


def _tiled_decoder_elements(
    vae: DiffusionComponent, height: int, width: int
) -> tuple[int, int] | None:
    """(peak elements per image, tile count) of ``tiled_decode``; None if one tile covers it.

    autoencoder_kl.py ``_decode`` tiles only when a latent side exceeds ``tile_latent_min_size``;
    ``tiled_decode`` steps by ``int(tile * (1 - 0.25))``, decodes every tile, keeps the decoded
    RGB tiles in ``rows`` and blends them at the end into result rows and the image. Peak: one
    tile's decoder working set plus the decoded tiles held so far, or, while blending, all tiles
    plus the result rows and the concatenated image (2 images).
    """
    tile = vae_tile_latent(vae)
    if height <= tile and width <= tile:
        return None
    stride = int(tile * (1 - _TILE_OVERLAP))
    scale = 1 << (len(vae.cfg("block_out_channels")) - 1)
    shapes = [
        (min(tile, height - i), min(tile, width - j))
        for i in range(0, height, stride)
        for j in range(0, width, stride)
    ]
    working = max(_decoder_elements(vae, th, tw) for th, tw in set(shapes))
    held = sum(_RGB * th * tw * scale * scale for th, tw in shapes)
    image = _RGB * height * width * scale * scale
    return max(working + held, held + 2 * image), len(shapes)


@dataclass(frozen=True)
class _Decode:
    activation_bytes: int
    dtype: str
    tiles: int  # 0 when decoded whole
    images_at_once: int


def _decode(pipeline: DiffusionPipeline, request: PlanRequest) -> _Decode:
    """Decode-phase activation bytes (slicing: ``AutoencoderKL.decode`` splits the batch)."""
    opts = request.diffusion
    vae = pipeline.vae
    dtype = vae_decode_dtype(pipeline, request)
    h, w = opts.height // pipeline.vae_scale_factor, opts.width // pipeline.vae_scale_factor
    at_once = 1 if opts.vae_slicing else opts.batch_size
    tiled = _tiled_decoder_elements(vae, h, w) if opts.vae_tiling else None
    per_image, tiles = tiled if tiled else (_decoder_elements(vae, h, w), 0)
    elements = at_once * per_image
    if opts.vae_slicing:
        # ``decoded_slices`` keeps every finished image until ``torch.cat``.
        elements += (opts.batch_size - 1) * _RGB * opts.height * opts.width
    return _Decode(elements * _DTYPE_BYTES[dtype], dtype, tiles, at_once)


def denoiser_batch(pipeline: DiffusionPipeline, request: PlanRequest) -> int:
    """Images per denoiser pass: CFG concatenates unconditional and conditional latents."""
    opts = request.diffusion
    return opts.batch_size * (2 if pipeline.uses_cfg and opts.guidance else 1)


def _denoise_activation_bytes(pipeline: DiffusionPipeline, request: PlanRequest) -> int:
    opts = request.diffusion
    denoiser = pipeline.denoiser
    batch = denoiser_batch(pipeline, request)
    h, w = opts.height // pipeline.vae_scale_factor, opts.width // pipeline.vae_scale_factor
    if denoiser.class_name == "FluxTransformer2DModel":
        per_image = _flux_elements(pipeline, opts.height, opts.width)
    else:
        per_image = _unet_elements(denoiser, h, w)
    # Inputs held for the whole loop: latents and the prompt embeddings.
    inputs = pipeline.latent_channels * h * w
    inputs += sum((c.tokens or 0) * _encoder_hidden(c)[0] for c in pipeline.text_encoders)
    return batch * (per_image + inputs) * _DTYPE_BYTES[_runtime_dtype(denoiser, request)]
