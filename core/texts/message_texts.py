"""The English templates of :mod:`core.texts.messages`, by key, marked for Qt Linguist.

A key is a finding's code (``tp_pcie``), a code and a variant (``vae_tiling_quality.whole``), or
a dotted name for a note, a price line, a planner reason or an error. The text is what the command
line prints. Each text is wrapped in ``QT_TRANSLATE_NOOP("CoreText", ...)``: ``make i18n`` reads
this file with the GUI's sources, so the Russian translations in ``resources/i18n/anchorgpu_ru.ts``
start from these very texts and the GUI (``gui/core_text.py``) looks them up by them. The
findings' and notes' texts live in :mod:`core.texts.finding_texts`; :data:`TEMPLATES` gathers them
all.
"""

from __future__ import annotations

from core.texts.finding_texts import FINDING_TEMPLATES, NOTE_TEMPLATES
from core.texts.linguist import QT_TRANSLATE_NOOP

_PRICES = {
    "price.compute": QT_TRANSLATE_NOOP(
        "CoreText", "GPU compute: {gpus} × {gpu} × {hours} h × {unit_price} {currency}/GPU-hour"
    ),
    "price.storage": QT_TRANSLATE_NOOP(
        "CoreText",
        "Persistent storage: {storage_gb} GB × {hours} h at {per_gb_month} {currency}/GB-month",
    ),
    "price.tax": QT_TRANSLATE_NOOP("CoreText", "Tax {percent} % of {subtotal} {currency}"),
}

_PLANNER = {
    "planner.short": QT_TRANSLATE_NOOP(
        "CoreText", "needs {need:.1f} GiB per GPU, has {has:.1f} GiB"
    ),
    "planner.short_usable": QT_TRANSLATE_NOOP(
        "CoreText", "needs {need:.1f} GiB per GPU, has {has:.1f} GiB usable"
    ),
    "planner.ddp_no_pool": QT_TRANSLATE_NOOP("CoreText", "DDP does not pool memory"),
    "planner.does_not_fit": QT_TRANSLATE_NOOP("CoreText", "does not fit"),
    "planner.nearest": QT_TRANSLATE_NOOP(
        "CoreText", "nearest: {gpus} × {gpu} ({strategy}) is {short:.1f} GiB per GPU short"
    ),
    "planner.with_change": QT_TRANSLATE_NOOP(
        "CoreText", "with {change}: {gpus} × {gpu} ({strategy}) fits for {total} {currency}"
    ),
    "planner.with_context": QT_TRANSLATE_NOOP(
        "CoreText",
        "with {tokens} context tokens: {gpus} × {gpu} ({strategy}) fits for {total} {currency}",
    ),
    "planner.over_budget": QT_TRANSLATE_NOOP(
        "CoreText", "costs {total} {currency}, over the budget of {budget} {currency}"
    ),
    "fit.over_budget": QT_TRANSLATE_NOOP(
        "CoreText", "no GPU count of this offer is within the budget for the term"
    ),
    "fit.no_layout": QT_TRANSLATE_NOOP(
        "CoreText", "no layout of this workload uses that many GPUs of this offer"
    ),
    "fit.beyond_model": QT_TRANSLATE_NOOP(
        "CoreText",
        "fits in memory, but the model's max_position_embeddings is {limit:,} tokens, "
        "below the {asked:,} asked for",
    ),
    "planner.nothing": QT_TRANSLATE_NOOP(
        "CoreText", "no offer in the catalog can hold this job; a smaller model or input is needed"
    ),
}

