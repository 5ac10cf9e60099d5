"""Published configs that hold NaN or Infinity load; a field the planner reads refuses them.

transformers writes configs with ``json.dumps``, which spells a float infinity ``Infinity``:
NVIDIA's Nemotron 3 Super and Nemotron-H publish ``"time_step_limit": [0.0, Infinity]``. Every
other JSON file the planner reads (requests, catalogs, settings, safetensors headers) still
refuses the constants.
"""

from __future__ import annotations

import json
import math
import shutil
import struct
from pathlib import Path
from typing import Any

import pytest

from core.app.settings import load_settings
from core.base.errors import CatalogError, InputError, ModelSourceError
from core.base.safe_json import NonFinite
from core.domain.catalog import bundled_catalog_path, load_catalog_file
from core.domain.request_parsing import load_request_file, parse_request
from core.model.config_json import ConfigObject, loads_config
from core.model.model_config import architecture_from_config, load_config_file
from core.model.models import load_preset
from core.model.safetensors_model import architecture_from_safetensors
from tests.cli_helpers import run_cli, write_request

FIXTURES = Path(__file__).parent / "fixtures" / "hf_configs"
SUPER = FIXTURES / "nemotron-3-super-120b-a12b-fp8" / "config.json"
EXPECTED = json.loads((FIXTURES / "expected.json").read_text("utf-8"))
LLAMA = {
    "model_type": "llama",
    "hidden_size": 256,
    "intermediate_size": 688,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "vocab_size": 1000,
    "tie_word_embeddings": False,
}


def _with(config: dict[str, Any], key: str, constant: str) -> str:
    """``config`` as JSON with ``key`` (dotted for a nested object) set to a bare constant."""
    marker = "__constant__"
    data = json.loads(json.dumps(config))
    *parents, last = key.split(".")
    target = data
    for part in parents:
        target = target[part]
    target[last] = marker
    return json.dumps(data).replace(f'"{marker}"', constant)


def _arch(config: Any) -> Any:
    return architecture_from_config(config, model_id="m", name="m", source="hf_config")


@pytest.mark.parametrize("name", sorted(p.parent.name for p in FIXTURES.glob("*/config.json")))
def test_every_published_fixture_loads_through_the_planners_loader(name):
    config = load_config_file(FIXTURES / name / "config.json")
    assert _arch(config).params_total == EXPECTED[name]["params_total"]


def test_nemotron_3_super_loads_and_matches_the_oracle():
    config = load_config_file(SUPER)
    assert config["time_step_limit"] == [0.0, NonFinite("Infinity")]  # kept, never read
    arch = _arch(config)
    expected = EXPECTED["nemotron-3-super-120b-a12b-fp8"]
    assert (arch.params_total, arch.params_active) == (120_668_687_360, 12_770_216_960)
    assert (arch.params_total, arch.params_active) == (
        expected["params_total"],
        expected["params_active"],
    )


def test_the_preset_of_a_config_with_infinity_loads():
    # resources/models/llm/nemotron-h-56b.json holds the published config, Infinity included.
    assert load_preset("nemotron-h-56b").params_total == EXPECTED["nemotron-h-56b"]["params_total"]


@pytest.mark.parametrize(
    ("key", "constant", "named"),
    [
        ("hidden_size", "Infinity", "'hidden_size' is Infinity"),
        ("num_hidden_layers", "NaN", "'num_hidden_layers' is NaN"),
        ("vocab_size", "-Infinity", "'vocab_size' is -Infinity"),
        ("intermediate_size", "1e999", "'intermediate_size' is 1e999"),
        ("tie_word_embeddings", "NaN", "'tie_word_embeddings' is NaN"),
        ("model_type", "NaN", "'model_type' is NaN"),
        ("rms_norm_eps", "NaN", None),  # not read: loads
        ("rope_theta", "Infinity", None),  # not read: loads
    ],
)
def test_a_read_field_that_is_not_finite_is_refused_by_name(key, constant, named):
    config = loads_config(_with(LLAMA, key, constant), source="config.json")
    if named is None:
        assert _arch(config).params_total == _arch(LLAMA).params_total
        return
    with pytest.raises(ModelSourceError) as refused:
        _arch(config)
    assert named in str(refused.value)
    assert refused.value.message.key == "error.config_not_finite"


