"""What autograd keeps for backward when the base matrices are frozen (LoRA, QLoRA), with the
matmul inputs the adapters or bitsandbytes keep: core.capacity.activations, ``base`` and
``matmul_inputs``."""

from __future__ import annotations

from core.capacity.activations import (
    BaseWeights,
    MatmulInputs,
    layer_shape,
    training_layer_activations,
)
from tests.arch_factory import gpt_like

# Llama 2 7B: h 4096, ff 11008, 32 heads, SwiGLU, two RMSNorms per layer, no dropout.
LLAMA2_7B = gpt_like(
    layers=32, hidden=4096, heads=32, vocab=32000, ff=11008, gated=True, dropout=False, tied=False
)
H, FF, S = 4096, 11008, 1304


def _layer(base: BaseWeights, matmul_inputs: MatmulInputs = "none") -> int:
    shape = layer_shape(LLAMA2_7B)
    layer = training_layer_activations(shape, S, 1, base=base, matmul_inputs=matmul_inputs)
    return layer.per_gpu(1, flash_attention=True)


def test_a_frozen_layer_keeps_norm_copies_attention_and_the_gated_mlp_factors() -> None:
    # two fp32 norm inputs (8h), Q, K, V and the attention output (8h), gate, SiLU out, up (6ff)
    assert _layer("frozen") == S * (2 * 4 * H + 2 * 4 * H + 2 * 3 * FF)


def test_kept_matmul_inputs_add_the_block_inputs_and_the_down_projections() -> None:
    # every linear layer (bitsandbytes before 0.43.2, or adapters on all of them): the attention
    # and MLP block inputs (2 x 2h) and the down projection's input (2ff)
    assert _layer("frozen", "all") - _layer("frozen") == S * (2 * 2 * H + 2 * FF)
    # adapters on attention only: the attention block input (the output projection reads the
    # attention output, already kept)
    assert _layer("frozen", "attention") - _layer("frozen") == S * 2 * H


def test_full_training_keeps_the_korthikanti_count() -> None:
    # block inputs 4h, norms 4h, Q, K, V, projection input 8h, gate, up, act, product 8ff
    assert _layer("trained") == S * (4 * H + 4 * H + 8 * H + 8 * FF)


def test_a_layernorm_keeps_its_input_in_the_compute_dtype() -> None:
    from pathlib import Path

    from core.model.model_config import architecture_from_config, load_config_file

    config = load_config_file(Path(__file__).parent / "validation" / "configs" / "phi-1_5.json")
    arch = architecture_from_config(config, model_id="phi-1_5", name="phi-1.5", source="hf_config")
    shape = layer_shape(arch)
    h, ff = 2048, 8192
    assert (shape.norms, shape.norm_upcast, shape.mlp_gated) == (1, False, False)
    layer = training_layer_activations(shape, S, 1, base="frozen").per_gpu(1, True)
    # one LayerNorm's 16-bit input (2h), Q, K, V and the attention output (8h), GELU's input
    assert layer == S * (2 * h + 2 * 4 * h + 2 * ff)
    # attention and MLP read the same norm's output: one block input, and GELU's output
    kept = training_layer_activations(shape, S, 1, base="frozen", matmul_inputs="all")
    assert kept.per_gpu(1, True) - layer == S * (2 * h + 2 * ff)
