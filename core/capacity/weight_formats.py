"""Which weight formats are in effect for a request and its model, before any GPU is considered.

A request may name a quantized format, keep the format its checkpoint is stored in (a
safetensors or GGUF header's exact bytes), or keep the layout a ``config.json`` declares (FP8
blocks, MXFP4 experts). The memory engines count the weights from the answer, and
:mod:`core.capacity.compat` checks it against a GPU (whether it runs the format natively, after
conversion, or not at all).
"""

from __future__ import annotations

from core.domain.quant_formats import FORMATS, QuantFormat
from core.domain.request import PlanRequest
from core.model.architecture import ModelArchitecture

_PLAIN = frozenset({"fp32", "bf16", "fp16"})


def uses_stored_weights(request: PlanRequest, arch: ModelArchitecture | None) -> bool:
    """Whether the estimate takes the checkpoint's exact stored bytes for the weights.

    It does when the request keeps the checkpoint's format: names it, names its coarse class
    (``int4`` for a GPTQ checkpoint), or, for a quantized checkpoint or a GGUF file, leaves the
    weights at the default (a quantized checkpoint is served as stored).
    """
    if arch is None or arch.stored_bytes is None or arch.stored_dtype is None:
        return False
    stored = arch.stored_dtype
    named = request.precision.format
    if named is not None:
        return named == stored
    weights = request.precision.weights
    if weights == stored or (stored in FORMATS and FORMATS[stored].legacy == weights):
        return True
    return stored not in _PLAIN and weights == "bf16"


def uses_checkpoint_layout(request: PlanRequest, arch: ModelArchitecture | None) -> bool:
    """Whether the weights are counted as ``config.json`` says the checkpoint stores them.

    They are, when serving, if the config declares a quantization the planner reads
    (:mod:`core.model.checkpoint_layout`), no checkpoint header gives exact bytes, and the request
    names no format of its own: its weights are at the default (vLLM loads a quantized
    checkpoint as stored) or name one of the checkpoint's classes (``fp8`` for FP8 blocks).
    """
    if arch is None or arch.checkpoint is None or request.precision.format is not None:
        return False
    if arch.stored_bytes is not None or request.workload == "training":
        return False  # a header's exact bytes; training holds weights in its own precision
    weights = request.precision.weights
    return weights == "bf16" or weights in arch.checkpoint.classes


def effective_formats(
    request: PlanRequest, arch: ModelArchitecture | None
) -> tuple[QuantFormat, ...]:
    """Every named weight format in effect, the one holding most bytes first.

    The request's format; else a kept checkpoint's (a header's format, or each format of a
    checkpoint ``config.json`` describes, such as DeepSeek-V4's FP8 blocks and MXFP4 experts).
    """
    if request.precision.format is not None:
        return (FORMATS[request.precision.format],)
    if arch is not None and uses_stored_weights(request, arch) and arch.stored_dtype in FORMATS:
        return (FORMATS[str(arch.stored_dtype)],)
    if arch is not None and arch.checkpoint is not None and uses_checkpoint_layout(request, arch):
        return tuple(FORMATS[name] for name in arch.checkpoint.formats)
    return ()


def effective_format(request: PlanRequest, arch: ModelArchitecture | None) -> QuantFormat | None:
    """The named weight format in effect that holds most bytes (:func:`effective_formats`)."""
    formats = effective_formats(request, arch)
    return formats[0] if formats else None
