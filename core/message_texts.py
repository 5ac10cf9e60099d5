"""The English templates of :mod:`core.messages`, by key, marked for Qt Linguist.

A key is a finding's code (``tp_pcie``), a code and a variant (``vae_tiling_quality.whole``), or
a dotted name for a note, a price line, a planner reason or an error. The text is what the command
line prints. Each text is wrapped in ``QT_TRANSLATE_NOOP("CoreText", ...)``: ``make i18n`` reads
this file with the GUI's sources, so the Russian translations in ``resources/i18n/anchorgpu_ru.ts``
start from these very texts and the GUI (``gui/core_text.py``) looks them up by them.
"""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name lupdate looks for
    """Return ``text``: a marker for ``pyside6-lupdate``, which reads the call in the source.

    It is not Qt's function of that name (core imports no Qt); lupdate only needs the name.
    """
    return text


_FINDINGS = {
    "platform_mismatch": QT_TRANSLATE_NOOP(
        "CoreText",
        "the workload needs {needs}, but {gpu} is an {vendor} GPU that runs {has}; "
        "{needs} workloads never run on it",
    ),
    "driver_too_old": QT_TRANSLATE_NOOP(
        "CoreText",
        "the workload needs {platform} {version}, but the driver of this offer "
        "supports {platform} up to {limit}",
    ),
    "rocm_verify": QT_TRANSLATE_NOOP(
        "CoreText",
        "check ROCm support for {gfx}, the OS image, the framework build and every "
        "dependency: CUDA-only libraries and kernels do not run here",
    ),
    "bf16_unsupported": QT_TRANSLATE_NOOP(
        "CoreText", "bf16 needs compute capability 8.0+, {gpu} has {cc}"
    ),
    "fp8_unsupported": QT_TRANSLATE_NOOP("CoreText", "fp8 needs CDNA3 (gfx942); {gpu} is {gfx}"),
    "fp8_emulated": QT_TRANSLATE_NOOP(
        "CoreText",
        "{gpu} (compute capability {cc}) has no fp8 tensor cores (8.9+ needed): "
        "weight-only fp8 kernels dequantize to 16-bit, saving memory but not compute; "
        "check that your serving stack offers them",
    ),
    "format_converted": QT_TRANSLATE_NOOP(
        "CoreText",
        "{gpu} ({gfx}) runs FP8 only in the FNUZ encoding: the OCP FP8 weights of {format} "
        "are converted when loaded, which changes values and scales; verify output quality "
        "(source: {source})",
    ),
    "format_emulated": QT_TRANSLATE_NOOP(
        "CoreText",
        "{gpu} has no {feature} tensor cores: {format} runs through weight-only kernels that "
        "dequantize to 16-bit, so the memory saving stays but prefill runs at the bf16 peak "
        "({peak:,.0f} TFLOPs) and the kernels must exist in your serving stack "
        "(source: {source})",
    ),
    "format_unsupported": QT_TRANSLATE_NOOP(
        "CoreText",
        "no kernel runs {format} ({feature}) on {gpu}; choose another format or GPU "
        "(source: {source})",
    ),
    "int4_kernels_rocm": QT_TRANSLATE_NOOP(
        "CoreText",
        "int4 (GPTQ/AWQ) kernels on ROCm depend on the framework build; verify them for {gfx}",
    ),
    "int4_kernels_missing": QT_TRANSLATE_NOOP(
        "CoreText", "fast int4 kernels (Marlin) need compute capability 8.0+"
    ),
    "quantization_quality": QT_TRANSLATE_NOOP(
        "CoreText",
        "{weights} weights change the model's outputs; verify output quality on your "
        "own data, and that kernels exist for this GPU and platform",
    ),
    "weights_as_stored": QT_TRANSLATE_NOOP(
        "CoreText",
        "the weights are counted as config.json's quantization_config says the checkpoint "
        "stores them, {stored_as}: {size:.1f} GiB in all, as vLLM loads them",
    ),
    "weights_as_stored.instead": QT_TRANSLATE_NOOP(
        "CoreText",
        "the weights are counted as config.json's quantization_config says the checkpoint "
        "stores them, {stored_as}: {size:.1f} GiB in all, not at the requested {weights}: vLLM "
        "loads a quantized checkpoint as stored; name another format to plan a converted copy",
    ),
    "weights_not_as_stored": QT_TRANSLATE_NOOP(
        "CoreText",
        "config.json's quantization_config says the checkpoint stores {stored_as} ({size:.1f} "
        "GiB in all); the weights are counted at the requested {weights} instead, as for a "
        "copy converted to it",
    ),
    "weights_not_as_stored.training": QT_TRANSLATE_NOOP(
        "CoreText",
        "config.json's quantization_config says the checkpoint stores {stored_as} ({size:.1f} "
        "GiB in all); training counts the weights in its own precision, as for a copy "
        "converted to it",
    ),
    "mtp_not_counted": QT_TRANSLATE_NOOP(
        "CoreText",
        "speculative decoding with MTP is asked for, but the planner counts no "
        "multi-token-prediction layers for this model (it declares none, or their layout is "
        "not read): their weights and cache are not included",
    ),
    "kv_cache_fp8_quality": QT_TRANSLATE_NOOP(
        "CoreText",
        "an fp8 KV cache halves its memory but can lower accuracy; verify output quality",
    ),
    "qlora_quality": QT_TRANSLATE_NOOP(
        "CoreText",
        "QLoRA trains against NF4-quantized base weights; compare the result with a "
        "16-bit baseline",
    ),
    "too_many_gpus": QT_TRANSLATE_NOOP(
        "CoreText",
        "{gpu} offers at most {max_gpus} GPUs per allocation ({per_node} per node × "
        "{max_nodes} nodes), {gpus} asked",
    ),
    "tp_heads_indivisible": QT_TRANSLATE_NOOP(
        "CoreText", "tensor-parallel degree {tp} does not divide the {heads} attention heads"
    ),
    "tp_kv_heads_indivisible": QT_TRANSLATE_NOOP(
        "CoreText",
        "tensor-parallel degree {tp} and the {kv_heads} KV heads do not divide one another",
    ),
    "kv_heads_replicated": QT_TRANSLATE_NOOP(
        "CoreText",
        "tensor-parallel degree {tp} exceeds the {kv_heads} KV heads: each GPU keeps a "
        "replicated head, so the KV cache does not shrink further",
    ),
    "tp_across_nodes": QT_TRANSLATE_NOOP(
        "CoreText",
        "tensor-parallel degree {tp} spans nodes ({per_node} GPUs per node): every "
        "layer's all-reduce crosses the network; keep tensor parallelism within a node",
    ),
    "tp_pcie": QT_TRANSLATE_NOOP(
        "CoreText",
        "{gpu} GPUs talk over PCIe only: tensor parallelism's all-reduce in every "
        "layer will slow each step noticeably",
    ),
    "tp_stack_support": QT_TRANSLATE_NOOP(
        "CoreText",
        "tensor parallelism needs a serving or training stack that supports it for this model",
    ),
    "disclaimer": QT_TRANSLATE_NOOP(
        "CoreText",
        "The definitions explain concepts; they do not guarantee that a specific "
        "workload, library version or topology is supported by an AnchorGPU allocation.",
    ),
    "moe_total_params": QT_TRANSLATE_NOOP(
        "CoreText",
        "mixture of experts: memory holds all {total:.1f}B parameters, while each "
        "token computes with {active:.1f}B",
    ),
    "llamacpp_partial_offload": QT_TRANSLATE_NOOP(
        "CoreText",
        "{on_gpu} of {layers} layers fit on the GPUs (-ngl {on_gpu}); the other {on_cpu} run "
        "on the CPU from system memory ({cpu_gib:.1f} GiB of weights), which bounds the speed",
    ),
    "llamacpp_no_layer_fits": QT_TRANSLATE_NOOP(
        "CoreText",
        "not even one layer fits beside llama.cpp's compute buffer and KV cache on {gpu}",
    ),
    "llamacpp_layer_split": QT_TRANSLATE_NOOP(
        "CoreText",
        "llama.cpp splits the layers over the {gpus} GPUs (--split-mode layer), not the tensors: "
        "each GPU holds whole layers and their KV cache, one at a time computes",
    ),
    "llamacpp_not_gguf": QT_TRANSLATE_NOOP(
        "CoreText",
        "llama.cpp runs GGUF files: the weights are counted as {format}, which is not a GGUF "
        "type; choose a GGUF format or a .gguf file for exact figures",
    ),
    "ddp_does_not_pool": QT_TRANSLATE_NOOP(
        "CoreText",
        "needs {need:.1f} GiB per GPU, each {gpu} has {usable:.1f} GiB: DDP keeps a full "
        "replica on every GPU and does not pool memory, so {gpus} × {usable:.1f} GiB = "
        "{pooled:.1f} GiB does not help; shard the model with FSDP or tensor parallelism",
    ),
    "strategy_not_for_inference": QT_TRANSLATE_NOOP(
        "CoreText",
        "FSDP is a training strategy; to spread a model for serving use tensor parallelism",
    ),
    "checkpoint_restore": QT_TRANSLATE_NOOP(
        "CoreText",
        "a resumable checkpoint takes about {size:.1f} GB (model, optimizer, "
        "scheduler, RNG and data-loader state); verify that it restores, not only that "
        "it is written",
    ),
    "fsdp_sharded_checkpoint": QT_TRANSLATE_NOOP(
        "CoreText",
        "FSDP writes checkpoints as {shards} shards; to restore on another number of "
        "GPUs they must be consolidated or resharded (torch.distributed.checkpoint); "
        "FSDP also adds communication every step",
    ),
    "ddp_buckets": QT_TRANSLATE_NOOP(
        "CoreText",
        "PyTorch DDP copies gradients into all-reduce buckets, up to the gradients' "
        "size again, unless gradient_as_bucket_view=True",
    ),
    "diffusion_replicas_only": QT_TRANSLATE_NOOP(
        "CoreText",
        "the diffusion pipelines run whole on each GPU; more GPUs serve as independent "
        "replicas (choose single or ddp)",
    ),
    "vae_decode_peak.one": QT_TRANSLATE_NOOP(
        "CoreText",
        "VAE decode peak {decode:.2f} GiB (1 image at once in {dtype}); denoising peak "
        "{denoise:.2f} GiB; {larger} is larger and sets the GPU requirement.",
    ),
    "vae_decode_peak.many": QT_TRANSLATE_NOOP(
        "CoreText",
        "VAE decode peak {decode:.2f} GiB ({images} images at once in {dtype}); "
        "denoising peak {denoise:.2f} GiB; {larger} is larger and sets the GPU "
        "requirement.",
    ),
    "vae_decode_peak.one_tiled": QT_TRANSLATE_NOOP(
        "CoreText",
        "VAE decode peak {decode:.2f} GiB (1 image at once in {dtype}, {tiles} tiles); "
        "denoising peak {denoise:.2f} GiB; {larger} is larger and sets the GPU "
        "requirement.",
    ),
    "vae_decode_peak.many_tiled": QT_TRANSLATE_NOOP(
        "CoreText",
        "VAE decode peak {decode:.2f} GiB ({images} images at once in {dtype}, {tiles} "
        "tiles); denoising peak {denoise:.2f} GiB; {larger} is larger and sets the GPU "
        "requirement.",
    ),
    "vae_upcast_fp32": QT_TRANSLATE_NOOP(
        "CoreText",
        "{pipeline} decodes with its VAE upcast to fp32 (force_upcast: the fp16 VAE "
        "overflows), so decode weights and activations take 4 bytes.",
    ),
    "vae_tiling_quality.tiled": QT_TRANSLATE_NOOP(
        "CoreText",
        "VAE tiling is on: the image is decoded in {tiles} overlapping tiles of "
        "{tile_px} px; the output can change at tile seams (tone shifts between "
        "tiles); verify image quality before relying on it.",
    ),
    "vae_tiling_quality.whole": QT_TRANSLATE_NOOP(
        "CoreText",
        "VAE tiling is on: at {width}x{height} the image fits in one {tile_px} px "
        "tile, so it is decoded whole and tiling saves no memory; at larger sizes the "
        "output can change at tile seams (tone shifts between tiles); verify image "
        "quality before relying on it.",
    ),
    "vae_decode_exceeds_vram": QT_TRANSLATE_NOOP(
        "CoreText",
        "Denoising fits on {gpu} but the VAE decode needs {decode:.2f} GiB; VAE "
        "slicing or tiling lowers the decode peak.",
    ),
    "cpu_offload_sequential_slow": QT_TRANSLATE_NOOP(
        "CoreText",
        "Sequential CPU offload keeps about one submodule on the GPU and moves weights "
        "over the host link for every layer of every step: very slow.",
    ),
    "diffusion_quantized_denoiser": QT_TRANSLATE_NOOP(
        "CoreText",
        "{weights} applies to the {denoiser}'s linear layers only; text encoders and "
        "the VAE keep their dtype. Check kernel support and image quality.",
    ),
    "guidance_distilled": QT_TRANSLATE_NOOP(
        "CoreText",
        "{pipeline} is guidance-distilled: one denoiser pass per step, the batch is "
        "not doubled for classifier-free guidance.",
    ),
}

