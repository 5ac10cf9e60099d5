"""Serving sizes: weight and KV-cache formats, context, concurrency and the memory share.

The serving engine decides which of the rows apply: vLLM's memory share, or llama.cpp's cache
types, offloaded layers, flash attention and batch sizes (``inference.llamacpp``), shown only
while llama.cpp is the engine; vLLM's scheduler limits and prefill chunk sit in a fold of their
own (:mod:`gui.wizard.vllm_settings`), shown while vLLM is the engine.
"""

from __future__ import annotations

from typing import Any, get_args

from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox, QWidget

from core.domain.request import CacheDtype, PlanRequest, Precision, QuantFormatName, WeightDtype
from core.domain.workload_options import (
    Engine,
    InferenceOptions,
    LlamaCppCacheType,
    LlamaCppOptions,
)
from gui.translation import tr_id
from gui.wizard.field_form import FieldForm, combo_value, int_bounds, set_combo_value
from gui.wizard.int_field import DecimalField, IntField
from gui.wizard.mtp_row import MtpRow
from gui.wizard.vllm_settings import VllmSettings

GROUPED_FORMATS = ("int8", "int4")
ALL_LAYERS = -1  # the layers spin box's special value: every layer, or the most that fit
LLAMACPP_ROWS = (
    "inference.llamacpp.cache_type_k",
    "inference.llamacpp.cache_type_v",
    "inference.llamacpp.flash_attn",
    "inference.llamacpp.n_gpu_layers",
    "inference.llamacpp.n_batch",
    "inference.llamacpp.n_ubatch",
)


