"""Presets copied from the published configs the oracle fixtures hold.

Each preset's ``config`` is the same published ``config.json`` as a fixture of
``tests/fixtures/hf_configs`` (whose ``SOURCE.txt`` names the verbatim copy, or for
``HASH_VERIFIED`` the published file's SHA-256 the rebuilt file equals), so the preset is
counted exactly as the oracle counted that file (``expected.json``), and an estimate on an offer
runs through to an answer the result's own figures account for.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

from core.base.resources import resource_path
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.model.models import list_presets, load_preset
from tests.cli_helpers import run_cli

FIXTURES = Path(__file__).parent / "fixtures" / "hf_configs"

# Preset id → the fixture holding the same published config.json, and an offer to estimate it
# on (GPU id, GPU count): a size its weights can be served from, or not, as computed.
PUBLISHED = {
    "smollm3-3b": ("smollm3-3b", "l4", 1),
    "hunyuan-a13b": ("hunyuan-a13b-instruct", "h100-80gb-sxm", 4),
    "exaone-4.0-32b": ("exaone-4.0-32b", "h100-80gb-sxm", 1),
    "deepseek-v3.2": ("deepseek-v3.2", "h200-141gb", 8),
    "deepseek-v4-flash": ("deepseek-v4-flash", "h200-141gb", 2),
    "glm-5": ("glm-5", "b300-288gb", 8),
    "kimi-k2.5": ("kimi-k2.5", "h200-141gb", 8),
    "mimo-v2-flash": ("mimo-v2-flash", "h200-141gb", 4),
    "gemma-4-26b-a4b": ("gemma-4-26b-a4b", "h100-80gb-sxm", 1),
    "qwen3.5-122b-a10b": ("qwen3.5-122b-a10b", "h200-141gb", 2),
    "qwen3.5-397b-a17b": ("qwen3.5-397b-a17b", "h200-141gb", 8),
    "nemotron-3-super-120b-a12b": ("nemotron-3-super-120b-a12b-fp8", "h200-141gb", 1),
    "lfm2.5-vl-1.6b": ("lfm2.5-vl-1.6b", "l4", 1),
}
# Presets whose fixture was rebuilt, not copied, and is accepted because its SHA-256 equals the
# recorded hash of the published file (its SOURCE.txt): byte for byte the published config.
HASH_VERIFIED = {
    "olmoe-1b-7b": ("olmoe-1b-7b-0924", "l4", 1),
    "olmo-2-7b": ("olmo-2-1124-7b", "l4", 1),
    "olmo-2-32b": ("olmo-2-0325-32b", "h100-80gb-sxm", 1),
    "granite-4.0-h-small": ("granite-4.0-h-small", "h100-80gb-sxm", 1),
    "ernie-4.5-0.3b": ("ernie-4.5-0.3b-pt", "l4", 1),
}
ALL = PUBLISHED | HASH_VERIFIED


def _preset_file(preset_id: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        resource_path("models", "llm", f"{preset_id}.json").read_text("utf-8")
    )
    return data


def _source_txt(fixture: str) -> dict[str, str]:
    text = (FIXTURES / fixture / "SOURCE.txt").read_text("utf-8")
    return dict(line.split(": ", 1) for line in text.splitlines() if ": " in line)


def _expected(fixture: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / "expected.json").read_text("utf-8"))[fixture]
    return data


def test_every_published_preset_is_listed():
    listed = {p.id for p in list_presets() if p.kind == "llm"}
    assert set(ALL) <= listed


@pytest.mark.parametrize("preset_id", sorted(PUBLISHED))
def test_preset_holds_the_published_config_and_names_its_copy(preset_id):
    fixture = PUBLISHED[preset_id][0]
    data = _preset_file(preset_id)
    assert data["id"] == preset_id
    # Python's json reads NaN and Infinity, as published configs may hold them.
    published = json.loads((FIXTURES / fixture / "config.json").read_text("utf-8"))
    assert data["config"] == published
    assert list(data["config"]) == list(published)  # the published key order
    source = _source_txt(fixture)
    assert f"{source['model']}/config.json" in data["source"]
    assert data["source"].endswith(f"copied from {source['url']}")
    assert re.search(r"/blob/[0-9a-f]{40}/", source["url"])  # a copy at a commit


@pytest.mark.parametrize("preset_id", sorted(HASH_VERIFIED))
def test_a_hash_verified_preset_holds_the_file_its_hash_names(preset_id):
    fixture = HASH_VERIFIED[preset_id][0]
    data = _preset_file(preset_id)
    assert data["id"] == preset_id
    raw = (FIXTURES / fixture / "config.json").read_bytes()
    published = json.loads(raw)
    assert data["config"] == published
    assert list(data["config"]) == list(published)
    source = _source_txt(fixture)
    assert hashlib.sha256(raw).hexdigest() == source["sha256"]
    assert source["verified"].startswith("byte for byte: the SHA-256 of this config.json equals")
    revision = re.search(r"at revision ([0-9a-f]{40})", source["verified"])
    assert revision is not None
    assert data["source"].startswith(f"{source['model']}/config.json at revision {revision[1]}")
    assert source["sha256"] in data["source"]


@pytest.mark.parametrize("preset_id", sorted(ALL))
def test_preset_counts_what_the_oracle_counts(preset_id):
    expected = _expected(ALL[preset_id][0])
    arch = load_preset(preset_id)
    assert arch.source == "preset"
    assert arch.approximate is None, arch.notes
    assert arch.params_total == expected["params_total"]
    if expected["params_active"] is not None:
        assert arch.params_active == expected["params_active"]
    else:
        assert arch.params_active == arch.params_total
    # A quantization_config in the file is read: the weights are planned as stored.
    config = _preset_file(preset_id)["config"]
    declared = "quantization_config" in config or "quantization_config" in config.get(
        "text_config", {}
    )
    assert (arch.checkpoint is not None) == declared


@pytest.mark.parametrize("preset_id", sorted(ALL))
def test_an_estimate_on_an_offer_answers_from_its_own_figures(preset_id):
    _, gpu, gpus = ALL[preset_id]
    body: dict[str, Any] = {
        "workload": "inference",
        "model": {"preset": preset_id},
        "gpu": gpu,
        "inference": {"context_tokens": 8192, "concurrent_sequences": 8},
    }
    if gpus > 1:
        body["parallelism"] = {"strategy": "tensor", "gpus": gpus}
    result = estimate(parse_request(body))
    assert result.gpus == gpus
    assert result.approximate is None
    assert result.headroom_bytes == result.usable_bytes - result.memory.total
    blocked = any(f.severity == "blocker" for f in result.findings)
    assert result.fits == (result.headroom_bytes >= 0 and not blocked)
    assert result.fit_certainty == ("fits" if result.fits else "does_not_fit")
    codes = {f.code for f in result.findings}
    # A checkpoint stored quantized is counted as stored, and the result says so.
    assert ("weights_as_stored" in codes) == (load_preset(preset_id).checkpoint is not None)


def test_the_fit_table_shows_every_preset_id_in_full(capsys):
    # The longest ids are wider than the column a config's path is shortened to.
    result = run_cli(capsys, "fit", "--gpu", "h200-141gb")
    assert result.code == 0, result.err
    for preset_id in ALL:
        assert re.search(rf"^  {re.escape(preset_id)} ", result.out, re.MULTILINE), preset_id
