"""The plan request: everything a user says about the job, validated by pydantic.

One request drives ``estimate``, ``plan``, a saved quote and an order. Everything not given has a
sensible default; numbers are bounded so that bad input is refused with the field named, never
silently clamped. ``anchorgpu-planner schema`` prints this model's JSON Schema. Decoded JSON
and request files are read into it by :mod:`core.domain.request_parsing`.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from core.domain.canonical_request import canonical_request_json
from core.domain.catalog import TermUnit
from core.domain.quant_formats import FORMATS
from core.domain.traffic_profile import TrafficProfile, TrainingGoal
from core.domain.workload_options import (
    SECTION,
    DiffusionOptions,
    InferenceOptions,
    TrainingOptions,
)
from core.texts.messages import Message

WeightDtype = Literal["fp32", "bf16", "fp16", "fp8", "int8", "int4"]
CacheDtype = Literal["fp32", "bf16", "fp16", "fp8"]
Workload = Literal["inference", "training", "diffusion"]
Strategy = Literal["single", "tensor", "ddp", "fsdp"]
FsdpSharding = Literal["full", "grad_op", "hybrid"]
Platform = Literal["cuda", "rocm", "any"]
QuantFormatName = Literal[
    "fp8-tensor",
    "fp8-channel",
    "fp8-block128",
    "int8-w8a8",
    "gptq-int4-g32",
    "gptq-int4-g64",
    "gptq-int4-g128",
    "awq-int4-g32",
    "awq-int4-g64",
    "awq-int4-g128",
    "nf4",
    "nf4-dq",
    "mxfp4",
    "mxfp4-experts",
    "nvfp4",
    "gguf-q4_0",
    "gguf-q4_1",
    "gguf-q5_0",
    "gguf-q5_1",
    "gguf-q8_0",
    "gguf-q2_k",
    "gguf-q3_k",
    "gguf-q4_k",
    "gguf-q5_k",
    "gguf-q6_k",
    "gguf-iq1_s",
    "gguf-iq1_m",
    "gguf-iq2_xxs",
    "gguf-iq2_xs",
    "gguf-iq2_s",
    "gguf-iq3_xxs",
    "gguf-iq3_s",
    "gguf-iq4_nl",
    "gguf-iq4_xs",
    "gguf-mxfp4",
    "gguf-q4_k_m",
    "gguf-q5_k_m",
]
MODEL_SOURCES = ("preset", "hf_config", "safetensors", "gguf", "custom")
LOCAL_SOURCES = ("hf_config", "safetensors", "gguf")
"""The model sources that are paths to files on this computer."""
_STRICT = ConfigDict(extra="forbid")

CUSTOM_MODEL_NAME = "Custom model ({params:,} parameters)"
_CUSTOM_NAME_PATTERN = re.compile(r"^Custom model \(([0-9,]+) parameters\)$")


def custom_model_params(name: str) -> int | None:
    """The parameter count in the name ``core.model.models.custom_architecture`` gives, or None.

    The estimate and saved quotes keep that English name; an interface names the model in its
    own language.
    """
    match = _CUSTOM_NAME_PATTERN.match(name)
    return int(match.group(1).replace(",", "")) if match else None


class CustomModel(BaseModel):
    """A model described by numbers; only ``params`` is required."""

    model_config = SECTION

    params: int = Field(gt=0, le=10**14, description="total parameter count")
    layers: int | None = Field(default=None, ge=1, le=1000)
    hidden_size: int | None = Field(default=None, ge=1, le=1_000_000)
    attention_heads: int | None = Field(default=None, ge=1, le=10_000)
    kv_heads: int | None = Field(default=None, ge=1, le=10_000)
    head_dim: int | None = Field(default=None, ge=1, le=100_000)
    intermediate_size: int | None = Field(default=None, ge=1, le=10_000_000)
    vocab_size: int | None = Field(default=None, ge=1, le=10_000_000)
    active_params: int | None = Field(default=None, gt=0, le=10**14)

    @model_validator(mode="after")
    def _consistent(self) -> CustomModel:
        # Grouped-query attention shares each KV head among an equal group of query heads, so
        # the KV heads divide the attention heads (and so never exceed them).
        if self.kv_heads and self.attention_heads and self.attention_heads % self.kv_heads:
            raise ValueError(Message("request.kv_heads_divide", heads=self.attention_heads))
        if self.active_params and self.active_params > self.params:
            raise ValueError(Message("request.active_exceeds"))
        return self


class ModelRef(BaseModel):
    """Where the model's architecture comes from: exactly one of the four sources."""

    model_config = SECTION

    preset: str | None = None
    hf_config: str | None = Field(default=None, description="path to a Hugging Face config.json")
    safetensors: str | None = Field(
        default=None, description="path to a .safetensors file or a folder with an index and shards"
    )
    gguf: str | None = Field(default=None, description="path to a .gguf model file")
    custom: CustomModel | None = None

    @model_validator(mode="after")
    def _exactly_one(self) -> ModelRef:
        given = [k for k in MODEL_SOURCES if getattr(self, k)]
        if len(given) != 1:
            raise ValueError(
                Message("request.one_source_got", given=", ".join(given))
                if given
                else Message("request.one_source")
            )
        return self

    def describe(self) -> str:
        """A short human label for the source."""
        if self.preset:
            return self.preset
        if self.hf_config:
            return f"config {Path(self.hf_config).name}"
        if self.safetensors:
            return f"safetensors {Path(self.safetensors).name}"
        if self.gguf:
            return f"gguf {Path(self.gguf).name}"
        assert self.custom is not None
        return f"custom {self.custom.params:,} params"


