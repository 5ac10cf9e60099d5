"""Training options: pure 16-bit weights, optimizer in backward, LoRA on q and v, chunked loss,
and activations in the compute dtype."""

from __future__ import annotations

from typing import Any

from core.capacity.training import largest_tensor_params
from core.domain.request import PlanRequest
from core.estimate.dispatch import estimate
from core.model.models import load_preset


def _training(**options: Any) -> Any:
    request = PlanRequest.model_validate(
        {
            "workload": "training",
            "model": {"preset": "llama-3.1-8b"},
            "gpu": "h100-80gb-sxm",
            "training": options,
        }
    )
    return estimate(request)


def test_defaults_keep_the_mixed_precision_accounting() -> None:
    m = _training().memory
    params = 8_030_261_248
    assert m.weights == 2 * params and m.gradients == 2 * params
    assert m.optimizer_states == 12 * params  # fp32 master + m + v


def test_pure_bf16_adamw_is_8_bytes_per_parameter() -> None:
    m = _training(weights_precision="pure").memory
    params = 8_030_261_248
    assert m.weights + m.gradients + m.optimizer_states == 8 * params


def test_optimizer_in_backward_holds_one_gradient() -> None:
    m = _training(weights_precision="pure", optimizer_in_backward=True).memory
    arch = load_preset("llama-3.1-8b")
    assert m.gradients == 2 * largest_tensor_params(arch) == 2 * 128256 * 4096


def test_lora_on_q_and_v_only() -> None:
    qv = _training(method="lora", lora_rank=8, lora_targets="qv").details["trainable_params"]
    # 32 layers x r x [(4096 + 4096) for q + (4096 + 1024) for v]
    assert qv == 32 * 8 * (8192 + 5120)
    attention = _training(method="lora", lora_rank=8, lora_targets="attention")
    assert attention.details["trainable_params"] > qv


def test_fp32_training_stores_fp32_activations() -> None:
    bf16 = _training(mixed_precision="bf16", loss="chunked").memory.activations
    fp32 = _training(mixed_precision="fp32", loss="chunked").memory.activations
    assert 1.9 * bf16 < fp32 < 2.1 * bf16


def test_chunked_loss_keeps_fewer_fp32_logits() -> None:
    full = _training(sequence_length=4096).memory.activations
    chunked = _training(sequence_length=4096, loss="chunked").memory.activations
    tokens_vocab = 4096 * 128256
    # full: 3 x 4 bytes per logit when the loss's backward starts; chunked: 2 + 2 x 4 / 8 = 3
    assert full - chunked == 9 * tokens_vocab


def test_optimizer_offload_leaves_no_optimizer_states_on_the_gpu() -> None:
    m = _training(offload="optimizer").memory
    assert m.optimizer_states == 0
    assert m.weights == 2 * 8_030_261_248


def test_parameter_offload_keeps_one_unit_on_the_gpu() -> None:
    m = _training(offload="optimizer_and_params").memory
    arch = load_preset("llama-3.1-8b")
    unit = max(arch.largest_layer_params, arch.root_unit_params)
    assert m.weights == 2 * unit and m.gradients == 2 * unit and m.optimizer_states == 0


def test_activation_offloading_keeps_two_layers() -> None:
    kept = _training(activation_checkpointing=True).memory.activations
    offloaded = _training(activation_checkpointing=True, activation_offloading=True)
    tokens_hidden_bf16 = 2048 * 4096 * 2
    assert kept - offloaded.memory.activations == 30 * tokens_hidden_bf16


def test_qlora_without_double_quantization_stores_fp32_absmax() -> None:
    dq = _training(method="qlora").memory.quantization_metadata
    plain = _training(method="qlora", qlora_double_quant=False).memory.quantization_metadata
    arch = load_preset("llama-3.1-8b")
    assert plain == -(-arch.linear_params * 32 // (64 * 8))  # 0.5 bit per weight
    assert dq < plain


def test_8bit_adamw_keeps_an_fp32_absmax_per_256_values() -> None:
    # bitsandbytes Optimizer8bit.init_state: two uint8 states, absmax1 and absmax2 per 256.
    result = _training(optimizer="adamw_8bit", weights_precision="pure")
    params = load_preset("llama-3.1-8b").params_total
    assert result.memory.optimizer_states == -(-params * (2 * 256 + 8) // 256)


def test_paged_8bit_adamw_keeps_only_the_absmax_on_the_gpu() -> None:
    paged = _training(optimizer="paged_adamw_8bit", weights_precision="pure")
    params = load_preset("llama-3.1-8b").params_total
    # The two 1-byte moments live in CUDA managed memory; the fp32 absmax blocks stay.
    assert paged.memory.optimizer_states == -(-params * 8 // 256)
    plain = _training(optimizer="adamw_8bit", weights_precision="pure")
    assert paged.checkpoint_bytes == plain.checkpoint_bytes  # the states are saved all the same
