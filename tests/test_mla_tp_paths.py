"""DeepSeek's MLA down-projections stay whole under tensor parallelism in every path.

``q_a_proj`` and ``kv_a_proj_with_mqa`` are replicated on every rank by vLLM (whatever the weight
format, GGUF included), by Megatron-core's Transformer Engine layer spec (``TELinear`` with
``parallel_mode="duplicated"``) and by transformers' ``tp_plan``, which names neither
(sources in core.capacity.weights and core.capacity.training). llama.cpp's default
``--split-mode layer``, the mode the planner models, puts whole layers on each GPU, so nothing
of a layer is divided there. DeepSeek-V3 and Kimi K2 share the shape: 61 layers, hidden 7168,
q_lora_rank 1536, kv_lora_rank 512 + 64 rope dimensions.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from core.capacity.training import lora_trainable_params
from core.capacity.weights import format_weight_memory
from core.domain.quant_formats import FORMATS
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate
from core.estimate.llamacpp import model_layers
from core.model.gguf_model import architecture_from_gguf
from core.model.models import load_preset
from core.model.safetensors_model import architecture_from_safetensors
from tests.test_gguf import ARR, STR, U32, kv, write_gguf
from tests.test_safetensors_header import write_file

CONFIGS = Path(__file__).parent / "fixtures" / "hf_configs"
WHOLE = 61 * 7168 * (1536 + 576)  # q_a_proj and kv_a_proj_with_mqa weights, all layers
# Q4_K: 144 bytes per block of 256 weights along a row (ggml-common.h block_q4_K).
WHOLE_Q4_K = 61 * (1536 + 576) * (7168 // 256) * 144


def _request(preset: str, **extra: Any) -> Any:
    return parse_request(
        {
            "model": {"preset": preset},
            "gpu": "h200-141gb",
            "parallelism": {"strategy": "tensor", "gpus": 8},
            **extra,
        }
    )


@pytest.mark.parametrize(
    ("preset", "fmt", "per_gpu"),
    [
        # Before: the Q4_K bytes of q_a_proj and kv_a_proj_with_mqa divided by 8 like the rest
        # (47,603,738,112 / 47,633,601,792 / 72,822,273,536 / 72,860,120,576 bytes).
        ("deepseek-v3", "gguf-q4_k", 48_058_257_408),
        ("deepseek-v3", "gguf-q4_k_m", 48_088_121_088),
        ("kimi-k2", "gguf-q4_k", 73_276_792_832),
        ("kimi-k2", "gguf-q4_k_m", 73_314_639_872),
    ],
)
def test_vllm_serving_a_gguf_keeps_the_down_projections_whole(
    preset: str, fmt: str, per_gpu: int
) -> None:
    arch = load_preset(preset)
    assert arch.replicated_linear_params == WHOLE
    served = estimate(_request(preset, precision={"format": fmt}))
    assert served.memory.weights == per_gpu
    # Split as if they were not replicated, they would take 7/8 of their bytes off each GPU.
    flat = replace(
        arch, linear_groups=tuple(replace(g, replicated=False) for g in arch.linear_groups)
    )
    divided = format_weight_memory(flat, FORMATS[fmt], 8).weights
    assert per_gpu - divided == WHOLE_Q4_K * 7 // 8 == 454_519_296


@pytest.mark.parametrize("preset", ["deepseek-v3", "kimi-k2"])
def test_llama_cpp_layer_split_never_divides_a_layer(preset: str) -> None:
    request = _request(preset, precision={"format": "gguf-q4_k"}, inference={"engine": "llama.cpp"})
    arch = load_preset(preset)
    layers = model_layers(request, arch)
    # Each layer's bytes are the whole layer's at tensor-parallel degree 1: the flag that keeps
    # the down-projections whole under vLLM changes nothing here.
    flat = replace(
        arch, linear_groups=tuple(replace(g, replicated=False) for g in arch.linear_groups)
    )
    assert model_layers(request, flat) == layers
    shares = estimate(request).memory
    assert shares.weights == 49_413_659_464 if preset == "deepseek-v3" else 75_620_272_504


@pytest.mark.parametrize(
    ("preset", "params"),
    [("deepseek-v3", 671_026_404_352), ("kimi-k2", 1_026_408_209_408)],
)
def test_tensor_parallel_training_keeps_the_down_projections_and_their_states_whole(
    preset: str, params: int
) -> None:
    arch = load_preset(preset)
    assert arch.params_total == params
    states = estimate(_request(preset, workload="training")).memory
    split = params - WHOLE
    # Mixed-precision AdamW: 2 bytes of weights, 2 of gradients, 12 of optimizer states a
    # parameter, the down-projections' whole on each of the 8 GPUs and the rest an eighth.
    assert states.weights == 2 * WHOLE + -(-2 * split // 8)
    assert states.gradients == 2 * WHOLE + -(-2 * split // 8)
    assert states.optimizer_states == 12 * WHOLE + -(-12 * split // 8)
    # Before, all of it was divided by 8: 1,616,068,608 bytes of weights and as many of
    # gradients, 9,696,411,648 of optimizer states fewer per GPU.
    assert states.weights - -(-2 * params // 8) == 2 * WHOLE * 7 // 8 == 1_616_068_608
    assert states.optimizer_states - -(-12 * params // 8) == 9_696_411_648


def test_lora_adapters_of_the_down_projections_are_whole_too() -> None:
    arch = load_preset("deepseek-v3")
    rank = 16
    lora = estimate(
        _request("deepseek-v3", workload="training", training={"method": "lora", "lora_rank": rank})
    ).memory
    adapters = lora_trainable_params(arch, rank, "all_linear")
    whole = 61 * rank * ((7168 + 1536) + (7168 + 576))
    assert lora.gradients == 2 * whole + -(-2 * (adapters - whole) // 8)
    assert lora.weights == 2 * (WHOLE + whole) + -(
        -2 * (arch.params_total - WHOLE + adapters - whole) // 8
    )


def _deepseek_gguf(path: Path) -> Path:
    """A tiny DeepSeek2 GGUF file: hidden 256, 2 blocks, MLA (q_lora 128, kv_lora 64 + rope 32)."""
    h, layers, heads, q_lora, kv_lora, rope, nope, v = 256, 2, 4, 128, 64, 32, 64, 64
    kvs = [
        kv("general.architecture", STR, "deepseek2"),
        kv("deepseek2.block_count", U32, layers),
        kv("deepseek2.context_length", U32, 4096),
        kv("deepseek2.embedding_length", U32, h),
        kv("deepseek2.feed_forward_length", U32, 512),
        kv("deepseek2.attention.head_count", U32, heads),
        kv("deepseek2.attention.head_count_kv", U32, 1),
        kv("deepseek2.attention.key_length", U32, kv_lora + rope),
        kv("deepseek2.attention.kv_lora_rank", U32, kv_lora),
        kv("deepseek2.rope.dimension_count", U32, rope),
        kv("tokenizer.ggml.tokens", ARR, (STR, [f"t{i}" for i in range(64)])),
    ]
    tensors: list[tuple[str, list[int], str]] = [("token_embd.weight", [h, 64], "F16")]
    for i in range(layers):
        tensors += [
            (f"blk.{i}.attn_norm.weight", [h], "F32"),
            (f"blk.{i}.attn_q_a.weight", [h, q_lora], "F16"),
            (f"blk.{i}.attn_q_a_norm.weight", [q_lora], "F32"),
            (f"blk.{i}.attn_q_b.weight", [q_lora, heads * (nope + rope)], "F16"),
            (f"blk.{i}.attn_kv_a_mqa.weight", [h, kv_lora + rope], "F16"),
            (f"blk.{i}.attn_kv_a_norm.weight", [kv_lora], "F32"),
            (f"blk.{i}.attn_kv_b.weight", [kv_lora, heads * (nope + v)], "F16"),
            (f"blk.{i}.attn_output.weight", [heads * v, h], "F16"),
            (f"blk.{i}.ffn_norm.weight", [h], "F32"),
            (f"blk.{i}.ffn_gate.weight", [h, 512], "F16"),
            (f"blk.{i}.ffn_up.weight", [h, 512], "F16"),
            (f"blk.{i}.ffn_down.weight", [512, h], "F16"),
        ]
    tensors += [("output_norm.weight", [h], "F32"), ("output.weight", [h, 64], "F16")]
    return write_gguf(path, kvs, tensors)


def test_a_deepseek_gguf_file_served_by_vllm_keeps_its_down_projections_whole(
    tmp_path: Path,
) -> None:
    path = _deepseek_gguf(tmp_path / "tiny-deepseek.gguf")
    arch = architecture_from_gguf(path)
    whole = {g.name for g in arch.linear_groups if g.replicated}
    assert whole == {"attn_q_a", "attn_kv_a_mqa"}
    assert arch.stored_whole_bytes == 2 * 2 * 256 * (128 + 96)  # F16, both blocks
    request = parse_request(
        {
            "model": {"gguf": str(path)},
            "gpu": "l4",
            "parallelism": {"strategy": "tensor", "gpus": 2},
            "inference": {"context_tokens": 1000},
        }
    )
    weights = estimate(request).memory.weights
    assert arch.stored_bytes is not None
    rest = arch.stored_bytes - arch.stored_whole_bytes
    # Before, the file's bytes were halved whole: 229,376 bytes of down-projections halved too.
    assert weights == arch.stored_whole_bytes + -(-rest // 2)
    assert weights - -(-arch.stored_bytes // 2) == arch.stored_whole_bytes // 2 == 114_688


def test_a_deepseek_safetensors_checkpoint_keeps_its_down_projections_whole(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "deepseek-v3-part"
    folder.mkdir()
    (folder / "config.json").write_text(
        (CONFIGS / "deepseek-v3" / "config.json").read_text("utf-8"), "utf-8"
    )
    # Layer 0's attention as DeepSeek-V3's FP8 checkpoint stores it (E4M3 weights, float32
    # 128 x 128 block scales), and one norm.
    write_file(
        folder / "model.safetensors",
        {
            "model.layers.0.self_attn.q_a_proj.weight": ("F8_E4M3", [1536, 7168]),
            "model.layers.0.self_attn.q_a_proj.weight_scale_inv": ("F32", [12, 56]),
            "model.layers.0.self_attn.q_b_proj.weight": ("F8_E4M3", [24576, 1536]),
            "model.layers.0.self_attn.q_b_proj.weight_scale_inv": ("F32", [192, 12]),
            "model.layers.0.self_attn.kv_a_proj_with_mqa.weight": ("F8_E4M3", [576, 7168]),
            "model.layers.0.self_attn.kv_a_proj_with_mqa.weight_scale_inv": ("F32", [5, 56]),
            "model.layers.0.input_layernorm.weight": ("BF16", [7168]),
        },
    )
    arch = architecture_from_safetensors(folder)
    whole = 1536 * 7168 + 4 * 12 * 56 + 576 * 7168 + 4 * 5 * 56
    assert arch.stored_whole_bytes == whole
    assert arch.stored_bytes is not None
    rest = arch.stored_bytes - whole
    request = parse_request(
        {
            "model": {"safetensors": str(folder)},
            "gpu": "h200-141gb",
            "parallelism": {"strategy": "tensor", "gpus": 8},
        }
    )
    assert estimate(request).memory.weights == whole + -(-rest // 8)
