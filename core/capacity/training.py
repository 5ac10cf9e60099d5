"""Training memory per GPU: model states (weights, gradients, optimizer), activations, overhead.

Model states follow the ZeRO paper (Rajbhandari et al. 2020, "ZeRO: Memory Optimizations Toward
Training Trillion Parameter Models", section 3.1): mixed-precision Adam keeps 2Ψ bytes of 16-bit
weights, 2Ψ of 16-bit gradients and KΨ of optimizer states with K = 12 (fp32 master weights,
momentum and variance), 16Ψ in all. Sharding over N data-parallel GPUs (section 5, ZeRO-DP stages):

- DDP (stage 0): everything replicated, 16Ψ per GPU (7.5B params: 120 GB on every GPU);
- FSDP SHARD_GRAD_OP (ZeRO-2): 2Ψ + (2 + 12)Ψ/N;
- FSDP FULL_SHARD (ZeRO-3): 16Ψ/N (7.5B on 64 GPUs: 1.875 GB), plus the working set of the unit
  being computed: its gathered 16-bit weights and gradients, 4 bytes per parameter of the largest
  unit (DeepSpeed ``estimate_zero3_model_states_mem_needs``: ``largest_layer_memory =
  4 * largest_layer_params``). The unit is a decoder layer, or the root (embeddings and LM head,
  which the root FSDP unit keeps gathered across the step) when that is larger;
- HYBRID_SHARD: FULL_SHARD within a node, replicated across nodes.

Other optimizers, per trainable parameter: 8-bit AdamW (Dettmers et al. 2022, "8-bit Optimizers via
Block-wise Quantization": two 1-byte states, each with one fp32 absmax per block of 256 as
bitsandbytes' ``Optimizer8bit.init_state`` allocates them, and the fp32 master copy in mixed
precision); SGD with momentum (fp32 master and momentum). Paged 8-bit AdamW (bitsandbytes
``PagedAdamW8bit``) allocates the two 1-byte states through ``get_state_buffer`` in CUDA managed
memory (``F.get_paged``: cudaMallocManaged, outside PyTorch's allocator): they use GPU memory left
free and page to the host when it runs short, so they are counted off the GPU (as with CPU
offload, the host must hold them); the absmax blocks are ordinary GPU tensors. Pure fp32 training
has no master copy: 4 bytes weights, 4 gradients, and the states.

LoRA (Hu et al. 2021) freezes the base weights and trains r·(in + out) parameters per adapted
matrix;
QLoRA (Dettmers et al. 2023) stores the frozen base in NF4 with double quantization.

Pure 16-bit training (``weights_precision="pure"``; torchtune's ``dtype: bf16`` recipes, LitGPT's
``--precision bf16-true``) keeps no fp32 master copy and holds the optimizer states in the
parameters' dtype: AdamW 2 + 2 + 2·2 = 8 bytes per parameter instead of 16. With the optimizer
stepped in backward (torchtune ``optimizer_in_bwd``: a post-accumulate-grad hook steps and frees
each parameter's gradient), only one gradient is alive at a time: the largest parameter tensor's.

CPU offload (DeepSpeed ZeRO-Offload ``offload_optimizer``, ZeRO-Infinity ``offload_param``, FSDP
``CPUOffload``): the optimizer states, and with parameter offload the parameters and gradients, are
held in CPU memory; the GPU keeps the unit being computed. The host must then have that much
memory free, which this module does not check.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache

from core.capacity.weights import NF4_BITS, NF4_DOUBLE_QUANT_METADATA_BITS, nf4_weight_memory
from core.domain.dtypes import FP32_BYTES, ceil_bytes
from core.model.architecture import ModelArchitecture

SCALE = 1024  # model states are summed in 1/1024 bytes, then rounded up once
EIGHT_BIT = frozenset({"adamw_8bit", "paged_adamw_8bit"})
# bitsandbytes Optimizer8bit.init_state: absmax1 and absmax2, fp32, one per block of 256 values.
ABSMAX_BYTES = Fraction(2 * FP32_BYTES, 256)
NF4_ABSMAX_BITS = Fraction(32, 64)  # QLoRA without double quantization (Dettmers et al. 2023)


def _up(value: int, divisor: int) -> int:
    """Integer division rounding up."""
    return -(-value // divisor)


QV_NAMES = ("q_proj", "v_proj", "query", "value")  # LitGPT lora_query/lora_value, PEFT default
ATTENTION_NAMES = ("q_", "k_", "v_", "o_", "kv_", "qkv", "attn", "self_attn", "out_proj")


@cache
def optimizer_bytes_per_param(optimizer: str, mixed_precision: str) -> Fraction:
    """Optimizer-state bytes per trainable parameter (fp32 master copy included when mixed)."""
    master = Fraction(4) if mixed_precision != "fp32" else Fraction(0)
    if optimizer == "adamw":
        return master + 8  # fp32 momentum and variance
    if optimizer in EIGHT_BIT:
        return master + 2 + ABSMAX_BYTES  # two int8 states + their fp32 absmax per 256
    return master + 4  # SGD: fp32 momentum


@cache
def _scaled_optimizer_bytes(optimizer: str, mixed_precision: str) -> int:
    """Optimizer bytes per parameter in 1/SCALE bytes (exact: SCALE is a multiple of 2048/8)."""
    opt = optimizer_bytes_per_param(optimizer, mixed_precision)
    return opt.numerator * SCALE // opt.denominator


def pure_optimizer_bytes_per_param(optimizer: str, mixed_precision: str) -> Fraction:
    """Optimizer-state bytes per parameter when the states are held in the parameters' dtype."""
    word = Fraction(param_bytes(mixed_precision))
    if optimizer == "adamw":
        return 2 * word  # momentum and variance
    if optimizer in EIGHT_BIT:
        return 2 + ABSMAX_BYTES  # 8-bit states are 8-bit whatever the weights
    return word  # SGD momentum


