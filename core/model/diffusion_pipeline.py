"""Diffusion pipeline presets: components, their published configuration, and loading them.

``resources/models/diffusion/<id>.json`` holds each pipeline's components (text encoders,
denoiser, VAE) with their exact parameter counts and the ``config.json`` fields the memory model
reads. :func:`load_pipeline` validates a preset file and returns a :class:`DiffusionPipeline`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from core.base.errors import ModelSourceError, NotFoundError
from core.base.resources import resource_path
from core.domain.breakdown import Finding, MemoryBreakdown
from core.domain.request import PlanRequest
from core.texts.messages import Message, validation_message

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
    # torch.cuda.max_memory_reserved of one run where nothing forces the cache back (None when
    # not replayed: CPU offload or a tiled decode); see
    # core.capacity.diffusion.reserved_uncontended.
    reserved_uncontended: int | None = None


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
            Message("diffusion.unknown_preset", preset_id=preset_id, known=", ".join(known)),
            field="model.preset",
        )
    path = resource_path("models", "diffusion", f"{preset_id}.json")
    try:
        data = _PipelineFile.model_validate(json.loads(path.read_text("utf-8")))
    except (OSError, json.JSONDecodeError) as error:
        raise ModelSourceError(
            Message("diffusion.cannot_read", path=path.name, reason=str(error))
        ) from None
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ModelSourceError(
            Message(
                "diffusion.invalid", path=path.name, where=where, reason=validation_message(first)
            )
        ) from None
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
        raise ModelSourceError(Message("diffusion.components", path=path.name))
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


# --- dtypes --------------------------------------------------------------------------------------


def _runtime_dtype(component: DiffusionComponent, request: PlanRequest) -> str:
    """The float format the request asks for (the pipeline's ``torch_dtype``).

    A quantized request (fp8/int8/int4) quantizes the denoiser's (and, when asked, text
    encoders') linear weights; the other tensors keep the component's own 16-bit dtype.
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
