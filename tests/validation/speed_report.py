"""The training and image-generation speed section of docs/ACCURACY.md (see report.py)."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable

from core.speed import diffusion as diffusion_model
from core.speed.training import BANDS, CONSTANTS, UNMEASURED_WIDENING
from tests.validation.speed_compare import (
    baseline_diffusion,
    baseline_training,
    model_diffusion,
    model_training,
)
from tests.validation.speed_training import (
    DIFFUSION_SPEED,
    NOT_FOUND,
    SPEED_SOURCES,
    TRAINING_SPEED,
    DiffusionSpeedCase,
    TrainingSpeedCase,
)

WITHIN = 0.25


def _stats(errors: list[float]) -> str:
    if not errors:
        return "– | – | – | –"
    within = sum(abs(e) <= WITHIN for e in errors)
    median = statistics.median(abs(e) for e in errors)
    worst = max(errors, key=abs)
    return f"{len(errors)} | {within} | {median:.0%} | {worst:+.0%}"


def training_errors(
    cases: Iterable[TrainingSpeedCase], predict: Callable[[TrainingSpeedCase], float]
) -> list[float]:
    """predicted ÷ measured − 1 of each case."""
    return [predict(c) / c.tokens_per_s_per_gpu - 1 for c in cases]


def diffusion_errors(
    cases: Iterable[DiffusionSpeedCase], predict: Callable[[DiffusionSpeedCase], float]
) -> list[float]:
    """predicted ÷ measured − 1 of each case (images per second)."""
    return [predict(c) * c.seconds_per_image - 1 for c in cases]


def training_groups() -> dict[str, list[TrainingSpeedCase]]:
    """The summary's rows: calibration, validation, and validation by kind."""
    cal = [c for c in TRAINING_SPEED if c.split == "calibration"]
    val = [c for c in TRAINING_SPEED if c.split == "validation" and not c.not_comparable]
    return {
        "calibration": cal,
        "validation": val,
        "validation, dense": [c for c in val if c.kind == "dense" and c.method == "full"],
        "validation, mixture of experts": [c for c in val if c.kind == "moe"],
        "validation, LoRA and QLoRA": [c for c in val if c.method != "full"],
        "not comparable (500 W H100)": [c for c in TRAINING_SPEED if c.not_comparable],
    }


def _layout(c: TrainingSpeedCase) -> str:
    parts = [f"{c.gpus} GPUs"]
    for name, value in (("TP", c.tp), ("PP", c.pp), ("VP", c.virtual_stages)):
        if value > 1:
            parts.append(f"{name} {value}")
    for name, value in (("CP", c.cp), ("EP", c.ep)):
        if value > 1:
            parts.append(f"{name} {value}")
    if c.fsdp:
        parts.append("FSDP")
    parts.append(f"MBS {c.micro_batch}, GBS {c.global_batch}, seq {c.sequence_length}")
    parts.append(c.precision.upper())
    if c.recompute != "none":
        parts.append(f"{c.recompute} recompute")
    if c.method != "full":
        parts.append(c.method.upper() if c.method == "qlora" else "LoRA")
    return ", ".join(parts)


