"""The settings dialog's "GPU catalog" box: the catalog in use, importing a file, the bundled one.

A catalog file is checked by ``core.domain.catalog`` as soon as it is chosen, so a bad one is
refused with its message on the spot; a good one is only staged here, and the dialog hands it to
the app state when it is accepted. A box of its own because it is looked for on its own: the
other settings are one field each, this is a small flow (choose, check, stage, say).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from core.base.errors import CatalogError
from core.domain.catalog import Catalog, load_catalog_file
from gui.app_state import AppState
from gui.core_text import message_text
from gui.presentation import counts, palette
from gui.settings_store import dialog_start, remember_dialog_folder
from gui.translation import tr_id

ERROR_STYLE = palette.ERROR_TEXT_STYLE


class CatalogBox(QGroupBox):
    """Shows the catalog in use and stages another (a file, or the bundled one) for OK."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self.staged: tuple[Path, Catalog] | None = None  # a checked file, used after OK
        self.use_bundled = False  # the bundled catalog, used after OK
        self._in_use = QLabel(self)
        self._in_use.setObjectName("catalogInUseLabel")
        self._in_use.setWordWrap(True)
        self.import_button = QPushButton(self)
        self.import_button.setObjectName("importCatalogButton")
        self.bundled_button = QPushButton(self)
        self.bundled_button.setObjectName("bundledCatalogButton")
        self._message = QLabel(self)
        self._message.setObjectName("catalogMessage")
        self._message.setWordWrap(True)
        self._message.hide()
        buttons_row = QHBoxLayout()
        buttons_row.addWidget(self.import_button)
        buttons_row.addWidget(self.bundled_button)
        buttons_row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self._in_use)
        layout.addLayout(buttons_row)
        layout.addWidget(self._message)
        self.import_button.clicked.connect(self._on_import_clicked)
        self.bundled_button.clicked.connect(self._on_bundled_clicked)

    def retranslate(self) -> None:
        self.setTitle(tr_id("SettingsDialog.gpu_catalog", "GPU catalog"))
        self.import_button.setText(
            tr_id("SettingsDialog.import_catalog_file", "&Import Catalog File…")
        )
        self.bundled_button.setText(
            tr_id("SettingsDialog.use_bundled_catalog", "Use &Bundled Catalog")
        )

    def import_catalog(self, path: Path) -> bool:
        """Check ``path`` as a catalog; stage it for OK, or show why it cannot be used."""
        try:
            catalog = load_catalog_file(Path(path))
        except CatalogError as error:
            self.show_message(message_text(error.message), error=True)
            return False
        self.staged, self.use_bundled = (Path(path), catalog), False
        text = tr_id(
            "SettingsDialog.catalog_id_as_of_date_gpus",
            "Catalog {id} as of {date} ({gpus}) will be used after OK.",
        )
        self.show_message(
            text.format(
                id=catalog.catalog_id,
                date=catalog.as_of.isoformat(),
                gpus=counts.gpu_offers(len(catalog.gpus)),
            )
        )
        return True

    def show_in_use(self) -> None:
        """Say which catalog the app uses now, and where it came from."""
        catalog, source = self._state.catalog, self._state.catalog_source
        where = (
            str(source)
            if source is not None
            else tr_id("SettingsDialog.bundled_with_the_app", "bundled with the app")
        )
        text = tr_id("SettingsDialog.in_use_id_as_of_date", "In use: {id} as of {date}, {where}")
        self._in_use.setText(
            text.format(id=catalog.catalog_id, date=catalog.as_of.isoformat(), where=where)
        )
        self.bundled_button.setEnabled(source is not None)

    def show_message(self, text: str, *, error: bool = False) -> None:
        """Say what was staged, or why a catalog cannot be used."""
        self._message.setText(text)
        self._message.setStyleSheet(ERROR_STYLE if error else "")
        self._message.show()

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
        self.staged, self.use_bundled = None, True
        self.show_message(
            tr_id(
                "SettingsDialog.the_bundled_catalog_will_be_used",
                "The bundled catalog will be used after OK.",
            )
        )
