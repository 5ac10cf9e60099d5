"""Published memory measurements of real runs, each with its source and the request saying it.

Every case names where the number was published (a URL, or repository + path + commit), the exact
setting, what was measured and in which unit, and the plan request that says the same thing. A
setting the planner cannot say is written in ``gaps`` (the case then still compares, and the report
lists the gap) or, when it changes the figure materially, the measurement goes to
:data:`NOT_EXPRESSIBLE` instead of being bent into a request.

What a measurement is compared with (``measured``):

- ``weights``: the engine's "model weights took" figure vs the planner's weights + quantization
  metadata.
- ``torch_allocated``: ``torch.cuda.max_memory_allocated()`` vs the planner's components without
  the runtime overhead (no CUDA context, no NCCL buffers, no allocator reserve).
- ``torch_reserved``: ``torch.cuda.max_memory_reserved()`` vs the components plus the allocator
  reserve (no CUDA context, no NCCL buffers).
- ``activation_peak``: vLLM's "PyTorch activation peak memory" of its profile run vs the planner's
  serving activations.
- ``kv_cache_bytes``: vLLM's "available_kv_cache_memory" vs the planner's KV pool.
- ``denoiser_allocated``: ``torch.cuda.max_memory_allocated()`` over forward passes of a
  diffusion denoiser alone vs the planner's denoising phase with only the denoiser resident
  (``cpu_offload: model``): its weights and activations.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from tests.validation.sources import KNOWN_OUTSIDE, NOT_EXPRESSIBLE, SOURCES

__all__ = ["CASES", "KNOWN_OUTSIDE", "NOT_EXPRESSIBLE", "SOURCES", "Case"]

GIB = 1024**3
GB = 10**9
CONFIGS = Path(__file__).parent / "configs"

Measured = Literal[
    "weights",
    "torch_allocated",
    "torch_reserved",
    "activation_peak",
    "kv_cache_bytes",
    "denoiser_allocated",
]


@dataclass(frozen=True, eq=False)
class Case:
    """One published measurement and the request that expresses it."""

    id: str
    workload: Literal["inference", "training", "diffusion"]
    measured: Measured
    value_bytes: int
    as_published: str
    source: str  # a key of SOURCES
    setting: str
    request: dict[str, Any]
    gaps: tuple[str, ...] = ()
    band: float = 0.15
    notes: str = ""

    @property
    def known_outside(self) -> bool:
        """Whether the planner misses this case today (its test is expected to fail)."""
        return self.id in KNOWN_OUTSIDE

    @property
    def component(self) -> str:
        """The report's component column."""
        return {
            "weights": "weights",
            "torch_allocated": "total (allocated)",
            "torch_reserved": "total (reserved)",
            "activation_peak": "activations",
            "kv_cache_bytes": "kv cache",
            "denoiser_allocated": "denoiser pass",
        }[self.measured]


def _cfg(name: str) -> dict[str, str]:
    return {"hf_config": str(CONFIGS / f"{name}.json")}


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


def _litgpt_lora(
    model: dict[str, str], micro_batch: int, method: str, seq: int, double_quant: bool = True
) -> dict[str, Any]:
    return {
        "workload": "training",
        "model": model,
        "training": {
            "method": method,
            "optimizer": "adamw",
            "mixed_precision": "bf16",
            "micro_batch_size": micro_batch,
            "sequence_length": seq,
            "lora_rank": 8,
            "lora_targets": "qv",
            "weights_precision": "pure",
            "lora_dropout": True,
            "qlora_double_quant": double_quant,
            "loss": "chunked",
            "flash_attention": True,
        },
        "gpu": "a100-40gb",
    }


def _torchtune(training: dict[str, Any]) -> dict[str, Any]:
    base = {
        "optimizer": "adamw",
        "mixed_precision": "bf16",
        "weights_precision": "pure",
        "micro_batch_size": 2,
        "sequence_length": 2048,
        "activation_checkpointing": True,
        "lora_rank": 8,
        "loss": "chunked",
    }
    return {
        "workload": "training",
        "model": {"preset": "llama-3.1-8b"},
        "training": base | training,
        "gpu": "rtx-4090",
    }


# LitGPT finetune/lora.py at commit 8641822: r 8, alpha 16, query and value adapted only, longest
# Alpaca example 1304 tokens with the Llama 2 tokenizer (the peak is at the longest batch).
_LORA_GAPS = (
    "LitGPT chunks the LM head by 128 tokens; the planner's chunked loss assumes 8 chunks of the"
    " fp32 upcast (torchtune); the difference is below 0.1 GB here",
)
_NF4_HEAD_GAP = (
    "LitGPT's bitsandbytes precision quantizes every nn.Linear including lm_head; the planner keeps"
    " lm_head in 16-bit (~0.2 GB more)",
)