def test_nested_and_listed_fields_are_named_where_the_file_has_them():
    gemma = json.loads((FIXTURES / "gemma-3-27b-it" / "config.json").read_text("utf-8"))
    text = _with(gemma, "text_config.hidden_size", "NaN")
    with pytest.raises(ModelSourceError, match=r"'text_config\.hidden_size' is NaN"):
        _arch(loads_config(text, source="config.json"))
    listed = dict(LLAMA, layer_types=["full_attention", "full_attention"])
    text = json.dumps(listed).replace('"full_attention"]', "Infinity]")
    with pytest.raises(ModelSourceError, match=r"'layer_types\[1\]' is Infinity"):
        _arch(loads_config(text, source="config.json"))


def test_a_quantization_config_refuses_a_read_constant_and_keeps_an_unread_one():
    deepseek = json.loads((FIXTURES / "deepseek-v3" / "config.json").read_text("utf-8"))
    published = _arch(deepseek)
    assert published.checkpoint is not None  # its FP8 blocks are read
    unread = _with(deepseek, "quantization_config.clip_limit", "Infinity")
    arch = _arch(loads_config(unread, source="config.json"))
    assert (arch.params_total, arch.checkpoint) == (published.params_total, published.checkpoint)
    block = _with(deepseek, "quantization_config.weight_block_size", "[128, NaN]")
    named = r"'quantization_config\.weight_block_size\[1\]' is NaN"
    with pytest.raises(ModelSourceError, match=named):
        _arch(loads_config(block, source="config.json"))


def test_a_config_dict_decoded_elsewhere_with_a_float_infinity_is_refused_not_crashed():
    # json.loads turns Infinity into a float; a real-valued field read from it is refused.
    lfm2 = json.loads((FIXTURES / "lfm2.5-vl-1.6b" / "config.json").read_text("utf-8"))
    for value in (math.inf, math.nan):
        lfm2["text_config"]["block_ffn_dim_multiplier"] = value
        with pytest.raises(ModelSourceError, match="'block_ffn_dim_multiplier' must be a positive"):
            _arch(lfm2)


def test_a_decoded_config_is_json_everywhere_else():
    config = loads_config('{"a": [1, {"b": NaN}], "c": {"d": 2}}', source="c")
    assert isinstance(config, ConfigObject) and isinstance(config["c"], dict)
    assert config == {"a": [1, {"b": NonFinite("NaN")}], "c": {"d": 2}}
    with pytest.raises(ModelSourceError, match=r"'a\[1\]\.b' is NaN"):
        config["a"][1].get("b")
    assert config.copy()["c"] == {"d": 2}


# -- every other file still refuses NaN and Infinity ----------------------------------------


def test_a_request_still_refuses_infinity(tmp_path):
    path = tmp_path / "r.json"
    path.write_text('{"model": {"preset": "llama-3.1-8b"}, "runtime": {"context_gib": Infinity}}')
    with pytest.raises(InputError, match="Infinity; only finite numbers"):
        load_request_file(path)


def test_a_catalog_still_refuses_nan(tmp_path):
    text = bundled_catalog_path().read_text("utf-8")
    path = tmp_path / "catalog.json"
    path.write_text(text.replace('"vram_gib": 80', '"vram_gib": NaN', 1))
    with pytest.raises(CatalogError, match="NaN; only finite numbers"):
        load_catalog_file(path)


def test_settings_still_refuse_infinity(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"tax_rate": Infinity}')
    with pytest.raises(InputError, match="Infinity; only finite numbers"):
        load_settings(path)


def test_a_safetensors_header_still_refuses_nan(tmp_path):
    raw = b'{"t": {"dtype": "F16", "shape": [NaN], "data_offsets": [0, 2]}}'
    (tmp_path / "model.safetensors").write_bytes(struct.pack("<Q", len(raw)) + raw + b"\0\0")
    with pytest.raises(ModelSourceError, match="NaN; only finite numbers"):
        architecture_from_safetensors(tmp_path / "model.safetensors")


# -- the other paths that read a config.json -----------------------------------------------


