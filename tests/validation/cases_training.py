"""Training cases: LitGPT's resource tables and config_hub table, and torchtune's README."""

from __future__ import annotations

from typing import Any

from tests.validation.case import GB, GIB, Case, cfg


def _litgpt_lora(
    model: dict[str, str],
    micro_batch: int,
    method: str,
    seq: int,
    double_quant: bool = True,
    rank: int = 8,
    gpu: str = "a100-40gb",
    targets: str = "qv",
) -> dict[str, Any]:
    return {
        "workload": "training",
        "model": model,
        "training": {
            "trainer": "litgpt",  # bf16-true and dropout 0.05 by default, its loop and LM head
            # The bitsandbytes these runs had: 0.41.1 for the resource tables (commit 8641822),
            # the pyproject.toml pin (==0.41.0 or ==0.42.0) at each config_hub row's commit;
            # all keep MatMul4Bit's inputs (core.capacity.trainers).
            "bnb_version": "pre-0.43.2",
            "method": method,
            "optimizer": "adamw",
            "mixed_precision": "bf16",
            "micro_batch_size": micro_batch,
            "sequence_length": seq,
            "lora_rank": rank,
            "lora_targets": targets,
            "qlora_double_quant": double_quant,
            "flash_attention": True,
        },
        "gpu": gpu,
    }


def _hub(
    model: dict[str, str], micro_batch: int, method: str, rank: int = 32, targets: str = "qv"
) -> dict[str, Any]:
    """A config_hub LoRA/QLoRA run: dropout 0.05, 512 tokens, bnb.nf4 (rank 32 on q and v)."""
    return _litgpt_lora(
        model, micro_batch, method, 512, double_quant=False, rank=rank, gpu="a10", targets=targets
    )


def _torchtune(training: dict[str, Any]) -> dict[str, Any]:
    base = {
        "trainer": "torchtune",  # dtype bf16 and the chunked loss by default, torchao's NF4
        "optimizer": "adamw",
        "mixed_precision": "bf16",
        "micro_batch_size": 2,
        "sequence_length": 2048,
        "activation_checkpointing": True,
        "lora_rank": 8,
    }
    return {
        "workload": "training",
        "model": {"preset": "llama-3.1-8b"},
        "training": base | training,
        "gpu": "rtx-4090",
    }


