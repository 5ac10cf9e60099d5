"""Recount the published-shape configs pinned in the family tests with transformers (dev-only).

tests/test_aya_vision.py, test_minimax.py, test_zamba2.py and test_gemma3n.py pin parameter counts
that transformers built from the config dicts they hold (published configs were not found, so
these are not fixtures of tests/fixtures/hf_configs). This script builds each dict's model on the
meta device and prints its parameter count (tied tensors once), and runs each ``SMALL`` config for
16 tokens in bfloat16 on the CPU and prints the shapes its cache object holds, so the pinned
figures can be checked against the pinned transformers (tests/oracle/requirements.txt).

Usage:
    python tests/oracle/family_shapes.py
"""

from __future__ import annotations

import ast
import copy
from pathlib import Path
from typing import Any

import torch
from transformers import AutoConfig, AutoModelForCausalLM, AutoModelForImageTextToText

TESTS = Path(__file__).resolve().parents[1]

# (test file, names of its config dicts built on the meta device)
SHAPES = (
    ("test_aya_vision.py", ("AYA_VISION_8B",)),
    ("test_minimax.py", ("MINIMAX_TEXT_01", "SMALL")),
    ("test_zamba2.py", ("ZAMBA2_2_7B", "SMALL")),
    ("test_gemma3n.py", ("E1_96B", "SMALL")),
)


def _dicts(path: Path, names: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """The module-level config dicts ``names`` of a test file, without importing it (the test
    modules need the planner and pytest, which this environment does not have)."""
    out: dict[str, dict[str, Any]] = {}
    for node in ast.parse(path.read_text("utf-8")).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and target.id in names:
                code = compile(ast.Expression(node.value), str(path), "eval")
                out[target.id] = eval(code, {"range": range})  # literals and comprehensions only
    return out


def _config(fields: dict[str, Any]) -> Any:
    fields = copy.deepcopy(fields)
    fields.pop("architectures", None)
    return AutoConfig.for_model(fields.pop("model_type"), **fields)


def _build(fields: dict[str, Any]) -> torch.nn.Module:
    config = _config(fields)
    for auto in (AutoModelForCausalLM, AutoModelForImageTextToText):
        try:
            return auto.from_config(config)
        except ValueError:
            continue
    raise SystemExit(f"no model class for {fields['model_type']}")


def _cache_shapes(model: torch.nn.Module) -> list[str]:
    model = model.to(torch.bfloat16)
    cache = model(torch.randint(0, 64, (1, 16)), use_cache=True).past_key_values
    rows = []
    for i, layer in enumerate(getattr(cache, "layers", [])):
        for name, value in vars(layer).items():
            tensors = value.values() if isinstance(value, dict) else [value]
            for t in tensors:
                if isinstance(t, torch.Tensor) and t.dim() > 1:
                    rows.append(f"  layer {i} {name} {tuple(t.shape)} {t.dtype}")
    for i, state in enumerate(getattr(cache, "linear_cache", [])):
        if isinstance(state, torch.Tensor):
            rows.append(f"  layer {i} linear_cache {tuple(state.shape)} {state.dtype}")
    return rows


def main() -> int:
    for file, names in SHAPES:
        for name, fields in _dicts(TESTS / file, names).items():
            with torch.device("meta"):
                model = _build(fields)
            total = sum(p.numel() for p in model.parameters())
            print(f"{file} {name}: {total:,} parameters", flush=True)
            if name == "SMALL":
                torch.manual_seed(0)
                print("\n".join(_cache_shapes(_build(fields))), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
