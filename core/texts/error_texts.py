"""The English templates of the errors core raises about requests, model files, prices and data.

Keys are dotted by the module that raises them (``pricing.tax_rate_range``); the text is what the
command line prints. Like :mod:`core.texts.message_texts`, each text is marked for Qt Linguist, so
the GUI translates the error by its template (``gui/core_text.py``).
"""

from __future__ import annotations

from core.texts.linguist import QT_TRANSLATE_NOOP

ERROR_TEMPLATES: dict[str, str] = {
    "batch.line_not_json": QT_TRANSLATE_NOOP("CoreText", "the line is not valid JSON: {reason}"),
    "batch.line_not_utf8": QT_TRANSLATE_NOOP("CoreText", "the line is not UTF-8 text"),
    "batch.line_too_long": QT_TRANSLATE_NOOP("CoreText", "the line is longer than {limit} bytes"),
    "catalog.amd_fields": QT_TRANSLATE_NOOP(
        "CoreText", "an AMD GPU needs gfx_target and driver_rocm_max"
    ),
    "catalog.duplicate_id": QT_TRANSLATE_NOOP("CoreText", "duplicate GPU id '{id}'"),
    "catalog.field": QT_TRANSLATE_NOOP("CoreText", "catalog field '{field}': {reason}"),
    "catalog.gpu": QT_TRANSLATE_NOOP("CoreText", "GPU '{gpu}': {reason}"),
    "catalog.gpu_field": QT_TRANSLATE_NOOP("CoreText", "GPU '{gpu}' field '{field}': {reason}"),
    "catalog.missing": QT_TRANSLATE_NOOP("CoreText", "is missing"),
    "catalog.missing_file": QT_TRANSLATE_NOOP(
        "CoreText", "cannot read catalog file {path}: it does not exist"
    ),
    "catalog.native_and_emulated": QT_TRANSLATE_NOOP(
        "CoreText", "{formats} listed as both native and emulated"
    ),
    "catalog.nvidia_fields": QT_TRANSLATE_NOOP(
        "CoreText", "an NVIDIA GPU needs compute_capability and driver_cuda_max"
    ),
    "catalog.price_float_hour": QT_TRANSLATE_NOOP(
        "CoreText", 'price must be a decimal string such as "2.49", not a float'
    ),
    "catalog.price_float_storage": QT_TRANSLATE_NOOP(
        "CoreText", 'price must be a decimal string such as "0.10", not a float'
    ),
    "catalog.price_missing": QT_TRANSLATE_NOOP("CoreText", "price is missing"),
    "catalog.price_not_number": QT_TRANSLATE_NOOP("CoreText", "price '{value}' is not a number"),
    "catalog.price_not_positive": QT_TRANSLATE_NOOP(
        "CoreText", "price must be positive, got {value}"
    ),
    "catalog.price_rounds_to_zero": QT_TRANSLATE_NOOP(
        "CoreText",
        "GPU '{id}' price per hour for the {unit} term ({price}) makes one GPU for one {unit}"
        " cost 0 {currency}; an order must cost at least {smallest}",
    ),
    "catalog.price_too_high": QT_TRANSLATE_NOOP(
        "CoreText", "price must be at most {limit:,} per unit, got {value}"
    ),
    "catalog.unknown_sources": QT_TRANSLATE_NOOP(
        "CoreText", "sources cite unknown field(s): {fields}"
    ),
    "catalog.vram_cuda": QT_TRANSLATE_NOOP(
        "CoreText",
        "vram_cuda_bytes {cuda:,} is not within 85% of the {vram_gib:g} GB sold and the driver's"
        " total",
    ),
    "catalog.vram_reported": QT_TRANSLATE_NOOP(
        "CoreText",
        "vram_reported_bytes {reported:,} is not within 85-100% of the {vram_gib:g} GB sold",
    ),
    "catalog.whole": QT_TRANSLATE_NOOP("CoreText", "catalog: {reason}"),
    "cli.cannot_read_request": QT_TRANSLATE_NOOP(
        "CoreText", "cannot read request file {path}: {reason}"
    ),
    "cli.gpus_at_least_one": QT_TRANSLATE_NOOP("CoreText", "must be 1 or more, got {gpus}"),
    "config.not_an_object": QT_TRANSLATE_NOOP("CoreText", "config.json must hold a JSON object"),
    "config.too_large": QT_TRANSLATE_NOOP(
        "CoreText", "{path} is {size:,} bytes; a config.json is a few kilobytes, so this is not one"
    ),
    "diffusion.cannot_read": QT_TRANSLATE_NOOP(
        "CoreText", "cannot read diffusion preset {path}: {reason}"
    ),
    "diffusion.components": QT_TRANSLATE_NOOP(
        "CoreText", "diffusion preset {path}: needs one denoiser, one vae and a text encoder"
    ),
    "diffusion.invalid": QT_TRANSLATE_NOOP(
        "CoreText", "diffusion preset {path}: {where}: {reason}"
    ),
    "diffusion.unknown_preset": QT_TRANSLATE_NOOP(
        "CoreText", "unknown diffusion model '{preset_id}' (known: {known})"
    ),
    "fit.not_a_folder": QT_TRANSLATE_NOOP("CoreText", "{models_dir} is not a folder"),
    "gguf.alignment": QT_TRANSLATE_NOOP(
        "CoreText", "general.alignment {value} is not a power of two"
    ),
    "gguf.array_count": QT_TRANSLATE_NOOP(
        "CoreText", "{what} holds {count:,} arrays (at most {limit:,})"
    ),
    "gguf.array_depth": QT_TRANSLATE_NOOP("CoreText", "{what} nests arrays more than {limit} deep"),
    "gguf.blocks": QT_TRANSLATE_NOOP(
        "CoreText", "{what} rows of {values} values are not whole {ggml_type} blocks of {block}"
    ),
    "gguf.count_too_large": QT_TRANSLATE_NOOP(
        "CoreText", "{what} is {value:,}, more than the file can hold"
    ),
    "gguf.dimensions": QT_TRANSLATE_NOOP(
        "CoreText", "{what} has {n_dims} dimensions (ggml allows 1 to {limit})"
    ),
    "gguf.elements": QT_TRANSLATE_NOOP("CoreText", "{what} claims {elements:,} values"),
    "gguf.ggml_type": QT_TRANSLATE_NOOP(
        "CoreText", "{what} has ggml type {type_id}, which is not a known type"
    ),
    "gguf.key_twice": QT_TRANSLATE_NOOP("CoreText", "key '{key}' appears twice"),
    "gguf.misaligned": QT_TRANSLATE_NOOP(
        "CoreText", "tensor '{name}' starts at {offset}, not a multiple of {alignment}"
    ),
    "gguf.not_utf8": QT_TRANSLATE_NOOP("CoreText", "{what} is not UTF-8 text"),
    "gguf.overlap": QT_TRANSLATE_NOOP("CoreText", "tensor '{name}' overlaps the tensor before it"),
    "gguf.part_dimension_count": QT_TRANSLATE_NOOP("CoreText", "the dimension count of {what}"),
    "gguf.part_dimensions": QT_TRANSLATE_NOOP("CoreText", "the dimensions of {what}"),
    "gguf.part_element_type": QT_TRANSLATE_NOOP("CoreText", "the element type of {what}"),
    "gguf.part_key": QT_TRANSLATE_NOOP("CoreText", "'{key}'"),
    "gguf.part_key_number": QT_TRANSLATE_NOOP("CoreText", "key #{number}"),
    "gguf.part_kv_count": QT_TRANSLATE_NOOP("CoreText", "the key/value count"),
    "gguf.part_length": QT_TRANSLATE_NOOP("CoreText", "the length of {what}"),
    "gguf.part_magic": QT_TRANSLATE_NOOP("CoreText", "the magic"),
    "gguf.part_offset": QT_TRANSLATE_NOOP("CoreText", "the offset of {what}"),
    "gguf.part_tensor": QT_TRANSLATE_NOOP("CoreText", "tensor '{name}'"),
    "gguf.part_tensor_count": QT_TRANSLATE_NOOP("CoreText", "the tensor count"),
    "gguf.part_tensor_name": QT_TRANSLATE_NOOP("CoreText", "the name of tensor #{number}"),
    "gguf.part_type": QT_TRANSLATE_NOOP("CoreText", "the type of {what}"),
    "gguf.part_value_type": QT_TRANSLATE_NOOP("CoreText", "the value type of '{key}'"),
    "gguf.part_version": QT_TRANSLATE_NOOP("CoreText", "the version"),
    "gguf.past_end": QT_TRANSLATE_NOOP(
        "CoreText",
        "tensor '{name}' ends at byte {end:,} of the data, but the file holds only "
        "{data_bytes:,} (truncated or incomplete)",
    ),
    "gguf.string_past_end": QT_TRANSLATE_NOOP(
        "CoreText", "{what} holds a string of {length:,} bytes"
    ),
    "gguf.string_too_long": QT_TRANSLATE_NOOP(
        "CoreText", "{what} claims {length:,} bytes (at most {limit:,})"
    ),
    "gguf.tensor_twice": QT_TRANSLATE_NOOP("CoreText", "a tensor name appears twice"),
    "gguf.too_many_values": QT_TRANSLATE_NOOP(
        "CoreText", "{what} brings the metadata past {limit:,} values"
    ),
    "gguf.truncated": QT_TRANSLATE_NOOP(
        "CoreText", "{what} runs past the end of the file (truncated)"
    ),
    "gguf.value_type": QT_TRANSLATE_NOOP("CoreText", "value type {kind} is not a GGUF type"),
    "gguf.value_type_of": QT_TRANSLATE_NOOP(
        "CoreText", "{what} has value type {kind}, not a GGUF type"
    ),
    "glossary.count_mismatch": QT_TRANSLATE_NOOP(
        "CoreText", "glossary-ru.txt and glossary-en.json disagree on the number of terms"
    ),
    "glossary.help_key": QT_TRANSLATE_NOOP(
        "CoreText", "help entry '{key}' repeats a glossary key or names an unknown one"
    ),
    "glossary.help_mismatch": QT_TRANSLATE_NOOP(
        "CoreText", "help-en.json and help-ru.json disagree on their entries"
    ),
    "glossary.no_match": QT_TRANSLATE_NOOP("CoreText", "no glossary term matches '{text}'"),
    "glossary.term_mismatch": QT_TRANSLATE_NOOP(
        "CoreText", "glossary term {number}: expected '{seed}', got '{term_ru}'"
    ),
    "glossary.unknown_term": QT_TRANSLATE_NOOP("CoreText", "unknown glossary term '{key}'"),
    "models.cannot_read": QT_TRANSLATE_NOOP(
        "CoreText", "preset file {path} cannot be read: {reason}"
    ),
    "models.needs_id": QT_TRANSLATE_NOOP(
        "CoreText", 'preset file {path} needs "id": "{stem}" and a "name"'
    ),
    "models.no_config": QT_TRANSLATE_NOOP("CoreText", 'preset file {path} has no "config" object'),
    "models.not_an_object": QT_TRANSLATE_NOOP(
        "CoreText", "preset file {path} must hold a JSON object"
    ),
    "models.unknown_preset": QT_TRANSLATE_NOOP(
        "CoreText", "unknown model preset '{preset_id}'; valid presets: {valid}"
    ),
    "outcome.too_large": QT_TRANSLATE_NOOP(
        "CoreText",
        "the cost of the outcome is above {limit}: the speeds or prices it comes from are out of"
        " range",
    ),
    "outcome.utilization_range": QT_TRANSLATE_NOOP(
        "CoreText", "utilization must be from 0.001 to 1, got {utilization}"
    ),
    "pricing.float_amount": QT_TRANSLATE_NOOP(
        "CoreText", '{what} must be a decimal string such as "0.20", not {value}'
    ),
    "pricing.money_float": QT_TRANSLATE_NOOP(
        "CoreText", "money must be a decimal string, not a float"
    ),
    "pricing.no_storage_price": QT_TRANSLATE_NOOP(
        "CoreText", "catalog {catalog_id} has no storage price"
    ),
    "pricing.not_a_number": QT_TRANSLATE_NOOP("CoreText", "{what} '{value}' is not a number"),
    "pricing.not_decimal_type": QT_TRANSLATE_NOOP(
        "CoreText", "{what} must be a decimal string, not {type}"
    ),
    "pricing.not_finite": QT_TRANSLATE_NOOP(
        "CoreText", "{what} must be a finite number, got {value}"
    ),
    "pricing.storage_negative": QT_TRANSLATE_NOOP(
        "CoreText", "must be 0 or more, got {requested_gb}"
    ),
    "output.cannot_write": QT_TRANSLATE_NOOP("CoreText", "cannot write {path}: {reason}"),
    "output.link": QT_TRANSLATE_NOOP(
        "CoreText", "{path} is a symbolic link; it was not followed and nothing was written"
    ),
    "output.not_file": QT_TRANSLATE_NOOP(
        "CoreText",
        "{path} is a folder, pipe, device or socket, not a regular file; nothing was written",
    ),
    "pricing.storage_not_whole": QT_TRANSLATE_NOOP(
        "CoreText", "must be a whole number of GB, got {storage_gb}"
    ),
    "pricing.stored_not_integer": QT_TRANSLATE_NOOP(
        "CoreText", "a stored amount must be an integer, got {minor}"
    ),
    "pricing.tax_rate_range": QT_TRANSLATE_NOOP(
        "CoreText", "tax rate must be a fraction from 0 to 1 (0.2 is 20 %), got {rate}"
    ),
    "pricing.too_many_places": QT_TRANSLATE_NOOP(
        "CoreText", "{amount} has more decimal places than {currency} allows"
    ),
    "pricing.unknown_currency": QT_TRANSLATE_NOOP(
        "CoreText", "unsupported currency '{currency}' (supported: {known})"
    ),
    "quotes.currency_mismatch": QT_TRANSLATE_NOOP(
        "CoreText", "price is in {currency}, the catalog in {catalog_currency}"
    ),
    "quotes.gpus_mismatch": QT_TRANSLATE_NOOP(
        "CoreText", "price is for {gpus} GPUs, the quote for {quote_gpus}"
    ),
    "quotes.invalid_snapshot": QT_TRANSLATE_NOOP("CoreText", "quote snapshot {where}: {message}"),
    "request.boolean_number": QT_TRANSLATE_NOOP("CoreText", "must be a number, not {value}"),
    "request.missing_file": QT_TRANSLATE_NOOP(
        "CoreText", "cannot read request file {path}: it does not exist"
    ),
    "request.not_an_object": QT_TRANSLATE_NOOP("CoreText", "a request must be a JSON object"),
    "safetensors.header_backwards": QT_TRANSLATE_NOOP(
        "CoreText", "tensor '{name}' ends (byte {end}) before it begins (byte {start})"
    ),
    "safetensors.header_dtype": QT_TRANSLATE_NOOP(
        "CoreText", "tensor '{name}' has an unknown dtype {dtype}"
    ),
    "safetensors.header_duplicate": QT_TRANSLATE_NOOP("CoreText", "name '{key}' appears twice"),
    "safetensors.header_ended": QT_TRANSLATE_NOOP(
        "CoreText", "{path} ended while its header was being read"
    ),
    "safetensors.header_entry": QT_TRANSLATE_NOOP("CoreText", "entry '{name}' is not an object"),
    "safetensors.header_gap": QT_TRANSLATE_NOOP(
        "CoreText", "{size:,} bytes before tensor '{name}' belong to none"
    ),
    "safetensors.header_metadata": QT_TRANSLATE_NOOP(
        "CoreText", "__metadata__ must map strings to strings"
    ),
    "safetensors.header_not_json": QT_TRANSLATE_NOOP(
        "CoreText", "the header is not valid JSON ({reason})"
    ),
    "safetensors.header_not_object": QT_TRANSLATE_NOOP(
        "CoreText", "the header is not a JSON object"
    ),
    "safetensors.header_not_utf8": QT_TRANSLATE_NOOP("CoreText", "the header is not UTF-8 text"),
    "safetensors.header_offsets": QT_TRANSLATE_NOOP(
        "CoreText", "tensor '{name}' needs data_offsets [begin, end] of whole numbers"
    ),
    "safetensors.header_overlap": QT_TRANSLATE_NOOP(
        "CoreText", "tensor '{name}' overlaps the tensor before it"
    ),
    "safetensors.header_partial_byte": QT_TRANSLATE_NOOP(
        "CoreText", "tensor '{name}' ({dtype}) does not fill a whole number of bytes"
    ),
    "safetensors.header_past_end": QT_TRANSLATE_NOOP(
        "CoreText",
        "tensor '{name}' ends at byte {end:,} of the data but the file holds only "
        "{data_bytes:,} bytes after the header (truncated or incomplete)",
    ),
    "safetensors.header_rank": QT_TRANSLATE_NOOP(
        "CoreText", "tensor '{name}' has a shape that is not a list of up to {limit} sizes"
    ),
    "safetensors.header_shape": QT_TRANSLATE_NOOP(
        "CoreText", "tensor '{name}' has a shape that is not a list of whole numbers"
    ),
    "safetensors.header_size": QT_TRANSLATE_NOOP(
        "CoreText",
        "tensor '{name}' data_offsets cover {nbytes:,} bytes but shape {shape} of {dtype} "
        "needs {needed:,}",
    ),
    "safetensors.header_tensor_count": QT_TRANSLATE_NOOP(
        "CoreText", "the header lists {count:,} tensors; at most {limit:,} are read from one file"
    ),
    "safetensors.header_too_large": QT_TRANSLATE_NOOP(
        "CoreText",
        "{path} claims a {length:,}-byte header; safetensors refuses headers over {limit:,} bytes",
    ),
    "safetensors.header_trailing": QT_TRANSLATE_NOOP(
        "CoreText",
        "the file has {size:,} bytes after the last tensor that the header does not describe",
    ),
    "safetensors.header_truncated": QT_TRANSLATE_NOOP(
        "CoreText",
        "{path} claims a {length:,}-byte header but holds only {size:,} bytes after the "
        "length (truncated or not a safetensors file)",
    ),
    "safetensors.index_bad_shard": QT_TRANSLATE_NOOP(
        "CoreText", "{index} maps '{tensor}' to {shard}, not a file beside the index"
    ),
    "safetensors.index_no_map": QT_TRANSLATE_NOOP(
        "CoreText", "{index} has no weight_map of tensor names to shards"
    ),
    "safetensors.index_not_object": QT_TRANSLATE_NOOP("CoreText", "{index} is not a JSON object"),
    "safetensors.index_too_large": QT_TRANSLATE_NOOP(
        "CoreText", "{index} is too large to be a safetensors index"
    ),
    "safetensors.index_total_size": QT_TRANSLATE_NOOP(
        "CoreText", "{index} metadata.total_size is not a whole number"
    ),
    "safetensors.invalid_header": QT_TRANSLATE_NOOP("CoreText", "{path}: {reason}"),
    "safetensors.no_architecture": QT_TRANSLATE_NOOP(
        "CoreText",
        "cannot infer an architecture from the tensor names of {name}; put the model's "
        "config.json beside the checkpoint",
    ),
    "safetensors.no_weights": QT_TRANSLATE_NOOP(
        "CoreText",
        "{path} holds neither model.safetensors.index.json nor a single model.safetensors",
    ),
    "safetensors.no_weights_many": QT_TRANSLATE_NOOP(
        "CoreText",
        "{path} holds neither model.safetensors.index.json nor a single model.safetensors "
        "({count} .safetensors files without an index)",
    ),
    "safetensors.part_header": QT_TRANSLATE_NOOP("CoreText", "the header"),
    "safetensors.shard_lacks_tensor": QT_TRANSLATE_NOOP(
        "CoreText", "the index puts '{name}' in {shard}, but that shard does not hold it"
    ),
    "safetensors.shards_missing": QT_TRANSLATE_NOOP(
        "CoreText", "{index} names shard(s) missing from {folder}: {missing}"
    ),
    "safetensors.tensor_twice": QT_TRANSLATE_NOOP(
        "CoreText", "tensor '{tensor}' is stored in both {first} and {second}"
    ),
    "safetensors.too_short": QT_TRANSLATE_NOOP(
        "CoreText", "{path} is {size} bytes, shorter than the 8-byte header length prefix"
    ),
    "settings.cannot_save": QT_TRANSLATE_NOOP(
        "CoreText", "cannot save settings to {path}: {reason}"
    ),
    "settings.invalid": QT_TRANSLATE_NOOP(
        "CoreText",
        "settings file {path}: {field}: {reason}; fix it or delete it to go back to the defaults",
    ),
    "settings.not_an_object": QT_TRANSLATE_NOOP(
        "CoreText",
        "settings file {path} must hold a JSON object; fix it or delete it to go back to the "
        "defaults",
    ),
    "settings.unreadable": QT_TRANSLATE_NOOP(
        "CoreText", "settings file: {reason}; fix it or delete it to go back to the defaults"
    ),
    "terms.count_range": QT_TRANSLATE_NOOP(
        "CoreText", "term count must be a whole number from 1 to {limit}, got {count}"
    ),
    "terms.start_needs_zone": QT_TRANSLATE_NOOP(
        "CoreText", "a term start needs a time zone, e.g. 2026-01-31T09:00:00Z"
    ),
    "terms.unknown_unit": QT_TRANSLATE_NOOP(
        "CoreText", "unknown term unit '{unit}' (known: {known})"
    ),
}
