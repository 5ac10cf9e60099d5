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

import json
import math
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from core.capacity.overhead import runtime_overhead
from core.capacity.weights import FP8_SCALE_BYTES_PER_MATRIX, GROUP_METADATA_BYTES
from core.catalog import GIB, GpuOffer
from core.errors import ModelSourceError, NotFoundError
from core.memory import Finding, MemoryBreakdown
from core.request import PlanRequest
from core.resources import resource_path

ComponentKind = Literal["text_encoder", "denoiser", "vae"]
PHASES = ("text_encoding", "denoising", "vae_decode")
_DTYPE_BYTES = {"fp32": 4, "fp16": 2, "bf16": 2}
_QUANT_BITS = {"fp8": 8, "int8": 8, "int4": 4}
# diffusers AutoencoderKL.__init__: tile_overlap_factor = 0.25 (autoencoder_kl.py).
_TILE_OVERLAP = 0.25
_RGB = 3


class _ComponentFile(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    name: str
    kind: ComponentKind
    class_name: str = Field(alias="class")
    params: int = Field(gt=0)
    linear_weight_params: int = Field(ge=0)
    linear_layers: int = Field(default=0, ge=0)
    largest_submodule_params: int = Field(gt=0)
    dtype: Literal["fp32", "fp16", "bf16"]
    tokens: int | None = Field(default=None, gt=0)
    config: dict[str, Any]


class _PipelineFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    source: str
    latent_channels: int = Field(gt=0)
    vae_scale_factor: int = Field(gt=0)
    default_resolution: int = Field(gt=0)
    uses_cfg: bool
    pipeline_upcasts_vae: bool
    components: list[_ComponentFile] = Field(min_length=3)


@dataclass(frozen=True)
class DiffusionComponent:
    """One model of a pipeline with its exact parameter count and architecture fields."""

    name: str
    kind: ComponentKind
    class_name: str
    params: int
    linear_weight_params: int  # nn.Linear weights: what weight-only quantization shrinks
    linear_layers: int  # nn.Linear modules (per-matrix fp8 scales); 0 when not needed
    largest_submodule_params: int  # the largest module with its own weights (sequential offload)
    dtype: str  # default runtime dtype
    config: dict[str, Any] = field(hash=False, compare=False)
    tokens: int | None = None  # prompt tokens a text encoder processes

    def cfg(self, key: str, default: Any = None) -> Any:
        """A ``config.json`` field, or ``default`` when the published config omits it."""
        return self.config.get(key, default)


@dataclass(frozen=True)
class DiffusionPipeline:
    """A text-to-image pipeline: its components and the pipeline-level behaviour that sizes it."""

    id: str
    name: str
    source: str
    components: tuple[DiffusionComponent, ...]
    latent_channels: int
    vae_scale_factor: int
    default_resolution: int
    uses_cfg: bool
    pipeline_upcasts_vae: bool

    @property
    def params_total(self) -> int:
        """Parameters of all components (what the GPU must hold without offloading)."""
        return sum(c.params for c in self.components)

    @property
    def params_active(self) -> int:
        """Parameters used per image: every component runs, so the same as the total."""
        return self.params_total

    @property
    def text_encoders(self) -> tuple[DiffusionComponent, ...]:
        """The text encoders in the order the pipeline runs them."""
        return tuple(c for c in self.components if c.kind == "text_encoder")

    @property
    def denoiser(self) -> DiffusionComponent:
        """The UNet or transformer that runs once per step."""
        return next(c for c in self.components if c.kind == "denoiser")

    @property
    def vae(self) -> DiffusionComponent:
        """The autoencoder whose decoder turns latents into pixels."""
        return next(c for c in self.components if c.kind == "vae")


@dataclass(frozen=True)
class DiffusionEstimate:
    """Per-GPU memory of one pipeline run: the peak, every phase, and the findings."""

    memory: MemoryBreakdown
    phases: dict[str, MemoryBreakdown]
    peak_phase: str
    findings: list[Finding]


def _preset_dir_ids() -> tuple[str, ...]:
    folder = resource_path("models", "diffusion")
    return tuple(sorted(p.stem for p in folder.glob("*.json")))


def diffusion_preset_ids() -> tuple[str, ...]:
    """Ids of the bundled diffusion pipelines."""
    return _preset_dir_ids()


@cache
def load_pipeline(preset_id: str) -> DiffusionPipeline:
    """Load a bundled diffusion pipeline preset.

    Args:
        preset_id: The preset id, e.g. ``"sdxl"``.

    Returns:
        The pipeline with its components.

    Raises:
        NotFoundError: No preset has this id.
        ModelSourceError: The preset file is unreadable or invalid.
    """
    known = _preset_dir_ids()
    if preset_id not in known:
        raise NotFoundError(
            f"unknown diffusion model '{preset_id}' (known: {', '.join(known)})",
            field="model.preset",
        )
    path = resource_path("models", "diffusion", f"{preset_id}.json")
    try:
        data = _PipelineFile.model_validate(json.loads(path.read_text("utf-8")))
    except (OSError, json.JSONDecodeError) as error:
        raise ModelSourceError(f"cannot read diffusion preset {path.name}: {error}") from None
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ModelSourceError(f"diffusion preset {path.name}: {where}: {first['msg']}") from None
    components = tuple(
        DiffusionComponent(
            name=c.name,
            kind=c.kind,
            class_name=c.class_name,
            params=c.params,
            linear_weight_params=c.linear_weight_params,
            linear_layers=c.linear_layers,
            largest_submodule_params=c.largest_submodule_params,
            dtype=c.dtype,
            config=c.config,
            tokens=c.tokens,
        )
        for c in data.components
    )
    kinds = [c.kind for c in components]
    if kinds.count("denoiser") != 1 or kinds.count("vae") != 1 or "text_encoder" not in kinds:
        raise ModelSourceError(
            f"diffusion preset {path.name}: needs one denoiser, one vae and a text encoder"
        )
    return DiffusionPipeline(
        id=data.id,
        name=data.name,
        source=data.source,
        components=components,
        latent_channels=data.latent_channels,
        vae_scale_factor=data.vae_scale_factor,
        default_resolution=data.default_resolution,
        uses_cfg=data.uses_cfg,
        pipeline_upcasts_vae=data.pipeline_upcasts_vae,
    )


# --- dtypes and weights -------------------------------------------------------------------------


def _runtime_dtype(component: DiffusionComponent, request: PlanRequest) -> str:
    """The float format the request asks for (the pipeline's ``torch_dtype``).

    A quantized request (fp8/int8/int4) quantizes the denoiser only; the other components then
    keep their own 16-bit dtype.
    """
    asked = request.precision.weights
    return asked if asked in ("fp32", "fp16", "bf16") else component.dtype


def vae_decode_dtype(pipeline: DiffusionPipeline, request: PlanRequest) -> str:
    """The dtype the VAE decodes in.

    diffusers ``pipeline_stable_diffusion_xl.py``: ``needs_upcasting = self.vae.dtype ==
    torch.float16 and self.vae.config.force_upcast`` -> ``self.vae.to(torch.float32)`` before
    ``vae.decode`` (the SDXL VAE overflows in fp16). ``force_upcast`` defaults to True in
    ``AutoencoderKL.__init__``. Other pipelines decode in the VAE's own dtype.
    """
    vae = pipeline.vae
    dtype = _runtime_dtype(vae, request)
    if pipeline.pipeline_upcasts_vae and dtype == "fp16" and bool(vae.cfg("force_upcast", True)):
        return "fp32"
    return dtype


def _weights(component: DiffusionComponent, dtype: str, request: PlanRequest) -> tuple[int, int]:
    """(weight bytes, quantization metadata bytes) of a component held in ``dtype``.

    Weight-only quantization (fp8/int8/int4) applies to the denoiser's nn.Linear weights, as
    bitsandbytes, torchao and diffusers layerwise casting quantize them; convolutions, norms,
    biases and embeddings stay in the component dtype. Metadata follows the language-model rule
    (core.capacity.weights): int4/int8 one fp16 scale and zero point per group of
    ``quant_group_size`` weights (counted as ceil(linear weights / group)), fp8 one fp32 weight
    and input scale per matrix.
    """
    bytes_per = _DTYPE_BYTES[dtype]
    weights_dtype = request.precision.weights
    bits = _QUANT_BITS.get(weights_dtype)
    if component.kind != "denoiser" or bits is None:
        return component.params * bytes_per, 0
    linear = component.linear_weight_params
    weights = (component.params - linear) * bytes_per + -(-linear * bits // 8)
    if weights_dtype == "fp8":
        metadata = component.linear_layers * FP8_SCALE_BYTES_PER_MATRIX
    else:
        metadata = -(-linear // request.precision.quant_group_size) * GROUP_METADATA_BYTES
    return weights, metadata


def _resident(
    component: DiffusionComponent, dtype: str, request: PlanRequest, sequential: bool
) -> tuple[int, int]:
    """Weights of ``component`` on the GPU while it runs.

    With ``enable_sequential_cpu_offload`` accelerate hooks every module that owns weights
    (``attach_align_device_hook`` in accelerate ``hooks.py``) and moves only that module's weights
    in for its forward: the largest such module is what stays resident.
    """
    weights, metadata = _weights(component, dtype, request)
    if not sequential:
        return weights, metadata
    largest, params = component.largest_submodule_params, component.params
    return -(-weights * largest // params), -(-metadata * largest // params)


# --- activations --------------------------------------------------------------------------------


def _per_level(value: Any, levels: int) -> list[int]:
    if isinstance(value, list):
        return [int(v) for v in value]
    return [int(value)] * levels


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
    tokens: list[int] = []
    h, w = height, width
    for _ in range(levels):
        tokens.append(h * w)
        # Downsample2D: 3x3 conv, stride 2, padding 1 -> ceil(n / 2).
        h, w = -(-h // 2), -(-w // 2)
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
      return a new tensor, so at the first SiLU 3 x C_in are alive; when channels change the
      1x1 shortcut, conv2 output, their sum and the scaled sum join the input: C_in + 4 x C_out;
      otherwise input, conv2 output, sum, scaled sum: 4 x C.
    * Upsample2D (upsampling.py): input (n) + nearest interpolation (4n) + conv (4n) = 9 x C x n.
    * Mid-block attention: residual, GroupNorm, q, k, v, attention output, to_out, sum: 8 x C
      at latent resolution, with no N^2 matrix under SDPA.
    * conv_norm_out, SiLU and conv_out at full resolution: 3 x C_0 + 3.
    The peak is the largest of these stage working sets.
    """
    chans = [int(c) for c in reversed(vae.cfg("block_out_channels"))]
    n = height * width
    top = chans[0]
    peak = max((int(vae.cfg("latent_channels")) + top) * n, 8 * top * n, 4 * top * n)
    previous = top
    for j, c in enumerate(chans):
        first = max(3 * previous, 2 * previous + c, previous + 4 * c if previous != c else 4 * c)
        peak = max(peak, first * n, 4 * c * n)
        if j < len(chans) - 1:
            peak = max(peak, 9 * c * n)
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
    for c in pipeline.components:
        dtype = vae_dtype if c.kind == "vae" else _runtime_dtype(c, request)
        w, m = _weights(c, dtype, request)
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
        weights, metadata = _resident(running, dtype, request, offload == "sequential")
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


def _gib(value: int) -> str:
    return f"{value / GIB:.2f} GiB"


def _findings(
    pipeline: DiffusionPipeline,
    request: PlanRequest,
    gpu: GpuOffer,
    phases: dict[str, MemoryBreakdown],
    decode: _Decode,
) -> list[Finding]:
    opts = request.diffusion
    decode_total, denoise_total = phases["vae_decode"].total, phases["denoising"].total
    larger = "the VAE decode" if decode_total > denoise_total else "denoising"
    images = "1 image" if decode.images_at_once == 1 else f"{decode.images_at_once} images"
    how = f"{images} at once in {decode.dtype}"
    if decode.tiles:
        how += f", {decode.tiles} tiles"
    findings = [
        Finding(
            code="vae_decode_peak",
            severity="info",
            glossary_term="vae",
            message=(
                f"VAE decode peak {_gib(decode_total)} ({how}); denoising peak "
                f"{_gib(denoise_total)}; {larger} is larger and sets the GPU requirement."
            ),
        )
    ]
    if decode.dtype == "fp32" and _runtime_dtype(pipeline.vae, request) == "fp16":
        findings.append(
            Finding(
                code="vae_upcast_fp32",
                severity="info",
                glossary_term="vae",
                message=(
                    f"{pipeline.name} decodes with its VAE upcast to fp32 (force_upcast: the "
                    "fp16 VAE overflows), so decode weights and activations take 4 bytes."
                ),
            )
        )
    if opts.vae_tiling:
        tile_px = vae_tile_latent(pipeline.vae) * pipeline.vae_scale_factor
        detail = (
            f"the image is decoded in {decode.tiles} overlapping tiles of {tile_px} px;"
            if decode.tiles
            else f"at {opts.width}x{opts.height} the image fits in one {tile_px} px tile, so "
            "it is decoded whole and tiling saves no memory; at larger sizes"
        )
        findings.append(
            Finding(
                code="vae_tiling_quality",
                severity="warning",
                glossary_term="vae",
                message=(
                    f"VAE tiling is on: {detail} the output can change at tile seams (tone "
                    "shifts between tiles); verify image quality before relying on it."
                ),
            )
        )
    relieved = opts.vae_tiling and opts.vae_slicing
    if decode_total > gpu.vram_bytes >= denoise_total and not relieved:
        findings.append(
            Finding(
                code="vae_decode_exceeds_vram",
                severity="warning",
                glossary_term="vae",
                message=(
                    f"Denoising fits on {gpu.name} but the VAE decode needs "
                    f"{_gib(decode_total)}; VAE slicing or tiling lowers the decode peak."
                ),
            )
        )
    if opts.cpu_offload == "sequential":
        findings.append(
            Finding(
                code="cpu_offload_sequential_slow",
                severity="warning",
                glossary_term="vram",
                message=(
                    "Sequential CPU offload keeps about one submodule on the GPU and moves "
                    "weights over the host link for every layer of every step: very slow."
                ),
            )
        )
    if request.precision.weights in _QUANT_BITS:
        findings.append(
            Finding(
                code="diffusion_quantized_denoiser",
                severity="warning",
                glossary_term="quantization",
                message=(
                    f"{request.precision.weights} applies to the {pipeline.denoiser.name}'s linear "
                    "layers only; text encoders and the VAE keep their dtype. Check kernel "
                    "support and image quality."
                ),
            )
        )
    if opts.guidance and not pipeline.uses_cfg:
        findings.append(
            Finding(
                code="guidance_distilled",
                severity="info",
                glossary_term="vram",
                message=(
                    f"{pipeline.name} is guidance-distilled: one denoiser pass per step, the "
                    "batch is not doubled for classifier-free guidance."
                ),
            )
        )
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
    tokens: list[int] = []
    h, w = height, width
    for _ in range(levels):
        tokens.append(h * w)
        h, w = -(-h // 2), -(-w // 2)
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
