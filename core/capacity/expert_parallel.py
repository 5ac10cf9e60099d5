"""Weights per GPU when a mixture-of-experts model is served expert-parallel (vLLM).

vLLM's ``--enable-expert-parallel`` with ``--tensor-parallel-size t`` and
``--data-parallel-size d`` (vLLM 0.17+; sources at vllm-project/vllm commit 002d6073):

- **Experts**: the MoE layers get no tensor parallelism; their ranks are all ``t·d`` GPUs, the
  expert-parallel group (``FusedMoEParallelConfig.make`` in
  ``vllm/model_executor/layers/fused_moe/config.py``: ``ep_size = tp_size`` after
  ``flatten_tp_across_dp_and_pcp`` makes ``tp_size = dp·tp``, and ``tp_size = 1`` for the
  experts). Each rank holds whole experts: ``E // ep`` of them, the first ``E mod ep`` ranks one
  more (``determine_expert_map`` in ``vllm/model_executor/layers/fused_moe/layer.py``, the
  default "linear" placement; no redundant experts without ``--enable-eplb``). Memory is planned
  for the fullest rank, ``⌈E ÷ ep⌉`` experts.
- **Everything else** stays tensor-parallel over ``t`` within each data-parallel rank: attention,
  shared experts and dense MLP layers (ordinary ``ColumnParallelLinear``/``RowParallelLinear``),
  the vocabulary-parallel embedding and LM head; norms and routers are whole on every GPU.
- **KV cache**: each data-parallel rank is its own engine core with its own scheduler and KV
  pool, its attention heads split over its ``t`` GPUs; a sequence's cache lives on one rank only.
  So the per-GPU cache of a sequence is the one at tensor parallelism ``t``, and the layout holds
  ``d`` times the sequences one rank holds.
- **Communication**: with ``d = 1`` the MoE layer ends in the same all-reduce as under tensor
  parallelism; with ``d > 1`` the ranks exchange tokens with the default
  ``all2all_backend = "allgather_reducescatter"`` (``vllm/config/parallel.py``): every rank's
  experts see the ``d`` ranks' tokens gathered, so the fused-MoE workspace of the profile run is
  that of ``d`` times the tokens at the experts' full width
  (:func:`core.capacity.vllm_profile.moe_workspace_bytes`). The communicator's own buffers are
  not counted (see :func:`layout_note`).

Expert bytes are exact for plain dtypes and named formats (the same arithmetic as
:mod:`core.capacity.weights`); for stored checkpoints they are the experts' share of the split
bytes by parameter count, which the layout says is approximate.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from core.capacity.weights import (
    FP8_SCALE_BYTES_PER_MATRIX,
    GROUP_METADATA_BYTES,
    WeightMemory,
)
from core.domain.dtypes import BITS, ceil_bytes
from core.domain.quant_formats import QuantFormat
from core.domain.request import PlanRequest
from core.model.architecture import LinearGroup, ModelArchitecture


@dataclass(frozen=True)
class ExpertLayout:
    """Expert parallelism over ``tp × dp`` GPUs: experts whole per GPU, the rest split by ``tp``."""

    tp: int  # tensor-parallel degree of attention, shared experts, dense layers, embeddings
    dp: int  # data-parallel attention ranks, each with its own KV pool
    experts: int  # routed experts per MoE layer

    @property
    def ep(self) -> int:
        """The expert-parallel group: every GPU of the layout."""
        return self.tp * self.dp

    @property
    def most_experts(self) -> int:
        """Experts on the fullest rank: ``E // ep`` plus one where ``E mod ep`` is not zero."""
        return -(-self.experts // self.ep)

    @property
    def fewest_experts(self) -> int:
        """Experts on the emptiest rank."""
        return self.experts // self.ep

    def as_dict(self) -> dict[str, Any]:
        """The layout as an estimate's details show it."""
        return {
            "tensor_parallel": self.tp,
            "data_parallel": self.dp,
            "expert_parallel": self.ep,
            "experts": self.experts,
            "experts_per_gpu": self.most_experts,
            "experts_per_gpu_fewest": self.fewest_experts,
        }


def layout_of(arch: ModelArchitecture, gpus: int, tp: int) -> ExpertLayout | None:
    """The expert-parallel layout of ``gpus`` GPUs at tensor parallelism ``tp`` (None: no experts).

    None as well for a single GPU, where vLLM does not use expert parallelism (``use_ep`` needs
    more than one rank) and for models with fewer experts than ranks: every rank must hold one.
    """
    if not arch.is_moe or gpus <= 1 or tp <= 0 or gpus % tp:
        return None
    layout = ExpertLayout(tp=tp, dp=gpus // tp, experts=arch.num_experts)
    return layout if layout.fewest_experts >= 1 else None


def request_layout(request: PlanRequest, arch: ModelArchitecture) -> ExpertLayout | None:
    """The expert-parallel layout vLLM serves ``request`` with, or None (tensor parallel only).

    Only vLLM serving of a mixture-of-experts model on more than one GPU per replica, when the
    request asks for it (:attr:`core.domain.request.Parallelism.expert_parallel`).
    """
    par = request.parallelism
    if not par.expert_parallel or request.workload != "inference":
        return None
    if request.inference.engine != "vllm":
        return None
    return layout_of(arch, par.replica_gpus, par.tp)


def routed_groups(arch: ModelArchitecture) -> list[LinearGroup]:
    """The routed experts' matrices (fewer of them active per token than stored)."""
    return [g for g in arch.linear_groups if g.active_count < g.count and not g.replicated]


@dataclass(frozen=True)
class ExpertBytes:
    """The bytes of all routed experts (values and scales), and whether they are exact."""

    values: int
    metadata: int
    exact: bool


def expert_bytes_dtype(arch: ModelArchitecture, dtype: str, group_size: int) -> ExpertBytes:
    """All routed experts in a plain ``dtype`` (int4/int8 with their group scales; fp8 per matrix).

    The same counts as :func:`core.capacity.weights.weight_memory` for these layers.
    """
    groups = routed_groups(arch)
    values = ceil_bytes(Fraction(sum(g.params for g in groups) * BITS[dtype], 8))
    metadata = 0
    if dtype in ("int4", "int8"):
        rows = sum(g.out_features * -(-g.in_features // group_size) * g.count for g in groups)
        metadata = rows * GROUP_METADATA_BYTES
    elif dtype == "fp8":
        metadata = sum(g.count for g in groups) * FP8_SCALE_BYTES_PER_MATRIX
    return ExpertBytes(values, metadata, exact=True)


def expert_bytes_format(arch: ModelArchitecture, fmt: QuantFormat) -> ExpertBytes:
    """All routed experts in a named format: each matrix's stored bytes, as the format counts."""
    values = metadata = 0
    for group in routed_groups(arch):
        stored = fmt.matrix_bytes(group.out_features, group.in_features) * group.count
        quantized = ceil_bytes(Fraction(group.params * fmt.value_bits, 8))
        values += quantized
        metadata += stored - quantized
    return ExpertBytes(values, metadata, exact=True)


def expert_bytes_share(
    arch: ModelArchitecture, weights_at: Callable[[int], WeightMemory]
) -> ExpertBytes:
    """The experts' share, by parameters, of the bytes tensor parallelism splits (approximate).

    For stored checkpoints, whose bytes per layer the planner does not keep: at degree ``t`` a GPU
    holds ``split ÷ t + whole``, so the split bytes are twice the difference between one GPU and
    two (to a byte of rounding).
    """
    one, two = weights_at(1), weights_at(2)
    split_values = 2 * (one.weights - two.weights)
    split_metadata = 2 * (one.quantization_metadata - two.quantization_metadata)
    split_params = (
        arch.embedding_params
        + arch.lm_head_params
        + arch.linear_params
        - arch.replicated_linear_params
    )
    share = Fraction(sum(g.params for g in routed_groups(arch)), max(split_params, 1))
    return ExpertBytes(
        ceil_bytes(split_values * share), ceil_bytes(split_metadata * share), exact=False
    )


def _on_fullest_rank(total: int, layout: ExpertLayout) -> int:
    return ceil_bytes(Fraction(total * layout.most_experts, layout.experts))


def expert_parallel_weights(
    tensor_parallel: WeightMemory,
    experts: ExpertBytes,
    layout: ExpertLayout,
    *,
    padding_tp: int = 0,
    padding_whole: int = 0,
) -> WeightMemory:
    """Weights per GPU under ``layout`` from those at tensor parallelism ``layout.tp``.

    The experts' ``1 ÷ tp`` share leaves and the fullest rank's whole experts come in:
    ``⌈E ÷ ep⌉ ÷ E`` of them. ``padding_tp`` is what a kernel pads the experts by at degree
    ``tp`` (already in ``tensor_parallel``) and ``padding_whole`` the padding of all experts
    unsplit (vLLM's MXFP4 kernels, :func:`core.capacity.vllm_mxfp4.padding_bytes`).
    """
    tp = layout.tp
    values = tensor_parallel.weights - -(-experts.values // tp) - padding_tp
    values += _on_fullest_rank(experts.values + padding_whole, layout)
    metadata = tensor_parallel.quantization_metadata - -(-experts.metadata // tp)
    metadata += _on_fullest_rank(experts.metadata, layout)
    return WeightMemory(weights=max(values, 0), quantization_metadata=max(metadata, 0))


def layout_note(layout: ExpertLayout, exact: bool) -> dict[str, Any]:
    """What the estimate states about the layout: the split, and what it leaves out."""
    return {
        **layout.as_dict(),
        "expert_bytes_exact": exact,
        # Not counted: the buffers of the all-to-all when the data-parallel ranks exchange tokens
        # (d > 1); vLLM's default allgather_reducescatter backend uses the device communicator's
        # buffers, DeepEP/pplx allocate their own. (The gathered tokens' MoE workspace is counted
        # in core.capacity.vllm_profile.)
        "all_to_all_buffers_counted": False,
    }
