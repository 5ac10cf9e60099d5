"""Engine and vendor profiles: the calibrated fractions of the hardware each engine reaches.

Fitted with ``python -m tests.validation.serving_fit`` on the calibration set of
``tests/validation/speed_serving.py`` only (the validation set is never read by the fit):
coordinate descent over grids of each profile's shares and times from several starts, minimising
the mean |log(planner ÷ measured)| of the engine's calibration points. ``band`` is the 80th
percentile of those points' |error| after the fit (never narrower than the best-covered profile's:
a profile fitted on one source cannot claim more). Where the GPU, the weights' format or the
engine itself has no calibration point, :func:`coverage` doubles the band and says which.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.speed.hardware import WEIGHT_STREAM_SHARE
from core.speed.step import EngineProfile

# TensorRT-LLM on NVIDIA. Calibration cases: perf-overview.md (TensorRT-LLM 1.0) H100 SXM and H200
# SXM columns, and performance.md (0.6.1 / 0.5) H100 rows: 124 points (speed_serving.py).
# The weights' bandwidth share is held at the kernel-measured WEIGHT_STREAM_SHARE (these mostly
# offline points do not identify it); the rest is the fit around it: mean |log error| 0.144, 80th
# percentile |error| 0.24 (0.146 and 0.26 when every touched expert's part-empty tile was a fixed
# 128 rows and grouped GEMMs ran at the dense rate; 0.176 and 0.31 before the host time, the
# ridge, attention data parallelism and the experts' part-empty tiles entered the step model).
# seq_us and eager_layer_us (the host's time per sequence and per eagerly launched layer), ridge,
# expert_pad_rows and expert_compute come from the same fit. expert_compute 0.35: the grouped
# GEMMs at about a third of the dense matmuls' rate, as the training fit finds on its own
# published runs (core.speed.training: 0.323). expert_pad_rows 32: the part-empty rows stop at
# 32, a quarter of the largest tile.
# max_batch 2048 and max_tokens 8192: TensorRT-LLM's BuildConfig defaults (max_batch_size,
# max_num_tokens). kv_share 0.9: kv_cache_free_gpu_mem_fraction's default (the page says
# 0.90-0.95).
TRTLLM_NVIDIA = EngineProfile(
    name="trtllm-nvidia",
    bandwidth=WEIGHT_STREAM_SHARE,
    cache_bandwidth=0.95,
    compute=0.6,
    layer_us=10.0,
    step_us=2000.0,
    comm_scale=1.5,
    act_passes=4.0,
    max_batch=2048,
    max_tokens=8192,
    kv_share=0.90,
    calibrated=True,
    band=0.24,
    seq_us=30.0,
    eager_layer_us=300.0,
    ridge=0.75,
    expert_pad_rows=32.0,
    expert_compute=0.35,
)

# vLLM on AMD. Calibration cases: the Oracle Cloud MI300X Llama 3.1 405B FP8 latency and
# throughput tables, 11 points of one model and one layout (speed_serving.py). Fit: mean |log
# error| 0.012 (0.016 from the fit's earlier, narrower starts), which the parameters on eleven
# points of one model do not make trustworthy: cache_bandwidth (0.2) sits at its grid's edge and
# trades off with act_passes; the band is therefore TensorRT-LLM's, not its own 0.01. max_batch
# 256: vLLM's max_num_seqs default of that time (EngineArgs, vLLM 0.6); chunked prefill off, so
# max_tokens is the model length (here large). kv_share 0.9: gpu_memory_utilization's default.
VLLM_AMD = EngineProfile(
    name="vllm-amd",
    bandwidth=0.45,
    cache_bandwidth=0.2,
    compute=0.25,
    layer_us=10.0,
    step_us=1000.0,
    comm_scale=1.5,
    act_passes=12.0,
    max_batch=256,
    max_tokens=131072,
    kv_share=0.90,
    calibrated=True,
    band=0.24,
    ridge=0.75,
)

# Any engine and vendor without calibration points (vLLM and SGLang on NVIDIA, SGLang on AMD):
# TensorRT-LLM's fitted shares, the best-covered profile, with twice its band. max_batch 1024 and
# max_tokens 8192: vLLM's defaults on a GPU of 70 GiB or more (EngineArgs.get_batch_defaults,
# vllm/engine/arg_utils.py).
DEFAULT = EngineProfile(
    name="default",
    bandwidth=WEIGHT_STREAM_SHARE,
    cache_bandwidth=0.95,
    compute=0.6,
    layer_us=10.0,
    step_us=2000.0,
    comm_scale=1.5,
    act_passes=4.0,
    max_batch=1024,
    max_tokens=8192,
    kv_share=0.90,
    calibrated=False,
    band=0.48,
    seq_us=30.0,
    eager_layer_us=300.0,
    ridge=0.75,
    expert_pad_rows=32.0,
    expert_compute=0.35,
)

# vLLM and SGLang on NVIDIA: the default's shares (no published measurement fits them yet), with
# the queueing in time to first token fitted on the calibration split of the serving hold-out
# (tests/validation/speed_silicon.py: NVIDIA's AIConfigurator serving sample, the engines on H100
# and H200 serving Llama 3.1 8B and 70B and Qwen3-32B at 4-160 concurrent sequences):
# ``python -m tests.validation.serving_fit --queue``. vLLM: 0.062 on 10 runs (mean |log error| of
# their time to first token 1.09 -> 0.26); its 41 validation runs (B200, B300, mixtures of
# experts) go from 1 to 19 within ±25 %, median |error| 153 % -> 27 %. SGLang: 0.436 on 4 runs
# (3.57 -> 0.20), 3 of them one deployment of an older release (0.5.1): weakly grounded; its 46
# validation runs go from 0 to 7 within ±25 %, median |error| 731 % to 69 %. (Refitted when the
# matmuls came to run at each GPU's measured GEMM share: 0.058 and 0.406 before.) TensorRT-LLM
# has no such run in the split: its time to first token under load stays a floor (core.estimate
# says so).
VLLM_NVIDIA = replace(DEFAULT, name="vllm-nvidia", queue_per_seq=0.062)
SGLANG_NVIDIA = replace(DEFAULT, name="sglang-nvidia", queue_per_seq=0.436)

PROFILES: dict[tuple[str, str], EngineProfile] = {
    ("trtllm", "nvidia"): TRTLLM_NVIDIA,
    ("vllm", "amd"): VLLM_AMD,
}

# What each profile's calibration points cover: GPUs and weight formats.
COVERED: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "trtllm-nvidia": (frozenset({"h100-80gb-sxm", "h200-141gb"}), frozenset({"fp8"})),
    "vllm-amd": (frozenset({"mi300x"}), frozenset({"fp8"})),
}


# Engines whose shares are the default's but whose queueing was measured (see above).
QUEUED: dict[tuple[str, str], EngineProfile] = {
    ("vllm", "nvidia"): VLLM_NVIDIA,
    ("sglang", "nvidia"): SGLANG_NVIDIA,
}


def profile_for(engine: str, vendor: str) -> EngineProfile:
    """The calibrated profile of ``engine`` on ``vendor``'s GPUs, else the wide default."""
    return PROFILES.get((engine, vendor)) or QUEUED.get((engine, vendor), DEFAULT)


@dataclass(frozen=True)
class Coverage:
    """How far the calibration covers a layout: the band to state and what is not covered."""

    band: float
    missing: tuple[str, ...]  # "engine", "gpu", "format": what has no calibration point


def coverage(profile: EngineProfile, gpu_id: str, fmt: str) -> Coverage:
    """The band for ``profile`` on ``gpu_id`` with ``fmt`` weights: doubled when uncovered."""
    if not profile.calibrated:
        return Coverage(profile.band, ("engine",))
    gpus, formats = COVERED.get(profile.name, (frozenset(), frozenset()))
    missing = tuple(
        name for name, ok in (("gpu", gpu_id in gpus), ("format", fmt in formats)) if not ok
    )
    return Coverage(profile.band * (2 if missing else 1), missing)
