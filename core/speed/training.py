"""Training speed: tokens per second per GPU from the FLOPs of a step and a calibrated utilisation.

The step is counted, not guessed (:func:`training_flops`):

- Matmuls: 6 FLOPs per weight and token (forward 2, backward 4: the gradients of the inputs
  and of the weights; Kaplan et al. 2020, section 2.1), counted over the architecture's linear
  groups as a token meets them (a routed token only its top-k experts) plus the output head;
  the token embedding is a lookup and costs none. LoRA and QLoRA skip the frozen weights'
  gradients: 4 FLOPs per frozen weight and token (the adapters are negligible).
- Attention scores and values: 6 · heads · (d_qk + d_v) · context per token and layer (the
  forward's Q·Kᵀ and A·V, 2 · heads · d · context each, tripled by the backward), which is
  PaLM's 12 · layers · d_attn · seq (Chowdhery et al. 2022, appendix B) for multi-head
  attention; MLA by its own widths (d_qk = nope + rope, d_v = nope; DeepSeek-V3's
  config.json), sliding-window layers at ``min(seq, window)``.
- Recomputation repeats the forward: "full" all of it (+1/3 of the matmuls and attention),
  "selective" only the attention core (+1/3 of the attention FLOPs; Korthikanti et al. 2022,
  "Reducing Activation Recomputation in Large Transformer Models").

The time of a step (:func:`training_speed`):

- Matmuls run at the training precision's own peak (FP8 training: the catalog's FP8 peak) times
  the achievable matmul utilisation of that precision; attention runs in 16-bit at the bf16
  peak times its own utilisation (FlashAttention is not an FP8 kernel in these recipes).
- Pipeline parallelism adds the bubble of (interleaved) 1F1B: (p − 1) / (v · m) of the
  step, m micro-batches per pipeline and v virtual stages (Narayanan et al. 2021, "Efficient
  Large-Scale Language Model Training on GPU Clusters Using Megatron-LM", section 2.2).
- Tensor parallelism adds its sequence-parallel all-gathers and reduce-scatters, two of the
  hidden state per layer forward and two backward, at the GPU's NVLink bandwidth.
- Mixture-of-experts layers add a time per token, MoE layer and routed expert (the token's
  permutation, all-to-all dispatch and combine, the grouped GEMM's small per-expert blocks):
  what the published MoE runs lose beyond their FLOPs. Measured, it is nearly the same on
  H100, B200 and B300 and for expert-parallel 8 or 64 (GPT-OSS-120B: 0.65-0.7 µs per route in
  all five calibration rows), so it is one fitted constant, not a bandwidth.
- Data-parallel traffic overlaps the compute, so a step takes the longer of the two: DDP
  all-reduces the trainable parameters' fp32 gradients once a step (2·(d − 1)/d of them, ring
  all-reduce), FSDP all-gathers the 16-bit parameters for the forward and again for the
  backward and reduce-scatters the gradients ((d − 1)/d each), over NVLink (or PCIe) within a
  node and the network between nodes (:data:`NETWORK_GBPS`). Context parallelism's ring
  exchange is taken as overlapped, its attention FLOPs counted at the full sequence.
- QLoRA dequantises the 4-bit base weights to 16-bit in the forward and twice in the backward:
  2.5 bytes moved per base weight and pass (0.5 read, 2 written), memory-bound, per micro-batch.

Constants are fitted on the calibration cases of ``tests/validation/speed_training.py``
(``python -m tests.validation.speed_fit``) and judged on its validation cases, never on them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from core.model.architecture import ModelArchitecture

TrainPrecision = Literal["bf16", "fp8"]
Recompute = Literal["none", "selective", "full"]
Method = Literal["full", "lora", "qlora"]


# --- calibrated constants -----------------------------------------------------------------------
# Fitted together by tests/validation/speed_fit.py on the calibration cases of
# tests/validation/speed_training.py (Megatron-Bridge 25.11 / 26.02 and NeMo 24.07: Llama 3 8B
# and 70B, Qwen3-30B-A3B and GPT-OSS-120B on H100, B200 and B300; torchtitan Llama 3 8B and 70B
# on A100), minimising the sum of absolute log errors; the validation cases (Llama 3.1 405B,
# Qwen3-235B-A22B, DeepSeek-V3, Llama 2 pre-training, SFT and LoRA, torchtune's fine-tuning
# runs, torchtitan's H100 runs) played no part.
@dataclass(frozen=True)
class TrainingConstants:
    """The calibrated constants of the training model."""

    matmul_bf16: float  # achieved share of the bf16 peak in bf16 matmuls
    matmul_fp8: float  # achieved share of the FP8 peak in FP8 training's matmuls
    # GPU-seconds per token, MoE layer and routed expert it goes to (forward + backward)
    moe_seconds_per_route: float
    # The routed experts' grouped GEMMs as a share of the dense matmuls' rate
    expert_efficiency: float = 1.0


CONSTANTS = TrainingConstants(
    matmul_bf16=0.609, matmul_fp8=0.449, moe_seconds_per_route=2.09e-7, expert_efficiency=0.323
)
# The band of a figure, by model kind, from the calibration cases' errors (docs/ACCURACY.md),
# rounded up to the next 5 % step: dense rows are all within 15.3 % (→ ±20 %); mixture-of-experts
# rows 9 of 10 within 41 % (→ ±45 %; the Qwen3-30B-A3B row at micro-batch 8 on B300 runs 3.2x
# faster than the model and stays outside).
BANDS = {"dense": 0.20, "moe": 0.45}
# A GPU family no published run in tests/validation/speed_training.py was measured on: its
# efficiency is not known, so the band widens by this much (an assumption, stated as such).
UNMEASURED_WIDENING = 0.25
MEASURED_FAMILIES = ("a100", "h100", "h200", "b200", "b300")


def measured_family(gpu_id: str) -> bool:
    """Whether published training runs calibrate ``gpu_id``'s family (PCIe/NVL parts do not)."""
    return gpu_id.startswith(MEASURED_FAMILIES) and "pcie" not in gpu_id and "nvl" not in gpu_id


