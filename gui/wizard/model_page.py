"""Page 2: the model: a preset, a config.json, safetensors or GGUF headers, or custom numbers.

Files are only named here; ``core.model.models`` reads them (on the thread pool, see
:class:`~gui.wizard.live_estimator.LiveEstimator`) and a file it cannot use is reported under the
form with core's message. Diffusion pipelines come from presets only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QButtonGroup,
    QFileDialog,
    QGridLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QRadioButton,
    QStackedWidget,
    QWidget,
)

from core.domain.request import PlanRequest
from gui.settings_store import dialog_start, remember_dialog_folder
from gui.translation import tr_id
from gui.wizard.custom_model_form import FIELDS, CustomModelForm
from gui.wizard.field_form import FieldForm
from gui.wizard.preset_picker import PresetPicker
from gui.wizard.wizard_step import WizardStep

if TYPE_CHECKING:
    from gui.wizard.plan_draft import DraftPart, PageContext

SOURCES = ("preset", "hf_config", "safetensors", "gguf", "custom")


class ModelPage(WizardStep):
    """Source choice, one panel per source, and the model's summary once it has been read."""

    PREFIXES = ("model",)

    def __init__(self, context: PageContext | None = None, parent: QWidget | None = None) -> None:
        super().__init__("modelPage", context, parent)
        self._resolving = False
        self._workload = "inference"  # as chosen on the first page
        self._build_ui()
        self._connect_signals()
        self._retranslate()

    def _build_ui(self) -> None:
        self._sources = QButtonGroup(self)
        row = QGridLayout()
        self._radios: dict[str, QRadioButton] = {}
        for number, key in enumerate(SOURCES):
            radio = QRadioButton(self)
            radio.setObjectName(f"source_{key}")
            self._sources.addButton(radio, number)
            self._radios[key] = radio
            row.addWidget(radio, number // 2, number % 2)
        row.setColumnStretch(2, 1)
        self._radios["preset"].setChecked(True)
        self.content.addLayout(row)

        self._stack = QStackedWidget(self)
        self._preset_form = FieldForm(self._stack)
        self._presets = PresetPicker(self._preset_form)
        self._preset_row = self._preset_form.add_row(
            "model.preset", self._presets, ("vram",), marked=self._presets.list_view
        )

        self._config_form = FieldForm(self._stack)
        self._config_path = QLineEdit(self._config_form)
        self._config_path.setObjectName("configPath")
        self._config_button = QPushButton(self._config_form)
        self._config_button.setObjectName("importConfigButton")
        self._config_form.add_row("model.hf_config", self._config_path, ("vram",))
        self._config_form.form.addRow("", self._config_button)

        self._st_form = FieldForm(self._stack)
        self._st_path = QLineEdit(self._st_form)
        self._st_path.setObjectName("safetensorsPath")
        self._st_button = QPushButton(self._st_form)
        self._st_button.setObjectName("readSafetensorsButton")
        self._st_menu = QMenu(self._st_button)
        self._st_file_action = self._st_menu.addAction("")
        self._st_folder_action = self._st_menu.addAction("")
        self._st_button.setMenu(self._st_menu)
        self._st_form.add_row("model.safetensors", self._st_path, ("quantization",))
        self._st_form.form.addRow("", self._st_button)

        self._gguf_form = FieldForm(self._stack)
        self._gguf_path = QLineEdit(self._gguf_form)
        self._gguf_path.setObjectName("ggufPath")
        self._gguf_button = QPushButton(self._gguf_form)
        self._gguf_button.setObjectName("readGgufButton")
        self._gguf_form.add_row("model.gguf", self._gguf_path, ("quantization",))
        self._gguf_form.form.addRow("", self._gguf_button)

        self._custom = CustomModelForm(self._stack)
        forms = (
            self._preset_form,
            self._config_form,
            self._st_form,
            self._gguf_form,
            self._custom,
        )
        for form in forms:
            self._stack.addWidget(form)
            self.adopt(form)
        self.content.addWidget(self._stack, 1)

        self._summary = QLabel(self)
        self._summary.setObjectName("modelSummary")
        self._summary.setWordWrap(True)
        self.content.addWidget(self._summary)

    def _connect_signals(self) -> None:
        self._sources.idToggled.connect(self._on_sources_id_toggled)
        self._config_button.clicked.connect(self._on_config_button_clicked)
        self._st_file_action.triggered.connect(self._on_st_file_triggered)
        self._st_folder_action.triggered.connect(self._on_st_folder_triggered)
        self._gguf_button.clicked.connect(self._on_gguf_button_clicked)

    def _retranslate(self) -> None:
        self.setTitle(tr_id("ModelPage.model", "Model"))
        self.setSubTitle(
            tr_id(
                "ModelPage.pick_a_preset_read_a_model",
                "Pick a preset, read a model's own config.json or safetensors headers for exact "
                "parameter counts, or give its numbers.",
            )
        )
        texts = {
            "preset": tr_id("ModelPage.preset", "&Preset"),
            "hf_config": tr_id("ModelPage.config_json", "&config.json"),
            "safetensors": tr_id("ModelPage.safetensors", "&safetensors"),
            "gguf": tr_id("ModelPage.gguf", "&GGUF"),
            "custom": tr_id("ModelPage.custom_numbers", "C&ustom numbers"),
        }
        for key, text in texts.items():
            self._radios[key].setText(text)
        self._preset_row.set_texts(tr_id("ModelPage.preset_bca788", "Preset"))
        self._config_form.rows["model.hf_config"].set_texts(
            tr_id("ModelPage.config_json_file", "config.json file"),
            tr_id(
                "ModelPage.a_hugging_face_config_json_no",
                "A Hugging Face config.json (no network needed)",
            ),
        )
        self._config_path.setPlaceholderText(
            tr_id("ModelPage.path_to_config_json", "Path to config.json")
        )
        self._config_button.setText(tr_id("ModelPage.import_config_json", "&Import config.json…"))
        self._st_form.rows["model.safetensors"].set_texts(
            tr_id("ModelPage.safetensors_file_or_folder", "safetensors file or folder"),
            tr_id(
                "ModelPage.only_the_headers_are_read_tensor",
                "Only the headers are read: tensor names, shapes and formats",
            ),
        )
        self._st_path.setPlaceholderText(
            tr_id(
                "ModelPage.path_to_a_safetensors_file_or",
                "Path to a .safetensors file or a model folder",
            )
        )
        self._st_button.setText(tr_id("ModelPage.read_safetensors", "Read .safe&tensors…"))
        self._st_file_action.setText(tr_id("ModelPage.file", "&File…"))
        self._st_folder_action.setText(
            tr_id("ModelPage.folder_with_shards", "F&older with shards…")
        )
        self._gguf_form.rows["model.gguf"].set_texts(
            tr_id("ModelPage.gguf_file", "GGUF file"),
            tr_id(
                "ModelPage.only_the_header_is_read_metadata",
                "Only the header is read: metadata, tensor shapes and quantization types",
            ),
        )
        self._gguf_path.setPlaceholderText(
            tr_id("ModelPage.path_to_a_gguf_file", "Path to a .gguf file")
        )
        self._gguf_button.setText(tr_id("ModelPage.read_gguf", "&Read .gguf…"))

    # -- the wizard's interface ------------------------------------------------------------

    def source(self) -> str:
        """The chosen source: preset, hf_config, safetensors, gguf or custom."""
        return SOURCES[max(self._sources.checkedId(), 0)]

    def initializePage(self) -> None:
        self._apply_workload(self._workload)

    def set_workload(self, workload: str) -> None:
        """Follow a workload change made on the first page."""
        self._workload = workload
        self._apply_workload(workload)

    def _apply_workload(self, workload: str) -> None:
        diffusion = workload == "diffusion"
        self._presets.set_kind("diffusion" if diffusion else "llm")
        for key in ("hf_config", "safetensors", "gguf", "custom"):
            self._radios[key].setEnabled(not diffusion)
        if diffusion and self.source() != "preset":
            self._radios["preset"].setChecked(True)

    def write(self, part: DraftPart) -> None:
        source = self.source()
        if source == "preset":
            part["model"] = {"preset": self._presets.preset_id()}
        elif source == "hf_config":
            part["model"] = {"hf_config": self._config_path.text().strip()}
        elif source == "safetensors":
            part["model"] = {"safetensors": self._st_path.text().strip()}
        elif source == "gguf":
            part["model"] = {"gguf": self._gguf_path.text().strip()}
        else:
            loaded = (part.get("model") or {}).get("custom") or {}
            kept = {k: v for k, v in loaded.items() if k not in FIELDS and v is not None}
            part["model"] = {"custom": kept | self._custom.values()}

    def load(self, request: PlanRequest) -> None:
        ref = request.model
        # A new draft names its own model: the last search must not hide it, and the summary
        # of the model read before stays off until this one has been read.
        self._presets.clear_search()
        self._summary.clear()
        if ref.preset:
            kind = self._presets.kind_of(ref.preset)
            self._presets.set_kind(kind or "llm")
            self._presets.set_preset(ref.preset)
        self._config_path.setText(ref.hf_config or "")
        self._st_path.setText(ref.safetensors or "")
        self._gguf_path.setText(ref.gguf or "")
        self._custom.load(ref.custom)
        source = next(key for key in SOURCES if getattr(ref, key))
        self._radios[source].setChecked(True)
        self._stack.setCurrentIndex(SOURCES.index(source))

    def set_resolving(self, resolving: bool) -> None:
        """Next waits while the model is being read."""
        if resolving != self._resolving:
            self._resolving = resolving
            self.completeChanged.emit()

    def show_summary(self, text: str) -> None:
        """What core read: the model's name and parameter count."""
        self._summary.setText(text)

    def ready(self) -> bool:
        return not self._resolving

    # -- slots -----------------------------------------------------------------------------

    def _on_sources_id_toggled(self, number: int, checked: bool) -> None:
        if checked:
            self._stack.setCurrentIndex(number)
            self.edited.emit()

    def _on_config_button_clicked(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            tr_id("ModelPage.import_config_json_dac96f", "Import config.json"),
            dialog_start("model"),
            tr_id("ModelPage.model_config_json_all_files", "Model config (*.json);;All files (*)"),
        )
        if path:
            remember_dialog_folder("model", path)
            self.choose_file("hf_config", path)

    def _on_st_file_triggered(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            tr_id("ModelPage.read_a_safetensors_file", "Read a .safetensors file"),
            dialog_start("model"),
            tr_id(
                "ModelPage.safetensors_safetensors_all_files",
                "safetensors (*.safetensors);;All files (*)",
            ),
        )
        if path:
            remember_dialog_folder("model", path)
            self.choose_file("safetensors", path)

    def _on_st_folder_triggered(self) -> None:
        path = QFileDialog.getExistingDirectory(
            self,
            tr_id(
                "ModelPage.read_a_folder_of_safetensors_shards",
                "Read a folder of safetensors shards",
            ),
            dialog_start("model"),
        )
        if path:
            remember_dialog_folder("model", path, is_folder=True)
            self.choose_file("safetensors", path)

    def _on_gguf_button_clicked(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            tr_id("ModelPage.read_a_gguf_file", "Read a .gguf file"),
            dialog_start("model"),
            tr_id("ModelPage.gguf_gguf_all_files", "GGUF (*.gguf);;All files (*)"),
        )
        if path:
            remember_dialog_folder("model", path)
            self.choose_file("gguf", path)

    def choose_file(self, source: str, path: str) -> None:
        """Use ``path`` as the config.json, safetensors or GGUF (read again even if unchanged)."""
        fields = {"hf_config": self._config_path, "gguf": self._gguf_path}
        fields.get(source, self._st_path).setText(path)
        self.rows[f"model.{source}"].touched = True  # a chosen file is judged at once
        self._radios[source].setChecked(True)
        if self.context is not None:
            self.context.draft.choose_model_file_again()
        self.edited.emit()
