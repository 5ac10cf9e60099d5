"""The warnings and notes of an estimate as Qt Linguist sources: core's English templates, by key.

Each entry repeats a template of ``core/message_texts.py`` inside ``QT_TRANSLATE_NOOP`` so that
``pyside6-lupdate`` puts it into ``resources/i18n/anchorgpu_ru.ts`` (context ``CoreText``);
:mod:`gui.core_text` looks the key up and translates. ``tests/test_core_text.py`` keeps every text
equal to core's and every translation's placeholders equal to the source's.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

FINDINGS: dict[str, str] = {
    "platform_mismatch": QT_TRANSLATE_NOOP(
        "CoreText",
        "the workload needs {needs}, but {gpu} is an {vendor} GPU that runs {has}; {needs} "
        "workloads never run on it",
    ),
    "driver_too_old": QT_TRANSLATE_NOOP(
        "CoreText",
        "the workload needs {platform} {version}, but the driver of this offer supports "
        "{platform} up to {limit}",
    ),
    "rocm_verify": QT_TRANSLATE_NOOP(
        "CoreText",
        "check ROCm support for {gfx}, the OS image, the framework build and every dependency: "
        "CUDA-only libraries and kernels do not run here",
    ),
    "bf16_unsupported": QT_TRANSLATE_NOOP(
        "CoreText",
        "bf16 needs compute capability 8.0+, {gpu} has {cc}",
    ),
    "fp8_unsupported": QT_TRANSLATE_NOOP("CoreText", "fp8 needs CDNA3 (gfx942); {gpu} is {gfx}"),
    "fp8_emulated": QT_TRANSLATE_NOOP(
        "CoreText",
        "{gpu} (compute capability {cc}) has no fp8 tensor cores (8.9+ needed): weight-only fp8 "
        "kernels dequantize to 16-bit, saving memory but not compute; check that your serving "
        "stack offers them",
    ),
    "int4_kernels_rocm": QT_TRANSLATE_NOOP(
        "CoreText",
        "int4 (GPTQ/AWQ) kernels on ROCm depend on the framework build; verify them for {gfx}",
    ),
    "int4_kernels_missing": QT_TRANSLATE_NOOP(
        "CoreText",
        "fast int4 kernels (Marlin) need compute capability 8.0+",
    ),
    "quantization_quality": QT_TRANSLATE_NOOP(
        "CoreText",
        "{weights} weights change the model's outputs; verify output quality on your own data, "
        "and that kernels exist for this GPU and platform",
    ),
    "kv_cache_fp8_quality": QT_TRANSLATE_NOOP(
        "CoreText",
        "an fp8 KV cache halves its memory but can lower accuracy; verify output quality",
    ),
    "qlora_quality": QT_TRANSLATE_NOOP(
        "CoreText",
        "QLoRA trains against NF4-quantized base weights; compare the result with a 16-bit "
        "baseline",
    ),
    "too_many_gpus": QT_TRANSLATE_NOOP(
        "CoreText",
        "{gpu} offers at most {max_gpus} GPUs per allocation ({per_node} per node × {max_nodes} "
        "nodes), {gpus} asked",
    ),
    "tp_heads_indivisible": QT_TRANSLATE_NOOP(
        "CoreText",
        "tensor-parallel degree {tp} does not divide the {heads} attention heads",
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
        "tensor-parallel degree {tp} spans nodes ({per_node} GPUs per node): every layer's "
        "all-reduce crosses the network; keep tensor parallelism within a node",
    ),
    "tp_pcie": QT_TRANSLATE_NOOP(
        "CoreText",
        "{gpu} GPUs talk over PCIe only: tensor parallelism's all-reduce in every layer will "
        "slow each step noticeably",
    ),
    "tp_stack_support": QT_TRANSLATE_NOOP(
        "CoreText",
        "tensor parallelism needs a serving or training stack that supports it for this model",
    ),
    "disclaimer": QT_TRANSLATE_NOOP(
        "CoreText",
        "The definitions explain concepts; they do not guarantee that a specific workload, "
        "library version or topology is supported by an AnchorGPU allocation.",
    ),
    "moe_total_params": QT_TRANSLATE_NOOP(
        "CoreText",
        "mixture of experts: memory holds all {total:.1f}B parameters, while each token "
        "computes with {active:.1f}B",
    ),
    "ddp_does_not_pool": QT_TRANSLATE_NOOP(
        "CoreText",
        "needs {need:.1f} GB per GPU, each {gpu} has {usable:.1f} GB: DDP keeps a full replica "
        "on every GPU and does not pool memory, so {gpus} × {usable:.1f} GB = {pooled:.1f} GB "
        "does not help; shard the model with FSDP or tensor parallelism",
    ),
    "strategy_not_for_inference": QT_TRANSLATE_NOOP(
        "CoreText",
        "FSDP is a training strategy; to spread a model for serving use tensor parallelism",
    ),
    "checkpoint_restore": QT_TRANSLATE_NOOP(
        "CoreText",
        "a resumable checkpoint takes about {size:.1f} GB (model, optimizer, scheduler, RNG and "
        "data-loader state); verify that it restores, not only that it is written",
    ),
    "fsdp_sharded_checkpoint": QT_TRANSLATE_NOOP(
        "CoreText",
        "FSDP writes checkpoints as {shards} shards; to restore on another number of GPUs they "
        "must be consolidated or resharded (torch.distributed.checkpoint); FSDP also adds "
        "communication every step",
    ),
    "ddp_buckets": QT_TRANSLATE_NOOP(
        "CoreText",
        "PyTorch DDP copies gradients into all-reduce buckets, up to the gradients' size again, "
        "unless gradient_as_bucket_view=True",
    ),
    "diffusion_replicas_only": QT_TRANSLATE_NOOP(
        "CoreText",
        "the diffusion pipelines run whole on each GPU; more GPUs serve as independent replicas "
        "(choose single or ddp)",
    ),
    "vae_decode_peak.one": QT_TRANSLATE_NOOP(
        "CoreText",
        "VAE decode peak {decode:.2f} GiB (1 image at once in {dtype}); denoising peak "
        "{denoise:.2f} GiB; {larger} is larger and sets the GPU requirement.",
    ),
    "vae_decode_peak.many": QT_TRANSLATE_NOOP(
        "CoreText",
        "VAE decode peak {decode:.2f} GiB ({images} images at once in {dtype}); denoising peak "
        "{denoise:.2f} GiB; {larger} is larger and sets the GPU requirement.",
    ),
    "vae_decode_peak.one_tiled": QT_TRANSLATE_NOOP(
        "CoreText",
        "VAE decode peak {decode:.2f} GiB (1 image at once in {dtype}, {tiles} tiles); "
        "denoising peak {denoise:.2f} GiB; {larger} is larger and sets the GPU requirement.",
    ),
    "vae_decode_peak.many_tiled": QT_TRANSLATE_NOOP(
        "CoreText",
        "VAE decode peak {decode:.2f} GiB ({images} images at once in {dtype}, {tiles} tiles); "
        "denoising peak {denoise:.2f} GiB; {larger} is larger and sets the GPU requirement.",
    ),
    "vae_upcast_fp32": QT_TRANSLATE_NOOP(
        "CoreText",
        "{pipeline} decodes with its VAE upcast to fp32 (force_upcast: the fp16 VAE overflows), "
        "so decode weights and activations take 4 bytes.",
    ),
    "vae_tiling_quality.tiled": QT_TRANSLATE_NOOP(
        "CoreText",
        "VAE tiling is on: the image is decoded in {tiles} overlapping tiles of {tile_px} px; "
        "the output can change at tile seams (tone shifts between tiles); verify image quality "
        "before relying on it.",
    ),
    "vae_tiling_quality.whole": QT_TRANSLATE_NOOP(
        "CoreText",
        "VAE tiling is on: at {width}x{height} the image fits in one {tile_px} px tile, so it "
        "is decoded whole and tiling saves no memory; at larger sizes the output can change at "
        "tile seams (tone shifts between tiles); verify image quality before relying on it.",
    ),
    "vae_decode_exceeds_vram": QT_TRANSLATE_NOOP(
        "CoreText",
        "Denoising fits on {gpu} but the VAE decode needs {decode:.2f} GiB; VAE slicing or "
        "tiling lowers the decode peak.",
    ),
    "cpu_offload_sequential_slow": QT_TRANSLATE_NOOP(
        "CoreText",
        "Sequential CPU offload keeps about one submodule on the GPU and moves weights over the "
        "host link for every layer of every step: very slow.",
    ),
    "diffusion_quantized_denoiser": QT_TRANSLATE_NOOP(
        "CoreText",
        "{weights} applies to the {denoiser}'s linear layers only; text encoders and the VAE "
        "keep their dtype. Check kernel support and image quality.",
    ),
    "guidance_distilled": QT_TRANSLATE_NOOP(
        "CoreText",
        "{pipeline} is guidance-distilled: one denoiser pass per step, the batch is not doubled "
        "for classifier-free guidance.",
    ),
    "model_type_unknown.named": QT_TRANSLATE_NOOP(
        "CoreText",
        "model_type '{family}' is not one the planner counts exactly; parameters are estimated "
        "with the Llama-style formula from the generic fields.",
    ),
    "model_type_unknown.unnamed": QT_TRANSLATE_NOOP(
        "CoreText",
        "a config without model_type is not one the planner counts exactly; parameters are "
        "estimated with the Llama-style formula from the generic fields.",
    ),
    "model_note.alias": QT_TRANSLATE_NOOP("CoreText", "'{key}' read from the config's '{name}'."),
    "model_note.family_default": QT_TRANSLATE_NOOP(
        "CoreText",
        "'{key}' is not in config.json; used the {family} default {default}.",
    ),
    "model_note.ff_assumed": QT_TRANSLATE_NOOP(
        "CoreText",
        "'intermediate_size' is not in config.json; assumed 4 × hidden = {ff}.",
    ),
    "model_note.untied_head": QT_TRANSLATE_NOOP(
        "CoreText",
        "'tie_word_embeddings' is not in config.json; assumed an untied LM head.",
    ),
    "model_note.mtp_layers": QT_TRANSLATE_NOOP(
        "CoreText",
        "The published checkpoint also stores {layers} multi-token-prediction layer(s) "
        "({params:,} parameters); they serve only speculative decoding and are not counted "
        "here.",
    ),
    "model_note.declared_quantization": QT_TRANSLATE_NOOP(
        "CoreText",
        "config.json declares {method} quantization: the published weights are stored "
        "quantized, not in torch_dtype.",
    ),
    "model_note.heads_raised": QT_TRANSLATE_NOOP(
        "CoreText",
        "attention_heads raised to kv_heads ({kv_heads}).",
    ),
    "model_note.custom_assumed": QT_TRANSLATE_NOOP(
        "CoreText",
        "Custom model: the KV cache and activations rest on assumed {assumed}; give these "
        "fields for a better estimate.",
    ),
    "model_note.custom_no_layers": QT_TRANSLATE_NOOP(
        "CoreText",
        "Without the layer count, FSDP's gathered working set (one layer at a time) is not "
        "estimated.",
    ),
    "model_note.custom_active": QT_TRANSLATE_NOOP(
        "CoreText",
        "Compute uses the {active:,} active parameters given.",
    ),
    "model_note.index_size_mismatch": QT_TRANSLATE_NOOP(
        "CoreText",
        "The index says total_size {total:,} bytes but the shards' headers describe {stored:,} "
        "bytes; the headers are used.",
    ),
    "model_note.quantized_checkpoint": QT_TRANSLATE_NOOP(
        "CoreText",
        "The checkpoint is quantized: its parameter count is of stored (packed) elements, and "
        "its exact stored size ({stored:,} bytes) is used for the weights.",
    ),
    "model_note.param_mismatch": QT_TRANSLATE_NOOP(
        "CoreText",
        "The checkpoint stores {stored:,} parameters; config.json describes {described:,} "
        "(extra or missing tensors, e.g. tied or auxiliary weights).",
    ),
    "model_note.inferred": QT_TRANSLATE_NOOP(
        "CoreText",
        "No config.json beside the checkpoint: the architecture was inferred from tensor names "
        "and shapes, and sliding-window attention cannot be detected (full KV cache assumed).",
    ),
    "model_note.experts_unknown": QT_TRANSLATE_NOOP(
        "CoreText",
        "{experts} experts found but the experts used per token are unknown without "
        "config.json; active parameters are counted as all parameters.",
    ),
    "model_note.head_dim_assumed": QT_TRANSLATE_NOOP(
        "CoreText",
        "head_dim is not stored in the tensors; assumed {head_dim}.",
    ),
    "model_note.ff_inferred": QT_TRANSLATE_NOOP(
        "CoreText",
        "No MLP weights recognised; intermediate size assumed 4 × hidden = {ff}.",
    ),
}
"""Warnings and notes of an estimate, by finding code (and variant)."""
