"""Two to four options or saved quotes side by side, exportable as CSV and PDF.

The rows are :func:`gui.presentation.comparison.compare_rows` of the columns, shown in a read-only
table and exported exactly as shown, so a file reads the same as the dialog in the interface's
language: CSV, or a PDF of the comparison document on A4 or Letter (the locale's paper, the
quote document's readable sizes; :class:`gui.presentation.printing.DocumentPrinter`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHeaderView,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.base.errors import PlannerError
from core.planning.planner import PlanOption
from gui.core_text import error_text
from gui.presentation.comparison import (
    Column,
    Comparison,
    Row,
    option_column,
    write_csv,
)
from gui.presentation.printing import DocumentPrinter
from gui.settings_store import dialog_start, remember_dialog_folder
from gui.translation import tr_id


class CompareDialog(QDialog):
    """The comparison of two to four columns (planner options or saved quotes)."""

    def __init__(
        self,
        columns: Sequence[Column | PlanOption],
        parent: QWidget | None = None,
        *,
        quotes: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("compareDialog")
        title = (
            tr_id("CompareDialog.compare_saved_quotes", "Compare saved quotes")
            if quotes
            else tr_id("CompareDialog.compare_options", "Compare options")
        )
        self.setWindowTitle(title)
        self._columns = [c if isinstance(c, Column) else option_column(c) for c in columns]
        self._comparison = Comparison(self)
        self._rows = self._comparison.rows(self._columns)
        self._printer = DocumentPrinter(self)
        self._table = QTableWidget(len(self._rows), len(self._columns), self)
        self._table.setObjectName("compareTable")
        self._table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self._table.setHorizontalHeaderLabels([c.title for c in self._columns])
        self._table.setVerticalHeaderLabels([name for name, _ in self._rows])
        for row, (_name, cells) in enumerate(self._rows):
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self._table.setItem(row, column, item)
        self._table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        export = QPushButton(tr_id("CompareDialog.export_csv", "Export CSV…"), self)
        export.setObjectName("compareExportCsv")
        pdf = QPushButton(tr_id("CompareDialog.save_as_pdf", "Save as PDF…"), self)
        pdf.setObjectName("compareExportPdf")
        for button in (export, pdf):
            buttons.addButton(button, QDialogButtonBox.ButtonRole.ActionRole)
        export.clicked.connect(self._on_export_clicked)
        pdf.clicked.connect(self._on_pdf_clicked)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self._table)
        layout.addWidget(buttons)
        self.resize(760, 560)

    @property
    def rows(self) -> list[Row]:
        """The rows shown."""
        return self._rows

    @property
    def columns(self) -> list[Column]:
        """The configurations compared, in the order shown."""
        return list(self._columns)

    def export_csv(self, path: Path) -> None:
        """Write the comparison to ``path`` as CSV.

        Raises:
            InputError: The file is refused (a link, a folder, a device) or cannot be written.
        """
        write_csv(path, self._columns, self._rows)

    def document_html(self) -> str:
        """The comparison as the document printed and saved as PDF."""
        return self._comparison.html(self.windowTitle(), self._columns, self._rows)

    def export_pdf(self, path: Path, paper: str | None = None) -> None:
        """Write the comparison to ``path`` as PDF on ``paper`` ("a4", "letter"; the locale's).

        Raises:
            InputError: The file could not be written.
        """
        self._printer.save_pdf(self.document_html(), self.windowTitle(), path, paper)

    def _ask(self, suggested: str, kind: str) -> Path | None:
        chosen, _filter = QFileDialog.getSaveFileName(
            self,
            tr_id("CompareDialog.export_the_comparison", "Export the comparison"),
            dialog_start("export", suggested),
            kind,
        )
        if not chosen:
            return None
        remember_dialog_folder("export", chosen)
        return Path(chosen)

    def _on_export_clicked(self) -> None:
        path = self._ask("comparison.csv", tr_id("CompareDialog.csv_csv", "CSV (*.csv)"))
        if path is not None:
            try:
                self.export_csv(path)
            except PlannerError as error:
                QMessageBox.warning(
                    self,
                    tr_id("CompareDialog.export_the_comparison", "Export the comparison"),
                    error_text(error),
                )

    def _on_pdf_clicked(self) -> None:
        path = self._ask("comparison.pdf", tr_id("CompareDialog.pdf_pdf", "PDF (*.pdf)"))
        if path is not None:
            try:
                self.export_pdf(path)
            except PlannerError as error:
                QMessageBox.warning(
                    self,
                    tr_id("CompareDialog.export_the_comparison", "Export the comparison"),
                    error_text(error),
                )