def paged_bytes_per_param(optimizer: str) -> Fraction:
    """Optimizer bytes per parameter held in CUDA managed memory rather than on the GPU."""
    return Fraction(2) if optimizer == "paged_adamw_8bit" else Fraction(0)


def largest_tensor_params(arch: ModelArchitecture) -> int:
    """Parameters of the largest single weight tensor (embedding, LM head or a block matrix)."""
    block = max((g.in_features * g.out_features for g in arch.linear_groups), default=0)
    return max(arch.embedding_params, arch.lm_head_params, block)


def lora_dropout_activation_bytes(
    arch: ModelArchitecture, targets: str, tokens: int, act_bytes: int
) -> int:
    """What LoRA dropout stores for backward: its output and its 1-byte mask per adapted input.

    ``lora_dropout(x)`` feeds the adapter's A matrix, so autograd keeps the dropped-out copy of
    every adapted matrix's input (LitGPT ``lora.py``; PEFT ``nn.Dropout`` when p > 0).
    """
    inputs = sum(
        g.in_features * g.count
        for g in arch.linear_groups
        if lora_trainable_params_of(g.name, targets)
    )
    return inputs * tokens * (act_bytes + 1)


def param_bytes(mixed_precision: str) -> int:
    """Bytes of a trainable weight (and of its gradient) as the step computes with it."""
    return 4 if mixed_precision == "fp32" else 2


def lora_trainable_params_of(name: str, targets: str) -> bool:
    """Whether the block matrix ``name`` gets an adapter for ``targets``."""
    lowered = name.lower()
    if targets == "attention":
        return lowered.startswith(ATTENTION_NAMES)
    if targets == "qv":
        return lowered.rsplit(".", 1)[-1] in QV_NAMES
    return True


def lora_trainable_params(arch: ModelArchitecture, rank: int, targets: str) -> int:
    """Adapter parameters: r·(in + out) for every adapted block matrix."""
    return sum(
        rank * (g.in_features + g.out_features) * g.count
        for g in arch.linear_groups
        if lora_trainable_params_of(g.name, targets)
    )


@dataclass(frozen=True)
class ModelStates:
    """Per-GPU bytes of the model states, and what they were computed from."""

    weights: int
    quantization_metadata: int
    gradients: int
    optimizer_states: int
    trainable_params: int
    shard_degree: int  # GPUs the states are divided over (1 when replicated)
    gathered_unit_params: int  # FSDP full shard: the unit gathered while it is computed
    gathered_bytes: int  # its gathered weights (and gradients, when trained) on this GPU
    replicated_model_states: int  # what one GPU would hold without sharding (for comparison)


