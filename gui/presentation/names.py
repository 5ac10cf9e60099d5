"""One vocabulary: what every page and document calls workloads, strategies, GPUs and the rest.

Names are asked for again after a language change (the ``tr`` calls run each time). A GPU is
always named by its catalog display name (``GpuOffer.name``), never its id; a sharded FSDP layout
that spans nodes is named by the strategy it really runs, hybrid sharding (``core.planning.planner``
chooses ``fsdp_sharding="hybrid"`` when the GPUs exceed one node).
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from core.base.units import split_offer_text, vendor_label
from core.domain.catalog import Catalog, GpuOffer, default_catalog
from core.domain.request import custom_model_params
from gui.presentation import formats
from gui.translation import tr_id

_GPUS: dict[str, tuple[str, float, int]] = {}  # id -> (display name, VRAM GiB, GPUs per node)


def register_catalog(catalog: Catalog) -> None:
    """Learn the display names of ``catalog``'s GPUs (an imported catalog adds to the bundled)."""
    for gpu in catalog.gpus:
        _GPUS[gpu.id] = (gpu.name, gpu.vram_gib, gpu.gpus_per_node)


def _gpu(gpu_id: str) -> tuple[str, float, int] | None:
    if not _GPUS:
        register_catalog(default_catalog())
    return _GPUS.get(gpu_id)


def offer_name(name: str, vram_gib: float | None) -> str:
    """A GPU as users see it: vendor label and memory in GiB, e.g. "NVIDIA L4 · 24 GiB"."""
    if vram_gib is None:
        return name
    return f"{vendor_label(name)} · {formats.vram(vram_gib)}"


def offer_label(text: str) -> str:
    """A GPU as a finding names it, in the interface's language: "NVIDIA L4 · 24 ГиБ".

    The text is ``core.base.units.offer_text``, or a catalog name in a quote saved before findings
    used it.
    """
    split = split_offer_text(text)
    if split is not None:
        return offer_name(*split)
    if not _GPUS:
        register_catalog(default_catalog())
    known = next((gib for name, gib, _node in _GPUS.values() if name == text), None)
    return offer_name(text, known) if known is not None else text


def offer(gpu: GpuOffer) -> str:
    """The display name of a catalog offer."""
    return offer_name(gpu.name, gpu.vram_gib)


def gpu_name(gpu_id: str) -> str:
    """The display name of the GPU ``gpu_id``; the id itself only for a GPU no catalog knows."""
    known = _gpu(gpu_id)
    return offer_name(known[0], known[1]) if known else gpu_id


def sharding_of(strategy: str, gpu_id: str, gpus: int) -> str | None:
    """The FSDP sharding the planner runs for a layout: hybrid past one node, else full."""
    if strategy != "fsdp":
        return None
    known = _gpu(gpu_id)
    return "hybrid" if known and gpus > known[2] else "full"


class Names(QObject):
    """Translated names of everything the planner shows."""

    def workload(self, key: str) -> str:
        """The name of a workload."""
        names = {
            "inference": tr_id("Names.inference", "Inference"),
            "training": tr_id("Names.training", "Training"),
            "diffusion": tr_id("Names.diffusion", "Diffusion"),
        }
        return names.get(key, key)

    def model(self, name: str) -> str:
        """A model's name: a model given by its numbers is named in the interface's language."""
        params = custom_model_params(name)
        if params is None:
            return name
        return tr_id(
            "Names.custom_model_count_parameters", "Custom model ({count} parameters)"
        ).format(count=formats.count(params))

    def strategy(self, key: str, sharding: str | None = None) -> str:
        """The name of a parallel strategy; FSDP with ``sharding="hybrid"`` is hybrid sharding."""
        if key == "fsdp" and sharding == "hybrid":
            return tr_id(
                "Names.hybrid_sharding_fsdp_in_a_node",
                "Hybrid sharding (FSDP in a node, replicas across nodes)",
            )
        if key == "fsdp" and sharding == "grad_op":
            return tr_id(
                "Names.fsdp_gradients_and_optimizer_sharded",
                "FSDP (gradients and optimizer sharded)",
            )
        names = {
            "single": tr_id("Names.single_gpu", "Single GPU"),
            "tensor": tr_id("Names.tensor_parallel", "Tensor parallel"),
            "ddp": tr_id("Names.ddp_replicas", "DDP (replicas)"),
            "fsdp": tr_id("Names.fsdp_sharded", "FSDP (sharded)"),
        }
        return names.get(key, key)

    def strategy_short(
        self, key: str, tensor_parallel: int = 1, sharding: str | None = None
    ) -> str:
        """A strategy in a table cell: ``Single``, ``Tensor ×4``, ``DDP``, ``FSDP``, ``HSDP``."""
        if key == "fsdp" and sharding == "hybrid":
            return tr_id("Names.hybrid_fsdp", "Hybrid FSDP")
        names = {
            "single": tr_id("Names.single", "Single"),
            "tensor": tr_id("Names.tensor", "Tensor"),
            "ddp": "DDP",
        }
        name = names.get(key, "FSDP" if key == "fsdp" else key)
        return f"{name} ×{tensor_parallel}" if tensor_parallel > 1 else name

    def status(self, key: str) -> str:
        """The name of a history status."""
        names = {
            "saved": tr_id("Names.saved_quote", "Saved quote"),
            "placed": tr_id("Names.placed", "Placed"),
            "stopped": tr_id("Names.stopped", "Stopped"),
            "expired": tr_id("Names.expired", "Expired"),
        }
        return names.get(key, key)

    def severity(self, key: str) -> str:
        """The name of a finding's severity."""
        names = {
            "info": tr_id("Names.note", "Note"),
            "warning": tr_id("Names.warning", "Warning"),
            "blocker": tr_id("Names.blocker", "Blocker"),
        }
        return names.get(key, key)

    def component(self, key: str) -> str:
        """The name of a per-GPU memory component of ``core.domain.breakdown.COMPONENTS``."""
        names = {
            "weights": tr_id("Names.weights", "Weights"),
            "quantization_metadata": tr_id("Names.quantization_metadata", "Quantization metadata"),
            "kv_cache": tr_id("Names.kv_cache", "KV cache"),
            "activations": tr_id("Names.activations", "Activations"),
            "gradients": tr_id("Names.gradients", "Gradients"),
            "optimizer_states": tr_id("Names.optimizer_states", "Optimizer states"),
            "runtime_overhead": tr_id("Names.runtime_and_allocator", "Runtime and allocator"),
        }
        return names.get(key, key)

    def line_kind(self, key: str) -> str:
        """The name of a kind of price line."""
        names = {
            "compute": tr_id("Names.gpu_compute", "GPU compute"),
            "storage": tr_id("Names.storage", "Storage"),
            "tax": tr_id("Names.tax", "Tax"),
        }
        return names.get(key, key)


def workload_name(key: str) -> str:
    """The name of a workload."""
    return Names().workload(key)


def model_name(name: str) -> str:
    """The name of a model as core gives it, in the interface's language."""
    return Names().model(name)


def strategy_name(key: str, sharding: str | None = None) -> str:
    """The name of a parallel strategy."""
    return Names().strategy(key, sharding)


def strategy_short(key: str, tensor_parallel: int = 1, sharding: str | None = None) -> str:
    """A strategy in a table cell."""
    return Names().strategy_short(key, tensor_parallel, sharding)


def component_name(key: str) -> str:
    """The name of a memory component."""
    return Names().component(key)


def severity_name(key: str) -> str:
    """The name of a finding's severity."""
    return Names().severity(key)
