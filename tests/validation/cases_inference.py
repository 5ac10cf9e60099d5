"""Serving cases: vLLM start-up logs and LitGPT's generate scripts."""

from __future__ import annotations

from typing import Any

from tests.validation.case import GB, GIB, NF4_HEAD_GAP, Case, cfg


def _litgpt_infer(
    model: dict[str, str], weights: str, group: int = 128, fmt: str | None = None
) -> dict[str, Any]:
    # litgpt generate/base.py: one prompt, max_new_tokens 50; the KV cache is sized for the prompt
    # plus the new tokens (about 60 tokens), so context 64 is the same cache within 0.1 %.
    precision: dict[str, Any] = {"weights": weights, "kv_cache": "bf16", "quant_group_size": group}
    if fmt is not None:
        precision = {"format": fmt, "kv_cache": "bf16"}
    return {
        "workload": "inference",
        "model": model,
        "precision": precision,
        "inference": {"context_tokens": 64, "concurrent_sequences": 1},
        "gpu": "a100-40gb",
    }


def _llamacpp(
    model: dict[str, str], context: int, precision: dict[str, str], flash_attn: bool = True
) -> dict[str, Any]:
    # One slot (-np 1), every layer offloaded, f16 K and V: what the logs below print.
    return {
        "workload": "inference",
        "model": model,
        "precision": precision,
        "inference": {
            "engine": "llama.cpp",
            "context_tokens": context,
            "llamacpp": {"flash_attn": flash_attn},
        },
        "gpu": "l40s",
    }


_QWEN25_3B = _llamacpp(cfg("qwen2.5-3b"), 4096, {"weights": "bf16"})
_LLAMACPP_LOG = "the GPU does not enter the buffers; the L40S stands in"