# LitGPT finetune/lora.py at commit 8641822: r 8, alpha 16, query and value adapted only, longest
# Alpaca example 1304 tokens with the Llama 2 tokenizer (the peak is at the longest batch). Its LM
# head in 128-token chunks, Fabric's fp32 logits, the chunked cross-entropy and what its loop keeps
# of the step before are the trainer's (training.trainer "litgpt", core.capacity.trainers).
LORA_GAPS = (
    "LitGPT keeps the whole fused QKV output for multi-head attention (V is a view of it), K"
    " and V repeated to every query head for grouped-query attention, and zero_pad's index_copy"
    " source when only q and v are adapted; the planner counts Q, K and V apart at their widths",
)
# config_hub/finetune runs (LitGPT 2024): 1xA10G, bf16-true, LoRA r 32 on query and value with
# dropout 0.05, Alpaca2k truncated to max_seq_length 512 and padded to the longest of each batch.
HUB_GAPS = LORA_GAPS + (
    "the table does not give the longest batch: the request assumes one reached max_seq_length"
    " 512, as the longest Alpaca examples do with these tokenizers",
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
        gaps=LORA_GAPS,
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
        gaps=LORA_GAPS,
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
        gaps=LORA_GAPS,
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
        gaps=LORA_GAPS,
    ),
    # Longest Alpaca example: 1034 tokens with StableLM's tokenizer, 1044 with phi-1.5's.
    Case(
        "litgpt-stablelm-3b-lora-mb1",
        "training",
        "torch_allocated",
        round(9.69 * GB),
        "9.69 GB",
        "litgpt-tables",
        "StableLM Base Alpha 3B, finetune/lora.py, micro-batch 1",
        _litgpt_lora(cfg("stablelm-base-alpha-3b"), 1, "lora", 1034),
        gaps=LORA_GAPS,
    ),
    Case(
        "litgpt-stablelm-3b-qlora-nf4-mb1",
        "training",
        "torch_allocated",
        round(6.35 * GB),
        "6.35 GB",
        "litgpt-tables",
        "StableLM Base Alpha 3B, finetune/lora.py --quantize bnb.nf4, micro-batch 1",
        _litgpt_lora(cfg("stablelm-base-alpha-3b"), 1, "qlora", 1034, double_quant=False),
        gaps=LORA_GAPS,
    ),
    Case(
        "litgpt-stablelm-3b-qlora-dq-mb1",
        "training",
        "torch_allocated",
        round(6.19 * GB),
        "6.19 GB",
        "litgpt-tables",
        "StableLM Base Alpha 3B, finetune/lora.py --quantize bnb.nf4-dq, micro-batch 1",
        _litgpt_lora(cfg("stablelm-base-alpha-3b"), 1, "qlora", 1034),
        gaps=LORA_GAPS,
    ),
    Case(
        "litgpt-stablelm-3b-lora-mb2",
        "training",
        "torch_allocated",
        round(12.10 * GB),
        "12.10 GB",
        "litgpt-tables",
        "StableLM Base Alpha 3B, finetune/lora.py, micro-batch 2",
        _litgpt_lora(cfg("stablelm-base-alpha-3b"), 2, "lora", 1034),
        gaps=LORA_GAPS,
    ),
    Case(
        "litgpt-stablelm-3b-lora-mb4",
        "training",
        "torch_allocated",
        round(16.92 * GB),
        "16.92 GB",
        "litgpt-tables",
        "StableLM Base Alpha 3B, finetune/lora.py, micro-batch 4",
        _litgpt_lora(cfg("stablelm-base-alpha-3b"), 4, "lora", 1034),
        gaps=LORA_GAPS,
    ),
    Case(
        "litgpt-phi15-lora-mb1",
        "training",
        "torch_allocated",
        round(4.82 * GB),
        "4.82 GB",
        "litgpt-tables",
        "phi-1.5, finetune/lora.py, micro-batch 1",
        _litgpt_lora(cfg("phi-1_5"), 1, "lora", 1044),
        gaps=LORA_GAPS,
    ),
    Case(
        "litgpt-phi15-qlora-nf4-mb1",
        "training",
        "torch_allocated",
        round(3.78 * GB),
        "3.78 GB",
        "litgpt-tables",
        "phi-1.5, finetune/lora.py --quantize bnb.nf4, micro-batch 1",
        _litgpt_lora(cfg("phi-1_5"), 1, "qlora", 1044, double_quant=False),
        gaps=LORA_GAPS,
    ),
    Case(
        "litgpt-phi15-qlora-dq-mb1",
        "training",
        "torch_allocated",
        round(3.72 * GB),
        "3.72 GB",
        "litgpt-tables",
        "phi-1.5, finetune/lora.py --quantize bnb.nf4-dq, micro-batch 1",
        _litgpt_lora(cfg("phi-1_5"), 1, "qlora", 1044),
        gaps=LORA_GAPS,
    ),
    Case(
        "litgpt-phi15-lora-mb2",
        "training",
        "torch_allocated",
        round(6.76 * GB),
        "6.76 GB",
        "litgpt-tables",
        "phi-1.5, finetune/lora.py, micro-batch 2",
        _litgpt_lora(cfg("phi-1_5"), 2, "lora", 1044),
        gaps=LORA_GAPS,
    ),
    Case(
        "litgpt-phi15-lora-mb4",
        "training",
        "torch_allocated",
        round(10.68 * GB),
        "10.68 GB",
        "litgpt-tables",
        "phi-1.5, finetune/lora.py, micro-batch 4",
        _litgpt_lora(cfg("phi-1_5"), 4, "lora", 1044),
        gaps=LORA_GAPS,
    ),
    # --- training: LitGPT config_hub/finetune table (1xA10G, 512 tokens) --------------------------
    Case(
        "litgpt-hub-llama2-7b-lora-mb2",
        "training",
        "torch_allocated",
        round(19.77 * GB),
        "19.77 GB",
        "litgpt-config-hub",
        "Llama 2 7B, llama-2-7b/lora.yaml @ 41dece20, micro-batch 2",
        _hub({"preset": "llama-2-7b"}, 2, "lora"),
        gaps=HUB_GAPS,
    ),
    Case(
        "litgpt-hub-llama2-7b-qlora-mb2",
        "training",
        "torch_allocated",
        round(13.68 * GB),
        "13.68 GB",
        "litgpt-config-hub",
        "Llama 2 7B, llama-2-7b/qlora.yaml @ 4a9b7e62 (bnb.nf4), micro-batch 2",
        _hub({"preset": "llama-2-7b"}, 2, "qlora"),
        gaps=HUB_GAPS,
    ),
    Case(
        "litgpt-hub-mistral-7b-lora-mb2",
        "training",
        "torch_allocated",
        round(20.66 * GB),
        "20.66 GB",
        "litgpt-config-hub",
        "Mistral 7B v0.1, mistral-7b/lora.yaml @ 0d207708 (row of 43c44323), micro-batch 2",
        _hub({"preset": "mistral-7b"}, 2, "lora"),
        gaps=HUB_GAPS,
    ),
    Case(
        "litgpt-hub-mistral-7b-qlora-mb2",
        "training",
        "torch_allocated",
        round(14.29 * GB),
        "14.29 GB",
        "litgpt-config-hub",
        "Mistral 7B v0.1, mistral-7b/qlora.yaml @ 0d207708 (bnb.nf4), micro-batch 2",
        _hub({"preset": "mistral-7b"}, 2, "qlora"),
        gaps=HUB_GAPS,
    ),
    Case(
        "litgpt-hub-llama3-8b-lora-mb1",
        "training",
        "torch_allocated",
        round(19.73 * GB),
        "19.73 GB",
        "litgpt-config-hub",
        "Llama 3 8B, llama-3-8b/lora.yaml @ 58c5b188, micro-batch 1",
        _hub(cfg("llama-3-8b"), 1, "lora"),
        gaps=HUB_GAPS,
    ),
    Case(
        "litgpt-hub-llama3-8b-qlora-mb2",
        "training",
        "torch_allocated",
        round(17.41 * GB),
        "17.41 GB",
        "litgpt-config-hub",
        "Llama 3 8B, llama-3-8b/qlora.yaml @ 58c5b188 (bnb.nf4), micro-batch 2",
        _hub(cfg("llama-3-8b"), 2, "qlora"),
        gaps=HUB_GAPS,
    ),
    Case(
        "litgpt-hub-llama32-1b-lora-mb1",
        "training",
        "torch_allocated",
        round(4.49 * GB),
        "4.49 GB",
        "litgpt-config-hub",
        "Llama 3.2 1B (LitGPT's untied LM head), llama-3.2-1B/lora.yaml @ 00af8b0d, micro-batch 1",
        _hub(cfg("llama-3.2-1b-litgpt"), 1, "lora"),
        gaps=HUB_GAPS,
    ),
    Case(
        "litgpt-hub-llama32-1b-qlora-mb2",
        "training",
        "torch_allocated",
        round(5.53 * GB),
        "5.53 GB",
        "litgpt-config-hub",
        "Llama 3.2 1B (LitGPT's untied LM head), llama-3.2-1B/qlora.yaml @ 00af8b0d (bnb.nf4),"
        " micro-batch 2",
        _hub(cfg("llama-3.2-1b-litgpt"), 2, "qlora"),
        gaps=HUB_GAPS,
    ),
    Case(
        "litgpt-hub-llama32-3b-lora-mb1",
        "training",
        "torch_allocated",
        round(9.67 * GB),
        "9.67 GB",
        "litgpt-config-hub",
        "Llama 3.2 3B (LitGPT's untied LM head), llama-3.2-3B/lora.yaml @ 00af8b0d, micro-batch 1",
        _hub(cfg("llama-3.2-3b-litgpt"), 1, "lora"),
        gaps=HUB_GAPS,
    ),
    Case(
        "litgpt-hub-llama32-3b-qlora-mb2",
        "training",
        "torch_allocated",
        round(10.30 * GB),
        "10.30 GB",
        "litgpt-config-hub",
        "Llama 3.2 3B (LitGPT's untied LM head), llama-3.2-3B/qlora.yaml @ 00af8b0d (bnb.nf4),"
        " micro-batch 2",
        _hub(cfg("llama-3.2-3b-litgpt"), 2, "qlora"),
        gaps=HUB_GAPS,
    ),
    Case(
        "litgpt-hub-falcon-7b-lora-mb1",
        "training",
        "torch_allocated",
        round(16.69 * GB),
        "16.69 GB",
        "litgpt-config-hub",
        "Falcon 7B, falcon-7b/lora.yaml @ 0d207708, micro-batch 1",
        _hub(cfg("falcon-7b-litgpt"), 1, "lora"),
        gaps=HUB_GAPS,
    ),
    Case(
        "litgpt-hub-falcon-7b-qlora-mb1",
        "training",
        "torch_allocated",
        round(9.44 * GB),
        "9.44 GB",
        "litgpt-config-hub",
        "Falcon 7B, falcon-7b/qlora.yaml @ 0d207708 (bnb.nf4), micro-batch 1",
        _hub(cfg("falcon-7b-litgpt"), 1, "qlora"),
        gaps=HUB_GAPS,
    ),
    Case(
        "litgpt-hub-phi2-lora-mb4",
        "training",
        "torch_allocated",
        round(13.98 * GB),
        "13.98 GB",
        "litgpt-config-hub",
        "phi-2, phi-2/lora.yaml @ 3e9fd36c: rank 8 on every linear layer and the LM head,"
        " micro-batch 4",
        _hub(cfg("phi-2"), 4, "lora", rank=8, targets="all_linear"),
        gaps=(HUB_GAPS + ("LitGPT adapts the LM head too",)),
    ),
    Case(
        "litgpt-hub-phi2-qlora-mb4",
        "training",
        "torch_allocated",
        round(14.27 * GB),
        "14.27 GB",
        "litgpt-config-hub",
        "phi-2, phi-2/qlora.yaml @ 3e9fd36c (bnb.nf4): rank 8 on every linear layer and the LM"
        " head, micro-batch 4",
        _hub(cfg("phi-2"), 4, "qlora", rank=8, targets="all_linear"),
        gaps=(HUB_GAPS + ("LitGPT adapts the LM head too",)),
    ),
    Case(
        "litgpt-hub-stablelm-3b-lora-mb1",
        "training",
        "torch_allocated",
        round(8.58 * GB),
        "8.58 GB",
        "litgpt-config-hub",
        "StableLM Base Alpha 3B, stablelm-base-alpha-3b/lora.yaml @ 0d207708, micro-batch 1",
        _hub(cfg("stablelm-base-alpha-3b"), 1, "lora"),
        gaps=HUB_GAPS,
    ),
    Case(
        "litgpt-hub-stablelm-3b-qlora-mb1",
        "training",
        "torch_allocated",
        round(5.24 * GB),
        "5.24 GB",
        "litgpt-config-hub",
        "StableLM Base Alpha 3B, stablelm-base-alpha-3b/qlora.yaml @ 0d207708 (bnb.nf4),"
        " micro-batch 1",
        _hub(cfg("stablelm-base-alpha-3b"), 1, "qlora"),
        gaps=HUB_GAPS,
    ),
    Case(
        "litgpt-hub-tinyllama-lora-mb8",
        "training",
        "torch_allocated",
        round(13.50 * GB),
        "13.50 GB",
        "litgpt-config-hub",
        "TinyLlama 1.1B, tiny-llama/lora.yaml @ 41397ed6: rank 32 on every linear layer and the"
        " LM head, micro-batch 8",
        _hub(cfg("tinyllama-1.1b"), 8, "lora", rank=32, targets="all_linear"),
        gaps=(HUB_GAPS + ("LitGPT adapts the LM head too",)),
    ),
    Case(
        "litgpt-hub-tinyllama-qlora-mb8",
        "training",
        "torch_allocated",
        round(16.24 * GB),
        "16.24 GB",
        "litgpt-config-hub",
        "TinyLlama 1.1B, tiny-llama/qlora.yaml @ 41397ed6 (bnb.nf4): rank 32 on every linear"
        " layer and the LM head, micro-batch 8",
        _hub(cfg("tinyllama-1.1b"), 8, "qlora", rank=32, targets="all_linear"),
        gaps=(HUB_GAPS + ("LitGPT adapts the LM head too",)),
    ),
    Case(
        "litgpt-hub-phi3-mini-lora-mb4",
        "training",
        "torch_allocated",
        round(19.75 * GB),
        "19.75 GB",
        "litgpt-config-hub",
        "Phi-3 mini 4k, phi-3/lora.yaml @ f247be87: rank 8 on every linear layer and the LM head,"
        " micro-batch 4",
        _hub({"preset": "phi-3-mini"}, 4, "lora", rank=8, targets="all_linear"),
        gaps=HUB_GAPS
        + ("LitGPT adapts the LM head too (0.3 M parameters and one more dropout copy)",),
    ),
    Case(
        "litgpt-hub-phi3-mini-qlora-mb4",
        "training",
        "torch_allocated",
        round(19.13 * GB),
        "19.13 GB",
        "litgpt-config-hub",
        "Phi-3 mini 4k, phi-3/qlora.yaml @ f247be87 (bnb.nf4): rank 8 on every linear layer and"
        " the LM head, micro-batch 4",
        _hub({"preset": "phi-3-mini"}, 4, "qlora", rank=8, targets="all_linear"),
        gaps=HUB_GAPS
        + ("LitGPT adapts the LM head too (0.3 M parameters and one more dropout copy)",),
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
        ),
    ),
)
