"""The accuracy band of an estimate, from the published validation (docs/ACCURACY.md).

The band of a kind of request is the worst error of the planner against the published
measurements of that kind it can express (``tests/validation/cases.py``), missed cases included,
rounded up to a whole percent. Only cases that measure a whole GPU's memory or vLLM's KV pool (what
a fit depends on) set bands; cases of one component (weights, the activation peak) are reported in
docs/ACCURACY.md but do not. ``tests/test_validation.py`` recomputes it from the cases and fails
when these numbers no longer match. Kinds: serving (tensor-parallel serving too: its KV-pool
cases come within 3 % on PCIe pairs under vLLM 0.7 and within 1 % on NVLink H100 groups under
0.19 (a 3 GiB pool at +5.1 % and Llama 4 Scout's at +9.2 %, whose weights are missed, apart)
now that vLLM's non-torch memory is calibrated for each, a band no wider than the one-GPU
cases', so it takes the serving band); training, with
QLoRA apart (its quantized layers keep different tensors for backward in bitsandbytes and in
torchao; with LitGPT's loop counted as the trainer keeps it, ``training.trainer``, its runs come
within 12 %, the worst a 1B model whose vocabulary outweighs its layers);
diffusion, with CPU offload and VAE slicing apart and weight-only quantized denoisers apart (each
backend leaves different layers in 16-bit, and quanto's int4 loading is not explained). The only
published whole-pipeline peaks with offload or slicing (the SDXL notebook's) were measured beside a
compiled UNet an earlier configuration left allocated: docs/ACCURACY.md lists them as not
comparable, yet their errors still set this band, which is therefore wider than the planner's error
on a clean run is likely to be (with that UNet counted, three of the four come within 1.5 %).
Full fine-tuning shares the training band, which comes mostly from LoRA runs (one full fine-tune,
torchtune's, is among its cases). Settings the validation lists as not expressible are outside
every band.

An estimate is *tight* when it fits but its headroom is smaller than the band: the job may not fit
if the estimate errs by as much as it has erred on a published run.
"""

from __future__ import annotations

from core.domain.request import PlanRequest
from core.estimate.parts import AccuracyBand

# Worst |planner / measured − 1| over the validation cases of each kind of request.
ACCURACY_BANDS = {
    ("inference", "default"): 0.11,
    ("training", "default"): 0.08,
    ("training", "qlora"): 0.12,
    ("diffusion", "default"): 0.04,
    ("diffusion", "offload_or_slicing"): 0.67,
    ("diffusion", "quantized"): 0.15,
}


def band_key(request: PlanRequest) -> tuple[str, str]:
    """The kind of request whose published cases give its band."""
    if request.workload == "training" and request.training.method == "qlora":
        return ("training", "qlora")
    if request.workload == "diffusion":
        opts = request.diffusion
        if opts.cpu_offload != "none" or opts.vae_slicing:
            return ("diffusion", "offload_or_slicing")
        if request.precision.weights in ("fp8", "int8", "int4"):
            return ("diffusion", "quantized")
    return (request.workload, "default")


def accuracy_band(request: PlanRequest, total_bytes: int, headroom_bytes: int) -> AccuracyBand:
    """The band of an estimate of ``total_bytes`` for ``request`` with ``headroom_bytes`` left.

    Args:
        request: The plan request (its kind selects the band).
        total_bytes: The estimated memory per GPU.
        headroom_bytes: Usable memory minus the estimate (negative when it does not fit).
    """
    kind = band_key(request)
    fraction = ACCURACY_BANDS[kind]
    margin = int(total_bytes * fraction)
    return AccuracyBand(
        fraction=fraction,
        low_bytes=total_bytes - margin,
        high_bytes=total_bytes + margin,
        tight=0 <= headroom_bytes < margin,
        kind=kind,
    )
