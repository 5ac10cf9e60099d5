"""Serving a language model with llama.cpp: layers on the GPUs, the rest on the CPU.

The buffers come from :mod:`core.capacity.llamacpp`. With ``n_gpu_layers`` unset the estimate
offloads every layer when they fit and otherwise the most that fit (llama.cpp's own default,
``-ngl -1`` with ``--fit on``, does the same against each device's free memory); the layers
left over run on the CPU from system memory. Several GPUs hold consecutive layers
(``--split-mode layer``); the per-GPU memory shown is the fullest GPU's.
"""

from __future__ import annotations

from core.base.units import gib
from core.capacity import compat
from core.capacity.llamacpp import GpuShare, Settings, placement, stored_layers
from core.capacity.overhead import runtime_overhead
from core.domain.breakdown import Finding, MemoryBreakdown
from core.domain.catalog import GpuOffer
from core.domain.dtypes import BITS
from core.domain.quant_formats import FORMATS
from core.domain.request import PlanRequest
from core.estimate.llm import approximate_memory, inference_weights, model_findings, summary
from core.estimate.results import EstimateResult, LlamaCppDetails, Throughput, finish_result
from core.estimate.serving_speed import operating_point, serving_throughput
from core.model import gguf_mix
from core.model.architecture import ModelArchitecture, StoredLayers
from core.speed.phases import phase_speed

# Bytes per cached element of llama.cpp's cache types (ggml block sizes: q8_0 34 bytes per 32
# values, q4_0 18 per 32, q5_0 22 per 32, q5_1 24 per 32, q4_1 20 per 32).
_CACHE_BYTES = {
    "f32": 4.0,
    "f16": 2.0,
    "bf16": 2.0,
    "q8_0": 34 / 32,
    "q5_1": 24 / 32,
    "q5_0": 22 / 32,
    "q4_1": 20 / 32,
    "q4_0": 18 / 32,
}
# What llama.cpp's --fit leaves free on each device when it picks -ngl itself
# (common/common.h fit_params_target: 1 GiB per device).
FIT_MARGIN = 1024**3


def settings(request: PlanRequest) -> Settings:
    """llama.cpp's settings for ``request``: ``-c`` = context × slots, ``-np`` = slots."""
    inf = request.inference
    opts = inf.llamacpp
    return Settings(
        n_ctx=inf.context_tokens * inf.concurrent_sequences,
        n_seq=inf.concurrent_sequences,
        n_ubatch=min(opts.n_ubatch, opts.n_batch),
        cache_type_k=opts.cache_type_k,
        cache_type_v=opts.cache_type_v,
        flash_attn=opts.flash_attn,
    )


