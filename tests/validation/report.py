"""Generate docs/ACCURACY.md from the validation cases: ``python -m tests.validation.report``.

``--baseline`` records the current predictions in ``baseline.json`` (done once, before a change to
the capacity model, so the document can show before and after). ``--check`` exits 1 when
docs/ACCURACY.md is not what the cases give now.
"""

from __future__ import annotations

import json
import statistics
import sys
from collections.abc import Iterable
from pathlib import Path

from core.estimate.accuracy import ACCURACY_BANDS
from tests.validation.cases import (
    CASES,
    KNOWN_OUTSIDE,
    NOT_COMPARABLE,
    NOT_EXPRESSIBLE,
    SOURCES,
    Case,
)
from tests.validation.compare import outcome
from tests.validation.holdout_report import holdout_section
from tests.validation.serving_report import serving_section
from tests.validation.speed_report import speed_section

ROOT = Path(__file__).resolve().parents[2]
BASELINE = Path(__file__).parent / "baseline.json"
DOC = ROOT / "docs" / "ACCURACY.md"
WORKLOADS = ("inference", "training", "diffusion")


def _load_baseline() -> dict[str, int]:
    if not BASELINE.exists():
        return {}
    data: dict[str, int] = json.loads(BASELINE.read_text("utf-8"))["predicted_bytes"]
    return data


def _stats(errors: list[float], bands: list[float]) -> str:
    if not errors:
        return "– | – | – | –"
    within = sum(abs(e) <= b for e, b in zip(errors, bands, strict=True))
    median = statistics.median(abs(e) for e in errors)
    worst = max(errors, key=abs)
    return f"{len(errors)} | {within} | {median:.1%} | {worst:+.1%}"


def _rows(cases: Iterable[Case], predicted: dict[str, int]) -> tuple[list[float], list[float]]:
    errors, bands = [], []
    for case in cases:
        if case.id in predicted and not case.not_comparable:
            errors.append(predicted[case.id] / case.value_bytes - 1)
            bands.append(case.band)
    return errors, bands