# NVLink bandwidth each way per GPU, GB/s: NVLink 3 600 GB/s, NVLink 4 900 GB/s and NVLink 5
# 1.8 TB/s bidirectional (NVIDIA A100, H100 and DGX B200 data sheets). GPUs without NVLink use
# PCIe Gen4 x16, 32 GB/s (PCI-SIG).
_NVLINK_GBPS = {"a100": 300.0, "h100": 450.0, "h200": 450.0, "b200": 900.0, "b300": 900.0}
_PCIE_GBPS = 32.0
# Between nodes: one 400 Gb/s InfiniBand NDR port per GPU = 50 GB/s each way (NVIDIA DGX H100 /
# DGX B200 data sheets; torchtitan's H100 hosts, docs/performance.md). An assumption for a
# rented multi-node allocation, whose network the catalog does not state.
NETWORK_GBPS = 50.0


def link_gbps(gpu_id: str) -> float:
    """Unidirectional GPU-to-GPU bandwidth of a catalog GPU (NVLink where it has one)."""
    if "pcie" in gpu_id or "nvl" in gpu_id:
        return _PCIE_GBPS
    for prefix, gbps in _NVLINK_GBPS.items():
        if gpu_id.startswith(prefix):
            return gbps
    return _PCIE_GBPS


@dataclass(frozen=True)
class TrainingLayout:
    """How a training run is laid out: parallelism, batch, sequence, precision, recomputation."""

    gpus: int
    sequence_length: int
    micro_batch: int = 1
    global_batch: int | None = None  # sequences per step; None: one micro-batch per replica
    tp: int = 1
    pp: int = 1
    cp: int = 1
    ep: int = 1
    virtual_stages: int = 1
    data_parallel: Literal["ddp", "fsdp"] = "ddp"
    precision: TrainPrecision = "bf16"
    recompute: Recompute = "none"
    method: Method = "full"

    @property
    def dp(self) -> int:
        """Data-parallel replicas (FSDP shards count as replicas of the work)."""
        return max(self.gpus // (self.tp * self.pp * self.cp), 1)

    @property
    def micro_batches(self) -> int:
        """Micro-batches each pipeline runs per step (gradient accumulation)."""
        if self.global_batch is None:
            return 1
        return max(self.global_batch // (self.micro_batch * self.dp), 1)


@dataclass(frozen=True)
class TrainingFlops:
    """FLOPs per trained token, by kind."""

    dense: float  # matmuls outside the routed experts, output head included
    experts: float  # routed experts' matmuls
    attention: float  # scores and values
    recompute_matmul: float
    recompute_attention: float
    routes: int = 0  # MoE layers × routed experts a token goes to
    expert_params: int = 0  # the routed experts' weights, all of them (held over EP ranks)

    @property
    def model(self) -> float:
        """Model FLOPs per token (no recomputation): what MFU is counted from."""
        return self.dense + self.experts + self.attention


def _attention_widths(arch: ModelArchitecture) -> tuple[int, int]:
    """(d_qk, d_v) per head."""
    if arch.attention == "mla" and arch.qk_rope_head_dim:
        return arch.head_dim, arch.head_dim - arch.qk_rope_head_dim
    return arch.head_dim, arch.head_dim


def training_flops(arch: ModelArchitecture, layout: TrainingLayout) -> TrainingFlops:
    """FLOPs per trained token of ``arch`` at ``layout``'s sequence length and method."""
    per_weight = 6 if layout.method == "full" else 4
    dense = 0
    experts = 0
    for group in arch.linear_groups:
        if group.name.startswith("experts."):
            experts += group.active_params
        else:
            dense += group.active_params
    dense += arch.vocab_size * arch.hidden_size  # output head (tied or not, it is a matmul)
    d_qk, d_v = _attention_widths(arch)
    seq = layout.sequence_length
    window_layers = arch.sliding_window_layers if arch.sliding_window else 0
    contexts = (arch.layers - window_layers) * seq
    if window_layers and arch.sliding_window:
        contexts += window_layers * min(seq, arch.sliding_window)
    attention = 6.0 * arch.attention_heads * (d_qk + d_v) * contexts
    matmul_dense = float(per_weight * dense)
    matmul_experts = float(per_weight * experts)
    rec_mm = (2.0 * (dense + experts)) if layout.recompute == "full" else 0.0
    rec_attn = attention / 3 if layout.recompute in ("full", "selective") else 0.0
    routes = 0
    expert_params = sum(g.params for g in arch.linear_groups if g.name.startswith("experts."))
    if arch.num_experts:
        moe_layers = sum(
            g.count // arch.num_experts for g in arch.linear_groups if g.name == "experts.down_proj"
        )
        routes = moe_layers * arch.experts_per_token
    return TrainingFlops(
        matmul_dense, matmul_experts, attention, rec_mm, rec_attn, routes, expert_params
    )


@dataclass(frozen=True)
class TrainingSpeed:
    """Tokens per second per GPU of a layout, with what makes up a token's time."""

    tokens_per_s_per_gpu: float
    flops: TrainingFlops
    compute_s: float  # wall seconds per token of one replica (its tp·pp·cp GPUs)
    bubble: float  # pipeline bubble as a share of the compute
    tp_s: float
    moe_s: float
    dequant_s: float
    band: float
    dp_s: float = 0.0  # data-parallel traffic per token of a replica, overlapped with compute

    @property
    def low(self) -> float:
        """The band's slow end (tokens/s per GPU)."""
        return self.tokens_per_s_per_gpu * (1 - self.band)

    @property
    def high(self) -> float:
        """The band's fast end (tokens/s per GPU)."""
        return self.tokens_per_s_per_gpu * (1 + self.band)

    def mfu(self, bf16_peak_flops: float) -> float:
        """Model FLOPs per second per GPU over the bf16 peak."""
        return self.tokens_per_s_per_gpu * self.flops.model / bf16_peak_flops


def training_speed(
    arch: ModelArchitecture,
    layout: TrainingLayout,
    *,
    bf16_tflops: float,
    fp8_tflops: float | None,
    memory_bandwidth_gbps: float,
    link_gbps: float,
    gpus_per_node: int = 8,
    measured_gpu: bool = True,
    constants: TrainingConstants = CONSTANTS,
    flops: TrainingFlops | None = None,
) -> TrainingSpeed:
    """Tokens per second per GPU of ``arch`` trained at ``layout`` on GPUs with these figures.

    ``measured_gpu`` says whether published runs calibrate the GPU's family
    (:func:`measured_family`); when not, the band widens by :data:`UNMEASURED_WIDENING`.
    ``flops`` is :func:`training_flops` of ``arch`` and ``layout`` when already counted (it
    depends on the sequence, method and recomputation only).
    """
    if flops is None:
        flops = training_flops(arch, layout)
    precision: TrainPrecision = layout.precision if fp8_tflops else "bf16"
    mm_peak = (fp8_tflops if precision == "fp8" and fp8_tflops else bf16_tflops) * 1e12
    mm_rate = mm_peak * (constants.matmul_fp8 if precision == "fp8" else constants.matmul_bf16)
    # Attention at the bf16 matmul share: FlashAttention-3 reaches 0.6-0.75 of H100's bf16 peak
    # forward and less backward (Shah et al. 2024), the range the bf16 matmuls reach too.
    attn_rate = bf16_tflops * 1e12 * constants.matmul_bf16
    rec_experts = flops.recompute_matmul * flops.experts / max(flops.dense + flops.experts, 1.0)
    compute = (flops.dense + flops.recompute_matmul - rec_experts) / mm_rate
    compute += (flops.experts + rec_experts) / (mm_rate * constants.expert_efficiency)
    compute += (flops.attention + flops.recompute_attention) / attn_rate
    # Below, times are wall seconds per token of one replica (its tp·pp·cp GPUs together):
    # pipeline stages work on different micro-batches at once, context-parallel ranks on parts
    # of the sequence, tensor-parallel ranks on parts of each matmul.
    tokens_per_mb = layout.micro_batch * layout.sequence_length
    tp_s = 0.0
    if layout.tp > 1:
        # Sequence parallel: 2 all-gathers + 2 reduce-scatters of the hidden state per layer
        # (forward; again in the backward), each moving (tp-1)/tp of it, bf16.
        moved = 8 * arch.layers * arch.hidden_size * 2 * (layout.tp - 1) / layout.tp
        tp_s = moved / (link_gbps * 1e9) / layout.pp / layout.cp
    moe_s = constants.moe_seconds_per_route * flops.routes / (layout.tp * layout.pp * layout.cp)
    dequant_s = 0.0
    if layout.method == "qlora":
        passes = 4 if layout.recompute == "full" else 3
        base = sum(g.params for g in arch.linear_groups) / layout.tp / layout.pp
        dequant_s = passes * base * 2.5 / (memory_bandwidth_gbps * 1e9) / tokens_per_mb
    shard = layout.tp * layout.pp * layout.cp
    compute_gpu = compute / shard
    bubble = (layout.pp - 1) / (layout.virtual_stages * layout.micro_batches)
    dp_s = _data_parallel_seconds(arch, layout, flops, link_gbps, gpus_per_node)
    per_token = max(compute_gpu * (1 + bubble), dp_s) + tp_s + moe_s + dequant_s
    tps = 1.0 / (per_token * shard)
    band = BANDS["moe" if arch.num_experts else "dense"]
    if not measured_gpu:
        band += UNMEASURED_WIDENING
    return TrainingSpeed(tps, flops, compute_gpu, bubble, tp_s, moe_s, dequant_s, band, dp_s)


def _data_parallel_seconds(
    arch: ModelArchitecture,
    layout: TrainingLayout,
    flops: TrainingFlops,
    link_gbps: float,
    gpus_per_node: int,
) -> float:
    """Data-parallel traffic per token of one replica, in seconds (see the module's notes)."""
    d = layout.dp
    if d <= 1:
        return 0.0
    share = (d - 1) / d
    # The parameters one rank holds: routed experts are split over the expert-parallel ranks.
    experts = flops.expert_params
    per_gpu = ((arch.params_total - experts) + experts / layout.ep) / (layout.tp * layout.pp)
    trainable = per_gpu if layout.method == "full" else 0.0  # adapters are negligible
    tokens_per_step = layout.micro_batch * layout.sequence_length * layout.micro_batches
    if layout.data_parallel == "fsdp":  # per micro-batch: two gathers, one reduce-scatter
        moved = (2 * per_gpu * 2 + trainable * 2) * share * layout.micro_batches
    else:  # once a step: ring all-reduce of fp32 gradients
        moved = 2 * trainable * 4 * share
    spans_nodes = layout.gpus > gpus_per_node
    bandwidth = min(link_gbps, NETWORK_GBPS) if spans_nodes else link_gbps
    return moved / (bandwidth * 1e9) / tokens_per_step
