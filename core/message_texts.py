"""The English templates of :mod:`core.messages`, by key.

A key is a finding's code (``tp_pcie``), a code and a variant (``vae_tiling_quality.whole``), or
a dotted name for a note, a price line, a planner reason or an error. The text is what the command
line prints; ``gui/core_templates.py`` repeats each one for Qt Linguist, and a test keeps the two
equal. Change a text only together with its copy there.
"""

from __future__ import annotations

_FINDINGS = {
    "platform_mismatch": (
        "the workload needs {needs}, but {gpu} is an {vendor} GPU that runs {has}; {needs} "
        "workloads never run on it"
    ),
    "driver_too_old": (
        "the workload needs {platform} {version}, but the driver of this offer supports "
        "{platform} up to {limit}"
    ),
    "rocm_verify": (
        "check ROCm support for {gfx}, the OS image, the framework build and every dependency: "
        "CUDA-only libraries and kernels do not run here"
    ),
    "bf16_unsupported": "bf16 needs compute capability 8.0+, {gpu} has {cc}",
    "fp8_unsupported": "fp8 needs CDNA3 (gfx942); {gpu} is {gfx}",
    "fp8_emulated": (
        "{gpu} (compute capability {cc}) has no fp8 tensor cores (8.9+ needed): weight-only fp8 "
        "kernels dequantize to 16-bit, saving memory but not compute; check that your serving "
        "stack offers them"
    ),
    "int4_kernels_rocm": (
        "int4 (GPTQ/AWQ) kernels on ROCm depend on the framework build; verify them for {gfx}"
    ),
    "int4_kernels_missing": "fast int4 kernels (Marlin) need compute capability 8.0+",
    "quantization_quality": (
        "{weights} weights change the model's outputs; verify output quality on your own data, "
        "and that kernels exist for this GPU and platform"
    ),
    "kv_cache_fp8_quality": (
        "an fp8 KV cache halves its memory but can lower accuracy; verify output quality"
    ),
    "qlora_quality": (
        "QLoRA trains against NF4-quantized base weights; compare the result with a 16-bit baseline"
    ),
    "too_many_gpus": (
        "{gpu} offers at most {max_gpus} GPUs per allocation ({per_node} per node × "
        "{max_nodes} nodes), {gpus} asked"
    ),
    "tp_heads_indivisible": (
        "tensor-parallel degree {tp} does not divide the {heads} attention heads"
    ),
    "tp_kv_heads_indivisible": (
        "tensor-parallel degree {tp} and the {kv_heads} KV heads do not divide one another"
    ),
    "kv_heads_replicated": (
        "tensor-parallel degree {tp} exceeds the {kv_heads} KV heads: each GPU keeps a "
        "replicated head, so the KV cache does not shrink further"
    ),
    "tp_across_nodes": (
        "tensor-parallel degree {tp} spans nodes ({per_node} GPUs per node): every layer's "
        "all-reduce crosses the network; keep tensor parallelism within a node"
    ),
    "tp_pcie": (
        "{gpu} GPUs talk over PCIe only: tensor parallelism's all-reduce in every layer will "
        "slow each step noticeably"
    ),
    "tp_stack_support": (
        "tensor parallelism needs a serving or training stack that supports it for this model"
    ),
    "disclaimer": (
        "The definitions explain concepts; they do not guarantee that a specific workload, "
        "library version or topology is supported by an AnchorGPU allocation."
    ),
    "moe_total_params": (
        "mixture of experts: memory holds all {total:.1f}B parameters, while each token "
        "computes with {active:.1f}B"
    ),
    "ddp_does_not_pool": (
        "needs {need:.1f} GB per GPU, each {gpu} has {usable:.1f} GB: DDP keeps a full replica "
        "on every GPU and does not pool memory, so {gpus} × {usable:.1f} GB = {pooled:.1f} GB "
        "does not help; shard the model with FSDP or tensor parallelism"
    ),
    "strategy_not_for_inference": (
        "FSDP is a training strategy; to spread a model for serving use tensor parallelism"
    ),
    "checkpoint_restore": (
        "a resumable checkpoint takes about {size:.1f} GB (model, optimizer, scheduler, RNG and "
        "data-loader state); verify that it restores, not only that it is written"
    ),
    "fsdp_sharded_checkpoint": (
        "FSDP writes checkpoints as {shards} shards; to restore on another number of GPUs they "
        "must be consolidated or resharded (torch.distributed.checkpoint); FSDP also adds "
        "communication every step"
    ),
    "ddp_buckets": (
        "PyTorch DDP copies gradients into all-reduce buckets, up to the gradients' size again, "
        "unless gradient_as_bucket_view=True"
    ),
    "diffusion_replicas_only": (
        "the diffusion pipelines run whole on each GPU; more GPUs serve as independent replicas "
        "(choose single or ddp)"
    ),
    "vae_decode_peak.one": (
        "VAE decode peak {decode:.2f} GiB (1 image at once in {dtype}); denoising peak "
        "{denoise:.2f} GiB; {larger} is larger and sets the GPU requirement."
    ),
    "vae_decode_peak.many": (
        "VAE decode peak {decode:.2f} GiB ({images} images at once in {dtype}); denoising peak "
        "{denoise:.2f} GiB; {larger} is larger and sets the GPU requirement."
    ),
    "vae_decode_peak.one_tiled": (
        "VAE decode peak {decode:.2f} GiB (1 image at once in {dtype}, {tiles} tiles); "
        "denoising peak {denoise:.2f} GiB; {larger} is larger and sets the GPU requirement."
    ),
    "vae_decode_peak.many_tiled": (
        "VAE decode peak {decode:.2f} GiB ({images} images at once in {dtype}, {tiles} tiles); "
        "denoising peak {denoise:.2f} GiB; {larger} is larger and sets the GPU requirement."
    ),
    "vae_upcast_fp32": (
        "{pipeline} decodes with its VAE upcast to fp32 (force_upcast: the fp16 VAE overflows), "
        "so decode weights and activations take 4 bytes."
    ),
    "vae_tiling_quality.tiled": (
        "VAE tiling is on: the image is decoded in {tiles} overlapping tiles of {tile_px} px; the "
        "output can change at tile seams (tone shifts between tiles); verify image quality "
        "before relying on it."
    ),
    "vae_tiling_quality.whole": (
        "VAE tiling is on: at {width}x{height} the image fits in one {tile_px} px tile, so it is "
        "decoded whole and tiling saves no memory; at larger sizes the output can change at tile "
        "seams (tone shifts between tiles); verify image quality before relying on it."
    ),
    "vae_decode_exceeds_vram": (
        "Denoising fits on {gpu} but the VAE decode needs {decode:.2f} GiB; VAE slicing or "
        "tiling lowers the decode peak."
    ),
    "cpu_offload_sequential_slow": (
        "Sequential CPU offload keeps about one submodule on the GPU and moves weights over the "
        "host link for every layer of every step: very slow."
    ),
    "diffusion_quantized_denoiser": (
        "{weights} applies to the {denoiser}'s linear layers only; text encoders and the VAE "
        "keep their dtype. Check kernel support and image quality."
    ),
    "guidance_distilled": (
        "{pipeline} is guidance-distilled: one denoiser pass per step, the batch is not doubled "
        "for classifier-free guidance."
    ),
}

