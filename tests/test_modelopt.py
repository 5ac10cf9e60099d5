"""NVIDIA ModelOpt checkpoints (NVFP4, FP8): named from their tensors, counted from their config.

Layout (vLLM ``modelopt.py``, ModelOptNvFp4LinearMethod.create_weights): a quantized linear layer
stores ``weight`` uint8 [out, in / 2] (two E2M1 values a byte), ``weight_scale`` float8_e4m3fn
[out, in / 16], and ``weight_scale_2`` and ``input_scale`` float32, one each. The quantization is
described by ``quantization_config`` with ``quant_method: modelopt`` inside config.json (newer
exports, such as nvidia/Gemma-4-31B-IT-NVFP4 in tests/fixtures/hf_configs) or by
hf_quant_config.json beside it: ``{"quantization": {"quant_algo", "group_size",
"exclude_modules"}}``; excluded modules keep their 16-bit dtype.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from core.domain.request import ModelRef
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.model.model_config import architecture_from_config
from core.model.models import resolve_model
from core.model.safetensors_model import architecture_from_safetensors
from tests.test_safetensors_header import TINY, TINY_CONFIG, write_file

GEMMA = Path(__file__).parent / "fixtures" / "hf_configs" / "gemma-4-31b-it-nvfp4" / "config.json"
_LINEAR = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")


def _keys(arch: Any) -> list[str]:
    return [getattr(n, "key", "") for n in arch.notes]


def _nvfp4_tiny() -> dict[str, tuple[str, list[int]]]:
    """The tiny Llama of test_safetensors_header as ModelOpt NVFP4 writes it (lm_head kept)."""
    tensors: dict[str, tuple[str, list[int]]] = {}
    for name, (dtype, shape) in TINY.items():
        if name.endswith(tuple(f"{p}.weight" for p in _LINEAR)):
            out, inp = shape
            module = name.removesuffix(".weight")
            tensors[name] = ("U8", [out, inp // 2])
            tensors[f"{module}.weight_scale"] = ("F8_E4M3", [out, inp // 16])
            tensors[f"{module}.weight_scale_2"] = ("F32", [])
            tensors[f"{module}.input_scale"] = ("F32", [])
        else:
            tensors[name] = (dtype, shape)
    return tensors


_MODELOPT_NVFP4 = {
    "quant_method": "modelopt",
    "quant_algo": "NVFP4",
    "config_groups": {
        "group_0": {
            "weights": {"dynamic": False, "num_bits": 4, "type": "float", "group_size": 16},
            "input_activations": {
                "dynamic": False,
                "num_bits": 4,
                "type": "float",
                "group_size": 16,
            },
            "targets": ["Linear"],
        }
    },
    "ignore": ["lm_head"],
}


def test_nvfp4_tensors_are_named_nvfp4_not_fp8_blocks(tmp_path):
    # weight_scale is float8_e4m3fn of shape [out, in / 16]: two dimensions like an FP8 block
    # checkpoint's float32 weight_scale_inv, which is what the reading took it for.
    saved = write_file(tmp_path / "model.safetensors", _nvfp4_tiny())
    assert architecture_from_safetensors(saved).stored_dtype == "nvfp4"


def test_nvfp4_files_and_their_config_agree_without_contradicting_notes(tmp_path):
    config = {**TINY_CONFIG, "quantization_config": _MODELOPT_NVFP4}
    (tmp_path / "config.json").write_text(json.dumps(config))
    saved = write_file(tmp_path / "model.safetensors", _nvfp4_tiny())
    files = architecture_from_safetensors(saved)
    described = architecture_from_config(config, model_id="m", name="m", source="hf_config")
    assert files.stored_dtype == "nvfp4"
    assert described.checkpoint is not None and described.checkpoint.formats == ("nvfp4",)
    # 14 matrices: 2 × (16·16·2 + 8·16·2 + 32·16·3) = 4,608 values, 9/16 byte each, + 8 bytes.
    # The block scales count as stored, unpadded ([out, in / 16]: 8 to 32 rows of one or two
    # columns here); the 128-row × 4-column padding vLLM's swizzle_blockscale adds is made on the
    # GPU after loading, not in the file.
    quantized = 4_608 * 9 // 16 + 14 * 8
    plain = 2 * (100 * 16 * 2 + 2 * 2 * 16 + 16)
    assert files.stored_bytes == described.checkpoint.total_bytes == quantized + plain
    assert "model_note.declared_quantization" not in _keys(files)
    assert "model_note.declared_quantization" not in _keys(described)


def _gemma_nvfp4_bytes() -> int:
    """nvidia/Gemma-4-31B-IT-NVFP4 as its config describes it, worked out by hand.

    ``ignore`` keeps every layer's self_attn, the vision tower and embedder and lm_head in bf16;
    the MLP of each of the 60 layers (gate, up: 5376 → 21504; down: 21504 → 5376) is NVFP4.
    """
    config = json.loads(GEMMA.read_text("utf-8"))
    text = config["text_config"]
    h, ff, layers = text["hidden_size"], text["intermediate_size"], text["num_hidden_layers"]
    assert (h, ff, layers) == (5376, 21504, 60)
    mlp_values = 3 * layers * h * ff
    nvfp4 = mlp_values // 2 + mlp_values // 16 + 3 * layers * 8
    plain = architecture_from_config(
        {k: v for k, v in config.items() if k != "quantization_config"},
        model_id="g",
        name="g",
        source="hf_config",
    ).params_total
    return 2 * (plain - mlp_values) + nvfp4


def test_gemma_4_31b_nvfp4_config_is_counted_as_stored():
    config = json.loads(GEMMA.read_text("utf-8"))
    arch = architecture_from_config(config, model_id="g", name="g", source="hf_config")
    assert arch.checkpoint is not None
    assert arch.checkpoint.total_bytes == _gemma_nvfp4_bytes() == 32_633_250_304
    assert arch.params_total * 2 == 62_546_173_024  # what the request's bf16 counted before


def test_hf_quant_config_beside_config_json_is_read(tmp_path):
    config = json.loads(GEMMA.read_text("utf-8"))
    quantization = config.pop("quantization_config")
    (tmp_path / "config.json").write_text(json.dumps(config))
    # The same release described the older way: hf_quant_config.json's quantization block.
    sidecar = {
        "producer": {"name": "modelopt", "version": "0.37.0"},
        "quantization": {
            "quant_algo": "NVFP4",
            "kv_cache_quant_algo": "FP8",
            "group_size": 16,
            "exclude_modules": quantization["ignore"],
        },
    }
    (tmp_path / "hf_quant_config.json").write_text(json.dumps(sidecar))
    arch = resolve_model(ModelRef(hf_config=str(tmp_path / "config.json")))
    assert arch.checkpoint is not None
    assert arch.checkpoint.total_bytes == 32_633_250_304
    assert "model_note.modelopt_read" in _keys(arch)
    assert "model_note.modelopt_not_read" not in _keys(arch)
    request = parse_request(
        {
            "model": {"hf_config": str(tmp_path / "config.json")},
            "gpu": "b200-180gb",
            "inference": {},
        }
    )
    memory = estimate(request).memory
    assert memory.weights + memory.quantization_metadata == 32_633_250_304


def test_a_modelopt_fp8_sidecar_counts_per_tensor_fp8(tmp_path):
    (tmp_path / "config.json").write_text(json.dumps(TINY_CONFIG))
    sidecar = {"quantization": {"quant_algo": "FP8", "exclude_modules": ["lm_head"]}}
    (tmp_path / "hf_quant_config.json").write_text(json.dumps(sidecar))
    arch = resolve_model(ModelRef(hf_config=str(tmp_path / "config.json")))
    assert arch.checkpoint is not None and arch.checkpoint.formats == ("fp8-tensor",)
    # float8 weights, a float32 weight scale and input scale per matrix (ModelOptFp8LinearMethod)
    assert arch.checkpoint.total_bytes == 4_608 + 14 * 8 + 2 * (100 * 16 * 2 + 2 * 2 * 16 + 16)


def test_a_full_size_nvfp4_scale_is_not_taken_for_fp8_blocks():
    from core.model.quant_detect import checkpoint_format

    down = "model.layers.0.mlp.down_proj"
    tensors = [
        (f"{down}.weight", "U8", (4096, 7168)),  # 4096 × 14336 E2M1 values, two a byte
        (f"{down}.weight_scale", "F8_E4M3", (4096, 896)),  # one per 16
        (f"{down}.weight_scale_2", "F32", ()),
        (f"{down}.input_scale", "F32", ()),
        ("model.embed_tokens.weight", "BF16", (128256, 4096)),
    ]
    assert checkpoint_format(None, tensors, "U8") == "nvfp4"
    assert checkpoint_format(_MODELOPT_NVFP4, tensors, "U8") == "nvfp4"
    # An FP8 block checkpoint's float32 scales still name it so.
    fp8 = [
        (f"{down}.weight", "F8_E4M3", (4096, 14336)),
        (f"{down}.weight_scale_inv", "F32", (32, 112)),
    ]
    assert checkpoint_format(None, fp8, "F8_E4M3") == "fp8-block128"
