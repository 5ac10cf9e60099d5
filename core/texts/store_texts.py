"""The English templates of the errors the local history raises (``store.*`` keys).

The text is what the command line prints; like :mod:`core.texts.message_texts`, the key is the
message's id in the translations, so the GUI translates a history error by its key.
"""

from __future__ import annotations

STORE_TEMPLATES: dict[str, str] = {
    "store.backup_failed": "backup to {destination} failed: {reason}",
    "store.backup_failed_deleted": "backup to {destination} failed and was deleted: {reason}",
    "store.bad_key": "must be 1 to {limit} printable characters without surrounding spaces",
    "store.bad_stamp": "'{text}' is not a date and time with a time zone",
    "store.bad_page": "page size must be 1 to {limit} and the offset 0 or more",
    "store.busy": (
        "history database {path} is busy: another process kept it locked for too long; "
        "nothing was changed, try again when it has finished"
    ),
    "store.cannot_do": "cannot {doing} history database {path}: {reason}",
    "store.cannot_do_disk_full": "cannot {doing} history database {path}: the disk is full",
    "store.cannot_do_read_only": "cannot {doing} history database {path}: the drive is read-only",
    "store.cannot_open": (
        "cannot open history database {path} ({reason}); check that its folder exists and can"
        " be read, or choose another file with --db"
    ),
    "store.cannot_write": "cannot write {path}: {reason}",
    "store.cannot_write_output": "cannot write {what} {output!d}: {reason}",
    "store.cause_drive_read_only": "read-only (it is on a read-only drive)",
    "store.cause_file_read_only": "read-only (the file cannot be written)",
    "store.cause_folder_closed": "permission denied (its folder cannot be opened by this user)",
    "store.cause_folder_read_only": "read-only (its folder cannot be written)",
    "store.cause_permission": "permission denied",
    "store.cause_read_only": "read-only",
    "store.damaged": (
        "history database {path} is damaged ({shown}); it was left as it is; restore a backup"
        " with `anchorgpu-planner db restore FILE` or choose another file with --db"
    ),
    "store.disk_full": (
        "history database {path} cannot be written: the disk is full; it was left as it is "
        "(free some space and try again)"
    ),
    "store.file_empty": "{path} is empty, not a history database",
    "store.file_missing": "{path} does not exist or is not a regular file",
    "store.file_rows_differ": "{path} has rows {found}, expected {expected}",
    "store.file_version_differs": "{path} has schema version {version}, expected {expected}",
    "store.file_version_unknown": (
        "{path} has schema version {version}; this app reads 1 to {newest}"
    ),
    "store.foreign_database": (
        "{path} is a SQLite database of another application, not an AnchorGPU Planner "
        "history; it was left as it is (choose another file with --db)"
    ),
    "store.import_conflict": (
        "order {order}: idempotency key '{key}' belongs to order {holder} here"
    ),
    "store.import_catalog_no_gpu": (
        "it names catalog {catalog_id} of {as_of}, which has no GPU offer {gpu_id}"
    ),
    "store.import_catalog_price": (
        "its price per GPU-hour for {gpu_id} is {price} {currency}, but catalog {catalog_id} of"
        " {as_of}, which it names, lists {listed} {currency} for this term"
    ),
    "store.import_catalog_total": (
        "its total is {total!d} {currency}, but priced again from catalog {catalog_id} of {as_of},"
        " which it names, it is {repriced} {currency}"
    ),
    "store.import_catalog_unpriced": (
        "it cannot be priced again from catalog {catalog_id} of {as_of}: {reason}"
    ),
    "store.import_constant": "{name} is not a number JSON allows",
    "store.import_overflow": (
        "the number {text} is too large to be stored (it would read as infinity)"
    ),
    "store.import_currency": "it is in {currency}, but catalog {catalog_id} prices in {known}",
    "store.import_differs_order": (
        "order {id} is already here, but the file differs in {fields}; kept as it is here"
    ),
    "store.import_differs_quote": (
        "quote {id} is already here, but the file differs in {fields}; kept as it is here"
    ),
    "store.import_estimate_field": "its {field} {value} differs from its estimate's ({quoted})",
    "store.import_fingerprint": "its fingerprint does not match its request",
    "store.import_gpu": "its GPU {gpu_id} differs from the offer it quotes",
    "store.import_is_database": "{path} is the history database itself, not an export",
    "store.import_line_amount": "its {kind} line is {amount}, derived {expected} {currency}",
    "store.import_line_currency": "its {kind} line is in {labelled}, the quote in {currency}",
    "store.import_line_negative": "its {kind} line is negative ({amount})",
    "store.import_model": "its model {model} differs from its estimate's ({named})",
    "store.import_nested": "{path} is nested too deeply to be an export",
    "store.import_not_file": "{path} is not a regular file",
    "store.import_not_utf8": "{path} is not UTF-8 text: {reason}",
    "store.import_order_field": "its {field} {value} contradicts its snapshot ({expected})",
    "store.import_order_row": "{path}: order {id} (order {number} in the file)",
    "store.import_out_of_range": "{source}: {where} is an integer out of range",
    "store.import_out_of_range_root": "{source}: a value is an integer out of range",
    "store.import_period_end": "its paid period ends {paid_until}, not after the {hours} h paid",
    "store.import_price_layout": (
        "its price is for {gpus} GPUs, {hours} h in {currency}, the quote for {quote_gpus} "
        "GPUs, {quote_hours} h in {quote_currency}"
    ),
    "store.import_quote_id": "its quote {quote_id} is not the quote it was placed from ({id})",
    "store.import_quote_row": "{path}: quote {id} (quote {number} in the file)",
    "store.import_refused": "{row}: {problem}; the file was not imported",
    "store.import_row": "{row}: {reason}",
    "store.import_snapshot_mismatch": "{row} does not match its quote snapshot",
    "store.import_start_placed": "its paid period does not start at its placement",
    "store.import_start_quoted": "its paid period does not start at the quoted start",
    "store.import_stopped": (
        "it was stopped at {stopped_at}, outside its placement and paid period"
    ),
    "store.import_surrogate": "{source}: {where} holds an invalid character (a lone surrogate)",
    "store.import_surrogate_root": (
        "{source}: a text holds an invalid character (a lone surrogate)"
    ),
    "store.import_term": "its term differs from its request's",
    "store.import_term_end": "its term does not end where its start and length say",
    "store.import_too_deep": "{source}: nested more than {limit} levels deep at {where}",
    "store.import_too_large": "{path} is larger than {limit} MiB",
    "store.import_total": (
        "its total {total!d} {currency} is not the sum of its lines ({lines_sum})"
    ),
    "store.import_unit_price": "its unit price differs from the offer's price for the term",
    "store.import_workload": "its workload {workload} differs from its request's",
    "store.import_wrong_snapshot": "{row} holds the snapshot of {id}",
    "store.io_error": (
        "history database {path} could not be read or written ({reason}); it was left as it is"
    ),
    "store.missing_with_remains": (
        "history database {path} is missing but {name} is beside it; nothing was created. "
        "Restore a backup with `anchorgpu-planner db restore FILE`, move the file back, or "
        "choose another file with --db"
    ),
    "store.newer_schema": (
        "history database {path} has schema version {version}, newer than this app "
        "understands ({newest}); update AnchorGPU Planner to open it. The file was left as it"
        " is."
    ),
    "store.negative_schema": (
        "history database {path} has schema version {version}, which no version of AnchorGPU"
        " Planner writes (the file was edited by another program); it was left as it is; restore"
        " a backup with `anchorgpu-planner db restore FILE` or choose another file with --db"
    ),
    "store.no_read_permission": "cannot read history database {path}: permission denied",
    "store.no_snapshot": "history database {path} lacks the snapshot {snapshot_id}",
    "store.no_wal": "history database {path} cannot use WAL (journal mode {mode})",
    "store.not_a_file": "history database {path} is not a regular file",
    "store.not_an_export": "{path} is not a history export: {where}: {message}",
    "store.not_sqlite": (
        "history database {path} is not a SQLite database; it was left as it is; restore a "
        "backup with `anchorgpu-planner db restore FILE` or choose another file with --db"
    ),
    "store.output_is_database": (
        "{what} {output!d} would overwrite the history database {database}; nothing was written"
        " (choose another file)"
    ),
    "store.output_not_file": "{what} {output!d} is not a regular file; nothing was written",
    "store.output_symlink": (
        "{what} {output!d} is a symbolic link; it was not followed or changed"
    ),
    "store.read_only": (
        "history database {path} is {cause}; it was left as it is (make it writable or choose"
        " another file with --db)"
    ),
    "store.restore_failed": "restore from {backup} failed: {reason}",
    "store.restore_failed_kept": "restore from {backup} failed, nothing was replaced: {reason}",
    "store.restore_onto_itself": "a backup cannot be restored onto itself",
    "store.restore_open": (
        "history database {database} is open in another process (the app or a command); close"
        " it, then restore again. Nothing was replaced"
    ),
    "store.restore_unverified": "the restored history did not verify ({problems})",
    "store.symlink": (
        "history database {path} is a symbolic link (to {target}); the history must be a regular"
        " file, because its journals, backups and restores are made beside the name given:"
        " give --db the file itself"
    ),
    "store.row_unreadable": (
        "history database {path} holds a row that cannot be read ({reason}): it was edited"
        " outside the app; it was left as it is; restore a backup with `anchorgpu-planner db"
        " restore FILE` or choose another file with --db"
    ),
    "store.snapshot_unreadable": "snapshot {snapshot_id} cannot be read: {reason}",
    "store.text_too_long": "at most {limit} characters",
    "store.unknown_filter": "unknown {name} '{value}' (known: {known})",
}
