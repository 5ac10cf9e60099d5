"""vLLM's start-up memory profile: the KV pool, in tokens, that a server will report.

vLLM sizes its KV cache once, at start-up (``Worker.determine_available_memory`` in
``vllm/v1/worker/gpu_worker.py``; ``vllm/worker/worker.py`` before V1):

    KV pool = gpu_memory_utilization × device total
              − model weights − non-torch memory − peak activation of the profile run

and logs "GPU KV cache size: N tokens" and "Maximum concurrency for L tokens per request: X".
This module predicts those figures before renting.

- **Device total** is what the driver reports (``torch.cuda.mem_get_info``), not the vendor's
  label: :func:`device_total_bytes` reads it from the catalog when the catalog carries it.
- **Profile run** (``profile_run`` / ``_dummy_run``): one forward pass over
  ``max_num_batched_tokens`` tokens spread over ``max_num_seqs`` sequences, then the sampler for
  ``max_num_seqs`` sequences. Defaults follow ``EngineArgs.get_batch_defaults``
  (``vllm/engine/arg_utils.py``): an OpenAI-compatible server on a GPU of at least 70 GiB that is
  not an A100 uses 8192 tokens and 1024 sequences, any other GPU 2048 and 256.
- **Forward working set**: the residual stream, the layer input and the norm output (3 × T·h in
  16-bit), plus the larger of the attention projections (Q, K, V and the attention output) and
  the MLP (gate and up outputs and the activation: 3 × T·ff for gated MLPs). It is *not* divided
  by tensor parallelism: vLLM logged the same 1.26 GiB peak for Llama 3 8B at TP 1 and TP 2
  (PR 10511), because the sampler and the gathered logits are whole on every rank.
- **Sampler**: the profile samples with top-k and top-p set (``top_k = vocab − 1``,
  ``top_p = 0.99`` in V0's ``profile_run``), which takes the sort path of
  ``_apply_top_k_top_p``: the fp32 logits, their sorted copy and the int64 sort indices are alive
  together, 4 × 4 bytes per vocabulary entry per sequence.
- The two working sets are added. That is an upper bound on their overlap, and it is what the
  published profiles show (Llama 3 8B: 1.26 GiB measured, 1.33 predicted; see docs/ACCURACY.md,
  where each case is listed).
- **Non-torch memory** (CUDA context, cuBLAS workspaces, NCCL buffers): the request's
  ``runtime.context_gib`` plus ``runtime.comm_buffer_gib`` when tensor parallel.
- **CUDA graphs** are captured after the pool is sized and come out of the
  ``1 − gpu_memory_utilization`` margin, so they are not subtracted here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.architecture import ModelArchitecture
from core.capacity.activations import ACT_BYTES, layer_shape
from core.capacity.kv_cache import kv_cache_per_gpu
from core.catalog import GpuOffer
from core.request import PlanRequest

GIB = 1024**3
BLOCK_TOKENS = 16  # vLLM's default --block-size
SAMPLER_FP32_COPIES = 4  # logits, sorted logits, int64 indices (two fp32 words)
LARGE_GPU_BYTES = 70 * GIB  # EngineArgs.get_batch_defaults: "device_memory >= 70 * GiB_bytes"


@dataclass(frozen=True)
class DeviceTotal:
    """A GPU's memory as the driver reports it, and where the figure comes from."""

    bytes: int
    driver_reported: bool


def device_total_bytes(gpu: GpuOffer) -> DeviceTotal:
    """The memory CUDA/ROCm reports for ``gpu``.

    The catalog's driver-reported total (``vram_reported_bytes``, with its source in the catalog)
    is used when the catalog carries it; otherwise the vendor's VRAM figure stands in and
    ``driver_reported`` is False.
    """
    if gpu.vram_reported_bytes:
        return DeviceTotal(gpu.vram_reported_bytes, True)
    return DeviceTotal(gpu.vram_bytes, False)


def batch_defaults(gpu: GpuOffer) -> tuple[int, int]:
    """The (max_num_batched_tokens, max_num_seqs) vLLM picks for an OpenAI server on ``gpu``."""
    total = device_total_bytes(gpu).bytes
    if total >= LARGE_GPU_BYTES and "a100" not in gpu.name.lower():
        return 8192, 1024
    return 2048, 256


@dataclass(frozen=True)
class VllmProfile:
    """The figures vLLM logs at start-up, predicted."""

    device_total_bytes: int
    device_total_driver_reported: bool
    max_num_batched_tokens: int
    max_num_seqs: int
    budget_bytes: int
    weights_bytes: int
    non_torch_bytes: int
    forward_peak_bytes: int
    sampler_peak_bytes: int
    activation_peak_bytes: int
    kv_pool_bytes: int
    kv_bytes_per_token: int
    kv_pool_tokens: int
    max_concurrency: float

    def as_dict(self) -> dict[str, Any]:
        """Plain values for the estimate's details and ``--json`` (every field is a number)."""
        return dict(vars(self))


def forward_peak_bytes(arch: ModelArchitecture, tokens: int) -> int:
    """Working set of one forward pass over ``tokens`` tokens (see the module docstring)."""
    shape = layer_shape(arch)
    stream = 3 * ACT_BYTES * tokens * shape.hidden
    attention = ACT_BYTES * tokens * (2 * shape.q_width + 2 * shape.kv_width)
    mlp = ACT_BYTES * tokens * (3 if shape.mlp_gated else 2) * shape.mlp_width
    return stream + max(attention, mlp)


def sampler_peak_bytes(arch: ModelArchitecture, sequences: int) -> int:
    """The profile's sampler working set for ``sequences`` sequences."""
    return SAMPLER_FP32_COPIES * 4 * arch.vocab_size * sequences


def vllm_profile(
    request: PlanRequest, arch: ModelArchitecture, gpu: GpuOffer, weights_bytes: int
) -> VllmProfile:
    """The KV pool vLLM sizes for ``request`` on one ``gpu`` holding ``weights_bytes``."""
    inf = request.inference
    tp = request.parallelism.tp
    default_tokens, default_seqs = batch_defaults(gpu)
    tokens = inf.max_num_batched_tokens or default_tokens
    seqs = min(inf.max_num_seqs or default_seqs, tokens)
    total = device_total_bytes(gpu)
    budget = int(total.bytes * inf.gpu_memory_utilization)
    non_torch = int(request.runtime.context_gib * GIB)
    if tp > 1:
        non_torch += int(request.runtime.comm_buffer_gib * GIB)
    forward = forward_peak_bytes(arch, tokens)
    sampler = sampler_peak_bytes(arch, seqs)
    activation = forward + sampler
    pool = max(budget - weights_bytes - non_torch - activation, 0)
    context = inf.context_tokens
    per_sequence = kv_cache_per_gpu(arch, request.precision.kv_cache, context, 1, tp)
    per_token = max(-(-per_sequence // context), 1)
    blocks = pool // (per_token * BLOCK_TOKENS)
    pool_tokens = blocks * BLOCK_TOKENS
    return VllmProfile(
        device_total_bytes=total.bytes,
        device_total_driver_reported=total.driver_reported,
        max_num_batched_tokens=tokens,
        max_num_seqs=seqs,
        budget_bytes=budget,
        weights_bytes=weights_bytes,
        non_torch_bytes=non_torch,
        forward_peak_bytes=forward,
        sampler_peak_bytes=sampler,
        activation_peak_bytes=activation,
        kv_pool_bytes=pool,
        kv_bytes_per_token=per_token,
        kv_pool_tokens=pool_tokens,
        max_concurrency=round(pool_tokens / context, 2),
    )
