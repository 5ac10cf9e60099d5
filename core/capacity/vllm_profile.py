"""vLLM's start-up memory profile: the KV pool, in tokens, that a server will report.

vLLM sizes its KV cache once, at start-up (``Worker.determine_available_memory`` in
``vllm/v1/worker/gpu_worker.py``; ``vllm/worker/worker.py`` before V1):

    KV pool = gpu_memory_utilization × device total
              − model weights − non-torch memory − peak activation of the profile run

and logs "GPU KV cache size: N tokens" and "Maximum concurrency for L tokens per request: X".
This module predicts those figures before renting.

- **Device total** is what CUDA reports (``torch.cuda.mem_get_info``), neither the vendor's
  label nor nvidia-smi's total (an H100 80GB: 81,559 MiB to nvidia-smi, 81,090 to CUDA):
  :attr:`core.domain.catalog.GpuOffer.device_total`, sourced per GPU in the catalog or derived by
  its calibrated rule.
- **Profile run** (``profile_run`` / ``_dummy_run``): one forward pass over
  ``max_num_batched_tokens`` tokens spread over ``max_num_seqs`` sequences, then the sampler for
  ``max_num_seqs`` sequences. Defaults follow ``EngineArgs.get_batch_defaults``
  (``vllm/engine/arg_utils.py``): an OpenAI-compatible server on a GPU of at least 70 GiB that is
  not an A100 uses 8192 tokens and 1024 sequences, any other GPU 2048 and 256.
- **Forward working set** (per rank): the residual stream, the layer input and the norm output
  (3 × T·h in 16-bit, whole on every rank; one more under tensor parallelism, where the
  row-parallel down projection's partial sum and the all-reduce's result are alive together,
  since every path of ``CudaCommunicator.all_reduce`` returns a new tensor), plus the larger of
  the attention projections (Q, K, V and the attention output) and the MLP (gate and up outputs
  and the activation: 3 × T·ff for gated MLPs), both split by tensor parallelism
  (``QKVParallelLinear``, ``MergedColumnParallelLinear``: each rank holds its heads and its
  slice of the intermediate).
- **Sampler** (rank 0 only): the LM head's logits are gathered to the first rank
  (``LogitsProcessor._gather_logits``: ``tensor_model_parallel_gather``), and only that rank
  samples (``ModelRunner.execute_model`` returns early on the others). The profile samples with
  top-k and top-p set (``top_k = vocab − 1``, ``top_p = 0.99`` in V0's ``profile_run``; V1's
  ``GPUModelRunner._dummy_sampler_run`` sets both too). What that costs depends on the release
  (the request's ``inference.vllm_version``, :data:`SAMPLER_BYTES`), per vocabulary entry and
  sequence:

  - **0.7 to 0.16: the sort.** ``_apply_top_k_top_p`` (V0) and ``apply_top_k_top_p`` (V1,
    ``vllm/v1/sample/ops/topk_topp_sampler.py``) sort the whole vocabulary. The peak is the sort
    itself: the 16-bit logits (2 B) and their fp32 copy (4 B) that ``Sampler.forward`` keeps,
    the sorted values (4 B) and int64 indices (8 B) ``torch.sort`` returns, and what the CUDA
    segmented sort behind it allocates on the way (ATen ``launch_stable_sort_kernel`` →
    ``cub::DeviceSegmentedRadixSort::SortPairs``): an int64 iota of source indices (8 B) and the
    radix sort's alternate key and value buffers (4 + 8 B) — 38 bytes.
  - **0.17 and later: masking in place.** ``apply_top_k_top_p`` hands a batch to
    ``apply_top_k_top_p_triton`` (``vllm/v1/sample/ops/topk_topp_triton.py``, vLLM PR 33538,
    in the v0.17.0 release notes), which finds each row's top-k/top-p pivot by search and masks
    the fp32 logits where they lie, with one scratch row of fp32 per Triton program (one program
    per SM, whatever the batch: :data:`COMPUTE_UNITS`). Then ``TopKTopPSampler.
    forward_native`` takes their softmax (fp32 probabilities, 4 B) and ``random_sample`` draws
    exponential noise of the same shape (4 B) and divides in place. At that point the 16-bit
    logits (2 B), their fp32 copy (4 B), the probabilities and the noise are alive: 14 bytes,
    plus the scratch rows. The FlashInfer sampler, where it is on (``forward_cuda``:
    ``top_k_top_p_sampling_from_logits``), holds no more than the same four arrays.

  The final hidden states (T·h in 16-bit) are still held by the model runner while it samples,
  and from 0.17 so is a MoE model's fused-experts workspace (:func:`moe_workspace_bytes`: vLLM's
  workspace manager keeps it from the forward on; with it the peaks of Qwen3-30B-A3B and Mixtral
  8x7B in vLLM 0.19.0 logs come within 2 %).
  Model Runner V2 (the default for some dense models in later releases) profiles its sampler
  without top-k and top-p ("the sampler may skip top_k, top_p, and logprobs" in its
  ``_dummy_sampler_run``); the planner charges it the 0.17 count, an upper bound there.
- **KV pool in blocks** (:mod:`core.capacity.vllm_kv_layout`): the pool is cut into blocks the
  way vLLM's KV cache manager groups the layers, and one request takes, per group, what its
  kind may need at most (a sliding window its window plus the chunk being prefilled, a Mamba
  state one block and one more per MTP draft token); the logged size and the maximum
  concurrency follow from them.
- **Peak**: the forward's intermediates are freed before the logits are computed (the model
  returns only its hidden states), so the profile's peak is the larger of the two, not their
  sum. Every rank profiles and the pool takes the smallest result, so the first rank, which
  also samples, decides it; its sampler does not shrink with tensor parallelism: that is why
  Llama 3 8B logged the same 1.26 GiB at tensor parallel 1 and 2 (PR 10511, vLLM 0.6.5, the
  sort), while the forward working set is split. Each case is listed in docs/ACCURACY.md.
- **bitsandbytes** (NF4 checkpoints, ``quantization=bitsandbytes``): ``apply_bnb_4bit``
  (``vllm/model_executor/layers/quantization/bitsandbytes.py``) runs each shard of a fused layer
  through ``bitsandbytes.matmul_4bit``, which dequantizes the whole shard to bf16 before the
  matmul (``MatMul4Bit.forward``: ``F.dequantize_4bit(B, quant_state)``). The largest shard's
  16-bit copy (one block matrix, split by tensor parallelism) joins the forward working set.
- **Non-torch memory** is what vLLM measures, not all the memory outside PyTorch: since 0.7.0
  (PRs 11809 and 12126) ``memory_profiling`` in ``vllm/utils.py`` takes the growth of
  (device memory in use − ``torch.cuda.memory_reserved()``) from a baseline snapshot that
  ``Worker.init_device`` takes once the CUDA context exists and before the distributed
  environment is set up. The context itself is therefore not charged to the budget (it sits in
  the ``1 − gpu_memory_utilization`` margin); what is charged is what appears after it: the NCCL
  communicators and custom all-reduce buffers of tensor parallelism, and kernel modules loaded
  lazily during the profile run. V1 measures the same way since PR 19312. No source gives these
  sizes, so the figures are calibrated on published logs (docs/ACCURACY.md lists them):
  :data:`NON_TORCH_TP1_GIB` on one GPU (0.04, 0.16 and 0.16 GiB on an 8 GB GPU and two H100s,
  vLLM 0.7 and 0.8: their median) and :data:`NON_TORCH_TP_GIB` per rank under tensor
  parallelism (0.20, 0.25 and 0.30 GiB on RTX 3090, RTX 4090 and L40S groups over PCIe, vLLM
  0.7 and 0.8: their median). No log was found for NVLink GPUs, where custom all-reduce
  registers its buffers too. From 0.17 (:func:`non_torch_bytes`), vLLM 0.19.0 logs on H100 SXM
  GPUs give 0.25 GiB on one GPU (:data:`NON_TORCH_TP1_0_17_GIB`) and about 2.1 GiB per rank of an
  NVLink group (:data:`NON_TORCH_TP_NVLINK_0_17_GIB`, fifteen logs at tensor parallel 2 and 4);
  a PCIe group keeps the 0.7 and 0.8 figure. vLLM 0.6.5 and 0.6.6 subtracted allocated instead
  of reserved bytes and reported 1.79 and 3.58 GiB for Llama 3 8B at tensor parallel 1 and 2
  (PR 10511); the planner follows 0.7 and later.
- **CUDA graphs** (on unless ``enforce_eager``) are captured after the KV cache is allocated in
  every version: V0 (0.6 to 0.10, ``LLMEngine._initialize_kv_caches`` then
  ``Worker._warm_up_model`` → ``ModelRunner.capture_model``; 35 decode sizes, 1 to 256, by
  default) and V1 (``Worker.compile_or_warm_up_model`` → ``GPUModelRunner.capture_model``;
  piecewise graphs under torch.compile, 67 sizes up to 512 in 0.8 to 0.10, piecewise plus full
  decode graphs later). Up to 0.20 the pool is sized without them, so they come out of the
  ``1 − gpu_memory_utilization`` margin and are not subtracted here (V0's capture log advises a
  lower utilisation if the capture runs out of memory). From 0.21 on,
  ``Worker.determine_available_memory`` also calls ``GPUModelRunner.profile_cudagraph_memory``
  (vLLM PR 30515, opt-in before) on CUDA (not ROCm) and takes that estimate from the pool unless
  ``VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=0`` or ``kv_cache_memory_bytes`` is set ("CUDA
  graph memory profiling is enabled (default since v0.21.0)"); there this pool is an upper
  bound. Model Runner V2, the default for dense models from 0.25.1, first answered 0 there (vLLM
  issue 49224), so those runs again take the graphs from the margin, until vLLM PR 53306 (August
  2026) made it measure too (``profile_cudagraph_memory`` in
  ``vllm/v1/worker/gpu/cudagraph_utils.py``). V1's estimate captures the first two graphs of each
  mode and extrapolates the second one's growth to all of them (vLLM issue 45178), V2's every
  piecewise graph and two full ones: either is a measurement on the GPU, not a function of the
  request, so the pool here leaves it out and the estimate says so
  (:func:`core.capacity.kv_pool.graph_estimate_finding`, with the range of published estimates,
  :data:`GRAPH_ESTIMATE_GIB`). No rule is calibrated: the logged "took X GiB" is the change in
  free device memory across the capture (negative in some logs), vLLM's own estimate is 38 % to
  458 % above its capture where a log prints both (2.43 GiB where the capture freed 0.19 GiB), no
  three published logs share an engine, graph mode and capture list, and the pool also follows
  ``max_num_batched_tokens`` (vLLM issue 52872); docs/ACCURACY.md lists the figures found and why
  no rule holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.capacity.activations import ACT_BYTES, layer_shape
from core.capacity.expert_parallel import request_layout
from core.capacity.kv_cache import cached_tokens, kv_cache_per_gpu
from core.capacity.vllm_kv_layout import KvGroup, KvLayout, kv_layout, mla_block_tokens
from core.capacity.weight_formats import effective_format
from core.domain.catalog import DeviceTotal, GpuOffer
from core.domain.request import PlanRequest
from core.domain.workload_options import VllmVersion
from core.model.architecture import ModelArchitecture

GIB = 1024**3
BLOCK_TOKENS = 16  # vLLM's default --block-size
# Bytes per vocabulary entry and sequence at the sampler's peak, by vLLM release (see the module
# docstring). Up to 0.16, the sort: 16-bit logits 2, fp32 logits 4, sorted values 4, int64
# indices 8, cub's int64 iota 8 and its alternate key (4) and value (8) buffers. From 0.17, the
# Triton mask in place (vLLM PR 33538): 16-bit logits 2, fp32 logits 4, fp32 probabilities 4
# and random_sample's fp32 exponential noise 4.
SAMPLER_SORT_BYTES = 2 + 4 + 4 + 8 + 8 + 4 + 8
SAMPLER_MASK_BYTES = 2 + 4 + 4 + 4
SAMPLER_BYTES: dict[VllmVersion, int] = {
    "0.7-0.16": SAMPLER_SORT_BYTES,
    "0.17+": SAMPLER_MASK_BYTES,
}
# apply_top_k_top_p_triton's scratch: one fp32 row of the vocabulary per Triton program, one
# program per SM or CU (vllm.utils.platform_utils.num_compute_units), by catalog offer. Counts from
# the vendors' data sheets and architecture whitepapers (an MI250 is two devices of 104 CUs).
COMPUTE_UNITS: dict[str, int] = {
    "h200-141gb": 132,
    "h200-nvl-141gb": 132,
    "h100-80gb-sxm": 132,
    "h100-80gb-pcie": 114,
    "a100-80gb": 108,
    "a100-40gb": 108,
    "l40s": 142,
    "l4": 58,
    "a10": 72,
    "rtx-4090": 128,
    "rtx-6000-ada": 142,
    "rtx-5090": 170,
    "rtx-pro-6000-server": 188,
    "b200-180gb": 148,
    "b300-288gb": 160,
    "mi300x": 304,
    "mi325x": 304,
    "mi355x": 256,
    "mi250": 104,
}
# An offer not listed (a custom catalog) is charged the most of any listed: an upper bound.
MAX_COMPUTE_UNITS = max(COMPUTE_UNITS.values())
# What vLLM (0.7 and later) logs as non_torch_memory, calibrated on published start-up logs (see
# the module docstring): one GPU, and each rank under tensor parallelism.
NON_TORCH_TP1_GIB = 0.16
NON_TORCH_TP_GIB = 0.25
# The same from 0.17 ("non-torch forward increase memory" in gpu_worker's profiling line), from the
# vLLM 0.19.0 start-up logs on H100 SXM GPUs (79.19 GiB to CUDA) that llm-d-incubation/llm-d-planner
# published (accuracy/results/v0.19.0/results_raw.csv and logs/, commit d3121e05). One GPU: 0.24 to
# 0.27 GiB over the 20 runs (Llama 3.1 8B, Qwen2.5 7B, Qwen3 8B and 30B-A3B, Gemma 2 and 3, phi-4,
# Mistral Small 3.1 and others): their median. Each rank of a tensor-parallel group joined by
# NVLink: 2.06 to 2.11 GiB at tensor parallel 2 (ten runs: Llama 3.1 8B, Qwen2.5 7B and 72B,
# Mixtral 8x7B, Llama 3.3 70B fp8 and w8a8, Kimi-Dev-72B, Kimi-VL-A3B, Mistral Small w8a8,
# gpt-oss-20b) and 2.13 to 2.21 at 4 (five runs): the median of the fifteen. The group's memory
# appears during the profile's forward (the logs show "Initialized FlashInfer All Reduce workspace:
# backend=trtllm" there, and the first collectives run there); they do not split it, and the
# figure hardly moves with the hidden size (2.06 GiB at 3,584, 2.09 at 8,192), so it is not
# derived from the model.
# No 0.17+ log of a PCIe group gives the figure, so a PCIe group keeps NON_TORCH_TP_GIB.
NON_TORCH_TP1_0_17_GIB = 0.25
NON_TORCH_TP_NVLINK_0_17_GIB = 2.09
LARGE_GPU_BYTES = 70 * GIB  # EngineArgs.get_batch_defaults: "device_memory >= 70 * GiB_bytes"
# What vLLM 0.21 and later take from the pool for CUDA graphs is a measurement, not a formula
# (GPUModelRunner.profile_cudagraph_memory captures the first two graphs of each mode, counts the
# first one's growth of device memory once and the second's, at least 1 MiB, for every other
# graph). "Estimated CUDA graph memory: X GiB total" per GPU in seven published start-up logs:
PUBLISHED_GRAPH_ESTIMATES_GIB = (
    0.17,  # four RTX 3090s, tensor parallel 4, 7 piecewise graphs: noonghunna/club-3090 pull 44
    0.17,  # tensor parallel 4 on a 6x RTX 3090 host: noonghunna/club-3090 issue 127
    0.36,  # two GPUs, 16 piecewise graphs, vLLM 0.27.1: gpustack/runner pull 251
    0.58,  # DeepSeek-V4-Flash on eight RTX 3090s: wtdcode/vllm-backport issue 34
    1.62,  # a Qwen 3.5 GGUF on one GPU, 51 piecewise and 35 full graphs: vllm-project/vllm
    # pull 39559 (an opt-in build before 0.21, which logged the estimate and did not subtract it)
    2.22,  # Qwen3.5-35B-A3B, tensor parallel 4: vllm-project/vllm issue 50722
    2.43,  # two GB10: MiaAI-Lab/GLM-5.3-Flash-EXL3-2x-DGX-Sparks pull 25
)
# Left out: 118.65 GiB on GB300s with expert parallelism, which vLLM issue 53013 reports as a bug
# of the estimate. The finding gives the range (core.capacity.kv_pool.graph_estimate_finding).
GRAPH_ESTIMATE_GIB = (min(PUBLISHED_GRAPH_ESTIMATES_GIB), max(PUBLISHED_GRAPH_ESTIMATES_GIB))


def device_total_bytes(gpu: GpuOffer) -> DeviceTotal:
    """Memory CUDA/ROCm report for ``gpu`` (:attr:`~core.domain.catalog.GpuOffer.device_total`)."""
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
    kv_layout: dict[str, Any]  # KvLayout.as_dict(): vLLM's groups and what a request takes

    def as_dict(self) -> dict[str, Any]:
        """Plain values for the estimate's details and ``--json``.

        Every field is a number, a flag or (``kv_layout``) a dict of them that nothing changes,
        so a shallow copy of the instance's attributes is the whole dict (``asdict``'s recursive
        deep copy cost about a sixth of the whole-catalog sweep, and walking ``fields()`` a
        twelfth).
        """
        return dict(vars(self))


def non_torch_bytes(gpu: GpuOffer, tp: int, version: VllmVersion = "0.17+") -> int:
    """What vLLM logs as non-torch memory on one of ``tp`` ranks of ``gpu`` under ``version``.

    Calibrated on published start-up logs (:data:`NON_TORCH_TP1_GIB` and the constants after
    it name theirs): from 0.17 one GPU logs 0.25 GiB, and a tensor-parallel group joined by
    NVLink about 2.1 GiB per rank; a PCIe group and every group before 0.17 keep the 0.7 and 0.8
    figures.
    """
    if version == "0.7-0.16":
        gib = NON_TORCH_TP_GIB if tp > 1 else NON_TORCH_TP1_GIB
    elif tp == 1:
        gib = NON_TORCH_TP1_0_17_GIB
    elif gpu.interconnect == "nvlink":
        gib = NON_TORCH_TP_NVLINK_0_17_GIB
    else:
        gib = NON_TORCH_TP_GIB
    return int(gib * GIB)


def forward_peak_bytes(arch: ModelArchitecture, tokens: int, tp: int = 1) -> int:
    """Working set of one forward pass over ``tokens`` tokens on one of ``tp`` ranks.

    See the module docstring: the stream is whole on every rank (with the all-reduce's result
    under tensor parallelism), the attention projections and the MLP intermediate are split by
    the degree.
    """
    shape = layer_shape(arch)
    streams = 3 if tp == 1 else 4  # the all-reduce's result beside the partial sum
    stream = streams * ACT_BYTES * tokens * shape.hidden
    attention = ACT_BYTES * tokens * (2 * shape.q_width + 2 * shape.kv_width)
    mlp = ACT_BYTES * tokens * (3 if shape.mlp_gated else 2) * shape.mlp_width
    return stream + -(-max(attention, mlp) // tp)


def dequant_buffer_bytes(request: PlanRequest, arch: ModelArchitecture) -> int:
    """The bf16 copy of the largest block matrix bitsandbytes dequantizes for a matmul."""
    fmt = effective_format(request, arch)
    if fmt is None or fmt.family != "nf4":
        return 0
    largest = max((g.in_features * g.out_features for g in arch.linear_groups), default=0)
    return ACT_BYTES * -(-largest // request.parallelism.tp)


def sampler_peak_bytes(
    arch: ModelArchitecture,
    sequences: int,
    tokens: int,
    version: VllmVersion = "0.17+",
    compute_units: int = MAX_COMPUTE_UNITS,
) -> int:
    """The first rank's memory while it samples ``sequences`` of a ``tokens``-token batch.

    The sampler's working set over the whole vocabulary under vLLM ``version`` (the sort up to
    0.16, the in-place mask and its scratch rows, one per of the GPU's ``compute_units``, from
    0.17) plus the final hidden states (see the module docstring).
    """
    hidden = ACT_BYTES * tokens * layer_shape(arch).hidden
    scratch = 0 if version == "0.7-0.16" else 4 * arch.vocab_size * compute_units
    return SAMPLER_BYTES[version] * arch.vocab_size * sequences + scratch + hidden


def moe_workspace_bytes(
    request: PlanRequest, arch: ModelArchitecture, tokens: int, version: VllmVersion = "0.17+"
) -> int:
    """The fused-MoE workspace vLLM keeps from the profile's forward through its sampler.

    From 0.17 (vLLM 0.19.0's ``FusedMoEModularKernel._allocate_buffers``,
    ``vllm/model_executor/layers/fused_moe/modular_kernel.py``) the experts' buffers come from
    ``current_workspace_manager().get_simultaneous`` (``vllm/v1/worker/workspace.py``), which keeps
    its tensor once made, so the workspace of the forward over ``tokens`` tokens is still
    allocated when the first rank samples. For experts in 16-bit (``TritonExperts.
    workspace_shapes``): workspace13, shared with the output, of ``tokens × top-k × max(I, h)``
    and workspace2 of ``tokens × top-k × max(2I, h)``, ``I`` the expert's intermediate width on
    this rank. Quantized experts run other kernels with other workspaces: not counted (0), as
    for a dense model and under the 0.7-0.16 profile (the workspace manager is in 0.14 already,
    so 0.14 to 0.16 hold it too; there the sort is counted without it).
    """
    if version == "0.7-0.16" or not arch.is_moe or effective_format(request, arch) is not None:
        return 0
    if request.precision.weights not in ("bf16", "fp16"):
        return 0
    down = next((g for g in arch.linear_groups if g.name == "experts.down_proj"), None)
    if down is None:
        return 0
    width = -(-down.in_features // request.parallelism.tp)
    if (split := request_layout(request, arch)) is not None:
        # Expert parallelism: whole experts (no tensor split) over the d ranks' gathered tokens
        # (core.capacity.expert_parallel).
        width, tokens = down.in_features, tokens * split.dp
    hidden = layer_shape(arch).hidden
    rows = tokens * arch.experts_per_token
    return ACT_BYTES * rows * (max(width, hidden) + max(2 * width, hidden))


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
    non_torch = non_torch_bytes(gpu, tp, inf.vllm_version)
    forward = forward_peak_bytes(arch, tokens, tp) + dequant_buffer_bytes(request, arch)
    units = COMPUTE_UNITS.get(gpu.id, MAX_COMPUTE_UNITS)
    sampler = sampler_peak_bytes(arch, seqs, tokens, inf.vllm_version, units)
    sampler += moe_workspace_bytes(request, arch, tokens, inf.vllm_version)
    activation = max(forward, sampler)
    pool = max(budget - weights_bytes - non_torch - activation, 0)
    context = inf.context_tokens
    mla_block = mla_block_tokens(arch, gpu.compute_capability if gpu.vendor == "nvidia" else None)
    layout = kv_layout(arch, request.precision.kv_cache, tp, tokens, context, mla_block)
    if layout is None:
        layout = _averaged_layout(request, arch, tokens)
    blocks = layout.blocks(pool)
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
        kv_bytes_per_token=layout.bytes_per_token(),
        kv_pool_tokens=layout.logged_tokens(blocks, context),
        # get_max_concurrency_for_kv_cache_config: blocks over the blocks one request may take.
        max_concurrency=round(blocks / layout.per_request(context), 2),
        kv_layout=layout.as_dict(),
    )


def _averaged_layout(request: PlanRequest, arch: ModelArchitecture, tokens: int) -> KvLayout:
    """One full-attention group at the sequence's bytes per cached token.

    For a model whose vLLM grouping :func:`core.capacity.vllm_kv_layout.kv_layout` does not
    model: exact at the request's context, an approximation at others.
    """
    context = request.inference.context_tokens
    cache = request.precision.kv_cache
    per_sequence = kv_cache_per_gpu(arch, cache, context, 1, request.parallelism.tp)
    per_token = max(-(-per_sequence // cached_tokens(context)), 1)
    return KvLayout(per_token * BLOCK_TOKENS, (KvGroup("full", None, BLOCK_TOKENS),), tokens)
