"""Published training and image-generation speeds, with every setting, split before fitting.

Each training case is one row of a published performance table: the model, the GPUs, the
parallel layout (TP, PP, CP, EP, virtual pipeline stages), the micro and global batch, the
sequence length, the precision and the recomputation, and the tokens per second per GPU it
measured. Each diffusion case is a published seconds-per-image figure with the model, GPU,
resolution, steps and precision.

How the cases are split, before any constant was fitted (``split``):

- Calibration: the models Llama 3 8B and 70B, Qwen3-30B-A3B and GPT-OSS-120B (Megatron-Bridge
  on H100, B200, B300) and torchtitan's Llama 3 8B and 70B on A100; SD 1.5 and SDXL at 50 steps.
- Validation: different models and sizes (Llama 3.1 405B, Qwen3-235B-A22B, DeepSeek-V3,
  Llama 2 7B, 13B and 70B with SFT and LoRA), torchtune's fine-tuning rows (full, LoRA and
  QLoRA on one RTX 4090, LoRA and QLoRA on 8 A100s: a GPU and methods no calibration case
  has), and every torchtitan H100 row: their GPUs are 96GB HBM2e H100s at a
  500 W limit, not the catalog's 700 W SXM, so they judge how far such a GPU sits from the
  planner's figure rather than set it; they include the long-context rows (32k–256k tokens with
  context parallelism), a regime no calibration case has. SDXL at 30 steps from another source,
  FLUX.1-dev on A100 and H100 (another architecture and GPU), and diffusers' PyTorch 2.0
  benchmark of SD 1.5 at batch 1, 4 and 16 on A100 and RTX 4090 (the batch dimension).

What a row leaves out is written in ``gaps``; a case whose GPU the catalog does not carry (GB200,
GB300) is not used.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Split = Literal["calibration", "validation"]

SPEED_SOURCES: dict[str, str] = {
    "megatron_bridge_2511": "NVIDIA-NeMo/Megatron-Bridge, docs/performance-summary.md at"
    " 00b7660be0254ac6f95f44164ddd0c3e9cc798ed (25.11 NeMo container, pre-training tables:"
    " tokens/s/GPU and model TFLOP/s/GPU; MoE runs force-balanced and token-dropless)",
    "megatron_bridge_2602": "NVIDIA-NeMo/Megatron-Bridge, docs/performance-summary-archive.md at"
    " 0a25f911b2ed6c6905a539504fdb8e5b40e3438b (26.02 NeMo container, pre-training tables)",
    "nemo_2407": "NVIDIA/NeMo, docs/source/performance/performance_summary.md at"
    " 070a0bb168d405d653b9734c0017cf5078e77c0d (NeMo 24.07 container, DGX-H100, FP8;"
    " fine-tuning on SQuAD v1.1 packed to 4096 tokens)",
    "torchtune_readme": "pytorch/torchtune, README.md at 0031bfb080bd35ec533c412df883cf2bf7bf7fe4"
    " ('Memory and training speed': Llama 3.1, batch size 2 without gradient accumulation, a"
    " dataset packed to 2048 tokens, torch.compile on, tokens/s measured over one epoch; the"
    " recipes' configs enable activation checkpointing)",
    "torchtitan_h100": "pytorch/torchtitan, docs/performance.md at"
    " eaea6f6a2fa940f03a10906be1df3489cf30af85 (Grand Teton hosts, 8 H100 96GB HBM2e per host"
    " at a 500 W power limit, 400 Gb/s RDMA per GPU; torch 1963fc8, torchao eab345c,"
    " torchtitan 9dec370; TPS/GPU read at iteration 90)",
    "torchtitan_a100": "pytorch/torchtitan, docs/performance.md at"
    " 041336434916bdc0f88c1f89fda176fd3c2092e4 (64 A100 80GB, FSDP2, WPS = tokens/s/GPU)",
    "fal_sd_benchmarks": "fal-ai/stable-diffusion-benchmarks, README.md at"
    " 0490f6951258c06b3a930420cf9da63015677a53 (A100 80G SXM, end to end, fp16 weights,"
    " prompt 'A photo of a cat', pipeline defaults otherwise)",
    "diffusers_fast_diffusion": "https://huggingface.co/docs/diffusers/tutorials/fast_diffusion"
    " (80GB 400W A100 at maximum clocks, batch 1) and its data,"
    " https://huggingface.co/datasets/sayakpaul/sample-datasets/blob/"
    "8285f7668326f13af8d213cd8087218cd7f97483/collated_results_sdxl.csv",
    "diffusers_pt2": "huggingface/diffusers, docs/source/en/optimization/torch2.0.mdx at"
    " 07dc8feb1d54c93adb9a7443a48a6741e1dbf43f (runwayml/stable-diffusion-v1-5, fp16, UNet in"
    " channels-last, default 50 steps at 512x512 with guidance, diffusers 0.17.0.dev0;"
    " iterations per second of the denoising loop)",
    "hf_blog_flux": "huggingface/blog, productionizing-diffusion-1.md at"
    " 55543c9fe71e57ce16766fa043b8caab9de12add (FLUX.1-dev in bf16 through diffusers'"
    " FluxPipeline, 1024x1024, 28 steps, guidance 4.0, batch 1, end to end after two warm-up"
    " calls, timed with CUDA events)",
    "hf_blog_sdxl": "huggingface/blog, simple_sdxl_optimizations.md at"
    " 11e799d7c87eef3c77efedfe2050f91c8351e181 (SDXL base in fp16 with SDPA, diffusers'"
    " defaults otherwise, 4 images per call, on an A100 40GB; the 'fp16 + SDPA (default)' row)",
    "benchmarkflux": "varadrane1707/BenchmarkFlux, README.md at"
    " 35368dfb1b17946a6d28199d77bd3f13c7e617b4 (FLUX.1-dev, 1024x1024, 28 steps, guidance"
    " 3.5, batch 1, end to end)",
    "ort_sd_benchmark": "microsoft/onnxruntime, onnxruntime/python/tools/transformers/models/"
    "stable_diffusion/README.md at b1954fabd2ec6c699c7b669423d23f8bc805cfff ('Results of"
    " A100-SXM4-40GB', engine torch 2.0.0+cu117, provider default: runwayml/stable-diffusion-v1-5"
    " in fp16 through diffusers, 512x512, 50 steps, safety checker off; average latency of 5"
    " calls after two warm-up calls, seconds per call of the whole batch)",
    "sd_benchmarks": "alexeigor/sd-benchmarks, README.md at"
    " 858318038b3c451ac0b72788c355008bf20366c5 (runwayml/stable-diffusion-v1-5, batch 1,"
    " 512x512, 50 iterations, the 'PT2.0,fp16' rows: end to end)",
    "onediff_examples": "siliconflow/onediff, onediff_diffusers_extensions/examples/sd1.5/"
    "README.md and examples/sdxl/README.md at 98898c49155ae33de506c1d1d9da70732da4046e (20"
    " steps, batch 1, fp16, diffusers' default scheduler; the 'PyTorch E2E time' rows, one"
    " pipeline call after a warm-up, data of 2024-07-31)",
    "paraattention": "chengzeyi/ParaAttention, README.md at"
    " 4de137c5b96416489f06e43e19f2c14a772e28fd (FLUX.1-dev, the 'Baseline' row: diffusers'"
    " FluxPipeline in bf16, wall time of one call; 28 steps in its parallel_examples/run_flux.py)",
    "xdit_flux": "xdit-project/xDiT, docs/performance/flux.md at"
    " 175e0bfec974d0b44a0be9fa511df2f9f5ead080 (FLUX.1-dev, 28 steps, a 1024px image; the '1"
    " GPU' row's PyTorch column of the 4xH100 table)",
    "diffusers_torchao": "sayakpaul/diffusers-torchao, README.md at"
    " 9b9f2383dccb8eb73a4c6a8ffe736dd9610c26d2 (FLUX.1-dev in bf16 on one H100 80GB, 28 steps"
    " at 1024x1024; the rows without fusion, compilation or quantization: seconds per call of"
    " the whole batch, the mean after warm-up calls)",
    "stable_fast": "chengzeyi/stable-fast, README.md at 2b9b84e9d94b36cf5484c261b410c177836ebffe"
    " ('Vanilla PyTorch (2.1.0)' rows of the H100 and A100 tables: iterations per second of the"
    " denoising loop, measured with CUDA events; SD 1.5 at 512x512 and SD XL at 1024x1024,"
    " batch 1)",
}

TT_POWER = (
    "torchtitan's H100s are 96GB HBM2e parts at a 500 W limit, whose peak lies between the SXM"
    " and NVL figures (its footnote); compared on the catalog's H100 SXM",
)
OTHER_GPU = (
    "a 500 W, 96GB HBM2e H100 whose peak the source does not know, not the catalog's 700 W"
    " H100 SXM: shown, kept out of the summary"
)


@dataclass(frozen=True)
class TrainingSpeedCase:
    """One published training throughput."""

    id: str
    split: Split
    source: str
    model: str  # a preset, or "config:<name>" for tests/validation/configs/<name>.json
    gpu: str  # catalog id
    gpus: int
    sequence_length: int
    micro_batch: int
    global_batch: int
    tokens_per_s_per_gpu: float
    as_published: str
    tp: int = 1
    pp: int = 1
    cp: int = 1
    ep: int = 1
    virtual_stages: int = 1
    precision: Literal["bf16", "fp8"] = "bf16"
    recompute: Literal["none", "selective", "full"] = "none"
    fsdp: bool = False
    method: Literal["full", "lora", "qlora"] = "full"
    gaps: tuple[str, ...] = field(default_factory=tuple)

    @property
    def not_comparable(self) -> str:
        """Why the measured GPU is not the catalog's ('' when it is)."""
        return OTHER_GPU if TT_POWER[0] in self.gaps else ""

    @property
    def kind(self) -> str:
        """dense or moe, for the report."""
        return (
            "moe"
            if any(m in self.model for m in ("a3b", "a22b", "gpt-oss", "deepseek"))
            else "dense"
        )