def summary_table(now: dict[str, int], before: dict[str, int]) -> list[str]:
    """Per workload and per component: cases, within band, median |error|, worst error."""
    lines = [
        "| workload | component | before: cases | within ±band | median abs error | worst |"
        " after: cases | within ±band | median abs error | worst |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for workload in WORKLOADS:
        cases = [c for c in CASES if c.workload == workload]
        groups = [("all", cases)] + [
            (comp, [c for c in cases if c.component == comp])
            for comp in sorted({c.component for c in cases})
        ]
        for comp, group in groups:
            b = _stats(*_rows(group, before))
            a = _stats(*_rows(group, now))
            lines.append(f"| {workload} | {comp} | {b} | {a} |")
    b = _stats(*_rows(CASES, before))
    a = _stats(*_rows(CASES, now))
    lines.append(f"| **all** | all | {b} | {a} |")
    return lines


def not_comparable_line() -> str:
    """How many cases the totals leave out as not comparable, per workload."""
    counts = {w: sum(1 for c in CASES if c.workload == w and c.not_comparable) for w in WORKLOADS}
    listed = ", ".join(f"{n} {w} case{'s' * (n > 1)}" for w, n in counts.items() if n)
    if not listed:
        return "Every case is comparable and counted above."
    return (
        f"Not counted above: {listed} not comparable, whose measurement holds more than its"
        " setting (see 'Cases not comparable'); their errors are listed with the cases."
    )


def same_cases_line(now: dict[str, int], before: dict[str, int]) -> str:
    """Before and after over the same comparable cases: those the planner could express before."""
    ids = [c.id for c in CASES if c.id in before and not c.not_comparable]
    value = {c.id: c.value_bytes for c in CASES}
    prior = [abs(before[i] / value[i] - 1) for i in ids]
    after = [abs(now[i] / value[i] - 1) for i in ids]
    inside = sum(abs(now[i] / value[i] - 1) <= 0.15 for i in ids)
    return (
        f"Over the same {len(ids)} comparable cases (those the planner could express before):"
        f" median abs error {statistics.median(prior):.1%} before,"
        f" {statistics.median(after):.1%} after;"
        f" within ±15 %: {sum(e <= 0.15 for e in prior)} before, {inside} after."
    )


def case_table(now: dict[str, int], before: dict[str, int]) -> list[str]:
    """Every case with its measurement, prediction before and after, and its gaps."""
    lines = [
        "| case | measured | as published | planner before | planner after | error after |"
        " band | setting not expressed |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for case in CASES:
        prior = before.get(case.id)
        prior_text = "not in the baseline"
        if prior:
            prior_text = f"{prior / 2**30:.2f} GiB ({prior / case.value_bytes - 1:+.1%})"
        after = now[case.id]
        gaps = "; ".join(case.gaps) or "–"
        band = "not comparable" if case.not_comparable else f"±{case.band:.0%}"
        lines.append(
            f"| `{case.id}` | {case.measured} | {case.as_published} | {prior_text} |"
            f" {after / 2**30:.2f} GiB | {after / case.value_bytes - 1:+.1%} |"
            f" {band} | {gaps} |"
        )
    return lines


def render() -> str:
    """The whole ACCURACY.md text."""
    now = {c.id: outcome(c).predicted for c in CASES}
    before = _load_baseline()
    out = [
        "# Accuracy of the memory estimate",
        "",
        "Generated by `python -m tests.validation.report` (`make accuracy`) from"
        " `tests/validation/cases.py`; do not edit by hand. `tests/test_validation.py` fails"
        " when a case leaves its band (cases the planner still misses are marked and expected to"
        " fail, so fixing one shows up).",
        "",
        "Each case is a published measurement of a real run, compared like with like:"
        " `torch_allocated` (max_memory_allocated) against the planner's components without the"
        " runtime overhead; `torch_reserved` (max_memory_reserved) with the allocator reserve but"
        " without the CUDA context (for a diffusion run, the caching allocator replayed over the"
        " run: `reserved_uncontended_bytes`); `weights` against weights plus quantization metadata;"
        " `activation_peak` and `kv_cache_bytes` against vLLM's profile figures;"
        " `denoiser_allocated` (a diffusion denoiser run alone) against the planner's denoising"
        " phase with only the denoiser resident. Error ="
        " planner / measured − 1. 'Before' is the planner before the accuracy work"
        " (`tests/validation/baseline.json`).",
        "",
        "## Summary",
        "",
        *summary_table(now, before),
        "",
        not_comparable_line(),
        "",
        same_cases_line(now, before),
        "",
        "## Cases",
        "",
        *case_table(now, before),
        "",
        "## Cases the planner still misses",
        "",
        *[f"- `{case_id}`: {why}." for case_id, why in KNOWN_OUTSIDE.items()],
        "",
        "## Cases not comparable",
        "",
        "Their measurement holds more than the setting it names, something an earlier run left on"
        " the GPU that no request can say; their band column reads 'not comparable', and the"
        " summary leaves them out.",
        "",
        *[f"- `{case_id}`: {why}." for case_id, why in NOT_COMPARABLE.items()],
        "",
        "## Accuracy bands",
        "",
        "Every estimate carries the band of its kind of request (`core/accuracy.py`): the worst"
        " error over the cases of that kind that measure a whole GPU's memory or vLLM's KV pool"
        " (not-comparable ones included, so that a band errs wide), rounded up to a whole"
        " percent. An estimate that fits with less headroom than its band"
        " is reported as tight.",
        "",
        *[
            f"- {workload}, {kind}: ±{band:.0%}"
            for (workload, kind), band in ACCURACY_BANDS.items()
        ],
        "",
        "## Constants and where they come from",
        "",
        "- vLLM profile: the peak is the larger of the forward working set (attention and MLP"
        " split by tensor parallelism, the stream whole, with the all-reduce's result beside the"
        " partial sum under tensor parallelism) and the first rank's sampler (logits"
        " gathered to rank 0 for top-k/top-p), by the request's vLLM release"
        " (`inference.vllm_version`): up to 0.16 the sort, 38 bytes per vocabulary entry and"
        " sequence, counting the CUDA segmented sort's iota and alternate buffers; from 0.17 the"
        " Triton kernel of vLLM PR 33538 masks the fp32 logits in place, 14 bytes (16-bit and"
        " fp32 logits, probabilities, exponential noise) plus one fp32 scratch row per SM; both"
        " plus the final hidden states. Derived from vLLM's profile run and the kernels it calls"
        " (`core/capacity/vllm_profile.py`), not fitted: Llama 3 8B at tensor parallel 1 and 2"
        " and Qwen2.5-7B (vLLM 0.6.5 and 0.7.3, the sort) come out within 3 %, and so does,"
        " through its KV pool, the first rank of DeepSeek-R1-Distill-Qwen-14B at tensor parallel"
        " 2; Qwen2.5-32B at tensor parallel 2 does not (see the cases the planner still misses)."
        " From 0.17 a MoE model's fused-experts workspace (tokens x top-k x (max(I, h) +"
        " max(2I, h)) in 16-bit, TritonExperts' shapes) is still held while the first rank"
        " samples, since vLLM's workspace manager keeps it from the forward on. vLLM 0.16 to"
        " 0.19 logs on H100 SXM (llm-d-planner's sweeps: Qwen3-14B across releases, some thirty"
        " runs at 0.19.0) check both sides of the release boundary: Qwen3-14B's peak is 5.64"
        " GiB up to 0.16.0 (planner -1.0 %) and 2.23 GiB from 0.17.0 (-2.2 %); the dense 0.19.0"
        " peaks come out 1 to 4 % low (about 0.05 GiB the planner does not find), Qwen3-30B-A3B,"
        " Mixtral 8x7B and DeepSeek-V2-Lite within 2, 4 and 2 % with the workspace (20, 25 and"
        " 25 % low without),"
        " Gemma 3 7 % low: its runs also profile the image encoder ('Encoder cache will be"
        " initialized with a budget of 8192 tokens, and profiled with 32 image items'), which"
        " the planner does not model.",
        "- vLLM MXFP4 experts (gpt-oss): the MoE kernel's padding, from Mxfp4MoEMethod"
        " (`core/capacity/vllm_mxfp4.py`): Marlin rounds the intermediate size per rank to 128"
        " and the hidden size to 256, Triton the intermediate size to 64, FlashInfer both to"
        " 256; `inference.mxfp4_backend` names the kernel, auto follows vLLM's choice for the"
        " GPU (Marlin on Ampere, Ada and Blackwell workstation GPUs, Triton on Hopper,"
        " FlashInfer on Blackwell data-centre GPUs). Not fitted: gpt-oss-20b on an A100"
        " (Marlin) comes out 0.4 % under its published load.",
        "- vLLM non-torch memory: what vLLM 0.7 and later log as non_torch_memory, the growth"
        " outside PyTorch's allocator after the CUDA context exists (`core/capacity/"
        "vllm_profile.py`): 0.16 GiB on one GPU (the median of 0.04 on a GPU of 7.75 GiB, vLLM"
        " issue 12529, and 0.16 on H100s, vLLM PR 12126 and"
        " kubernetes-sigs/gateway-api-inference-extension PR 550) and 0.25 GiB per rank under"
        " tensor parallelism (the median of 0.20 on RTX 3090s, vLLM issue 15340; 0.25 on two"
        " RTX 4090s, issue 13061; 0.30 on two L40S, issue 15815): calibrated on these six logs"
        " of vLLM 0.7 and 0.8, not derived. From 0.17 (`non_torch_bytes`): 0.25 GiB on one GPU"
        " (the median of the twenty vLLM 0.19.0 runs on one H100 SXM in llm-d-planner's logs,"
        " 0.24 to 0.27 GiB; 0.17.0 logged 0.13 for Qwen3-14B, 0.18.0 0.25) and 2.09 GiB per"
        " rank of an NVLink group (the median of fifteen 0.19.0 runs at tensor parallel 2 and"
        " 4, 2.06 to 2.21 GiB), which the 0.25 GiB of the PCIe logs had left 3 % high in the"
        " pools of tensor-parallel H100s; a PCIe group keeps 0.25 GiB (no 0.17+ log found).",
        "- vLLM's KV pool in blocks: the layers are grouped as vLLM's KV cache manager groups"
        " them, and one request takes, per group, what its kind may need at most: full"
        " attention every token, a sliding window its window plus the prefill chunk"
        " (max_num_batched_tokens) and one block, a chunked local layer its chunk plus the"
        " prefill chunk, a Mamba or linear-attention state one block of a page grown to hold it"
        " (`core/capacity/vllm_kv_layout.py`, from vLLM's `kv_cache_utils.py` and"
        " `kv_cache_interface.py`, current defaults), not fitted. It bounds the context and the"
        " sequences vLLM holds at once. A vLLM 0.19 start-up log of Qwen3.5-27B (issue 40691:"
        " 290,864 tokens, maximum concurrency 33.04x at 32,768) is reproduced by 1,487 blocks of"
        " the planner's layout (784-token blocks, three state groups and one full group), and"
        " vLLM's refusal to start gpt-oss-120b on an H100 with max_num_batched_tokens 1024"
        " (issue 27508: 4.54 GiB needed for one 131,072-token request) by its window group's"
        " 73 blocks beside 8,192 full ones (4.50 GiB without the prefill chunk).",
        "- Device total: fits and vLLM's utilisation fraction use the total CUDA reports"
        " (`core/catalog.py` `GpuOffer.device_total`). The catalog carries it with its source for"
        " the H100 SXM and PCIe, A100 40GB, L40S, H200, B200 and RTX 5090; for the other NVIDIA"
        " GPUs it is nvidia-smi's total less 484 MiB (`CUDA_RESERVED_MIB`), the median gap over"
        " those seven (424-722 MiB): a rule calibrated on seven GPUs, not derived. AMD GPUs use"
        " rocm-smi's total (no HIP figure was found); GPUs with neither use the memory as sold.",
        "- bitsandbytes in vLLM's profile: the largest block matrix dequantised to bf16"
        " (vLLM `apply_bnb_4bit`, bitsandbytes `MatMul4Bit.forward`), from the source.",
        "- VAE decoder: the tensors diffusers' `Decoder.forward` keeps alive, from the source"
        " (`core/diffusion_activations.py`; the bf16 round trip through fp32 in Upsample2D only"
        " happens under PyTorch < 2.1), plus a cuDNN workspace the size of each convolution's"
        " input (`CONV_WORKSPACE`): calibrated on the SDXL notebook's two decodes of 4 images in"
        " fp32 (21.72 and 28.09 GiB runs, both within 1 %), not derived. FLUX's 1024x1024 decode"
        " comes to 1.875 GiB per image.",
        "- Reserved memory of a diffusion run (`torch_reserved` cases): PyTorch's caching allocator"
        " replayed over the VAE decoder tensor by tensor (`core/caching_allocator.py`,"
        " `core/vae_decode_replay.py`: best-fit blocks, 2 MiB rounding, no release without"
        " memory pressure), from the source; on FLUX's 1024x1024 decode it reserves 2.92 GiB for"
        " 1.875 GiB allocated. The fit itself uses the allocated peak and the allocator reserve,"
        " since the allocator hands its cache back when memory runs short.",
        "- Quantized diffusion text encoders (`diffusion.quantized_text_encoders`): the same"
        " weight-only rule as the denoiser, except T5's `wo`, which transformers' quantizers keep"
        " unquantized (`T5EncoderModel._keep_in_fp32_modules`): in fp32 with bitsandbytes"
        " (`use_keep_in_fp32_modules`), in the pipeline dtype with torchao and quanto"
        " (`diffusion.quant_backend`), from the source.",
        "- diffusers layerwise casting (`diffusion.quant_backend: layerwise_casting`): plain fp8"
        " storage, with the Linear layers of modules matching its skip patterns (FLUX's adaptive"
        " norm projections, 3.25 B weights) left in bf16, from the source.",
        "- 8-bit AdamW: two 1-byte moments and an fp32 absmax per 256 values for each"
        " (bitsandbytes `Optimizer8bit.init_state`); the paged variant's moments live in CUDA"
        " managed memory (`F.get_paged`), off the GPU total, from the source.",
        "- Training: pure 16-bit AdamW 8 bytes per parameter, optimizer in backward one gradient,"
        " activations in the compute dtype, LoRA dropout's stored copies and the chunked loss"
        " (8 chunks) follow the trainers' code (`core/capacity/training.py`,"
        " `core/capacity/activations.py`); no constant was fitted to a case. Under activation"
        " checkpointing the peak is the kept layer inputs plus the larger of the logits and the"
        " layer being rebuilt, not their sum: the loss's backward frees the logits before"
        " `torch.utils.checkpoint` recomputes the last layer, from the source. The full"
        " (unchunked) loss peaks at 12 bytes per logit when its backward starts (the saved fp32"
        " log-softmax, nll_loss's dense fp32 gradient and log_softmax's fp32 input gradient), from"
        " the source (transformers' ForCausalLMLoss upcast, PyTorch's cross_entropy autograd).",
        "- LoRA and QLoRA activations: what autograd keeps when the base matrices are frozen (no"
        " block inputs; each norm's input, as the fp32 copy an RMSNorm normalises or as it is for"
        " torch.nn.LayerNorm; Q, K, V and the attention output; the gated MLP's gate, SiLU output"
        " and up), plus the inputs the adapters' A matrices keep when no LoRA dropout gives them a"
        " copy (the block inputs they read, and the down projection's input when it is adapted),"
        " or, with bitsandbytes before 0.43.2 (`training.bnb_version`), the input of every"
        " quantized matmul, which its MatMul4Bit kept (ctx.tensors = (A, B); (None, B) from commit"
        " 9e753741, released in 0.43.2); one block input where attention and MLP read the same"
        " norm (Falcon, phi); from the source (PyTorch autograd, PEFT, LitGPT, torchtune,"
        " bitsandbytes), not fitted. Every LitGPT case states the bitsandbytes its run had (0.41.1"
        " in the resource tables, the pyproject.toml pin, 0.41.0 or 0.42.0, at each config_hub"
        " row's commit). LitGPT's LoRA runs come within 8 %, with differences both ways from what"
        " its code keeps and the planner does not model: with multi-head attention V is a view of"
        " the fused QKV output, so the kernel keeps that whole output alive (4 x h bytes more per"
        " token and layer); when only some of q, k and v are adapted, zero_pad's index_copy keeps"
        " its source for backward (2 bytes per adapted output and token); one dropout copy serves"
        " the fused QKV input, and before October 2023 (the resource tables' commit) its RMSNorm"
        " did not upcast to fp32.",
        "- The trainer (`training.trainer`, `core/capacity/trainers.py`), from each trainer's"
        " source, not fitted: transformers' Trainer (the default) drops a step's tensors when it"
        " ends (it returns loss.detach()). torchtune's recipes default to bf16 weights and states"
        " and the chunked loss, and its QLoRA base (torchao's LinearNF4) keeps no input for"
        " backward. LitGPT's finetune/lora.py runs its LM head in 128-token chunks that Fabric"
        " returns in fp32, keeps each chunk's fp32 log-probabilities for backward, and keeps the"
        " previous step's fp32 logits referenced until the next forward has returned; through them"
        " the previous step's graph stays alive, and with it the input of every bitsandbytes"
        " MatMul4Bit (ctx.tensors = (A, B) in bitsandbytes 0.41-0.42, which LitGPT pinned in 2024;"
        " 0.43.2 keeps none, and LitGPT pins 0.45.2 or later today). Under QLoRA its bitsandbytes"
        " precision quantizes the LM head too and dequantizes it to 16 bits for every chunk. The"
        " estimate is the largest of the last head chunk, Fabric's fp32 conversion (both with the"
        " previous step's leftovers) and the start of backward: it assumes the longest batch"
        " follows one as long, which the tables do not say. LitGPT's QLoRA runs, 0.9-3.8 GiB above"
        " the count of a loop that keeps nothing in the config_hub table, now come between -11.8 %"
        " and +4.3 %; its LoRA runs, where only the fp32 logits are left over, between -7.5 % and"
        " +3.0 %.",
        "",
        "## Sources",
        "",
        *[f"- `{key}`: {text}" for key, text in SOURCES.items()],
        "",
        "## Published measurements the planner cannot express yet",
        "",
    ]
    for item in NOT_EXPRESSIBLE:
        figures = f" ({'; '.join(item.figures)})" if item.figures else ""
        out.append(f"- {item.what}{figures} — missing: {item.missing}. Source: {item.source}.")
    out.append("")
    out.extend(serving_section())
    out.extend(holdout_section())
    out += speed_section()
    return "\n".join(out)


def main(argv: list[str]) -> int:
    """Write the document (or the baseline, or check the document)."""
    if "--baseline" in argv:
        data = {"predicted_bytes": {c.id: outcome(c).predicted for c in CASES}}
        BASELINE.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", "utf-8")
        return 0
    text = render()
    if "--check" in argv:
        return 0 if DOC.exists() and DOC.read_text("utf-8") == text else 1
    DOC.parent.mkdir(exist_ok=True)
    DOC.write_text(text, "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