# Notes on a model's architecture; each becomes a finding with the code before the dot.
_NOTES = {
    "model_type_unknown.named": QT_TRANSLATE_NOOP(
        "CoreText",
        "model_type '{family}' is not one the planner counts exactly; parameters are "
        "estimated with the Llama-style formula from the generic fields.",
    ),
    "model_type_unknown.unnamed": QT_TRANSLATE_NOOP(
        "CoreText",
        "a config without model_type is not one the planner counts exactly; parameters "
        "are estimated with the Llama-style formula from the generic fields.",
    ),
    "model_note.alias": QT_TRANSLATE_NOOP("CoreText", "'{key}' read from the config's '{name}'."),
    "model_note.family_default": QT_TRANSLATE_NOOP(
        "CoreText", "'{key}' is not in config.json; used the {family} default {default}."
    ),
    "model_note.ff_assumed": QT_TRANSLATE_NOOP(
        "CoreText", "'intermediate_size' is not in config.json; assumed 4 × hidden = {ff}."
    ),
    "model_note.untied_head": QT_TRANSLATE_NOOP(
        "CoreText", "'tie_word_embeddings' is not in config.json; assumed an untied LM head."
    ),
    "model_note.mtp_layers": QT_TRANSLATE_NOOP(
        "CoreText",
        "The published checkpoint also stores {layers} multi-token-prediction layer(s) "
        "({params:,} parameters). vLLM skips them when it loads the model and loads them "
        "only for speculative decoding with MTP (--speculative-config method mtp); they are "
        "not counted here.",
    ),
    "model_note.mtp_counted": QT_TRANSLATE_NOOP(
        "CoreText",
        "Speculative decoding with MTP (vLLM --speculative-config method mtp): the {layers} "
        "multi-token-prediction layer(s) are counted as vLLM loads them ({params:,} "
        "parameters; they share the model's embedding and LM head), and each caches like a "
        "decoder layer.",
    ),
    "model_note.mtp_declared": QT_TRANSLATE_NOOP(
        "CoreText",
        "config.json declares {layers} multi-token-prediction layer(s) ({key}); they serve "
        "speculative decoding, which this estimate does not include, and their parameters "
        "are not counted.",
    ),
    "model_note.declared_quantization": QT_TRANSLATE_NOOP(
        "CoreText",
        "config.json declares {method} quantization in a layout the planner does not read: "
        "the weights are counted at the requested precision, not as the checkpoint stores "
        "them.",
    ),
    "model_note.heads_raised": QT_TRANSLATE_NOOP(
        "CoreText", "attention_heads raised to kv_heads ({kv_heads})."
    ),
    "model_note.custom_assumed": QT_TRANSLATE_NOOP(
        "CoreText",
        "Custom model: the KV cache and activations rest on assumed {assumed}; give "
        "these fields for a better estimate.",
    ),
    "model_note.custom_no_layers": QT_TRANSLATE_NOOP(
        "CoreText",
        "Without the layer count, FSDP's gathered working set (one layer at a time) is "
        "not estimated.",
    ),
    "model_note.custom_active": QT_TRANSLATE_NOOP(
        "CoreText", "Compute uses the {active:,} active parameters given."
    ),
    "model_note.index_size_mismatch": QT_TRANSLATE_NOOP(
        "CoreText",
        "The index says total_size {total:,} bytes but the shards' headers describe "
        "{stored:,} bytes; the headers are used.",
    ),
    "model_note.quantized_checkpoint": QT_TRANSLATE_NOOP(
        "CoreText",
        "The checkpoint is quantized: its parameter count is of stored (packed) "
        "elements, and its exact stored size ({stored:,} bytes) is used for the "
        "weights.",
    ),
    "model_note.checkpoint_format": QT_TRANSLATE_NOOP(
        "CoreText",
        "The checkpoint's weights are stored as {format} (from quantization_config and the "
        "header's dtypes); its exact stored size is used.",
    ),
    "model_note.gguf_types": QT_TRANSLATE_NOOP(
        "CoreText",
        "GGUF tensor types by share of bytes: {types}; the exact stored size ({stored:,} "
        "bytes) is used for the weights.",
    ),
    "model_note.gguf_window_layers": QT_TRANSLATE_NOOP(
        "CoreText",
        "The file declares a {window}-token sliding window but not which layers use it; "
        "every layer's KV cache is counted in full (an upper bound).",
    ),
    "model_note.param_mismatch": QT_TRANSLATE_NOOP(
        "CoreText",
        "The checkpoint stores {stored:,} parameters; config.json describes "
        "{described:,} (extra or missing tensors, e.g. tied or auxiliary weights).",
    ),
    "model_note.inferred": QT_TRANSLATE_NOOP(
        "CoreText",
        "No config.json beside the checkpoint: the architecture was inferred from "
        "tensor names and shapes, and sliding-window attention cannot be detected "
        "(full KV cache assumed).",
    ),
    "model_note.experts_unknown": QT_TRANSLATE_NOOP(
        "CoreText",
        "{experts} experts found but the experts used per token are unknown without "
        "config.json; active parameters are counted as all parameters.",
    ),
    "model_note.head_dim_assumed": QT_TRANSLATE_NOOP(
        "CoreText", "head_dim is not stored in the tensors; assumed {head_dim}."
    ),
    "model_note.counted_from_tensors": QT_TRANSLATE_NOOP(
        "CoreText",
        "The parameters ({params:,}) are counted from the checkpoint's tensors, so the "
        "weights are exact; the cache layout is read from the generic config fields.",
    ),
    "model_note.vision_not_counted": QT_TRANSLATE_NOOP(
        "CoreText",
        "The vision tower of '{family}' is not one the planner counts; only the text "
        "model is counted, so the weights are approximate.",
    ),
    "model_note.audio_not_counted": QT_TRANSLATE_NOOP(
        "CoreText",
        "The audio tower of '{family}' is not counted; the text model and the vision tower are, "
        "so the weights are approximate.",
    ),
    "model_note.ff_inferred": QT_TRANSLATE_NOOP(
        "CoreText", "No MLP weights recognised; intermediate size assumed 4 × hidden = {ff}."
    ),
}

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
    "throughput.training": QT_TRANSLATE_NOOP(
        "CoreText", "{factor}·N FLOPs per token at {mfu:.0%} of the GPUs' dense bf16 peak"
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
    "request.kv_heads_exceed": QT_TRANSLATE_NOOP(
        "CoreText", "kv_heads cannot exceed attention_heads"
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
    "quote_limits.offer": QT_TRANSLATE_NOOP(
        "CoreText", "the GPU offer saved with quote {quote} cannot be read, so no limits"
    ),
}

_OUTCOME = {
    "outcome.tokens": QT_TRANSLATE_NOOP(
        "CoreText",
        "{input} {currency} per 1M input tokens (prefill), {output} {currency} per 1M output "
        "tokens (decode), GPUs busy {utilization:.0%} of the term",
    ),
    "outcome.run": QT_TRANSLATE_NOOP(
        "CoreText",
        "training run: {gpu_hours:,.1f} GPU-hours, {hours:,.1f} h on {gpus} GPU, {cost} {currency} "
        "({factor}·N FLOPs per token at {mfu:.0%} MFU)",
    ),
    "outcome.images": QT_TRANSLATE_NOOP(
        "CoreText",
        "{cost} {currency} per 1,000 images, GPUs busy {utilization:.0%} of the term",
    ),
    "outcome.term_covers": QT_TRANSLATE_NOOP(
        "CoreText", "a term of {count} × {unit} ({hours:,} h) covers the run"
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
    # How a checkpoint stores its weights (core.checkpoint_layout), in this order.
    "stored_as": (
        QT_TRANSLATE_NOOP("CoreText", "fp8 blocks with fp32 scales"),
        QT_TRANSLATE_NOOP("CoreText", "fp8 blocks with E8M0 scales"),
        QT_TRANSLATE_NOOP("CoreText", "MXFP4 experts, the rest in bf16"),
        QT_TRANSLATE_NOOP("CoreText", "MXFP4 experts and fp8 blocks with E8M0 scales"),
        QT_TRANSLATE_NOOP("CoreText", "MXFP4 experts and fp8 blocks with fp32 scales"),
        # core.checkpoint_formats
        QT_TRANSLATE_NOOP("CoreText", "fp8 with one scale per matrix"),
        QT_TRANSLATE_NOOP("CoreText", "fp8 with one scale per output channel"),
        QT_TRANSLATE_NOOP("CoreText", "int4 packed in groups (compressed-tensors)"),
        QT_TRANSLATE_NOOP("CoreText", "int8 with one scale per output channel"),
        QT_TRANSLATE_NOOP("CoreText", "AWQ int4 groups"),
        QT_TRANSLATE_NOOP("CoreText", "GPTQ int4 groups"),
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
    **_FINDINGS,
    **_NOTES,
    **_PRICES,
    **_PLANNER,
    **_THROUGHPUT,
    **_LIMITS,
    **_OUTCOME,
    **_PYDANTIC,
    **_ERRORS,
}
"""Every English template by key."""