class Precision(BaseModel):
    """Numeric formats of the weights and of the KV cache.

    ``weights`` takes a coarse format (``int4``) or a named quantized format
    (``gptq-int4-g128``, ``nvfp4``: :data:`core.domain.quant_formats.FORMATS`); a named one is kept
    in ``format`` and ``weights`` becomes its coarse class, so every older request reads as before.
    """

    model_config = SECTION

    weights: WeightDtype = "bf16"
    kv_cache: CacheDtype = "bf16"
    quant_group_size: int = Field(default=128, ge=16, le=8192)
    format: QuantFormatName | None = Field(
        default=None, description="a named quantized weight format (exact bytes per format)"
    )

    @model_validator(mode="before")
    @classmethod
    def _named_format(cls, raw: Any) -> Any:
        if not isinstance(raw, dict):
            return raw
        weights, given = raw.get("weights"), raw.get("format")
        if isinstance(weights, str) and weights in FORMATS:
            named = FORMATS[weights]
            if given not in (None, named.name):
                raise ValueError(
                    Message("request.format_conflict", weights=named.name, format=str(given))
                )
            return {**raw, "weights": named.legacy, "format": named.name}
        if "weights" not in raw and isinstance(given, str) and given in FORMATS:
            # {"format": "nvfp4"} alone: the coarse class follows the named format.
            return {**raw, "weights": FORMATS[given].legacy}
        return raw

    @model_validator(mode="after")
    def _format_matches(self) -> Precision:
        if self.format is not None and FORMATS[self.format].legacy != self.weights:
            raise ValueError(
                Message("request.format_conflict", weights=self.weights, format=self.format)
            )
        return self