# Notes on a model's architecture; each becomes a finding with the code before the dot.
_NOTES = {
    "model_type_unknown.named": (
        "model_type '{family}' is not one the planner counts exactly; parameters are estimated "
        "with the Llama-style formula from the generic fields."
    ),
    "model_type_unknown.unnamed": (
        "a config without model_type is not one the planner counts exactly; parameters are "
        "estimated with the Llama-style formula from the generic fields."
    ),
    "model_note.alias": "'{key}' read from the config's '{name}'.",
    "model_note.family_default": (
        "'{key}' is not in config.json; used the {family} default {default}."
    ),
    "model_note.ff_assumed": (
        "'intermediate_size' is not in config.json; assumed 4 × hidden = {ff}."
    ),
    "model_note.untied_head": (
        "'tie_word_embeddings' is not in config.json; assumed an untied LM head."
    ),
    "model_note.mtp_layers": (
        "The published checkpoint also stores {layers} multi-token-prediction layer(s) "
        "({params:,} parameters); they serve only speculative decoding and are not counted here."
    ),
    "model_note.declared_quantization": (
        "config.json declares {method} quantization: the published weights are stored "
        "quantized, not in torch_dtype."
    ),
    "model_note.heads_raised": "attention_heads raised to kv_heads ({kv_heads}).",
    "model_note.custom_assumed": (
        "Custom model: the KV cache and activations rest on assumed {assumed}; give these fields "
        "for a better estimate."
    ),
    "model_note.custom_no_layers": (
        "Without the layer count, FSDP's gathered working set (one layer at a time) is not "
        "estimated."
    ),
    "model_note.custom_active": "Compute uses the {active:,} active parameters given.",
    "model_note.index_size_mismatch": (
        "The index says total_size {total:,} bytes but the shards' headers describe {stored:,} "
        "bytes; the headers are used."
    ),
    "model_note.quantized_checkpoint": (
        "The checkpoint is quantized: its parameter count is of stored (packed) elements, and "
        "its exact stored size ({stored:,} bytes) is used for the weights."
    ),
    "model_note.param_mismatch": (
        "The checkpoint stores {stored:,} parameters; config.json describes {described:,} "
        "(extra or missing tensors, e.g. tied or auxiliary weights)."
    ),
    "model_note.inferred": (
        "No config.json beside the checkpoint: the architecture was inferred from tensor names "
        "and shapes, and sliding-window attention cannot be detected (full KV cache assumed)."
    ),
    "model_note.experts_unknown": (
        "{experts} experts found but the experts used per token are unknown without "
        "config.json; active parameters are counted as all parameters."
    ),
    "model_note.head_dim_assumed": "head_dim is not stored in the tensors; assumed {head_dim}.",
    "model_note.ff_inferred": (
        "No MLP weights recognised; intermediate size assumed 4 × hidden = {ff}."
    ),
}

