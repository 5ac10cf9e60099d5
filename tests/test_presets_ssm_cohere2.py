"""The Mamba-2, Falcon-H1 and Command R7B presets: the oracle's configs, counted and cached.

Each preset carries the same config as its oracle fixture (``tests/fixtures/hf_configs``, where
``SOURCE.txt`` gives the source of every value), so its parameter count is the one transformers
builds. The cache figures follow vLLM: a Mamba-2 state of ``heads · head_dim · d_state`` values
plus ``kernel - 1`` convolution columns per channel, in the cache dtype; sliding-window layers
hold at most the window.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.capacity.kv_cache import (
    cache_bytes_per_sequence,
    kv_bytes_per_token,
    state_bytes_per_sequence,
)
from core.model import models
from core.model.model_config import architecture_from_config
from core.model.models import load_preset

FIXTURES = Path(__file__).parent / "fixtures" / "hf_configs"
PRESETS = {
    "mamba-codestral-7b": "mamba-codestral-7b-v0.1",
    "falcon-h1-0.5b": "falcon-h1-0.5b-instruct",
    "command-r7b": "c4ai-command-r7b-12-2024",
}


def _preset_file(preset_id: str) -> dict[str, object]:
    folder = Path(models.resource_path("models", "llm"))
    data: dict[str, object] = json.loads((folder / f"{preset_id}.json").read_text("utf-8"))
    return data


@pytest.mark.parametrize(("preset_id", "fixture"), sorted(PRESETS.items()))
def test_preset_is_the_oracle_config_and_counts_what_transformers_builds(preset_id, fixture):
    data = _preset_file(preset_id)
    assert data["id"] == preset_id
    assert "/config.json" in str(data["source"])
    fixture_config = json.loads((FIXTURES / fixture / "config.json").read_text("utf-8"))
    assert data["config"] == fixture_config
    expected = json.loads((FIXTURES / "expected.json").read_text("utf-8"))[fixture]
    arch = load_preset(preset_id)
    assert arch.approximate is None
    assert arch.params_total == expected["params_total"]


def test_mamba_codestral_keeps_a_fixed_state_and_no_kv():
    arch = load_preset("mamba-codestral-7b")
    assert arch.params_total == 7_285_403_648  # Mistral AI's published count
    assert kv_bytes_per_token(arch, "bf16") == 0
    # 64 layers: 128 heads · 64 · 128 recurrent values and 3 columns of the 10,240-channel
    # convolution (inner 8192 + 2 · 8 groups · 128 state), 2 bytes each.
    state = 64 * (128 * 64 * 128 + 10_240 * 3) * 2
    assert state_bytes_per_sequence(arch, "bf16") == state
    assert cache_bytes_per_sequence(arch, "bf16", 131_072, padded=False) == state


def test_falcon_h1_keeps_kv_and_a_mamba_state_in_every_layer():
    arch = load_preset("falcon-h1-0.5b")
    # 36 layers, each with 2 KV heads of 64 and a Mamba-2 mixer of 24 heads of 64, state 128,
    # one group: convolution over 1536 + 2 · 128 = 1792 channels.
    assert kv_bytes_per_token(arch, "bf16") == 36 * 2 * 2 * 64 * 2
    state = 36 * (24 * 64 * 128 + 1792 * 3) * 2
    assert state_bytes_per_sequence(arch, "bf16") == state
    tokens = 32_768
    assert cache_bytes_per_sequence(arch, "bf16", tokens, padded=False) == (
        state + tokens * 36 * 2 * 2 * 64 * 2
    )


def test_command_r7b_caps_three_layers_in_four_at_the_window():
    arch = load_preset("command-r7b")
    assert state_bytes_per_sequence(arch, "bf16") == 0
    per_layer_token = 2 * 8 * 128 * 2  # K and V, 8 heads of 128, 2 bytes
    # 24 sliding layers hold at most 4,096 tokens; the 8 global layers grow.
    assert cache_bytes_per_sequence(arch, "bf16", 131_072, padded=False) == (
        per_layer_token * (24 * 4096 + 8 * 131_072)
    )
    assert cache_bytes_per_sequence(arch, "bf16", 2048, padded=False) == (
        per_layer_token * 32 * 2048
    )


def test_a_cohere2_config_without_a_window_takes_the_class_default():
    # Cohere2Config's sliding_window defaults to 4096: the sliding layers stay capped.
    config = dict(_preset_file("command-r7b")["config"])  # type: ignore[call-overload]
    del config["sliding_window"]
    arch = architecture_from_config(config, model_id="t", name="t", source="hf_config")
    assert {(g.kind, g.layers, g.window) for g in arch.cache_groups} == {
        ("sliding", 24, 4096),
        ("full", 8, None),
    }
