"""Image generation settings: weights format, resolution, batch, denoising steps, guidance, VAE
tiling/slicing, CPU offload, quantized text encoders and the quantization backend.

The backend row is shown only while the weights format is a quantized one (fp8, int8, int4): it
decides which layers stay unquantized (``core.capacity.diffusion_weights``) and nothing else.
"""

from __future__ import annotations

from typing import Any, get_args

from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox, QWidget

from core.domain.quant_formats import FORMATS
from core.domain.request import PlanRequest, WeightDtype
from core.domain.workload_options import DiffusionOptions
from gui.translation import tr_id
from gui.wizard.field_form import FieldForm, combo_value, int_bounds, set_combo_value

OFFLOADS: tuple[str, ...] = get_args(DiffusionOptions.model_fields["cpu_offload"].annotation)
TEXT_ENCODERS: tuple[str, ...] = get_args(
    DiffusionOptions.model_fields["quantized_text_encoders"].annotation
)
QUANT_BACKENDS: tuple[str, ...] = get_args(
    DiffusionOptions.model_fields["quant_backend"].annotation
)
# The weights formats a backend quantizes the denoiser in (core.model.diffusion_pipeline's bit
# widths).
QUANTIZED = ("fp8", "int8", "int4")


class DiffusionForm(FieldForm):
    """Rows ``precision.weights`` and ``diffusion.*`` of a diffusion request."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._build_ui()
        self._retranslate()
        self._weights.currentIndexChanged.connect(self._on_weights_changed)

    def _build_ui(self) -> None:
        self._weights = QComboBox(self)
        self._weights.setObjectName("diffusionWeightsDtype")
        for dtype in get_args(WeightDtype):
            self._weights.addItem(dtype, dtype)
        self._width = self._pixels("imageWidth", "width")
        self._height = self._pixels("imageHeight", "height")
        self._batch = QSpinBox(self)
        self._batch.setObjectName("imageBatch")
        self._batch.setRange(*int_bounds(DiffusionOptions, "batch_size"))
        self._steps = QSpinBox(self)
        self._steps.setObjectName("denoisingSteps")
        self._steps.setRange(*int_bounds(DiffusionOptions, "steps"))
        self._guidance = QCheckBox(self)
        self._guidance.setObjectName("guidance")
        self._tiling = QCheckBox(self)
        self._tiling.setObjectName("vaeTiling")
        self._slicing = QCheckBox(self)
        self._slicing.setObjectName("vaeSlicing")
        self._offload = QComboBox(self)
        self._offload.setObjectName("cpuOffload")
        for key in OFFLOADS:
            self._offload.addItem("", key)
        self._encoders = QComboBox(self)
        self._encoders.setObjectName("quantizedTextEncoders")
        for key in TEXT_ENCODERS:
            self._encoders.addItem("", key)
        self._backend = QComboBox(self)
        self._backend.setObjectName("quantBackend")
        for key in QUANT_BACKENDS:
            self._backend.addItem("", key)
        self.add_row("precision.weights", self._weights, ("quantization",))
        self.add_row("diffusion.width", self._width, ("vae",))
        self.add_row("diffusion.height", self._height, ("vae",))
        self.add_row("diffusion.batch_size", self._batch, ("image_batch",))
        self.add_row("diffusion.steps", self._steps, ("denoising_steps",))
        self.add_row("diffusion.guidance", self._guidance, ("classifier_free_guidance",))
        self.add_row("diffusion.vae_tiling", self._tiling, ("vae",))
        self.add_row("diffusion.vae_slicing", self._slicing, ("vae",))
        self.add_row("diffusion.cpu_offload", self._offload, ("cpu_offload",))
        self.add_row("diffusion.quant_backend", self._backend, ("quant_backend",))
        self.add_row("diffusion.quantized_text_encoders", self._encoders, ("quantization",))

    def _pixels(self, name: str, field: str) -> QSpinBox:
        spin = QSpinBox(self)
        spin.setObjectName(name)
        spin.setRange(*int_bounds(DiffusionOptions, field))
        spin.setSingleStep(64)
        spin.setSuffix(" px")
        return spin

    def _retranslate(self) -> None:
        offloads = {
            "none": tr_id("DiffusionForm.none", "None"),
            "model": tr_id("DiffusionForm.whole_models_to_the_cpu", "Whole models to the CPU"),
            "sequential": tr_id("DiffusionForm.layer_by_layer", "Layer by layer"),
        }
        for index, key in enumerate(OFFLOADS):
            self._offload.setItemText(index, offloads[key])
        encoders = {
            "none": tr_id("DiffusionForm.none", "None"),
            "largest": tr_id(
                "DiffusionForm.the_largest_only_flux_t5", "The largest only (FLUX: T5)"
            ),
            "all": tr_id("DiffusionForm.all", "All"),
        }
        for index, key in enumerate(TEXT_ENCODERS):
            self._encoders.setItemText(index, encoders[key])
        backends = {
            "bitsandbytes": "bitsandbytes",
            "torchao": "torchao",
            "quanto": "Quanto",
            "layerwise_casting": tr_id(
                "DiffusionForm.layerwise_casting_diffusers_fp8",
                "Layerwise casting (diffusers, fp8)",
            ),
        }
        for index, key in enumerate(QUANT_BACKENDS):
            self._backend.setItemText(index, backends[key])
        texts = {
            "precision.weights": (
                tr_id("DiffusionForm.weights_format", "Weights format"),
                tr_id(
                    "DiffusionForm.bf16_fp16_fp32_the_pipeline_runs",
                    "bf16/fp16/fp32: the pipeline runs in it; fp8, int8, int4 quantize the "
                    "denoiser",
                ),
            ),
            "diffusion.width": (
                tr_id("DiffusionForm.width", "Width"),
                tr_id(
                    "DiffusionForm.a_multiple_of_8_the_vae",
                    "a multiple of 8 (the VAE downsamples by 8)",
                ),
            ),
            "diffusion.height": (
                tr_id("DiffusionForm.height", "Height"),
                tr_id(
                    "DiffusionForm.a_multiple_of_8_the_vae",
                    "a multiple of 8 (the VAE downsamples by 8)",
                ),
            ),
            "diffusion.batch_size": (
                tr_id("DiffusionForm.images_per_batch", "Images per batch"),
                "",
            ),
            "diffusion.steps": (
                tr_id("DiffusionForm.denoising_steps", "Denoising steps"),
                tr_id(
                    "DiffusionForm.passes_of_the_denoiser_per_image",
                    "passes of the denoiser per image: they set the time and cost, not memory",
                ),
            ),
            "diffusion.guidance": (
                tr_id("DiffusionForm.classifier_free_guidance", "Classifier-free guidance"),
                "",
            ),
            "diffusion.vae_tiling": (tr_id("DiffusionForm.vae_tiling", "VAE tiling"), ""),
            "diffusion.vae_slicing": (tr_id("DiffusionForm.vae_slicing", "VAE slicing"), ""),
            "diffusion.cpu_offload": (
                tr_id("DiffusionForm.cpu_offload", "CPU offload"),
                tr_id(
                    "DiffusionForm.less_gpu_memory_slower_steps", "less GPU memory, slower steps"
                ),
            ),
            "diffusion.quant_backend": (
                tr_id("DiffusionForm.quantization_backend", "Quantization backend"),
                tr_id(
                    "DiffusionForm.the_library_that_quantizes_it_decides",
                    "the library that quantizes: it decides which layers stay unquantized",
                ),
            ),
            "diffusion.quantized_text_encoders": (
                tr_id("DiffusionForm.quantized_text_encoders", "Quantized text encoders"),
                tr_id(
                    "DiffusionForm.quantized_in_the_weights_format_too",
                    "quantized in the weights format too, when it is fp8, int8 or int4",
                ),
            ),
        }
        for path, (label, hint) in texts.items():
            self.rows[path].set_texts(label, hint)
        self._guidance.setText(
            tr_id(
                "DiffusionForm.doubles_the_batch_in_the_denoiser",
                "doubles the batch in the denoiser",
            )
        )
        self._tiling.setText(
            tr_id(
                "DiffusionForm.decode_the_image_in_tiles_lower",
                "decode the image in tiles: lower decode peak; check seams",
            )
        )
        self._slicing.setText(
            tr_id(
                "DiffusionForm.decode_one_image_of_the_batch",
                "decode one image of the batch at a time",
            )
        )

    def fill(self, raw: dict[str, Any]) -> None:
        """Write the weights format and the image settings into ``raw``."""
        precision = raw.setdefault("precision", {})
        precision["weights"] = combo_value(self._weights)
        named = precision.get("format")  # a named format of the draft's, kept while it applies
        if named in FORMATS and FORMATS[named].legacy != precision["weights"]:
            precision["format"] = None
        raw.setdefault("diffusion", {}).update(
            width=self._width.value(),
            height=self._height.value(),
            batch_size=self._batch.value(),
            steps=self._steps.value(),
            guidance=self._guidance.isChecked(),
            vae_tiling=self._tiling.isChecked(),
            vae_slicing=self._slicing.isChecked(),
            cpu_offload=combo_value(self._offload),
            quantized_text_encoders=combo_value(self._encoders),
            quant_backend=combo_value(self._backend),
        )

    def load(self, request: PlanRequest) -> None:
        """Show ``request``'s image settings."""
        set_combo_value(self._weights, request.precision.weights)
        options = request.diffusion
        self._width.setValue(options.width)
        self._height.setValue(options.height)
        self._batch.setValue(options.batch_size)
        self._steps.setValue(options.steps)
        self._guidance.setChecked(options.guidance)
        self._tiling.setChecked(options.vae_tiling)
        self._slicing.setChecked(options.vae_slicing)
        set_combo_value(self._offload, options.cpu_offload)
        set_combo_value(self._encoders, options.quantized_text_encoders)
        set_combo_value(self._backend, options.quant_backend)
        self._on_weights_changed()

    def _on_weights_changed(self, *_index: int) -> None:
        quantized = combo_value(self._weights) in QUANTIZED
        self.rows["diffusion.quant_backend"].setEnabled(quantized)
        self.form.setRowVisible(self.rows["diffusion.quant_backend"], quantized)