_THROUGHPUT = {
    "throughput.decode_bound": QT_TRANSLATE_NOOP(
        "CoreText",
        "decode bound: each step reads every GPU's weights and the full KV cache once "
        "at the GPU's peak memory bandwidth (an upper bound)",
    ),
    "throughput.prefill": QT_TRANSLATE_NOOP(
        "CoreText", "prefill at 2·N FLOPs per token and {mfu:.0%} of peak FLOPs"
    ),
    "throughput.step_model": QT_TRANSLATE_NOOP(
        "CoreText",
        "serving speed from the step model at {sequences} sequences of {input} tokens in and"
        " {output} out: ≈ {output_rate:,.0f} output tokens/s, first token ≈ {ttft_ms:,.0f} ms,"
        " ≈ {tpot_ms:,.1f} ms per output token (band ±{band:.0%}, docs/ACCURACY.md)",
    ),
    "throughput.uncalibrated": QT_TRANSLATE_NOOP(
        "CoreText",
        "no published measurement calibrates {engine} on {gpu} here (missing: {missing}); the"
        " speed band is doubled",
    ),
    "throughput.training": QT_TRANSLATE_NOOP(
        "CoreText", "{factor}·N FLOPs per token at {mfu:.0%} of the GPUs' dense bf16 peak"
    ),
    "throughput.training_model": QT_TRANSLATE_NOOP(
        "CoreText",
        "training speed {per_gpu:,.0f} tokens/s per GPU (±{band:.0%}; {mfu:.0%} of the bf16 "
        "peak), from the step's FLOPs at utilisations calibrated on published training runs",
    ),
    "throughput.training_unmeasured": QT_TRANSLATE_NOOP(
        "CoreText",
        "no published training run was measured on {gpu}; its speed band is widened",
    ),
    "throughput.images_model": QT_TRANSLATE_NOOP(
        "CoreText",
        "{seconds:.2f} s per image per GPU (±{band:.0%}), from the denoiser's FLOPs and a "
        "per-step time calibrated on published runs",
    ),
    "throughput.images_unmeasured": QT_TRANSLATE_NOOP(
        "CoreText",
        "no published image-generation run was measured on {gpu}; its speed band is widened",
    ),
}

# pydantic's own wording (pydantic_core error types); the texts pydantic gives are kept as they
# are, these are the sources a translation starts from.
_PYDANTIC = {
    "pydantic.greater_than_equal": QT_TRANSLATE_NOOP(
        "CoreText", "Input should be greater than or equal to {ge}"
    ),
    "pydantic.greater_than": QT_TRANSLATE_NOOP("CoreText", "Input should be greater than {gt}"),
    "pydantic.less_than_equal": QT_TRANSLATE_NOOP(
        "CoreText", "Input should be less than or equal to {le}"
    ),
    "pydantic.less_than": QT_TRANSLATE_NOOP("CoreText", "Input should be less than {lt}"),
    "pydantic.int_parsing": QT_TRANSLATE_NOOP(
        "CoreText", "Input should be a valid integer, unable to parse string as an integer"
    ),
    "pydantic.int_type": QT_TRANSLATE_NOOP("CoreText", "Input should be a valid integer"),
    "pydantic.int_from_float": QT_TRANSLATE_NOOP(
        "CoreText", "Input should be a valid integer, got a number with a fractional part"
    ),
    "pydantic.float_parsing": QT_TRANSLATE_NOOP(
        "CoreText", "Input should be a valid number, unable to parse string as a number"
    ),
    "pydantic.float_type": QT_TRANSLATE_NOOP("CoreText", "Input should be a valid number"),
    "pydantic.string_type": QT_TRANSLATE_NOOP("CoreText", "Input should be a valid string"),
    "pydantic.string_pattern_mismatch": QT_TRANSLATE_NOOP(
        "CoreText", "String should match pattern '{pattern}'"
    ),
    "pydantic.literal_error": QT_TRANSLATE_NOOP("CoreText", "Input should be {expected}"),
    "pydantic.bool_parsing": QT_TRANSLATE_NOOP(
        "CoreText", "Input should be a valid boolean, unable to interpret input"
    ),
}

