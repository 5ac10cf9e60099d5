"""A config.json with only model.safetensors.index.json beside it (a metadata-only download).

The index's ``metadata.total_size`` is the bytes of every tensor of every shard: the checkpoint's
exact weight size whatever the family, and its tensor names say which parts the model has. The
three checkpoints here are published config.json and index pairs, verbatim
(tests/fixtures/safetensors_index/*/SOURCE.txt).
"""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from core.base.errors import ModelSourceError
from core.domain.request import ModelRef
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.model.models import resolve_model
from core.model.safetensors_model import INDEX_NAME, architecture_from_safetensors, read_index

FIXTURES = Path(__file__).parent / "fixtures" / "safetensors_index"


def _download(tmp_path: Path, name: str) -> Path:
    """The fixture as a metadata-only download: config.json and the index, no shards."""
    folder = tmp_path / name
    folder.mkdir()
    source = FIXTURES / name
    shutil.copy(source / "config.json", folder / "config.json")
    packed = source / f"{INDEX_NAME}.gz"
    if packed.is_file():
        (folder / INDEX_NAME).write_bytes(gzip.decompress(packed.read_bytes()))
    else:
        shutil.copy(source / INDEX_NAME, folder / INDEX_NAME)
    return folder


def _keys(arch: Any) -> list[str]:
    return [getattr(n, "key", "") for n in arch.notes]


def _weights(config: Path) -> int:
    body = {"model": {"hf_config": str(config)}, "gpu": "h200-141gb", "inference": {}}
    memory = estimate(parse_request(body)).memory
    return memory.weights + memory.quantization_metadata


def test_an_unknown_family_gets_its_exact_size_from_the_index(tmp_path):
    # deepseek_vl_v2 is not a family the planner counts: from config.json alone the generic
    # formula gave 725,187,840 parameters, 1,450,375,680 bytes in bf16, with a 0.6-70x band.
    folder = _download(tmp_path, "deepseek-ocr-2")
    arch = resolve_model(ModelRef(hf_config=str(folder / "config.json")))
    assert arch.stored_bytes == 6_779_249_408 and arch.stored_dtype == "bf16"
    assert arch.approximate is None and arch.params_total == 6_779_249_408 // 2
    assert _weights(folder / "config.json") == 6_779_249_408
    keys = _keys(arch)
    assert "model_note.index_total_size" in keys and "model_note.counted_from_index" in keys
    # Its names show 64 experts and a vision encoder; the generic reading of config.json counts
    # both (experts from the fields families share, the tower from its vision_config), so no
    # note says a part went uncounted, and that reading's band holds the index's exact total.
    assert "model_note.index_experts" not in keys and "model_note.index_part_vision" not in keys
    (folder / INDEX_NAME).unlink()
    alone = resolve_model(ModelRef(hf_config=str(folder / "config.json")))
    assert alone.approximate is not None
    low, high = alone.approximate.band_low, alone.approximate.band_high
    assert low * alone.params_total <= 6_779_249_408 // 2 <= high * alone.params_total


def test_the_index_names_the_parts(tmp_path):
    ocr = read_index(_download(tmp_path, "deepseek-ocr-2") / INDEX_NAME)
    assert ocr is not None and ocr.total_size == 6_779_249_408 and ocr.tensors == 2_707
    assert (ocr.parts.layers, ocr.parts.experts, ocr.parts.vision) == (12, 64, True)
    assert not ocr.parts.mla and not ocr.parts.mamba and ocr.shards_present == 0
    qwen = read_index(_download(tmp_path, "qwen3.5-18b-reap-a3b-coding") / INDEX_NAME)
    assert qwen is not None and qwen.total_size == 37_087_995_136
    assert (qwen.parts.layers, qwen.parts.experts, qwen.parts.mamba) == (40, 128, True)
    assert not qwen.parts.vision and not qwen.parts.mla
    gemma = read_index(_download(tmp_path, "medgemma-27b-it") / INDEX_NAME)
    assert gemma is not None and gemma.parts.vision and gemma.parts.layers == 62
    assert gemma.parts.experts == 0 and gemma.shards == 12


@pytest.mark.parametrize(
    ("name", "total"),
    [("medgemma-27b-it", 54_864_813_280), ("qwen3.5-18b-reap-a3b-coding", 37_087_995_136)],
)
def test_known_families_agree_with_the_index_to_the_byte(tmp_path, name, total):
    # The config reading of Gemma 3 (with its vision tower) and of Qwen3.5 MoE (Gated DeltaNet,
    # 128 experts) already counts these exactly; the index confirms it and makes it the figure.
    folder = _download(tmp_path, name)
    plain = resolve_model(ModelRef(hf_config=str(FIXTURES / name / "config.json")))
    assert plain.params_total * 2 == total
    arch = resolve_model(ModelRef(hf_config=str(folder / "config.json")))
    assert arch.stored_bytes == total and _weights(folder / "config.json") == total
    assert [k for k in _keys(arch) if k.startswith("model_note.index_part")] == []