_PRICES = {
    "price.compute": ("GPU compute: {gpus} × {gpu} × {hours} h × {unit_price} {currency}/GPU-hour"),
    "price.storage": (
        "Persistent storage: {storage_gb} GB × {hours} h at {per_gb_month} {currency}/GB-month"
    ),
    "price.tax": "Tax {percent} % of {subtotal} {currency}",
}

_PLANNER = {
    "planner.short": "needs {need:.1f} GB per GPU, has {has:.1f} GB",
    "planner.short_usable": "needs {need:.1f} GB per GPU, has {has:.1f} GB usable",
    "planner.ddp_no_pool": "DDP does not pool memory",
    "planner.does_not_fit": "does not fit",
    "planner.nearest": "nearest: {gpus} × {gpu} ({strategy}) is {short:.1f} GB per GPU short",
    "planner.with_change": (
        "with {change}: {gpus} × {gpu} ({strategy}) fits for {total} {currency}"
    ),
    "planner.with_context": (
        "with {tokens} context tokens: {gpus} × {gpu} ({strategy}) fits for {total} {currency}"
    ),
    "planner.nothing": (
        "no offer in the catalog can hold this job; a smaller model or input is needed"
    ),
}

_THROUGHPUT = {
    "throughput.decode_bound": (
        "decode bound: each step reads every GPU's weights and the full KV cache once at the "
        "GPU's peak memory bandwidth (an upper bound)"
    ),
    "throughput.prefill": "prefill at 2·N FLOPs per token and {mfu:.0%} of peak FLOPs",
    "throughput.training": ("{factor}·N FLOPs per token at {mfu:.0%} of the GPUs' dense bf16 peak"),
}

# pydantic's own wording (pydantic_core error types); the texts pydantic gives are kept as they
# are, these are the sources a translation starts from.
_PYDANTIC = {
    "pydantic.greater_than_equal": "Input should be greater than or equal to {ge}",
    "pydantic.greater_than": "Input should be greater than {gt}",
    "pydantic.less_than_equal": "Input should be less than or equal to {le}",
    "pydantic.less_than": "Input should be less than {lt}",
    "pydantic.int_parsing": (
        "Input should be a valid integer, unable to parse string as an integer"
    ),
    "pydantic.int_type": "Input should be a valid integer",
    "pydantic.int_from_float": (
        "Input should be a valid integer, got a number with a fractional part"
    ),
    "pydantic.float_parsing": "Input should be a valid number, unable to parse string as a number",
    "pydantic.float_type": "Input should be a valid number",
    "pydantic.string_type": "Input should be a valid string",
    "pydantic.string_pattern_mismatch": "String should match pattern '{pattern}'",
    "pydantic.literal_error": "Input should be {expected}",
    "pydantic.bool_parsing": "Input should be a valid boolean, unable to interpret input",
}

