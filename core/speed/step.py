"""One serving engine step's time, and the largest batch a layout runs.

A step of a serving engine runs ``B`` sequences' next tokens (decode) and ``P`` prompt tokens
(prefill) through every layer. Its time is

    t_gpu = max(w, m) + ridge · min(w, m)      (w = weight bytes ÷ bandwidth, m = FLOPs ÷ compute)
          + max(cache bytes ÷ bandwidth, attention FLOPs ÷ compute)
          + activation bytes ÷ bandwidth + all-reduces + fixed
    t = max(t_gpu, t_host)

each at the engine's achievable share of the peak. The matmuls and attention are separate
kernels that run one after the other, so each gets its own roofline and the two add up (a single
max over the whole step would let a large batch's attention hide under its matmuls, which no
engine does: the calibration's long-output offline runs are 1.3-1.7× slower than that single max).
Near the ridge point a matmul neither streams its weights at full speed nor keeps its tensor cores
busy, so a calibrated share (``ridge``) of the shorter of the two shows. The host prepares each
step and launches its kernels while the GPU runs the previous one, so the step lasts as long as the
slower of the two (``t_host``: a time per sequence, and per layer when the step holds prompt
tokens and runs without a CUDA graph).

- weight bytes: each GPU's share of the weights the step touches (a mixture-of-experts step
  touches the experts its tokens route to: a fraction 1 − (1 − k/E)^T of them for T tokens under
  uniform routing); cache bytes: every decoding sequence's cache at the context it really has;
- matmul FLOPs: 2·N_active per token, at the peak of the weights' format where the GPU has such
  tensor cores; a mixture of experts' routed experts run as grouped GEMMs, each touched expert
  with a part-empty last tile and all of them at a calibrated share of the dense rate
  (:func:`core.speed.hardware.expert_flops`); attention FLOPs: 4·layers·width·context per token
  at the 16-bit peak;
- activations: the kernels between the matmuls read and write every token's full hidden width on
  every rank (tensor parallelism does not split them), a calibrated number of passes; a
  mixture-of-experts layer adds a measured time per route (token × expert it goes to) that does
  not scale with the GPU (:data:`core.speed.hardware.EXPERT_ROUTE_S`);
- all-reduces: two per layer under tensor parallelism (after attention and after the MLP), each
  a fixed latency plus 2·(tp−1)/tp of the activations over the link; a mixture of experts run
  with attention data parallelism instead gathers the (quantized) tokens once and scatters the
  16-bit results once per layer, each GPU keeping its own sequences' attention and host loop;
- fixed: a per-layer time (kernel launches, norms, the small kernels between matmuls) and a
  per-step time (the engine's scheduler, sampling).

The operating points built from such steps (a loaded server, a static batch, the throughput
curve) are in :mod:`core.speed.serving`.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass

from core.domain.catalog import GpuOffer
from core.speed import expert_parallel
from core.speed.hardware import Link, expert_flops, link_of, matmul_peak, route_time
from core.speed.shape import KV_BYTES, WEIGHT_BYTES, ModelShape

# Bytes per activation element the matmuls read, by their precision: FP8 one byte; NVFP4 half a
# byte plus one FP8 scale per 16 values (as WEIGHT_BYTES).
_ACT_BYTES = {"fp8": 1.0, "nvfp4": 0.5625}


@dataclass(frozen=True)
class EngineProfile:
    """An engine's achievable fractions of the hardware, and its batch limits."""

    name: str
    bandwidth: float  # achievable share of the peak memory bandwidth reading weights
    cache_bandwidth: float  # achievable share reading the KV cache (paged attention kernels)
    compute: float  # achievable share of the dense matmul peak
    layer_us: float  # fixed time per layer per step, microseconds
    step_us: float  # fixed time per step (scheduler, sampling), microseconds
    comm_scale: float  # measured all-reduce time ÷ the link's figures (latency + bandwidth)
    act_passes: float  # full-width 16-bit activation reads+writes per token per layer
    max_batch: int  # sequences one step runs at most
    max_tokens: int  # tokens one step runs at most (prefill chunk + decode)
    kv_share: float  # share of the memory the KV pool gets (see free_for_cache)
    calibrated: bool  # whether published measurements of this engine and vendor fitted it
    band: float  # relative half-width of the band (×) from the calibration residuals
    # Host (CPU) time of a step, which the GPU work hides or waits for (see StepTime.total):
    ridge: float = 0.0  # share of the shorter of reading and multiplying a matmul does not hide
    # Rows each touched expert's grouped GEMM computes beyond its tokens, at most: its last tile
    # runs part-empty, and the tile follows the tokens per expert (expert_tile); 0: no such loss.
    expert_pad_rows: float = 0.0
    # The routed experts' grouped GEMMs reach this share of the dense matmuls' rate.
    expert_compute: float = 1.0
    seq_us: float = 0.0  # per sequence in the step (the engine's per-request bookkeeping)
    eager_layer_us: float = 0.0  # per layer when the step holds prompt tokens (no CUDA graph)
    # A loaded server's time to first token grows by this share of a prompt's own prefill for
    # every other sequence it serves (arrivals that cluster, the front end and the scheduler;
    # see core.speed.serving.steady_cycle). 0: no queueing counted, the figure is a floor.
    queue_per_seq: float = 0.0


