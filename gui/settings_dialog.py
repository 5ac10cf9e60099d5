"""The settings dialog: language, tax rate, runtime reserve, catalog import and the data folder.

Nothing is saved until OK. A catalog file is checked by ``core.domain.catalog`` as soon as it is
chosen, so a bad one is refused with its message on the spot; a good one is copied into the data
folder and used only when the dialog is accepted.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRegularExpression, QUrl
from PySide6.QtGui import QDesktopServices, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from core.base.errors import CatalogError, PlannerError
from core.base.paths import ensure_private_dir
from core.domain.catalog import Catalog, load_catalog_file
from gui.app_state import AppState
from gui.core_text import error_text, message_text
from gui.glossary_link import GlossaryLink
from gui.language_switcher import system_language
from gui.presentation import counts, palette
from gui.settings_models import tax_rate_from_percent
from gui.settings_store import dialog_start, remember_dialog_folder, tax_percent_text
from gui.translation import tr_id

ERROR_STYLE = palette.ERROR_TEXT_STYLE


class SettingsDialog(QDialog):
    """Edits the user settings of ``state``; applies them on OK."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self._state = state
        self._staged: tuple[Path, Catalog] | None = None
        self._use_bundled = False
        self._build_ui()
        self._retranslate()
        self._load_values()
        self._connect_signals()

    def import_catalog(self, path: Path) -> bool:
        """Check ``path`` as a catalog; stage it for OK, or show why it cannot be used."""
        try:
            catalog = load_catalog_file(Path(path))
        except CatalogError as error:
            self._show_catalog_message(message_text(error.message), error=True)
            return False
        self._staged, self._use_bundled = (Path(path), catalog), False
        text = tr_id(
            "SettingsDialog.catalog_id_as_of_date_gpus",
            "Catalog {id} as of {date} ({gpus}) will be used after OK.",
        )
        self._show_catalog_message(
            text.format(
                id=catalog.catalog_id,
                date=catalog.as_of.isoformat(),
                gpus=counts.gpu_offers(len(catalog.gpus)),
            )
        )
        return True

    def _build_ui(self) -> None:
        self._language = QComboBox(self)
        self._language.setObjectName("languageCombo")
        for choice in ("system", "ru", "en"):
            self._language.addItem("", choice)
        self._tax = QLineEdit(self)
        self._tax.setObjectName("taxRateEdit")
        self._tax.setValidator(
            QRegularExpressionValidator(QRegularExpression(r"^\d{0,3}([.,]\d{0,4})?$"), self)
        )
        self._tax_error = QLabel(self)
        self._tax_error.setObjectName("taxRateError")
        self._tax_error.setStyleSheet(ERROR_STYLE)
        self._tax_error.hide()
        self._context = QDoubleSpinBox(self)
        self._context.setObjectName("runtimeReserveSpin")
        self._context.setRange(0.0, 64.0)
        self._context.setDecimals(2)
        self._context.setSingleStep(0.05)
        context_row = QHBoxLayout()
        context_row.addWidget(self._context, 1)
        self._context_link = GlossaryLink("cuda", self)
        context_row.addWidget(self._context_link)

        self._catalog_group = QGroupBox(self)
        self._catalog_in_use = QLabel(self._catalog_group)
        self._catalog_in_use.setObjectName("catalogInUseLabel")
        self._catalog_in_use.setWordWrap(True)
        self._import_button = QPushButton(self._catalog_group)
        self._import_button.setObjectName("importCatalogButton")
        self._bundled_button = QPushButton(self._catalog_group)
        self._bundled_button.setObjectName("bundledCatalogButton")
        self._catalog_message = QLabel(self._catalog_group)
        self._catalog_message.setObjectName("catalogMessage")
        self._catalog_message.setWordWrap(True)
        self._catalog_message.hide()
        buttons_row = QHBoxLayout()
        buttons_row.addWidget(self._import_button)
        buttons_row.addWidget(self._bundled_button)
        buttons_row.addStretch(1)
        catalog_layout = QVBoxLayout(self._catalog_group)
        catalog_layout.addWidget(self._catalog_in_use)
        catalog_layout.addLayout(buttons_row)
        catalog_layout.addWidget(self._catalog_message)

        self._data_dir = QLineEdit(str(self._state.data_dir), self)
        self._data_dir.setObjectName("dataFolderEdit")
        self._data_dir.setReadOnly(True)
        self._open_data_button = QPushButton(self)
        self._open_data_button.setObjectName("openDataFolderButton")
        data_row = QHBoxLayout()
        data_row.addWidget(self._data_dir, 1)
        data_row.addWidget(self._open_data_button)
        self._database = QLineEdit(str(self._state.db_path), self)
        self._database.setObjectName("databaseEdit")
        self._database.setReadOnly(True)

        self._labels = [QLabel(self) for _ in range(5)]
        fields = (self._language, self._tax, self._context, self._data_dir, self._database)
        for label, field in zip(self._labels, fields, strict=True):
            label.setBuddy(field)
        self._form = QFormLayout()
        self._form.addRow(self._labels[0], self._language)
        self._form.addRow(self._labels[1], self._tax)
        self._form.addRow("", self._tax_error)
        self._form.addRow(self._labels[2], context_row)
        self._form.addRow(self._labels[3], data_row)
        self._form.addRow(self._labels[4], self._database)
        self._buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        order = (
            self._language,
            self._tax,
            self._context,
            self._context_link,
            self._data_dir,
            self._open_data_button,
            self._database,
            self._import_button,
            self._bundled_button,
            self._buttons,
        )
        for before, after in zip(order, order[1:], strict=False):
            QWidget.setTabOrder(before, after)  # the order the fields appear on screen
        layout = QVBoxLayout(self)
        layout.addLayout(self._form)
        layout.addWidget(self._catalog_group)
        layout.addStretch(1)
        layout.addWidget(self._buttons)
        self.setMinimumWidth(560)

    def _connect_signals(self) -> None:
        self._tax.textChanged.connect(self._on_tax_text_changed)
        self._import_button.clicked.connect(self._on_import_clicked)
        self._bundled_button.clicked.connect(self._on_bundled_clicked)
        self._open_data_button.clicked.connect(self._on_open_data_clicked)
        self._buttons.accepted.connect(self.accept)
        self._buttons.rejected.connect(self.reject)

    def _retranslate(self) -> None:
        self.setWindowTitle(tr_id("SettingsDialog.settings", "Settings"))
        system_name = {"ru": "Русский", "en": "English"}[system_language()]
        names = (
            tr_id("SettingsDialog.system_default_language", "System default ({language})").format(
                language=system_name
            ),
            "Русский",
        )
        for index, name in enumerate((*names, "English")):
            self._language.setItemText(index, name)
        rows = (
            tr_id("SettingsDialog.language", "&Language:"),
            tr_id("SettingsDialog.tax_rate", "&Tax rate, %:"),
            tr_id("SettingsDialog.runtime_reserve_per_gpu", "&Runtime reserve per GPU:"),
            tr_id("SettingsDialog.data_folder", "Data folder:"),
            tr_id("SettingsDialog.history_database", "History database:"),
        )
        for label, text in zip(self._labels, rows, strict=True):
            label.setText(text)
        self._language.setToolTip(
            tr_id(
                "SettingsDialog.takes_effect_at_once_no_restart",
                "Takes effect at once, no restart needed",
            )
        )
        self._tax.setToolTip(
            tr_id(
                "SettingsDialog.tax_added_to_quotes_catalog_prices",
                "Tax added to quotes; catalog prices exclude tax",
            )
        )
        self._context.setSuffix(tr_id("SettingsDialog.gib", " GiB"))
        self._context.setToolTip(
            tr_id(
                "SettingsDialog.memory_the_cuda_or_hip_context",
                "Memory the CUDA or HIP context takes on every GPU; new plans start with it",
            )
        )
        self._catalog_group.setTitle(tr_id("SettingsDialog.gpu_catalog", "GPU catalog"))
        self._import_button.setText(
            tr_id("SettingsDialog.import_catalog_file", "&Import Catalog File…")
        )
        self._bundled_button.setText(
            tr_id("SettingsDialog.use_bundled_catalog", "Use &Bundled Catalog")
        )
        self._open_data_button.setText(
            tr_id("SettingsDialog.open_data_folder", "&Open Data Folder")
        )

    def _load_values(self) -> None:
        settings = self._state.settings
        self._language.setCurrentIndex(max(0, self._language.findData(settings.language)))
        self._tax.setText(tax_percent_text(settings))
        self._context.setValue(settings.runtime_context_gib)
        self._show_catalog_in_use()

    def _show_catalog_in_use(self) -> None:
        catalog, source = self._state.catalog, self._state.catalog_source
        where = (
            str(source)
            if source is not None
            else tr_id("SettingsDialog.bundled_with_the_app", "bundled with the app")
        )
        text = tr_id("SettingsDialog.in_use_id_as_of_date", "In use: {id} as of {date}, {where}")
        self._catalog_in_use.setText(
            text.format(id=catalog.catalog_id, date=catalog.as_of.isoformat(), where=where)
        )
        self._bundled_button.setEnabled(source is not None)

    def _show_catalog_message(self, text: str, *, error: bool = False) -> None:
        self._catalog_message.setText(text)
        self._catalog_message.setStyleSheet(ERROR_STYLE if error else "")
        self._catalog_message.show()

    def accept(self) -> None:
        try:
            tax_rate = tax_rate_from_percent(self._tax.text())
        except ValueError:
            self._on_tax_text_changed(self._tax.text())
            return
        try:
            if self._staged is not None:
                self._state.import_catalog(self._staged[0])
            elif self._use_bundled:
                self._state.use_bundled_catalog()
        except (PlannerError, OSError) as error:
            self._staged = None
            message = str(error) if isinstance(error, OSError) else error_text(error)
            self._show_catalog_message(message, error=True)
            return
        try:
            self._state.update_settings(
                language=self._language.currentData(),
                tax_rate=tax_rate,
                runtime_context_gib=self._context.value(),
            )
        except PlannerError as error:
            QMessageBox.warning(
                self, tr_id("SettingsDialog.settings", "Settings"), message_text(error.message)
            )
            return
        super().accept()

    def _on_tax_text_changed(self, text: str) -> None:
        try:
            tax_rate_from_percent(text)
        except ValueError:
            self._tax_error.setText(
                tr_id(
                    "SettingsDialog.enter_a_percentage_from_0_to",
                    "Enter a percentage from 0 to 100, e.g. 20",
                )
            )
            self._tax_error.show()
            self._buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
            return
        self._tax_error.hide()
        self._buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(True)

    def _on_import_clicked(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            tr_id("SettingsDialog.import_gpu_catalog", "Import GPU Catalog"),
            dialog_start("catalog"),
            tr_id("SettingsDialog.catalog_json", "Catalog (*.json)"),
        )
        if path:
            remember_dialog_folder("catalog", path)
            self.import_catalog(Path(path))

    def _on_bundled_clicked(self) -> None:
        self._staged, self._use_bundled = None, True
        self._show_catalog_message(
            tr_id(
                "SettingsDialog.the_bundled_catalog_will_be_used",
                "The bundled catalog will be used after OK.",
            )
        )

    def _on_open_data_clicked(self) -> None:
        ensure_private_dir(self._state.data_dir)
        url = QUrl.fromLocalFile(str(self._state.data_dir))
        if not QDesktopServices.openUrl(url):
            QMessageBox.warning(
                self,
                tr_id("SettingsDialog.open_data_folder_e7663c", "Open Data Folder"),
                tr_id(
                    "SettingsDialog.cannot_open_path_no_file_manager",
                    "Cannot open {path}: no file manager is available.",
                ).format(path=self._state.data_dir),
            )
