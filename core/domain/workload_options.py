"""The workload sections of a plan request: serving, training and image generation options.

Each field carries the default of the engine or trainer it follows, with its source; every
number is bounded, so bad input is refused with the field named (see :mod:`core.domain.request`,
which puts these sections together into a :class:`~core.domain.request.PlanRequest`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from core.domain.trainer_options import TRAINER_DEFAULTS, BnbVersion, Trainer
from core.texts.messages import Message

Engine = Literal["vllm", "llama.cpp"]
# The vLLM releases whose start-up profile the planner follows, by the first release of each (see
# core.capacity.vllm_profile.SAMPLER_BYTES): up to 0.16 the profile's sampler sorts the whole
# vocabulary for top-k/top-p; from 0.17 a Triton kernel masks the logits in place (vLLM PR 33538,
# listed under "Kernel" in the v0.17.0 release notes).
VllmVersion = Literal["0.7-0.16", "0.17+"]
# vLLM's MXFP4 MoE kernel for an MXFP4 checkpoint's experts (gpt-oss): "auto" is vLLM's own choice
# for the GPU (core.capacity.vllm_mxfp4); each pads the experts differently.
Mxfp4Backend = Literal["auto", "marlin", "triton", "flashinfer"]
# llama.cpp's KV cache types the planner sizes (ggml block sizes in core.domain.gguf_types).
LlamaCppCacheType = Literal["f16", "q8_0", "q4_0"]

# The sections of a request are frozen: a default section is then shared by every request that
# leaves it out instead of deep-copied into each (a third of the time of validating a request).
SECTION = ConfigDict(extra="forbid", frozen=True)
# The MFU a request assumes unless it says otherwise (core.capacity.throughput gives its source).
DEFAULT_MFU = 0.4


class LlamaCppOptions(BaseModel):
    """llama.cpp's own serving options, with llama.cpp's defaults (``common/common.h``).

    The context llama.cpp allocates (``-c``, ``n_ctx``) is ``inference.context_tokens`` ×
    ``inference.concurrent_sequences``, and the slots (``-np``, ``n_parallel``) are
    ``inference.concurrent_sequences``: llama-server shares one context among its slots.
    """

    model_config = SECTION

    # llama.cpp's default is -1, "auto": with --fit (on by default) it offloads as many layers as
    # fit in each device's free memory less a 1 GiB margin; <= -2 means all. None here plans all
    # layers and, when they do not fit, the most that fit (the rest run on the CPU).
    n_gpu_layers: int | None = Field(
        default=None, ge=0, le=10_000, description="-ngl: layers offloaded (output layer counts)"
    )
    n_batch: int = Field(default=2048, ge=1, le=1_000_000, description="-b: logical batch")
    n_ubatch: int = Field(default=512, ge=1, le=1_000_000, description="-ub: physical batch")
    cache_type_k: LlamaCppCacheType = "f16"
    cache_type_v: LlamaCppCacheType = "f16"
    # llama.cpp's default is "auto": on where the backend supports it (CUDA and ROCm do).
    flash_attn: bool = True


class InferenceOptions(BaseModel):
    """Serving sizes."""

    model_config = SECTION

    context_tokens: int = Field(
        default=4096, ge=1, le=10_000_000, description="tokens per sequence"
    )
    concurrent_sequences: int = Field(default=1, ge=1, le=100_000)
    prefill_chunk_tokens: int = Field(
        default=2048, ge=1, le=1_000_000, description="tokens processed per forward pass in prefill"
    )
    gpu_memory_utilization: float = Field(
        default=0.9, gt=0, le=1, description="fraction of each GPU the server may use (vLLM)"
    )
    output_tokens: int = Field(default=512, ge=1, le=10_000_000, description="tokens generated")
    # vLLM's scheduler limits; None means vLLM's default for the GPU (EngineArgs.get_batch_defaults
    # in vllm/engine/arg_utils.py: 8192 tokens and 1024 sequences on a GPU of 70 GiB or more that
    # is not an A100, else 2048 and 256). They size its start-up profile run
    # (core.capacity.vllm_profile).
    max_num_batched_tokens: int | None = Field(
        default=None, ge=1, le=10_000_000, description="vLLM max_num_batched_tokens"
    )
    max_num_seqs: int | None = Field(
        default=None, ge=1, le=100_000, description="vLLM max_num_seqs"
    )
    engine: Engine = Field(default="vllm", description="the serving engine the memory follows")
    vllm_version: VllmVersion = Field(
        default="0.17+",
        description="the vLLM release the start-up profile follows: 0.7-0.16 sample it with a"
        " sort of the whole vocabulary, 0.17 and later mask the logits in place",
    )
    mxfp4_backend: Mxfp4Backend = Field(
        default="auto",
        description="vLLM's MoE kernel for MXFP4 experts (gpt-oss): Marlin pads them most; auto"
        " is vLLM's choice for the GPU (VLLM_MXFP4_USE_MARLIN, FlashInfer on Blackwell)",
    )
    # vLLM --speculative-config '{"method": "mtp", "num_speculative_tokens": N}': the model's
    # multi-token-prediction layers draft N tokens a step (core.model.mtp). 0, vLLM's default,
    # drafts nothing (no speculative_config: SpeculativeConfig is None in vllm/config/vllm.py).
    mtp_speculative_tokens: int = Field(
        default=0,
        ge=0,
        le=16,
        description="speculative decoding with the model's MTP layers: draft tokens per step"
        " (vLLM num_speculative_tokens; 0: off)",
    )
    llamacpp: LlamaCppOptions = LlamaCppOptions()

    @model_validator(mode="after")
    def _llamacpp_consistent(self) -> InferenceOptions:
        # Judged only when llama.cpp serves: its options are kept, unused, under another engine.
        opts = self.llamacpp
        if self.engine == "llama.cpp" and opts.cache_type_v != "f16" and not opts.flash_attn:
            # llama_init_from_model refuses it: "V cache quantization requires flash_attn".
            raise ValueError(Message("request.llamacpp_v_needs_fa"))
        return self

    @model_validator(mode="after")
    def _mtp_is_vllm(self) -> InferenceOptions:
        if self.mtp_speculative_tokens and self.engine != "vllm":
            raise ValueError(Message("request.mtp_needs_vllm", engine=self.engine))
        return self


class TrainingOptions(BaseModel):
    """Training or fine-tuning settings.

    ``trainer`` names the training loop the memory follows (core.capacity.trainers) and sets the
    defaults of the options its recipes fix (``TRAINER_DEFAULTS``); a value given in the request
    is kept.
    """

    model_config = SECTION

    trainer: Trainer = Field(
        default="transformers",
        description="the training loop the memory follows: transformers' Trainer, torchtune's"
        " recipes or LitGPT's finetune scripts",
    )
    method: Literal["full", "lora", "qlora"] = "full"
    # A quote saved before this option was quoted with the inputs kept: core.domain.request reads it
    # so.
    bnb_version: BnbVersion = Field(
        default="0.43.2+",
        description="QLoRA: the bitsandbytes version; before 0.43.2 its 4-bit matmuls keep their"
        " inputs for backward (core.capacity.trainers); torchtune's torchao base keeps none",
    )
    # paged_adamw_8bit: bitsandbytes PagedAdamW8bit (torchtune's single-device full fine-tune);
    # its 8-bit moments live in CUDA managed memory and page to the host (core.capacity.training).
    optimizer: Literal["adamw", "adamw_8bit", "paged_adamw_8bit", "sgd"] = "adamw"
    mixed_precision: Literal["bf16", "fp16", "fp32"] = "bf16"
    micro_batch_size: int = Field(default=1, ge=1, le=100_000)
    sequence_length: int = Field(default=2048, ge=1, le=10_000_000)
    activation_checkpointing: bool = False
    flash_attention: bool = True
    lora_rank: int = Field(default=16, ge=1, le=65_536)
    lora_targets: Literal["qv", "attention", "all_linear"] = "all_linear"
    # How the trained weights are held (core.capacity.training): "mixed" keeps an fp32 master copy
    # and fp32 Adam moments (16 bytes per parameter, the ZeRO paper's accounting); "pure" trains
    # in the compute dtype with the optimizer states in it too (torchtune's default dtype=bf16:
    # 8 bytes per parameter with AdamW; LitGPT --precision bf16-true).
    weights_precision: Literal["mixed", "pure"] = "mixed"
    qlora_double_quant: bool = Field(
        default=True,
        description="QLoRA's double quantization of the NF4 scales (bitsandbytes"
        " bnb_4bit_use_double_quant; LitGPT bnb.nf4-dq vs bnb.nf4)",
    )
    lora_dropout: bool = Field(
        default=False,
        description="dropout on the adapters' input (LitGPT 0.05); PEFT and torchtune default 0",
    )
    optimizer_in_backward: bool = Field(
        default=False,
        description="step the optimizer per parameter during backward (torchtune"
        " optimizer_in_bwd): gradients are freed as they are produced",
    )
    offload: Literal["none", "optimizer", "optimizer_and_params"] = Field(
        default="none",
        description="CPU offload of the optimizer states (ZeRO-Offload, FSDP CPUOffload), and of"
        " the parameters and gradients too (ZeRO-3 offload_param)",
    )
    activation_offloading: bool = Field(
        default=False,
        description="stored activations moved to CPU memory during forward (torchtune"
        " enable_activation_offloading)",
    )
    loss: Literal["full", "chunked"] = Field(
        default="full",
        description="full fp32 logits, or the LM head and cross-entropy in chunks upcast one at"
        " a time (torchtune CEWithChunkedOutputLoss, compiled); LitGPT's scripts fix their own"
        " head and loss, whatever this says",
    )
    tokens: int = Field(
        default=1_000_000_000, ge=1, le=10**16, description="dataset tokens to train"
    )
    mfu: float = Field(
        default=DEFAULT_MFU,
        gt=0,
        le=1,
        description="model FLOPs utilisation assumed; for training, the default leaves the run's"
        " speed to the model calibrated on published runs (core.speed.training) and any other"
        " value is applied as given",
    )

    @model_validator(mode="before")
    @classmethod
    def _trainer_defaults(cls, data: object) -> object:
        # The trainer's recipe values fill the options the request leaves out.
        if isinstance(data, dict) and isinstance(trainer := data.get("trainer"), str):
            return TRAINER_DEFAULTS.get(trainer, {}) | data
        return data


class DiffusionOptions(BaseModel):
    """Image generation settings."""

    model_config = SECTION

    width: int = Field(default=1024, ge=64, le=16_384)
    height: int = Field(default=1024, ge=64, le=16_384)
    batch_size: int = Field(default=1, ge=1, le=1024)
    steps: int = Field(default=30, ge=1, le=10_000)
    guidance: bool = Field(default=True, description="classifier-free guidance (doubles the batch)")
    vae_tiling: bool = False
    vae_slicing: bool = False
    cpu_offload: Literal["none", "model", "sequential"] = "none"
    quantized_text_encoders: Literal["none", "largest", "all"] = Field(
        default="none",
        description="text encoders whose nn.Linear weights precision.weights quantizes too"
        " (diffusers PipelineQuantizationConfig quant_mapping); 'largest' is FLUX's T5",
    )
    quant_backend: Literal["bitsandbytes", "torchao", "quanto", "layerwise_casting"] = Field(
        default="bitsandbytes",
        description="how precision.weights is applied: bitsandbytes keeps a text encoder's fp32"
        " modules (T5's wo) in fp32, torchao and quanto in the pipeline dtype; layerwise_casting"
        " is diffusers' enable_layerwise_casting of the denoiser (fp8 storage, no scales)",
    )

    @field_validator("width", "height")
    @classmethod
    def _multiple_of_8(cls, value: int) -> int:
        if value % 8:
            raise ValueError(Message("request.multiple_of_8", value=str(value)))
        return value