_ERRORS = {
    "request.missing": QT_TRANSLATE_NOOP("CoreText", "is required"),
    "request.extra": QT_TRANSLATE_NOOP("CoreText", "is not a known field"),
    "request.kv_heads_divide": QT_TRANSLATE_NOOP(
        "CoreText",
        "must divide the attention heads ({heads}) and not exceed them: each KV head serves an"
        " equal group of attention heads",
    ),
    "request.active_exceeds": QT_TRANSLATE_NOOP("CoreText", "active_params cannot exceed params"),
    "request.one_source": QT_TRANSLATE_NOOP(
        "CoreText", "give exactly one of preset, hf_config, safetensors, gguf, custom"
    ),
    "request.one_source_got": QT_TRANSLATE_NOOP(
        "CoreText",
        "give exactly one of preset, hf_config, safetensors, gguf, custom (got {given})",
    ),
    "request.format_conflict": QT_TRANSLATE_NOOP(
        "CoreText", "weights '{weights}' and format '{format}' name different formats"
    ),
    "request.multiple_of_8": QT_TRANSLATE_NOOP(
        "CoreText", "must be a multiple of 8 (the VAE downsamples by 8), got {value}"
    ),
    "request.mtp_needs_vllm": QT_TRANSLATE_NOOP(
        "CoreText",
        "speculative decoding with MTP is a vLLM option: set inference.engine to vllm or "
        "inference.mtp_speculative_tokens to 0 (engine {engine})",
    ),
    "request.layerwise_casting_fp8": QT_TRANSLATE_NOOP(
        "CoreText",
        "layerwise casting stores the weights in fp8: set precision.weights to fp8 (got {weights})",
    ),
    "request.single_one_gpu": QT_TRANSLATE_NOOP(
        "CoreText", "strategy 'single' uses exactly 1 GPU; choose ddp, fsdp or tensor"
    ),
    "request.tp_exceeds_gpus": QT_TRANSLATE_NOOP(
        "CoreText", "tensor_parallel ({tp}) cannot exceed gpus ({gpus})"
    ),
    "request.llamacpp_v_needs_fa": QT_TRANSLATE_NOOP(
        "CoreText", "llama.cpp quantizes the V cache only with flash attention on"
    ),
    "request.gpus_not_multiple": QT_TRANSLATE_NOOP(
        "CoreText", "gpus ({gpus}) must be a multiple of tensor_parallel ({tp})"
    ),
    "request.data_parallel_needs_experts": QT_TRANSLATE_NOOP(
        "CoreText",
        "data_parallel ({dp}) groups GPUs into expert-parallel replicas: set expert_parallel too "
        "(without it, gpus ÷ tensor_parallel are independent replicas already)",
    ),
    "request.gpus_not_multiple_of_replica": QT_TRANSLATE_NOOP(
        "CoreText",
        "gpus ({gpus}) must be a multiple of tensor_parallel × data_parallel ({replica})",
    ),
    "request.start_needs_zone": QT_TRANSLATE_NOOP(
        "CoreText", "start needs a time zone, e.g. 2026-01-31T09:00:00Z"
    ),
    "error.llm_for_diffusion": QT_TRANSLATE_NOOP(
        "CoreText",
        "'{model}' is a language model; the diffusion workload needs a diffusion "
        "pipeline (sd-1.5, sdxl, flux.1-dev)",
    ),
    "error.diffusion_for_llm": QT_TRANSLATE_NOOP(
        "CoreText", "'{model}' is a diffusion pipeline; choose the diffusion workload for it"
    ),
    "error.unknown_gpu": QT_TRANSLATE_NOOP("CoreText", "unknown GPU '{gpu}' (known: {known})"),
    "error.storage_needs_checkpoint": QT_TRANSLATE_NOOP(
        "CoreText",
        "0 sizes storage from the training checkpoint, but this workload has no "
        "checkpoint estimate; give a size in GB",
    ),
    "error.gpus_out_of_range": QT_TRANSLATE_NOOP(
        "CoreText", "gpus must be from 1 to {max_gpus} for {gpu}, got {gpus}"
    ),
    "error.config_missing": QT_TRANSLATE_NOOP(
        "CoreText", "config file {path} does not exist or is not a file"
    ),
    "error.config_not_utf8": QT_TRANSLATE_NOOP(
        "CoreText", "{path} is not UTF-8 text, so it is not a config.json"
    ),
    "error.config_not_json": QT_TRANSLATE_NOOP("CoreText", "{path} is not valid JSON: {reason}"),
    "error.config_not_object": QT_TRANSLATE_NOOP(
        "CoreText", "{path} must hold a JSON object, not {kind}"
    ),
    "error.config_key_missing": QT_TRANSLATE_NOOP(
        "CoreText", "config.json has no '{key}'; it is needed to count parameters"
    ),
    "error.config_not_positive": QT_TRANSLATE_NOOP(
        "CoreText", "config.json field '{name}' must be a positive whole number, got {value}"
    ),
    "error.config_not_finite": QT_TRANSLATE_NOOP(
        "CoreText", "config.json field '{name}' is {value}; the planner needs a finite value there"
    ),
    "error.config_not_non_negative": QT_TRANSLATE_NOOP(
        "CoreText", "config.json field '{name}' must be a non-negative whole number, got {value}"
    ),
    "error.config_too_large": QT_TRANSLATE_NOOP(
        "CoreText",
        "config.json field '{name}' is {value}, above the largest the planner accepts "
        "({bound}); no published model comes near it",
    ),
    "error.config_bad_list": QT_TRANSLATE_NOOP(
        "CoreText", "config.json field '{name}' must be a list of whole numbers or names"
    ),
    "error.config_list_length": QT_TRANSLATE_NOOP(
        "CoreText",
        "config.json field '{name}' describes {length} layers but the model has {layers}",
    ),
    "error.config_kv_heads": QT_TRANSLATE_NOOP(
        "CoreText",
        "config.json field 'num_key_value_heads' ({kv}) must divide 'num_attention_heads' "
        "({heads})",
    ),
    "error.config_head_dim": QT_TRANSLATE_NOOP(
        "CoreText",
        "config.json has no 'head_dim' and 'hidden_size' ({hidden}) is not a multiple of "
        "'num_attention_heads' ({heads})",
    ),
    "error.config_layers_differ": QT_TRANSLATE_NOOP(
        "CoreText",
        "config.json field '{name}' differs between layers; the planner counts one expert "
        "shape for every MoE layer",
    ),
    "error.config_top_k": QT_TRANSLATE_NOOP(
        "CoreText", "config.json field '{name}' ({top_k}) exceeds the {experts} experts"
    ),
    "error.config_not_bool": QT_TRANSLATE_NOOP(
        "CoreText", "config.json field '{name}' must be true or false, got {value}"
    ),
    "error.cannot_read": QT_TRANSLATE_NOOP("CoreText", "cannot read {path}: {reason}"),
    "error.safetensors_missing": QT_TRANSLATE_NOOP("CoreText", "{path} does not exist"),
    "error.gguf_magic": QT_TRANSLATE_NOOP(
        "CoreText", "{path} is not a GGUF file (it does not begin with the bytes 'GGUF')"
    ),
    "error.gguf_version": QT_TRANSLATE_NOOP(
        "CoreText", "{path} is GGUF version {version}; versions 2 and 3 can be read"
    ),
    "error.gguf_invalid": QT_TRANSLATE_NOOP(
        "CoreText", "{path} is not a valid GGUF file: {reason}"
    ),
    "error.gguf_key_missing": QT_TRANSLATE_NOOP(
        "CoreText", "{path} lacks the metadata key {key}, which the planner needs"
    ),
    "error.gguf_key_zero": QT_TRANSLATE_NOOP(
        "CoreText", "{path}: the metadata key {key} is 0; a model needs at least one"
    ),
    "error.gguf_blocks_past_tensors": QT_TRANSLATE_NOOP(
        "CoreText",
        "{path}: {key} says {blocks:,} blocks, but the file holds {tensors:,} tensors and every"
        " block holds at least one",
    ),
    "error.gguf_size_past_tensors": QT_TRANSLATE_NOOP(
        "CoreText",
        "{path}: {key} is {value:,}, more than the {values:,} values all the file's tensors hold",
    ),
    "error.gguf_experts_used": QT_TRANSLATE_NOOP(
        "CoreText", "{path}: {key} ({used:,}) is more than the {experts:,} experts of the model"
    ),
    "error.gguf_heads_past_width": QT_TRANSLATE_NOOP(
        "CoreText",
        "{path}: {heads_key} ({heads:,}) is more than {width_key} ({width:,}) and no"
        " {head_key} gives the head size, so a head would hold no values",
    ),
    "error.gguf_split_key": QT_TRANSLATE_NOOP(
        "CoreText", "{path}: the split key {key} is {value}, not a whole number"
    ),
    "error.gguf_split_name": QT_TRANSLATE_NOOP(
        "CoreText",
        "{path} is one of {count} split files, but its name does not end in"
        " -NNNNN-of-{count:05d}.gguf, so the other parts cannot be found; keep the names"
        " llama.cpp's gguf-split gave them",
    ),
    "error.gguf_split_missing": QT_TRANSLATE_NOOP(
        "CoreText",
        "{path} is one of {count} split files and {missing_count} of them are not beside it"
        " ({missing}); the model's size needs every part",
    ),
    "error.gguf_split_mismatch": QT_TRANSLATE_NOOP(
        "CoreText",
        "{path} does not say it is part {number} of {count} (split.no, split.count): the split"
        " files do not belong together",
    ),
    "error.gguf_split_tensor_twice": QT_TRANSLATE_NOOP(
        "CoreText", "the split files of {path} hold a tensor name twice"
    ),
    "error.gguf_split_tensors": QT_TRANSLATE_NOOP(
        "CoreText",
        "{path} says its {count} split files hold {declared:,} tensors, but they hold {found:,}",
    ),
    "json.not_a_file": QT_TRANSLATE_NOOP(
        "CoreText", "{path} is not a regular file (a folder, pipe or device is not read)"
    ),
    "json.too_large": QT_TRANSLATE_NOOP(
        "CoreText", "{path} is larger than {limit:,} bytes, too large for this kind of file"
    ),
    "json.not_utf8": QT_TRANSLATE_NOOP("CoreText", "{path} is not UTF-8 text"),
    "json.too_deep": QT_TRANSLATE_NOOP(
        "CoreText", "{path} nests arrays and objects more than {limit} levels deep"
    ),
    "json.long_number": QT_TRANSLATE_NOOP(
        "CoreText", "{path} holds a number longer than {limit} characters"
    ),
    "json.not_finite": QT_TRANSLATE_NOOP(
        "CoreText", "{path} holds {value}; only finite numbers are allowed"
    ),
    "json.lone_surrogate": QT_TRANSLATE_NOOP(
        "CoreText", "{path} holds a \\u escape of half a character (a lone surrogate)"
    ),
    "error.custom_embeddings": QT_TRANSLATE_NOOP(
        "CoreText",
        "custom model: vocab_size × hidden_size = {embedding:,} is not less than "
        "params = {params:,}",
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
        "this configuration does not fit in GPU memory; not placing an order (see the "
        "estimate for what would fit)",
    ),
    "store.period_ended": QT_TRANSLATE_NOOP(
        "CoreText",
        "the quoted paid period ({start} to {end} UTC) has already ended; quote again "
        "with a later start or none (the period then starts when the order is placed)",
    ),
    "store.order_expired": QT_TRANSLATE_NOOP(
        "CoreText",
        "order {id} has already expired (paid until {paid_until}); there is nothing to stop",
    ),
    "store.key_conflict": QT_TRANSLATE_NOOP(
        "CoreText",
        "idempotency key '{key}' belongs to another order ({order}, placed {placed} "
        "for another request); use a new key for a new purchase",
    ),
}