def speed_section() -> list[str]:
    """The lines of the speed section."""
    lines = [
        "# Accuracy of the speed estimate: training and image generation",
        "",
        "Generated from `tests/validation/speed_training.py` (published measurements) by"
        " `tests/validation/speed_report.py`. Each case is one row of a published performance"
        " table with every setting it states; the planner's figure is computed for exactly that"
        " setting on the catalog's GPU. Error = planner ÷ measured − 1 on tokens/s per GPU"
        " (training) or images per second (diffusion): a positive error is an optimistic"
        " planner, and since a run's hours and cost are the work divided by the speed, its"
        " cost is off by 1 ÷ (1 + error) − 1 the other way. 'Before' is the planner before the"
        " speed model (`core/throughput.py`: bf16 peak × 0.4 ÷ k·N_active; images at 0.4 of the"
        " bf16 peak).",
        "",
        "The cases were split before any constant was fitted: calibration = Llama 3 8B and 70B,"
        " Qwen3-30B-A3B and GPT-OSS-120B (Megatron-Bridge, NeMo) on H100, B200, B300, and"
        " torchtitan's Llama 3 on A100; validation = other models and sizes (Llama 3.1 405B,"
        " Qwen3-235B-A22B, DeepSeek-V3, Llama 2 7B/13B/70B pre-training, SFT and LoRA),"
        " torchtune's full, LoRA and QLoRA fine-tuning on an RTX 4090 and 8 A100s, and the"
        " torchtitan H100 rows. Constants are fitted on calibration only"
        " (`python -m tests.validation.speed_fit`).",
        "",
        "## Summary (training)",
        "",
        "| Set | Cases | Within ±25 % (before) | Median abs. error (before) | Worst (before)"
        " | Within ±25 % | Median abs. error | Worst |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name, cases in training_groups().items():
        before = _stats(training_errors(cases, baseline_training)).split(" | ")
        now = _stats(training_errors(cases, model_training)).split(" | ")
        lines.append(f"| {name} | {now[0]} | {' | '.join(before[1:])} | {' | '.join(now[1:])} |")
    lines += [
        "",
        "The torchtitan H100 rows ran on 500 W, 96GB HBM2e H100s whose peak the source itself does"
        " not know; the planner's H100 is the 700 W SXM part, so these rows sit about 1.4× below"
        " the planner at short sequences. They are listed, and left out of the validation rows"
        " above.",
        "",
        "## Summary (image generation)",
        "",
        "| Set | Cases | Within ±25 % (before) | Median abs. error (before) | Worst (before)"
        " | Within ±25 % | Median abs. error | Worst |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for split in ("calibration", "validation"):
        cases = [c for c in DIFFUSION_SPEED if c.split == split]
        before = _stats(diffusion_errors(cases, baseline_diffusion)).split(" | ")
        now = _stats(diffusion_errors(cases, model_diffusion)).split(" | ")
        lines.append(f"| {split} | {now[0]} | {' | '.join(before[1:])} | {' | '.join(now[1:])} |")
    lines += [
        "",
        "Image generation does not meet the target. The same GPU runs 1.3–1.6× apart between"
        " software stacks (SD 1.5 on A100: 31 it/s end to end under torch 2.1 in the fal rows,"
        " 22 it/s in the loop alone under torch 2.0 in diffusers' benchmark), and the RTX 4090"
        " reaches about half its bf16 peak where the A100 reaches a quarter. The diffusers"
        " PyTorch 2.0 rows were added after the two constants were fitted on the fal rows; a"
        " refit with their A100 rows as calibration was tried and judged worse on every other"
        " validation row (1 of 6 within ±25 %), so they stay validation rows, and the band is"
        " set from them. On the first ten validation rows the old bound had more within ±25 %"
        " (5 against 3), but its worst error there was +259 % (SD 1.5 at batch 1, which it had"
        " 3.6× too fast).",
        "",
        "Two FLUX.1-dev rows (A100 and H100, the Hugging Face blog's 'productionizing diffusion')"
        " then joined the calibration set and one SDXL row at batch 4 on an A100 40GB (the blog's"
        " 'simple SDXL optimizations') the validation set, so the two constants rest on four rows"
        " of three models and two GPUs. The refit moves them by less than their rounding"
        " (utilisation 0.438, 0.0201 s per step), and the four rows show what one utilisation"
        " cannot say: the H100 reaches a smaller share of its bf16 peak than the A100 on the"
        " same FLUX run (the planner is 30 % too fast there), and SDXL at batch 4 runs twice as"
        " many images per second as at batch 1, where the model expects the denoiser's FLOPs to"
        " dominate (45 % too slow): the share of the peak a denoiser reaches grows with the"
        " work per call, which a single constant does not follow.",
        "",
        "Twenty more validation rows followed, from seven more sources (every published PyTorch"
        " row found for the three presets on a catalog GPU that states its steps, size and"
        " batch; compiled, quantized and cached rows left out), with no refit: 11 of the 20"
        " within ±25 %, all inside the stated band. They confirm the two patterns above and"
        " add a third. The H100 runs 23-33 % slower than the planner on every FLUX and SDXL"
        " row from four sources, at every batch from 1 to 16: its large bf16 GEMMs reach about"
        " the A100's share of their peak in NVIDIA's AIConfigurator kernel tables (0.71-0.83"
        " against 0.78-0.91), so the gap is in the rest (attention through PyTorch's SDPA, the"
        " convolutions and the small kernels), which no measurement here separates. SD 1.5 on"
        " an A100 at batch 8-16 runs 34-43 % slower than the planner (ONNX Runtime's torch 2.0"
        " rows, as diffusers' own), while SDXL at batch 4 runs 45 % faster. And the RTX 4090"
        " runs 16-41 % faster than the planner on every row, most at batch 1, where the fixed"
        " time per step (the host's Python loop and kernel launches, fitted on servers) is"
        " shorter on a desktop's faster CPU.",
        "",
        "## Training cases",
        "",
        "| Case | Set | Model | GPU | Setting | Measured tokens/s/GPU | Before | Planner | Error"
        " | Source |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for c in TRAINING_SPEED:
        before = baseline_training(c) / c.tokens_per_s_per_gpu - 1
        now = model_training(c)
        error = now / c.tokens_per_s_per_gpu - 1
        split = c.split + (" (not comparable)" if c.not_comparable else "")
        lines.append(
            f"| `{c.id}` | {split} | {c.model.removeprefix('config:')} | {c.gpu} | {_layout(c)}"
            f" | {c.tokens_per_s_per_gpu:,.0f} ({c.as_published}) | {before:+.0%} | {now:,.0f}"
            f" | {error:+.0%} | `{c.source}` |"
        )
    lines += [
        "",
        "Settings a source leaves unstated: Megatron-Bridge and NeMo tables do not state"
        " recomputation (taken as none); the"
        " NeMo LoRA rows do not state rank or targets (adapters not counted); torchtitan's"
        " pipeline rows are taken with micro-batches of 1 and two stages per rank when"
        " interleaved; torchtune's 8-GPU tokens/s are read as the total (per GPU they would"
        " exceed the A100's peak), and its README's batch 2 and 2048-token packing are taken"
        " for every row, with activation checkpointing as its configs set it; the diffusers"
        " PyTorch 2.0 rows time the denoising loop alone and do not say which A100; one"
        " DeepSeek-V3 row trained its multi-token-prediction layer, which the planner does not"
        " count.",
        "",
        "## Image-generation cases",
        "",
        "| Case | Set | Model | GPU | Size, steps, batch | Measured s/image | Before | Planner"
        " | Error"
        " | Source |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for d in DIFFUSION_SPEED:
        before = baseline_diffusion(d) * d.seconds_per_image - 1
        seconds = 1 / model_diffusion(d)
        error = d.seconds_per_image / seconds - 1
        lines.append(
            f"| `{d.id}` | {d.split} | {d.preset} | {d.gpu} | {d.size}², {d.steps} steps,"
            f" batch {d.batch}"
            f" | {d.seconds_per_image:.3g} ({d.as_published}) | {before:+.0%} | {seconds:.2f}"
            f" | {error:+.0%} | `{d.source}` |"
        )
    c = CONSTANTS
    lines += [
        "",
        "## Constants and where they come from",
        "",
        f"- Matmul utilisation (share of the precision's own peak): bf16 {c.matmul_bf16},"
        f" FP8 {c.matmul_fp8}; attention at the bf16 share. MoE: {c.moe_seconds_per_route:.3g}"
        " GPU-seconds per token, MoE layer and routed expert, and the routed experts' grouped"
        f" GEMMs at {c.expert_efficiency} of the dense matmuls' rate. Fitted on the training"
        " calibration cases (`core/speed/training.py`). Counted, not fitted: 6 FLOPs per weight"
        " and token (4 for LoRA's frozen weights), attention 6·heads·(d_qk + d_v)·context per"
        " layer and token, recomputation, the pipeline bubble (p − 1) ÷ (v·m), sequence-parallel"
        " traffic at the NVLink bandwidth, data-parallel traffic (DDP's gradient all-reduce,"
        " FSDP's gathers and reduce-scatter) at the NVLink or PCIe bandwidth within a node and"
        " 50 GB/s per GPU between nodes, overlapped with the compute (the longer of the two"
        " counts), QLoRA's dequantisation at the memory bandwidth.",
        f"- Bands: dense ±{BANDS['dense']:.0%} (every calibration row is within 16 %),"
        f" mixture of experts ±{BANDS['moe']:.0%} (9 of the 10 calibration rows; Qwen3-30B-A3B"
        " at micro-batch 8 on B300 runs 3.2× the planner's figure and stays outside), widened"
        f" by {UNMEASURED_WIDENING:.0%} on a GPU no published run was measured on (anything but"
        " A100, H100/H200, B200, B300).",
        f"- Image generation: {diffusion_model.UTILISATION} of the bf16 peak for the denoiser's"
        f" FLOPs plus {diffusion_model.SECONDS_PER_STEP} s per step, fitted on SD 1.5 and SDXL at"
        " 50 steps on an A100 and FLUX.1-dev at 28 steps on an A100 and an H100 (four cases, two"
        " constants; the validation rows judge them)."
        f" Band ±{diffusion_model.BAND:.0%}: four calibration rows say little of the spread, so"
        " it is the worst validation error on A100 and H100 (SD 1.5 at batch 16 under torch 2.0,"
        f" +59 %) rounded up; widened by"
        f" {diffusion_model.UNMEASURED_WIDENING:.0%} on GPUs other than A100 and H100. Images at a"
        " batch share each step's fixed time.",
        "- What a plan request is estimated at: a request says its GPUs, tensor-parallel degree,"
        " sequence length, micro-batch, method and activation checkpointing, and trains in"
        " 16-bit; the planner applies the model with no pipeline, context or expert parallelism"
        " and no FP8 (fp32 at the TF32 half of the bf16 peak). An MFU other than the default"
        " 0.4 in the request is applied as given (the old bound) instead of the model. A run on"
        " more GPUs than one order of the offer holds is priced as the orders it needs.",
        "",
        "## Sources",
        "",
        *[f"- `{key}`: {text}" for key, text in SPEED_SOURCES.items()],
        "",
        "## Not found or not used",
        "",
        *[f"- {item}." for item in NOT_FOUND],
        "",
    ]
    return lines
