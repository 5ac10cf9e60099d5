"""Each oracle fixture read as if its family were unknown: the generic reader against the truth.

:func:`as_unknown` renames a config's ``model_type`` (and its text model's) and its class, so the
planner reads it with the generic reader only. :func:`probe` returns the generic figure, its
bands and the oracle's truth for the parameters and for the cache at one length.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any

from core.model.model_config import architecture_from_config, load_config_file

FIXTURES = Path(__file__).parent / "fixtures" / "hf_configs"
UNKNOWN = "anchorgpu_unknown"


def as_unknown(config: dict[str, Any]) -> dict[str, Any]:
    """``config`` with every family name the planner could recognise replaced by an unknown one."""
    out = copy.copy(config)
    out["model_type"] = UNKNOWN
    out["architectures"] = ["AnchorgpuUnknownForCausalLM"]
    for key in ("text_config", "vision_config", "audio_config"):
        sub = out.get(key)
        if isinstance(sub, dict) and "model_type" in sub:
            out[key] = {**sub, "model_type": f"{UNKNOWN}_{key.split('_')[0]}"}
    return out


@dataclasses.dataclass(frozen=True)
class Probe:
    """The generic reading of one fixture beside the oracle's truth."""

    name: str
    params: int
    true_params: int
    params_band: tuple[float, float]
    cache: int
    true_cache: int
    cache_band: tuple[float, float]
    reason: str

    @property
    def params_ratio(self) -> float:
        return self.true_params / self.params

    @property
    def cache_ratio(self) -> float:
        return self.true_cache / self.cache if self.cache else float("inf")

    def params_inside(self) -> bool:
        low, high = self.params_band
        return low * self.params <= self.true_params <= high * self.params

    def cache_inside(self) -> bool:
        low, high = self.cache_band
        return low * self.cache <= self.true_cache <= high * self.cache


def lengths(name: str) -> list[str]:
    """The oracle's lengths the model can run: up to its longest context (16 always)."""
    from tests.test_oracle_configs import LENGTHS

    config = load_config_file(FIXTURES / name / "config.json")
    text = config.get("text_config") or config
    longest = text.get("max_position_embeddings") or text.get("n_positions") or 1 << 40
    return [n for n in LENGTHS if int(n) <= longest or n == "16"]


def probe(name: str, length: str = "32768") -> Probe:
    """Read fixture ``name`` as an unknown family; compare with the oracle at ``length`` tokens."""
    from tests.test_oracle_configs import _expected, planner_transformers_rule, vllm_rule

    config = load_config_file(FIXTURES / name / "config.json")
    exact = architecture_from_config(config, model_id=name, name=name, source="hf_config")
    arch = architecture_from_config(
        as_unknown(config), model_id=name, name=name, source="hf_config"
    )
    band = arch.approximate
    assert band is not None, name
    # The comparison rule reads the state dtype transformers keeps by family name.
    named = dataclasses.replace(arch, model_type=exact.model_type)
    cache = sum(planner_transformers_rule(named, int(length), config).values())
    truth = sum(vllm_rule(name, length).values())
    return Probe(
        name,
        arch.params_total,
        _expected(name)["params_total"],
        (band.band_low, band.band_high),
        cache,
        truth,
        (getattr(band, "cache_low", 1.0), getattr(band, "cache_high", 1.0)),
        band.reason,
    )


def names() -> list[str]:
    data = json.loads((FIXTURES / "expected.json").read_text("utf-8"))
    return sorted(data)
