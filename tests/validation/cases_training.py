"""Training cases: LitGPT's resource tables and torchtune's README."""

from __future__ import annotations

from typing import Any

from tests.validation.case import GB, GIB, NF4_HEAD_GAP, Case, cfg


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
LORA_GAPS = (
    "LitGPT chunks the LM head by 128 tokens; the planner's chunked loss assumes 8 chunks of the"
    " fp32 upcast (torchtune); the difference is below 0.1 GB here",
)

TRAINING: tuple[Case, ...] = (
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
        gaps=LORA_GAPS,
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
        gaps=LORA_GAPS,
    ),
    Case(
        "litgpt-llama2-13b-lora-mb1",
        "training",
        "torch_allocated",
        round(38.12 * GB),
        "38.12 GB",
        "litgpt-tables",
        "Llama 2 13B, finetune/lora.py, micro-batch 1",
        _litgpt_lora(cfg("llama-2-13b"), 1, "lora", 1304),
        gaps=LORA_GAPS,
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
        gaps=LORA_GAPS + NF4_HEAD_GAP,
    ),
    Case(
        "litgpt-llama2-13b-qlora-dq-mb1",
        "training",
        "torch_allocated",
        round(22.55 * GB),
        "22.55 GB",
        "litgpt-tables",
        "Llama 2 13B, finetune/lora.py --quantize bnb.nf4-dq, micro-batch 1",
        _litgpt_lora(cfg("llama-2-13b"), 1, "qlora", 1304),
        gaps=LORA_GAPS + NF4_HEAD_GAP,
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
        gaps=LORA_GAPS + NF4_HEAD_GAP,
    ),
    Case(
        "litgpt-llama2-13b-qlora-nf4-mb1",
        "training",
        "torch_allocated",
        round(23.14 * GB),
        "23.14 GB",
        "litgpt-tables",
        "Llama 2 13B, finetune/lora.py --quantize bnb.nf4, micro-batch 1",
        _litgpt_lora(cfg("llama-2-13b"), 1, "qlora", 1304, double_quant=False),
        gaps=LORA_GAPS + NF4_HEAD_GAP,
    ),
    Case(
        "torchtune-llama31-8b-lora-4090",
        "training",
        "torch_allocated",
        round(16.2 * GIB),
        "16.2 GiB",
        "torchtune-readme",
        "Llama 3.1 8B LoRA on one RTX 4090: rank 8 on q_proj and v_proj only (the config at the"
        " commit that added the row), bf16, activation checkpointing, batch 2 x 2048 packed,"
        " chunked cross-entropy",
        _torchtune({"method": "lora", "lora_targets": "qv"}),
        gaps=(
            "torch.compile was on (torchtune: it decreases memory); the planner does not model it",
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
            "torchao's LinearNF4 keeps no input for backward where bitsandbytes' MatMul4Bit,"
            " which the planner counts, keeps one: 0.18 GB too many in the layer rebuilt under"
            " checkpointing, which is not the peak here",
        ),
    ),
)
