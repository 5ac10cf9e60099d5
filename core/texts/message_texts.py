"""The English templates of :mod:`core.texts.messages`, by key.

A key is a finding's code (``tp_pcie``), a code and a variant (``vae_tiling_quality.whole``), or
a dotted name for a note, a price line, a planner reason or an error. The text is what the command
line prints. The key is also the message's id in the translations (``resources/i18n/*.ts``), with
this text as its English; ``python -m gui.i18n_build`` reads the templates from
:data:`core.texts.messages.TEMPLATES`. A placeholder ``{name!d}`` holds a decimal passed as text
(money, a tax rate), which a translation shows with the reader's separators. The findings' and
notes' texts live in :mod:`core.texts.finding_texts`; :data:`TEMPLATES` gathers them all.
"""

from __future__ import annotations

from core.texts.finding_texts import FINDING_TEMPLATES, NOTE_TEMPLATES

_PRICES = {
    "price.compute": (
        "GPU compute: {gpus} × {gpu} × {hours} h × {unit_price!d} {currency}/GPU-hour"
    ),
    "price.storage": (
        "Persistent storage: {storage_gb} GB × {hours} h at {per_gb_month!d} {currency}/GB-month"
    ),
    "price.tax": "Tax {percent!d} % of {subtotal!d} {currency}",
}

_PLANNER = {
    "planner.short": "needs {need:.1f} GiB per GPU, has {has:.1f} GiB",
    "planner.short_usable": "needs {need:.1f} GiB per GPU, has {has:.1f} GiB usable",
    "planner.ddp_no_pool": "DDP does not pool memory",
    "planner.does_not_fit": "does not fit",
    "planner.nearest": "nearest: {gpus} × {gpu} ({strategy}) is {short:.1f} GiB per GPU short",
    "planner.with_change": (
        "with {change}: {gpus} × {gpu} ({strategy}) fits for {total!d} {currency}"
    ),
    "planner.with_context": (
        "with {tokens} context tokens: {gpus} × {gpu} ({strategy}) fits for {total!d} {currency}"
    ),
    "planner.over_budget": "costs {total!d} {currency}, over the budget of {budget!d} {currency}",
    "fit.over_budget": "no GPU count of this offer is within the budget for the term",
    "fit.no_layout": "no layout of this workload uses that many GPUs of this offer",
    "fit.beyond_model": (
        "fits in memory, but the model's max_position_embeddings is {limit:,} tokens, "
        "below the {asked:,} asked for"
    ),
    "planner.nothing": (
        "no offer in the catalog can hold this job; a smaller model or input is needed"
    ),
}

_THROUGHPUT = {
    "throughput.decode_bound": (
        "decode bound: each step reads every GPU's weights and the full KV cache once "
        "at the GPU's peak memory bandwidth (an upper bound)"
    ),
    "throughput.prefill": "prefill at 2·N FLOPs per token and {mfu:.0%} of peak FLOPs",
    "throughput.step_model": (
        "serving speed from the step model at {sequences} sequences of {input!d} tokens in and"
        " {output!d} out: ≈ {output_rate:,.0f} output tokens/s, first token ≈ {ttft_ms:,.0f} ms,"
        " ≈ {tpot_ms:,.1f} ms per output token (band ±{band:.0%}, docs/ACCURACY.md)"
    ),
    "throughput.ttft_floor": (
        "the first-token time is a floor at {sequences} concurrent sequences: queueing under load"
        " is not modelled for {engine} (servers measured under load answered several times later,"
        " docs/ACCURACY.md)"
    ),
    "throughput.uncalibrated": (
        "no published measurement calibrates {engine} on {gpu} here (missing: {missing}); the"
        " speed band is doubled"
    ),
    "throughput.training": "{factor}·N FLOPs per token at {mfu:.0%} of the GPUs' dense bf16 peak",
    "throughput.training_model": (
        "training speed {per_gpu:,.0f} tokens/s per GPU (±{band:.0%}; {mfu:.0%} of the bf16 "
        "peak), from the step's FLOPs at utilisations calibrated on published training runs"
    ),
    "throughput.training_unmeasured": (
        "no published training run was measured on {gpu}; its speed band is widened"
    ),
    "throughput.images_model": (
        "{seconds:.2f} s per image per GPU (±{band:.0%}), from the denoiser's FLOPs and a "
        "per-step time calibrated on published runs"
    ),
    "throughput.images_unmeasured": (
        "no published image-generation run was measured on {gpu}; its speed band is widened"
    ),
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
    "pydantic.float_parsing": (
        "Input should be a valid number, unable to parse string as a number"
    ),
    "pydantic.float_type": "Input should be a valid number",
    "pydantic.string_type": "Input should be a valid string",
    "pydantic.string_pattern_mismatch": "String should match pattern '{pattern}'",
    "pydantic.literal_error": "Input should be {expected}",
    "pydantic.bool_parsing": "Input should be a valid boolean, unable to interpret input",
}

