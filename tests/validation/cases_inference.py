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


# vLLM 0.19.0 on H100 SXM (NVIDIA-H100-80GB-HBM3, 79.19 GiB to CUDA): vllm serve <model>
# --max-model-len 8192 --gpu-memory-utilization 0.95 [--tensor-parallel-size N], so an API server's
# defaults on a GPU of 70 GiB or more: 8192 batched tokens over 1024 sequences (the logs print
# "Defaulting max_num_seqs to 1024 for OPENAI_API_SERVER usage context" and "Chunked prefill is
# enabled with max_num_batched_tokens=8192"); bf16 weights and KV cache, CUDA graphs
# FULL_AND_PIECEWISE (estimated but not yet taken from the pool in 0.19), the PyTorch sampler
# (FlashInfer's is off by default there).
_LLMD_H100 = "the rank-0 worker's figures; vLLM 0.19 logs the estimated CUDA graph memory but does"


def _llmd(
    model: dict[str, str],
    gpus: int = 1,
    version: str = "0.17+",
    context: int = 8192,
    precision: dict[str, str] | None = None,
    utilization: float = 0.95,
) -> dict[str, Any]:
    request: dict[str, Any] = {
        "workload": "inference",
        "model": model,
        "inference": {
            "context_tokens": context,
            "max_num_batched_tokens": 8192,
            "max_num_seqs": 1024,
            "gpu_memory_utilization": utilization,
            "vllm_version": version,
        },
        "gpu": "h100-80gb-sxm",
    }
    if precision is not None:
        request["precision"] = precision
    if gpus > 1:
        request["parallelism"] = {"strategy": "tensor", "gpus": gpus}
    return request


def _llmd_pool(
    name: str, model: dict[str, str], gpus: int, label: str, gib: float, tokens: int, weights: float
) -> Case:
    tp = f", tensor parallel {gpus} (per GPU)" if gpus > 1 else ", one GPU"
    return Case(
        f"vllm019-{name}-kv-pool" + (f"-tp{gpus}" if gpus > 1 else ""),
        "inference",
        "kv_cache_bytes",
        round(gib * GIB),
        f"Available KV cache memory: {gib:.2f} GiB (GPU KV cache size: {tokens:,} tokens)",
        "llmd-planner-v019",
        f"{label}, bf16, vLLM 0.19.0 on H100 SXM{tp}, max_model_len 8192, utilisation 0.95,"
        f" 8192 tokens over 1024 sequences; the log's weights {weights:.2f} GiB",
        _llmd(model, gpus),
        band=0.05,
        notes=_LLMD_H100 + " not subtract it (the pool is 0.95 x 79.19 GiB less the non-KV total)",
    )


def _llmd_format_pool(
    name: str,
    model: dict[str, str],
    gpus: int,
    precision: dict[str, str],
    label: str,
    figures: tuple[float, int, float],
    utilization: float = 0.95,
    context: int = 8192,
) -> Case:
    gib, tokens, weights = figures
    tp = f", tensor parallel {gpus} (per GPU)" if gpus > 1 else ", one GPU"
    return Case(
        f"vllm019-{name}-kv-pool" + (f"-tp{gpus}" if gpus > 1 else ""),
        "inference",
        "kv_cache_bytes",
        round(gib * GIB),
        f"Available KV cache memory: {gib:.2f} GiB (GPU KV cache size: {tokens:,} tokens)",
        "llmd-planner-v019",
        f"{label}, vLLM 0.19.0 on H100 SXM{tp}, max_model_len {context}, utilisation"
        f" {utilization:.2f}, 8192 tokens over 1024 sequences; the log's weights {weights:.2f} GiB",
        _llmd(model, gpus, context=context, precision=precision, utilization=utilization),
        band=0.05,
        notes=_LLMD_H100 + " not subtract it",
    )


