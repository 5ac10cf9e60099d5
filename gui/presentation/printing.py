"""Printing a quote document, and saving it as a PDF file, at a readable size on A4 or Letter.

The document is laid out on the page in points, so its 10–14 pt body text prints at 10–14 pt
whatever the device's resolution (laying it out in device pixels at 300 dpi shrank it to about
3 pt). The paper is A4, or Letter where the locale measures in US units (QLocale's
``measurementSystem``); the print dialog lets the user change it. This module is loaded with the
pages that print, after the main window's first paint (:mod:`gui.startup_steps`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QLocale, QMarginsF, QObject
from PySide6.QtGui import (
    QFont,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPdfWriter,
    QTextDocument,
)
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog, QWidget

from core.base.errors import InputError
from core.base.output_file import replacing
from gui.translation import tr_id

PDF_RESOLUTION = 300
MARGIN_MM = 15
BODY_POINT_SIZE = 10.5  # body text; headings scale from it (h2 ≈ 1.5×, h3 ≈ 1.17×)
PAPERS = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}


def default_paper() -> str:
    """Letter where the locale measures in US units, A4 elsewhere."""
    imperial = QLocale().measurementSystem() == QLocale.MeasurementSystem.ImperialUSSystem
    return "letter" if imperial else "a4"


def page_layout(paper: str) -> QPageLayout:
    """A portrait page of ``paper`` ("a4" or "letter") with 15 mm margins."""
    return QPageLayout(
        QPageSize(PAPERS[paper]),
        QPageLayout.Orientation.Portrait,
        QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
        QPageLayout.Unit.Millimeter,
    )


def print_document(html: str, device: QPagedPaintDevice) -> None:
    """Lay ``html`` out on ``device``'s pages at its point sizes and print it."""
    document = QTextDocument()
    font = QFont()
    font.setPointSizeF(BODY_POINT_SIZE)
    document.setDefaultFont(font)
    document.setHtml(html)
    # No page size of our own: QTextDocument.print_ then lays the document out on the device's
    # page in points and scales it to the device's resolution.
    document.print_(device)


class DocumentPrinter(QObject):
    """Prints HTML documents through the system's print dialog or into PDF files."""

    def print_html(self, html: str, title: str, parent: QWidget) -> bool:
        """Ask for a printer and print ``html``; False when the user cancels."""
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(title)
        printer.setPageLayout(page_layout(default_paper()))
        dialog = QPrintDialog(printer, parent)
        dialog.setWindowTitle(
            tr_id("DocumentPrinter.print_title", "Print {title}").format(title=title)
        )
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        print_document(html, printer)
        return True

    def save_pdf(self, html: str, title: str, path: Path, paper: str | None = None) -> None:
        """Write ``html`` as a PDF file at ``path`` on ``paper`` (the locale's when None).

        Raises:
            InputError: The file could not be written.
        """
        path = Path(path)
        with replacing(path) as temporary:  # Qt writes the file itself: beside it, then renamed
            writer = QPdfWriter(str(temporary))
            writer.setResolution(PDF_RESOLUTION)
            writer.setTitle(title)
            writer.setCreator("AnchorGPU Planner")
            writer.setPageLayout(page_layout(paper or default_paper()))
            print_document(html, writer)
            del writer  # the file is complete when the writer is gone
            if temporary.stat().st_size == 0:
                raise InputError(
                    tr_id("DocumentPrinter.cannot_write_path", "cannot write {path}").format(
                        path=path
                    )
                )
