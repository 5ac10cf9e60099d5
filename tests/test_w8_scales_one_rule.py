"""A compressed-tensors FP8 checkpoint with bf16 scales: one count from its files and its config.

compressed-tensors saves the scales in the weights' dtype (bf16 here), while vLLM allocates the
parameters it loads them into as float32 (``fp8_utils.py`` ``create_fp8_scale_parameter`` and
``create_fp8_input_scale``: ``torch.empty(..., dtype=torch.float32)``), so each scale takes 4 bytes
on the GPU. The headers' path and the config.json path both count that.
"""

from __future__ import annotations

import json

from core.model.model_config import architecture_from_config
from core.model.safetensors_model import architecture_from_safetensors
from tests.test_safetensors_header import TINY, TINY_CONFIG, write_file

_LINEAR = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")


def _ct_fp8(strategy: str, static_input: bool) -> dict[str, object]:
    inputs = (
        {"num_bits": 8, "type": "float", "strategy": "tensor", "dynamic": False}
        if static_input
        else {"num_bits": 8, "type": "float", "strategy": "token", "dynamic": True}
    )
    return {
        "quant_method": "compressed-tensors",
        "format": "float-quantized",
        "config_groups": {
            "group_0": {
                "targets": ["Linear"],
                "weights": {
                    "num_bits": 8,
                    "type": "float",
                    "strategy": strategy,
                    "symmetric": True,
                },
                "input_activations": inputs,
            }
        },
        "ignore": ["lm_head"],
    }


def _fp8_tensors(strategy: str, static_input: bool) -> dict[str, tuple[str, list[int]]]:
    tensors: dict[str, tuple[str, list[int]]] = {}
    for name, (dtype, shape) in TINY.items():
        if name.endswith(tuple(f"{p}.weight" for p in _LINEAR)):
            tensors[name] = ("F8_E4M3", shape)
            scale = [shape[0], 1] if strategy == "channel" else [1]
            tensors[name.removesuffix("weight") + "weight_scale"] = ("BF16", scale)
            if static_input:
                tensors[name.removesuffix("weight") + "input_scale"] = ("BF16", [1])
        else:
            tensors[name] = (dtype, shape)
    return tensors


def _both(tmp_path, strategy: str, static_input: bool) -> tuple[int, int, int]:
    config = {**TINY_CONFIG, "quantization_config": _ct_fp8(strategy, static_input)}
    (tmp_path / "config.json").write_text(json.dumps(config))
    saved = write_file(tmp_path / "model.safetensors", _fp8_tensors(strategy, static_input))
    files = architecture_from_safetensors(saved)
    described = architecture_from_config(config, model_id="m", name="m", source="hf_config")
    assert files.stored_bytes is not None and described.checkpoint is not None
    return files.stored_bytes, described.checkpoint.total_bytes, saved.stat().st_size


def test_per_channel_bf16_scales_count_the_same_from_files_and_config(tmp_path):
    files, config, _size = _both(tmp_path, "channel", static_input=False)
    # 2 layers × (16+8+8+16+32+32+16 = 128 rows): 256 bf16 scales saved, 256 float32 loaded.
    assert files == config
    fp8 = 2 * (16 * 16 * 2 + 8 * 16 * 2 + 32 * 16 * 3)
    plain = 2 * (100 * 16 * 2 + 2 * 2 * 16 + 16)
    assert files == fp8 + plain + 4 * 256


def test_per_tensor_scales_with_static_input_scales_too(tmp_path):
    files, config, _size = _both(tmp_path, "tensor", static_input=True)
    assert files == config
    fp8 = 2 * (16 * 16 * 2 + 8 * 16 * 2 + 32 * 16 * 3)
    plain = 2 * (100 * 16 * 2 + 2 * 2 * 16 + 16)
    assert files == fp8 + plain + 2 * 7 * (4 + 4)  # a float32 weight and input scale per matrix


def test_the_note_says_what_the_files_hold(tmp_path):
    config = {**TINY_CONFIG, "quantization_config": _ct_fp8("channel", False)}
    (tmp_path / "config.json").write_text(json.dumps(config))
    saved = write_file(tmp_path / "model.safetensors", _fp8_tensors("channel", False))
    arch = architecture_from_safetensors(saved)
    note = next(n for n in arch.notes if getattr(n, "key", "") == "model_note.scales_loaded_fp32")
    assert note.params["loaded"] - note.params["stored"] == 2 * 256