def _llmd_peak(name: str, model: dict[str, str], gpus: int, label: str, gib: float) -> Case:
    tp = f", tensor parallel {gpus}" if gpus > 1 else ""
    return Case(
        f"vllm019-{name}-activation" + (f"-tp{gpus}" if gpus > 1 else ""),
        "inference",
        "activation_peak",
        round(gib * GIB),
        f"torch peak memory increase: {gib:.2f}GiB",
        "llmd-planner-v019",
        f"{label}, vLLM 0.19.0 on H100 SXM{tp}: the profile over 8192 tokens, the sampler over"
        " 1024 sequences (the first rank's peak)",
        _llmd(model, gpus),
        band=0.10,
    )


_QWEN3_14B_SWEEP = (
    "Qwen3-14B, bf16, one H100 SXM, max_model_len 8192, utilisation 0.95 (API-server defaults:"
    " 8192 tokens over 1024 sequences)"
)

VLLM_CURRENT: tuple[Case, ...] = (
    *(
        _llmd_pool(name, model, gpus, label, gib, tokens, weights)
        for name, model, gpus, label, gib, tokens, weights in (
            (
                "llama31-8b",
                {"preset": "llama-3.1-8b"},
                1,
                "Llama-3.1-8B-Instruct",
                58.11,
                476016,
                14.99,
            ),
            (
                "qwen25-7b",
                {"preset": "qwen2.5-7b"},
                1,
                "Qwen2.5-7B-Instruct",
                58.53,
                1096000,
                14.25,
            ),
            ("qwen3-8b", {"preset": "qwen3-8b"}, 1, "Qwen3-8B", 57.50, 418688, 15.27),
            ("gemma2-9b", {"preset": "gemma-2-9b"}, 1, "gemma-2-9b-it", 54.12, 168880, 17.22),
            ("gemma2-27b", {"preset": "gemma-2-27b"}, 1, "gemma-2-27b-it", 20.59, 58672, 50.72),
            ("gemma3-4b", {"preset": "gemma-3-4b"}, 1, "gemma-3-4b-it", 62.51, 468144, 8.58),
            ("gemma3-12b", {"preset": "gemma-3-12b"}, 1, "gemma-3-12b-it", 47.72, 130304, 23.31),
            ("gemma3-27b", {"preset": "gemma-3-27b"}, 1, "gemma-3-27b-it", 19.53, 36560, 51.45),
            (
                "qwen3-30b-a3b",
                {"preset": "qwen3-30b-a3b"},
                1,
                "Qwen3-30B-A3B",
                15.41,
                168288,
                56.88,
            ),
            ("phi4", {"preset": "phi-4"}, 1, "phi-4", 46.08, 241568, 27.39),
            (
                "llama31-8b",
                {"preset": "llama-3.1-8b"},
                2,
                "Llama-3.1-8B-Instruct",
                63.76,
                1044688,
                7.51,
            ),
            (
                "llama31-8b",
                {"preset": "llama-3.1-8b"},
                4,
                "Llama-3.1-8B-Instruct",
                67.44,
                2209792,
                3.77,
            ),
            ("qwen25-7b", {"preset": "qwen2.5-7b"}, 2, "Qwen2.5-7B-Instruct", 63.84, 2390592, 7.12),
            ("qwen25-7b", {"preset": "qwen2.5-7b"}, 4, "Qwen2.5-7B-Instruct", 67.34, 5043280, 3.55),
            (
                "qwen25-72b",
                {"preset": "qwen2.5-72b"},
                2,
                "Qwen2.5-72B-Instruct",
                3.04,
                19920,
                67.80,
            ),
            (
                "mixtral-8x7b",
                {"preset": "mixtral-8x7b"},
                2,
                "Mixtral-8x7B-Instruct-v0.1",
                28.44,
                465936,
                43.51,
            ),
        )
    ),
    *(
        _llmd_format_pool(name, model, gpus, precision, label, figures, *rest)
        for name, model, gpus, precision, label, figures, *rest in (
            (
                "llama31-8b-kv-fp8",
                {"preset": "llama-3.1-8b"},
                1,
                {"kv_cache": "fp8"},
                "Llama-3.1-8B-Instruct, bf16 weights, --kv-cache-dtype fp8",
                (58.11, 952032, 14.99),
            ),
            (
                "qwen25-7b-kv-fp8",
                {"preset": "qwen2.5-7b"},
                1,
                {"kv_cache": "fp8"},
                "Qwen2.5-7B-Instruct, bf16 weights, --kv-cache-dtype fp8",
                (58.53, 2192000, 14.25),
            ),
            (
                "llama31-8b-fp8",
                {"preset": "llama-3.1-8b"},
                1,
                {"format": "fp8-tensor"},
                "Llama-3.1-8B-Instruct with --quantization fp8 (per-tensor fp8 weights made at"
                " load)",
                (64.61, 529248, 8.49),
            ),
            (
                "llama31-8b-w8a8",
                {"preset": "llama-3.1-8b"},
                1,
                {"format": "int8-w8a8"},
                "RedHatAI/Meta-Llama-3.1-8B-Instruct-quantized.w8a8 (compressed-tensors int8,"
                " per-channel), --dtype float16",
                (64.60, 529200, 8.49),
            ),
            (
                "llama31-8b-w4a16",
                {"preset": "llama-3.1-8b"},
                1,
                {"format": "gptq-int4-g128"},
                "RedHatAI/Meta-Llama-3.1-8B-Instruct-quantized.w4a16 (int4, groups of 128, run by"
                " gptq_marlin), --dtype float16",
                (67.71, 554704, 5.38),
            ),
            (
                "qwen25-7b-w8a8",
                {"preset": "qwen2.5-7b"},
                1,
                {"format": "int8-w8a8"},
                "RedHatAI/Qwen2.5-7B-Instruct-quantized.w8a8 (compressed-tensors int8,"
                " per-channel)",
                (64.64, 1210272, 8.14),
            ),
            (
                "qwen25-7b-fp8-dynamic",
                {"preset": "qwen2.5-7b"},
                1,
                {"format": "fp8-channel"},
                "RedHatAI/Qwen2.5-7B-Instruct-fp8-dynamic (compressed-tensors fp8, per-channel)",
                (64.64, 1210304, 8.14),
            ),
            (
                "llama33-70b-fp8-dynamic",
                {"preset": "llama-3.1-70b"},
                2,
                {"format": "fp8-channel"},
                "RedHatAI/Llama-3.3-70B-Instruct-fp8-dynamic (the Llama 3.1 70B shape, fp8"
                " per-channel)",
                (37.28, 244304, 33.88),
            ),
            (
                "llama33-70b-fp8-dynamic",
                {"preset": "llama-3.1-70b"},
                4,
                {"format": "fp8-channel"},
                "RedHatAI/Llama-3.3-70B-Instruct-fp8-dynamic (the Llama 3.1 70B shape, fp8"
                " per-channel)",
                (54.09, 708992, 16.96),
            ),
            (
                "llama33-70b-w8a8",
                {"preset": "llama-3.1-70b"},
                2,
                {"format": "int8-w8a8"},
                "RedHatAI/Llama-3.3-70B-Instruct-quantized.w8a8 (the Llama 3.1 70B shape, int8"
                " per-channel)",
                (37.28, 244304, 33.88),
            ),
            (
                "gpt-oss-20b",
                {"preset": "gpt-oss-20b"},
                2,
                {},
                "openai/gpt-oss-20b as published (MXFP4 experts, Triton's kernel on Hopper); the"
                " run at utilisation 0.95 stopped in the sampler's warm-up, this one is at 0.90",
                (59.32, 2591776, 7.01),
                0.90,
            ),
            (
                "llama4-scout",
                {"preset": "llama-4-scout"},
                4,
                {},
                "Llama-4-Scout-17B-16E-Instruct, bf16",
                (16.75, 365968, 53.12),
            ),
            (
                "deepseek-v2-lite",
                cfg("deepseek-v2-lite"),
                1,
                {},
                "DeepSeek-V2-Lite-Chat, bf16 (MLA, 64 routed experts, top-6; FlashMLA's 64-token"
                " blocks on Hopper)",
                (43.61, 1505552, 29.43),
            ),
            (
                "phi2",
                cfg("phi-2"),
                1,
                {"weights": "fp16"},
                "microsoft/phi-2, fp16 (its max_position_embeddings is 2048)",
                (69.00, 226112, 5.19),
                0.95,
                2048,
            ),
        )
    ),
    *(
        _llmd_peak(name, model, gpus, label, gib)
        for name, model, gpus, label, gib in (
            ("llama31-8b", {"preset": "llama-3.1-8b"}, 1, "Llama-3.1-8B-Instruct", 1.89),
            ("llama31-8b", {"preset": "llama-3.1-8b"}, 4, "Llama-3.1-8B-Instruct", 1.89),
            ("qwen25-7b", {"preset": "qwen2.5-7b"}, 1, "Qwen2.5-7B-Instruct", 2.21),
            ("gemma2-27b", {"preset": "gemma-2-27b"}, 1, "gemma-2-27b-it", 3.66),
            ("gemma3-27b", {"preset": "gemma-3-27b"}, 1, "gemma-3-27b-it", 3.99),
            ("phi4", {"preset": "phi-4"}, 1, "phi-4", 1.52),
            ("qwen3-30b-a3b", {"preset": "qwen3-30b-a3b"}, 1, "Qwen3-30B-A3B", 2.68),
            ("mixtral-8x7b", {"preset": "mixtral-8x7b"}, 2, "Mixtral-8x7B-Instruct-v0.1", 1.21),
            ("deepseek-v2-lite", cfg("deepseek-v2-lite"), 1, "DeepSeek-V2-Lite-Chat", 1.93),
        )
    ),
    *(
        Case(
            f"vllm{tag}-qwen3-14b-{kind}",
            "inference",
            measured,
            round(gib * GIB),
            text.format(gib),
            "llmd-planner-version-sweep",
            f"{_QWEN3_14B_SWEEP}, vLLM {release}",
            _llmd(cfg("qwen3-14b"), version=version),
            band=band,
        )
        for tag, release, version, kind, measured, gib, text, band in (
            (
                "016",
                "0.16.0",
                "0.7-0.16",
                "kv-pool",
                "kv_cache_bytes",
                41.94,
                "kv_cache_memory_gib {:.2f}",
                0.05,
            ),
            (
                "016",
                "0.16.0",
                "0.7-0.16",
                "activation",
                "activation_peak",
                5.64,
                "activation_memory_gib {:.2f}",
                0.10,
            ),
            (
                "017",
                "0.17.0",
                "0.17+",
                "kv-pool",
                "kv_cache_bytes",
                45.34,
                "kv_cache_memory_gib {:.2f}",
                0.05,
            ),
            (
                "017",
                "0.17.0",
                "0.17+",
                "activation",
                "activation_peak",
                2.23,
                "activation_memory_gib {:.2f}",
                0.10,
            ),
            (
                "018",
                "0.18.0",
                "0.17+",
                "kv-pool",
                "kv_cache_bytes",
                45.23,
                "kv_cache_memory_gib {:.2f}",
                0.05,
            ),
        )
    ),
    Case(
        "vllm019-gpt-oss-20b-kv-pool-a100",
        "inference",
        "kv_cache_bytes",
        round(36.56 * GIB),
        "Available KV cache memory: 36.56 GiB",
        "myoceane-gpt-oss-a100",
        "gpt-oss-20b as published (MXFP4 experts on Marlin), vLLM 0.19.0 on one A100 80GB,"
        " max_model_len 131072, utilisation 0.65; an API server on an A100 keeps 2048 tokens over"
        " 256 sequences (EngineArgs.get_batch_defaults leaves A100s out of the larger defaults)",
        {
            "workload": "inference",
            "model": {"preset": "gpt-oss-20b"},
            "inference": {
                "context_tokens": 131072,
                "gpu_memory_utilization": 0.65,
                "vllm_version": "0.17+",
            },
            "gpu": "a100-80gb",
        },
        band=0.05,
        notes="the same log's weights: 13.72 GiB (a case of its own)",
    ),
)

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
    *VLLM_CURRENT,
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
