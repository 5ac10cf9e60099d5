"""The history view's commands: one QAction each, with its shortcut, icon and texts.

The toolbar, the context menu of the table and the keyboard all use these same actions. Their
shortcuts work while the focus is anywhere in the history page, and none of them clashes with the
main window's (Ctrl+N, Ctrl+F, F1, Ctrl+Q, Ctrl+1, Ctrl+2).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QIcon, QKeySequence
from PySide6.QtWidgets import QStyle, QWidget

from gui.translation import tr_id

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
                tr_id("HistoryActions.reopen_as_new_draft", "&Reopen as New Draft"),
                tr_id(
                    "HistoryActions.open_this_configuration_in_the_plan",
                    "Open this configuration in the plan wizard as a new draft",
                ),
            ),
            (
                self.place,
                tr_id("HistoryActions.place_order", "&Place Order…"),
                tr_id(
                    "HistoryActions.place_a_simulated_order_for_the",
                    "Place a simulated order for the selected saved quote",
                ),
            ),
            (
                self.stop,
                tr_id("HistoryActions.stop_order", "&Stop Order…"),
                tr_id(
                    "HistoryActions.stop_the_selected_order_the_paid",
                    "Stop the selected order; the paid period continues",
                ),
            ),
            (
                self.edit,
                tr_id("HistoryActions.edit_label_and_notes", "&Edit Label and Notes…"),
                tr_id(
                    "HistoryActions.change_the_label_and_notes_of",
                    "Change the label and notes of the selected quote or order",
                ),
            ),
            (
                self.copy_text,
                tr_id("HistoryActions.copy_summary", "&Copy Summary"),
                tr_id(
                    "HistoryActions.copy_a_plain_text_summary_for",
                    "Copy a plain-text summary for an email or a ticket",
                ),
            ),
            (
                self.copy_markdown,
                tr_id("HistoryActions.copy_summary_as_markdown", "Copy Summary as &Markdown"),
                tr_id(
                    "HistoryActions.copy_a_markdown_summary_for_a",
                    "Copy a Markdown summary for a ticket or a wiki",
                ),
            ),
            (
                self.print_,
                tr_id("HistoryActions.print", "P&rint…"),
                tr_id(
                    "HistoryActions.print_the_selected_quote_or_order",
                    "Print the selected quote or order",
                ),
            ),
            (
                self.save_pdf,
                tr_id("HistoryActions.save_as_pdf", "Save as P&DF…"),
                tr_id(
                    "HistoryActions.save_the_selected_quote_or_order",
                    "Save the selected quote or order as a PDF file",
                ),
            ),
            (
                self.compare,
                tr_id("HistoryActions.compare", "Co&mpare…"),
                tr_id(
                    "HistoryActions.show_two_to_four_selected_quotes",
                    "Show two to four selected quotes or orders side by side",
                ),
            ),
            (
                self.export_csv,
                tr_id("HistoryActions.export_csv", "Export &CSV…"),
                tr_id(
                    "HistoryActions.write_every_quote_and_order_to",
                    "Write every quote and order to a CSV file",
                ),
            ),
            (
                self.export_json,
                tr_id("HistoryActions.export_json", "Export &JSON…"),
                tr_id(
                    "HistoryActions.write_the_whole_history_to_a",
                    "Write the whole history to a JSON file (lossless)",
                ),
            ),
            (
                self.import_json,
                tr_id("HistoryActions.import_json", "&Import JSON…"),
                tr_id(
                    "HistoryActions.merge_a_json_export_into_the",
                    "Merge a JSON export into the history without duplicates",
                ),
            ),
            (
                self.backup,
                tr_id("HistoryActions.back_up_database", "&Back Up Database…"),
                tr_id(
                    "HistoryActions.copy_the_history_database_to_a",
                    "Copy the history database to a file and verify the copy",
                ),
            ),
            (
                self.restore,
                tr_id("HistoryActions.restore_database", "Res&tore Database…"),
                tr_id(
                    "HistoryActions.replace_the_history_with_a_verified",
                    "Replace the history with a verified backup",
                ),
            ),
            (
                self.refresh,
                tr_id("HistoryActions.refresh", "Re&fresh"),
                tr_id("HistoryActions.read_the_history_again", "Read the history again"),
            ),
        )
        for act, text, tip in texts:
            act.setText(text)
            if act is self.edit:  # the toolbar's button: short, so the toolbar fits 1280 pixels
                act.setIconText(tr_id("HistoryActions.edit", "Edit…"))
            shortcut = act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            act.setToolTip(f"{tip} ({shortcut})" if shortcut else tip)
            act.setStatusTip(tip)
