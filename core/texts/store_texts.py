"""The English templates of the errors the local history raises (``store.*`` keys).

The text is what the command line prints; each is marked for Qt Linguist like
:mod:`core.texts.message_texts`, so the GUI translates a history error by its template.
"""

from __future__ import annotations

from core.texts.linguist import QT_TRANSLATE_NOOP

STORE_TEMPLATES: dict[str, str] = {
    "store.backup_failed": QT_TRANSLATE_NOOP(
        "CoreText", "backup to {destination} failed: {reason}"
    ),
    "store.backup_failed_deleted": QT_TRANSLATE_NOOP(
        "CoreText", "backup to {destination} failed and was deleted: {reason}"
    ),
    "store.bad_key": QT_TRANSLATE_NOOP(
        "CoreText", "must be 1 to {limit} printable characters without surrounding spaces"
    ),
    "store.bad_stamp": QT_TRANSLATE_NOOP(
        "CoreText", "'{text}' is not a date and time with a time zone"
    ),
    "store.bad_page": QT_TRANSLATE_NOOP(
        "CoreText", "page size must be 1 to {limit} and the offset 0 or more"
    ),
    "store.busy": QT_TRANSLATE_NOOP(
        "CoreText",
        "history database {path} is busy: another process kept it locked for too long; "
        "nothing was changed, try again when it has finished",
    ),
    "store.cannot_do": QT_TRANSLATE_NOOP(
        "CoreText", "cannot {doing} history database {path}: {reason}"
    ),
    "store.cannot_do_disk_full": QT_TRANSLATE_NOOP(
        "CoreText", "cannot {doing} history database {path}: the disk is full"
    ),
    "store.cannot_do_read_only": QT_TRANSLATE_NOOP(
        "CoreText", "cannot {doing} history database {path}: the drive is read-only"
    ),
    "store.cannot_open": QT_TRANSLATE_NOOP(
        "CoreText",
        "cannot open history database {path} ({reason}); check that its folder exists and can"
        " be read, or choose another file with --db",
    ),
    "store.cannot_write": QT_TRANSLATE_NOOP("CoreText", "cannot write {path}: {reason}"),
    "store.cannot_write_output": QT_TRANSLATE_NOOP(
        "CoreText", "cannot write {what} {output}: {reason}"
    ),
    "store.cause_drive_read_only": QT_TRANSLATE_NOOP(
        "CoreText", "read-only (it is on a read-only drive)"
    ),
    "store.cause_file_read_only": QT_TRANSLATE_NOOP(
        "CoreText", "read-only (the file cannot be written)"
    ),
    "store.cause_folder_closed": QT_TRANSLATE_NOOP(
        "CoreText", "permission denied (its folder cannot be opened by this user)"
    ),
    "store.cause_folder_read_only": QT_TRANSLATE_NOOP(
        "CoreText", "read-only (its folder cannot be written)"
    ),
    "store.cause_permission": QT_TRANSLATE_NOOP("CoreText", "permission denied"),
    "store.cause_read_only": QT_TRANSLATE_NOOP("CoreText", "read-only"),
    "store.damaged": QT_TRANSLATE_NOOP(
        "CoreText",
        "history database {path} is damaged ({shown}); it was left as it is; restore a backup"
        " with `anchorgpu-planner db restore FILE` or choose another file with --db",
    ),
    "store.disk_full": QT_TRANSLATE_NOOP(
        "CoreText",
        "history database {path} cannot be written: the disk is full; it was left as it is "
        "(free some space and try again)",
    ),
    "store.file_empty": QT_TRANSLATE_NOOP("CoreText", "{path} is empty, not a history database"),
    "store.file_missing": QT_TRANSLATE_NOOP(
        "CoreText", "{path} does not exist or is not a regular file"
    ),
    "store.file_rows_differ": QT_TRANSLATE_NOOP(
        "CoreText", "{path} has rows {found}, expected {expected}"
    ),
    "store.file_version_differs": QT_TRANSLATE_NOOP(
        "CoreText", "{path} has schema version {version}, expected {expected}"
    ),
    "store.file_version_unknown": QT_TRANSLATE_NOOP(
        "CoreText", "{path} has schema version {version}; this app reads 1 to {newest}"
    ),
    "store.foreign_database": QT_TRANSLATE_NOOP(
        "CoreText",
        "{path} is a SQLite database of another application, not an AnchorGPU Planner "
        "history; it was left as it is (choose another file with --db)",
    ),
    "store.import_conflict": QT_TRANSLATE_NOOP(
        "CoreText", "order {order}: idempotency key '{key}' belongs to order {holder} here"
    ),
    "store.import_catalog_no_gpu": QT_TRANSLATE_NOOP(
        "CoreText", "it names catalog {catalog_id} of {as_of}, which has no GPU offer {gpu_id}"
    ),
    "store.import_catalog_price": QT_TRANSLATE_NOOP(
        "CoreText",
        "its price per GPU-hour for {gpu_id} is {price} {currency}, but catalog {catalog_id} of"
        " {as_of}, which it names, lists {listed} {currency} for this term",
    ),
    "store.import_catalog_total": QT_TRANSLATE_NOOP(
        "CoreText",
        "its total is {total} {currency}, but priced again from catalog {catalog_id} of {as_of},"
        " which it names, it is {repriced} {currency}",
    ),
    "store.import_catalog_unpriced": QT_TRANSLATE_NOOP(
        "CoreText", "it cannot be priced again from catalog {catalog_id} of {as_of}: {reason}"
    ),
    "store.import_constant": QT_TRANSLATE_NOOP("CoreText", "{name} is not a number JSON allows"),
    "store.import_overflow": QT_TRANSLATE_NOOP(
        "CoreText", "the number {text} is too large to be stored (it would read as infinity)"
    ),
    "store.import_currency": QT_TRANSLATE_NOOP(
        "CoreText", "it is in {currency}, but catalog {catalog_id} prices in {known}"
    ),
    "store.import_differs_order": QT_TRANSLATE_NOOP(
        "CoreText",
        "order {id} is already here, but the file differs in {fields}; kept as it is here",
    ),
    "store.import_differs_quote": QT_TRANSLATE_NOOP(
        "CoreText",
        "quote {id} is already here, but the file differs in {fields}; kept as it is here",
    ),
    "store.import_estimate_field": QT_TRANSLATE_NOOP(
        "CoreText", "its {field} {value} differs from its estimate's ({quoted})"
    ),
    "store.import_fingerprint": QT_TRANSLATE_NOOP(
        "CoreText", "its fingerprint does not match its request"
    ),
    "store.import_gpu": QT_TRANSLATE_NOOP(
        "CoreText", "its GPU {gpu_id} differs from the offer it quotes"
    ),
    "store.import_is_database": QT_TRANSLATE_NOOP(
        "CoreText", "{path} is the history database itself, not an export"
    ),
    "store.import_line_amount": QT_TRANSLATE_NOOP(
        "CoreText", "its {kind} line is {amount}, derived {expected} {currency}"
    ),
    "store.import_line_currency": QT_TRANSLATE_NOOP(
        "CoreText", "its {kind} line is in {labelled}, the quote in {currency}"
    ),
    "store.import_line_negative": QT_TRANSLATE_NOOP(
        "CoreText", "its {kind} line is negative ({amount})"
    ),
    "store.import_model": QT_TRANSLATE_NOOP(
        "CoreText", "its model {model} differs from its estimate's ({named})"
    ),
    "store.import_nested": QT_TRANSLATE_NOOP(
        "CoreText", "{path} is nested too deeply to be an export"
    ),
    "store.import_not_file": QT_TRANSLATE_NOOP("CoreText", "{path} is not a regular file"),
    "store.import_not_utf8": QT_TRANSLATE_NOOP("CoreText", "{path} is not UTF-8 text: {reason}"),
    "store.import_order_field": QT_TRANSLATE_NOOP(
        "CoreText", "its {field} {value} contradicts its snapshot ({expected})"
    ),
    "store.import_order_row": QT_TRANSLATE_NOOP(
        "CoreText", "{path}: order {id} (order {number} in the file)"
    ),
    "store.import_out_of_range": QT_TRANSLATE_NOOP(
        "CoreText", "{source}: {where} is an integer out of range"
    ),
    "store.import_out_of_range_root": QT_TRANSLATE_NOOP(
        "CoreText", "{source}: a value is an integer out of range"
    ),
    "store.import_period_end": QT_TRANSLATE_NOOP(
        "CoreText", "its paid period ends {paid_until}, not after the {hours} h paid"
    ),
    "store.import_price_layout": QT_TRANSLATE_NOOP(
        "CoreText",
        "its price is for {gpus} GPUs, {hours} h in {currency}, the quote for {quote_gpus} "
        "GPUs, {quote_hours} h in {quote_currency}",
    ),
    "store.import_quote_id": QT_TRANSLATE_NOOP(
        "CoreText", "its quote {quote_id} is not the quote it was placed from ({id})"
    ),
    "store.import_quote_row": QT_TRANSLATE_NOOP(
        "CoreText", "{path}: quote {id} (quote {number} in the file)"
    ),
    "store.import_refused": QT_TRANSLATE_NOOP(
        "CoreText", "{row}: {problem}; the file was not imported"
    ),
    "store.import_row": QT_TRANSLATE_NOOP("CoreText", "{row}: {reason}"),
    "store.import_snapshot_mismatch": QT_TRANSLATE_NOOP(
        "CoreText", "{row} does not match its quote snapshot"
    ),
    "store.import_start_placed": QT_TRANSLATE_NOOP(
        "CoreText", "its paid period does not start at its placement"
    ),
    "store.import_start_quoted": QT_TRANSLATE_NOOP(
        "CoreText", "its paid period does not start at the quoted start"
    ),
    "store.import_stopped": QT_TRANSLATE_NOOP(
        "CoreText", "it was stopped at {stopped_at}, outside its placement and paid period"
    ),
    "store.import_surrogate": QT_TRANSLATE_NOOP(
        "CoreText", "{source}: {where} holds an invalid character (a lone surrogate)"
    ),
    "store.import_surrogate_root": QT_TRANSLATE_NOOP(
        "CoreText", "{source}: a text holds an invalid character (a lone surrogate)"
    ),
    "store.import_term": QT_TRANSLATE_NOOP("CoreText", "its term differs from its request's"),
    "store.import_term_end": QT_TRANSLATE_NOOP(
        "CoreText", "its term does not end where its start and length say"
    ),
    "store.import_too_deep": QT_TRANSLATE_NOOP(
        "CoreText", "{source}: nested more than {limit} levels deep at {where}"
    ),
    "store.import_too_large": QT_TRANSLATE_NOOP("CoreText", "{path} is larger than {limit} MiB"),
    "store.import_total": QT_TRANSLATE_NOOP(
        "CoreText", "its total {total} {currency} is not the sum of its lines ({lines_sum})"
    ),
    "store.import_unit_price": QT_TRANSLATE_NOOP(
        "CoreText", "its unit price differs from the offer's price for the term"
    ),
    "store.import_workload": QT_TRANSLATE_NOOP(
        "CoreText", "its workload {workload} differs from its request's"
    ),
    "store.import_wrong_snapshot": QT_TRANSLATE_NOOP(
        "CoreText", "{row} holds the snapshot of {id}"
    ),
    "store.io_error": QT_TRANSLATE_NOOP(
        "CoreText",
        "history database {path} could not be read or written ({reason}); it was left as it is",
    ),
    "store.missing_with_remains": QT_TRANSLATE_NOOP(
        "CoreText",
        "history database {path} is missing but {name} is beside it; nothing was created. "
        "Restore a backup with `anchorgpu-planner db restore FILE`, move the file back, or "
        "choose another file with --db",
    ),
    "store.newer_schema": QT_TRANSLATE_NOOP(
        "CoreText",
        "history database {path} has schema version {version}, newer than this app "
        "understands ({newest}); update AnchorGPU Planner to open it. The file was left as it"
        " is.",
    ),
    "store.negative_schema": QT_TRANSLATE_NOOP(
        "CoreText",
        "history database {path} has schema version {version}, which no version of AnchorGPU"
        " Planner writes (the file was edited by another program); it was left as it is; restore"
        " a backup with `anchorgpu-planner db restore FILE` or choose another file with --db",
    ),
    "store.no_read_permission": QT_TRANSLATE_NOOP(
        "CoreText", "cannot read history database {path}: permission denied"
    ),
    "store.no_snapshot": QT_TRANSLATE_NOOP(
        "CoreText", "history database {path} lacks the snapshot {snapshot_id}"
    ),
    "store.no_wal": QT_TRANSLATE_NOOP(
        "CoreText", "history database {path} cannot use WAL (journal mode {mode})"
    ),
    "store.not_a_file": QT_TRANSLATE_NOOP(
        "CoreText", "history database {path} is not a regular file"
    ),
    "store.not_an_export": QT_TRANSLATE_NOOP(
        "CoreText", "{path} is not a history export: {where}: {message}"
    ),
    "store.not_sqlite": QT_TRANSLATE_NOOP(
        "CoreText",
        "history database {path} is not a SQLite database; it was left as it is; restore a "
        "backup with `anchorgpu-planner db restore FILE` or choose another file with --db",
    ),
    "store.output_is_database": QT_TRANSLATE_NOOP(
        "CoreText",
        "{what} {output} would overwrite the history database {database}; nothing was written"
        " (choose another file)",
    ),
    "store.output_not_file": QT_TRANSLATE_NOOP(
        "CoreText", "{what} {output} is not a regular file; nothing was written"
    ),
    "store.output_symlink": QT_TRANSLATE_NOOP(
        "CoreText", "{what} {output} is a symbolic link; it was not followed or changed"
    ),
    "store.read_only": QT_TRANSLATE_NOOP(
        "CoreText",
        "history database {path} is {cause}; it was left as it is (make it writable or choose"
        " another file with --db)",
    ),
    "store.restore_failed": QT_TRANSLATE_NOOP("CoreText", "restore from {backup} failed: {reason}"),
    "store.restore_failed_kept": QT_TRANSLATE_NOOP(
        "CoreText", "restore from {backup} failed, nothing was replaced: {reason}"
    ),
    "store.restore_onto_itself": QT_TRANSLATE_NOOP(
        "CoreText", "a backup cannot be restored onto itself"
    ),
    "store.restore_open": QT_TRANSLATE_NOOP(
        "CoreText",
        "history database {database} is open in another process (the app or a command); close"
        " it, then restore again. Nothing was replaced",
    ),
    "store.restore_unverified": QT_TRANSLATE_NOOP(
        "CoreText", "the restored history did not verify ({problems})"
    ),
    "store.symlink": QT_TRANSLATE_NOOP(
        "CoreText",
        "history database {path} is a symbolic link (to {target}); the history must be a regular"
        " file, because its journals, backups and restores are made beside the name given:"
        " give --db the file itself",
    ),
    "store.row_unreadable": QT_TRANSLATE_NOOP(
        "CoreText",
        "history database {path} holds a row that cannot be read ({reason}): it was edited"
        " outside the app; it was left as it is; restore a backup with `anchorgpu-planner db"
        " restore FILE` or choose another file with --db",
    ),
    "store.snapshot_unreadable": QT_TRANSLATE_NOOP(
        "CoreText", "snapshot {snapshot_id} cannot be read: {reason}"
    ),
    "store.text_too_long": QT_TRANSLATE_NOOP("CoreText", "at most {limit} characters"),
    "store.unknown_filter": QT_TRANSLATE_NOOP(
        "CoreText", "unknown {name} '{value}' (known: {known})"
    ),
}

STORE_WORDS: dict[str, tuple[str, ...]] = {
    "doing": (
        QT_TRANSLATE_NOOP("CoreText", "use"),
        QT_TRANSLATE_NOOP("CoreText", "read"),
        QT_TRANSLATE_NOOP("CoreText", "create"),
        QT_TRANSLATE_NOOP("CoreText", "write"),
    ),
    "what": (
        QT_TRANSLATE_NOOP("CoreText", "backup"),
        QT_TRANSLATE_NOOP("CoreText", "export"),
        QT_TRANSLATE_NOOP("CoreText", "amount"),
        QT_TRANSLATE_NOOP("CoreText", "tax rate"),
        QT_TRANSLATE_NOOP("CoreText", "total"),
        QT_TRANSLATE_NOOP("CoreText", "unit price"),
        QT_TRANSLATE_NOOP("CoreText", "storage price"),
    ),
}
"""The fixed words of the ``doing`` and ``what`` parameters: what was being done, and to what
(a backup or an export of the history, or an amount of money ``core.pricing`` refuses)."""