_LIMITS = {
    "limits.context": QT_TRANSLATE_NOOP(
        "CoreText",
        "longest context per sequence with concurrency {at}: {value:,} tokens "
        "(limited by {binding})",
    ),
    "limits.sequences": QT_TRANSLATE_NOOP(
        "CoreText",
        "most concurrent sequences of {at:,} tokens: {value:,} (limited by {binding})",
    ),
    "limits.kv_pool": QT_TRANSLATE_NOOP(
        "CoreText",
        "vLLM's KV cache pool at start-up: {tokens:,} tokens ({gib:.2f} GiB per GPU), "
        "{concurrency:.2f} × requests of {context:,} tokens",
    ),
    "limits.micro_batch": QT_TRANSLATE_NOOP(
        "CoreText",
        "largest micro-batch of {at:,}-token sequences: {value:,} (limited by {binding})",
    ),
    "limits.sequence_length": QT_TRANSLATE_NOOP(
        "CoreText",
        "longest training sequence at micro-batch {at}: {value:,} tokens (limited by {binding})",
    ),
    "limits.batch": QT_TRANSLATE_NOOP(
        "CoreText", "largest batch of {at}×{height} images: {value:,} (limited by {binding})"
    ),
    "limits.resolution": QT_TRANSLATE_NOOP(
        "CoreText",
        "largest square image at batch {at}: {value}×{value} px (limited by {binding})",
    ),
    "quote_limits.local_model": QT_TRANSLATE_NOOP(
        "CoreText",
        "quote {quote} was planned from a local model file ({source}), which is not read again"
        " from a saved quote, so no limits; reopen it as a new draft to plan it from a file you"
        " choose",
    ),
    "quote_limits.offer": QT_TRANSLATE_NOOP(
        "CoreText", "the GPU offer saved with quote {quote} cannot be read, so no limits"
    ),
}

