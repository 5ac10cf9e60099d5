"""Hardware figures the step model reads: peaks per precision and the GPU-to-GPU link.

Peaks come from the offer (the catalog's data-sheet figures). The link is the offer's
``link_gbps`` and ``link_latency_us`` (the catalog cites each), else the figure for its
interconnect kind below.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from core.domain.catalog import GpuOffer


@dataclass(frozen=True)
class Link:
    """One GPU's link to its tensor-parallel peers."""

    gbps: float  # unidirectional bandwidth per GPU, GB/s
    latency_us: float  # one small all-reduce's fixed time, microseconds


# Per interconnect kind, where the offer does not say more:
# - NVLink 4 (H100/H200 SXM): 900 GB/s bidirectional = 450 GB/s each way per GPU (NVIDIA H100
#   data sheet); NVLink 5 (B200/B300): 1.8 TB/s bidirectional = 900 GB/s (NVIDIA DGX B200 data
#   sheet); NVLink 3 (A100 SXM): 600 GB/s bidirectional = 300 GB/s.
# - Infinity Fabric (MI300X/MI325X/MI355X): 7 links × 64 GB/s = 448 GB/s each way per GPU in an
#   8-GPU OAM platform (AMD Instinct MI300X data sheet, "896 GB/s peak aggregate bidirectional").
# - PCIe: Gen4 x16 32 GB/s, Gen5 x16 64 GB/s each way (PCI-SIG); the GPUs' own data sheets name
#   the generation (L40S, RTX 4090, RTX 6000 Ada, A10, L4: Gen4; RTX PRO 6000, RTX 5090, H100
#   PCIe: Gen5). Peer traffic without NVLink passes the host's root complex or a switch.
# - Latency: one all-reduce of a few kilobytes takes ~10 µs over NVLink/Infinity Fabric with the
#   engines' custom all-reduce kernels and ~25 µs across PCIe (NCCL's ring/tree launch plus a PCIe
#   round trip; nccl-tests all_reduce_perf small-message times quoted in public issues range
#   6-15 µs on NVLink and 20-40 µs on PCIe). These two are calibrated together with the step's
#   fixed time (see core.speed.calibration).
_LINKS: dict[str, Link] = {
    "nvlink-3": Link(300.0, 10.0),
    "nvlink-4": Link(450.0, 10.0),
    "nvlink-5": Link(900.0, 10.0),
    "infinity-fabric": Link(448.0, 10.0),
    "pcie-4": Link(32.0, 25.0),
    "pcie-5": Link(64.0, 25.0),
}
_PCIE5 = {"rtx-pro-6000-server", "rtx-5090", "h100-80gb-pcie"}
_NVLINK = {"a100-80gb": "nvlink-3", "a100-40gb": "nvlink-3", "b200-180gb": "nvlink-5"}
_NVLINK.update({"b300-288gb": "nvlink-5"})


def link_of(gpu: GpuOffer) -> Link:
    """The offer's link: the catalog's figures, else those of its interconnect kind."""
    if gpu.interconnect == "pcie":
        base = _LINKS["pcie-5" if gpu.id in _PCIE5 else "pcie-4"]
    elif gpu.interconnect == "infinity-fabric":
        base = _LINKS["infinity-fabric"]
    else:
        base = _LINKS[_NVLINK.get(gpu.id, "nvlink-4")]
    if gpu.link_gbps is None and gpu.link_latency_us is None:
        return base
    return Link(gpu.link_gbps or base.gbps, gpu.link_latency_us or base.latency_us)


