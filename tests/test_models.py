"""Resolving model references: presets, config.json files, safetensors and custom numbers."""

from __future__ import annotations

import json
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import core.model.models as models
from core.base.errors import ModelSourceError, NotFoundError
from core.domain.request import CustomModel, ModelRef
from core.model.architecture import ModelArchitecture
from core.model.models import custom_architecture, list_presets, load_preset, resolve_model

LLM_PRESETS = {
    "llama-3.1-8b",
    "llama-3.1-70b",
    "llama-3.1-405b",
    "llama-3.2-1b",
    "llama-3.2-3b",
    "llama-2-7b",
    "mistral-7b",
    "mixtral-8x7b",
    "mixtral-8x22b",
    "qwen2.5-7b",
    "qwen2.5-14b",
    "qwen2.5-32b",
    "qwen2.5-72b",
    "gemma-2-9b",
    "gemma-2-27b",
    "phi-3-mini",
    "deepseek-v3",
    "opt-13b",
}


@pytest.fixture
def fresh_presets() -> Iterator[None]:
    """Clear the preset caches before and after a test that swaps the resources folder."""
    caches = (models._preset_paths, models._read_preset, models.load_preset)
    for cache in caches:
        cache.cache_clear()
    yield
    for cache in caches:
        cache.cache_clear()


def test_every_llm_preset_is_listed():
    llm = {p.id for p in list_presets() if p.kind == "llm"}
    assert llm >= LLM_PRESETS
    assert all(p.name for p in list_presets())


@pytest.mark.parametrize("preset_id", sorted(LLM_PRESETS))
def test_every_preset_loads_with_sane_counts(preset_id):
    arch = resolve_model(ModelRef(preset=preset_id))
    assert isinstance(arch, ModelArchitecture)
    assert arch.id == preset_id
    assert arch.source == "preset"
    assert arch.params_total > 0
    assert 0 < arch.params_active <= arch.params_total
    assert 0 < arch.largest_layer_params < arch.params_total
    assert arch.kv_heads <= arch.attention_heads
    # Presets are published configs of known families: counted exactly, nothing estimated.
    assert not any("estimated" in note for note in arch.notes)


def test_preset_file_names_its_source():
    folder = Path(models.resource_path("models", "llm"))
    for preset_id in LLM_PRESETS:
        data = json.loads((folder / f"{preset_id}.json").read_text("utf-8"))
        assert data["id"] == preset_id
        assert data["source"].endswith("/config.json")
        assert data["config"]["model_type"]


def test_preset_loading_is_cached():
    assert load_preset("llama-3.1-8b") is load_preset("llama-3.1-8b")


def test_unknown_preset_lists_valid_ids():
    with pytest.raises(NotFoundError) as caught:
        resolve_model(ModelRef(preset="llama-9"))
    assert "llama-9" in str(caught.value)
    assert "llama-3.1-8b" in str(caught.value)
    assert "deepseek-v3" in str(caught.value)


def _resources(tmp_path: Path) -> Path:
    root = tmp_path / "resources"
    (root / "models" / "llm").mkdir(parents=True)
    (root / "models" / "diffusion").mkdir(parents=True)
    config = {
        "model_type": "llama",
        "vocab_size": 10,
        "hidden_size": 8,
        "intermediate_size": 16,
        "num_hidden_layers": 1,
        "num_attention_heads": 2,
    }
    llm = {"id": "tiny", "name": "Tiny", "source": "x/config.json", "config": config}
    (root / "models" / "llm" / "tiny.json").write_text(json.dumps(llm))
    diffusion = {"id": "pix", "name": "Pix Diffusion"}
    (root / "models" / "diffusion" / "pix.json").write_text(json.dumps(diffusion))
    return root


def test_diffusion_presets_are_listed_and_delegated(tmp_path, monkeypatch, fresh_presets):
    root = _resources(tmp_path)
    monkeypatch.setattr(models, "resource_path", lambda *parts: root.joinpath(*parts))
    listed = {(p.id, p.name, p.kind) for p in list_presets()}
    assert listed == {("tiny", "Tiny", "llm"), ("pix", "Pix Diffusion", "diffusion")}
    assert [p.kind for p in list_presets()] == ["llm", "diffusion"]

    pipeline = object()
    calls: list[str] = []

    def load_pipeline(preset_id: str) -> object:
        calls.append(preset_id)
        return pipeline

    monkeypatch.setitem(
        sys.modules,
        "core.model.diffusion_pipeline",
        types.SimpleNamespace(load_pipeline=load_pipeline),
    )
    assert resolve_model(ModelRef(preset="pix")) is pipeline
    assert calls == ["pix"]
    # A tiny llama: embeddings 10·8 ×2 = 160; layer 4·64 + 3·8·16 + 16 = 656; final norm 8.
    tiny = resolve_model(ModelRef(preset="tiny"))
    assert isinstance(tiny, ModelArchitecture)
    assert tiny.params_total == 824


def test_preset_file_with_wrong_id_is_refused(tmp_path, monkeypatch, fresh_presets):
    root = _resources(tmp_path)
    (root / "models" / "llm" / "other.json").write_text(json.dumps({"id": "tiny", "name": "X"}))
    monkeypatch.setattr(models, "resource_path", lambda *parts: root.joinpath(*parts))
    with pytest.raises(ModelSourceError, match="other.json"):
        list_presets()
    # A request reads the preset it names only: the broken file is refused when it is named.
    assert resolve_model(ModelRef(preset="tiny")).params_total == 824
    with pytest.raises(ModelSourceError, match="other.json"):
        resolve_model(ModelRef(preset="other"))


def test_unknown_preset_ids_are_not_kept(fresh_presets):
    for number in range(100):
        with pytest.raises(NotFoundError):
            resolve_model(ModelRef(preset=f"no-such-{number}"))
    assert models._read_preset.cache_info().currsize == 0


