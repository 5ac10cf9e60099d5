"""Speed bounds that turn memory fits into costs per token or per training run.

- Decode (memory-bound; "LLM Inference Unveiled" roofline analysis, and the bound PRODUCT.md
  states): every decode step reads each GPU's share of the weights once and the KV cache of every
  sequence in the batch, so one step takes at least bytes_read / memory bandwidth, and the batch
  produces ``sequences`` tokens per step. This is an upper bound: real kernels reach 60-80 % of the
  bandwidth.
- Prefill and training (compute-bound; Kaplan et al. 2020, "Scaling Laws for Neural Language
  Models", section 2.1; Chinchilla): a forward pass costs 2·N FLOPs per token and training 6·N (the
  backward pass doubles the forward twice over), N being the active parameters for MoE. Full
  activation checkpointing repeats the forward: 8·N. LoRA skips the weight gradients of the frozen
  base: 4·N. FLOPs are converted at a model-FLOPs utilisation (MFU) the request states, 0.4 by
  default, of the GPU's dense peak for the precision the weights' format runs at natively (the
  catalog's bf16 / fp8 / fp4 TFLOPs; weight-only kernels compute in bf16)
  (PaLM, Chowdhery et al. 2022, reports 46 % MFU on TPU; 35-45 % is typical on GPUs).
"""

from __future__ import annotations

from typing import Literal

from core.domain.catalog import GpuOffer

Precision = Literal["bf16", "fp8", "int8", "fp4"]


def peak_flops(gpu: GpuOffer, precision: Precision = "bf16") -> float:
    """Dense peak FLOP/s of one GPU at ``precision``, from the catalog's data sheet figures.

    FP4 falls back to FP8 and FP8 to bf16 where the GPU has no such tensor cores; int8 is
    counted at the bf16 peak (the catalog carries no int8 TOPS), which understates it.
    """
    tflops = gpu.bf16_tflops
    if precision == "fp4" and gpu.fp4_tflops:
        tflops = gpu.fp4_tflops
    elif precision in ("fp4", "fp8") and gpu.fp8_tflops:
        tflops = gpu.fp8_tflops
    return tflops * 1e12


def decode_tokens_per_second(
    gpu: GpuOffer, *, bytes_per_step_per_gpu: int, sequences: int, replicas: int
) -> float:
    """Tokens per second of all sequences together, bounded by memory bandwidth.

    Args:
        gpu: The offer (bandwidth in GB/s).
        bytes_per_step_per_gpu: Weights and KV cache one GPU reads per decode step.
        sequences: Sequences decoded together by one replica.
        replicas: Independent copies of the model (data parallel serving).
    """
    step_seconds = bytes_per_step_per_gpu / (gpu.memory_bandwidth_gbps * 1e9)
    return sequences * replicas / step_seconds


def prefill_tokens_per_second(
    gpu: GpuOffer, gpus: int, active_params: int, mfu: float, precision: Precision = "bf16"
) -> float:
    """Prompt tokens per second over ``gpus`` GPUs at 2·N FLOPs per token."""
    return gpus * peak_flops(gpu, precision) * mfu / (2 * active_params)


def training_flops_per_token(active_params: int, *, method: str, checkpointing: bool) -> int:
    """FLOPs per trained token: 6·N, 8·N with full recomputation, 4·N for LoRA."""
    factor = 6 if method == "full" else 4
    if checkpointing:
        factor += 2
    return factor * active_params


def training_tokens_per_second(gpu: GpuOffer, gpus: int, flops_per_token: int, mfu: float) -> float:
    """Training tokens per second over ``gpus`` GPUs."""
    return gpus * peak_flops(gpu) * mfu / flops_per_token