_OUTCOME = {
    "outcome.tokens": QT_TRANSLATE_NOOP(
        "CoreText",
        "≈ {input} {currency} per 1M input tokens (prefill), ≈ {output} {currency} per 1M output "
        "tokens (decode), GPUs busy {utilization:.0%} of the term",
    ),
    "outcome.tokens_band": QT_TRANSLATE_NOOP(
        "CoreText",
        "band ±{band:.0%} of the speed: {input_low}–{input_high} {currency} per 1M input tokens,"
        " {output_low}–{output_high} {currency} per 1M output tokens",
    ),
    "outcome.run": QT_TRANSLATE_NOOP(
        "CoreText",
        "training run: {gpu_hours:,.1f} GPU-hours, {hours:,.1f} h on {gpus} GPU, {cost} {currency} "
        "({factor}·N FLOPs per token at {mfu:.0%} MFU)",
    ),
    # The same for a run on more than one GPU ("on 8 GPUs"): English needs the plural noun.
    "outcome.run_gpus": QT_TRANSLATE_NOOP(
        "CoreText",
        "training run: {gpu_hours:,.1f} GPU-hours, {hours:,.1f} h on {gpus} GPUs, {cost} "
        "{currency} ({factor}·N FLOPs per token at {mfu:.0%} MFU)",
    ),
    "outcome.run_band": QT_TRANSLATE_NOOP(
        "CoreText",
        "training run: {gpu_hours:,.1f} GPU-hours, {hours:,.1f} h on {gpus} GPU, {cost} {currency} "
        "(from {cost_low} to {cost_high} {currency} over the speed's ±{band:.0%} band)",
    ),
    "outcome.run_band_gpus": QT_TRANSLATE_NOOP(
        "CoreText",
        "training run: {gpu_hours:,.1f} GPU-hours, {hours:,.1f} h on {gpus} GPUs, {cost} "
        "{currency} (from {cost_low} to {cost_high} {currency} over the speed's ±{band:.0%} band)",
    ),
    "outcome.images_band": QT_TRANSLATE_NOOP(
        "CoreText",
        "from {cost_low} to {cost_high} {currency} per 1,000 images over the speed's "
        "±{band:.0%} band",
    ),
    "outcome.images": QT_TRANSLATE_NOOP(
        "CoreText",
        "{cost} {currency} per 1,000 images, GPUs busy {utilization:.0%} of the term",
    ),
    # Saved before the wording below: kept so a stored message still reads in either language.
    "outcome.term_covers": QT_TRANSLATE_NOOP(
        "CoreText", "a term of {count} × {unit} ({hours:,} h) covers the run"
    ),
    # The term that covers a training run, one sentence per unit and number, as people say it.
    "outcome.term_covers.hour.one": QT_TRANSLATE_NOOP("CoreText", "1 hour covers the run"),
    "outcome.term_covers.hour": QT_TRANSLATE_NOOP("CoreText", "{count:,} hours cover the run"),
    "outcome.term_covers.day.one": QT_TRANSLATE_NOOP(
        "CoreText", "1 day ({hours:,} h) covers the run"
    ),
    "outcome.term_covers.day": QT_TRANSLATE_NOOP(
        "CoreText", "{count:,} days ({hours:,} h) cover the run"
    ),
    "outcome.term_covers.week.one": QT_TRANSLATE_NOOP(
        "CoreText", "1 week ({hours:,} h) covers the run"
    ),
    "outcome.term_covers.week": QT_TRANSLATE_NOOP(
        "CoreText", "{count:,} weeks ({hours:,} h) cover the run"
    ),
    "outcome.term_covers.month.one": QT_TRANSLATE_NOOP(
        "CoreText", "1 month ({hours:,} h) covers the run"
    ),
    "outcome.term_covers.month": QT_TRANSLATE_NOOP(
        "CoreText", "{count:,} months ({hours:,} h) cover the run"
    ),
    "outcome.term_share": QT_TRANSLATE_NOOP(
        "CoreText", "the chosen term ({hours:,} h) buys {share:.0%} of the run"
    ),
}

