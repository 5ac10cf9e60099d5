"""The history view's commands: one QAction each, with its shortcut, icon and texts.

The toolbar, the context menu of the table and the keyboard all use these same actions. Their
shortcuts work while the focus is anywhere in the history page, and none of them clashes with the
main window's (Ctrl+N, Ctrl+F, F1, Ctrl+Q, Ctrl+1, Ctrl+2).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QIcon, QKeySequence
from PySide6.QtWidgets import QStyle, QWidget

SP = QStyle.StandardPixmap


class HistoryActions(QObject):
    """All commands of the history page, owned by the page."""

    def __init__(self, page: QWidget) -> None:
        super().__init__(page)
        style = page.style()

        def action(
            name: str, keys: str | QKeySequence.StandardKey, theme: str, icon: SP
        ) -> QAction:
            created = QAction(page)
            created.setObjectName(name)
            created.setIcon(QIcon.fromTheme(theme, style.standardIcon(icon)))
            sequences = (
                QKeySequence.keyBindings(keys)
                if isinstance(keys, QKeySequence.StandardKey)
                else [QKeySequence(keys)]
            )
            created.setShortcuts([s for s in sequences if not s.isEmpty()])
            created.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            page.addAction(created)
            return created

        self.reopen = action(
            "historyReopenAction", "Ctrl+Shift+N", "document-open", SP.SP_ArrowForward
        )
        self.place = action(
            "historyPlaceAction", "Ctrl+Return", "document-send", SP.SP_DialogApplyButton
        )
        self.stop = action("historyStopAction", "Ctrl+Shift+S", "process-stop", SP.SP_MediaStop)
        self.edit = action("historyEditAction", "F2", "document-edit", SP.SP_FileDialogInfoView)
        self.copy_text = action(
            "historyCopyTextAction", "Ctrl+Shift+C", "edit-copy", SP.SP_FileDialogListView
        )
        self.copy_markdown = action(
            "historyCopyMarkdownAction", "Ctrl+Shift+M", "edit-copy", SP.SP_FileDialogListView
        )
        self.print_ = action(
            "historyPrintAction", QKeySequence.StandardKey.Print, "document-print", SP.SP_FileIcon
        )
        self.save_pdf = action(
            "historyPdfAction", "Ctrl+Shift+P", "document-save-as", SP.SP_DialogSaveButton
        )
        self.compare = action(
            "historyCompareAction",
            "Ctrl+Shift+K",
            "view-split-left-right",
            SP.SP_FileDialogListView,
        )
        self.export_csv = action(
            "historyExportCsvAction", "Ctrl+E", "document-export", SP.SP_FileDialogDetailedView
        )
        self.export_json = action(
            "historyExportJsonAction",
            "Ctrl+Shift+E",
            "document-export",
            SP.SP_FileDialogContentsView,
        )
        self.import_json = action(
            "historyImportAction", "Ctrl+I", "document-import", SP.SP_FileDialogStart
        )
        self.backup = action("historyBackupAction", "Ctrl+B", "document-save", SP.SP_DriveHDIcon)
        self.restore = action(
            "historyRestoreAction", "Ctrl+Shift+R", "document-revert", SP.SP_BrowserReload
        )
        self.refresh = action(
            "historyRefreshAction",
            QKeySequence.StandardKey.Refresh,
            "view-refresh",
            SP.SP_BrowserReload,
        )

    def selection_actions(self) -> list[QAction]:
        """The actions that work on the selected quote or order."""
        return [
            self.reopen,
            self.place,
            self.stop,
            self.edit,
            self.copy_text,
            self.copy_markdown,
            self.print_,
            self.save_pdf,
            self.compare,
        ]

    def store_actions(self) -> list[QAction]:
        """The actions that need the history database open."""
        return [self.export_csv, self.export_json, self.import_json, self.backup, self.refresh]

    def retranslate(self) -> None:
        """Set every text in the current language."""
        texts = (
            (
                self.reopen,
                self.tr("&Reopen as New Draft"),
                self.tr("Open this configuration in the plan wizard as a new draft"),
            ),
            (
                self.place,
                self.tr("&Place Order…"),
                self.tr("Place a simulated order for the selected saved quote"),
            ),
            (
                self.stop,
                self.tr("&Stop Order…"),
                self.tr("Stop the selected order; the paid period continues"),
            ),
            (
                self.edit,
                self.tr("&Edit Label and Notes…"),
                self.tr("Change the label and notes of the selected quote or order"),
            ),
            (
                self.copy_text,
                self.tr("&Copy Summary"),
                self.tr("Copy a plain-text summary for an email or a ticket"),
            ),
            (
                self.copy_markdown,
                self.tr("Copy Summary as &Markdown"),
                self.tr("Copy a Markdown summary for a ticket or a wiki"),
            ),
            (self.print_, self.tr("P&rint…"), self.tr("Print the selected quote or order")),
            (
                self.save_pdf,
                self.tr("Save as P&DF…"),
                self.tr("Save the selected quote or order as a PDF file"),
            ),
            (
                self.compare,
                self.tr("Co&mpare…"),
                self.tr("Show two to four selected quotes or orders side by side"),
            ),
            (
                self.export_csv,
                self.tr("Export &CSV…"),
                self.tr("Write every quote and order to a CSV file"),
            ),
            (
                self.export_json,
                self.tr("Export &JSON…"),
                self.tr("Write the whole history to a JSON file (lossless)"),
            ),
            (
                self.import_json,
                self.tr("&Import JSON…"),
                self.tr("Merge a JSON export into the history without duplicates"),
            ),
            (
                self.backup,
                self.tr("&Back Up Database…"),
                self.tr("Copy the history database to a file and verify the copy"),
            ),
            (
                self.restore,
                self.tr("Res&tore Database…"),
                self.tr("Replace the history with a verified backup"),
            ),
            (self.refresh, self.tr("Re&fresh"), self.tr("Read the history again")),
        )
        for act, text, tip in texts:
            act.setText(text)
            if act is self.edit:  # the toolbar's button: short, so the toolbar fits 1280 pixels
                act.setIconText(self.tr("Edit…"))
            shortcut = act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            act.setToolTip(f"{tip} ({shortcut})" if shortcut else tip)
            act.setStatusTip(tip)
