"""The planner against an independent oracle: published configs built by transformers.

``tests/fixtures/hf_configs/<name>/config.json`` are verbatim published configs (``SOURCE.txt``
says where each came from); ``expected.json`` holds what transformers builds from each on the meta
device: parameter counts and the cache tensors a forward pass allocates at 16, 8,192, 32,768 and
131,072 tokens (batch 1, 2-byte cache). Every entry is checked; a config the planner refuses must
be listed in ``REFUSED`` with the reason.

Where the serving engine caches differently from transformers, the planner follows vLLM and the
comparison says so:

- Sliding-window and chunked-attention layers keep ``min(tokens, window)`` tokens in vLLM (the
  chunk for Llama 4). Transformers keeps ``window - 1`` (or all tokens, depending on its
  version), so the expected bytes of those layers are derived from the fixture's own per-token
  bytes (its 16-token figure / 16) times the vLLM count.
- Falcon-H1 runs attention and a Mamba-2 mixer side by side in every layer; the oracle splits
  such a layer's cache into its keys and values ("full") and its states ("mamba").
- Recurrent layers: vLLM's convolution state keeps ``kernel - 1`` columns, transformers' keeps
  ``kernel``; and vLLM keeps the recurrent (SSM) state in the cache dtype by default
  (``--mamba-ssm-cache-dtype auto``) where transformers' Mamba-2 caches keep it in float32. The
  planner's groups are turned into the transformers figure (one more convolution column, the
  recurrent state at :data:`TRANSFORMERS_STATE_BYTES`) and compared exactly.
- DeepSeek-V3.2 / GLM-5 sparse-attention indexer: vLLM caches its key per token and layer as fp8
  values plus one fp32 scale per 128 values (132 bytes for ``index_head_dim`` 128, whatever the
  cache dtype); transformers keeps ``index_head_dim`` values in the cache dtype. The planner's
  indexer bytes are turned into the transformers layout and compared exactly.
- Falcon's new decoder layout (``new_decoder_architecture``: Falcon-40B/180B): vLLM caches
  ``num_kv_heads`` K/V heads per token; transformers broadcasts them to all
  ``num_attention_heads`` before caching, so its figure is the planner's times their ratio.
- DeepSeek-V4: vLLM keeps every layer's window of ``sliding_window`` K=V vectors once, in its fp8
  sparse-MLA layout (584 bytes for head_dim 512), the compressed entries in that layout too, the
  indexer keys as fp8 plus scales, and a float32 state of the last ``coff · ratio`` tokens per
  compressor. transformers keeps ``window - 1`` tokens as bf16 K and V (one tensor, counted twice
  by the oracle), bf16 entries, the tokens of an unfinished window (kv and gate) and, for CSA,
  the last window's first half (kv in bf16, gate in float32). :func:`deepseek_v4_rule` maps the
  planner's groups onto those tensors and the comparison is exact.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from core.capacity.kv_cache import cache_by_kind
from core.model.architecture import CacheGroup
from core.model.families.deepseek import indexer_key_bytes
from core.model.families.deepseek_v4 import (
    CSA,
    HCA,
    SLIDING,
    compress_rates,
    entry_bytes,
    layer_types,
)
from core.model.families.reader import ConfigReader
from core.model.model_config import architecture_from_config, load_config_file

FIXTURES = Path(
    os.environ.get("ANCHORGPU_ORACLE_FIXTURES") or Path(__file__).parent / "fixtures" / "hf_configs"
)
EXPECTED = FIXTURES / "expected.json"
LENGTHS = ("16", "8192", "32768", "131072")

# Configs the planner refuses on purpose, with the reason (none so far).
REFUSED: dict[str, str] = {}
# Families the planner does not count exactly yet: estimated with the generic formula and an
# approximation band, which must contain the oracle's count; their cache is not compared.
APPROXIMATE: dict[str, str] = {}
# Where the fixture's "window" is not the window the serving engine caches, with the reason.
WINDOWS = {
    # config sliding_window 128; the oracle reports 129 (the modeling code's window, of which
    # transformers keeps window - 1 = 128 tokens), while vLLM caches sliding_window tokens.
    "mimo-v2-flash": 128,
}
# The oracle's name for a layer kind, where the planner's differs.
KIND_NAMES = {
    "indexed_attention": "mla",  # DeepSeek-V3.2 / GLM-5: the MLA latent plus the indexer key
    "conv": "linear_state",  # LFM2's short-convolution state
    "mamba": "linear_state",  # Mamba-2 layers (Nemotron-H, Mamba-2, Falcon-H1): conv and SSM state
}


def _entries() -> list[str]:
    if not EXPECTED.is_file():
        return []
    return sorted(json.loads(EXPECTED.read_text("utf-8")))


def _expected(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXPECTED.read_text("utf-8"))[name]
    return data


def _config(name: str) -> dict[str, Any]:
    """The fixture's config as the planner reads it (NaN and Infinity included), not json.loads."""
    return load_config_file(FIXTURES / name / "config.json")