@dataclass(frozen=True)
class Layout:
    """Where the model runs: the offer, GPUs, tensor-parallel degree, and what a step reads.

    ``weight_bytes`` are the stored bytes per linear-layer weight (scales included),
    ``kv_bytes`` the bytes per cached element, and ``matmul`` the precision the matmuls run at
    (a key of :func:`core.speed.hardware.matmul_peak`: "bf16", "fp8" or "nvfp4").
    """

    gpu: GpuOffer
    gpus: int
    tp: int
    weight_bytes: float
    kv_bytes: float
    matmul: str
    _: KW_ONLY  # the layout's options below are named, never positional
    # Attention data parallel (TensorRT-LLM's enable_attention_dp) for a mixture of experts over
    # ``tp`` GPUs: each GPU runs attention for its own sequences with the whole attention
    # weights, and the expert layer gathers every GPU's tokens and scatters the results back.
    attention_dp: bool = False
    experts: expert_parallel.ExpertSplit | None = None  # see core.speed.expert_parallel

    @classmethod
    def of(cls, gpu: GpuOffer, gpus: int, tp: int, weights: str, kv: str) -> Layout:
        """A layout from format names (keys of WEIGHT_BYTES and KV_BYTES)."""
        matmul = weights if weights in ("fp8", "nvfp4") else "bf16"
        return cls(gpu, gpus, tp, WEIGHT_BYTES[weights], KV_BYTES[kv], matmul)

    def dp_attention(self, shape: ModelShape) -> bool:
        """Whether this step runs attention data parallel (a mixture of experts over GPUs)."""
        return self.attention_dp and shape.is_moe and shape.tp > 1

    @property
    def replicas(self) -> int:
        """Independent copies of the model (data-parallel serving)."""
        ranks = self.tp * (self.experts.dp if self.experts else 1)
        return max(self.gpus // ranks, 1)


# The fields of a layout without its expert split (a rank's own tensor-parallel layout).
_PLAIN = ("gpu", "gpus", "tp", "weight_bytes", "kv_bytes", "matmul")


@dataclass(frozen=True)
class StepTime:
    """The parts of one step's time, seconds."""

    weights: float  # reading the weights the step touches
    matmul: float  # the linear layers' FLOPs
    cache: float  # reading the decoding sequences' caches
    attention: float  # attention's FLOPs
    activations: float  # norms, residual adds, rotary, quantize: full width on every rank
    comm: float  # tensor-parallel all-reduces
    fixed: float  # per-layer and per-step fixed time
    host: float = 0.0  # the host's work for the step: preparing it and launching its kernels
    ridge: float = 0.0  # see EngineProfile.ridge

    @property
    def gpu(self) -> float:
        """Linear layers and attention each at their roofline, then communication and fixed time."""
        return (
            max(self.weights, self.matmul)
            + self.ridge * min(self.weights, self.matmul)
            + max(self.cache, self.attention)
            + self.activations
            + self.comm
            + self.fixed
        )

    @property
    def total(self) -> float:
        """The GPU's time, or the host's where the host is slower.

        The engines prepare the next step on the host while the GPU runs this one (TensorRT-LLM's
        overlap scheduler, vLLM's asynchronous scheduling), so a step lasts as long as the slower
        of the two rather than their sum.
        """
        return max(self.gpu, self.host)


def _touched(shape: ModelShape, tokens: float) -> float:
    """Share of the experts ``tokens`` tokens route to, under uniform routing."""
    if not shape.expert_params or tokens <= 0:
        return 0.0
    return float(1.0 - (1.0 - shape.experts_per_token / shape.experts) ** tokens)


def _weight_bytes(shape: ModelShape, layout: Layout, tokens: float) -> float:
    if layout.experts is not None:  # whole experts per GPU (core.speed.expert_parallel)
        return expert_parallel.weight_bytes(shape, layout, tokens)
    bpw = layout.weight_bytes
    expert = float(shape.expert_params) * _touched(shape, tokens)
    dense = float(shape.dense_linear_params)
    if layout.dp_attention(shape):
        dense *= shape.tp  # every GPU holds the whole attention (and any dense) weights
    linear = (dense + expert) * bpw / shape.tp
    return linear + shape.other_params * 2.0 / shape.tp


def step_time(
    shape: ModelShape,
    layout: Layout,
    engine: EngineProfile,
    *,
    decode: float,
    context: float,
    prefill: float = 0.0,
    prefill_context: float = 0.0,
) -> StepTime:
    """One step of ``decode`` sequences at ``context`` and ``prefill`` prompt tokens.

    ``prefill_context`` is the average context a prompt token attends to (half the prompt).
    """
    if layout.experts is not None:  # expert parallel: a rank's own step, adjusted
        ranks = max(layout.experts.dp, 1)
        plain = Layout(*(getattr(layout, f) for f in _PLAIN))  # the rank's layout, no split
        rank = step_time(
            shape,
            plain,
            engine,
            decode=decode / ranks,
            context=context,
            prefill=prefill / ranks,
            prefill_context=prefill_context,
        )
        return expert_parallel.adjust(rank, shape, layout, engine, decode=decode, prefill=prefill)
    gpu = layout.gpu
    tokens = decode + prefill
    bandwidth = gpu.memory_bandwidth_gbps * 1e9 * engine.bandwidth
    weights = _weight_bytes(shape, layout, tokens) / bandwidth
    cache = decode * shape.kv_elements(context) * layout.kv_bytes
    cache /= gpu.memory_bandwidth_gbps * 1e9 * engine.cache_bandwidth
    routes = shape.experts_per_token * tokens
    routed = shape.expert_params / shape.experts * routes if shape.is_moe else 0.0
    matmul = 2.0 * shape.active_params * tokens - 2.0 * routed
    if shape.is_moe:
        touched = _touched(shape, tokens) * shape.experts
        params = shape.expert_params / shape.experts
        pad, share = engine.expert_pad_rows, engine.expert_compute
        matmul += expert_flops(params, routes, touched, pad_rows=pad, share=share)
    matmul /= shape.tp * matmul_peak(gpu, layout.matmul) * engine.compute
    attention = (
        shape.attention_flops(context) * decode + shape.attention_flops(prefill_context) * prefill
    )
    attention /= float(gpu.bf16_tflops) * 1e12 * engine.compute
    # The small kernels between the matmuls (norms, residual adds, rotary, activation quantize)
    # stream the full hidden width of every token on every tensor-parallel rank.
    dp = layout.dp_attention(shape)
    # Under attention data parallelism each GPU's norms and residuals see only its own tokens.
    own = tokens / shape.tp if dp else tokens
    activations = engine.act_passes * own * shape.hidden * 2.0 * shape.layers / bandwidth
    # A mixture-of-experts layer spends a time on each of its k·T routes beyond the multiplies
    # (permute, quantize, part-empty tiles, unpermute); every tensor-parallel rank runs them all.
    if shape.is_moe:
        activations += route_time(shape.experts_per_token * tokens, shape.layers)
    comm = 0.0
    if shape.tp > 1:
        link: Link = link_of(gpu)
        share = (shape.tp - 1) / shape.tp
        message = tokens * shape.hidden * 2.0  # 16-bit activations
        if dp:
            # One all-gather of the tokens, quantized to the experts' format first (scales
            # included), and one reduce-scatter of the 16-bit results per layer, instead of two
            # all-reduces (TensorRT-LLM tensorrt_llm/_torch/modules/fused_moe.py @
            # cbe4c0aed8b53848575ca3c1c6f50d33aa9da174: quantize, allgather, MoE, reducescatter).
            gathered = tokens * shape.hidden * _ACT_BYTES.get(layout.matmul, 2.0)
            per = 2 * link.latency_us * 1e-6 + share * (gathered + message) / (link.gbps * 1e9)
            comm = shape.layers * per * engine.comm_scale
        else:
            per = link.latency_us * 1e-6 + 2.0 * share * message / (link.gbps * 1e9)
            comm = 2 * shape.layers * per * engine.comm_scale
    fixed = (shape.layers * engine.layer_us + engine.step_us) * 1e-6
    # The host walks every sequence of the step in the engine's own loop (inputs, sampling,
    # outputs), and launches a step with prompt tokens kernel by kernel: the engines replay
    # CUDA graphs only for steps that decode alone (TensorRT-LLM's PyTorch backend:
    # tensorrt_llm/_torch/pyexecutor/model_engine.py @ 001e67005b4f64b69b0045456870be48ab7b2cf0,
    # _prepare_tp_inputs loops over the requests in Python; graphs are padded to generation-only
    # batches, and steps with context requests run eagerly unless torch.compile's piecewise
    # graphs are switched on, which the published runs do not do).
    # Under attention data parallelism each GPU's own executor walks only its own sequences.
    host = engine.seq_us * (decode + (1.0 if prefill > 0 else 0.0)) / (shape.tp if dp else 1)
    if prefill > 0:
        host += engine.eager_layer_us * shape.layers
    return StepTime(
        weights, matmul, cache, attention, activations, comm, fixed, host * 1e-6, engine.ridge
    )


def free_for_cache(shape: ModelShape, layout: Layout, engine: EngineProfile) -> float:
    """Bytes per GPU the KV pool gets: a share of what the weights leave.

    3 GiB are kept aside for the runtime and activations; TensorRT-LLM's
    kv_cache_free_gpu_mem_fraction and vLLM's gpu_memory_utilization both act on about this.
    """
    vram = layout.gpu.device_total.bytes
    weights = _weight_bytes(shape, layout, 1e9)
    return max((vram - weights - 3 * 2**30) * engine.kv_share, 0.0)


def largest_batch(
    shape: ModelShape, layout: Layout, engine: EngineProfile, isl: int, osl: int
) -> int:
    """The batch an engine runs offline.

    The least of what its KV pool holds at full length, its sequence limit, and its token limit
    per step in steady state (B·(1 + input÷output) tokens).
    """
    per_seq = shape.kv_elements(isl + osl) * layout.kv_bytes
    by_memory = (
        int(free_for_cache(shape, layout, engine) // per_seq) if per_seq else engine.max_batch
    )
    by_tokens = int(engine.max_tokens / (1.0 + isl / max(osl, 1)))
    ranks = layout.experts.dp if layout.experts else 1  # each data-parallel rank its own engine
    return max(min(by_memory, engine.max_batch, max(by_tokens, 1)), 1) * ranks
