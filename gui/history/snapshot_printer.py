"""Printing a quote or order, and saving it as a PDF file, from the HTML of the detail pane.

Qt's print support is imported only when the user prints, so it costs nothing at start-up.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMarginsF, QObject, QSizeF
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter, QTextDocument
from PySide6.QtWidgets import QDialog, QWidget

from core.errors import InputError

PDF_RESOLUTION = 300
MARGIN_MM = 15


def _a4() -> QPageLayout:
    return QPageLayout(
        QPageSize(QPageSize.PageSizeId.A4),
        QPageLayout.Orientation.Portrait,
        QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
        QPageLayout.Unit.Millimeter,
    )


class SnapshotPrinter(QObject):
    """Prints HTML documents through the system's print dialog or into A4 PDF files."""

    def print_html(self, html: str, title: str, parent: QWidget) -> bool:
        """Ask for a printer and print ``html``; False when the user cancels."""
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(title)
        printer.setPageLayout(_a4())
        dialog = QPrintDialog(printer, parent)
        dialog.setWindowTitle(self.tr("Print {title}").format(title=title))
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        document = QTextDocument()
        document.setHtml(html)
        document.print_(printer)
        return True

    def save_pdf(self, html: str, title: str, path: Path) -> None:
        """Write ``html`` as an A4 PDF file at ``path``.

        Raises:
            InputError: The file could not be written.
        """
        path = Path(path)
        writer = QPdfWriter(str(path))
        writer.setResolution(PDF_RESOLUTION)
        writer.setTitle(title)
        writer.setCreator("AnchorGPU Planner")
        writer.setPageLayout(_a4())
        document = QTextDocument()
        document.setHtml(html)
        area = writer.pageLayout().paintRectPixels(PDF_RESOLUTION)
        document.setPageSize(QSizeF(area.width(), area.height()))
        document.print_(writer)
        del writer  # the file is complete when the writer is gone
        if not path.exists() or path.stat().st_size == 0:
            raise InputError(self.tr("cannot write {path}").format(path=path))