def largest_unit_params(arch: ModelArchitecture) -> int:
    """Parameters of the largest FSDP unit: a decoder layer, or the root when larger."""
    return max(arch.largest_layer_params, arch.root_unit_params)


@dataclass(frozen=True)
class _Method:
    """What decides the model states per parameter (the arguments of :func:`model_states`)."""

    method: str
    optimizer: str
    mixed_precision: str
    lora_rank: int
    lora_targets: str
    weights_precision: str
    optimizer_in_backward: bool
    double_quant: bool
    quantized_head: bool


def _unsharded(arch: ModelArchitecture, how: _Method) -> tuple[int, int, int, int, int]:
    """The model states of ``arch`` on one GPU before any sharding or splitting.

    Returns:
        Weights, gradients and optimizer states in 1/SCALE bytes, quantization metadata in
        bytes, and the trainable parameters.
    """
    wbytes = param_bytes(how.mixed_precision)
    # Integer arithmetic in 1/SCALE bytes (exact for 8-bit AdamW's 8/2048 bytes per parameter).
    opt_scaled = _scaled_optimizer_bytes(how.optimizer, how.mixed_precision)
    if how.weights_precision == "pure":
        pure = pure_optimizer_bytes_per_param(how.optimizer, how.mixed_precision)
        opt_scaled = pure.numerator * SCALE // pure.denominator
    metadata = 0
    if how.method == "full":
        trainable = arch.params_total
        frozen_bytes = 0
    else:
        trainable = lora_trainable_params(arch, how.lora_rank, how.lora_targets)
        if how.method == "qlora":
            base = nf4_weight_memory(arch)
            frozen_bytes, metadata = base.weights, base.quantization_metadata
            quantized = arch.linear_params
            if how.quantized_head:  # the LM head in NF4 too (core.capacity.trainers)
                head = arch.lm_head_params
                frozen_bytes += _up(head * NF4_BITS.numerator, 8) - head * 2  # was bf16
                quantized += head
                metadata = ceil_bytes(quantized * NF4_DOUBLE_QUANT_METADATA_BITS / 8)
            if not how.double_quant:  # one fp32 absmax per block of 64: 0.5 bit per weight
                metadata = -(-quantized * NF4_ABSMAX_BITS // 8)
        else:
            frozen_bytes = arch.params_total * wbytes
    weights = (frozen_bytes + trainable * wbytes) * SCALE
    grads = trainable * wbytes * SCALE
    if how.optimizer_in_backward:
        grads = min(grads, largest_tensor_params(arch) * wbytes * SCALE)
    # Paged 1-byte moments sit in managed memory, not on the GPU (see the module docstring).
    paged = paged_bytes_per_param(how.optimizer)
    states = trainable * (opt_scaled - paged.numerator * SCALE // paged.denominator)
    return weights, grads, states, metadata, trainable


def _replicated_layers(arch: ModelArchitecture) -> ModelArchitecture:
    """The part of ``arch`` every tensor-parallel rank holds whole while training.

    The linear layers a family marks ``replicated``: DeepSeek's MLA down-projections
    ``q_a_proj`` and ``kv_a_proj_with_mqa``. Megatron-core builds ``linear_q_down_proj`` and
    ``linear_kv_down_proj`` with its Transformer Engine layer spec as ``TELinear`` with
    ``parallel_mode="duplicated"``, a full copy on every rank
    (``megatron/core/models/gpt/gpt_layer_specs.py`` at 00611e6eeb0b, MLA branch of
    ``get_gpt_layer_with_transformer_engine_submodules``: ``backend.linear()``;
    ``megatron/core/transformer/multi_latent_attention.py`` at 003b4ce2615f). Transformers'
    ``base_model_tp_plan`` of ``deepseek_v3`` names neither of them (at 001f85b38fb4 it names
    only the MLP and experts; later ones give ``kv_a_proj_with_mqa`` the ``mla_kv_a_proj``
    style, which all-reduces a gradient and shards no weight), so they stay whole. Their
    gradients and optimizer states are as whole as their weights.
    """
    groups = tuple(g for g in arch.linear_groups if g.replicated)
    return replace(
        arch,
        linear_groups=groups,
        embedding_params=0,
        lm_head_params=0,
        other_params=0,
        other_active_params=0,
    )


def model_states(
    arch: ModelArchitecture,
    *,
    method: str,
    optimizer: str,
    mixed_precision: str,
    lora_rank: int,
    lora_targets: str,
    strategy: str,
    fsdp_sharding: str,
    gpus: int,
    gpus_per_node: int,
    tp: int,
    weights_precision: str = "mixed",
    optimizer_in_backward: bool = False,
    offload: str = "none",
    double_quant: bool = True,
    quantized_head: bool = False,
) -> ModelStates:
    """Weights, gradients and optimizer states on one GPU for a training method and strategy.

    ``quantized_head``: QLoRA quantizes the LM head too (LitGPT, see core.capacity.trainers).
    """
    how = _Method(
        method,
        optimizer,
        mixed_precision,
        lora_rank,
        lora_targets,
        weights_precision,
        optimizer_in_backward,
        double_quant,
        quantized_head,
    )
    wbytes = param_bytes(mixed_precision)
    weights, grads, states, metadata, trainable = _unsharded(arch, how)
    replicated = _up(weights + grads + states, SCALE) + metadata

    shard = 1
    gathered = 0
    gathered_bytes = 0
    if strategy == "fsdp":
        shard = min(gpus, gpus_per_node) if fsdp_sharding == "hybrid" else gpus
        if fsdp_sharding in ("full", "hybrid"):
            gathered = largest_unit_params(arch) if shard > 1 else 0
            trained_unit = gathered if method == "full" else 0
            gathered_bytes = (gathered + trained_unit) * wbytes
            weights = _up(weights, shard) + gathered * wbytes * SCALE
            metadata = _up(metadata, shard)
            grads = _up(grads, shard) + trained_unit * wbytes * SCALE
        else:  # grad_op: weights stay whole, gradients and optimizer states are sharded
            grads = _up(grads, shard)
        states = _up(states, shard)
    elif tp > 1:
        # Tensor parallelism divides every weight matrix and its states by t, except the
        # linear layers a family marks replicated, which every rank holds whole with their
        # gradients and optimizer states (see _replicated_layers). The norms, biases and
        # routers are divided with the rest here, although Megatron-core and transformers'
        # tp_plan keep the norms and routers whole too.
        whole = _unsharded(_replicated_layers(arch), how)
        weights = whole[0] + _up(weights - whole[0], tp)
        grads = whole[1] + _up(grads - whole[1], tp)
        states = whole[2] + _up(states - whole[2], tp)
        metadata = whole[3] + _up(metadata - whole[3], tp)
    if offload != "none":
        # ZeRO-Offload / FSDP CPUOffload: the optimizer states (and the fp32 master copy) live
        # in CPU memory and the optimizer steps there.
        states = 0
    if offload == "optimizer_and_params":
        # ZeRO-3 offload_param / FSDP CPUOffload(offload_params=True): parameters and their
        # gradients live on the CPU; a GPU holds the unit being computed, gathered, and its
        # gradient (method "full") while it is produced.
        unit = largest_unit_params(arch)
        trained_unit = unit if method == "full" else 0
        weights = min(weights, unit * wbytes * SCALE)
        grads = min(grads, trained_unit * wbytes * SCALE) if method == "full" else grads
        metadata = 0 if method != "qlora" else metadata
        gathered, gathered_bytes = unit, (unit + trained_unit) * wbytes
    return ModelStates(
        weights=_up(weights, SCALE),
        quantization_metadata=metadata,
        gradients=_up(grads, SCALE),
        optimizer_states=_up(states, SCALE),
        trainable_params=trainable,
        shard_degree=shard,
        gathered_unit_params=gathered,
        gathered_bytes=gathered_bytes,
        replicated_model_states=replicated,
    )


def checkpoint_bytes(
    arch: ModelArchitecture, *, method: str, optimizer: str, mixed_precision: str, trainable: int
) -> int:
    """Size on disk of a resumable checkpoint.

    Full fine-tune: the model in its training dtype plus the optimizer states (for AdamW the fp32
    master weights, momentum and variance, as ``torch.save`` of the optimizer ``state_dict``
    writes them). LoRA/QLoRA: the adapters and their optimizer states only. One MiB more for the
    scheduler, RNG states and data-loader progress.
    """
    per_param = param_bytes(mixed_precision) * SCALE + _scaled_optimizer_bytes(
        optimizer, mixed_precision
    )
    saved_params = arch.params_total if method == "full" else trainable
    return _up(saved_params * per_param, SCALE) + 2**20