# The share of its data-sheet peak a GPU's prefill-sized GEMMs reach, by the format they multiply
# in: the median over TensorRT-LLM's GEMMs at 4,096 and 8,192 rows over weights of 4,096-65,536
# by 4,096-65,536 elements, in NVIDIA's AIConfigurator kernel timings (ai-dynamo/aiconfigurator
# @ 095f58a51c4ca8e61b66ec108d86f223f8d559ce; 160-198 shapes per GPU and format, copied to
# tests/validation/gemm_shares.csv; tests/validation/gemm_shares.py recomputes them). Newer GPUs
# and lower precisions reach less of a larger peak: an NVFP4 GEMM on a B200 0.40 of 9 PFLOPS
# where its bf16 GEMM reaches 0.66 of 2.25 (independent benchmarks agree: vLLM's NVFP4 CUTLASS
# GEMM at 38-43 % of the FP4 peak against torch's bf16 GEMM at 60-63 % on a B200, vllm-project/
# vllm pull request 20646; cuBLAS's FP4 GEMM at 44-58 %, deepseek-ai/DeepGEMM pull request 348).
# The A100 40GB carries the 80GB's share (the same chip and clocks); the other offers have no
# such timings and keep their data-sheet peak.
GEMM_SHARE: dict[str, dict[str, float]] = {
    "a100-80gb": {"bf16": 0.84},
    "a100-40gb": {"bf16": 0.84},
    "h100-80gb-sxm": {"bf16": 0.79, "fp8": 0.63},
    "h200-141gb": {"bf16": 0.79, "fp8": 0.63},
    "b200-180gb": {"bf16": 0.66, "fp8": 0.53, "nvfp4": 0.40},
    "b300-288gb": {"bf16": 0.68, "fp8": 0.56, "nvfp4": 0.32},
    "l40s": {"bf16": 0.58, "fp8": 0.48},
    "rtx-pro-6000-server": {"bf16": 0.81, "fp8": 0.71, "nvfp4": 0.62},
}
# The engines' compute shares were fitted on H100 and H200 runs in FP8 (core.speed.calibration),
# so a matmul elsewhere runs at the peak scaled by its GPU and format's share over theirs.
GEMM_SHARE_REFERENCE = GEMM_SHARE["h100-80gb-sxm"]["fp8"]

# The share of the memory bandwidth at which a decode step's GEMMs stream their weights (the step
# model's weight reads at small batches). TensorRT-LLM 1.3.0rc10's bf16 and FP8 GEMMs at 1-16 rows
# over layer-sized weights (4,096-65,536 by 4,096-65,536) on H100, H200 and B200 in NVIDIA's
# AIConfigurator silicon data (ai-dynamo/aiconfigurator @ 095f58a51c4ca8e61b66ec108d86f223f8d559ce,
# aic-core/src/aiconfigurator_core/systems/data/<gpu>/gemm/trtllm/1.3.0rc10/gemm_perf.parquet):
# median 0.69 over 2,376 timings, here on the serving fit's grid (tests/validation/weight_stream.py
# recomputes it). Per GPU and format the medians run from 0.39 (FP8 on a B200) to 0.80 (bf16 on
# an H100); one share for all is what the serving fit can carry. The fit of TensorRT-LLM's
# profile holds it (its offline calibration points cannot tell 0.40 from 0.85: the loss moved by
# 0.005 over that range) and fits the other shares around it.
WEIGHT_STREAM_SHARE = 0.70

# A fused mixture-of-experts layer spends a time on each route (one token sent to one of its k
# experts) beyond its GEMMs' multiplies: routing, the permute of the token's hidden state to the
# expert's rows, quantizing it, the part-empty tiles, the activation, and the weighted sum of the k
# results back into the token. Measured in NVIDIA's AIConfigurator silicon data (kernel timings per
# GPU: ai-dynamo/aiconfigurator @ 095f58a51c4ca8e61b66ec108d86f223f8d559ce,
# aic-core/src/aiconfigurator_core/systems/data/<gpu>/{moe,gemm}/trtllm/1.3.0rc10/): TensorRT-LLM's
# CUTLASS fused MoE under balanced routing, the layer's time per token added between 8,192 and
# 16,384 tokens, less its GEMMs' FLOPs at the same GPU's measured 8192³ GEMM rate in the same
# format, per route. Median 7.6 ns (quartiles 5.4-9.2 ns) over 33 cells: H100, H200, B200, B300
# and RTX PRO 6000 Server, FP8 and NVFP4, seven expert shapes with hidden ≤ 4096 and intermediate
# ≤ 2048 (tests/validation/moe_routes.py recomputes it from the copied timings). The time does not
# scale with the GPU: for Qwen3-30B-A3B's experts it is 6.0-9.2 ns in FP8 and NVFP4 on every one
# of them, so with 128 small experts the layer runs at 9 % of a B200's FP4 peak. Every
# tensor-parallel rank runs every route (it holds a slice of every expert; the tables' tensor-
# parallel timings barely shrink), an expert-parallel rank only the routes to its own experts.
EXPERT_ROUTE_S = 7.6e-9


