"""The fixed words core puts into its messages, each a typed parameter with its own id.

A few messages take a word as a parameter: which change would make a plan fit ("int4 weights"),
what limits a dimension ("the cap you set"), what a checkpoint stores ("AWQ int4 groups"). Each
such word is a :class:`Word`: a ``str`` that is its English text, so the command line prints it
and the JSON of a finding keeps it as before, and that carries the id a front end translates it
by (``gui/core_text.py``). A word is defined once, here, and code passes the constant; nothing
lists the words a parameter may take, and no translation looks a word up by its English.
"""

from __future__ import annotations

from typing import Any

WORD_TEXTS: dict[str, str] = {}
"""Every word's English text by its id, for the translation sources (``gui.i18n_build``)."""


class Word(str):
    """A fixed English word with the id its translations are kept under (``word.unit.day``)."""

    key: str

    def __new__(cls, key: str, english: str) -> Word:
        """The word ``english`` with id ``key``."""
        word = str.__new__(cls, english)
        word.key = key
        return word

    def __reduce__(self) -> tuple[Any, ...]:
        return (Word, (self.key, str(self)))


def _word(key: str, english: str) -> Word:
    """Define the word ``english`` under id ``word.{key}``."""
    key = f"word.{key}"
    assert key not in WORD_TEXTS, f"word id {key} defined twice"
    WORD_TEXTS[key] = english
    return Word(key, english)


def saved_word(text: str) -> Word | None:
    """The word whose English is ``text``, for a parameter read back from saved JSON.

    JSON keeps a word as its text alone; a quote saved earlier is still shown translated.
    """
    for key, english in WORD_TEXTS.items():
        if english == text:
            return Word(key, english)
    return None


# Which part of a diffusion run is larger (core.capacity.diffusion)
LARGER_DECODE = _word("larger.decode", "the VAE decode")
LARGER_DENOISE = _word("larger.denoise", "denoising")
# A quantization whose config.json names no method (core.model.model_config)
UNNAMED_QUANTIZATION = _word("method.unnamed", "a quantization method")

# How a checkpoint stores its weights (core.model.checkpoint_layout, checkpoint_formats)
STORED_FP8_FP32 = _word("stored_as.fp8_fp32", "fp8 blocks with fp32 scales")
STORED_FP8_E8M0 = _word("stored_as.fp8_e8m0", "fp8 blocks with E8M0 scales")
STORED_MXFP4 = _word("stored_as.mxfp4", "MXFP4 experts, the rest in bf16")
STORED_MXFP4_FP8_E8M0 = _word(
    "stored_as.mxfp4_fp8_e8m0", "MXFP4 experts and fp8 blocks with E8M0 scales"
)
STORED_MXFP4_FP8_FP32 = _word(
    "stored_as.mxfp4_fp8_fp32", "MXFP4 experts and fp8 blocks with fp32 scales"
)
STORED_FP8_TENSOR = _word("stored_as.fp8_tensor", "fp8 with one scale per matrix")
STORED_FP8_CHANNEL = _word("stored_as.fp8_channel", "fp8 with one scale per output channel")
STORED_INT4_PACKED = _word("stored_as.int4_packed", "int4 packed in groups (compressed-tensors)")
STORED_INT8_CHANNEL = _word("stored_as.int8_channel", "int8 with one scale per output channel")
STORED_AWQ_INT4 = _word("stored_as.awq_int4", "AWQ int4 groups")
STORED_GPTQ_INT4 = _word("stored_as.gptq_int4", "GPTQ int4 groups")
STORED_MODELOPT_NVFP4 = _word(
    "stored_as.modelopt_nvfp4", "NVFP4 with an fp8 scale per 16 values (ModelOpt)"
)

# A parallelism strategy, as the planner names it in its reasons
STRATEGIES: dict[str, Word] = {
    name: _word(f"strategy.{name}", name) for name in ("single", "tensor", "ddp", "fsdp")
}

# A change to the request that the planner tries when nothing fits (core.planning.planner)
CHANGE_OFFER = _word("change.offer", "another GPU offer")
CHANGE_INT4 = _word("change.int4", "int4 weights")
CHANGE_FP8_KV = _word("change.fp8_kv", "an fp8 KV cache")
CHANGE_CHECKPOINTING = _word("change.checkpointing", "activation checkpointing")
CHANGE_QLORA = _word("change.qlora", "QLoRA")
CHANGE_VAE_TILING = _word("change.vae_tiling", "VAE tiling")
CHANGE_CPU_OFFLOAD = _word("change.cpu_offload", "model CPU offload")

# What stops a dimension from growing (core.planning.limits), by the binding's name
BINDINGS: dict[str, Word] = {
    "memory": _word("binding.memory", "memory"),
    "max_position_embeddings": _word(
        "binding.max_position_embeddings", "the model's max_position_embeddings"
    ),
    "user_cap": _word("binding.user_cap", "the cap you set"),
    "request_maximum": _word("binding.request_maximum", "the largest value a request allows"),
    "kv_pool": _word("binding.kv_pool", "vLLM's KV cache pool"),
    "max_num_seqs": _word("binding.max_num_seqs", "vLLM's max_num_seqs"),
}

# A term's unit ("a term of 3 × day")
UNITS: dict[str, Word] = {
    name: _word(f"unit.{name}", name) for name in ("hour", "day", "week", "month")
}

# What stops a replica from taking more requests at once (core.planning.traffic.search)
CONSTRAINTS: dict[str, Word] = {
    "memory": _word("constraint.memory", "memory"),
    "ttft": _word("constraint.ttft", "time to first token"),
    "tpot": _word("constraint.tpot", "time per output token"),
    "rate": _word("constraint.rate", "rate"),
    "max_num_seqs": _word("constraint.max_num_seqs", "max_num_seqs"),
}

# What the history was doing when the disk refused (core.store.errors), by the code passed
DOINGS: dict[str, Word] = {
    name: _word(f"doing.{name}", name) for name in ("use", "read", "create", "write")
}

# What a file is written as, or which amount of money is refused (core.store, core.pricing)
BACKUP = _word("what.backup", "backup")
EXPORT = _word("what.export", "export")
AMOUNT = _word("what.amount", "amount")
TAX_RATE = _word("what.tax_rate", "tax rate")
TOTAL = _word("what.total", "total")
UNIT_PRICE = _word("what.unit_price", "unit price")
STORAGE_PRICE = _word("what.storage_price", "storage price")
