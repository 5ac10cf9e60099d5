"""What vLLM's MXFP4 MoE kernels add to an MXFP4 checkpoint's experts (gpt-oss): their padding.

vLLM loads MXFP4 experts through ``Mxfp4MoEMethod`` (``vllm/model_executor/layers/quantization/
mxfp4.py``; read at commit 007d50058a06 of vllm-project/vllm). Its ``create_weights`` allocates
each layer's experts already padded to what the chosen kernel needs, and the checkpoint is loaded
into them, so the padding is resident memory ("Model loading took" counts it):

- **Marlin** (``Mxfp4Backend.MARLIN``): "the moe marlin kernel requires that for each linear
  n % 256 == 0 and k % 128 == 0": the intermediate size per tensor-parallel rank is rounded up to
  a multiple of 128 and the hidden size to a multiple of 256.
  ``prepare_moe_fp4_layer_for_marlin`` (``utils/marlin_utils_fp4.py``) then repacks the values
  (``gptq_marlin_repack``, the same 4 bits), turns the scales back into one E8M0 byte each and
  the biases into the model's dtype, and replaces the parameters: nothing else stays resident
  but a workspace of one int32 per SM and block.
- **Triton** (``Mxfp4Backend.TRITON``, the OpenAI ``triton_kernels`` MoE): on CUDA only the
  intermediate size is rounded, to a multiple of 64; the hidden size stays.
- **FlashInfer** (``SM100_FI_MXFP4_BF16`` / ``SM100_FI_MXFP4_MXFP8_TRTLLM``, Blackwell
  data-centre GPUs): both sizes to multiples of 256.

Each padded row or column carries its values (half a byte an element), its E8M0 scales (one
byte per 32) and, for gpt-oss, its bf16 bias. Which kernel runs is ``get_mxfp4_backend``'s
choice: FlashInfer on compute capability 10.x (when FlashInfer is installed, as vLLM's CUDA
wheels install it), Triton on 9.x through 10.x when ``triton_kernels`` is importable ("only
confirmed to work on SM90 and SM100") unless ``VLLM_MXFP4_USE_MARLIN=1``, Marlin otherwise (8.x
Ampere and Ada, 12.x Blackwell workstation GPUs). A request may name the kernel
(``inference.mxfp4_backend``); "auto" follows that choice for the GPU. On ROCm the padding
follows ``get_padding_alignment`` of the AITER build, which the planner does not model: it
adds nothing there.

Before vLLM PR 46549 (June 2026) the Triton backend also kept the checkpoint's scales beside the
swizzled copies it reads ("the extra GPU memory (~6 GB) consumed by the Triton MoE backend"), and
``triton_kernels``' swizzled layouts may pad further; neither is modelled, so under Triton the
figure is a lower bound for those releases.

For gpt-oss-20b (24 layers, 32 experts, hidden and intermediate 2,880) on one GPU, Marlin pads to
3,072 × 2,944 and adds 0.85 GiB; Triton pads nothing. For gpt-oss-120b (36 layers, 128 experts)
Marlin adds 5.13 GiB.
"""

from __future__ import annotations

from core.domain.catalog import GpuOffer
from core.domain.workload_options import Mxfp4Backend
from core.model.architecture import ModelArchitecture

BIAS_BYTES = 2  # gpt-oss's expert biases, bf16 (create_weights: w13_bias, w2_bias)
MXFP4_BLOCK = 32  # values per E8M0 scale
# (intermediate, hidden) multiples per kernel (Mxfp4MoEMethod.create_weights); 1 leaves a size.
PADDING: dict[str, tuple[int, int]] = {
    "marlin": (128, 256),
    "triton": (64, 1),
    "flashinfer": (256, 256),
}


def _round_up(value: int, multiple: int) -> int:
    return -(-value // multiple) * multiple


def expert_bytes(hidden: int, intermediate: int) -> int:
    """One expert's gate-up and down matrices: values, E8M0 scales and bf16 biases."""
    gate_up = 2 * intermediate * (hidden // 2 + hidden // MXFP4_BLOCK + BIAS_BYTES)
    down = hidden * (intermediate // 2 + intermediate // MXFP4_BLOCK + BIAS_BYTES)
    return gate_up + down


def kernel_of(requested: Mxfp4Backend, gpu: GpuOffer) -> str | None:
    """The MXFP4 MoE kernel vLLM runs on ``gpu``: the requested one, or its own choice.

    None on ROCm under "auto" (its padding is not modelled).
    """
    if requested != "auto":
        return requested
    if gpu.vendor != "nvidia" or gpu.compute_capability is None:
        return None
    major = int(gpu.compute_capability.split(".")[0])
    if major == 10:
        return "flashinfer"
    return "triton" if major == 9 else "marlin"


def _experts(arch: ModelArchitecture) -> tuple[int, int] | None:
    """(expert matrices per projection, intermediate size) of an MXFP4-expert checkpoint."""
    layout = arch.checkpoint  # quant_method mxfp4: every quantized tensor is MXFP4
    if layout is None or not set(layout.formats) <= {"mxfp4", "mxfp4-experts"}:
        return None
    down = [g for g in arch.linear_groups if g.name.startswith("experts.down")]
    if len(down) != 1 or down[0].out_features != arch.hidden_size:
        return None
    return down[0].count, down[0].in_features


def padding_bytes(arch: ModelArchitecture, tp: int, kernel: str | None) -> int:
    """Bytes one of ``tp`` ranks holds beyond the checkpoint for ``kernel``'s padded experts."""
    experts = _experts(arch)
    if experts is None or kernel is None:
        return 0
    count, intermediate = experts
    per_rank = -(-intermediate // tp)  # intermediate_size_per_partition
    inter_multiple, hidden_multiple = PADDING[kernel]
    padded = expert_bytes(
        _round_up(arch.hidden_size, hidden_multiple), _round_up(per_rank, inter_multiple)
    )
    return count * (padded - expert_bytes(arch.hidden_size, per_rank))