def route_time(routes: float, layers: int) -> float:
    """Seconds one GPU spends on ``routes`` routes per MoE layer, over ``layers`` layers."""
    return routes * layers * EXPERT_ROUTE_S


# A fused MoE kernel sizes its tiles in tokens to the tokens each expert receives: the next power
# of two, never fewer than 8 rows (NVIDIA/TensorRT-LLM tensorrt_llm/_torch/custom_ops/
# trtllm_gen_custom_ops.py @ b35ac1b64368513d215c57d2ed01d62d910df8da, calculate_tile_tokens_dim;
# the same rule, capped at 64, in vLLM's and FlashInfer's callers of those kernels). The
# AIConfigurator MoE tables behind EXPERT_ROUTE_S show the steps it makes: on an H200 a layer's
# time holds flat up to 8 tokens per expert, then rises by tile.
EXPERT_TILE_MIN = 8.0


def expert_tile(tokens_per_expert: float) -> float:
    """Rows of the tile a fused MoE kernel gives an expert receiving ``tokens_per_expert``."""
    rows = 2.0 ** math.ceil(math.log2(max(tokens_per_expert, 1.0)))
    return max(rows, EXPERT_TILE_MIN)


def expert_flops(
    params: float, routes: float, touched: float, *, pad_rows: float, share: float
) -> float:
    """The routed experts' FLOPs at the dense matmuls' rate: ``routes`` over ``touched`` experts.

    ``params`` are one expert's weights and a route is one token sent to one of its experts.
    Each touched expert also computes the part-empty rows of its last tile (the tile the kernel
    picks for its tokens, at most ``pad_rows``), and grouped GEMMs run at ``share`` of the dense
    matmuls' rate, so their FLOPs count for more (an engine profile's ``expert_pad_rows`` and
    ``expert_compute``).
    """
    if touched <= 0:
        return 0.0
    pad = min(pad_rows, expert_tile(routes / touched))
    return 2.0 * params * (routes + touched * pad) / share


def matmul_peak(gpu: GpuOffer, fmt: str) -> float:
    """Dense FLOP/s of the GPU's matmuls on weights of ``fmt``.

    FP8 and NVFP4 weights multiply at their own peak where the GPU has such tensor cores; NVFP4
    on a GPU without FP4 units runs as FP8 (Hopper) or bf16, as weight-only kernels do. Where
    kernel timings measure the GPU and format, the peak is scaled by :data:`GEMM_SHARE` over
    :data:`GEMM_SHARE_REFERENCE` (the engines' shares are fitted on the reference).
    """
    tflops, used = float(gpu.bf16_tflops), "bf16"
    if fmt == "nvfp4" and gpu.fp4_tflops:
        tflops, used = float(gpu.fp4_tflops), "nvfp4"
    elif fmt in ("nvfp4", "fp8") and gpu.fp8_tflops:
        tflops, used = float(gpu.fp8_tflops), "fp8"
    share = GEMM_SHARE.get(gpu.id, {}).get(used)
    if share is not None:
        tflops *= share / GEMM_SHARE_REFERENCE
    return tflops * 1e12
