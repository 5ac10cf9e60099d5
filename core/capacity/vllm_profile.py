"""vLLM's start-up memory profile: the KV pool, in tokens, that a server will report.

vLLM sizes its KV cache once, at start-up (``Worker.determine_available_memory`` in
``vllm/v1/worker/gpu_worker.py``; ``vllm/worker/worker.py`` before V1):

    KV pool = gpu_memory_utilization × device total
              − model weights − non-torch memory − peak activation of the profile run

and logs "GPU KV cache size: N tokens" and "Maximum concurrency for L tokens per request: X".
This module predicts those figures before renting.

- **Device total** is what CUDA reports (``torch.cuda.mem_get_info``), neither the vendor's
  label nor nvidia-smi's total (an H100 80GB: 81,559 MiB to nvidia-smi, 81,090 to CUDA):
  :attr:`core.catalog.GpuOffer.device_total`, sourced per GPU in the catalog or derived by its
  calibrated rule.
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
- **bitsandbytes** (NF4 checkpoints, ``quantization=bitsandbytes``): ``apply_bnb_4bit``
  (``vllm/model_executor/layers/quantization/bitsandbytes.py``) runs each shard of a fused layer
  through ``bitsandbytes.matmul_4bit``, which dequantizes the whole shard to bf16 before the
  matmul (``MatMul4Bit.forward``: ``F.dequantize_4bit(B, quant_state)``). The largest shard's
  16-bit copy (one block matrix, split by tensor parallelism) joins the forward working set.
- **Non-torch memory** (CUDA context, cuBLAS workspaces, NCCL buffers): the request's
  ``runtime.context_gib`` plus ``runtime.comm_buffer_gib`` when tensor parallel.
- **CUDA graphs** are captured after the pool is sized and come out of the
  ``1 − gpu_memory_utilization`` margin, so they are not subtracted here. Releases from 0.21 on
  estimate graph memory at start-up and take it from the pool ("CUDA graph memory profiling is
  enabled (default since v0.21.0)" in their logs); too few published figures exist to estimate
  it (docs/ACCURACY.md lists them), so the pool here is the upper bound of those releases.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.architecture import ModelArchitecture
from core.capacity.activations import ACT_BYTES, layer_shape
from core.capacity.kv_cache import kv_cache_per_gpu
from core.catalog import DeviceTotal, GpuOffer
from core.compat import effective_format
from core.request import PlanRequest

GIB = 1024**3
BLOCK_TOKENS = 16  # vLLM's default --block-size
SAMPLER_FP32_COPIES = 4  # logits, sorted logits, int64 indices (two fp32 words)
LARGE_GPU_BYTES = 70 * GIB  # EngineArgs.get_batch_defaults: "device_memory >= 70 * GiB_bytes"


def device_total_bytes(gpu: GpuOffer) -> DeviceTotal:
    """The memory CUDA/ROCm reports for ``gpu`` (:attr:`core.catalog.GpuOffer.device_total`)."""
    return gpu.device_total


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
    device_total_basis: str
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
        """Plain values for the estimate's details and ``--json``.

        Every field is a number or a flag, so a shallow copy of the instance's attributes is the
        whole dict (``asdict``'s recursive deep copy cost about a sixth of the whole-catalog
        sweep, and walking ``fields()`` a twelfth).
        """
        return dict(vars(self))


def forward_peak_bytes(arch: ModelArchitecture, tokens: int) -> int:
    """Working set of one forward pass over ``tokens`` tokens (see the module docstring)."""
    shape = layer_shape(arch)
    stream = 3 * ACT_BYTES * tokens * shape.hidden
    attention = ACT_BYTES * tokens * (2 * shape.q_width + 2 * shape.kv_width)
    mlp = ACT_BYTES * tokens * (3 if shape.mlp_gated else 2) * shape.mlp_width
    return stream + max(attention, mlp)


def dequant_buffer_bytes(request: PlanRequest, arch: ModelArchitecture) -> int:
    """The bf16 copy of the largest block matrix bitsandbytes dequantizes for a matmul."""
    fmt = effective_format(request, arch)
    if fmt is None or fmt.family != "nf4":
        return 0
    largest = max((g.in_features * g.out_features for g in arch.linear_groups), default=0)
    return ACT_BYTES * -(-largest // request.parallelism.tp)


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
    forward = forward_peak_bytes(arch, tokens) + dequant_buffer_bytes(request, arch)
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
        device_total_basis=total.basis,
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
