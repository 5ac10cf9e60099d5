"""The settings dialog: language, tax rate, runtime reserve, catalog import and the data folder.

Nothing is saved until OK. A catalog file is checked by ``core.domain.catalog`` as soon as it is
chosen, so a bad one is refused with its message on the spot (:mod:`gui.settings_catalog_box`);
a good one is copied into the data folder and used only when the dialog is accepted.
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
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from core.base.errors import PlannerError
from core.base.paths import ensure_private_dir
from gui.app_state import AppState
from gui.core_text import error_text, message_text
from gui.glossary_link import GlossaryLink
from gui.language_switcher import system_language
from gui.presentation import palette
from gui.settings_catalog_box import CatalogBox
from gui.settings_models import tax_rate_from_percent
from gui.settings_store import tax_percent_text
from gui.translation import tr_id

ERROR_STYLE = palette.ERROR_TEXT_STYLE


class SettingsDialog(QDialog):
    """Edits the user settings of ``state``; applies them on OK."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self._state = state
        self._build_ui()
        self._retranslate()
        self._load_values()
        self._connect_signals()

    def import_catalog(self, path: Path) -> bool:
        """Check ``path`` as a catalog; stage it for OK, or show why it cannot be used."""
        return self._catalog_box.import_catalog(path)

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

        self._catalog_box = CatalogBox(self._state, self)

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
            self._catalog_box.import_button,
            self._catalog_box.bundled_button,
            self._buttons,
        )
        for before, after in zip(order, order[1:], strict=False):
            QWidget.setTabOrder(before, after)  # the order the fields appear on screen
        layout = QVBoxLayout(self)
        layout.addLayout(self._form)
        layout.addWidget(self._catalog_box)
        layout.addStretch(1)
        layout.addWidget(self._buttons)
        self.setMinimumWidth(560)

    def _connect_signals(self) -> None:
        self._tax.textChanged.connect(self._on_tax_text_changed)
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
        self._catalog_box.retranslate()
        self._open_data_button.setText(
            tr_id("SettingsDialog.open_data_folder", "&Open Data Folder")
        )

    def _load_values(self) -> None:
        settings = self._state.settings
        self._language.setCurrentIndex(max(0, self._language.findData(settings.language)))
        self._tax.setText(tax_percent_text(settings))
        self._context.setValue(settings.runtime_context_gib)
        self._catalog_box.show_in_use()

    def accept(self) -> None:
        try:
            tax_rate = tax_rate_from_percent(self._tax.text())
        except ValueError:
            self._on_tax_text_changed(self._tax.text())
            return
        try:
            box = self._catalog_box
            if box.staged is not None:
                self._state.import_catalog(box.staged[0])
            elif box.use_bundled:
                self._state.use_bundled_catalog()
        except (PlannerError, OSError) as error:
            box.staged = None
            message = str(error) if isinstance(error, OSError) else error_text(error)
            box.show_message(message, error=True)
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
