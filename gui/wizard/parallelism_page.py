"""Page 4: how the job spreads over GPUs, the compute platform it needs, and the runtime overhead
assumed per GPU (folded: :mod:`gui.wizard.runtime_settings`).

Choosing an offer on the next page sets the strategy, GPU count and tensor-parallel degree here
(:meth:`ParallelismPage.set_layout`), so the two pages always describe the same request.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QComboBox, QLineEdit, QSpinBox, QWidget

from core.domain.request import Parallelism, PlanRequest
from gui.presentation.names import strategy_name
from gui.translation import tr_id
from gui.wizard.field_form import FieldForm, combo_value, int_bounds, set_combo_value
from gui.wizard.runtime_settings import RuntimeSettings
from gui.wizard.wizard_step import WizardStep

if TYPE_CHECKING:
    from gui.wizard.plan_draft import DraftPart, PageContext

STRATEGY_TERMS = {"single": "vram", "tensor": "tensor_parallelism", "ddp": "ddp", "fsdp": "fsdp"}
AUTO = 0  # the tensor-parallel spin box's "auto": all GPUs for strategy tensor, else none


class ParallelismPage(WizardStep):
    """Strategy, GPU count, tensor-parallel degree, FSDP sharding, platform, runtime version and
    the runtime overhead assumptions."""

    PREFIXES = ("parallelism", "platform", "runtime_version", "runtime")

    def __init__(self, context: PageContext | None = None, parent: QWidget | None = None) -> None:
        super().__init__("parallelismPage", context, parent)
        self._experts: Parallelism | None = None  # an expert-parallel layout loaded, kept
        self._build_ui()
        self._connect_signals()
        self._retranslate()
        if context is not None:  # a layout chosen with an offer or a traffic option
            context.draft.layoutChosen.connect(self.set_layout)

    def _build_ui(self) -> None:
        self._form = FieldForm(self)
        self._strategy = QComboBox(self._form)
        self._strategy.setObjectName("strategy")
        for key in STRATEGY_TERMS:
            self._strategy.addItem("", key)
        self._gpus = QSpinBox(self._form)
        self._gpus.setObjectName("gpuCount")
        self._gpus.setRange(*int_bounds(Parallelism, "gpus"))
        self._tp = QSpinBox(self._form)
        self._tp.setObjectName("tensorParallel")
        self._tp.setRange(AUTO, int_bounds(Parallelism, "tensor_parallel")[1])
        self._sharding = QComboBox(self._form)
        self._sharding.setObjectName("fsdpSharding")
        for key in ("full", "grad_op", "hybrid"):
            self._sharding.addItem("", key)
        self._platform = QComboBox(self._form)
        self._platform.setObjectName("platform")
        for key in ("any", "cuda", "rocm"):
            self._platform.addItem("", key)
        self._runtime = QLineEdit(self._form)
        self._runtime.setObjectName("runtimeVersion")
        self._runtime.setMaxLength(10)
        form = self._form
        form.add_row(
            "parallelism.strategy", self._strategy, tuple(dict.fromkeys(STRATEGY_TERMS.values()))
        )
        form.add_row("parallelism.gpus", self._gpus, ("ddp",))
        form.add_row("parallelism.tensor_parallel", self._tp, ("tensor_parallelism",))
        form.add_row("parallelism.fsdp_sharding", self._sharding, ("fsdp",))
        form.add_row("platform", self._platform, ("cuda", "rocm"))
        form.add_row("runtime_version", self._runtime, ("cuda", "rocm"))
        self._overhead = RuntimeSettings(form)
        form.rows["parallelism"] = form.rows["parallelism.gpus"]  # layout rules name no field
        self.adopt(form)
        self.content.addWidget(form)
        self.content.addStretch(1)
        self._on_strategy_changed()
        self._on_platform_changed()

    def _connect_signals(self) -> None:
        self._strategy.currentIndexChanged.connect(self._on_strategy_changed)
        self._platform.currentIndexChanged.connect(self._on_platform_changed)

    def _retranslate(self) -> None:
        self.setTitle(tr_id("ParallelismPage.parallelism_and_platform", "Parallelism and platform"))
        self.setSubTitle(
            tr_id(
                "ParallelismPage.replicas_ddp_do_not_pool_memory",
                "Replicas (DDP) do not pool memory; sharding (FSDP) and tensor parallelism split "
                "it. Choosing an offer on the next page sets these for you.",
            )
        )
        for index, key in enumerate(STRATEGY_TERMS):
            self._strategy.setItemText(index, strategy_name(key))
        sharding = (
            tr_id(
                "ParallelismPage.full_shard_parameters_gradients_optimizer",
                "Full shard (parameters, gradients, optimizer)",
            ),
            tr_id("ParallelismPage.gradients_and_optimizer_only", "Gradients and optimizer only"),
            tr_id(
                "ParallelismPage.hybrid_full_shard_within_a_node",
                "Hybrid: full shard within a node",
            ),
        )
        for index, name in enumerate(sharding):
            self._sharding.setItemText(index, name)
        for index, name in enumerate((tr_id("ParallelismPage.any", "Any"), "CUDA", "ROCm")):
            self._platform.setItemText(index, name)
        self._tp.setSpecialValueText(tr_id("ParallelismPage.auto", "auto"))
        rows = self._form.rows
        rows["parallelism.strategy"].set_texts(tr_id("ParallelismPage.strategy", "Strategy"), "")
        rows["parallelism.gpus"].set_texts(
            tr_id("ParallelismPage.gpus", "GPUs"),
            tr_id("ParallelismPage.gpus_of_one_offer", "GPUs of one offer"),
        )
        rows["parallelism.tensor_parallel"].set_texts(
            tr_id("ParallelismPage.tensor_parallel_degree", "Tensor-parallel degree"),
            tr_id(
                "ParallelismPage.gpus_that_split_each_layer_must",
                "GPUs that split each layer; must divide the attention heads",
            ),
        )
        rows["parallelism.fsdp_sharding"].set_texts(
            tr_id("ParallelismPage.fsdp_sharding", "FSDP sharding"), ""
        )
        rows["platform"].set_texts(
            tr_id("ParallelismPage.platform", "Platform"),
            tr_id(
                "ParallelismPage.cuda_workloads_never_run_on_amd",
                "CUDA workloads never run on AMD GPUs, nor ROCm on NVIDIA",
            ),
        )
        rows["runtime_version"].set_texts(
            tr_id("ParallelismPage.required_cuda_rocm_version", "Required CUDA/ROCm version"),
            tr_id(
                "ParallelismPage.checked_against_what_the_offer_s",
                "checked against what the offer's driver supports",
            ),
        )
        self._runtime.setPlaceholderText(
            tr_id("ParallelismPage.e_g_12_4_optional", "e.g. 12.4 (optional)")
        )
        self._overhead.retranslate()

    def set_layout(self, parallelism: Parallelism) -> None:
        """Show the layout of a chosen offer."""
        set_combo_value(self._strategy, parallelism.strategy)
        self._gpus.setValue(parallelism.gpus)
        self._tp.setValue(parallelism.tensor_parallel or AUTO)
        set_combo_value(self._sharding, parallelism.fsdp_sharding)
        # No control sets expert parallelism: a layout that has it (a traffic row, a request file)
        # keeps it while its GPUs and degree stay as they were.
        self._experts = parallelism if parallelism.expert_parallel else None

    def write(self, part: DraftPart) -> None:
        tp = self._tp.value()
        used = self._form.rows["parallelism.tensor_parallel"].isEnabled()
        part["parallelism"] = {
            "strategy": combo_value(self._strategy),
            "gpus": self._gpus.value(),
            "tensor_parallel": tp if used and tp != AUTO else None,
            "fsdp_sharding": combo_value(self._sharding),
        }
        kept = self._experts
        if kept is not None and (kept.gpus, kept.tensor_parallel) == (
            self._gpus.value(),
            part["parallelism"]["tensor_parallel"],
        ):
            part["parallelism"].update(expert_parallel=True, data_parallel=kept.data_parallel)
        part["platform"] = combo_value(self._platform)
        part["runtime_version"] = self._runtime.text().strip() or None
        self._overhead.fill(part)

    def load(self, request: PlanRequest) -> None:
        self.set_layout(request.parallelism)
        set_combo_value(self._platform, request.platform)
        self._runtime.setText(request.runtime_version or "")
        self._overhead.load(request)

    def _on_strategy_changed(self, *_index: int) -> None:
        strategy = combo_value(self._strategy)
        rows = self._form.rows
        rows["parallelism.strategy"].show_terms((STRATEGY_TERMS[strategy],))
        if strategy == "single":
            self._gpus.setValue(1)
        rows["parallelism.gpus"].setEnabled(strategy != "single")
        rows["parallelism.tensor_parallel"].setEnabled(strategy in ("tensor", "ddp"))
        rows["parallelism.fsdp_sharding"].setEnabled(strategy == "fsdp")

    def _on_platform_changed(self, *_index: int) -> None:
        platform = combo_value(self._platform)
        shown = ("cuda", "rocm") if platform == "any" else (platform,)
        self._form.rows["platform"].show_terms(shown)
        self._form.rows["runtime_version"].show_terms(shown)