def _embedding_and_head(request: PlanRequest, arch: ModelArchitecture) -> tuple[int, int]:
    """Bytes of the token embedding and the output head (0 when tied) in the weight format."""
    name = request.precision.format
    fmt = FORMATS[name] if name is not None else None
    if fmt is not None and fmt.mix:
        return gguf_mix.embedding_and_head_bytes(fmt, arch)
    hidden = max(arch.hidden_size, 1)

    def size(params: int) -> int:
        if fmt is not None and fmt.family == "gguf":
            return fmt.matrix_bytes(params // hidden, hidden)
        weights = request.precision.weights
        return params * (BITS[weights] if weights in ("fp32", "bf16", "fp16") else 16) // 8

    return size(arch.embedding_params), size(arch.lm_head_params)


def model_layers(request: PlanRequest, arch: ModelArchitecture) -> StoredLayers:
    """Weight bytes per llama.cpp layer: a GGUF file's own, else from the weight format."""
    if arch.stored_layers is not None and compat.uses_stored_weights(request, arch):
        return arch.stored_layers
    single = request.model_copy(
        update={"parallelism": request.parallelism.model_copy(update={"tensor_parallel": 1})}
    )
    wm = inference_weights(single, arch)
    embedding, head = _embedding_and_head(request, arch)
    return stored_layers(arch, wm.weights + wm.quantization_metadata, embedding, head)


def _fullest(shares: tuple[GpuShare, ...]) -> GpuShare:
    return max(shares, key=lambda share: share.total)


def _best_ngl(
    arch: ModelArchitecture, layers: StoredLayers, s: Settings, gpus: int, budget: int
) -> int:
    """The largest ``-ngl`` whose fullest GPU fits in ``budget`` bytes (0 when none does)."""
    low, high = 0, len(layers.blocks) + 1
    # The fullest GPU grows with the layers offloaded: on one GPU strictly, over several to
    # within one layer, as the even split moves a slot from one GPU to the next.
    while low < high:
        mid = (low + high + 1) // 2
        if _fullest(placement(arch, layers, s, mid, gpus)).total <= budget:
            low = mid
        else:
            high = mid - 1
    return low


def serving_total(
    request: PlanRequest,
    arch: ModelArchitecture,
    layers: StoredLayers,
    ngl: int,
    context: int,
    sequences: int,
) -> int:
    """The fullest GPU's bytes at ``context`` tokens × ``sequences`` slots and ``-ngl ngl``."""
    inf = request.inference.model_copy(
        update={"context_tokens": context, "concurrent_sequences": sequences}
    )
    s = settings(request.model_copy(update={"inference": inf}))
    share = _fullest(placement(arch, layers, s, ngl, request.parallelism.gpus))
    return share.total + runtime_overhead(request.runtime, communicating=False, dynamic_bytes=0)


def estimate_llamacpp(
    request: PlanRequest, arch: ModelArchitecture, gpu: GpuOffer
) -> EstimateResult:
    """Per-GPU memory of llama.cpp serving ``request``: model, KV and compute buffers."""
    par = request.parallelism
    gpus = par.gpus
    findings = model_findings(arch) + compat.offer_findings(request, arch, gpu, gpus, 1)
    findings += compat.context_findings(request, arch)
    fmt = compat.effective_format(request, arch)
    if arch.stored_layers is None and not (
        (fmt is not None and fmt.hardware == "gguf")
        or (fmt is None and request.precision.weights in ("fp32", "bf16", "fp16"))
    ):
        named = fmt.name if fmt is not None else request.precision.weights
        findings.append(Finding.of("llamacpp_not_gguf", "warning", "quantization", format=named))
    if gpus > 1:
        findings.append(Finding.of("llamacpp_layer_split", "info", "vram", gpus=gpus))
    if par.expert_parallel:
        # llama.cpp's multi-GPU modes are --split-mode none, layer and row (the ``split-mode``
        # option in ggml-org/llama.cpp common/arg.cpp); none splits experts over GPUs, so the
        # request's expert (and data) parallelism is not what runs: say so, count the layer split.
        code, term = "llamacpp_no_expert_parallel", "tensor_parallelism"
        if arch.is_moe:
            findings.append(Finding.of(code, "warning", term, variant="moe"))
        else:
            findings.append(Finding.of(code, "warning", term, variant="dense"))
    s = settings(request)
    layers = model_layers(request, arch)
    n_slots = len(layers.blocks) + 1
    overhead = runtime_overhead(request.runtime, communicating=False, dynamic_bytes=0)
    usable = gpu.device_total.bytes  # llama.cpp has no utilisation fraction
    asked = request.inference.llamacpp.n_gpu_layers
    ngl = min(asked, n_slots) if asked is not None else n_slots
    shares = placement(arch, layers, s, ngl, gpus)
    if asked is None and _fullest(shares).total + overhead > usable:
        ngl = _best_ngl(arch, layers, s, gpus, usable - overhead - FIT_MARGIN)
        shares = placement(arch, layers, s, ngl, gpus)
    fullest = _fullest(shares)
    on_gpu_blocks = sum(share.blocks for share in shares)
    output_on_gpu = any(share.output for share in shares)
    cpu_weights = layers.token_embd + sum(layers.blocks[: len(layers.blocks) - on_gpu_blocks])
    cpu_weights += 0 if output_on_gpu else layers.output
    if ngl == 0 and asked is None:
        findings.append(Finding.of("llamacpp_no_layer_fits", "blocker", "vram", gpu=gpu.label))
    elif ngl < n_slots:
        findings.append(
            Finding.of(
                "llamacpp_partial_offload",
                "warning",
                "vram",
                on_gpu=ngl,
                layers=n_slots,
                on_cpu=n_slots - ngl,
                cpu_gib=gib(cpu_weights),
            )
        )
    memory = MemoryBreakdown(
        weights=fullest.model_buffer,
        kv_cache=fullest.kv_buffer,
        activations=fullest.compute_buffer,
        runtime_overhead=overhead,
    )
    all_on_gpu = ngl == n_slots
    gpu_weights = sum(share.model_buffer for share in shares)
    # One token passes the GPUs in turn (layer split): a step reads every GPU's weights and cache
    # at one GPU's bandwidth, as one GPU holding them all would; the step model (core.speed) with
    # llama.cpp's uncalibrated profile. Layers left on the CPU: no speed is stated.
    throughput = Throughput()
    if all_on_gpu:
        others = 2 * ((arch.lm_head_params or arch.embedding_params) + arch.other_params)
        kv = (_CACHE_BYTES.get(s.cache_type_k, 2.0) + _CACHE_BYTES.get(s.cache_type_v, 2.0)) / 2
        speed = phase_speed(
            arch,
            gpu,
            gpus=1,
            tp=1,
            weight_bytes=max((gpu_weights - others) / max(arch.linear_params, 1), 0.25),
            kv_bytes=kv,
            matmul="bf16",
            engine="llama.cpp",
            **operating_point(request),
        )
        throughput = serving_throughput(request, arch, gpu, speed)
    details = LlamaCppDetails(
        llamacpp={
            "split_mode": "layer",
            "n_gpu_layers": ngl,
            "layers": n_slots,
            "layers_on_gpu": ngl,
            "layers_on_cpu": n_slots - ngl,
            "cpu_weights_bytes": cpu_weights,
            "n_ctx": s.n_ctx,
            "kv_size": s.kv_size,
            "n_parallel": s.n_seq,
            "n_ubatch": s.n_ubatch,
            "cache_type_k": s.cache_type_k,
            "cache_type_v": s.cache_type_v,
            "flash_attn": s.flash_attn,
            "per_gpu": [
                {
                    "repeating_layers": share.blocks,
                    "output_layer": share.output,
                    "model_buffer_bytes": share.model_buffer,
                    "kv_buffer_bytes": share.kv_buffer,
                    "compute_buffer_bytes": share.compute_buffer,
                }
                for share in shares
            ],
        },
    )
    return finish_result(
        request,
        summary(arch),
        gpu,
        memory,
        usable,
        findings,
        kv_cache_bytes_per_token=None,
        throughput=throughput,
        details=details,
        approximate=approximate_memory(arch, memory),
    )
