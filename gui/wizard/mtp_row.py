"""The sizes page's row for speculative decoding with the model's MTP layers (vLLM only).

``inference.mtp_speculative_tokens``: 0 (shown as "off") drafts nothing; N drafts N tokens a step
with the multi-token-prediction layers, which are then loaded and cached (core.model.mtp).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QSpinBox

from core.domain.request import PlanRequest
from core.domain.workload_options import InferenceOptions
from gui.translation import tr_id
from gui.wizard.field_form import FieldForm, int_bounds

PATH = "inference.mtp_speculative_tokens"


class MtpRow(QObject):
    """A spin box row of ``form`` for ``inference.mtp_speculative_tokens``."""

    def __init__(self, form: FieldForm) -> None:
        super().__init__(form)
        self._form = form
        self._tokens = QSpinBox(form)
        self._tokens.setObjectName("mtpSpeculativeTokens")
        self._tokens.setRange(*int_bounds(InferenceOptions, "mtp_speculative_tokens"))
        form.add_row(PATH, self._tokens, ("kv_cache",))

    def retranslate(self) -> None:
        """Set the row's label, hint and the text of 0."""
        self._form.rows[PATH].set_texts(
            tr_id("MtpRow.mtp_draft_tokens", "MTP draft tokens"),
            tr_id(
                "MtpRow.tokens_drafted_per_step_by_the",
                "tokens drafted per step by the model's MTP layers (vLLM); "
                "their weights and KV cache count",
            ),
        )
        self._tokens.setSpecialValueText(tr_id("MtpRow.off", "off"))

    def fill(self, raw: dict[str, Any]) -> None:
        """Write the draft tokens into ``raw``: 0 while the row is off (another engine)."""
        enabled = self._form.rows[PATH].isEnabled()
        tokens = self._tokens.value() if enabled else 0
        raw.setdefault("inference", {})["mtp_speculative_tokens"] = tokens

    def load(self, request: PlanRequest) -> None:
        """Show ``request``'s draft tokens."""
        self._tokens.setValue(request.inference.mtp_speculative_tokens)

    def set_engine(self, vllm: bool) -> None:
        """Enable the row for vLLM only, the engine that drafts with MTP layers."""
        self._form.rows[PATH].setEnabled(vllm)
