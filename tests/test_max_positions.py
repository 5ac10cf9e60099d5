"""A model's longest sequence: the fields vLLM reads, or its configuration class's default.

Before, only ``max_position_embeddings`` was read: GPT-2 (``n_positions``) and MPT
(``max_seq_len``) had no length at all, and Gemma 3's published multimodal configs, which leave
the field to Gemma3TextConfig's default, could be planned at millions of tokens.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.model.model_config import architecture_from_config
from core.model.models import load_preset

FIXTURES = Path(__file__).parent / "fixtures" / "hf_configs"


def _max_positions(name: str) -> int | None:
    config = json.loads((FIXTURES / name / "config.json").read_text("utf-8"))
    arch = architecture_from_config(config, model_id=name, name=name, source="hf_config")
    return arch.max_position_embeddings


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("gpt2", 1024),  # n_positions
        ("mpt-7b", 2048),  # max_seq_len
        ("cohere-command-r", 8192),  # the smaller of max_position_embeddings and model_max_length
        ("falcon-7b", 2048),  # no field: FalconConfig's default
        ("gemma-3-27b-it", 131_072),  # text_config's own field
        ("llama-3.1-8b", 131_072),
        ("bloom", None),  # no field and no class default: no length is assumed
    ],
)
def test_the_longest_sequence_of_a_published_config(name, expected):
    assert _max_positions(name) == expected


@pytest.mark.parametrize("preset", ["gemma-3-4b", "gemma-3-12b", "gemma-3-27b"])
def test_gemma_3_presets_without_the_field_take_gemma3_text_config_default(preset):
    arch = load_preset(preset)
    assert arch.max_position_embeddings == 131_072
    assert any("'max_position_embeddings'" in note and "131072" in note for note in arch.notes)


def _served(context: int, engine: str = "vllm") -> set[str]:
    from core.domain.request_parsing import parse_request
    from core.estimate.dispatch import estimate

    body = {
        "model": {"preset": "llama-2-7b"},  # max_position_embeddings 4096
        "inference": {"engine": engine, "context_tokens": context},
        "gpu": "h100-80gb-sxm",
    }
    if engine == "llama.cpp":
        body["precision"] = {"format": "gguf-q8_0"}
    return {f.code for f in estimate(parse_request(body)).findings}


@pytest.mark.parametrize("engine", ["vllm", "llama.cpp"])
def test_a_context_past_the_models_longest_sequence_is_warned_of(engine):
    # vLLM refuses such a max_model_len by default and llama.cpp warns; the planner does not read
    # rope_scaling, so it warns rather than refuses (core.capacity.compat.context_findings).
    assert "context_beyond_model" in _served(4097, engine)
    assert "context_beyond_model" not in _served(4096, engine)


def test_a_modelopt_quantization_beside_the_config_is_named_not_ignored(tmp_path):
    # Nemotron 3 Super's FP8 release keeps its quantization in hf_quant_config.json, not in
    # config.json; the planner does not read that file and must say so.
    from core.domain.request import ModelRef
    from core.model.models import resolve_model

    folder = tmp_path / "nemotron-fp8"
    folder.mkdir()
    published = FIXTURES / "nemotron-3-super-120b-a12b-fp8" / "config.json"
    (folder / "config.json").write_bytes(published.read_bytes())
    ref = ModelRef(hf_config=str(folder / "config.json"))
    assert not any(
        getattr(n, "key", "") == "model_note.modelopt_not_read" for n in resolve_model(ref).notes
    )
    (folder / "hf_quant_config.json").write_text('{"quantization": {"quant_algo": "FP8"}}')
    notes = [
        n
        for n in resolve_model(ref).notes
        if getattr(n, "key", "") == "model_note.modelopt_not_read"
    ]
    assert len(notes) == 1 and "hf_quant_config.json" in str(notes[0])