CASES: tuple[Case, ...] = (
    # --- inference: vLLM start-up logs ---------------------------------------------------------
    Case(
        "vllm-llama3-8b-weights-tp1",
        "inference",
        "weights",
        round(14.96 * GIB),
        "model weights take 14.96GiB",
        "vllm-10511",
        "Meta-Llama-3-8B, bf16, tensor parallel 1",
        {"model": _cfg("llama-3-8b"), "gpu": "h100-80gb-sxm"},
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
            "model": _cfg("llama-3-8b"),
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
            "model": _cfg("llama-3-8b"),
            "inference": {
                "context_tokens": 8192,
                "concurrent_sequences": 256,
                "prefill_chunk_tokens": 8192,
                "max_num_batched_tokens": 8192,
                "max_num_seqs": 256,
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
        "Meta-Llama-3-8B, -tp 2, same profile run: the peak is not divided by tensor parallelism",
        {
            "model": _cfg("llama-3-8b"),
            "inference": {
                "context_tokens": 8192,
                "concurrent_sequences": 256,
                "prefill_chunk_tokens": 8192,
                "max_num_batched_tokens": 8192,
                "max_num_seqs": 256,
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
            "model": _cfg("llama-3-8b"),
            "inference": {
                "context_tokens": 8192,
                "concurrent_sequences": 256,
                "prefill_chunk_tokens": 8192,
                "max_num_batched_tokens": 8192,
                "max_num_seqs": 256,
                "gpu_memory_utilization": 0.9,
            },
            "gpu": "h100-80gb-sxm",
        },
        notes="non_torch_memory 1.79 GiB in the same log",
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
            " runs max_num_batched_tokens = max(max_seq_len, 2048) = 10000 over max_num_seqs 256",
            {
                "model": {"preset": "qwen2.5-32b"},
                "inference": {
                    "context_tokens": 10000,
                    "max_num_batched_tokens": 10000,
                    "max_num_seqs": 256,
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
                "non_torch_memory 0.30 GiB in the same log",
            ),
        )
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
        gaps=_NF4_HEAD_GAP + ("the unmerged LoRA adapters (8 MB)",),
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
        _litgpt_infer(_cfg("llama-2-13b"), "bf16"),
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
        gaps=_NF4_HEAD_GAP + ("the unmerged LoRA adapters (8 MB)",),
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
        gaps=_NF4_HEAD_GAP,
    ),
    Case(
        "litgpt-llama2-13b-generate-nf4",
        "inference",
        "torch_allocated",
        round(8.32 * GB),
        "8.32 GB",
        "litgpt-tables",
        "Llama 2 13B, --quantize bnb.nf4",
        _litgpt_infer(_cfg("llama-2-13b"), "int4", group=64),
        gaps=_NF4_HEAD_GAP,
    ),
    Case(
        "litgpt-codellama-34b-generate-nf4",
        "inference",
        "torch_allocated",
        round(20.52 * GB),
        "20.52 GB",
        "litgpt-tables",
        "CodeLlama 34B, --quantize bnb.nf4",
        _litgpt_infer(_cfg("codellama-34b"), "int4", group=64),
        gaps=_NF4_HEAD_GAP,
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
            gaps=_NF4_HEAD_GAP,
        )
        for name, label, model, value in (
            ("llama2-7b", "Llama 2 7B", {"preset": "llama-2-7b"}, 4.26),
            ("llama2-13b", "Llama 2 13B", _cfg("llama-2-13b"), 7.72),
            ("codellama-34b", "CodeLlama 34B", _cfg("codellama-34b"), 18.95),
            ("llama2-70b", "Llama 2 70B", _cfg("llama-2-70b"), 37.21),
        )
    ),
    # --- training: LitGPT LoRA / QLoRA on one A100 40GB ----------------------------------------
    Case(
        "litgpt-llama2-7b-lora-mb1",
        "training",
        "torch_allocated",
        round(21.30 * GB),
        "21.30 GB",
        "litgpt-tables",
        "Llama 2 7B, finetune/lora.py, micro-batch 1, Alpaca (longest 1304 tokens)",
        _litgpt_lora({"preset": "llama-2-7b"}, 1, "lora", 1304),
        gaps=_LORA_GAPS,
    ),
    Case(
        "litgpt-llama2-7b-lora-mb2",
        "training",
        "torch_allocated",
        round(29.07 * GB),
        "29.07 GB",
        "litgpt-tables",
        "Llama 2 7B, finetune/lora.py, micro-batch 2",
        _litgpt_lora({"preset": "llama-2-7b"}, 2, "lora", 1304),
        gaps=_LORA_GAPS,
    ),
    Case(
        "litgpt-llama2-13b-lora-mb1",
        "training",
        "torch_allocated",
        round(38.12 * GB),
        "38.12 GB",
        "litgpt-tables",
        "Llama 2 13B, finetune/lora.py, micro-batch 1",
        _litgpt_lora(_cfg("llama-2-13b"), 1, "lora", 1304),
        gaps=_LORA_GAPS,
    ),
    Case(
        "litgpt-llama2-7b-qlora-dq-mb1",
        "training",
        "torch_allocated",
        round(13.84 * GB),
        "13.84 GB",
        "litgpt-tables",
        "Llama 2 7B, finetune/lora.py --quantize bnb.nf4-dq, micro-batch 1",
        _litgpt_lora({"preset": "llama-2-7b"}, 1, "qlora", 1304),
        gaps=_LORA_GAPS + _NF4_HEAD_GAP,
    ),
    Case(
        "litgpt-llama2-13b-qlora-dq-mb1",
        "training",
        "torch_allocated",
        round(22.55 * GB),
        "22.55 GB",
        "litgpt-tables",
        "Llama 2 13B, finetune/lora.py --quantize bnb.nf4-dq, micro-batch 1",
        _litgpt_lora(_cfg("llama-2-13b"), 1, "qlora", 1304),
        gaps=_LORA_GAPS + _NF4_HEAD_GAP,
    ),
    Case(
        "litgpt-llama2-7b-qlora-nf4-mb1",
        "training",
        "torch_allocated",
        round(14.14 * GB),
        "14.14 GB",
        "litgpt-tables",
        "Llama 2 7B, finetune/lora.py --quantize bnb.nf4 (no double quantization), micro-batch 1",
        _litgpt_lora({"preset": "llama-2-7b"}, 1, "qlora", 1304, double_quant=False),
        gaps=_LORA_GAPS + _NF4_HEAD_GAP,
    ),
    Case(
        "litgpt-llama2-13b-qlora-nf4-mb1",
        "training",
        "torch_allocated",
        round(23.14 * GB),
        "23.14 GB",
        "litgpt-tables",
        "Llama 2 13B, finetune/lora.py --quantize bnb.nf4, micro-batch 1",
        _litgpt_lora(_cfg("llama-2-13b"), 1, "qlora", 1304, double_quant=False),
        gaps=_LORA_GAPS + _NF4_HEAD_GAP,
    ),
    Case(
        "torchtune-llama31-8b-lora-4090",
        "training",
        "torch_allocated",
        round(16.2 * GIB),
        "16.2 GiB",
        "torchtune-readme",
        "Llama 3.1 8B LoRA on one RTX 4090: rank 8 on q, v, output and the MLP, bf16, activation"
        " checkpointing, batch 2 x 2048 packed, chunked cross-entropy",
        _torchtune({"method": "lora", "lora_targets": "all_linear"}),
        gaps=(
            "torch.compile was on (torchtune: it decreases memory); the planner does not model it",
            "no adapter on k_proj (the planner adapts every linear layer: 0.3 M more parameters)",
            "the recipe configs were read at later commits than the README's run",
        ),
    ),
    Case(
        "torchtune-llama31-8b-full-4090",
        "training",
        "torch_allocated",
        round(18.9 * GIB),
        "18.9 GiB",
        "torchtune-readme",
        "Llama 3.1 8B full fine-tune on one RTX 4090: bf16 weights, bitsandbytes PagedAdamW8bit"
        " stepped in backward (optimizer_in_bwd), activation checkpointing, batch 2 x 2048"
        " packed, chunked cross-entropy",
        _torchtune(
            {"method": "full", "optimizer": "paged_adamw_8bit", "optimizer_in_backward": True}
        ),
        gaps=(
            "torch.compile was on (torchtune: it decreases memory); the planner does not model it",
            "the recipe config was read at a later commit than the README's run"
            " (recipes/configs/llama3_1/8B_full_single_device.yaml @ 02d70355)",
        ),
        notes="the paged 8-bit moments live in CUDA managed memory, which"
        " torch.cuda.max_memory_allocated does not count",
    ),
    Case(
        "torchtune-llama31-8b-qlora-4090",
        "training",
        "torch_allocated",
        round(7.4 * GIB),
        "7.4 GiB",
        "torchtune-readme",
        "Llama 3.1 8B QLoRA on one RTX 4090: NF4 base (torchao, double quantization), rank 8 on"
        " q, k, v, output and the MLP, bf16, activation checkpointing, batch 2 x 2048 packed",
        _torchtune({"method": "qlora", "lora_targets": "all_linear"}),
        gaps=(
            "torch.compile was on (torchtune: it decreases memory); the planner does not model it",
            "the recipe configs were read at later commits than the README's run",
        ),
    ),
    # --- diffusion -------------------------------------------------------------------------------
    Case(
        "flux-dev-bf16-loaded",
        "diffusion",
        "weights",
        round(31.447 * GIB),
        "Memory after loading ~31.447 GB",
        "hf-blog-diffusers-quantization",
        "FLUX.1-dev pipeline in bf16 moved to the GPU, before the first image",
        {"workload": "diffusion", "model": {"preset": "flux.1-dev"}, "gpu": "h100-80gb-sxm"},
    ),
    Case(
        "flux-dev-bf16-peak",
        "diffusion",
        "torch_reserved",
        round(36.166 * GIB),
        "Peak memory 36.166 GB",
        "hf-blog-diffusers-quantization",
        "FLUX.1-dev bf16, one 1024x1024 image, 50 steps, guidance-distilled (no CFG batch)",
        {
            "workload": "diffusion",
            "model": {"preset": "flux.1-dev"},
            "precision": {"weights": "bf16"},
            "diffusion": {"width": 1024, "height": 1024, "steps": 50, "guidance": False},
            "gpu": "h100-80gb-sxm",
        },
    ),
)


def _flux_quant(
    label: str,
    setting: str,
    precision: dict[str, Any],
    loaded: float,
    peak: float,
    gaps: tuple[str, ...] = (),
    diffusion: dict[str, Any] | None = None,
) -> tuple[Case, Case]:
    """A FLUX.1-dev row of the quantization post: memory after loading, then the run's peak."""
    request = {
        "workload": "diffusion",
        "model": {"preset": "flux.1-dev"},
        "precision": precision,
        "diffusion": {"width": 1024, "height": 1024, "steps": 50, "guidance": False}
        | (diffusion or {}),
        "gpu": "h100-80gb-sxm",
    }
    return (
        Case(
            f"flux-dev-{label}-loaded",
            "diffusion",
            "weights",
            round(loaded * GIB),
            f"Memory after loading {loaded:.3f} GB",
            "hf-blog-diffusers-quantization",
            f"FLUX.1-dev, {setting}, moved to the GPU, before the first image",
            request,
            gaps=gaps,
        ),
        Case(
            f"flux-dev-{label}-peak",
            "diffusion",
            "torch_reserved",
            round(peak * GIB),
            f"Peak memory {peak:.3f} GB",
            "hf-blog-diffusers-quantization",
            f"FLUX.1-dev, {setting}, one 1024x1024 image, 50 steps",
            request,
            gaps=gaps,
        ),
    )


_GGUF_GAP = (
    "city96's GGUF files keep a few small tensors (biases, norms, the input and output"
    " projections) unquantized; the planner quantizes every nn.Linear weight of the transformer",
)

CASES += (
    *_flux_quant(
        "gguf-q4_1",
        "transformer from the GGUF Q4_1 file (4-bit values with an fp16 scale and minimum per 32:"
        " int4, group 32), text encoders and VAE bf16",
        {"weights": "int4", "quant_group_size": 32},
        16.838,
        21.326,
        _GGUF_GAP,
    ),
    *_flux_quant(
        "gguf-q8_0",
        "transformer from the GGUF Q8_0 file (8-bit values with an fp16 scale per 32: 8.5 bits,"
        " as int8 with group 64), text encoders and VAE bf16",
        {"weights": "int8", "quant_group_size": 64},
        21.502,
        25.973,
        _GGUF_GAP,
    ),
    *_flux_quant(
        "fp8-layerwise",
        "transformer stored in float8_e4m3fn by enable_layerwise_casting (compute bf16), text"
        " encoders and VAE bf16",
        {"weights": "fp8"},
        23.682,
        28.451,
        (
            "layerwise casting also stores the transformer's non-Linear layers except norms and"
            " embeddings in fp8, and upcasts one layer at a time to bf16 (a transient the planner"
            " does not count)",
        ),
    ),
)


_T5 = {"quantized_text_encoders": "largest"}
_PER_CHANNEL = (
    "one scale per output channel; the planner's int8 counts an fp16 scale and zero point per"
    " group of 8192 weights (at most 0.004 bit per weight)",
)
CASES += (
    *_flux_quant(
        "bnb-nf4",
        "transformer and T5 in bitsandbytes NF4 (block 64, fp32 absmax: int4 with group 64),"
        " CLIP and VAE bf16",
        {"weights": "int4", "quant_group_size": 64},
        12.584,
        17.281,
        diffusion=_T5,
    ),
    *_flux_quant(
        "bnb-int8",
        "transformer and T5 in bitsandbytes LLM.int8 (int8 with an fp32 scale per row),"
        " CLIP and VAE bf16",
        {"weights": "int8", "quant_group_size": 8192},
        19.273,
        24.432,
        _PER_CHANNEL,
        diffusion=_T5,
    ),
    *_flux_quant(
        "torchao-int8",
        "transformer and T5 in torchao int8_weight_only, CLIP and VAE bf16",
        {"weights": "int8", "quant_group_size": 8192},
        17.020,
        21.482,
        _PER_CHANNEL,
        diffusion=_T5,
    ),
    *_flux_quant(
        "torchao-fp8",
        "transformer and T5 in torchao float8_weight_only, CLIP and VAE bf16",
        {"weights": "fp8"},
        17.016,
        21.488,
        ("one fp32 scale per output channel; the planner counts one per matrix",),
        diffusion=_T5,
    ),
    *_flux_quant(
        "quanto-int8",
        "transformer and T5 in quanto qint8 weights, CLIP and VAE bf16",
        {"weights": "int8", "quant_group_size": 8192},
        17.330,
        21.814,
        _PER_CHANNEL,
        diffusion=_T5,
    ),
    *_flux_quant(
        "quanto-fp8",
        "transformer and T5 in quanto qfloat8 weights (quantize + freeze), CLIP and VAE bf16",
        {"weights": "fp8"},
        16.395,
        20.898,
        (
            "one scale per output channel; the planner counts one per matrix",
            "quantized with optimum-quanto's quantize() directly, which does not honour"
            " transformers' _keep_in_fp32_modules: T5's wo is fp8 too, where the planner keeps"
            " it in fp32 (2.8 GiB more)",
        ),
        diffusion=_T5,
    ),
    *_flux_quant(
        "quanto-int4",
        "transformer and T5 in quanto qint4 weights (group 128, scale and shift), CLIP and VAE"
        " bf16",
        {"weights": "int4", "quant_group_size": 128},
        12.254,
        16.139,
        diffusion=_T5,
    ),
)


def _sdxl(label: str, value_gb: float, **opts: Any) -> Case:
    diffusion: dict[str, Any] = {"width": 1024, "height": 1024, "batch_size": 4, "steps": 50}
    diffusion.update(opts)
    return Case(
        f"sdxl-fp16-b4-{label}",
        "diffusion",
        "torch_allocated",
        round(value_gb * GIB),
        f"{value_gb} GB",
        "hf-blog-sdxl",
        f"SDXL base fp16 + SDPA, 4 images of 1024x1024, {label.replace('-', ' ')}",
        {
            "workload": "diffusion",
            "model": {"preset": "sdxl"},
            "precision": {"weights": "fp16"},
            "diffusion": diffusion,
            "gpu": "a100-40gb",
        },
    )


CASES += (
    Case(
        "diffusers-bench-sdxl-unet-bf16",
        "diffusion",
        "denoiser_allocated",
        round(5.05 * GIB),
        "mem_plain_GB 5.05",
        "diffusers-benchmarks",
        "SDXL base UNet alone in bf16, one 1024x1024 latent (4 x 128 x 128), 77 prompt tokens,"
        " no guidance batch, eager (torch.no_grad)",
        {
            "workload": "diffusion",
            "model": {"preset": "sdxl"},
            "precision": {"weights": "bf16"},
            "diffusion": {"batch_size": 1, "guidance": False, "cpu_offload": "model"},
            "gpu": "h100-80gb-sxm",
        },
        gaps=("the planner's denoising phase also holds the prompt embeddings (0.3 MB)",),
    ),
    _sdxl("default", 21.72),
    replace(
        _sdxl("default", 21.73),
        id="sdxl-fp16-b4-torch-compile",
        setting="SDXL base fp16 + SDPA, 4 images of 1024x1024, UNet under torch.compile",
        gaps=("torch.compile (mode reduce-overhead) is not modelled; it measured +0.01 GB",),
    ),
    _sdxl("model-offload", 20.21, cpu_offload="model"),
    _sdxl("sequential-offload", 19.91, cpu_offload="sequential"),
    _sdxl("vae-slicing", 15.40, vae_slicing=True),
    _sdxl("vae-slicing-sequential-offload", 11.47, vae_slicing=True, cpu_offload="sequential"),
)