def _arch(name: str) -> Any:
    config = _config(name)
    return architecture_from_config(config, model_id=name, name=name, source="hf_config")


def vllm_rule(name: str, length: str) -> dict[str, int]:
    """The fixture's cache bytes by kind, with sliding layers capped the way vLLM caps them."""
    exp = _expected(name)
    per_kind = dict(exp["cache"][length]["per_kind"])
    for kind in ("sliding", "chunked"):
        if per_kind.get(kind):
            window = WINDOWS.get(name, exp["window"])
            per_token = exp["cache"]["16"]["per_kind"][kind] // min(16, window)
            per_kind[kind] = per_token * min(int(length), window)
    return {KIND_NAMES.get(k, k): v for k, v in per_kind.items() if v}


# Bytes per recurrent-state element in transformers' caches, by model_type (the conv state is in
# the cache dtype everywhere).
TRANSFORMERS_STATE_BYTES = {
    "falcon_h1": 4,
    "granitemoehybrid": 4,
    "jamba": 4,
    "mamba2": 4,
    "nemotron_h": 4,
    "qwen3_next": 4,
    "qwen3_5": 4,
    "qwen3_5_moe": 4,
}


def planner_transformers_rule(arch: Any, tokens: int, config: dict[str, Any]) -> dict[str, int]:
    """The planner's bytes by kind, laid out the way transformers keeps its cache."""
    out = {k: v for k, v in cache_by_kind(arch, "bf16", tokens, padded=False).items() if v}
    text = config.get("text_config") or config
    for g in arch.cache_groups:
        if g.token_bits:
            # vLLM's fp8 + scale indexer key back to transformers' index_head_dim bf16 values.
            assert g.token_bits == 8 * indexer_key_bytes(text["index_head_dim"])
            out[g.kind] += g.layers * tokens * (2 * text["index_head_dim"] - g.token_bits // 8)
    if text.get("model_type") == "falcon" and text.get("new_decoder_architecture"):
        # transformers' FalconAttention broadcasts K/V to every query head before caching.
        out["full"] *= text["num_attention_heads"] // text["num_kv_heads"]
    state_bytes = TRANSFORMERS_STATE_BYTES.get(arch.model_type, 2)
    states = [g for g in arch.cache_groups if not g.grows]
    if states:
        out["linear_state"] = sum(
            g.layers * (state_bytes * g.state_elements + 2 * g.conv_channels * (g.conv_tokens + 1))
            for g in states
        )
    return out


def deepseek_v4_rule(arch: Any, tokens: int, config: dict[str, Any]) -> dict[str, int]:
    """The planner's DeepSeek-V4 groups laid out as transformers' cache tensors, by layer kind."""
    reader = ConfigReader(config, "deepseek_v4")
    types = layer_types(reader, config["num_hidden_layers"])
    rates = compress_rates(reader)
    hd, rope, idx = config["head_dim"], config["qk_rope_head_dim"], config["index_head_dim"]
    window = next(g for g in arch.cache_groups if g.kind == "sliding")
    assert window.layers == len(types) and window.token_bits == 8 * entry_bytes(hd, rope)
    # The same window, minus the token transformers appends before attending; K and V both.
    kept = min(tokens, window.window - 1)
    out = {kind: types.count(kind) * 2 * 2 * hd * kept for kind in (SLIDING, CSA, HCA)}
    # Bits per token of each MLA group: the entries (and indexer keys) of all layers of a kind.
    entries = {g.token_bits for g in arch.cache_groups if g.kind == "mla"}
    for kind, n, width, index in ((CSA, types.count(CSA), hd, idx), (HCA, types.count(HCA), hd, 0)):
        if not n:
            continue
        rate = rates[kind]
        stored = entry_bytes(hd, rope) + (indexer_key_bytes(idx) if index else 0)
        assert -(-n * 8 * stored // rate) in entries, (kind, sorted(entries))
        coff = 2 if kind == CSA else 1
        # vLLM's float32 kv + score state of the last coff · rate tokens, per compressor.
        state = CacheGroup(
            "linear_state",
            n,
            state_elements=coff * rate * 2 * coff * (width + index),
            state_bits=32,
        )
        assert state in arch.cache_groups, (kind, arch.cache_groups)
        done, partial = divmod(tokens, rate)
        per_layer = done * 2 * (width + index)  # bf16 entries and indexer keys
        per_layer += partial * 2 * 2 * coff * (width + index)  # bf16 kv and gate, unfinished
        if kind == CSA and done:
            per_layer += rate * (2 + 4) * (width + index)  # overlap: bf16 kv, float32 gate
        out[kind] += n * per_layer
    return {("sliding" if kind == SLIDING else kind): v for kind, v in out.items() if v}


pytestmark = pytest.mark.skipif(
    not EXPECTED.is_file(), reason=f"oracle fixture {EXPECTED} not present"
)


def test_every_fixture_config_is_checked_or_refused_on_purpose():
    names = _entries()
    assert len(names) >= 60
    missing = [n for n in names if not (FIXTURES / n / "config.json").is_file()]
    assert not missing
    # Every listed config is one of the collected configs (its expected values may still be on
    # their way).
    collected = {p.name for p in FIXTURES.iterdir() if (p / "config.json").is_file()}
    assert set(REFUSED) <= collected
    assert set(APPROXIMATE) <= collected


@pytest.mark.parametrize("name", _entries())
def test_parameters_match_the_oracle(name):
    if name in REFUSED:
        pytest.skip(REFUSED[name])
    exp = _expected(name)
    arch = _arch(name)
    if name in APPROXIMATE:
        band = arch.approximate
        assert band is not None
        assert band.band_low * arch.params_total <= exp["params_total"]
        assert exp["params_total"] <= band.band_high * arch.params_total
        return
    assert arch.approximate is None, arch.notes
    assert arch.params_total == exp["params_total"]
    if exp.get("params_active") is not None:
        assert arch.params_active == exp["params_active"]


@pytest.mark.parametrize("name", _entries())
@pytest.mark.parametrize("length", LENGTHS)
def test_cache_bytes_match_the_oracle_under_the_serving_rule(name, length):
    if name in REFUSED or name in APPROXIMATE:
        pytest.skip(REFUSED.get(name) or APPROXIMATE[name])
    arch = _arch(name)
    config = _config(name)
    if arch.model_type == "deepseek_v4":
        expected = _expected(name)["cache"][length]["per_kind"]
        assert deepseek_v4_rule(arch, int(length), config) == expected
        return
    assert planner_transformers_rule(arch, int(length), config) == vllm_rule(name, length)


@pytest.mark.parametrize("name", _entries())
def test_the_generic_bands_contain_every_known_family_read_as_unknown(name):
    """Each known config read as an unknown family: its bands hold the oracle's truth.

    The parameter band must hold ``params_total`` (vision tower included) and the cache band
    the cache bytes at every oracle length up to the model's longest context.
    """
    from tests.generic_probe import lengths, probe

    if name in REFUSED:
        pytest.skip(REFUSED[name])
    for length in lengths(name):
        p = probe(name, length)
        assert p.params_inside(), (name, p.params_ratio, p.params_band, p.reason)
        assert p.cache_inside(), (name, length, p.cache_ratio, p.cache_band)
