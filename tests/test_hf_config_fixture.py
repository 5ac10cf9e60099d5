"""The published-config fixture is complete and self-consistent.

tests/fixtures/hf_configs/ holds real config.json files, where each came from, and the values
transformers computed from them (tests/oracle/make_expected.py). These tests check the data the
planner is compared against, not the planner: every config is cited and has an expected entry,
and each entry's numbers agree with each other.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

FIXTURE = Path(__file__).parent / "fixtures" / "hf_configs"
LENGTHS = ("16", "8192", "32768", "131072")
NAMES = sorted(p.parent.name for p in FIXTURE.glob("*/config.json"))
EXPECTED: dict[str, Any] = json.loads((FIXTURE / "expected.json").read_text("utf-8"))


def test_at_least_sixty_published_configs() -> None:
    assert len(NAMES) >= 60


def test_every_config_has_an_expected_entry_and_no_entry_is_orphaned() -> None:
    assert sorted(EXPECTED) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_config_is_a_json_object_naming_its_model_type(name: str) -> None:
    config = json.loads((FIXTURE / name / "config.json").read_text("utf-8"))
    assert isinstance(config, dict)
    assert config["model_type"] == EXPECTED[name]["model_type"]


@pytest.mark.parametrize("name", NAMES)
def test_source_names_model_repository_path_and_commit(name: str) -> None:
    fields = dict(
        line.split(": ", 1)
        for line in (FIXTURE / name / "SOURCE.txt").read_text("utf-8").splitlines()
        if ": " in line
    )
    assert fields["model"]
    assert "/" in fields["repository"]
    assert fields["path"]
    assert len(fields["commit"]) == 40
    int(fields["commit"], 16)


HASHED = sorted(
    name for name in NAMES if "\nsha256: " in (FIXTURE / name / "SOURCE.txt").read_text("utf-8")
)


def test_the_hash_verified_configs_are_listed() -> None:
    # Configs kept because their hash equals the published file's (SOURCE.txt "sha256:").
    assert {"apertus-8b-2509", "apertus-70b-2509", "lfm2-8b-a1b", "bloom-560m"} <= set(HASHED)


@pytest.mark.parametrize("name", HASHED)
def test_config_bytes_have_the_recorded_hash(name: str) -> None:
    # A config verified by hash rather than copied must stay byte for byte the published file.
    fields = dict(
        line.split(": ", 1)
        for line in (FIXTURE / name / "SOURCE.txt").read_text("utf-8").splitlines()
        if ": " in line
    )
    digest = hashlib.sha256((FIXTURE / name / "config.json").read_bytes()).hexdigest()
    assert digest == fields["sha256"]


@pytest.mark.parametrize("name", NAMES)
def test_expected_entry_is_consistent(name: str) -> None:
    entry = EXPECTED[name]
    total = entry["params_total"]
    assert isinstance(total, int) and total > 0
    active = entry["params_active"]
    if active is not None:
        assert 0 < active < total
    if "params_text" in entry:
        assert 0 < entry["params_text"] < total
    kinds = entry["layer_kinds"]
    assert kinds and all(isinstance(k, str) for k in kinds)
    # The oracle splits a parallel hybrid layer ("full+mamba", Falcon-H1) into its two caches.
    parts = {part for kind in kinds for part in kind.split("+")}
    previous = 0
    for length in LENGTHS:
        cache = entry["cache"][length]
        assert sum(cache["per_kind"].values()) == cache["transformers_bytes"]
        assert set(cache["per_kind"]) <= parts
        assert cache["transformers_bytes"] >= previous
        previous = cache["transformers_bytes"]
    assert entry["transformers_version"] and entry["torch_version"]


@pytest.mark.parametrize("name", NAMES)
def test_full_attention_cache_grows_linearly_with_tokens(name: str) -> None:
    # transformers keeps every token of a full-attention layer: 131072 tokens hold exactly
    # 16 times what 8192 tokens hold.
    cache = EXPECTED[name]["cache"]
    for kind in ("full", "mla"):
        if kind in cache["8192"]["per_kind"]:
            assert cache["131072"]["per_kind"][kind] == 16 * cache["8192"]["per_kind"][kind]