WORDS: dict[str, tuple[str, ...]] = {
    "larger": (
        QT_TRANSLATE_NOOP("CoreText", "the VAE decode"),
        QT_TRANSLATE_NOOP("CoreText", "denoising"),
    ),
    "method": (QT_TRANSLATE_NOOP("CoreText", "a quantization method"),),
    # How a checkpoint stores its weights (core.model.checkpoint_layout), in this order.
    "stored_as": (
        QT_TRANSLATE_NOOP("CoreText", "fp8 blocks with fp32 scales"),
        QT_TRANSLATE_NOOP("CoreText", "fp8 blocks with E8M0 scales"),
        QT_TRANSLATE_NOOP("CoreText", "MXFP4 experts, the rest in bf16"),
        QT_TRANSLATE_NOOP("CoreText", "MXFP4 experts and fp8 blocks with E8M0 scales"),
        QT_TRANSLATE_NOOP("CoreText", "MXFP4 experts and fp8 blocks with fp32 scales"),
        # core.model.checkpoint_formats
        QT_TRANSLATE_NOOP("CoreText", "fp8 with one scale per matrix"),
        QT_TRANSLATE_NOOP("CoreText", "fp8 with one scale per output channel"),
        QT_TRANSLATE_NOOP("CoreText", "int4 packed in groups (compressed-tensors)"),
        QT_TRANSLATE_NOOP("CoreText", "int8 with one scale per output channel"),
        QT_TRANSLATE_NOOP("CoreText", "AWQ int4 groups"),
        QT_TRANSLATE_NOOP("CoreText", "GPTQ int4 groups"),
        QT_TRANSLATE_NOOP("CoreText", "NVFP4 with an fp8 scale per 16 values (ModelOpt)"),
    ),
    "strategy": (
        QT_TRANSLATE_NOOP("CoreText", "single"),
        QT_TRANSLATE_NOOP("CoreText", "tensor"),
        QT_TRANSLATE_NOOP("CoreText", "ddp"),
        QT_TRANSLATE_NOOP("CoreText", "fsdp"),
    ),
    "change": (
        QT_TRANSLATE_NOOP("CoreText", "another GPU offer"),
        QT_TRANSLATE_NOOP("CoreText", "int4 weights"),
        QT_TRANSLATE_NOOP("CoreText", "an fp8 KV cache"),
        QT_TRANSLATE_NOOP("CoreText", "activation checkpointing"),
        QT_TRANSLATE_NOOP("CoreText", "QLoRA"),
        QT_TRANSLATE_NOOP("CoreText", "VAE tiling"),
        QT_TRANSLATE_NOOP("CoreText", "model CPU offload"),
    ),
    "binding": (
        QT_TRANSLATE_NOOP("CoreText", "memory"),
        QT_TRANSLATE_NOOP("CoreText", "the model's max_position_embeddings"),
        QT_TRANSLATE_NOOP("CoreText", "the cap you set"),
        QT_TRANSLATE_NOOP("CoreText", "the largest value a request allows"),
        QT_TRANSLATE_NOOP("CoreText", "vLLM's KV cache pool"),
        QT_TRANSLATE_NOOP("CoreText", "vLLM's max_num_seqs"),
    ),
    "unit": (
        QT_TRANSLATE_NOOP("CoreText", "hour"),
        QT_TRANSLATE_NOOP("CoreText", "day"),
        QT_TRANSLATE_NOOP("CoreText", "week"),
        QT_TRANSLATE_NOOP("CoreText", "month"),
    ),
}
"""Parameters whose value is one of a few fixed English words, which a translation replaces too."""

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
