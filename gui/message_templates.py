"""Price lines, planner reasons, speed assumptions and input errors: core's templates for Linguist.

Like :mod:`gui.finding_templates`, for the other keys of ``core/message_texts.py``, and the few
fixed English words that some parameters hold (``core.messages.WORDS``), which are translated too.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

OTHERS: dict[str, str] = {
    "price.compute": QT_TRANSLATE_NOOP(
        "CoreText",
        "GPU compute: {gpus} × {gpu} × {hours} h × {unit_price} {currency}/GPU-hour",
    ),
    "price.storage": QT_TRANSLATE_NOOP(
        "CoreText",
        "Persistent storage: {storage_gb} GB × {hours} h at {per_gb_month} {currency}/GB-month",
    ),
    "price.tax": QT_TRANSLATE_NOOP("CoreText", "Tax {percent} % of {subtotal} {currency}"),
    "planner.short": QT_TRANSLATE_NOOP("CoreText", "needs {need:.1f} GB per GPU, has {has:.1f} GB"),
    "planner.short_usable": QT_TRANSLATE_NOOP(
        "CoreText",
        "needs {need:.1f} GB per GPU, has {has:.1f} GB usable",
    ),
    "planner.ddp_no_pool": QT_TRANSLATE_NOOP("CoreText", "DDP does not pool memory"),
    "planner.does_not_fit": QT_TRANSLATE_NOOP("CoreText", "does not fit"),
    "planner.nearest": QT_TRANSLATE_NOOP(
        "CoreText",
        "nearest: {gpus} × {gpu} ({strategy}) is {short:.1f} GB per GPU short",
    ),
    "planner.with_change": QT_TRANSLATE_NOOP(
        "CoreText",
        "with {change}: {gpus} × {gpu} ({strategy}) fits for {total} {currency}",
    ),
    "planner.with_context": QT_TRANSLATE_NOOP(
        "CoreText",
        "with {tokens} context tokens: {gpus} × {gpu} ({strategy}) fits for {total} {currency}",
    ),
    "planner.nothing": QT_TRANSLATE_NOOP(
        "CoreText",
        "no offer in the catalog can hold this job; a smaller model or input is needed",
    ),
    "throughput.decode_bound": QT_TRANSLATE_NOOP(
        "CoreText",
        "decode bound: each step reads every GPU's weights and the full KV cache once at the "
        "GPU's peak memory bandwidth (an upper bound)",
    ),
    "throughput.prefill": QT_TRANSLATE_NOOP(
        "CoreText",
        "prefill at 2·N FLOPs per token and {mfu:.0%} of peak FLOPs",
    ),
    "throughput.training": QT_TRANSLATE_NOOP(
        "CoreText",
        "{factor}·N FLOPs per token at {mfu:.0%} of the GPUs' dense bf16 peak",
    ),
    "pydantic.greater_than_equal": QT_TRANSLATE_NOOP(
        "CoreText",
        "Input should be greater than or equal to {ge}",
    ),
    "pydantic.greater_than": QT_TRANSLATE_NOOP("CoreText", "Input should be greater than {gt}"),
    "pydantic.less_than_equal": QT_TRANSLATE_NOOP(
        "CoreText",
        "Input should be less than or equal to {le}",
    ),
    "pydantic.less_than": QT_TRANSLATE_NOOP("CoreText", "Input should be less than {lt}"),
    "pydantic.int_parsing": QT_TRANSLATE_NOOP(
        "CoreText",
        "Input should be a valid integer, unable to parse string as an integer",
    ),
    "pydantic.int_type": QT_TRANSLATE_NOOP("CoreText", "Input should be a valid integer"),
    "pydantic.int_from_float": QT_TRANSLATE_NOOP(
        "CoreText",
        "Input should be a valid integer, got a number with a fractional part",
    ),
    "pydantic.float_parsing": QT_TRANSLATE_NOOP(
        "CoreText",
        "Input should be a valid number, unable to parse string as a number",
    ),
    "pydantic.float_type": QT_TRANSLATE_NOOP("CoreText", "Input should be a valid number"),
    "pydantic.string_type": QT_TRANSLATE_NOOP("CoreText", "Input should be a valid string"),
    "pydantic.string_pattern_mismatch": QT_TRANSLATE_NOOP(
        "CoreText",
        "String should match pattern '{pattern}'",
    ),
    "pydantic.literal_error": QT_TRANSLATE_NOOP("CoreText", "Input should be {expected}"),
    "pydantic.bool_parsing": QT_TRANSLATE_NOOP(
        "CoreText",
        "Input should be a valid boolean, unable to interpret input",
    ),
    "request.missing": QT_TRANSLATE_NOOP("CoreText", "is required"),
    "request.extra": QT_TRANSLATE_NOOP("CoreText", "is not a known field"),
    "request.kv_heads_exceed": QT_TRANSLATE_NOOP(
        "CoreText",
        "kv_heads cannot exceed attention_heads",
    ),
    "request.active_exceeds": QT_TRANSLATE_NOOP("CoreText", "active_params cannot exceed params"),
    "request.one_source": QT_TRANSLATE_NOOP(
        "CoreText",
        "give exactly one of preset, hf_config, safetensors, custom",
    ),
    "request.one_source_got": QT_TRANSLATE_NOOP(
        "CoreText",
        "give exactly one of preset, hf_config, safetensors, custom (got {given})",
    ),
    "request.multiple_of_8": QT_TRANSLATE_NOOP(
        "CoreText",
        "must be a multiple of 8 (the VAE downsamples by 8), got {value}",
    ),
    "request.single_one_gpu": QT_TRANSLATE_NOOP(
        "CoreText",
        "strategy 'single' uses exactly 1 GPU; choose ddp, fsdp or tensor",
    ),
    "request.tp_exceeds_gpus": QT_TRANSLATE_NOOP(
        "CoreText",
        "tensor_parallel ({tp}) cannot exceed gpus ({gpus})",
    ),
    "request.gpus_not_multiple": QT_TRANSLATE_NOOP(
        "CoreText",
        "gpus ({gpus}) must be a multiple of tensor_parallel ({tp})",
    ),
    "request.start_needs_zone": QT_TRANSLATE_NOOP(
        "CoreText",
        "start needs a time zone, e.g. 2026-01-31T09:00:00Z",
    ),
    "error.llm_for_diffusion": QT_TRANSLATE_NOOP(
        "CoreText",
        "'{model}' is a language model; the diffusion workload needs a diffusion pipeline "
        "(sd-1.5, sdxl, flux.1-dev)",
    ),
    "error.diffusion_for_llm": QT_TRANSLATE_NOOP(
        "CoreText",
        "'{model}' is a diffusion pipeline; choose the diffusion workload for it",
    ),
    "error.unknown_gpu": QT_TRANSLATE_NOOP("CoreText", "unknown GPU '{gpu}' (known: {known})"),
    "error.storage_needs_checkpoint": QT_TRANSLATE_NOOP(
        "CoreText",
        "0 sizes storage from the training checkpoint, but this workload has no checkpoint "
        "estimate; give a size in GB",
    ),
    "error.gpus_out_of_range": QT_TRANSLATE_NOOP(
        "CoreText",
        "gpus must be from 1 to {max_gpus} for {gpu}, got {gpus}",
    ),
    "error.config_missing": QT_TRANSLATE_NOOP(
        "CoreText",
        "config file {path} does not exist or is not a file",
    ),
    "error.config_not_utf8": QT_TRANSLATE_NOOP(
        "CoreText",
        "{path} is not UTF-8 text, so it is not a config.json",
    ),
    "error.config_not_json": QT_TRANSLATE_NOOP("CoreText", "{path} is not valid JSON: {reason}"),
    "error.config_not_object": QT_TRANSLATE_NOOP(
        "CoreText",
        "{path} must hold a JSON object, not {kind}",
    ),
    "error.config_key_missing": QT_TRANSLATE_NOOP(
        "CoreText",
        "config.json has no '{key}'; it is needed to count parameters",
    ),
    "error.config_not_positive": QT_TRANSLATE_NOOP(
        "CoreText",
        "config.json field '{name}' must be a positive whole number, got {value}",
    ),
    "error.config_not_non_negative": QT_TRANSLATE_NOOP(
        "CoreText",
        "config.json field '{name}' must be a non-negative whole number, got {value}",
    ),
    "error.config_not_bool": QT_TRANSLATE_NOOP(
        "CoreText",
        "config.json field '{name}' must be true or false, got {value}",
    ),
    "error.cannot_read": QT_TRANSLATE_NOOP("CoreText", "cannot read {path}: {reason}"),
    "error.safetensors_missing": QT_TRANSLATE_NOOP("CoreText", "{path} does not exist"),
    "error.custom_embeddings": QT_TRANSLATE_NOOP(
        "CoreText",
        "custom model: vocab_size × hidden_size = {embedding:,} is not less than params = "
        "{params:,}",
    ),
    "error.custom_active": QT_TRANSLATE_NOOP(
        "CoreText",
        "custom model: active_params ({active:,}) is smaller than the embeddings ({embedding:,})",
    ),
    "store.quote_exists": QT_TRANSLATE_NOOP("CoreText", "quote {id} is already saved"),
    "store.no_quote": QT_TRANSLATE_NOOP("CoreText", "no saved quote {id}"),
    "store.no_order": QT_TRANSLATE_NOOP("CoreText", "no order {id}"),
    "store.no_entity": QT_TRANSLATE_NOOP("CoreText", "no saved quote or order {id}"),
    "store.does_not_fit": QT_TRANSLATE_NOOP(
        "CoreText",
        "this configuration does not fit in GPU memory; not placing an order (see the estimate "
        "for what would fit)",
    ),
    "store.period_ended": QT_TRANSLATE_NOOP(
        "CoreText",
        "the quoted paid period ({start} to {end} UTC) has already ended; quote again with a "
        "later start or none (the period then starts when the order is placed)",
    ),
    "store.order_expired": QT_TRANSLATE_NOOP(
        "CoreText",
        "order {id} has already expired (paid until {paid_until}); there is nothing to stop",
    ),
    "store.key_conflict": QT_TRANSLATE_NOOP(
        "CoreText",
        "idempotency key '{key}' belongs to another order ({order}, placed {placed} for another "
        "request); use a new key for a new purchase",
    ),
}
"""Price lines, planner reasons, speed assumptions and input errors, by key."""

WORDS: dict[str, dict[str, str]] = {
    "larger": {
        "the VAE decode": QT_TRANSLATE_NOOP("CoreText", "the VAE decode"),
        "denoising": QT_TRANSLATE_NOOP("CoreText", "denoising"),
    },
    "method": {
        "a quantization method": QT_TRANSLATE_NOOP("CoreText", "a quantization method"),
    },
    "strategy": {
        "single": QT_TRANSLATE_NOOP("CoreText", "single"),
        "tensor": QT_TRANSLATE_NOOP("CoreText", "tensor"),
        "ddp": QT_TRANSLATE_NOOP("CoreText", "ddp"),
        "fsdp": QT_TRANSLATE_NOOP("CoreText", "fsdp"),
    },
    "change": {
        "another GPU offer": QT_TRANSLATE_NOOP("CoreText", "another GPU offer"),
        "int4 weights": QT_TRANSLATE_NOOP("CoreText", "int4 weights"),
        "an fp8 KV cache": QT_TRANSLATE_NOOP("CoreText", "an fp8 KV cache"),
        "activation checkpointing": QT_TRANSLATE_NOOP("CoreText", "activation checkpointing"),
        "QLoRA": QT_TRANSLATE_NOOP("CoreText", "QLoRA"),
        "VAE tiling": QT_TRANSLATE_NOOP("CoreText", "VAE tiling"),
        "model CPU offload": QT_TRANSLATE_NOOP("CoreText", "model CPU offload"),
    },
}
"""Fixed English words some parameters hold (core.messages.WORDS), by parameter."""
