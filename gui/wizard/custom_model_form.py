"""A model described by numbers: the parameter count, and optionally its architecture.

Only the parameter count is required; ``core.model.models.custom_architecture`` assumes the rest and
says what it assumed. Empty fields are left out of the request.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from core.domain.request import CustomModel
from gui.translation import tr_id
from gui.wizard.field_form import FieldForm
from gui.wizard.int_field import IntField

FIELDS = (
    "params",
    "layers",
    "hidden_size",
    "attention_heads",
    "kv_heads",
    "head_dim",
    "intermediate_size",
    "vocab_size",
)
TERMS = {
    "params": ("vram",),
    "layers": ("vram",),
    "hidden_size": ("vram",),
    "attention_heads": ("attention_heads",),
    "kv_heads": ("attention_heads",),
    "head_dim": ("attention_heads",),
    "intermediate_size": ("vram",),
    "vocab_size": ("vram",),
}


class CustomModelForm(FieldForm):
    """Rows ``model.custom.<field>``; ``params`` is required."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._fields: dict[str, IntField] = {}
        for name in FIELDS:
            field = IntField(self)
            field.setObjectName(f"custom_{name}")
            self._fields[name] = field
            self.add_row(f"model.custom.{name}", field, TERMS[name])
        self._retranslate()

    def _retranslate(self) -> None:
        texts = {
            "params": (
                tr_id("CustomModelForm.parameters_required", "Parameters (required)"),
                tr_id("CustomModelForm.e_g_7b_or_7000000000", "e.g. 7B or 7000000000"),
            ),
            "layers": (
                tr_id("CustomModelForm.layers", "Layers"),
                tr_id("CustomModelForm.optional", "optional"),
            ),
            "hidden_size": (
                tr_id("CustomModelForm.hidden_size", "Hidden size"),
                tr_id("CustomModelForm.optional", "optional"),
            ),
            "attention_heads": (
                tr_id("CustomModelForm.attention_heads", "Attention heads"),
                tr_id("CustomModelForm.optional", "optional"),
            ),
            "kv_heads": (
                tr_id("CustomModelForm.kv_heads_gqa", "KV heads (GQA)"),
                tr_id(
                    "CustomModelForm.optional_fewer_than_heads_for_gqa",
                    "optional; fewer than heads for GQA",
                ),
            ),
            "head_dim": (
                tr_id("CustomModelForm.head_dimension", "Head dimension"),
                tr_id("CustomModelForm.optional", "optional"),
            ),
            "intermediate_size": (
                tr_id("CustomModelForm.intermediate_ffn_size", "Intermediate (FFN) size"),
                tr_id("CustomModelForm.optional", "optional"),
            ),
            "vocab_size": (
                tr_id("CustomModelForm.vocabulary_size", "Vocabulary size"),
                tr_id("CustomModelForm.optional", "optional"),
            ),
        }
        for name, (label, placeholder) in texts.items():
            self.rows[f"model.custom.{name}"].set_texts(label)
            self._fields[name].setPlaceholderText(placeholder)

    def values(self) -> dict[str, Any]:
        """The custom model as request data: empty fields left out."""
        values = {name: field.request_value() for name, field in self._fields.items()}
        return {name: value for name, value in values.items() if value is not None}

    def load(self, custom: CustomModel | None) -> None:
        """Show ``custom`` (or empty fields)."""
        for name, field in self._fields.items():
            field.setValue(getattr(custom, name) if custom is not None else None)
