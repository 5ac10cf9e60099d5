"""The canonical JSON of a request, behind its fingerprint, kept stable as the request grows.

A saved quote and an order carry the SHA-256 of their request's canonical JSON (sorted keys,
defaults included); a retried placement matches its order by it and an import checks it. A
field added to the request after quotes were first saved would change every fingerprint, so
while it holds the value an older request stands for it is left out of the text.
"""

from __future__ import annotations

import json
from typing import Any

from core.domain.workload_options import LlamaCppOptions

# What a request saved before ``training.bnb_version`` existed was estimated with: bitsandbytes'
# kept inputs, the count of its versions before 0.43.2 (core.capacity.trainers).
SAVED_BNB_VERSION = "pre-0.43.2"
# Fields added after quotes were first saved, with the value a request saved before them stands
# for (their default, but for bnb_version): left out of the canonical JSON while they hold it, so
# a request saved before them keeps its fingerprint (and a retried placement of it keeps matching
# its order).
_NEW_OPTIONAL: dict[tuple[str, str], object] = {
    ("model", "gguf"): None,
    ("precision", "format"): None,
    ("inference", "max_num_batched_tokens"): None,
    ("inference", "max_num_seqs"): None,
    ("parallelism", "expert_parallel"): False,
    ("parallelism", "data_parallel"): None,
    ("inference", "engine"): "vllm",
    ("inference", "vllm_version"): "0.17+",
    ("inference", "mxfp4_backend"): "auto",
    ("inference", "mtp_speculative_tokens"): 0,
    ("inference", "llamacpp"): LlamaCppOptions().model_dump(mode="json"),
    ("training", "weights_precision"): "mixed",
    ("training", "qlora_double_quant"): True,
    ("training", "lora_dropout"): False,
    ("training", "optimizer_in_backward"): False,
    ("training", "offload"): "none",
    ("training", "activation_offloading"): False,
    ("training", "loss"): "full",
    ("training", "trainer"): "transformers",
    # The value a request saved before it meant (core.capacity.trainers), not today's default;
    # read_saved_request fills it into such a request, and _bnb_version_unused drops it where
    # it cannot change the estimate.
    ("training", "bnb_version"): SAVED_BNB_VERSION,
    ("diffusion", "quantized_text_encoders"): "none",
    ("diffusion", "quant_backend"): "bitsandbytes",
}

# Top-level fields added later, absent (None) in every request saved before them: left out of the
# canonical JSON while None, so such a request keeps its fingerprint.
_NEW_TOP_LEVEL = ("traffic", "goal")


def canonical_request_json(data: dict[str, Any]) -> str:
    """Canonical JSON of a request dumped as JSON data (a quote's snapshot keeps it so).

    Fields added after quotes were first saved are left out while they hold the value such a
    request stands for, so a request saved before them keeps its fingerprint; the bitsandbytes
    version is left out too where it cannot change the estimate.
    """
    data = {k: dict(v) if isinstance(v, dict) else v for k, v in data.items()}
    for key in _NEW_TOP_LEVEL:
        if key in data and data[key] is None:
            del data[key]
    if _bnb_version_unused(data) and isinstance(training := data.get("training"), dict):
        training.pop("bnb_version", None)
    for (section, key), default in _NEW_OPTIONAL.items():
        part = data.get(section)
        if isinstance(part, dict) and key in part and part[key] == default:
            del part[key]
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _bnb_version_unused(data: dict[str, Any]) -> bool:
    """Whether the bitsandbytes version cannot change the estimate: no QLoRA on bitsandbytes."""
    training = data.get("training")
    if data.get("workload") != "training" or not isinstance(training, dict):
        return True
    return training.get("method") != "qlora" or training.get("trainer") == "torchtune"