TORCHTUNE_TOTAL = (
    "the README's tokens/s read as the 8 GPUs' total (per GPU it would exceed the A100's peak"
    " several times over), divided by 8",
    "A100 memory size not stated; compared on the 80GB",
)
MB_RECOMPUTE = ("the table does not state recomputation; taken as none",)
MB11, MB26 = "megatron_bridge_2511", "megatron_bridge_2602"

TRAINING_SPEED: tuple[TrainingSpeedCase, ...] = (
    # --- calibration: Llama 3 8B / 70B (dense) --------------------------------------------------
    TrainingSpeedCase(
        "mb2511-llama3-8b-h100-fp8",
        "calibration",
        MB11,
        "llama-3.1-8b",
        "h100-80gb-sxm",
        8,
        8192,
        1,
        128,
        14451,
        "14451 tokens/s/GPU, 744 TFLOP/s/GPU",
        precision="fp8",
        fsdp=True,
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "mb2511-llama3-8b-b200-fp8",
        "calibration",
        MB11,
        "llama-3.1-8b",
        "b200-180gb",
        8,
        8192,
        2,
        128,
        30624,
        "30624 tokens/s/GPU (FP8-CS), 1576 TFLOP/s/GPU",
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "mb2511-llama3-70b-h100-fp8",
        "calibration",
        MB11,
        "llama-3.1-70b",
        "h100-80gb-sxm",
        64,
        8192,
        1,
        128,
        1602,
        "1602 tokens/s/GPU, 719 TFLOP/s/GPU",
        tp=4,
        pp=8,
        virtual_stages=5,
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "mb2602-llama3-70b-h100-fp8",
        "calibration",
        MB26,
        "llama-3.1-70b",
        "h100-80gb-sxm",
        64,
        8192,
        1,
        256,
        1621,
        "1621 tokens/s/GPU, 728 TFLOP/s/GPU",
        tp=4,
        pp=8,
        virtual_stages=5,
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "tt-llama31-8b-h100-8gpu-bf16",
        "validation",
        "torchtitan_h100",
        "llama-3.1-8b",
        "h100-80gb-sxm",
        8,
        8192,
        2,
        16,
        6667,
        "Table 1, FSDP + torch.compile: 6,667 TPS/GPU",
        recompute="selective",
        fsdp=True,
        gaps=TT_POWER,
    ),
    TrainingSpeedCase(
        "tt-llama31-8b-h100-8gpu-fp8",
        "validation",
        "torchtitan_h100",
        "llama-3.1-8b",
        "h100-80gb-sxm",
        8,
        8192,
        2,
        16,
        8532,
        "Table 1, FSDP + torch.compile + Float8: 8,532 TPS/GPU",
        precision="fp8",
        recompute="selective",
        fsdp=True,
        gaps=TT_POWER,
    ),
    TrainingSpeedCase(
        "tt-llama31-8b-h100-128gpu-bf16",
        "validation",
        "torchtitan_h100",
        "llama-3.1-8b",
        "h100-80gb-sxm",
        128,
        8192,
        2,
        256,
        6514,
        "Table 3, FSDP + torch.compile: 6,514 TPS/GPU",
        recompute="selective",
        fsdp=True,
        gaps=TT_POWER,
    ),
    TrainingSpeedCase(
        "tt-llama31-8b-h100-128gpu-fp8",
        "validation",
        "torchtitan_h100",
        "llama-3.1-8b",
        "h100-80gb-sxm",
        128,
        8192,
        2,
        256,
        8380,
        "Table 3, FSDP + torch.compile + Float8: 8,380 TPS/GPU",
        precision="fp8",
        recompute="selective",
        fsdp=True,
        gaps=TT_POWER,
    ),
    TrainingSpeedCase(
        "tt-llama3-8b-a100-64gpu",
        "calibration",
        "torchtitan_a100",
        "llama-3.1-8b",
        "a100-80gb",
        64,
        8192,
        1,
        64,
        2973,
        "Llama 3 8B, batch 1, selective op AC: 2973 WPS, 58.2% MFU",
        recompute="selective",
        fsdp=True,
    ),
    TrainingSpeedCase(
        "tt-llama3-70b-a100-64gpu",
        "calibration",
        "torchtitan_a100",
        "llama-3.1-70b",
        "a100-80gb",
        64,
        8192,
        1,
        64,
        331,
        "Llama 3 70B, batch 1, full AC: 331 WPS, 51.7% MFU",
        recompute="full",
        fsdp=True,
    ),
    TrainingSpeedCase(
        "nemo2407-llama3-8b-h100-fp8",
        "calibration",
        "nemo_2407",
        "llama-3.1-8b",
        "h100-80gb-sxm",
        8,
        8192,
        1,
        128,
        12036,
        "12036 tokens/s/GPU, 697 TFLOP/s/GPU",
        cp=2,
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "nemo2407-llama3-70b-h100-fp8",
        "calibration",
        "nemo_2407",
        "llama-3.1-70b",
        "h100-80gb-sxm",
        64,
        8192,
        1,
        128,
        1533,
        "1533 tokens/s/GPU, 738 TFLOP/s/GPU",
        tp=4,
        pp=4,
        cp=2,
        virtual_stages=5,
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    # --- calibration: Qwen3-30B-A3B, GPT-OSS-120B (mixture of experts) --------------------------
    TrainingSpeedCase(
        "mb2511-gptoss-h100-bf16",
        "calibration",
        MB11,
        "gpt-oss-120b",
        "h100-80gb-sxm",
        64,
        4096,
        4,
        512,
        5630,
        "5630 tokens/s/GPU, 153 TFLOP/s/GPU",
        pp=4,
        ep=8,
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "mb2602-gptoss-h100-bf16",
        "calibration",
        MB26,
        "gpt-oss-120b",
        "h100-80gb-sxm",
        64,
        4096,
        1,
        1280,
        5993,
        "5993 tokens/s/GPU, 163 TFLOP/s/GPU",
        pp=4,
        ep=8,
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "mb2511-gptoss-b200-bf16",
        "calibration",
        MB11,
        "gpt-oss-120b",
        "b200-180gb",
        64,
        4096,
        4,
        512,
        8213,
        "8213 tokens/s/GPU, 223 TFLOP/s/GPU",
        ep=8,
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "mb2602-gptoss-b200-bf16",
        "calibration",
        MB26,
        "gpt-oss-120b",
        "b200-180gb",
        64,
        4096,
        4,
        1280,
        8047,
        "8047 tokens/s/GPU, 219 TFLOP/s/GPU",
        ep=64,
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "mb2602-gptoss-b300-bf16",
        "calibration",
        MB26,
        "gpt-oss-120b",
        "b300-288gb",
        64,
        4096,
        4,
        1280,
        8359,
        "8359 tokens/s/GPU, 228 TFLOP/s/GPU",
        ep=64,
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "mb2511-qwen3-30b-h100-fp8",
        "calibration",
        MB11,
        "qwen3-30b-a3b",
        "h100-80gb-sxm",
        16,
        4096,
        2,
        512,
        5275,
        "5275 tokens/s/GPU, 121 TFLOP/s/GPU",
        pp=2,
        ep=8,
        virtual_stages=24,
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "mb2602-qwen3-30b-h100-fp8",
        "calibration",
        MB26,
        "qwen3-30b-a3b",
        "h100-80gb-sxm",
        16,
        4096,
        1,
        1024,
        5113,
        "5113 tokens/s/GPU, 118 TFLOP/s/GPU",
        pp=2,
        ep=8,
        virtual_stages=12,
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "mb2511-qwen3-30b-b200-fp8",
        "calibration",
        MB11,
        "qwen3-30b-a3b",
        "b200-180gb",
        8,
        4096,
        1,
        512,
        9299,
        "9299 tokens/s/GPU (FP8-MX), 214 TFLOP/s/GPU",
        ep=8,
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "mb2602-qwen3-30b-b200-fp8",
        "calibration",
        MB26,
        "qwen3-30b-a3b",
        "b200-180gb",
        8,
        4096,
        1,
        512,
        9691,
        "9691 tokens/s/GPU (MXFP8), 223 TFLOP/s/GPU",
        ep=8,
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "mb2602-qwen3-30b-b300-fp8",
        "calibration",
        MB26,
        "qwen3-30b-a3b",
        "b300-288gb",
        8,
        4096,
        8,
        512,
        29521,
        "29521 tokens/s/GPU (MXFP8), 679 TFLOP/s/GPU",
        ep=8,
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    # --- validation: other models and sizes ------------------------------------------------------
    TrainingSpeedCase(
        "mb2511-llama31-405b-h100-fp8",
        "validation",
        MB11,
        "llama-3.1-405b",
        "h100-80gb-sxm",
        1024,
        8192,
        1,
        512,
        292,
        "292 tokens/s/GPU, 737 TFLOP/s/GPU",
        tp=8,
        pp=8,
        cp=2,
        virtual_stages=8,
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "mb2602-llama31-405b-h100-fp8",
        "validation",
        MB26,
        "llama-3.1-405b",
        "h100-80gb-sxm",
        1024,
        8192,
        1,
        1536,
        311,
        "311 tokens/s/GPU, 784 TFLOP/s/GPU",
        tp=8,
        pp=8,
        cp=2,
        virtual_stages=8,
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "mb2511-llama31-405b-b200-fp8",
        "validation",
        MB11,
        "llama-3.1-405b",
        "b200-180gb",
        128,
        8192,
        1,
        64,
        661,
        "661 tokens/s/GPU (FP8-CS), 1667 TFLOP/s/GPU",
        tp=4,
        pp=8,
        cp=2,
        virtual_stages=8,
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "mb2511-qwen3-235b-h100-fp8",
        "validation",
        MB11,
        "qwen3-235b-a22b",
        "h100-80gb-sxm",
        256,
        4096,
        1,
        2048,
        1575,
        "1575 tokens/s/GPU, 233 TFLOP/s/GPU",
        tp=2,
        pp=8,
        ep=32,
        virtual_stages=4,
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "mb2602-qwen3-235b-h100-fp8",
        "validation",
        MB26,
        "qwen3-235b-a22b",
        "h100-80gb-sxm",
        256,
        4096,
        1,
        8192,
        1633,
        "1633 tokens/s/GPU, 242 TFLOP/s/GPU",
        tp=2,
        pp=8,
        ep=32,
        virtual_stages=4,
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "mb2511-qwen3-235b-b200-fp8",
        "validation",
        MB11,
        "qwen3-235b-a22b",
        "b200-180gb",
        64,
        4096,
        1,
        1024,
        3269,
        "3269 tokens/s/GPU (FP8-MX), 484 TFLOP/s/GPU",
        pp=8,
        ep=8,
        virtual_stages=2,
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "mb2602-qwen3-235b-b200-fp8",
        "validation",
        MB26,
        "qwen3-235b-a22b",
        "b200-180gb",
        256,
        4096,
        1,
        8192,
        3805,
        "3805 tokens/s/GPU (MXFP8), 563 TFLOP/s/GPU",
        pp=8,
        ep=8,
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "mb2602-qwen3-235b-b300-fp8",
        "validation",
        MB26,
        "qwen3-235b-a22b",
        "b300-288gb",
        256,
        4096,
        1,
        8192,
        2691,
        "2691 tokens/s/GPU (MXFP8), 399 TFLOP/s/GPU",
        pp=8,
        ep=8,
        virtual_stages=4,
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "mb2511-dsv3-b200-fp8",
        "validation",
        MB11,
        "deepseek-v3",
        "b200-180gb",
        256,
        4096,
        1,
        2048,
        2139,
        "2139 tokens/s/GPU (FP8-MX, with MTP), 557 TFLOP/s/GPU",
        pp=16,
        ep=8,
        precision="fp8",
        gaps=(*MB_RECOMPUTE, "trained with its multi-token-prediction layer, not counted"),
    ),
    TrainingSpeedCase(
        "mb2602-dsv3-b200-fp8",
        "validation",
        MB26,
        "deepseek-v3",
        "b200-180gb",
        256,
        4096,
        1,
        4096,
        2689,
        "2689 tokens/s/GPU (MXFP8), 699 TFLOP/s/GPU",
        pp=16,
        ep=8,
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "mb2602-dsv3-b300-fp8",
        "validation",
        MB26,
        "deepseek-v3",
        "b300-288gb",
        256,
        4096,
        1,
        4096,
        2983,
        "2983 tokens/s/GPU (MXFP8), 776 TFLOP/s/GPU",
        pp=16,
        ep=8,
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "tt-llama31-70b-h100-256gpu-fp8",
        "validation",
        "torchtitan_h100",
        "llama-3.1-70b",
        "h100-80gb-sxm",
        256,
        8192,
        16,
        512,
        829,
        "Table 4, 2D (FSDP 32, TP 8) + compile + Float8: 829 TPS/GPU",
        tp=8,
        precision="fp8",
        recompute="full",
        fsdp=True,
        gaps=TT_POWER,
    ),
    TrainingSpeedCase(
        "tt-llama31-405b-h100-512gpu-1f1b",
        "validation",
        "torchtitan_h100",
        "llama-3.1-405b",
        "h100-80gb-sxm",
        512,
        8192,
        1,
        256,
        100,
        "Table 5, FSDP 8, TP 8, PP 8, 1F1B: 100 TPS/GPU",
        tp=8,
        pp=8,
        precision="fp8",
        recompute="full",
        fsdp=True,
        gaps=(*TT_POWER, "micro-batch size 1 assumed (torchtitan's default), 32 per pipeline"),
    ),
    TrainingSpeedCase(
        "tt-llama31-405b-h100-512gpu-interleaved",
        "validation",
        "torchtitan_h100",
        "llama-3.1-405b",
        "h100-80gb-sxm",
        512,
        8192,
        1,
        256,
        128,
        "Table 5, FSDP 8, TP 8, PP 8, Interleaved 1F1B: 128 TPS/GPU",
        tp=8,
        pp=8,
        virtual_stages=2,
        precision="fp8",
        recompute="full",
        fsdp=True,
        gaps=(*TT_POWER, "two stages per rank and micro-batch 1 assumed"),
    ),
    *(
        TrainingSpeedCase(
            f"tt-llama31-8b-h100-cp{cp}",
            "validation",
            "torchtitan_h100",
            "llama-3.1-8b",
            "h100-80gb-sxm",
            8,
            seq,
            1,
            8 // cp,
            tps,
            f"Table 2, FSDP {8 // cp}, CP {cp}, seq {seq}: {tps:,} TPS/GPU",
            cp=cp,
            precision="fp8",
            recompute="full",
            fsdp=True,
            gaps=TT_POWER,
        )
        for cp, seq, tps in (
            (1, 32768, 3890),
            (2, 65536, 2540),
            (4, 131072, 1071),
            (8, 262144, 548),
        )
    ),
    *(
        TrainingSpeedCase(
            f"tt-llama31-405b-h100-cp{cp}",
            "validation",
            "torchtitan_h100",
            "llama-3.1-405b",
            "h100-80gb-sxm",
            512,
            seq,
            1,
            8 * 8 // cp,
            tps,
            f"Table 6, TP 8, PP 8, FSDP {8 // cp}, CP {cp}, seq {seq}: {tps} TPS/GPU",
            tp=8,
            pp=8,
            cp=cp,
            precision="fp8",
            recompute="full",
            fsdp=True,
            gaps=(*TT_POWER, "local batch 8 taken as 8 micro-batches of 1"),
        )
        for cp, seq, tps in ((1, 32768, 76), (2, 65536, 47), (4, 131072, 31), (8, 262144, 16))
    ),
    TrainingSpeedCase(
        "nemo2407-llama2-7b-h100-fp8",
        "validation",
        "nemo_2407",
        "llama-2-7b",
        "h100-80gb-sxm",
        8,
        4096,
        1,
        128,
        16847,
        "16847 tokens/s/GPU, 776 TFLOP/s/GPU",
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "nemo2407-llama2-13b-h100-fp8",
        "validation",
        "nemo_2407",
        "config:llama-2-13b",
        "h100-80gb-sxm",
        16,
        4096,
        1,
        128,
        8646,
        "8646 tokens/s/GPU, 754 TFLOP/s/GPU",
        pp=4,
        virtual_stages=10,
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    TrainingSpeedCase(
        "nemo2407-llama2-70b-h100-fp8",
        "validation",
        "nemo_2407",
        "config:llama-2-70b",
        "h100-80gb-sxm",
        64,
        4096,
        1,
        128,
        1707,
        "1707 tokens/s/GPU, 759 TFLOP/s/GPU",
        tp=4,
        pp=4,
        virtual_stages=20,
        precision="fp8",
        gaps=MB_RECOMPUTE,
    ),
    # --- validation: supervised fine-tuning and LoRA (no constant is fitted for LoRA) -----------
    *(
        TrainingSpeedCase(
            f"nemo2407-{name}-{task.lower()}-h100-fp8",
            "validation",
            "nemo_2407",
            model,
            "h100-80gb-sxm",
            gpus,
            4096,
            1,
            32,
            tps,
            f"{task}: {tps} tokens/s/GPU, {tflops} TFLOP/s/GPU",
            tp=tp,
            pp=pp,
            precision="fp8",
            method="lora" if task == "LoRA" else "full",
            gaps=(*MB_RECOMPUTE, "LoRA rank and targets not stated; adapters not counted"),
        )
        for name, model, task, gpus, tp, pp, tps, tflops in (
            ("llama2-7b", "llama-2-7b", "SFT", 8, 1, 1, 17120, 682),
            ("llama2-13b", "config:llama-2-13b", "SFT", 8, 1, 4, 9741, 754),
            ("llama2-70b", "config:llama-2-70b", "SFT", 16, 4, 4, 1833, 756),
            ("llama2-7b", "llama-2-7b", "LoRA", 8, 1, 1, 25206, 673),
            ("llama2-13b", "config:llama-2-13b", "LoRA", 8, 1, 1, 14161, 733),
            ("llama2-70b", "config:llama-2-70b", "LoRA", 8, 2, 4, 2557, 705),
        )
    ),
    # --- validation: single-GPU and 8-GPU fine-tuning with torchtune (no constant fitted) ---
    *(
        TrainingSpeedCase(
            f"torchtune-llama31-{name}",
            "validation",
            "torchtune_readme",
            model,
            gpu,
            gpus,
            2048,
            2,
            2 * gpus,
            total / gpus,
            f"{label}: {total} tokens/s",
            recompute="full",
            fsdp=gpus > 1,
            method=method,
            gaps=gaps,
        )
        for name, model, gpu, gpus, method, total, label, gaps in (
            (
                "8b-full-4090",
                "llama-3.1-8b",
                "rtx-4090",
                1,
                "full",
                1650,
                "Llama 3.1 8B, full finetune, 1x 4090",
                ("optimizer step in the backward, PagedAdamW8bit",),
            ),
            (
                "8b-lora-4090",
                "llama-3.1-8b",
                "rtx-4090",
                1,
                "lora",
                3083,
                "Llama 3.1 8B, LoRA, 1x 4090",
                ("adapters not counted",),
            ),
            (
                "8b-qlora-4090",
                "llama-3.1-8b",
                "rtx-4090",
                1,
                "qlora",
                2413,
                "Llama 3.1 8B, QLoRA, 1x 4090",
                ("adapters not counted",),
            ),
            (
                "70b-lora-8xa100",
                "llama-3.1-70b",
                "a100-80gb",
                8,
                "lora",
                3497,
                "Llama 3.1 70B, LoRA, 8x A100",
                TORCHTUNE_TOTAL,
            ),
            (
                "405b-qlora-8xa100",
                "llama-3.1-405b",
                "a100-80gb",
                8,
                "qlora",
                653,
                "Llama 3.1 405B, QLoRA, 8x A100",
                TORCHTUNE_TOTAL,
            ),
        )
    ),
    TrainingSpeedCase(
        "tt-llama2-13b-a100-64gpu",
        "validation",
        "torchtitan_a100",
        "config:llama-2-13b",
        "a100-80gb",
        64,
        4096,
        2,
        128,
        2162,
        "Llama 2 13B, batch 2, no AC: 2162 WPS, 61.1% MFU",
        fsdp=True,
    ),
    TrainingSpeedCase(
        "tt-llama2-70b-a100-64gpu",
        "validation",
        "torchtitan_a100",
        "config:llama-2-70b",
        "a100-80gb",
        64,
        4096,
        2,
        128,
        353,
        "Llama 2 70B, batch 2, full AC: 353 WPS, 50.5% MFU",
        recompute="full",
        fsdp=True,
    ),
)


@dataclass(frozen=True)
class DiffusionSpeedCase:
    """One published image-generation speed, as seconds per image.

    End-to-end rows time the whole pipeline call; the diffusers PyTorch 2.0 rows publish the
    denoising loop's iterations per second for a batch, stored here as the loop's seconds per
    image (steps ÷ (it/s × batch)).
    """

    id: str
    split: Split
    source: str
    preset: str
    gpu: str
    size: int  # square images, pixels per side
    steps: int
    seconds_per_image: float
    as_published: str
    gaps: tuple[str, ...] = ()
    batch: int = 1


DIFFUSION_SPEED: tuple[DiffusionSpeedCase, ...] = (
    DiffusionSpeedCase(
        "fal-sd15-a100",
        "calibration",
        "fal_sd_benchmarks",
        "sd-1.5",
        "a100-80gb",
        512,
        50,
        1.591,
        "Diffusers (torch 2.1, SDPA): mean 1.591 s, 31.44 it/s",
    ),
    DiffusionSpeedCase(
        "fal-sdxl-a100",
        "calibration",
        "fal_sd_benchmarks",
        "sdxl",
        "a100-80gb",
        1024,
        50,
        5.933,
        "Diffusers (torch 2.1, SDPA): mean 5.933 s, 8.43 it/s",
    ),
    DiffusionSpeedCase(
        "diffusers-sdxl-30-a100",
        "validation",
        "diffusers_fast_diffusion",
        "sdxl",
        "a100-80gb",
        1024,
        30,
        3.315,
        "bf16 + SDPA, 30 steps: 3.315 s",
        gaps=("a 400 W A100 at maximum clocks",),
    ),
    DiffusionSpeedCase(
        "benchmarkflux-a100",
        "validation",
        "benchmarkflux",
        "flux.1-dev",
        "a100-80gb",
        1024,
        28,
        15.65,
        "A100, BF16: average 15.65 s",
        gaps=("the A100's memory size is not stated",),
    ),
    DiffusionSpeedCase(
        "benchmarkflux-h100",
        "validation",
        "benchmarkflux",
        "flux.1-dev",
        "h100-80gb-sxm",
        1024,
        28,
        7.11,
        "H100, BF16: average 7.11 s",
        gaps=("H100 form factor (SXM or PCIe) not stated; compared on SXM",),
    ),
)

PT2_LOOP = ("the denoising loop alone (its progress bar), without text encoding and VAE decode",)
PT2_A100 = (*PT2_LOOP, "A100 memory size not stated")
# Added after the diffusion constants were fitted on the two fal rows, as validation: they judge
# the batch dimension on A100 and on the RTX 4090. (A refit with the A100 rows as calibration
# was tried; those rows ran an older stack, torch 2.0, 1.3-1.6x slower than the fal rows on the
# same GPU, and the refit judged worse on every other validation row: 1 of 6 within 25 %.
# docs/ACCURACY.md says so.)
PT2_ROWS: tuple[DiffusionSpeedCase, ...] = tuple(
    DiffusionSpeedCase(
        f"diffusers-pt2-sd15-{gpu_name}-b{batch}",
        split,
        "diffusers_pt2",
        "sd-1.5",
        gpu,
        512,
        50,
        50 / (its * batch),
        f"SD txt2img, torch 2.0 no compile, batch {batch}: {its} it/s",
        gaps,
        batch,
    )
    for gpu_name, gpu, split, gaps, rows in (
        ("a100", "a100-80gb", "validation", PT2_A100, ((1, 21.66), (4, 11.6), (16, 3.04))),
        ("4090", "rtx-4090", "validation", PT2_LOOP, ((1, 40.5), (4, 12.62), (16, 3.17))),
    )
    for batch, its in rows
)
DIFFUSION_SPEED += PT2_ROWS

# Added with the serving work's second round, before any refit: two FLUX.1-dev rows join the
# calibration set (a large transformer denoiser beside the two UNets, and a second GPU, so the
# two constants rest on four rows of two GPUs and three models), and one SDXL row at batch 4 on
# an A100 40GB joins the validation set.
HF_BLOG_ROWS: tuple[DiffusionSpeedCase, ...] = (
    DiffusionSpeedCase(
        "hfblog-flux-a100",
        "calibration",
        "hf_blog_flux",
        "flux.1-dev",
        "a100-80gb",
        1024,
        28,
        15.815,
        "'This takes 15.815 seconds on an A100 80GB'",
    ),
    DiffusionSpeedCase(
        "hfblog-flux-h100",
        "calibration",
        "hf_blog_flux",
        "flux.1-dev",
        "h100-80gb-sxm",
        1024,
        28,
        6.936,
        "'and 6.936 seconds on an H100'",
        gaps=("H100 form factor (SXM or PCIe) not stated; compared on SXM",),
    ),
    DiffusionSpeedCase(
        "hfblog-sdxl-a100-40gb-b4",
        "validation",
        "hf_blog_sdxl",
        "sdxl",
        "a100-40gb",
        1024,
        50,
        11.413 / 4,
        "fp16 + SDPA (default): 11413.0 ms for 4 images",
        gaps=(
            "the steps are the pipeline's default (50), not stated",
            "each run was repeated three times; which figure the table gives is not stated",
        ),
        batch=4,
    ),
)
DIFFUSION_SPEED += HF_BLOG_ROWS

# Added with the serving work's third round, before the planner was run on them and with no refit:
# every published PyTorch (not compiled, not quantized) row found for the three presets on a
# catalog GPU with its steps, resolution and batch, from seven more sources. All are validation
# rows: they judge the two constants and set the band.
_A800 = ("an A800-SXM4-80GB, the A100 80GB SXM's export variant (the same chip and clocks)",)
_H100_FORM = ("H100 form factor (SXM or PCIe) not stated; compared on SXM",)
_LOOP = (
    "the denoising loop alone, without text encoding and VAE decode",
    "the steps are not stated; the loop's rate is compared at 50 steps",
)


def _row(
    id: str,
    source: str,
    preset: str,
    gpu: str,
    size: int,
    steps: int,
    seconds: float,
    published: str,
    gaps: tuple[str, ...] = (),
    batch: int = 1,
) -> DiffusionSpeedCase:
    """A validation row of the third round; ``seconds`` per image."""
    return DiffusionSpeedCase(
        id, "validation", source, preset, gpu, size, steps, seconds, published, gaps, batch
    )


THIRD_ROUND: tuple[DiffusionSpeedCase, ...] = (
    *(
        _row(
            f"ort-sd15-a100-40gb-b{batch}",
            "ort_sd_benchmark",
            "sd-1.5",
            "a100-40gb",
            512,
            50,
            latency / batch,
            f"torch 2.0.0+cu117, default, batch size {batch}: average latency {latency}",
            ("the latency is published to one decimal",),
            batch,
        )
        for batch, latency in ((1, 1.5), (4, 3.9), (8, 7.6), (16, 14.8))
    ),
    _row(
        "sd-benchmarks-sd15-a100-40gb",
        "sd_benchmarks",
        "sd-1.5",
        "a100-40gb",
        512,
        50,
        1.96,
        "A100-SXM, 40GB, PT2.0,fp16: 1.96 s",
        ("an earlier version of the README labels the same figure 'PT2.0,fp16,xformers'",),
    ),
    _row(
        "sd-benchmarks-sd15-h100-pcie",
        "sd_benchmarks",
        "sd-1.5",
        "h100-80gb-pcie",
        512,
        50,
        1.44,
        "H100-PCIe, 80GB, PT2.0,fp16: 1.44 s",
        ("an earlier version of the README labels the same figure 'PT2.0,fp16,xformers'",),
    ),
    _row(
        "onediff-sd15-4090",
        "onediff_examples",
        "sd-1.5",
        "rtx-4090",
        512,
        20,
        0.61,
        "RTX4090, 512*512: PyTorch E2E time 0.61 s (38.32 it/s)",
    ),
    _row(
        "onediff-sd15-a800",
        "onediff_examples",
        "sd-1.5",
        "a100-80gb",
        512,
        20,
        0.64,
        "A800-SXM4-80GB, 512*512: PyTorch E2E time 0.64 s (36.11 it/s)",
        _A800,
    ),
    _row(
        "onediff-sdxl-4090",
        "onediff_examples",
        "sdxl",
        "rtx-4090",
        1024,
        20,
        2.76,
        "RTX 4090 1024*1024: PyTorch E2E time 2.76 s (8.44 it/s)",
    ),
    _row(
        "onediff-sdxl-a800",
        "onediff_examples",
        "sdxl",
        "a100-80gb",
        1024,
        20,
        2.28,
        "A800-SXM4-80GB, 1024*1024: PyTorch E2E time 2.28 s (9.92 it/s)",
        _A800,
    ),
    _row(
        "paraattention-flux-a100",
        "paraattention",
        "flux.1-dev",
        "a100-80gb",
        1024,
        28,
        13.843,
        "FLUX.1-dev, A100-SXM4-80GB, Baseline: 13.843 s",
        ("the steps and size are its example script's (28 steps, the pipeline's 1024x1024)",),
    ),
    _row(
        "xdit-flux-h100",
        "xdit_flux",
        "flux.1-dev",
        "h100-80gb-sxm",
        1024,
        28,
        6.71,
        "1 GPU, PyTorch: 6.71 s",
        ("run through xDiT's single-GPU path, not a bare diffusers script", *_H100_FORM),
    ),
    *(
        _row(
            f"torchao-flux-h100-b{batch}",
            "diffusers_torchao",
            "flux.1-dev",
            "h100-80gb-sxm",
            1024,
            28,
            seconds / batch,
            f"batch_size {batch}, fuse False, compile False, quantization None: time {seconds}",
            _H100_FORM,
            batch,
        )
        for batch, seconds in ((1, 6.573), (4, 24.828), (8, 49.438), (16, 97.545))
    ),
    *(
        _row(
            f"stable-fast-{model}-{gpu_name}",
            "stable_fast",
            preset,
            gpu,
            size,
            50,
            50 / its,
            f"{gpu_name.upper()}, Vanilla PyTorch (2.1.0), {column}: {its} it/s",
            (*_LOOP, gap),
        )
        for gpu_name, gpu, gap in (
            ("h100", "h100-80gb-sxm", _H100_FORM[0]),
            (
                "a100",
                "a100-40gb",
                "A100 variant not stated (an earlier version of the README: A100 PCIe 40GB);"
                " compared on the 40GB SXM",
            ),
        )
        for model, preset, size, column, its in (
            ("sd15", "sd-1.5", 512, "SD 1.5", 54.5 if gpu_name == "h100" else 35.6),
            ("sdxl", "sdxl", 1024, "SD XL (1024x1024)", 14.9 if gpu_name == "h100" else 8.7),
        )
    ),
)
DIFFUSION_SPEED += THIRD_ROUND

NOT_FOUND = (
    "LoRA and QLoRA: only torchtune's README (Llama 3.1 on an RTX 4090 and on 8 A100s) and"
    " NeMo 24.07 (Llama 2 on H100) state every setting; the other published figures found"
    " (Unsloth's) are speed-ups relative to another trainer, not tokens/s; no constant is"
    " fitted for LoRA or QLoRA",
    "torchtune's Llama 3.1 70B full fine-tune on 8 A100s offloads to the CPU, which the"
    " planner does not model: not used",
    "MLPerf Training results: published as minutes to a quality target on whole systems, not"
    " tokens/s with the parallel layout; not used",
    "SD3 seconds per image with steps, resolution and GPU: none found",
    "GB200 and GB300 rows of the Megatron-Bridge tables: GPUs the catalog does not carry",
)