def _safetensors(path: Path, tensors: dict[str, tuple[int, ...]]) -> None:
    header: dict[str, Any] = {}
    offset = 0
    for name, shape in tensors.items():
        size = 2
        for n in shape:
            size *= n
        header[name] = {
            "dtype": "BF16",
            "shape": list(shape),
            "data_offsets": [offset, offset + size],
        }
        offset += size
    raw = json.dumps(header).encode()
    path.write_bytes(struct.pack("<Q", len(raw)) + raw + b"\0" * offset)


def test_a_safetensors_folder_reads_its_config_with_infinity(tmp_path):
    (tmp_path / "config.json").write_text(_with(LLAMA, "time_step_limit", "[0.0, Infinity]"))
    _safetensors(tmp_path / "model.safetensors", {"model.embed_tokens.weight": (1000, 256)})
    arch = architecture_from_safetensors(tmp_path)
    assert arch.params_total == _arch(LLAMA).params_total
    (tmp_path / "config.json").write_text(_with(LLAMA, "hidden_size", "Infinity"))
    with pytest.raises(ModelSourceError, match="'hidden_size' is Infinity"):
        architecture_from_safetensors(tmp_path)


# -- the command line, and what it saves ---------------------------------------------------


def _models_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "models" / "nemotron-3-super"
    folder.mkdir(parents=True)
    shutil.copy(SUPER, folder / "config.json")
    return folder


def test_fit_models_dir_plans_nemotron_3_super(capsys, tmp_path):
    folder = _models_dir(tmp_path)
    argv = ("fit", "--gpu", "h100-80gb-sxm", "--gpus", "4", "--models-dir", str(folder.parent))
    result = run_cli(capsys, *argv, "--json")
    assert result.code == 0, result.err
    (row,) = result.json()["rows"]
    assert row["model"] == "nemotron-3-super/config.json" and row["fits"] is True
    (folder / "config.json").write_text(SUPER.read_text("utf-8").replace(": 4096,", ": NaN,", 1))
    result = run_cli(capsys, *argv)
    assert result.code == 0, result.err
    assert "config.json field 'hidden_size' is NaN" in result.out


def test_estimate_with_nemotron_3_super_and_one_line_for_a_bad_field(capsys, tmp_path):
    folder = _models_dir(tmp_path)
    request = {"model": {"hf_config": str(folder / "config.json")}, "gpu": "h100-80gb-sxm"}
    result = run_cli(capsys, "estimate", "--request", write_request(tmp_path, request), "--json")
    assert result.code == 0, result.err
    assert result.json()["model"]["params_total"] == 120_668_687_360
    (folder / "config.json").write_text(
        SUPER.read_text("utf-8").replace(": 4096,", ": Infinity,", 1)
    )
    result = run_cli(capsys, "estimate", "--request", write_request(tmp_path, request))
    assert result.code == 2 and result.out == ""
    assert result.err.strip().splitlines() == [
        "anchorgpu-planner: error: config.json field 'hidden_size' is Infinity; "
        "the planner needs a finite value there"
    ]


def test_a_quote_of_nemotron_3_super_round_trips_through_the_history(capsys, tmp_path):
    folder = _models_dir(tmp_path)
    request = {
        "model": {"hf_config": str(folder / "config.json")},
        "gpu": "h100-80gb-sxm",
        "parallelism": {"strategy": "tensor", "gpus": 4},
    }
    path = write_request(tmp_path, request)
    saved = run_cli(capsys, "quote", "save", "--request", path, "--json")
    assert saved.code == 0, saved.err
    quote = saved.json()
    shown = run_cli(capsys, "history", "show", quote["quote_id"], "--json")
    assert shown.json() == quote
    assert quote["estimate"]["model"]["params_total"] == 120_668_687_360
    assert parse_request(quote["request"]).model.hf_config == str(folder / "config.json")
    exported = tmp_path / "history.json"
    assert (
        run_cli(capsys, "history", "export", "--format", "json", "--output", str(exported)).code
        == 0
    )
    other = tmp_path / "other.sqlite"
    merged = run_cli(capsys, "--db", str(other), "history", "import", str(exported))
    assert merged.code == 0, merged.err
    again = run_cli(capsys, "--db", str(other), "history", "show", quote["quote_id"], "--json")
    assert again.json() == quote
    placed = run_cli(
        capsys, "order", "place", "--quote", quote["quote_id"], "--idempotency-key", "k", "--json"
    )
    assert placed.code == 0, placed.err
