"""Diffusion weights: what each component holds on the GPU in the request's precision.

Weight-only quantization (bitsandbytes, torchao, quanto) and diffusers' layerwise casting shrink
the nn.Linear weights of the denoiser and, when asked, of the text encoders; what each backend
leaves unquantized follows its source (see the functions below).
"""

from __future__ import annotations

from core.capacity.weights import FP8_SCALE_BYTES_PER_MATRIX, GROUP_METADATA_BYTES
from core.domain.request import PlanRequest
from core.model.diffusion_pipeline import (
    _DTYPE_BYTES,
    _QUANT_BITS,
    DiffusionComponent,
    DiffusionPipeline,
)


def quantized_components(pipeline: DiffusionPipeline, request: PlanRequest) -> frozenset[str]:
    """Names of the components a weight-only quantized request quantizes.

    The denoiser always; text encoders as ``diffusion.quantized_text_encoders`` says: the largest
    one (FLUX's T5, what the diffusers quantization post maps to the same backend) or all.
    """
    if request.precision.weights not in _QUANT_BITS:
        return frozenset()
    names = {pipeline.denoiser.name}
    encoders = pipeline.text_encoders
    which = request.diffusion.quantized_text_encoders
    if which == "all":
        names.update(c.name for c in encoders)
    elif which == "largest":
        names.add(max(encoders, key=lambda c: c.params).name)
    return frozenset(names)


def kept_in_fp32_params(component: DiffusionComponent) -> int:
    """Linear weights a transformers quantizer leaves unquantized: T5's ``wo``.

    ``wo`` is d_ff x d_model in every block. transformers
    ``T5EncoderModel._keep_in_fp32_modules = ["wo"]``; ``from_pretrained`` passes the list to
    every quantizer's ``preprocess_model``, which adds it to ``modules_to_not_convert``. Other
    components keep nothing apart.
    """
    if component.class_name != "T5EncoderModel":
        return 0
    cfg = component.config
    return int(cfg["num_layers"]) * int(cfg["d_ff"]) * int(cfg["d_model"])


def kept_bytes_per_param(request: PlanRequest, dtype: str) -> int:
    """Bytes per weight of the modules a quantizer leaves unquantized (:func:`kept_in_fp32_params`).

    transformers ``from_pretrained`` casts ``_keep_in_fp32_modules`` to fp32 only when the model
    loads in fp16 or its quantizer sets ``use_keep_in_fp32_modules`` (the bitsandbytes 4-bit and
    8-bit quantizers do; torchao's and quanto's do not), otherwise they stay in ``torch_dtype``:
    the diffusers quantization post measured FLUX with torchao and quanto int8 within 2 % of
    ``wo`` in bf16, and with bitsandbytes within 3 % of ``wo`` in fp32.
    """
    if request.diffusion.quant_backend == "bitsandbytes" or dtype == "fp16":
        return 4
    return _DTYPE_BYTES[dtype]


def layerwise_skipped_params(component: DiffusionComponent) -> int:
    """nn.Linear weights ``enable_layerwise_casting`` leaves in the compute dtype.

    diffusers ``ModelMixin.enable_layerwise_casting`` skips every module whose dotted name matches
    ``DEFAULT_SKIP_MODULES_PATTERN`` ("pos_embed", "patch_embed", "norm", "^proj_in$",
    "^proj_out$") or the model's ``_skip_layerwise_casting_patterns`` with ``re.search``, subtree
    and all (hooks/layerwise_casting.py). In FluxTransformer2DModel (transformer_flux.py) that is
    the adaptive norms' projections: ``norm1`` and ``norm1_context`` (dim -> 6 x dim) in each
    double-stream block, ``norm`` (dim -> 3 x dim) in each single-stream block, ``norm_out``
    (dim -> 2 x dim), and the top-level ``proj_out`` (dim -> in_channels). A UNet's norm modules
    hold no Linear layer, so nothing is skipped there (its convolutions, which layerwise casting
    stores in fp8 too, are counted in the compute dtype: an over-count).
    """
    if component.class_name != "FluxTransformer2DModel":
        return 0
    dim = int(component.cfg("num_attention_heads")) * int(component.cfg("attention_head_dim"))
    out = int(component.cfg("out_channels") or component.cfg("in_channels"))
    double, single = int(component.cfg("num_layers")), int(component.cfg("num_single_layers"))
    return dim * (double * 2 * 6 * dim + single * 3 * dim + 2 * dim + out)


def component_weights(
    component: DiffusionComponent, dtype: str, request: PlanRequest, quantized: bool
) -> tuple[int, int]:
    """(weight bytes, quantization metadata bytes) of a component held in ``dtype``.

    Weight-only quantization (fp8/int8/int4) applies to the nn.Linear weights of the quantized
    components (:func:`quantized_components`), as bitsandbytes, torchao, quanto and diffusers
    layerwise casting quantize them; convolutions, norms, biases and embeddings stay in the
    component dtype. Metadata follows the language-model rule
    (core.capacity.weights): int4/int8 one fp16 scale and zero point per group of
    ``quant_group_size`` weights (counted as ceil(linear weights / group)), fp8 one fp32 weight
    and input scale per matrix; diffusers' layerwise casting stores plain fp8 without scales and
    leaves the Linear layers of its skipped modules in the compute dtype
    (:func:`layerwise_skipped_params`).

    transformers' quantizers leave a model's ``_keep_in_fp32_modules`` unquantized (T5: ``wo``,
    the feed-forward output of every block; :func:`kept_in_fp32_params`), in fp32 or in the
    component's dtype (:func:`kept_bytes_per_param`).
    """
    bytes_per = _DTYPE_BYTES[dtype]
    weights_dtype = request.precision.weights
    bits = _QUANT_BITS.get(weights_dtype)
    if not quantized or bits is None:
        return component.params * bytes_per, 0
    layerwise = request.diffusion.quant_backend == "layerwise_casting"
    # Layerwise casting goes through no transformers quantizer: nothing is kept apart for it.
    kept = 0 if layerwise else kept_in_fp32_params(component)
    skipped = layerwise_skipped_params(component) if layerwise else 0
    linear = component.linear_weight_params - kept - skipped
    weights = (component.params - linear - kept) * bytes_per + -(-linear * bits // 8)
    weights += kept * kept_bytes_per_param(request, dtype)
    if layerwise:
        metadata = 0  # a plain cast to float8: no scales
    elif weights_dtype == "fp8":
        metadata = component.linear_layers * FP8_SCALE_BYTES_PER_MATRIX
    else:
        metadata = -(-linear // request.precision.quant_group_size) * GROUP_METADATA_BYTES
    return weights, metadata


def resident_weights(
    component: DiffusionComponent,
    dtype: str,
    request: PlanRequest,
    sequential: bool,
    quantized: bool,
) -> tuple[int, int]:
    """Weights of ``component`` on the GPU while it runs.

    With ``enable_sequential_cpu_offload`` accelerate hooks every module that owns weights
    (``attach_align_device_hook`` in accelerate ``hooks.py``) and moves only that module's weights
    in for its forward: the largest such module is what stays resident.
    """
    weights, metadata = component_weights(component, dtype, request, quantized)
    if not sequential:
        return weights, metadata
    largest, params = component.largest_submodule_params, component.params
    return -(-weights * largest // params), -(-metadata * largest // params)