def test_hf_config_file(tmp_path):
    folder = tmp_path / "Llama-3.1-8B"
    folder.mkdir()
    config = json.loads(
        Path(models.resource_path("models", "llm", "llama-3.1-8b.json")).read_text("utf-8")
    )["config"]
    path = folder / "config.json"
    path.write_text(json.dumps(config))
    arch = resolve_model(ModelRef(hf_config=str(path)))
    assert isinstance(arch, ModelArchitecture)
    assert arch.params_total == 8_030_261_248
    assert arch.source == "hf_config"
    assert arch.id == "Llama-3.1-8B"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "does not exist"),
        ("{not json", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        (b"\xff\xfe", "UTF-8"),
    ],
)
def test_hf_config_errors(tmp_path, content, message):
    path = tmp_path / "config.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content)
    with pytest.raises(ModelSourceError, match=message):
        resolve_model(ModelRef(hf_config=str(path)))


def test_safetensors_reference(tmp_path):
    raw = json.dumps(
        {
            "model.embed_tokens.weight": {"dtype": "F16", "shape": [4, 2], "data_offsets": [0, 16]},
            "model.layers.0.mlp.up_proj.weight": {
                "dtype": "F16",
                "shape": [8, 2],
                "data_offsets": [16, 48],
            },
        }
    ).encode()
    path = tmp_path / "m.safetensors"
    path.write_bytes(len(raw).to_bytes(8, "little") + raw + bytes(48))
    arch = resolve_model(ModelRef(safetensors=str(path)))
    assert isinstance(arch, ModelArchitecture)
    assert arch.params_total == 8 + 16
    assert arch.stored_bytes == 48


def test_custom_with_every_field():
    # 7B described fully: embeddings 32000·4096 = 131,072,000; the rest 6,868,928,000 in
    # 4096×4096 blocks: 409 matrices (6,861,881,344) + 7,046,656 other parameters.
    custom = CustomModel(
        params=7_000_000_000,
        layers=32,
        hidden_size=4096,
        attention_heads=32,
        kv_heads=8,
        head_dim=128,
        intermediate_size=14336,
        vocab_size=32000,
    )
    arch = custom_architecture(custom)
    assert arch.params_total == 7_000_000_000
    assert arch.params_active == 7_000_000_000
    assert arch.embedding_params == 131_072_000
    (blocks,) = arch.linear_groups
    assert (blocks.in_features, blocks.out_features, blocks.count) == (4096, 4096, 409)
    assert arch.other_params == 7_046_656
    assert (arch.layers, arch.kv_heads, arch.attention) == (32, 8, "gqa")
    assert arch.notes == ()


def test_custom_with_only_params_notes_each_assumption():
    arch = custom_architecture(CustomModel(params=7_000_000_000))
    assert arch.params_total == 7_000_000_000
    joined = " ".join(arch.notes)
    for name in (
        "hidden_size",
        "layers",
        "attention_heads",
        "kv_heads",
        "head_dim",
        "intermediate_size",
        "vocab_size",
    ):
        assert name in joined


def test_custom_moe_active_is_exact():
    custom = CustomModel(
        params=46_702_792_704, active_params=12_879_925_248, hidden_size=4096, vocab_size=32000
    )
    arch = custom_architecture(custom)
    assert arch.params_total == 46_702_792_704
    assert arch.params_active == 12_879_925_248


def test_custom_embeddings_larger_than_params_are_refused():
    with pytest.raises(ModelSourceError, match="vocab_size"):
        custom_architecture(CustomModel(params=1_000, hidden_size=64, vocab_size=100))


def test_custom_reference_resolves():
    arch = resolve_model(ModelRef(custom=CustomModel(params=123_456_789)))
    assert isinstance(arch, ModelArchitecture)
    assert arch.params_total == 123_456_789
    assert arch.source == "custom"


@given(
    params=st.integers(min_value=1, max_value=10**13),
    hidden=st.none() | st.integers(min_value=1, max_value=65_536),
    vocab=st.none() | st.integers(min_value=1, max_value=300_000),
    layers=st.none() | st.integers(min_value=1, max_value=200),
    active_share=st.none() | st.floats(min_value=0.0, max_value=1.0),
)
def test_custom_params_are_always_exact(params, hidden, vocab, layers, active_share):
    if hidden and vocab and hidden * vocab >= params:
        vocab = None
    embedding = hidden * vocab if hidden and vocab else 0
    active = None
    if active_share is not None:
        active = max(
            1, embedding, min(params, int(embedding + active_share * (params - embedding)))
        )
    custom = CustomModel(
        params=params, hidden_size=hidden, vocab_size=vocab, layers=layers, active_params=active
    )
    arch = custom_architecture(custom)
    assert arch.params_total == params
    assert arch.params_active == (active if active is not None else params)
    assert all(g.count >= g.active_count >= 0 for g in arch.linear_groups)
    assert arch.other_params >= 0 and arch.other_active_params >= 0


def test_a_config_file_not_named_config_json_is_named_by_its_stem(tmp_path):
    config = {
        "model_type": "llama",
        "vocab_size": 32000,
        "hidden_size": 4096,
        "intermediate_size": 11008,
        "num_hidden_layers": 32,
        "num_attention_heads": 32,
    }
    (tmp_path / "my-llama.json").write_text(json.dumps(config))
    arch = resolve_model(ModelRef(hf_config=str(tmp_path / "my-llama.json")))
    assert arch.name == "my-llama"
    folder = tmp_path / "Llama-2-7b-hf"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps(config))
    assert resolve_model(ModelRef(hf_config=str(folder / "config.json"))).name == "Llama-2-7b-hf"