_ERRORS = {
    "request.missing": "is required",
    "request.extra": "is not a known field",
    "request.kv_heads_divide": (
        "must divide the attention heads ({heads}) and not exceed them: each KV head serves an"
        " equal group of attention heads"
    ),
    "request.active_exceeds": "active_params cannot exceed params",
    "request.one_source": "give exactly one of preset, hf_config, safetensors, gguf, custom",
    "request.one_source_got": (
        "give exactly one of preset, hf_config, safetensors, gguf, custom (got {given})"
    ),
    "request.format_conflict": "weights '{weights}' and format '{format}' name different formats",
    "request.multiple_of_8": "must be a multiple of 8 (the VAE downsamples by 8), got {value}",
    "request.mtp_needs_vllm": (
        "speculative decoding with MTP is a vLLM option: set inference.engine to vllm or "
        "inference.mtp_speculative_tokens to 0 (engine {engine})"
    ),
    "request.layerwise_casting_fp8": (
        "layerwise casting stores the weights in fp8: set precision.weights to fp8 (got {weights})"
    ),
    "request.single_one_gpu": ("strategy 'single' uses exactly 1 GPU; choose ddp, fsdp or tensor"),
    "request.tp_exceeds_gpus": ("tensor_parallel ({tp}) cannot exceed gpus ({gpus})"),
    "request.llamacpp_v_needs_fa": ("llama.cpp quantizes the V cache only with flash attention on"),
    "request.gpus_not_multiple": ("gpus ({gpus}) must be a multiple of tensor_parallel ({tp})"),
    "request.data_parallel_needs_experts": (
        "data_parallel ({dp}) groups GPUs into expert-parallel replicas: set expert_parallel too "
        "(without it, gpus ÷ tensor_parallel are independent replicas already)"
    ),
    "request.gpus_not_multiple_of_replica": (
        "gpus ({gpus}) must be a multiple of tensor_parallel × data_parallel ({replica})"
    ),
    "request.start_needs_zone": ("start needs a time zone, e.g. 2026-01-31T09:00:00Z"),
    "error.llm_for_diffusion": (
        "'{model}' is a language model; the diffusion workload needs a diffusion "
        "pipeline (sd-1.5, sdxl, flux.1-dev)"
    ),
    "error.diffusion_for_llm": (
        "'{model}' is a diffusion pipeline; choose the diffusion workload for it"
    ),
    "error.unknown_gpu": "unknown GPU '{gpu}' (known: {known})",
    "error.storage_needs_checkpoint": (
        "0 sizes storage from the training checkpoint, but this workload has no "
        "checkpoint estimate; give a size in GB"
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
    "error.config_not_finite": (
        "config.json field '{name}' is {value}; the planner needs a finite value there"
    ),
    "error.config_not_non_negative": (
        "config.json field '{name}' must be a non-negative whole number, got {value}"
    ),
    "error.config_too_large": (
        "config.json field '{name}' is {value}, above the largest the planner accepts "
        "({bound}); no published model comes near it"
    ),
    "error.config_bad_list": (
        "config.json field '{name}' must be a list of whole numbers or names"
    ),
    "error.config_list_length": (
        "config.json field '{name}' describes {length} layers but the model has {layers}"
    ),
    "error.config_kv_heads": (
        "config.json field 'num_key_value_heads' ({kv}) must divide 'num_attention_heads' ({heads})"
    ),
    "error.config_head_dim": (
        "config.json has no 'head_dim' and 'hidden_size' ({hidden}) is not a multiple of "
        "'num_attention_heads' ({heads})"
    ),
    "error.config_layers_differ": (
        "config.json field '{name}' differs between layers; the planner counts one expert "
        "shape for every MoE layer"
    ),
    "error.config_top_k": "config.json field '{name}' ({top_k}) exceeds the {experts} experts",
    "error.config_not_bool": "config.json field '{name}' must be true or false, got {value}",
    "error.cannot_read": "cannot read {path}: {reason}",
    "error.safetensors_missing": "{path} does not exist",
    "error.gguf_magic": "{path} is not a GGUF file (it does not begin with the bytes 'GGUF')",
    "error.gguf_version": "{path} is GGUF version {version}; versions 2 and 3 can be read",
    "error.gguf_invalid": "{path} is not a valid GGUF file: {reason}",
    "error.gguf_key_missing": "{path} lacks the metadata key {key}, which the planner needs",
    "error.gguf_key_zero": "{path}: the metadata key {key} is 0; a model needs at least one",
    "error.gguf_blocks_past_tensors": (
        "{path}: {key} says {blocks:,} blocks, but the file holds {tensors:,} tensors and every"
        " block holds at least one"
    ),
    "error.gguf_size_past_tensors": (
        "{path}: {key} is {value:,}, more than the {values:,} values all the file's tensors hold"
    ),
    "error.gguf_experts_used": (
        "{path}: {key} ({used:,}) is more than the {experts:,} experts of the model"
    ),
    "error.gguf_heads_past_width": (
        "{path}: {heads_key} ({heads:,}) is more than {width_key} ({width:,}) and no"
        " {head_key} gives the head size, so a head would hold no values"
    ),
    "error.gguf_split_key": "{path}: the split key {key} is {value}, not a whole number",
    "error.gguf_split_name": (
        "{path} is one of {count} split files, but its name does not end in"
        " -NNNNN-of-{count:05d}.gguf, so the other parts cannot be found; keep the names"
        " llama.cpp's gguf-split gave them"
    ),
    "error.gguf_split_missing": (
        "{path} is one of {count} split files and {missing_count} of them are not beside it"
        " ({missing}); the model's size needs every part"
    ),
    "error.gguf_split_mismatch": (
        "{path} does not say it is part {number} of {count} (split.no, split.count): the split"
        " files do not belong together"
    ),
    "error.gguf_split_tensor_twice": "the split files of {path} hold a tensor name twice",
    "error.gguf_split_tensors": (
        "{path} says its {count} split files hold {declared:,} tensors, but they hold {found:,}"
    ),
    "json.not_a_file": "{path} is not a regular file (a folder, pipe or device is not read)",
    "json.too_large": "{path} is larger than {limit:,} bytes, too large for this kind of file",
    "json.not_utf8": "{path} is not UTF-8 text",
    "json.too_deep": "{path} nests arrays and objects more than {limit} levels deep",
    "json.long_number": "{path} holds a number longer than {limit} characters",
    "json.not_finite": "{path} holds {value}; only finite numbers are allowed",
    "json.lone_surrogate": "{path} holds a \\u escape of half a character (a lone surrogate)",
    "error.custom_embeddings": (
        "custom model: vocab_size × hidden_size = {embedding:,} is not less than "
        "params = {params:,}"
    ),
    "error.custom_active": (
        "custom model: active_params ({active:,}) is smaller than the embeddings ({embedding:,})"
    ),
    "store.quote_exists": "quote {id} is already saved",
    "store.no_quote": "no saved quote {id}",
    "store.no_order": "no order {id}",
    "store.no_entity": "no saved quote or order {id}",
    "store.does_not_fit": (
        "this configuration does not fit in GPU memory; not placing an order (see the "
        "estimate for what would fit)"
    ),
    "store.period_ended": (
        "the quoted paid period ({start} to {end} UTC) has already ended; quote again "
        "with a later start or none (the period then starts when the order is placed)"
    ),
    "store.order_expired": (
        "order {id} has already expired (paid until {paid_until}); there is nothing to stop"
    ),
    "store.key_conflict": (
        "idempotency key '{key}' belongs to another order ({order}, placed {placed} "
        "for another request); use a new key for a new purchase"
    ),
}

_LIMITS = {
    "limits.context": (
        "longest context per sequence with concurrency {at}: {value:,} tokens "
        "(limited by {binding})"
    ),
    "limits.sequences": (
        "most concurrent sequences of {at:,} tokens: {value:,} (limited by {binding})"
    ),
    "limits.kv_pool": (
        "vLLM's KV cache pool at start-up: {tokens:,} tokens ({gib:.2f} GiB per GPU), "
        "{concurrency:.2f} × requests of {context:,} tokens"
    ),
    "limits.micro_batch": (
        "largest micro-batch of {at:,}-token sequences: {value:,} (limited by {binding})"
    ),
    "limits.sequence_length": (
        "longest training sequence at micro-batch {at}: {value:,} tokens (limited by {binding})"
    ),
    "limits.batch": "largest batch of {at}×{height} images: {value:,} (limited by {binding})",
    "limits.resolution": (
        "largest square image at batch {at}: {value}×{value} px (limited by {binding})"
    ),
    "quote_limits.local_model": (
        "quote {quote} was planned from a local model file ({source}), which is not read again"
        " from a saved quote, so no limits; reopen it as a new draft to plan it from a file you"
        " choose"
    ),
    "quote_limits.offer": "the GPU offer saved with quote {quote} cannot be read, so no limits",
}

_OUTCOME = {
    "outcome.tokens": (
        "≈ {input!d} {currency} per 1M input tokens (prefill), ≈ {output!d} {currency} per 1M "
        "output tokens (decode), GPUs busy {utilization:.0%} of the term"
    ),
    "outcome.tokens_band": (
        "band ±{band:.0%} of the speed: {input_low!d}–{input_high!d} {currency} per 1M input"
        " tokens, {output_low!d}–{output_high!d} {currency} per 1M output tokens"
    ),
    "outcome.run": (
        "training run: {gpu_hours:,.1f} GPU-hours, {hours:,.1f} h on {gpus} GPU, {cost!d} "
        "{currency} ({factor}·N FLOPs per token at {mfu:.0%} MFU)"
    ),
    # The same for a run on more than one GPU ("on 8 GPUs"): English needs the plural noun.
    "outcome.run_gpus": (
        "training run: {gpu_hours:,.1f} GPU-hours, {hours:,.1f} h on {gpus} GPUs, {cost!d} "
        "{currency} ({factor}·N FLOPs per token at {mfu:.0%} MFU)"
    ),
    "outcome.run_band": (
        "training run: {gpu_hours:,.1f} GPU-hours, {hours:,.1f} h on {gpus} GPU, {cost!d} "
        "{currency} (from {cost_low!d} to {cost_high!d} {currency} over the speed's ±{band:.0%}"
        " band)"
    ),
    "outcome.run_band_gpus": (
        "training run: {gpu_hours:,.1f} GPU-hours, {hours:,.1f} h on {gpus} GPUs, {cost!d} "
        "{currency} (from {cost_low!d} to {cost_high!d} {currency} over the speed's ±{band:.0%}"
        " band)"
    ),
    "outcome.images_band": (
        "from {cost_low!d} to {cost_high!d} {currency} per 1,000 images over the speed's "
        "±{band:.0%} band"
    ),
    "outcome.images": (
        "{cost!d} {currency} per 1,000 images, GPUs busy {utilization:.0%} of the term"
    ),
    # Saved before the wording below: kept so a stored message still reads in either language.
    "outcome.term_covers": "a term of {count} × {unit} ({hours:,} h) covers the run",
    # The term that covers a training run, one sentence per unit and number, as people say it.
    "outcome.term_covers.hour.one": "1 hour covers the run",
    "outcome.term_covers.hour": "{count:,} hours cover the run",
    "outcome.term_covers.day.one": "1 day ({hours:,} h) covers the run",
    "outcome.term_covers.day": "{count:,} days ({hours:,} h) cover the run",
    "outcome.term_covers.week.one": "1 week ({hours:,} h) covers the run",
    "outcome.term_covers.week": "{count:,} weeks ({hours:,} h) cover the run",
    "outcome.term_covers.month.one": "1 month ({hours:,} h) covers the run",
    "outcome.term_covers.month": "{count:,} months ({hours:,} h) cover the run",
    "outcome.term_share": "the chosen term ({hours:,} h) buys {share:.0%} of the run",
}


TEMPLATES: dict[str, str] = {
    **FINDING_TEMPLATES,
    **NOTE_TEMPLATES,
    **_PRICES,
    **_PLANNER,
    **_THROUGHPUT,
    **_LIMITS,
    **_OUTCOME,
    **_PYDANTIC,
    **_ERRORS,
}
"""Every English template by key."""
