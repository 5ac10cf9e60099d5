"""The English templates of the findings an estimate reports, and of the notes on a model.

A finding's key is its code (``tp_pcie``) or a code and a variant (``vae_tiling_quality.whole``);
a note's key is the code of the finding it becomes, a dot, and its variant. Like
:mod:`core.texts.message_texts`, which gathers them with the other templates, the key is the
message's id in the translations, so the GUI translates a finding by its key (``gui/core_text.py``).
"""

from __future__ import annotations

FINDING_TEMPLATES: dict[str, str] = {
    "platform_mismatch": (
        "the workload needs {needs}, but {gpu} is an {vendor} GPU that runs {has}; "
        "{needs} workloads never run on it"
    ),
    "driver_too_old": (
        "the workload needs {platform} {version}, but the driver of this offer "
        "supports {platform} up to {limit}"
    ),
    "rocm_verify": (
        "check ROCm support for {gfx}, the OS image, the framework build and every "
        "dependency: CUDA-only libraries and kernels do not run here"
    ),
    "bf16_unsupported": "bf16 needs compute capability 8.0+, {gpu} has {cc}",
    "fp8_unsupported": (
        "{gpu} ({gfx}) runs no FP8 format, neither OCP FP8 nor its FNUZ encoding, so fp8 "
        "weights and an fp8 KV cache do not run on it (source: {source})"
    ),
    "fp8_emulated": (
        "{gpu} (compute capability {cc}) has no fp8 tensor cores (8.9+ needed): "
        "weight-only fp8 kernels dequantize to 16-bit, saving memory but not compute; "
        "check that your serving stack offers them"
    ),
    "format_converted": (
        "{gpu} ({gfx}) runs FP8 only in the FNUZ encoding: the OCP FP8 weights of {format} "
        "are converted when loaded, which changes values and scales; verify output quality "
        "(source: {source})"
    ),
    "format_emulated": (
        "{gpu} has no {feature} tensor cores: {format} runs through weight-only kernels that "
        "dequantize to 16-bit, so the memory saving stays but prefill runs at the bf16 peak "
        "({peak:,.0f} TFLOPs) and the kernels must exist in your serving stack "
        "(source: {source})"
    ),
    "format_unsupported": (
        "no kernel runs {format} ({feature}) on {gpu}; choose another format or GPU "
        "(source: {source})"
    ),
    "int4_kernels_rocm": (
        "int4 (GPTQ/AWQ) kernels on ROCm depend on the framework build; verify them for {gfx}"
    ),
    "int4_kernels_missing": "fast int4 kernels (Marlin) need compute capability 8.0+",
    "quantization_quality": (
        "{weights} weights change the model's outputs; verify output quality on your "
        "own data, and that kernels exist for this GPU and platform"
    ),
    "weights_as_stored": (
        "the weights are counted as config.json's quantization_config says the checkpoint "
        "stores them, {stored_as}: {size:.1f} GiB in all, as vLLM loads them"
    ),
    "weights_as_stored.instead": (
        "the weights are counted as config.json's quantization_config says the checkpoint "
        "stores them, {stored_as}: {size:.1f} GiB in all, not at the requested {weights}: vLLM "
        "loads a quantized checkpoint as stored; name another format to plan a converted copy"
    ),
    "weights_not_as_stored": (
        "config.json's quantization_config says the checkpoint stores {stored_as} ({size:.1f} "
        "GiB in all); the weights are counted at the requested {weights} instead, as for a "
        "copy converted to it"
    ),
    "weights_not_as_stored.training": (
        "config.json's quantization_config says the checkpoint stores {stored_as} ({size:.1f} "
        "GiB in all); training counts the weights in its own precision, as for a copy "
        "converted to it"
    ),
    "mtp_not_counted": (
        "speculative decoding with MTP is asked for, but the planner counts no "
        "multi-token-prediction layers for this model (it declares none, or their layout is "
        "not read): their weights and cache are not included"
    ),
    "mtp_not_counted.no_draft": (
        "speculative decoding with MTP is asked for, but vLLM has no MTP draft model for "
        "{model_type}, and its published checkpoints store no multi-token-prediction weights: "
        "nothing is counted for them; plan without MTP or with another draft method"
    ),
    "kv_cache_fp8_quality": (
        "an fp8 KV cache halves its memory but can lower accuracy; verify output quality"
    ),
    "qlora_quality": (
        "QLoRA trains against NF4-quantized base weights; compare the result with a 16-bit baseline"
    ),
    "priced_as_orders": (
        "{gpus} GPUs are more than one order of {gpu} can hold ({max_gpus}): the run is priced "
        "as {orders} orders, whose GPUs must reach each other over a network the offer does "
        "not promise"
    ),
    "priced_as_orders.serving": (
        "{gpus} GPUs are more than one order of {gpu} holds ({max_gpus}): priced as {orders} "
        "orders of up to {per_order} GPUs, each serving replica within one order"
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
    "expert_parallel_layout": (
        "expert parallel: the {experts} experts of each MoE layer are split whole over {ep} GPUs "
        "(at most {per_gpu} each); attention, shared experts and dense layers are "
        "tensor-parallel over {tp} in each of {dp} data-parallel ranks, each with its own KV cache "
        "and the requested sequences"
    ),
    "expert_parallel_not_applied.dense": (
        "expert parallelism is asked for, but the model routes no experts: it is served "
        "tensor-parallel"
    ),
    "expert_parallel_not_applied.one_gpu": (
        "expert parallelism is asked for on one GPU per replica: vLLM splits experts only over "
        "two or more, so it is served as is"
    ),
    "expert_parallel_not_applied.few_experts": (
        "expert parallelism is asked for over {gpus} GPUs, but each MoE layer has only {experts} "
        "experts, fewer than the GPUs: counted tensor-parallel instead"
    ),
    "expert_parallel_across_nodes": (
        "the expert-parallel group of {ep} GPUs spans nodes ({per_node} GPUs per node): every MoE "
        "layer exchanges tokens over the network, which the speed shown (timed over the node's "
        "own link) does not include"
    ),
    "tp_across_nodes": (
        "tensor-parallel degree {tp} spans nodes ({per_node} GPUs per node): every "
        "layer's all-reduce crosses the network; keep tensor parallelism within a node"
    ),
    "tp_pcie": (
        "{gpu} GPUs talk over PCIe only: tensor parallelism's all-reduce in every "
        "layer will slow each step noticeably"
    ),
    "tp_stack_support": (
        "tensor parallelism needs a serving or training stack that supports it for this model"
    ),
    "disclaimer": (
        "The definitions explain concepts; they do not guarantee that a specific "
        "workload, library version or topology is supported by an AnchorGPU allocation."
    ),
    "moe_total_params": (
        "mixture of experts: memory holds all {total:.1f}B parameters, while each "
        "token computes with {active:.1f}B"
    ),
    "llamacpp_partial_offload": (
        "{on_gpu} of {layers} layers fit on the GPUs (-ngl {on_gpu}); the other {on_cpu} run "
        "on the CPU from system memory ({cpu_gib:.1f} GiB of weights), which bounds the speed"
    ),
    "llamacpp_no_layer_fits": (
        "not even one layer fits beside llama.cpp's compute buffer and KV cache on {gpu}"
    ),
    "llamacpp_layer_split": (
        "llama.cpp splits the layers over the {gpus} GPUs (--split-mode layer), not the tensors: "
        "each GPU holds whole layers and their KV cache, one at a time computes"
    ),
    "llamacpp_no_expert_parallel.moe": (
        "expert parallelism is asked for, but llama.cpp has none: it places whole layers, "
        "experts and all, on each GPU (--split-mode layer), and is counted so"
    ),
    "llamacpp_no_expert_parallel.dense": (
        "expert parallelism is asked for, but llama.cpp has none, and the model routes no "
        "experts: it is counted as llama.cpp serves it"
    ),
    "llamacpp_not_gguf": (
        "llama.cpp runs GGUF files: the weights are counted as {format}, which is not a GGUF "
        "type; choose a GGUF format or a .gguf file for exact figures"
    ),
    "ddp_does_not_pool": (
        "needs {need:.1f} GiB per GPU, each {gpu} has {usable:.1f} GiB: DDP keeps a full "
        "replica on every GPU and does not pool memory, so {gpus} × {usable:.1f} GiB = "
        "{pooled:.1f} GiB does not help; shard the model with FSDP or tensor parallelism"
    ),
    "vllm_does_not_start": (
        "vLLM refuses to start: one sequence of {context:,} tokens needs {needed:.2f} GiB of KV "
        "cache, more than its {available:.2f} GiB pool; the longest context (max_model_len) "
        "that starts here is {longest:,} tokens"
    ),
    "vllm_does_not_start.no_context": (
        "vLLM refuses to start: its KV cache pool of {available:.2f} GiB holds less than one "
        "token of every KV cache group, so no context starts here"
    ),
    "vllm_does_not_start.no_pool": (
        "vLLM refuses to start: nothing is left for its KV cache pool once the weights and its "
        "start-up profile are taken from gpu_memory_utilization, so no context starts here"
    ),
    "vllm_runs_fewer.kv_pool": (
        "vLLM's KV cache pool holds {at_once:,} sequences of {context:,} tokens at once, fewer "
        "than the {requested:,} requested: the others wait in its queue or are preempted"
    ),
    "vllm_runs_fewer.max_num_seqs": (
        "vLLM runs at most {at_once:,} sequences at once (max_num_seqs), fewer than the "
        "{requested:,} requested: the others wait in its queue"
    ),
    "vllm_graph_estimate": (
        "vLLM 0.21 and later measure their CUDA graphs at start-up and take that estimate from "
        "the KV cache pool: published estimates run from {low:.2f} to {high:.2f} GiB per GPU, "
        "which leaves {fewest:,} to {most:,} of the {tokens:,} tokens shown; up to 0.20, or with "
        "VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=0, the graphs use the memory outside "
        "gpu_memory_utilization and the pool is as shown"
    ),
    "strategy_not_for_inference": (
        "FSDP is a training strategy; to spread a model for serving use tensor parallelism"
    ),
    "litgpt_previous_step.logits": (
        "LitGPT keeps the previous step's fp32 logits until the next forward has run: the "
        "estimate counts {size:.2f} GiB of them, as if the longest batch followed one as long"
    ),
    "litgpt_previous_step.bnb_inputs": (
        "LitGPT keeps the previous step's fp32 logits, and through them the inputs "
        "bitsandbytes kept for backward, until the next forward has run: the estimate counts "
        "{size:.2f} GiB of them, as if the longest batch followed one as long"
    ),
    "context_beyond_model": (
        "{context} tokens per sequence is longer than the model's longest sequence ({maximum}): "
        "vLLM refuses it unless the config's rope_scaling extends the length or "
        "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 is set, llama.cpp warns of a context overflow, and "
        "quality past the trained length is not assured"
    ),
    "litgpt_quantized_multi_gpu": (
        "LitGPT does not train a quantized model on more than one GPU (its fine-tuning scripts "
        "stop with --quantize and more than one device): use one GPU or another trainer"
    ),
    "checkpoint_restore": (
        "a resumable checkpoint takes about {size:.1f} GB (model, optimizer, "
        "scheduler, RNG and data-loader state); verify that it restores, not only that "
        "it is written"
    ),
    "fsdp_sharded_checkpoint": (
        "FSDP writes checkpoints as {shards} shards; to restore on another number of "
        "GPUs they must be consolidated or resharded (torch.distributed.checkpoint); "
        "FSDP also adds communication every step"
    ),
    "ddp_buckets": (
        "PyTorch DDP copies gradients into all-reduce buckets, up to the gradients' "
        "size again, unless gradient_as_bucket_view=True"
    ),
    "diffusion_replicas_only": (
        "the diffusion pipelines run whole on each GPU; more GPUs serve as independent "
        "replicas (choose single or ddp)"
    ),
    "vae_decode_peak.one": (
        "VAE decode peak {decode:.2f} GiB (1 image at once in {dtype}); denoising peak "
        "{denoise:.2f} GiB; {larger} is larger and sets the GPU requirement."
    ),
    "vae_decode_peak.many": (
        "VAE decode peak {decode:.2f} GiB ({images} images at once in {dtype}); "
        "denoising peak {denoise:.2f} GiB; {larger} is larger and sets the GPU "
        "requirement."
    ),
    "vae_decode_peak.one_tiled": (
        "VAE decode peak {decode:.2f} GiB (1 image at once in {dtype}, {tiles} tiles); "
        "denoising peak {denoise:.2f} GiB; {larger} is larger and sets the GPU "
        "requirement."
    ),
    "vae_decode_peak.many_tiled": (
        "VAE decode peak {decode:.2f} GiB ({images} images at once in {dtype}, {tiles} "
        "tiles); denoising peak {denoise:.2f} GiB; {larger} is larger and sets the GPU "
        "requirement."
    ),
    "vae_upcast_fp32": (
        "{pipeline} decodes with its VAE upcast to fp32 (force_upcast: the fp16 VAE "
        "overflows), so decode weights and activations take 4 bytes."
    ),
    "vae_tiling_quality.tiled": (
        "VAE tiling is on: the image is decoded in {tiles} overlapping tiles of "
        "{tile_px} px; the output can change at tile seams (tone shifts between "
        "tiles); verify image quality before relying on it."
    ),
    "vae_tiling_quality.whole": (
        "VAE tiling is on: at {width}x{height} the image fits in one {tile_px} px "
        "tile, so it is decoded whole and tiling saves no memory; at larger sizes the "
        "output can change at tile seams (tone shifts between tiles); verify image "
        "quality before relying on it."
    ),
    "vae_decode_exceeds_vram": (
        "Denoising fits on {gpu} but the VAE decode needs {decode:.2f} GiB; VAE "
        "slicing or tiling lowers the decode peak."
    ),
    "cpu_offload_load_on_cpu": (
        "CPU offload holds this little only if the pipeline stays on the CPU until offload is "
        'enabled: moved to the GPU first (.to("cuda"), as some guides do), it holds every '
        "component at once, {whole:.2f} GiB of weights."
    ),
    "cpu_offload_sequential_slow": (
        "Sequential CPU offload keeps about one submodule on the GPU and moves weights "
        "over the host link for every layer of every step: very slow."
    ),
    "diffusion_quantized_denoiser": (
        "{weights} applies to the {denoiser}'s linear layers only; text encoders and "
        "the VAE keep their dtype. Check kernel support and image quality."
    ),
    "guidance_distilled": (
        "{pipeline} is guidance-distilled: one denoiser pass per step, the batch is "
        "not doubled for classifier-free guidance."
    ),
}

# Notes on a model's architecture; each becomes a finding with the code before the dot.
NOTE_TEMPLATES: dict[str, str] = {
    "model_type_unknown.named": (
        "model_type '{family}' is not one the planner counts exactly; its layers, experts, "
        "attention and cache are estimated from the fields families share, within the range "
        "shown."
    ),
    "model_type_unknown.unnamed": (
        "a config without model_type is not one the planner counts exactly; its layers, "
        "experts, attention and cache are estimated from the fields families share, within "
        "the range shown."
    ),
    "model_note.open_mlp_gate": (
        "The activation does not say whether the MLP has a gate matrix: counted with one, so "
        "the parameters may be fewer (the cache is not affected)."
    ),
    "model_note.open_tied_head": (
        "'tie_word_embeddings' is not in config.json: the output head is counted apart from "
        "the embedding, so the parameters may be {vocab:,} × {h:,} fewer."
    ),
    "model_note.open_learned_positions": (
        "The config names no rotary or ALiBi positions: the model may learn a position table, "
        "so the parameters may be more (the cache is not affected)."
    ),
    "model_note.open_layer_plan": (
        "The config has recurrent-mixer fields but no per-layer plan: every layer is counted "
        "with attention, the mixer and an MLP, so both the parameters and the cache may be "
        "smaller."
    ),
    "model_note.open_sliding_window": (
        "The config sets a sliding window but not which layers use it: every layer is cached "
        "in full, so the cache may be smaller (the parameters are not affected)."
    ),
    "model_note.open_linear_state": (
        "The linear-attention layers' state is not described by any field the planner reads: "
        "it is taken as heads × head_dim² per layer, so the cache is a guess (the parameters "
        "are counted as attention-shaped layers)."
    ),
    "model_note.open_shared_expert": (
        "The config names no shared expert: none is counted, but some families run one "
        "without declaring it, so the parameters may be more (the cache is not affected)."
    ),
    "model_note.open_layer_shapes": (
        "The sliding-window layers have their own head shape but the config does not say which "
        "layers slide: the cache may be larger than the figure (the parameters are counted "
        "with the main shape)."
    ),
    "model_note.open_compressed_cache": (
        "The config declares a compressed attention cache the planner does not read: the "
        "cache is a guess (the parameters are counted from the shared fields)."
    ),
    "model_note.open_layer_widths": (
        "The config lists an MLP width per layer: every layer is counted at the widest, so the "
        "parameters may be fewer (the cache is not affected)."
    ),
    "model_note.open_heads": (
        "The config does not give the attention head count (its class default applies): "
        "counted as {heads} heads of {head_dim} with a K/V head each, so both the parameters "
        "and the cache may be smaller."
    ),
    "model_note.open_shared_blocks": (
        "The config declares shared attention blocks (num_mem_blocks): every hybrid layer is "
        "counted with its own, so the parameters may be far fewer (the cache is not affected)."
    ),
    "model_note.open_per_layer_inputs": (
        "The config declares per-layer input embeddings and extra per-layer blocks the planner "
        "does not count: the parameters may be more (the cache is not affected)."
    ),
    "model_note.open_kv_sharing": (
        "The config lets its last layers reuse earlier layers' keys and values "
        "(num_kv_shared_layers): every layer is cached, so the cache may be smaller (the "
        "parameters are not affected)."
    ),
    "model_note.cache_band": (
        "The cache layout is guessed: the cache may be {low:.2f}× to {high:.2f}× the figure."
    ),
    "model_note.vision_estimated": (
        "The vision tower of '{family}' is not one the planner counts exactly: estimated from "
        "its vision_config at {params:,} parameters, within the range shown."
    ),
    "model_note.audio_estimated": (
        "The audio tower of '{family}' is not one the planner counts exactly: estimated from "
        "its audio_config at {params:,} parameters, within the range shown."
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
        "({params:,} parameters). vLLM skips them when it loads the model and loads them "
        "only for speculative decoding with MTP (--speculative-config method mtp); they are "
        "not counted here."
    ),
    "model_note.mtp_layers_first": (
        "The published checkpoint also stores {layers} multi-token-prediction layers ({params:,} "
        "parameters). vLLM skips them when it loads the model, and for speculative decoding "
        "with MTP (--speculative-config method mtp) loads only the first ({loaded:,} "
        "parameters); they are not counted here."
    ),
    "model_note.mtp_counted": (
        "Speculative decoding with MTP (vLLM --speculative-config method mtp): the {layers} "
        "multi-token-prediction layer(s) are counted as vLLM loads them ({params:,} "
        "parameters; they share the model's embedding and LM head), and each caches like a "
        "decoder layer."
    ),
    "model_note.mtp_storage_unread": (
        "config.json's quantization_config names the multi-token-prediction layers in a way "
        "the planner does not read exactly (an entry names some of one of their matrices, or "
        "the family's MTP module names are not known): they are not counted, even for "
        "speculative decoding."
    ),
    "model_note.mtp_states": (
        "While drafting, vLLM keeps {states} recurrent states per sequence in each "
        "linear-attention or Mamba layer, one more per draft token; they are counted."
    ),
    "model_note.mtp_declared": (
        "config.json declares {layers} multi-token-prediction layer(s) ({key}); they serve "
        "speculative decoding, which this estimate does not include, and their parameters "
        "are not counted."
    ),
    "model_note.declared_quantization": (
        "config.json declares {method} quantization in a layout the planner does not read: "
        "the weights are counted at the requested precision, not as the checkpoint stores "
        "them."
    ),
    "model_note.heads_raised": "attention_heads raised to kv_heads ({kv_heads}).",
    "model_note.custom_assumed": (
        "Custom model: the KV cache and activations rest on assumed {assumed}; give "
        "these fields for a better estimate."
    ),
    "model_note.custom_no_layers": (
        "Without the layer count, FSDP's gathered working set (one layer at a time) is "
        "not estimated."
    ),
    "model_note.custom_active": "Compute uses the {active:,} active parameters given.",
    "model_note.index_size_mismatch": (
        "The index says total_size {total:,} bytes but the shards' headers describe "
        "{stored:,} bytes; the headers are used."
    ),
    "model_note.quantized_checkpoint": (
        "The checkpoint is quantized: its parameter count is of stored (packed) "
        "elements, and its exact stored size ({stored:,} bytes) is used for the "
        "weights."
    ),
    "model_note.checkpoint_format": (
        "The checkpoint's weights are stored as {format} (from quantization_config and the "
        "header's dtypes); its exact stored size is used."
    ),
    "model_note.gguf_split": (
        "A split model: all {count} files were read ({tensors:,} tensors in all)."
    ),
    "model_note.scales_loaded_fp32": (
        "The checkpoint saves its 8-bit scales in 16 bits; vLLM loads them into float32, so the"
        " weights take {loaded:,} bytes on the GPUs for {stored:,} in the files."
    ),
    "model_note.gguf_types": (
        "GGUF tensor types by share of bytes: {types}; the exact stored size ({stored:,} "
        "bytes) is used for the weights."
    ),
    "model_note.gguf_window_layers": (
        "The file declares a {window}-token sliding window but not which layers use it; "
        "every layer's KV cache is counted in full (an upper bound)."
    ),
    "model_note.param_mismatch": (
        "The checkpoint stores {stored:,} parameters; config.json describes "
        "{described:,} (extra or missing tensors, e.g. tied or auxiliary weights)."
    ),
    "model_note.inferred": (
        "No config.json beside the checkpoint: the architecture was inferred from "
        "tensor names and shapes, and sliding-window attention cannot be detected "
        "(full KV cache assumed)."
    ),
    "model_note.experts_unknown": (
        "{experts} experts found but the experts used per token are unknown without "
        "config.json; active parameters are counted as all parameters."
    ),
    "model_note.head_dim_assumed": "head_dim is not stored in the tensors; assumed {head_dim}.",
    "model_note.index_total_size": (
        "The weights take {total:,} bytes exactly: the total_size of"
        " model.safetensors.index.json beside this config.json, which lists {tensors:,}"
        " tensors (the shard files themselves were not read)."
    ),
    "model_note.index_not_used": (
        "model.safetensors.index.json beside this config.json gives the checkpoint's size,"
        " {total:,} bytes, but not which tensors every tensor-parallel GPU holds whole; the"
        " weights are counted from the config."
    ),
    "model_note.index_layout": (
        "model.safetensors.index.json beside this config.json gives {total:,} bytes as stored;"
        " the weights are counted as vLLM loads the config's quantization, {loaded:,} bytes."
    ),
    "model_note.index_mtp": (
        "model.safetensors.index.json beside this config.json gives {total:,} bytes, its"
        " multi-token-prediction layers included, which vLLM does not load for plain serving;"
        " the weights are counted from the config."
    ),
    "model_note.counted_from_index": (
        "The parameters ({params:,}) are counted from the index's total_size, so the weights"
        " are exact; the cache layout is read from the generic config fields."
    ),
    "model_note.index_experts": (
        "The index names {experts} experts per layer, which the config reading did not count"
        " as such: the weights are exact, but the active parameters and the expert split may"
        " not be."
    ),
    "model_note.index_part_mla": (
        "The index names MLA tensors (kv_a_proj_with_mqa, kv_b_proj), which the config reading"
        " did not count as such: the weights are exact, the KV cache may not be."
    ),
    "model_note.index_part_mamba": (
        "The index names Mamba or linear-attention tensors (A_log, conv1d), which the config"
        " reading did not count as such: the weights are exact, the cache may not be."
    ),
    "model_note.index_part_vision": (
        "The index names a vision encoder's tensors, which the config reading did not count as"
        " such: the weights are exact, the activations of images may not be."
    ),
    "model_note.counted_from_tensors": (
        "The parameters ({params:,}) are counted from the checkpoint's tensors, so the "
        "weights are exact; the cache layout is read from the generic config fields."
    ),
    "model_note.modelopt_read": (
        "{file} beside this config.json gives the checkpoint's ModelOpt quantization ({algo}):"
        " the weights are counted as it stores them, the modules it excludes in 16 bits."
    ),
    "model_note.modelopt_not_read": (
        "{file} beside this config.json describes a ModelOpt quantization (FP8 or NVFP4) that "
        "the planner does not read: the weights are counted at the requested precision; set "
        "the precision the checkpoint is stored in, or give its safetensors files for exact "
        "weights."
    ),
    "model_note.ff_inferred": (
        "No MLP weights recognised; intermediate size assumed 4 × hidden = {ff}."
    ),
}
