"""Build tests/fixtures/heldout_families.json: families the planner does not count, as defaults.

Dev-only, like make_expected.py (same pinned environment, tests/oracle/README.md). For each
model_type below, transformers' own configuration class builds its default config (most classes
default to a flagship model's shape; dots1 is given its published expert layout, which its class
leaves unset), the model that config names is built on the meta device, and its parameters are
counted (tied tensors once). The file keeps each config as ``to_dict()`` writes it and the count.
These are not published configs: they check the generic reader on families it was not calibrated
on (tests/test_generic_reader.py), where tests/fixtures/hf_configs checks the exact counters.

Usage:
    python tests/oracle/make_heldout.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import torch
import transformers
from transformers import AutoConfig, AutoModel, AutoModelForCausalLM, AutoModelForImageTextToText

OUT = Path(__file__).resolve().parents[1] / "fixtures" / "heldout_families.json"

# model_type -> fields set on top of the class defaults (none unless the class leaves the
# structure unset).
FAMILIES: dict[str, dict[str, Any]] = {
    "afmoe": {},
    "apertus": {},
    "arcee": {},
    "bamba": {},
    # Dots1Config leaves the experts unset; dots.llm1's technical report (arXiv 2506.05767):
    # 128 routed experts, 6 per token, 2 shared, the first layer dense, expert width 1408.
    "dots1": {
        "n_routed_experts": 128,
        "num_experts_per_tok": 6,
        "n_shared_experts": 2,
        "first_k_dense_replace": 1,
        "moe_intermediate_size": 1408,
    },
    "gemma3n_text": {},
    "glm4v": {},
    "internvl": {},
    "minimax": {},
    "mistral4": {},
    "zamba2": {},
}


def build(config: Any) -> torch.nn.Module:
    """The model a default config names, on the meta device."""
    with torch.device("meta"):
        for auto in (AutoModelForCausalLM, AutoModelForImageTextToText, AutoModel):
            try:
                return auto.from_config(config)
            except ValueError:
                continue
    raise SystemExit(f"no model class for {config.model_type}")


def main() -> int:
    out: dict[str, Any] = {}
    for model_type, fields in FAMILIES.items():
        config = AutoConfig.for_model(model_type, **fields)
        model = build(config)
        out[model_type] = {
            "class": type(model).__name__,
            "params_total": sum(p.numel() for p in model.parameters()),
            "config": json.loads(config.to_json_string(use_diff=False)),
        }
        print(model_type, out[model_type]["params_total"], flush=True)
    OUT.write_text(
        json.dumps(
            {"transformers": transformers.__version__, "families": out}, indent=1, sort_keys=True
        )
        + "\n",
        "utf-8",
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