INFERENCE: tuple[Case, ...] = (
    # --- inference: vLLM start-up logs ---------------------------------------------------------
    Case(
        "vllm-llama3-8b-weights-tp1",
        "inference",
        "weights",
        round(14.96 * GIB),
        "model weights take 14.96GiB",
        "vllm-10511",
        "Meta-Llama-3-8B, bf16, tensor parallel 1",
        {"model": cfg("llama-3-8b"), "gpu": "h100-80gb-sxm"},
    ),
    Case(
        "vllm-llama3-8b-weights-tp2",
        "inference",
        "weights",
        round(7.48 * GIB),
        "model weights take 7.48GiB",
        "vllm-10511",
        "Meta-Llama-3-8B, bf16, -tp 2 (per GPU)",
        {
            "model": cfg("llama-3-8b"),
            "parallelism": {"strategy": "tensor", "gpus": 2},
            "gpu": "h100-80gb-sxm",
        },
    ),
    Case(
        "vllm-llama3-8b-activation-tp1",
        "inference",
        "activation_peak",
        round(1.26 * GIB),
        "PyTorch activation peak memory 1.26GiB",
        "vllm-10511",
        "Meta-Llama-3-8B, profile run over max_num_batched_tokens = max_model_len = 8192,"
        " max_num_seqs 256 (vLLM defaults then)",
        {
            "model": cfg("llama-3-8b"),
            "inference": {
                "context_tokens": 8192,
                "concurrent_sequences": 256,
                "prefill_chunk_tokens": 8192,
                "max_num_batched_tokens": 8192,
                "max_num_seqs": 256,
                "vllm_version": "0.7-0.16",
            },
            "gpu": "h100-80gb-sxm",
        },
    ),
    Case(
        "vllm-llama3-8b-activation-tp2",
        "inference",
        "activation_peak",
        round(1.26 * GIB),
        "PyTorch activation peak memory 1.26GiB",
        "vllm-10511",
        "Meta-Llama-3-8B, -tp 2, same profile run: the first rank's sampler sets the peak, which"
        " tensor parallelism does not divide",
        {
            "model": cfg("llama-3-8b"),
            "inference": {
                "context_tokens": 8192,
                "concurrent_sequences": 256,
                "prefill_chunk_tokens": 8192,
                "max_num_batched_tokens": 8192,
                "max_num_seqs": 256,
                "vllm_version": "0.7-0.16",
            },
            "parallelism": {"strategy": "tensor", "gpus": 2},
            "gpu": "h100-80gb-sxm",
        },
    ),
    Case(
        "vllm-llama3-8b-kv-pool-tp1",
        "inference",
        "kv_cache_bytes",
        round(53.29 * GIB),
        "available_kv_cache_memory 53.29GiB",
        "vllm-10511",
        "Meta-Llama-3-8B, H100 (79.22 GiB to CUDA), gpu_memory_utilization 0.90, tp 1",
        {
            "model": cfg("llama-3-8b"),
            "inference": {
                "context_tokens": 8192,
                "concurrent_sequences": 256,
                "prefill_chunk_tokens": 8192,
                "max_num_batched_tokens": 8192,
                "max_num_seqs": 256,
                "vllm_version": "0.7-0.16",
                "gpu_memory_utilization": 0.9,
            },
            "gpu": "h100-80gb-sxm",
        },
        gaps=(
            "vLLM 0.6.5 took non-torch memory against allocated rather than reserved bytes (PR"
            " 11809 changed it in 0.7.0) and logged 1.79 GiB; the planner follows 0.7 and later"
            " (0.16 GiB on one GPU)",
        ),
    ),
    Case(
        "vllm-llama31-70b-w8a8-weights",
        "inference",
        "weights",
        round(67.7229 * GIB),
        "Loading model weights took 67.7229 GB",
        "vllm-12569",
        "Llama 3.1 70B Instruct, int8 weights (w8a8, per-channel scales), one GPU",
        {
            "model": {"preset": "llama-3.1-70b"},
            "precision": {"weights": "int8"},
            "gpu": "h100-80gb-sxm",
        },
        gaps=("per-channel int8 scales; the planner counts one scale and zero per group of 128",),
    ),
    Case(
        "vllm-qwen25-32b-weights-tp2",
        "inference",
        "weights",
        round(30.7098 * GIB),
        "Loading model weights took 30.7098 GB",
        "vllm-15815",
        "Qwen2.5-32B-Instruct, bf16, tensor parallel 2 on two L40S (per GPU)",
        {
            "model": {"preset": "qwen2.5-32b"},
            "parallelism": {"strategy": "tensor", "gpus": 2},
            "gpu": "l40s",
        },
    ),
    *(
        Case(
            f"vllm-qwen25-32b-{kind}-tp2",
            "inference",
            measured,
            round(value * GIB),
            text,
            "vllm-15815",
            "Qwen2.5-32B-Instruct, bf16, tensor parallel 2 on two L40S (44.42 GiB to CUDA in that"
            " log), utilisation 0.90, max_seq_len 10000 without chunked prefill: V0's profile"
            " runs max_num_batched_tokens = max(max_seq_len, 2048) = 10000 over max_num_seqs 256"
            " (vLLM's default; the log does not print it)",
            {
                "model": {"preset": "qwen2.5-32b"},
                "inference": {
                    "context_tokens": 10000,
                    "max_num_batched_tokens": 10000,
                    "max_num_seqs": 256,
                    "vllm_version": "0.7-0.16",
                    "gpu_memory_utilization": 0.9,
                },
                "parallelism": {"strategy": "tensor", "gpus": 2},
                "gpu": "l40s",
            },
            notes=note,
        )
        for kind, measured, value, text, note in (
            (
                "activation",
                "activation_peak",
                1.26,
                "PyTorch activation peak memory takes 1.26GiB",
                "",
            ),
            (
                "kv-pool",
                "kv_cache_bytes",
                7.71,
                "the rest of the memory reserved for KV Cache is 7.71GiB",
                "non_torch_memory 0.30 GiB in the same log; the planner's activation peak is"
                " 0.21 GiB above the log's (see that case), its weights 0.20 GiB below",
            ),
        )
    ),
    Case(
        "vllm-r1-distill-qwen14b-weights-tp2",
        "inference",
        "weights",
        round(13.9476 * GIB),
        "Loading model weights took 13.9476 GB",
        "vllm-13061",
        "DeepSeek-R1-Distill-Qwen-14B (the Qwen2.5-14B architecture), bf16, tensor parallel 2 on"
        " two RTX 4090s (per GPU)",
        {
            "model": {"preset": "qwen2.5-14b"},
            "parallelism": {"strategy": "tensor", "gpus": 2},
            "gpu": "rtx-4090",
        },
    ),
    Case(
        "vllm-r1-distill-qwen14b-kv-pool-tp2",
        "inference",
        "kv_cache_bytes",
        # 81,536 tokens x 48 layers x (K + V) x 4 KV heads per rank x 128 x 2 bytes
        81536 * 48 * 2 * 4 * 128 * 2,
        "maximum number of tokens that can be stored in KV cache (81536)",
        "vllm-13061",
        "DeepSeek-R1-Distill-Qwen-14B, bf16, tensor parallel 2 on two RTX 4090s, utilisation"
        " 0.98, max_model_len 131072 (chunked prefill: 2048 tokens over 256 sequences); the pool"
        " is the first rank's, which samples: the log's own line (another rank's, activation"
        " 0.19 GiB) leaves 8.69 GiB",
        {
            "model": {"preset": "qwen2.5-14b"},
            "inference": {
                "context_tokens": 131072,
                "max_num_batched_tokens": 2048,
                "max_num_seqs": 256,
                "vllm_version": "0.7-0.16",
                "gpu_memory_utilization": 0.98,
            },
            "parallelism": {"strategy": "tensor", "gpus": 2},
            "gpu": "rtx-4090",
        },
        notes="non_torch_memory 0.25 GiB in the same log",
    ),
    Case(
        "vllm-llama31-8b-weights-l40s",
        "inference",
        "weights",
        round(14.9889 * GIB),
        "Model loading took 14.9889 GiB",
        "vllm-17122",
        "Llama-3.1-8B-Instruct, bf16, one L40S (V1 engine)",
        {"model": {"preset": "llama-3.1-8b"}, "gpu": "l40s"},
    ),
    Case(
        "vllm-gpt-oss-20b-weights-a100-marlin",
        "inference",
        "weights",
        round(13.72 * GIB),
        "Model loading took 13.72 GiB memory",
        "myoceane-gpt-oss-a100",
        "gpt-oss-20b as published (MXFP4 experts, the rest bf16), one A100, vLLM's MXFP4 MoE on"
        " Marlin, which pads each expert to hidden 3,072 and intermediate 2,944",
        {"model": {"preset": "gpt-oss-20b"}, "gpu": "a100-80gb"},
    ),
    Case(
        "vllm-qwen25-7b-bnb4-weights",
        "inference",
        "weights",
        round(5.2032 * GIB),
        "Loading model weights took 5.2032 GB",
        "vllm-13882",
        "Qwen2.5-7B-Instruct-bnb-4bit: NF4 block linear layers with double quantization,"
        " embeddings and LM head in bf16",
        {"model": {"preset": "qwen2.5-7b"}, "precision": {"format": "nf4-dq"}, "gpu": "l4"},
    ),
    Case(
        "vllm-qwen25-7b-bnb4-activation",
        "inference",
        "activation_peak",
        round(1.42 * GIB),
        "PyTorch activation peak memory takes 1.42GiB",
        "vllm-13882",
        "Qwen2.5-7B, profile run over max_num_batched_tokens = max_model_len = 4096,"
        " max_num_seqs 256 (V0 defaults); the RTX 4060 is not in the catalog, the L4 stands in"
        " (the activation peak does not depend on the GPU)",
        {
            "model": {"preset": "qwen2.5-7b"},
            "precision": {"format": "nf4"},
            "inference": {
                "context_tokens": 4096,
                "concurrent_sequences": 256,
                "prefill_chunk_tokens": 4096,
                "max_num_batched_tokens": 4096,
                "max_num_seqs": 256,
                "vllm_version": "0.7-0.16",
                "gpu_memory_utilization": 0.7,
            },
            "gpu": "l4",
        },
    ),
    Case(
        "litgpt-llama2-7b-generate-lora-bf16",
        "inference",
        "torch_allocated",
        round(13.82 * GB),
        "13.82 GB",
        "litgpt-lora-doc",
        "Llama 2 7B with its (unmerged) LoRA adapters, generate/lora.py, bf16-true",
        _litgpt_infer({"preset": "llama-2-7b"}, "bf16"),
        gaps=("the unmerged LoRA adapters (r 8, q and v: 4.2 M parameters, 8 MB)",),
    ),
    Case(
        "litgpt-llama2-7b-generate-lora-nf4",
        "inference",
        "torch_allocated",
        round(4.66 * GB),
        "4.66 GB",
        "litgpt-lora-doc",
        "Llama 2 7B with LoRA adapters, generate/lora.py --quantize bnb.nf4",
        _litgpt_infer({"preset": "llama-2-7b"}, "int4", group=64),
        gaps=NF4_HEAD_GAP + ("the unmerged LoRA adapters (8 MB)",),
    ),
    # --- inference: LitGPT generate on an A100 40GB ---------------------------------------------
    Case(
        "litgpt-llama2-7b-generate-bf16",
        "inference",
        "torch_allocated",
        round(13.52 * GB),
        "13.52 GB",
        "litgpt-tables",
        "Llama 2 7B, generate/base.py, bf16-true, no quantization",
        _litgpt_infer({"preset": "llama-2-7b"}, "bf16"),
    ),
    Case(
        "litgpt-llama2-13b-generate-bf16",
        "inference",
        "torch_allocated",
        round(26.21 * GB),
        "26.21 GB",
        "litgpt-tables",
        "Llama 2 13B, generate/base.py, bf16-true, no quantization",
        _litgpt_infer(cfg("llama-2-13b"), "bf16"),
    ),
    Case(
        "litgpt-llama2-7b-generate-lora-nf4-dq",
        "inference",
        "torch_allocated",
        round(4.34 * GB),
        "4.34 GB",
        "litgpt-lora-doc",
        "Llama 2 7B with LoRA adapters, generate/lora.py --quantize bnb.nf4-dq",
        _litgpt_infer({"preset": "llama-2-7b"}, "int4", fmt="nf4-dq"),
        gaps=NF4_HEAD_GAP + ("the unmerged LoRA adapters (8 MB)",),
    ),
    Case(
        "litgpt-llama2-7b-generate-nf4",
        "inference",
        "torch_allocated",
        round(4.57 * GB),
        "4.57 GB",
        "litgpt-tables",
        "Llama 2 7B, --quantize bnb.nf4 (block 64, fp32 absmax: 4.5 bits = int4 with group 64)",
        _litgpt_infer({"preset": "llama-2-7b"}, "int4", group=64),
        gaps=NF4_HEAD_GAP,
    ),
    Case(
        "litgpt-llama2-13b-generate-nf4",
        "inference",
        "torch_allocated",
        round(8.32 * GB),
        "8.32 GB",
        "litgpt-tables",
        "Llama 2 13B, --quantize bnb.nf4",
        _litgpt_infer(cfg("llama-2-13b"), "int4", group=64),
        gaps=NF4_HEAD_GAP,
    ),
    Case(
        "litgpt-codellama-34b-generate-nf4",
        "inference",
        "torch_allocated",
        round(20.52 * GB),
        "20.52 GB",
        "litgpt-tables",
        "CodeLlama 34B, --quantize bnb.nf4",
        _litgpt_infer(cfg("codellama-34b"), "int4", group=64),
        gaps=NF4_HEAD_GAP,
    ),
    *(
        Case(
            f"litgpt-{name}-generate-nf4-dq",
            "inference",
            "torch_allocated",
            round(value * GB),
            f"{value:.2f} GB",
            "litgpt-tables",
            f"{label}, generate/base.py --quantize bnb.nf4-dq (NF4 block 64, 8-bit absmax with"
            " one fp32 constant per 256 blocks)",
            _litgpt_infer(model, "int4", fmt="nf4-dq"),
            gaps=NF4_HEAD_GAP,
        )
        for name, label, model, value in (
            ("llama2-7b", "Llama 2 7B", {"preset": "llama-2-7b"}, 4.26),
            ("llama2-13b", "Llama 2 13B", cfg("llama-2-13b"), 7.72),
            ("codellama-34b", "CodeLlama 34B", cfg("codellama-34b"), 18.95),
            ("llama2-70b", "Llama 2 70B", cfg("llama-2-70b"), 37.21),
        )
    ),
    # --- inference: llama.cpp start-up logs --------------------------------------------------
    Case(
        "llamacpp-qwen25-3b-kv-4096",
        "inference",
        "kv_buffer",
        144 * 2**20,
        "llama_kv_cache_init: CUDA0 KV buffer size = 144.00 MiB",
        "llamasharp-1099",
        "Qwen2.5 3B GGUF, n_ctx 4096, K and V f16, every layer offloaded",
        _QWEN25_3B,
        notes=_LLAMACPP_LOG,
    ),
    Case(
        "llamacpp-qwen25-3b-compute-4096",
        "inference",
        "compute_buffer",
        round(300.75 * 2**20),
        "llama_init_from_model: CUDA0 compute buffer size = 300.75 MiB",
        "llamasharp-1099",
        "Qwen2.5 3B GGUF, n_ctx 4096, n_ubatch 512 (default): the output layer's f32 logits"
        " (151,936 x 512) and its normed input set the buffer",
        _QWEN25_3B,
        notes="flash attention is not printed in the quoted lines; without it the attention"
        " scores (16 x 4096 x 512 f32) are still below the logits, so the figure is the same",
    ),
    Case(
        "llamacpp-distill-qwen-7b-f16-kv-2048",
        "inference",
        "kv_buffer",
        112 * 2**20,
        "llama_kv_cache_init: CUDA0 KV buffer size = 112.00 MiB",
        "jamepeng-llama-cpp-python-1",
        "DeepSeek-R1-Distill-Qwen-7B F16 (the Qwen2.5 7B shape), n_ctx 2048, K and V f16",
        _llamacpp({"preset": "qwen2.5-7b"}, 2048, {"weights": "fp16"}),
        notes=_LLAMACPP_LOG,
    ),
    Case(
        "llamacpp-distill-qwen-32b-q4km-model-buffer",
        "inference",
        "weights",
        round(18508.35 * 2**20),
        "load_tensors: CUDA0 model buffer size = 18508.35 MiB",
        "llama.cpp-11861",
        "DeepSeek-R1-Distill-Qwen-32B Q4_K_M (the Qwen2.5 32B shape), offloaded 65/65 layers:"
        " everything but token_embd (CPU_Mapped model buffer size = 417.66 MiB, exactly its"
        " 152,064 x 5,120 Q4_K values)",
        {
            **_llamacpp({"preset": "qwen2.5-32b"}, 16384, {"format": "gguf-q4_k_m"}),
            "gpu": "h100-80gb-sxm",
        },
    ),
    Case(
        "llamacpp-qwen25-coder-32b-q8-kv-32768",
        "inference",
        "kv_buffer",
        4352 * 2**20,
        "KV self size = 4352.00 MiB, K (q8_0): 2176.00 MiB, V (q8_0): 2176.00 MiB",
        "llama.cpp-11200",
        "Qwen2.5-Coder-32B Q8_0 (the Qwen2.5 32B shape), n_ctx 32768, K and V q8_0 (34 bytes per"
        " 32 values), flash attention on, every layer offloaded",
        {
            "workload": "inference",
            "model": {"preset": "qwen2.5-32b"},
            "precision": {"format": "gguf-q8_0"},
            "inference": {
                "engine": "llama.cpp",
                "context_tokens": 32768,
                "llamacpp": {
                    "n_batch": 512,
                    "n_ubatch": 256,
                    "cache_type_k": "q8_0",
                    "cache_type_v": "q8_0",
                    "flash_attn": True,
                },
            },
            "gpu": "h100-80gb-sxm",
        },
        notes="the log splits the layers over two GPUs by --tensor-split 10,6 (CUDA0 2788.00 MiB,"
        " CUDA1 1564.00 MiB); KV self size is their sum, the cache of all 64 layers, which is"
        " what one GPU holding every layer keeps: the H100 stands in for it",
    ),
)