class InferenceForm(FieldForm):
    """Rows ``precision.*`` and ``inference.*`` of an inference request."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._build_ui()
        self._connect_signals()
        self._retranslate()

    def _build_ui(self) -> None:
        self._weights = QComboBox(self)
        self._weights.setObjectName("weightsDtype")
        for dtype in (*get_args(WeightDtype), *get_args(QuantFormatName)):
            self._weights.addItem(dtype, dtype)  # named formats: exact bytes per layout
        self._kv = QComboBox(self)
        self._kv.setObjectName("kvCacheDtype")
        for dtype in get_args(CacheDtype):
            self._kv.addItem(dtype, dtype)
        self._group = QSpinBox(self)
        self._group.setObjectName("quantGroupSize")
        self._group.setRange(*int_bounds(Precision, "quant_group_size"))
        self._group.setSingleStep(32)
        self._context = IntField(self)
        self._context.setObjectName("contextTokens")
        self._sequences = QSpinBox(self)
        self._sequences.setObjectName("concurrentSequences")
        self._sequences.setRange(*int_bounds(InferenceOptions, "concurrent_sequences"))
        self._utilization = DecimalField(self)
        self._utilization.setObjectName("gpuMemoryUtilization")
        self._engine = QComboBox(self)
        self._engine.setObjectName("servingEngine")
        for engine in get_args(Engine):
            self._engine.addItem("vLLM" if engine == "vllm" else engine, engine)
        self._cache_k = QComboBox(self)
        self._cache_k.setObjectName("llamaCppCacheK")
        self._cache_v = QComboBox(self)
        self._cache_v.setObjectName("llamaCppCacheV")
        for combo in (self._cache_k, self._cache_v):
            for cache_type in get_args(LlamaCppCacheType):
                combo.addItem(cache_type, cache_type)
        self._gpu_layers = QSpinBox(self)
        self._gpu_layers.setObjectName("llamaCppGpuLayers")
        self._gpu_layers.setRange(ALL_LAYERS, int_bounds(LlamaCppOptions, "n_gpu_layers")[1])
        self._flash_attn = QCheckBox(self)
        self._flash_attn.setObjectName("llamaCppFlashAttn")
        self._batch = self._batch_spin("llamaCppBatch", "n_batch")
        self._ubatch = self._batch_spin("llamaCppUbatch", "n_ubatch")
        self.add_row("inference.engine", self._engine, ("serving_engine",))
        self.add_row("precision.weights", self._weights, ("quantization",))
        self.add_row("precision.kv_cache", self._kv, ("kv_cache",))
        self.add_row("precision.quant_group_size", self._group, ("quantization",))
        self.add_row("inference.context_tokens", self._context, ("kv_cache",))
        self.add_row("inference.concurrent_sequences", self._sequences, ("max_concurrency",))
        self.add_row("inference.gpu_memory_utilization", self._utilization, ("utilisation",))
        self._mtp = MtpRow(self)
        self.add_row("inference.llamacpp.cache_type_k", self._cache_k, ("kv_cache",))
        self.add_row("inference.llamacpp.cache_type_v", self._cache_v, ("kv_cache",))
        self.add_row("inference.llamacpp.flash_attn", self._flash_attn, ("flash_attention",))
        self.add_row("inference.llamacpp.n_gpu_layers", self._gpu_layers, ("vram",))
        self.add_row("inference.llamacpp.n_batch", self._batch, ("llamacpp_batch",))
        self.add_row("inference.llamacpp.n_ubatch", self._ubatch, ("llamacpp_batch",))
        self.vllm = VllmSettings(self)

    def _batch_spin(self, name: str, field: str) -> QSpinBox:
        spin = QSpinBox(self)
        spin.setObjectName(name)
        spin.setRange(*int_bounds(LlamaCppOptions, field))
        spin.setSingleStep(128)
        return spin

    def _connect_signals(self) -> None:
        self._weights.currentIndexChanged.connect(self._on_weights_changed)
        self._engine.currentIndexChanged.connect(self._on_engine_changed)

    def _retranslate(self) -> None:
        texts = {
            "precision.weights": (
                tr_id("InferenceForm.weights_format", "Weights format"),
                tr_id(
                    "InferenceForm.bf16_fp16_keep_the_trained_precision",
                    "bf16/fp16 keep the trained precision; fp8, int8 and int4 are quantized",
                ),
            ),
            "precision.kv_cache": (
                tr_id("InferenceForm.kv_cache_format", "KV-cache format"),
                tr_id(
                    "InferenceForm.fp8_halves_the_cache_against_bf16",
                    "fp8 halves the cache against bf16; verify output quality",
                ),
            ),
            "precision.quant_group_size": (
                tr_id("InferenceForm.quantization_group_size", "Quantization group size"),
                tr_id(
                    "InferenceForm.weights_sharing_one_scale_and_zero",
                    "weights sharing one scale and zero point (int8/int4)",
                ),
            ),
            "inference.context_tokens": (
                tr_id("InferenceForm.context_tokens", "Context tokens"),
                tr_id(
                    "InferenceForm.tokens_per_sequence_prompt_and_output",
                    "tokens per sequence: prompt and output together",
                ),
            ),
            "inference.concurrent_sequences": (
                tr_id("InferenceForm.concurrent_sequences", "Concurrent sequences"),
                tr_id(
                    "InferenceForm.sequences_served_at_the_same_time",
                    "sequences served at the same time, each with its own KV cache",
                ),
            ),
            "inference.gpu_memory_utilization": (
                tr_id("InferenceForm.gpu_memory_utilisation", "GPU memory utilisation"),
                tr_id(
                    "InferenceForm.share_of_each_gpu_s_vram",
                    "share of each GPU's VRAM the server may use (vLLM's setting)",
                ),
            ),
            "inference.engine": (
                tr_id("InferenceForm.serving_engine", "Serving engine"),
                tr_id(
                    "InferenceForm.vllm_or_llama_cpp_gguf_models",
                    "vLLM, or llama.cpp: GGUF models, layers that do not fit stay on the CPU",
                ),
            ),
            "inference.llamacpp.cache_type_k": (
                tr_id("InferenceForm.llama_cpp_k_cache", "llama.cpp K cache"),
                tr_id(
                    "InferenceForm.type_of_the_cached_keys_ctk",
                    "type of the cached keys (-ctk): q8_0 and q4_0 shrink the cache",
                ),
            ),
            "inference.llamacpp.cache_type_v": (
                tr_id("InferenceForm.llama_cpp_v_cache", "llama.cpp V cache"),
                tr_id(
                    "InferenceForm.type_of_the_cached_values_ctv",
                    "type of the cached values (-ctv); quantized needs flash attention",
                ),
            ),
            "inference.llamacpp.n_gpu_layers": (
                tr_id("InferenceForm.layers_on_the_gpus", "Layers on the GPUs"),
                tr_id(
                    "InferenceForm.ngl_layers_offloaded_output_layer_included",
                    "-ngl: layers offloaded, output layer included; the rest run on the CPU",
                ),
            ),
            "inference.llamacpp.flash_attn": (
                tr_id("InferenceForm.flash_attention", "Flash attention"),
                tr_id(
                    "InferenceForm.fa_no_attention_score_matrix_in",
                    "-fa: no attention score matrix in the compute buffer",
                ),
            ),
            "inference.llamacpp.n_batch": (
                tr_id("InferenceForm.logical_batch", "Logical batch"),
                tr_id(
                    "InferenceForm.b_most_tokens_of_a_prompt",
                    "-b: most tokens of a prompt handed to the model at once",
                ),
            ),
            "inference.llamacpp.n_ubatch": (
                tr_id("InferenceForm.physical_batch", "Physical batch"),
                tr_id(
                    "InferenceForm.ub_tokens_per_compute_pass_at",
                    "-ub: tokens per compute pass (at most -b); they size the compute buffer",
                ),
            ),
        }
        for path, (label, hint) in texts.items():
            self.rows[path].set_texts(label, hint)
        self._context.setPlaceholderText(
            tr_id("InferenceForm.e_g_8192_or_128k", "e.g. 8192 or 128k")
        )
        self.vllm.retranslate()
        self._gpu_layers.setSpecialValueText(
            tr_id("InferenceForm.all_or_the_most_that_fit", "all, or the most that fit")
        )
        self._flash_attn.setText(
            tr_id(
                "InferenceForm.on_llama_cpp_turns_it_on",
                "on (llama.cpp turns it on where the GPU supports it)",
            )
        )
        self._mtp.retranslate()

    def fill(self, raw: dict[str, Any]) -> None:
        """Write the formats and sizes into ``raw``."""
        raw.setdefault("precision", {}).update(
            weights=combo_value(self._weights),  # a named format moves itself to "format"
            format=None,
            kv_cache=combo_value(self._kv),
            quant_group_size=self._group.value(),
        )
        raw.setdefault("inference", {}).update(
            context_tokens=self._context.request_value(),
            concurrent_sequences=self._sequences.value(),
            gpu_memory_utilization=self._utilization.request_value(),
            engine=combo_value(self._engine),
        )
        self.vllm.fill(raw["inference"])
        layers = self._gpu_layers.value()
        raw["inference"].setdefault("llamacpp", {}).update(
            cache_type_k=combo_value(self._cache_k),
            cache_type_v=combo_value(self._cache_v),
            n_gpu_layers=None if layers == ALL_LAYERS else layers,
            flash_attn=self._flash_attn.isChecked(),
            n_batch=self._batch.value(),
            n_ubatch=self._ubatch.value(),
        )
        self._mtp.fill(raw)

    def set_context(self, tokens: int) -> None:
        """Write ``tokens`` into the context field as an edit (a click on the chart)."""
        self._context.setValue(tokens)
        self.edited.emit()

    def set_sequences(self, sequences: int) -> None:
        """Write ``sequences`` into the concurrency field as an edit (a pick on the chart)."""
        self._sequences.setValue(sequences)
        self.edited.emit()

    def load(self, request: PlanRequest) -> None:
        """Show ``request``'s formats and sizes."""
        set_combo_value(self._weights, request.precision.format or request.precision.weights)
        set_combo_value(self._kv, request.precision.kv_cache)
        self._group.setValue(request.precision.quant_group_size)
        self._context.setValue(request.inference.context_tokens)
        self._sequences.setValue(request.inference.concurrent_sequences)
        self._utilization.setValue(request.inference.gpu_memory_utilization)
        set_combo_value(self._engine, request.inference.engine)
        llama = request.inference.llamacpp
        set_combo_value(self._cache_k, llama.cache_type_k)
        set_combo_value(self._cache_v, llama.cache_type_v)
        self._gpu_layers.setValue(ALL_LAYERS if llama.n_gpu_layers is None else llama.n_gpu_layers)
        self._flash_attn.setChecked(llama.flash_attn)
        self._batch.setValue(llama.n_batch)
        self._ubatch.setValue(llama.n_ubatch)
        self._mtp.load(request)
        self.vllm.load(request)
        self._on_weights_changed()
        self._on_engine_changed()

    def _on_weights_changed(self, *_index: int) -> None:
        self.rows["precision.quant_group_size"].setEnabled(
            combo_value(self._weights) in GROUPED_FORMATS
        )

    def _on_engine_changed(self, *_index: int) -> None:
        llama = combo_value(self._engine) == "llama.cpp"
        for path in LLAMACPP_ROWS:
            self.rows[path].setEnabled(llama)
            self.form.setRowVisible(self.rows[path], llama)
        self.rows["precision.kv_cache"].setEnabled(not llama)
        self.rows["inference.gpu_memory_utilization"].setEnabled(not llama)
        self._mtp.set_engine(not llama)
        self.vllm.fold.set_applies(not llama)