class Parallelism(BaseModel):
    """How the job is spread over GPUs."""

    model_config = SECTION

    strategy: Strategy = "single"
    gpus: int = Field(default=1, ge=1, le=4096)
    tensor_parallel: int | None = Field(default=None, ge=1, le=4096)
    fsdp_sharding: FsdpSharding = "full"
    # vLLM's --enable-expert-parallel for a mixture-of-experts model: the routed experts are split
    # whole over all ``gpus`` (EP size = TP × DP) and the ``gpus ÷ tp`` data-parallel ranks share
    # one expert group, each with its own attention and KV cache
    # (core.capacity.expert_parallel).
    expert_parallel: bool = False
    # Under expert parallelism, the data-parallel ranks of one replica (vLLM's
    # --data-parallel-size): replicas of tp × data_parallel GPUs each. None: one replica of all
    # the GPUs (data_parallel = gpus ÷ tp).
    data_parallel: int | None = Field(default=None, ge=1, le=4096)

    @model_validator(mode="after")
    def _consistent(self) -> Parallelism:
        if self.strategy == "single" and self.gpus != 1:
            raise ValueError(Message("request.single_one_gpu"))
        tp = self.tensor_parallel
        if tp is not None and tp > self.gpus:
            raise ValueError(Message("request.tp_exceeds_gpus", tp=tp, gpus=self.gpus))
        if tp is not None and self.gpus % tp:
            raise ValueError(Message("request.gpus_not_multiple", gpus=self.gpus, tp=tp))
        dp = self.data_parallel
        if dp is not None and not self.expert_parallel:
            raise ValueError(Message("request.data_parallel_needs_experts", dp=dp))
        if dp is not None and self.gpus % (self.tp * dp):
            replica = self.tp * dp
            raise ValueError(
                Message("request.gpus_not_multiple_of_replica", gpus=self.gpus, replica=replica)
            )
        return self

    @property
    def tp(self) -> int:
        """The tensor-parallel degree in effect (all GPUs for strategy 'tensor' by default)."""
        if self.tensor_parallel is not None:
            return self.tensor_parallel
        return self.gpus if self.strategy == "tensor" else 1

    @property
    def dp(self) -> int:
        """Data-parallel replicas or shards: the GPUs not used for tensor parallelism."""
        return self.gpus // self.tp

    @property
    def replica_gpus(self) -> int:
        """GPUs of one serving replica: tp, or tp × the data-parallel ranks under EP.

        Under expert parallelism without ``data_parallel``, all the GPUs are one replica.
        """
        if not self.expert_parallel:
            return self.tp
        return self.tp * self.data_parallel if self.data_parallel else self.gpus


class Runtime(BaseModel):
    """Runtime overhead assumptions (documented defaults, see core.capacity.overhead)."""

    model_config = SECTION

    context_gib: float = Field(default=0.75, ge=0, le=64, description="CUDA/HIP context per GPU")
    allocator_reserve: float = Field(
        default=0.10, ge=0, le=1, description="fraction of dynamic memory lost to fragmentation"
    )
    comm_buffer_gib: float = Field(
        default=1.5, ge=0, le=64, description="NCCL/RCCL buffers per rank when more than one GPU"
    )


class Term(BaseModel):
    """A fixed rental term: ``count`` × ``unit`` starting at ``start`` (UTC)."""

    model_config = SECTION

    unit: TermUnit = "hour"
    count: int = Field(default=1, ge=1, le=100_000)
    start: datetime | None = None

    @field_validator("start")
    @classmethod
    def _to_utc(cls, value: datetime | None) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(Message("request.start_needs_zone"))
        return value.astimezone(UTC)


class PlanRequest(BaseModel):
    """One plan request: the job, the model, the sizes, the parallelism and the rental term."""

    model_config = _STRICT

    workload: Workload = "inference"
    model: ModelRef
    precision: Precision = Precision()
    inference: InferenceOptions = InferenceOptions()
    training: TrainingOptions = TrainingOptions()
    diffusion: DiffusionOptions = DiffusionOptions()
    parallelism: Parallelism = Parallelism()
    platform: Platform = "any"
    runtime_version: str | None = Field(
        default=None,
        pattern=r"^\d+\.\d+$",
        description="CUDA or ROCm version the workload requires, e.g. 12.4",
    )
    runtime: Runtime = Runtime()
    gpu: str | None = Field(default=None, description="catalog id; the cheapest fit when absent")
    term: Term = Term()
    storage_gb: int | None = Field(
        default=None, ge=0, le=1_000_000, description="persistent storage; training sizes it itself"
    )
    traffic: TrafficProfile | None = Field(
        default=None,
        description="serving: the traffic and latency to plan for (core.planning.traffic)",
    )
    goal: TrainingGoal | None = Field(
        default=None,
        description="training: the tokens to train and the deadline (core.planning.traffic)",
    )

    @model_validator(mode="after")
    def _layerwise_casting_is_fp8(self) -> PlanRequest:
        layerwise = self.diffusion.quant_backend == "layerwise_casting"
        if self.workload == "diffusion" and layerwise and self.precision.weights != "fp8":
            weights = self.precision.weights
            raise ValueError(Message("request.layerwise_casting_fp8", weights=weights))
        return self

    def canonical_json(self) -> str:
        """Canonical JSON of the request (sorted keys, defaults included) for fingerprints."""
        return canonical_request_json(self.model_dump(mode="json"))