def test_the_folder_named_as_a_checkpoint_reads_the_same(tmp_path):
    folder = _download(tmp_path, "deepseek-ocr-2")
    arch = architecture_from_safetensors(folder)
    assert arch.stored_bytes == 6_779_249_408 and arch.source == "safetensors"
    # With a shard present, its header is what is read (an empty one is refused).
    index = json.loads((folder / INDEX_NAME).read_text("utf-8"))
    (folder / next(iter(index["weight_map"].values()))).write_bytes(b"")
    with pytest.raises(ModelSourceError):
        architecture_from_safetensors(folder)


@pytest.mark.parametrize("total", [0, -5, 2**70, "12", 1.5, True])
def test_a_bad_total_size_is_one_message(tmp_path, total):
    folder = _download(tmp_path, "medgemma-27b-it")
    index = json.loads((folder / INDEX_NAME).read_text("utf-8"))
    index["metadata"]["total_size"] = total
    (folder / INDEX_NAME).write_text(json.dumps(index))
    with pytest.raises(ModelSourceError, match="total_size"):
        resolve_model(ModelRef(hf_config=str(folder / "config.json")))


def test_a_quantization_read_from_the_config_is_kept_and_cross_checked(tmp_path):
    # Neural Magic's Meta-Llama-3-8B-Instruct-FP8: its published config and index total
    # (tests/fixtures/quantized_checkpoints); the weight_map is rebuilt from the tensor names
    # the fixture lists for each linear layer. The config's layout is read as vLLM loads it.
    source = Path(__file__).parent / "fixtures" / "quantized_checkpoints"
    source /= "meta-llama-3-8b-instruct-fp8"
    shutil.copy(source / "config.json", tmp_path / "config.json")
    published = json.loads((source / "index_metadata.json").read_text("utf-8"))
    names = ["model.embed_tokens.weight", "model.norm.weight", "lm_head.weight"]
    for layer in range(32):
        prefix = f"model.layers.{layer}"
        names += [f"{prefix}.input_layernorm.weight", f"{prefix}.post_attention_layernorm.weight"]
        for module in ("self_attn.q_proj", "self_attn.k_proj", "self_attn.v_proj"):
            names += [f"{prefix}.{module}.{t}" for t in published["tensors_per_linear_layer"]]
        for module in ("self_attn.o_proj", "mlp.gate_proj", "mlp.up_proj", "mlp.down_proj"):
            names += [f"{prefix}.{module}.{t}" for t in published["tensors_per_linear_layer"]]
    index = {"metadata": published["metadata"], "weight_map": dict.fromkeys(names, "m.safetensors")}
    (tmp_path / INDEX_NAME).write_text(json.dumps(index))
    arch = resolve_model(ModelRef(hf_config=str(tmp_path / "config.json")))
    assert arch.stored_bytes is None and arch.checkpoint is not None
    assert arch.checkpoint.total_bytes == 9_081_202_432
    note = next(n for n in arch.notes if getattr(n, "key", "") == "model_note.index_layout")
    assert note.params == {"total": 9_081_202_432, "loaded": 9_081_202_432}


def test_an_index_with_mtp_layers_vllm_skips_keeps_the_config_count(tmp_path):
    # The Qwen3.5 REAP config names one MTP layer, which its published index does not store;
    # an index that does store one would count bytes vLLM does not load for plain serving.
    folder = _download(tmp_path, "qwen3.5-18b-reap-a3b-coding")
    index = json.loads((folder / INDEX_NAME).read_text("utf-8"))
    index["weight_map"]["mtp.fc.weight"] = "model-00007-of-00007.safetensors"
    index["metadata"]["total_size"] += 2 * 4096 * 2048
    (folder / INDEX_NAME).write_text(json.dumps(index))
    arch = resolve_model(ModelRef(hf_config=str(folder / "config.json")))
    assert arch.stored_bytes is None and arch.params_total * 2 == 37_087_995_136
    assert "model_note.index_mtp" in _keys(arch)
    assert "model_note.index_total_size" not in _keys(arch)


def test_parts_the_config_reading_missed_are_named_from_the_index() -> None:
    # A dense config (no experts, no MLA, no states, no tower) beside an index whose names show
    # 64 experts, MLA down-projections, Mamba states and a vision tower: each gets its note.
    from core.model.safetensors_model import IndexParts, _part_notes

    dense = resolve_model(ModelRef(preset="llama-3.1-8b"))
    parts = IndexParts(layers=32, experts=64, mla=True, mamba=True, vision=True, quantized=False)
    keys = [getattr(n, "key", "") for n in _part_notes(dense, parts)]
    assert keys == [
        "model_note.index_experts",
        "model_note.index_part_mla",
        "model_note.index_part_mamba",
        "model_note.index_part_vision",
    ]
    none = IndexParts(layers=32, experts=0, mla=False, mamba=False, vision=False, quantized=False)
    assert _part_notes(dense, none) == []
