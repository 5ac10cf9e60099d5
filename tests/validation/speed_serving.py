"""Published serving-speed measurements, each with its source and full setting.

Every point says where it was published (repository, path and commit, or the page), the engine and
its version, the GPUs, the model and its format, the parallel layout, the input/output lengths, the
load (a fixed batch, a concurrency, or the engine's own largest batch), what was measured and the
value. The split into a calibration set and a validation set is fixed here, before any fitting:

- **calibration**: the NVIDIA Hopper GPUs (H100 SXM, H200 SXM) under TensorRT-LLM, and the one AMD
  source (vLLM on 8× MI300X), whose engine and vendor no other source covers;
- **validation**: other GPUs (B200, RTX PRO 6000 Blackwell Server over PCIe, A100, L40S), other
  formats (NVFP4) and other generations of the engine, never used to fit a constant. The
  servers swept over concurrency (vLLM's CI on H200, vLLM 0.16 on B200, NIM on H100) were
  transcribed after the fit and are validation too: nothing was refitted to them.

``regime`` names what dominates the measurement:

- ``offline``: the engine runs its own largest batch (all requests queued at once) and reports
  output tokens/s of the whole system;
- ``static``: a fixed batch generates its output lengths together (prefill of the batch, then the
  decode steps); ``decode_few`` for up to 8 sequences, ``decode_64`` for 16-64, ``static`` above;
- ``prefill``: time to first token of one prompt (batch 1);
- ``pcie_tp``: an offline run with tensor parallelism over PCIe;
- ``loaded``: a server kept at a fixed concurrency above 64 (requests wait beyond its batch).

A server swept over concurrencies (``served``) is in steady state: each slot prefills its prompt
and decodes, the slots staggered; 1-8 slots count as ``decode_few``, 16-64 as ``decode_64``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

Measured = Literal[
    "output_tok_s_system",  # output tokens/s of all GPUs together
    "output_tok_s_per_gpu",  # output tokens/s divided by the GPUs
    "latency_s",  # seconds for a whole batch to generate its output (prefill included)
    "ttft_ms",  # time to first token, milliseconds
    "tpot_ms",  # time per output token after the first, milliseconds (mean)
]
Regime = Literal["offline", "static", "decode_few", "decode_64", "prefill", "pcie_tp", "loaded"]
Split = Literal["calibration", "validation"]


@dataclass(frozen=True)
class Source:
    """Where a table of measurements was published."""

    key: str
    where: str  # repository, path and commit, or the page
    engine: str
    version: str
    method: str


@dataclass(frozen=True)
class SpeedPoint:
    """One published serving measurement and its full setting."""

    id: str
    source: str  # a key of SOURCES
    engine: Literal["trtllm", "vllm", "sglang", "nim"]
    gpu: str  # catalog id
    gpus: int
    tp: int
    model: str  # planner preset id, or a validation config name
    # fp8-block: FP8 with 128×128 block scales; mxfp4: the MXFP4 experts of gpt-oss checkpoints
    fmt: Literal["bf16", "fp16", "fp8", "fp8-block", "nvfp4", "mxfp4"]
    kv: Literal["bf16", "fp8"]
    isl: int
    osl: int
    batch: int | None  # fixed batch / concurrency; None: the engine's own largest batch
    measured: Measured
    value: float
    regime: Regime
    split: Split
    note: str = ""
    served: bool = False  # a server under a fixed concurrency (steady state), not a static batch
    # Why the published figure measures something the step model does not answer (empty: it
    # compares like with like). Such a point stays in the document with its error, outside the
    # statistics.
    not_comparable: str = ""
    # Expert-parallel serving: data-parallel ranks of ``tp`` GPUs each holding whole experts
    # (core.speed.expert_parallel.ExpertSplit); 0: the experts are tensor-parallel.
    expert_ranks: int = 0


PERF_OVERVIEW = "trtllm-perf-overview"
PERF_061 = "trtllm-performance-0.6"
ORACLE = "oci-mi300x-405b"
VLLM_CI = "vllm-perf-ci-9515"
VULTR = "vultr-b200-cookbook"
NIM = "nim-benchmarking-1.0"

SOURCES: dict[str, Source] = {
    PERF_OVERVIEW: Source(
        PERF_OVERVIEW,
        "NVIDIA/TensorRT-LLM docs/source/performance/perf-overview.md"
        " @ 00f37686aa854010d68bcbd0f4ab000221541ca6",
        "TensorRT-LLM",
        "1.0 (PyTorch backend; 'NEW for v1.0' in the page)",
        "trtllm-bench throughput, synthetic dataset with fixed lengths (stdev 0), all requests"
        " queued at once (infinite rate); 'Total Output Throughput (tokens/sec)' of the system;"
        " ModelOpt FP8/FP4 checkpoints; kv_cache_free_gpu_mem_fraction 0.90-0.95; CUDA graphs"
        " with padding up to batch 8192; MoE with attention data parallel",
    ),
    PERF_061: Source(
        PERF_061,
        "NVIDIA/TensorRT-LLM docs/source/performance.md @ 138f96d45f90b9667426f7c47297d8c06bafac73",
        "TensorRT-LLM",
        "0.6.1 (H100 throughput); 0.5 (L40S throughput, all first-token latencies)",
        "gptSessionBenchmark: a static batch of the stated size, fixed lengths; peak throughput"
        " in output tokens/s per GPU (H100) or per system (L40S, A100 at TP1 - the same);"
        " first-token latency at batch 1 (one output token)",
    ),
    ORACLE: Source(
        ORACLE,
        "https://blogs.oracle.com/cloud-infrastructure/post/"
        "serving-llama-31-405b-model-with-amd-mi300x-gpus (Oracle Cloud, 10 Oct 2024)",
        "vLLM (ROCm)",
        "not stated (ROCm build of October 2024)",
        "OCI BM.GPU.MI300X.8, one instance over all 8 GPUs (TP8), Llama 3.1 405B FP8;"
        " benchmarks/benchmark_latency.py, 128 in / 128 out, average latency of a batch;"
        " benchmark_throughput.py, output tokens/s of the system",
    ),
    VLLM_CI: Source(
        VLLM_CI,
        "https://buildkite.com/vllm/performance-benchmark/builds/9515 (vLLM's performance"
        " benchmark CI, latency tests)",
        "vLLM",
        "main at that build (the page does not name a release)",
        "benchmark_latency: a fixed batch of 8, 32 tokens in and 128 out, bf16 weights and"
        " cache, mean end-to-end latency of the batch on H200",
    ),
    VULTR: Source(
        VULTR,
        "https://docs.vultr.com/inference-cookbook/cuda/optimization/concurrency-tuning and"
        " .../benchmarks/methodology (updated 11 March 2026)",
        "vLLM",
        "0.16.0",
        "vllm bench serve, random dataset, 2,048 tokens in and 512 out, concurrency 1-1024,"
        " gpu_memory_utilization 0.90, on HGX B200; output tokens/s of the server, mean TTFT"
        " and TPOT; 50 prompts at concurrency 1, 400 above",
    ),
    NIM: Source(
        NIM,
        "https://docs.nvidia.com/nim/benchmarking/llm/1.0.0/performance (NIM LLM"
        " benchmarking, Llama-3.3-70b-instruct, container 1.8.0)",
        "NVIDIA NIM",
        "1.8.0 (the page does not say which engine the fp8 TP2 profile runs)",
        "AIPerf against the NIM container on 2× H100 80GB, fp8, TP2; fixed lengths; TTFT, ITL"
        " (inter-token latency) and output tokens/s at each concurrency",
    ),
}

_LENGTHS = (
    (128, 128),
    (128, 2048),
    (128, 4096),
    (500, 2000),
    (1000, 1000),
    (1000, 2000),
    (2048, 128),
    (2048, 2048),
    (5000, 500),
    (20000, 2000),
)
_NA = None

# perf-overview tables, one row per ISL/OSL above; columns (gpu, gpus, tp, format), None where the
# page leaves a cell empty. "Llama 3.3 70B" has Llama 3.1 70B's architecture (preset llama-3.1-70b).
_OVERVIEW: tuple[
    tuple[str, tuple[tuple[str, int, int, str], ...], tuple[tuple[int | None, ...], ...]], ...
] = (
    (
        "llama-4-scout",
        (
            ("b200-180gb", 1, 1, "nvfp4"),
            ("h200-141gb", 4, 4, "fp8"),
            ("h100-80gb-sxm", 4, 4, "fp8"),
        ),
        (
            (25342, 30354, _NA),
            (14699, 34316, 15130),
            (8932, 21332, 8603),
            (11977, 24630, 12399),
            (10591, 21636, 12129),
            (9356, 18499, 9838),
            (3137, 3699, 3253),
            (7152, 14949, 7972),
            (2937, 4605, 3342),
            (1644, 2105, _NA),
        ),
    ),
    (
        "llama-3.1-70b",
        (
            ("b200-180gb", 1, 1, "nvfp4"),
            ("h200-141gb", 1, 1, "fp8"),
            ("h100-80gb-sxm", 2, 2, "fp8"),
            ("rtx-pro-6000-server", 1, 1, "nvfp4"),
        ),
        (
            (11147, 3803, 6378, 3264),
            (9922, 4336, 6651, 2422),
            (6831, 2872, 4199, 1349),
            (7762, 3666, 5222, 1856),
            (7007, 2909, 4205, 1787),
            (6271, 2994, 4146, 1594),
            (1339, 442, 762, 393),
            (4783, 2003, 3082, 1074),
            (1459, 566, 898, 401),
            (665, 283, 437, 142),
        ),
    ),
    (
        "qwen3-235b-a22b",
        (
            ("b200-180gb", 8, 8, "nvfp4"),
            ("h200-141gb", 8, 8, "fp8"),
            ("h100-80gb-sxm", 8, 8, "fp8"),
        ),
        (
            (63362, 30429, _NA),
            (66057, 42821, 19658),
            (39496, 26852, 12447),
            (57117, 28026, 18351),
            (42391, 23789, 14898),
            (34105, 22061, 15136),
            (7329, 3331, _NA),
            (26854, 16672, 9924),
            (8190, 3623, 3225),
            (4453, 1876, _NA),
        ),
    ),
    (
        "qwen3-30b-a3b",
        (
            ("b200-180gb", 1, 1, "nvfp4"),
            ("rtx-pro-6000-server", 1, 1, "nvfp4"),
            ("rtx-pro-6000-server", 2, 2, "nvfp4"),
            ("rtx-pro-6000-server", 4, 4, "nvfp4"),
            ("rtx-pro-6000-server", 8, 8, "nvfp4"),
        ),
        (
            (39827, 28011, 32646, 36819, 39490),
            (37844, 12540, 22744, 35715, 52676),
            (24953, 7491, 15049, 28139, 33895),
            (27817, 10695, 17266, 26175, 44088),
            (25828, 9910, 16431, 24046, 31785),
            (22051, 8378, 13323, 25131, 28881),
            (6251, 3257, 3785, 4311, 4798),
            (17554, 5908, 10679, 18134, 22391),
            (6142, 2530, 3799, 5212, 5965),
            (2944, 871, 1558, 2551, _NA),
        ),
    ),
    (
        "llama-4-maverick",
        (
            ("b200-180gb", 8, 8, "nvfp4"),
            ("h200-141gb", 8, 8, "fp8"),
            ("h100-80gb-sxm", 8, 8, "fp8"),
        ),
        (
            (124323, 63994, _NA),
            (112676, 40572, 10829),
            (68170, 24616, 6744),
            (_NA, 37835, 10108),
            (79617, 31782, 9677),
            (63766, 34734, 9151),
            (18088, 7307, _NA),
            (52195, 20957, 6916),
            (_NA, 8456, 3457),
            (12678, 4106, _NA),
        ),
    ),
    (
        "llama-3.1-405b",
        (
            ("b200-180gb", 4, 4, "nvfp4"),
            ("h200-141gb", 8, 8, "fp8"),
            ("h100-80gb-sxm", 8, 8, "fp8"),
        ),
        (
            (6281, 3814, 3627),
            (8020, 5348, 4340),
            (6345, 4741, 3116),
            (6244, 4724, 3994),
            (5209, 3330, 2919),
            (4933, 3722, 2895),
            (749, 456, 453),
            (4212, 2948, 2296),
            (1048, 650, 610),
            (672, 505, 345),
        ),
    ),
    (
        "llama-3.1-8b",
        (("h200-141gb", 1, 1, "fp8"), ("h100-80gb-sxm", 1, 1, "fp8")),
        (
            (27911, 28312),
            (26221, 22714),
            (18027, 14325),
            (20770, 17660),
            (17744, 15220),
            (16828, 13899),
            (3538, 3450),
            (12194, 9305),
            (3902, 3459),
            (1804, 1351),
        ),
    ),
)

_HOPPER = ("h100-80gb-sxm", "h200-141gb")


def _overview() -> list[SpeedPoint]:
    points = []
    for model, columns, rows in _OVERVIEW:
        for (isl, osl), row in zip(_LENGTHS, rows, strict=True):
            for (gpu, gpus, tp, fmt), value in zip(columns, row, strict=True):
                if value is None:
                    continue
                pcie = gpu == "rtx-pro-6000-server" and tp > 1
                points.append(
                    SpeedPoint(
                        f"trt1-{model}-{gpu}-tp{tp}-{isl}-{osl}",
                        PERF_OVERVIEW,
                        "trtllm",
                        gpu,
                        gpus,
                        tp,
                        model,
                        "nvfp4" if fmt == "nvfp4" else "fp8",
                        "fp8",
                        isl,
                        osl,
                        None,
                        "output_tok_s_system",
                        float(value),
                        "pcie_tp" if pcie else "offline",
                        "calibration" if gpu in _HOPPER else "validation",
                    )
                )
    return points


def _p(
    id_: str,
    gpu: str,
    tp: int,
    model: str,
    # fp8-block: FP8 with 128×128 block scales; mxfp4: the MXFP4 experts of gpt-oss checkpoints
    fmt: Literal["bf16", "fp16", "fp8", "fp8-block", "nvfp4", "mxfp4"],
    isl: int,
    osl: int,
    batch: int,
    measured: Measured,
    value: float,
    regime: Regime,
    split: Split,
) -> SpeedPoint:
    kv: Literal["bf16", "fp8"] = "fp8" if fmt == "fp8" else "bf16"
    return SpeedPoint(
        id_,
        PERF_061,
        "trtllm",
        gpu,
        tp,
        tp,
        model,
        fmt,
        kv,
        isl,
        osl,
        batch,
        measured,
        value,
        regime,
        split,
    )


# TensorRT-LLM 0.6.1 / 0.5 (performance.md): "LLaMA 7B" and "LLaMA 70B" are Llama 2 (the page's
# engine build commands name llama-2 checkpoints); FP8 builds use --enable_fp8 --fp8_kv_cache.
_STATIC_061: tuple[SpeedPoint, ...] = (
    _p(
        "trt061-llama2-7b-h100-768-128-128",
        "h100-80gb-sxm",
        1,
        "llama-2-7b",
        "fp8",
        128,
        128,
        768,
        "output_tok_s_per_gpu",
        19694,
        "static",
        "calibration",
    ),
    _p(
        "trt061-llama2-7b-h100-112-128-2048",
        "h100-80gb-sxm",
        1,
        "llama-2-7b",
        "fp8",
        128,
        2048,
        112,
        "output_tok_s_per_gpu",
        6818,
        "static",
        "calibration",
    ),
    _p(
        "trt061-llama2-7b-h100-80-2048-128",
        "h100-80gb-sxm",
        1,
        "llama-2-7b",
        "fp8",
        2048,
        128,
        80,
        "output_tok_s_per_gpu",
        2244,
        "static",
        "calibration",
    ),
    _p(
        "trt061-llama2-7b-h100-48-2048-2048",
        "h100-80gb-sxm",
        1,
        "llama-2-7b",
        "fp8",
        2048,
        2048,
        48,
        "output_tok_s_per_gpu",
        2740,
        "static",
        "calibration",
    ),
    _p(
        "trt061-llama2-70b-h100-tp2-1024-128-128",
        "h100-80gb-sxm",
        2,
        "llama-2-70b",
        "fp8",
        128,
        128,
        1024,
        "output_tok_s_per_gpu",
        2657,
        "static",
        "calibration",
    ),
    _p(
        "trt061-llama2-70b-h100-tp4-480-128-2048",
        "h100-80gb-sxm",
        4,
        "llama-2-70b",
        "fp8",
        128,
        2048,
        480,
        "output_tok_s_per_gpu",
        1486,
        "static",
        "calibration",
    ),
    _p(
        "trt061-llama2-70b-h100-tp2-96-2048-128",
        "h100-80gb-sxm",
        2,
        "llama-2-70b",
        "fp8",
        2048,
        128,
        96,
        "output_tok_s_per_gpu",
        306,
        "static",
        "calibration",
    ),
    _p(
        "trt061-llama2-70b-h100-tp2-64-2048-2048",
        "h100-80gb-sxm",
        2,
        "llama-2-70b",
        "fp8",
        2048,
        2048,
        64,
        "output_tok_s_per_gpu",
        547,
        "static",
        "calibration",
    ),
    _p(
        "trt05-llama2-7b-l40s-64-128-128",
        "l40s",
        1,
        "llama-2-7b",
        "fp8",
        128,
        128,
        64,
        "output_tok_s_per_gpu",
        3240,
        "decode_64",
        "validation",
    ),
    _p(
        "trt05-llama2-7b-l40s-64-128-2048",
        "l40s",
        1,
        "llama-2-7b",
        "fp8",
        128,
        2048,
        64,
        "output_tok_s_per_gpu",
        1622,
        "decode_64",
        "validation",
    ),
    _p(
        "trt05-llama2-7b-l40s-32-2048-128",
        "l40s",
        1,
        "llama-2-7b",
        "fp8",
        2048,
        128,
        32,
        "output_tok_s_per_gpu",
        581,
        "decode_64",
        "validation",
    ),
    _p(
        "trt05-llama2-7b-l40s-16-2048-2048",
        "l40s",
        1,
        "llama-2-7b",
        "fp8",
        2048,
        2048,
        16,
        "output_tok_s_per_gpu",
        531,
        "decode_64",
        "validation",
    ),
    _p(
        "trt061-llama2-7b-a100-384-128-128",
        "a100-80gb",
        1,
        "llama-2-7b",
        "fp16",
        128,
        128,
        384,
        "output_tok_s_per_gpu",
        5586,
        "static",
        "validation",
    ),
    _p(
        "trt061-llama2-7b-a100-60-128-2048",
        "a100-80gb",
        1,
        "llama-2-7b",
        "fp16",
        128,
        2048,
        60,
        "output_tok_s_per_gpu",
        1928,
        "decode_64",
        "validation",
    ),
    _p(
        "trt061-llama2-7b-a100-52-2048-128",
        "a100-80gb",
        1,
        "llama-2-7b",
        "fp16",
        2048,
        128,
        52,
        "output_tok_s_per_gpu",
        591,
        "decode_64",
        "validation",
    ),
    # First-token latency at batch 1 (TensorRT-LLM 0.5).
    _p(
        "trt05-ttft-llama2-7b-h100-128",
        "h100-80gb-sxm",
        1,
        "llama-2-7b",
        "fp8",
        128,
        1,
        1,
        "ttft_ms",
        7,
        "prefill",
        "calibration",
    ),
    _p(
        "trt05-ttft-llama2-7b-h100-2048",
        "h100-80gb-sxm",
        1,
        "llama-2-7b",
        "fp8",
        2048,
        1,
        1,
        "ttft_ms",
        36,
        "prefill",
        "calibration",
    ),
    _p(
        "trt05-ttft-llama2-70b-h100-tp4-128",
        "h100-80gb-sxm",
        4,
        "llama-2-70b",
        "fp8",
        128,
        1,
        1,
        "ttft_ms",
        26,
        "prefill",
        "calibration",
    ),
    _p(
        "trt05-ttft-llama2-70b-h100-tp4-2048",
        "h100-80gb-sxm",
        4,
        "llama-2-70b",
        "fp8",
        2048,
        1,
        1,
        "ttft_ms",
        109,
        "prefill",
        "calibration",
    ),
    _p(
        "trt05-ttft-llama2-7b-l40s-128",
        "l40s",
        1,
        "llama-2-7b",
        "fp8",
        128,
        1,
        1,
        "ttft_ms",
        14,
        "prefill",
        "validation",
    ),
    _p(
        "trt05-ttft-llama2-7b-l40s-2048",
        "l40s",
        1,
        "llama-2-7b",
        "fp8",
        2048,
        1,
        1,
        "ttft_ms",
        73,
        "prefill",
        "validation",
    ),
    _p(
        "trt05-ttft-llama2-7b-a100-128",
        "a100-80gb",
        1,
        "llama-2-7b",
        "fp16",
        128,
        1,
        1,
        "ttft_ms",
        16,
        "prefill",
        "validation",
    ),
    _p(
        "trt05-ttft-llama2-7b-a100-2048",
        "a100-80gb",
        1,
        "llama-2-7b",
        "fp16",
        2048,
        1,
        1,
        "ttft_ms",
        133,
        "prefill",
        "validation",
    ),
    _p(
        "trt05-ttft-llama2-70b-a100-tp4-128",
        "a100-80gb",
        4,
        "llama-2-70b",
        "fp16",
        128,
        1,
        1,
        "ttft_ms",
        47,
        "prefill",
        "validation",
    ),
    _p(
        "trt05-ttft-llama2-70b-a100-tp4-2048",
        "a100-80gb",
        4,
        "llama-2-70b",
        "fp16",
        2048,
        1,
        1,
        "ttft_ms",
        377,
        "prefill",
        "validation",
    ),
)


def _oracle_latency(batch: int, seconds: float) -> SpeedPoint:
    regime: Regime = "decode_few" if batch <= 8 else "decode_64" if batch <= 64 else "static"
    return SpeedPoint(
        f"oci-vllm-405b-mi300x-tp8-latency-b{batch}",
        ORACLE,
        "vllm",
        "mi300x",
        8,
        8,
        "llama-3.1-405b",
        "fp8",
        "fp8",
        128,
        128,
        batch,
        "latency_s",
        seconds,
        regime,
        "calibration",
        "Llama-3.1-405B-Instruct-FP8-KV (FP8 weights and KV)",
    )


_ORACLE: tuple[SpeedPoint, ...] = (
    *(
        _oracle_latency(b, s)
        for b, s in (
            (1, 3.530),
            (2, 3.583),
            (4, 3.734),
            (8, 3.974),
            (16, 4.375),
            (32, 5.130),
            (64, 6.919),
            (128, 10.340),
            (256, 17.750),
        )
    ),
    SpeedPoint(
        "oci-vllm-405b-mi300x-tp8-offline-128-128",
        ORACLE,
        "vllm",
        "mi300x",
        8,
        8,
        "llama-3.1-405b",
        "fp8",
        "fp8",
        128,
        128,
        None,
        "output_tok_s_system",
        1993,
        "offline",
        "calibration",
        "benchmark_throughput.py; vLLM's default max_num_seqs (256) bounds the batch",
    ),
    SpeedPoint(
        "oci-vllm-405b-mi300x-tp8-offline-128-2048",
        ORACLE,
        "vllm",
        "mi300x",
        8,
        8,
        "llama-3.1-405b",
        "fp8",
        "fp8",
        128,
        2048,
        None,
        "output_tok_s_system",
        2794,
        "offline",
        "calibration",
        "benchmark_throughput.py; vLLM's default max_num_seqs (256) bounds the batch",
    ),
)


def _served(
    id_: str,
    source: str,
    engine: Literal["vllm", "nim"],
    gpu: str,
    tp: int,
    model: str,
    kv: Literal["bf16", "fp8"],
    isl: int,
    osl: int,
    concurrency: int,
    measured: Measured,
    value: float,
    note: str,
) -> SpeedPoint:
    regime: Regime = (
        "prefill"
        if measured == "ttft_ms"
        else "decode_few"
        if concurrency <= 8
        else "decode_64"
        if concurrency <= 64
        else "loaded"
    )
    return SpeedPoint(
        id_,
        source,
        engine,
        gpu,
        tp,
        tp,
        model,
        "fp8",
        kv,
        isl,
        osl,
        concurrency,
        measured,
        value,
        regime,
        "validation",
        note,
        served=True,
    )


_NANO = "NVIDIA Nemotron Nano 30B (A3B) FP8; the page names it 'Nemotron Nano 30B'"
# The page's mean time to first token is 362 ms at one user (50 requests) and 152 ms at eight
# (400 requests). A prompt's prefill cannot get faster when seven more users share the GPUs, so
# the one-user mean holds a cost that is not the prompt's prefill. Read as a one-off cost X spread
# over each run's requests plus a per-request time t (t + X/50 = 362 ms, t + X/400 = 152 ms):
# X ≈ 12 s (a first request's compilation or warm-up; the page does not say whether the runs were
# warmed up) and t ≈ 122 ms, still about 8× one 2,048-token prefill here. The page's throughput
# and time per output token at one user are kept as points.
_NANO_TTFT = (
    "the one-user mean (362 ms over 50 requests) is 2.4× the same page's eight-user mean (152 ms"
    " over 400), which a prefill cannot do; the two means are consistent with a one-off cost of"
    " about 12 s spread over each run (a first request's warm-up, for instance; the page does not"
    " say) plus ≈120 ms per request, itself still ~8× one 2,048-token prefill in the step model"
    " and unexplained by the page"
)
_VULTR_POINTS = (
    *(
        _served(
            f"vultr-vllm-nemotron-nano-b200-tp2-c{c}",
            VULTR,
            "vllm",
            "b200-180gb",
            2,
            "nemotron-3-nano-30b-a3b",
            "bf16",
            2048,
            512,
            c,
            "output_tok_s_system",
            v,
            _NANO,
        )
        for c, v in (
            (1, 277),
            (8, 1881),
            (16, 3455),
            (32, 3798),
            (64, 8120),
            (128, 11556),
            (256, 15552),
            (512, 18746),
            (1024, 18829),
        )
    ),
    replace(
        _served(
            "vultr-vllm-nemotron-nano-b200-tp2-c1-ttft",
            VULTR,
            "vllm",
            "b200-180gb",
            2,
            "nemotron-3-nano-30b-a3b",
            "bf16",
            2048,
            512,
            1,
            "ttft_ms",
            362,
            _NANO,
        ),
        not_comparable=_NANO_TTFT,
    ),
    _served(
        "vultr-vllm-nemotron-nano-b200-tp2-c1-tpot",
        VULTR,
        "vllm",
        "b200-180gb",
        2,
        "nemotron-3-nano-30b-a3b",
        "bf16",
        2048,
        512,
        1,
        "tpot_ms",
        2.91,
        _NANO,
    ),
    _served(
        "vultr-vllm-nemotron-nano-b200-tp2-c64-tpot",
        VULTR,
        "vllm",
        "b200-180gb",
        2,
        "nemotron-3-nano-30b-a3b",
        "bf16",
        2048,
        512,
        64,
        "tpot_ms",
        6.74,
        _NANO,
    ),
)

_NIM_70B = "Llama-3.3-70B-Instruct (Llama 3.1 70B's architecture), fp8; cache dtype not stated"
_NIM_POINTS = (
    *(
        _served(
            f"nim-llama33-70b-h100-tp2-5000-500-c{c}",
            NIM,
            "nim",
            "h100-80gb-sxm",
            2,
            "llama-3.1-70b",
            "fp8",
            5000,
            500,
            c,
            "output_tok_s_system",
            v,
            _NIM_70B,
        )
        for c, v in ((1, 51.67), (5, 218.48), (25, 623.4), (50, 814.37), (100, 917.26))
    ),
    _served(
        "nim-llama33-70b-h100-tp2-5000-500-c1-ttft",
        NIM,
        "nim",
        "h100-80gb-sxm",
        2,
        "llama-3.1-70b",
        "fp8",
        5000,
        500,
        1,
        "ttft_ms",
        406.77,
        _NIM_70B,
    ),
    _served(
        "nim-llama33-70b-h100-tp2-5000-500-c1-itl",
        NIM,
        "nim",
        "h100-80gb-sxm",
        2,
        "llama-3.1-70b",
        "fp8",
        5000,
        500,
        1,
        "tpot_ms",
        18.58,
        _NIM_70B,
    ),
    _served(
        "nim-llama33-70b-h100-tp2-5000-500-c25-itl",
        NIM,
        "nim",
        "h100-80gb-sxm",
        2,
        "llama-3.1-70b",
        "fp8",
        5000,
        500,
        25,
        "tpot_ms",
        38.75,
        _NIM_70B,
    ),
    _served(
        "nim-llama33-70b-h100-tp2-500-2000-c1",
        NIM,
        "nim",
        "h100-80gb-sxm",
        2,
        "llama-3.1-70b",
        "fp8",
        500,
        2000,
        1,
        "output_tok_s_system",
        52.85,
        _NIM_70B,
    ),
    _served(
        "nim-llama33-70b-h100-tp2-500-2000-c1-ttft",
        NIM,
        "nim",
        "h100-80gb-sxm",
        2,
        "llama-3.1-70b",
        "fp8",
        500,
        2000,
        1,
        "ttft_ms",
        47.77,
        _NIM_70B,
    ),
)


def _ci(id_: str, tp: int, model: str, ms: float) -> SpeedPoint:
    return SpeedPoint(
        id_,
        VLLM_CI,
        "vllm",
        "h200-141gb",
        tp,
        tp,
        model,
        "bf16",
        "bf16",
        32,
        128,
        8,
        "latency_s",
        ms / 1e3,
        "decode_few",
        "validation",
    )


_VLLM_CI_POINTS = (
    _ci("vllm-ci-llama31-8b-h200-tp1-b8", 1, "llama-3.1-8b", 833.421),
    _ci("vllm-ci-llama3-70b-h200-tp4-b8", 4, "llama-3.1-70b", 2077.53),
    _ci("vllm-ci-mixtral-8x7b-h200-tp2-b8", 2, "mixtral-8x7b", 1917.44),
)

POINTS: tuple[SpeedPoint, ...] = (
    *_overview(),
    *_STATIC_061,
    *_ORACLE,
    *_VLLM_CI_POINTS,
    *_VULTR_POINTS,
    *_NIM_POINTS,
)

# Published tables left out, and why (the report lists them).
NOT_USED: tuple[tuple[str, str], ...] = (
    (
        "perf-overview GB200 columns",
        "GB200 (NVL72) is not an offer in the catalog",
    ),
    (
        "perf-overview RTX PRO 6000 columns with pipeline parallelism",
        "the speed model does not yet say pipeline-parallel serving (TP×PP layouts)",
    ),
    (
        "performance.md A100 rows at TP2/TP4/TP8 and Falcon 180B, GPT-J",
        "the A100 table does not say whether its figure is per GPU or per system; Falcon and"
        " GPT-J have no preset",
    ),
    (
        "Oracle MI300X summarization and other benchmark_throughput rows",
        "the page's table is cut off in the published copy",
    ),
    (
        "open nightly sweeps (InferenceMAX) and MLPerf Inference",
        "their per-point settings and values are published on dashboards, not as text with a"
        " commit; not transcribed",
    ),
)