_ERRORS = {
    "request.missing": "is required",
    "request.extra": "is not a known field",
    "request.kv_heads_exceed": "kv_heads cannot exceed attention_heads",
    "request.active_exceeds": "active_params cannot exceed params",
    "request.one_source": "give exactly one of preset, hf_config, safetensors, custom",
    "request.one_source_got": (
        "give exactly one of preset, hf_config, safetensors, custom (got {given})"
    ),
    "request.multiple_of_8": "must be a multiple of 8 (the VAE downsamples by 8), got {value}",
    "request.single_one_gpu": "strategy 'single' uses exactly 1 GPU; choose ddp, fsdp or tensor",
    "request.tp_exceeds_gpus": "tensor_parallel ({tp}) cannot exceed gpus ({gpus})",
    "request.gpus_not_multiple": "gpus ({gpus}) must be a multiple of tensor_parallel ({tp})",
    "request.start_needs_zone": "start needs a time zone, e.g. 2026-01-31T09:00:00Z",
    "error.llm_for_diffusion": (
        "'{model}' is a language model; the diffusion workload needs a diffusion pipeline "
        "(sd-1.5, sdxl, flux.1-dev)"
    ),
    "error.diffusion_for_llm": (
        "'{model}' is a diffusion pipeline; choose the diffusion workload for it"
    ),
    "error.unknown_gpu": "unknown GPU '{gpu}' (known: {known})",
    "error.storage_needs_checkpoint": (
        "0 sizes storage from the training checkpoint, but this workload has no checkpoint "
        "estimate; give a size in GB"
    ),
    "error.gpus_out_of_range": "gpus must be from 1 to {max_gpus} for {gpu}, got {gpus}",
    "error.config_missing": "config file {path} does not exist or is not a file",
    "error.config_not_utf8": "{path} is not UTF-8 text, so it is not a config.json",
    "error.config_not_json": "{path} is not valid JSON: {reason}",
    "error.config_not_object": "{path} must hold a JSON object, not {kind}",
    "error.config_key_missing": "config.json has no '{key}'; it is needed to count parameters",
    "error.config_not_positive": (
        "config.json field '{name}' must be a positive whole number, got {value}"
    ),
    "error.config_not_non_negative": (
        "config.json field '{name}' must be a non-negative whole number, got {value}"
    ),
    "error.config_not_bool": "config.json field '{name}' must be true or false, got {value}",
    "error.cannot_read": "cannot read {path}: {reason}",
    "error.safetensors_missing": "{path} does not exist",
    "error.custom_embeddings": (
        "custom model: vocab_size × hidden_size = {embedding:,} is not less than params = "
        "{params:,}"
    ),
    "error.custom_active": (
        "custom model: active_params ({active:,}) is smaller than the embeddings ({embedding:,})"
    ),
    "store.quote_exists": "quote {id} is already saved",
    "store.no_quote": "no saved quote {id}",
    "store.no_order": "no order {id}",
    "store.no_entity": "no saved quote or order {id}",
    "store.does_not_fit": (
        "this configuration does not fit in GPU memory; not placing an order (see the estimate "
        "for what would fit)"
    ),
    "store.period_ended": (
        "the quoted paid period ({start} to {end} UTC) has already ended; quote again with a "
        "later start or none (the period then starts when the order is placed)"
    ),
    "store.order_expired": (
        "order {id} has already expired (paid until {paid_until}); there is nothing to stop"
    ),
    "store.key_conflict": (
        "idempotency key '{key}' belongs to another order ({order}, placed {placed} for another "
        "request); use a new key for a new purchase"
    ),
}

TEMPLATES: dict[str, str] = {
    **_FINDINGS,
    **_NOTES,
    **_PRICES,
    **_PLANNER,
    **_THROUGHPUT,
    **_PYDANTIC,
    **_ERRORS,
}
"""Every English template by key."""
