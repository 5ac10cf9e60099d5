"""What the history's file commands say they did, or what a restore would take away.

Sentences for the outcome of an import and of a restore, and for what a restore loses (asked
before it runs), made from what ``core.store`` returns; apart from
:mod:`gui.history.history_file_tasks`, which asks for the files and runs the commands.
"""

from __future__ import annotations

from core.store.backup import Restored
from core.store.importing import ImportSummary
from core.store.restore_preview import RestoreLoss
from gui.core_text import message_text
from gui.presentation import counts
from gui.translation import tr_id


def restore_loss_text(loss: RestoreLoss | None) -> str:
    """What the restore takes away, in words."""
    if loss is None:
        return tr_id(
            "HistoryFileTasks.the_current_history_cannot_be_read",
            "The current history cannot be read, so what it holds beyond the backup is not known.",
        )
    if loss.nothing:
        return tr_id(
            "HistoryFileTasks.every_quote_order_and_stop_in",
            "Every quote, order and stop in the history is also in the backup.",
        )
    parts = []
    if loss.quotes or loss.orders:
        if loss.quotes and loss.orders:
            rows = tr_id("HistoryFileTasks.quotes_and_orders", "{quotes} and {orders}").format(
                quotes=counts.quotes(loss.quotes), orders=counts.orders(loss.orders)
            )
        elif loss.quotes:
            rows = counts.quotes(loss.quotes)
        else:
            rows = counts.orders(loss.orders)
        parts.append(
            tr_id(
                "HistoryFileTasks.not_in_the_backup_added_since",
                "Not in the backup, added since it was made: {rows}. They will be gone from "
                "the history after the restore (the kept database still has them).",
            ).format(rows=rows)
        )
    if loss.stops:
        parts.append(
            tr_id(
                "HistoryFileTasks.n_order_s_stopped_since_the",
                "%n order(s) stopped since the backup will show as not stopped.",
                loss.stops,
            )
        )
    return " ".join(parts)


def imported_text(summary: ImportSummary) -> str:
    """What an import added, applied, skipped and refused."""
    text = tr_id(
        "HistoryFileTasks.imported_quotes_and_orders_stopped_stops",
        "Imported {quotes} and {orders}; {stopped} stops applied, {skipped} already present.",
    ).format(
        quotes=counts.quotes(summary.quotes_added),
        orders=counts.orders(summary.orders_added),
        stopped=summary.orders_stopped,
        skipped=summary.skipped,
    )
    if summary.conflicts:
        text += " " + tr_id(
            "HistoryFileTasks.not_imported_idempotency_key_already_used",
            "Not imported (idempotency key already used here): {list}",
        ).format(list="; ".join(message_text(c) for c in summary.conflicts))
    if summary.differing:
        text += " " + tr_id(
            "HistoryFileTasks.kept_as_they_are_here_although",
            "Kept as they are here, although the file differs: {list}",
        ).format(list="; ".join(message_text(d) for d in summary.differing))
    return text


def restored_text(restored: Restored) -> str:
    """Where the history was restored from, what the backup held and where the old one is."""
    verified = restored.source.counts
    text = tr_id(
        "HistoryFileTasks.the_history_was_restored_from_backup",
        "The history was restored from {backup} (verified: {quotes}, {orders}).",
    )
    text = text.format(
        backup=restored.source.path,
        quotes=counts.quotes(verified.get("quotes", 0)),
        orders=counts.orders(verified.get("orders", 0)),
    )
    if restored.replaced is not None:
        text += " " + tr_id(
            "HistoryFileTasks.the_replaced_database_was_kept_as",
            "The replaced database was kept as {path}.",
        ).format(path=restored.replaced)
    return text
