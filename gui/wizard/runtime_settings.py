"""The parallelism page's runtime overhead rows (``runtime.*``), folded until opened.

Each GPU holds, beside the workload, the CUDA/HIP context, NCCL/RCCL buffers when it talks to
other GPUs, and what the caching allocator loses to fragmentation; the defaults and their sources
are in :mod:`core.capacity.overhead`. A new plan takes the context from Settings.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject

from core.domain.request import PlanRequest, Runtime
from gui.translation import tr_id
from gui.wizard.field_form import FieldForm
from gui.wizard.folded_rows import FoldedRows
from gui.wizard.int_field import DecimalField

# Request field and object name of each row, in the order shown.
ROWS = (
    ("context_gib", "runtimeContextGib"),
    ("allocator_reserve", "allocatorReserve"),
    ("comm_buffer_gib", "commBufferGib"),
)
PATHS = tuple(f"runtime.{name}" for name, _ in ROWS)


class RuntimeSettings(QObject):
    """A fold of one row per runtime overhead assumption of ``form``."""

    def __init__(self, form: FieldForm) -> None:
        super().__init__(form)
        self._form = form
        self.fold = FoldedRows(form, "runtimeSettingsToggle")
        self.fields: dict[str, DecimalField] = {}
        for name, object_name in ROWS:
            field = self.fields[name] = DecimalField(form)
            field.setObjectName(object_name)
            self.fold.add_row(f"runtime.{name}", field, ("runtime_overhead",))

    def retranslate(self) -> None:
        """Set every text in the current language."""
        self.fold.toggle.setText(tr_id("RuntimeSettings.runtime_overhead", "Runtime overhead"))
        texts = {
            "context_gib": (
                tr_id("RuntimeSettings.cuda_hip_context_gib", "CUDA/HIP context (GiB)"),
                tr_id(
                    "RuntimeSettings.per_gpu_with_library_handles_and",
                    "per GPU, with library handles and kernels (new plans: from Settings)",
                ),
            ),
            "allocator_reserve": (
                tr_id("RuntimeSettings.allocator_reserve", "Allocator reserve"),
                tr_id(
                    "RuntimeSettings.share_of_the_activations_lost_to",
                    "share of the activations lost to fragmentation (0.1: 10 %)",
                ),
            ),
            "comm_buffer_gib": (
                tr_id("RuntimeSettings.communication_buffers_gib", "Communication buffers (GiB)"),
                tr_id(
                    "RuntimeSettings.nccl_rccl_buffers_per_gpu_counted",
                    "NCCL/RCCL buffers per GPU, counted when more than one GPU works",
                ),
            ),
        }
        for name, (label, hint) in texts.items():
            self._form.rows[f"runtime.{name}"].set_texts(label, hint)

    def fill(self, raw: dict[str, Any]) -> None:
        """Write the assumptions into the request's ``runtime`` section."""
        runtime = raw.setdefault("runtime", {})
        for name, field in self.fields.items():
            runtime[name] = field.request_value()

    def load(self, request: PlanRequest) -> None:
        """Show ``request``'s assumptions, unfolded when any is off the request model's default."""
        options, default = request.runtime, Runtime()
        for name, field in self.fields.items():
            field.setValue(getattr(options, name))
        if any(getattr(options, n) != getattr(default, n) for n in self.fields):
            self.fold.set_open(True)
