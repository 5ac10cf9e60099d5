"""The English templates of the errors core raises about requests, model files, prices and data.

Keys are dotted by the module that raises them (``pricing.tax_rate_range``); the text is what the
command line prints. Like :mod:`core.texts.message_texts`, the key is the message's id in the
translations, so the GUI translates the error by its key (``gui/core_text.py``).
"""

from __future__ import annotations

ERROR_TEMPLATES: dict[str, str] = {
    "batch.line_not_json": "the line is not valid JSON: {reason}",
    "batch.line_not_utf8": "the line is not UTF-8 text",
    "batch.line_too_long": "the line is longer than {limit} bytes",
    "catalog.amd_fields": "an AMD GPU needs gfx_target and driver_rocm_max",
    "catalog.duplicate_id": "duplicate GPU id '{id}'",
    "catalog.field": "catalog field '{field}': {reason}",
    "catalog.gpu": "GPU '{gpu}': {reason}",
    "catalog.gpu_field": "GPU '{gpu}' field '{field}': {reason}",
    "catalog.missing": "is missing",
    "catalog.missing_file": "cannot read catalog file {path}: it does not exist",
    "catalog.native_and_emulated": "{formats} listed as both native and emulated",
    "catalog.nvidia_fields": "an NVIDIA GPU needs compute_capability and driver_cuda_max",
    "catalog.price_float_hour": 'price must be a decimal string such as "2.49", not a float',
    "catalog.price_float_storage": 'price must be a decimal string such as "0.10", not a float',
    "catalog.price_missing": "price is missing",
    "catalog.price_not_number": "price '{value}' is not a number",
    "catalog.price_not_positive": "price must be positive, got {value}",
    "catalog.price_rounds_to_zero": (
        "GPU '{id}' price per hour for the {unit} term ({price}) makes one GPU for one {unit}"
        " cost 0 {currency}; an order must cost at least {smallest}"
    ),
    "catalog.price_too_high": "price must be at most {limit:,} per unit, got {value}",
    "catalog.unknown_sources": "sources cite unknown field(s): {fields}",
    "catalog.vram_cuda": (
        "vram_cuda_bytes {cuda:,} is not within 85% of the {vram_gib:g} GB sold and the driver's"
        " total"
    ),
    "catalog.vram_reported": (
        "vram_reported_bytes {reported:,} is not within 85-100% of the {vram_gib:g} GB sold"
    ),
    "catalog.whole": "catalog: {reason}",
    "cli.cannot_read_request": "cannot read request file {path}: {reason}",
    "cli.gpus_at_least_one": "must be 1 or more, got {gpus}",
    "config.not_an_object": "config.json must hold a JSON object",
    "config.too_large": (
        "{path} is {size:,} bytes; a config.json is a few kilobytes, so this is not one"
    ),
    "diffusion.cannot_read": "cannot read diffusion preset {path}: {reason}",
    "diffusion.components": (
        "diffusion preset {path}: needs one denoiser, one vae and a text encoder"
    ),
    "diffusion.invalid": "diffusion preset {path}: {where}: {reason}",
    "diffusion.unknown_preset": "unknown diffusion model '{preset_id}' (known: {known})",
    "fit.not_a_folder": "{models_dir} is not a folder",
    "gguf.alignment": "general.alignment {value} is not a power of two",
    "gguf.array_count": "{what} holds {count:,} arrays (at most {limit:,})",
    "gguf.array_depth": "{what} nests arrays more than {limit} deep",
    "gguf.blocks": "{what} rows of {values} values are not whole {ggml_type} blocks of {block}",
    "gguf.count_too_large": "{what} is {value:,}, more than the file can hold",
    "gguf.dimensions": "{what} has {n_dims} dimensions (ggml allows 1 to {limit})",
    "gguf.elements": "{what} claims {elements:,} values",
    "gguf.ggml_type": "{what} has ggml type {type_id}, which is not a known type",
    "gguf.key_twice": "key '{key}' appears twice",
    "gguf.misaligned": "tensor '{name}' starts at {offset}, not a multiple of {alignment}",
    "gguf.not_utf8": "{what} is not UTF-8 text",
    "gguf.overlap": "tensor '{name}' overlaps the tensor before it",
    "gguf.part_dimension_count": "the dimension count of {what}",
    "gguf.part_dimensions": "the dimensions of {what}",
    "gguf.part_element_type": "the element type of {what}",
    "gguf.part_key": "'{key}'",
    "gguf.part_key_number": "key #{number}",
    "gguf.part_kv_count": "the key/value count",
    "gguf.part_length": "the length of {what}",
    "gguf.part_magic": "the magic",
    "gguf.part_offset": "the offset of {what}",
    "gguf.part_tensor": "tensor '{name}'",
    "gguf.part_tensor_count": "the tensor count",
    "gguf.part_tensor_name": "the name of tensor #{number}",
    "gguf.part_type": "the type of {what}",
    "gguf.part_value_type": "the value type of '{key}'",
    "gguf.part_version": "the version",
    "gguf.past_end": (
        "tensor '{name}' ends at byte {end:,} of the data, but the file holds only "
        "{data_bytes:,} (truncated or incomplete)"
    ),
    "gguf.string_past_end": "{what} holds a string of {length:,} bytes",
    "gguf.string_too_long": "{what} claims {length:,} bytes (at most {limit:,})",
    "gguf.tensor_twice": "a tensor name appears twice",
    "gguf.too_many_values": "{what} brings the metadata past {limit:,} values",
    "gguf.truncated": "{what} runs past the end of the file (truncated)",
    "gguf.value_type": "value type {kind} is not a GGUF type",
    "gguf.value_type_of": "{what} has value type {kind}, not a GGUF type",
    "glossary.count_mismatch": (
        "glossary-ru.txt and glossary-en.json disagree on the number of terms"
    ),
    "glossary.help_key": "help entry '{key}' repeats a glossary key or names an unknown one",
    "glossary.help_mismatch": "help-en.json and help-ru.json disagree on their entries",
    "glossary.no_match": "no glossary term matches '{text}'",
    "glossary.term_mismatch": "glossary term {number}: expected '{seed}', got '{term_ru}'",
    "glossary.unknown_term": "unknown glossary term '{key}'",
    "models.cannot_read": "preset file {path} cannot be read: {reason}",
    "models.needs_id": 'preset file {path} needs "id": "{stem}" and a "name"',
    "models.no_config": 'preset file {path} has no "config" object',
    "models.not_an_object": "preset file {path} must hold a JSON object",
    "models.unknown_preset": "unknown model preset '{preset_id}'; valid presets: {valid}",
    "outcome.too_large": (
        "the cost of the outcome is above {limit}: the speeds or prices it comes from are out of"
        " range"
    ),
    "outcome.utilization_range": "utilization must be from 0.001 to 1, got {utilization}",
    "pricing.float_amount": '{what} must be a decimal string such as "0.20", not {value}',
    "pricing.money_float": "money must be a decimal string, not a float",
    "pricing.no_storage_price": "catalog {catalog_id} has no storage price",
    "pricing.not_a_number": "{what} '{value}' is not a number",
    "pricing.not_decimal_type": "{what} must be a decimal string, not {type}",
    "pricing.not_finite": "{what} must be a finite number, got {value}",
    "pricing.storage_negative": "must be 0 or more, got {requested_gb}",
    "output.cannot_write": "cannot write {path}: {reason}",
    "output.link": "{path} is a symbolic link; it was not followed and nothing was written",
    "output.not_file": (
        "{path} is a folder, pipe, device or socket, not a regular file; nothing was written"
    ),
    "pricing.storage_not_whole": "must be a whole number of GB, got {storage_gb}",
    "pricing.stored_not_integer": "a stored amount must be an integer, got {minor}",
    "pricing.tax_rate_range": "tax rate must be a fraction from 0 to 1 (0.2 is 20 %), got {rate}",
    "pricing.too_many_places": "{amount} has more decimal places than {currency} allows",
    "pricing.unknown_currency": "unsupported currency '{currency}' (supported: {known})",
    "quotes.currency_mismatch": "price is in {currency}, the catalog in {catalog_currency}",
    "quotes.gpus_mismatch": "price is for {gpus} GPUs, the quote for {quote_gpus}",
    "quotes.invalid_snapshot": "quote snapshot {where}: {message}",
    "request.boolean_number": "must be a number, not {value}",
    "request.missing_file": "cannot read request file {path}: it does not exist",
    "request.not_an_object": "a request must be a JSON object",
    "safetensors.header_backwards": (
        "tensor '{name}' ends (byte {end}) before it begins (byte {start})"
    ),
    "safetensors.header_dtype": "tensor '{name}' has an unknown dtype {dtype}",
    "safetensors.header_duplicate": "name '{key}' appears twice",
    "safetensors.header_ended": "{path} ended while its header was being read",
    "safetensors.header_entry": "entry '{name}' is not an object",
    "safetensors.header_gap": "{size:,} bytes before tensor '{name}' belong to none",
    "safetensors.header_metadata": "__metadata__ must map strings to strings",
    "safetensors.header_not_json": "the header is not valid JSON ({reason})",
    "safetensors.header_not_object": "the header is not a JSON object",
    "safetensors.header_not_utf8": "the header is not UTF-8 text",
    "safetensors.header_offsets": (
        "tensor '{name}' needs data_offsets [begin, end] of whole numbers"
    ),
    "safetensors.header_overlap": "tensor '{name}' overlaps the tensor before it",
    "safetensors.header_partial_byte": (
        "tensor '{name}' ({dtype}) does not fill a whole number of bytes"
    ),
    "safetensors.header_past_end": (
        "tensor '{name}' ends at byte {end:,} of the data but the file holds only "
        "{data_bytes:,} bytes after the header (truncated or incomplete)"
    ),
    "safetensors.header_rank": (
        "tensor '{name}' has a shape that is not a list of up to {limit} sizes"
    ),
    "safetensors.header_shape": "tensor '{name}' has a shape that is not a list of whole numbers",
    "safetensors.header_size": (
        "tensor '{name}' data_offsets cover {nbytes:,} bytes but shape {shape} of {dtype} "
        "needs {needed:,}"
    ),
    "safetensors.header_tensor_count": (
        "the header lists {count:,} tensors; at most {limit:,} are read from one file"
    ),
    "safetensors.header_too_large": (
        "{path} claims a {length:,}-byte header; safetensors refuses headers over {limit:,} bytes"
    ),
    "safetensors.header_trailing": (
        "the file has {size:,} bytes after the last tensor that the header does not describe"
    ),
    "safetensors.header_truncated": (
        "{path} claims a {length:,}-byte header but holds only {size:,} bytes after the "
        "length (truncated or not a safetensors file)"
    ),
    "safetensors.index_bad_shard": (
        "{index} maps '{tensor}' to {shard}, not a file beside the index"
    ),
    "safetensors.index_no_map": "{index} has no weight_map of tensor names to shards",
    "safetensors.index_not_object": "{index} is not a JSON object",
    "safetensors.index_too_large": "{index} is too large to be a safetensors index",
    "safetensors.index_total_size": "{index} metadata.total_size is not a whole number",
    "safetensors.invalid_header": "{path}: {reason}",
    "safetensors.no_architecture": (
        "cannot infer an architecture from the tensor names of {name}; put the model's "
        "config.json beside the checkpoint"
    ),
    "safetensors.no_weights": (
        "{path} holds neither model.safetensors.index.json nor a single model.safetensors"
    ),
    "safetensors.no_weights_many": (
        "{path} holds neither model.safetensors.index.json nor a single model.safetensors "
        "({count} .safetensors files without an index)"
    ),
    "safetensors.part_header": "the header",
    "safetensors.shard_lacks_tensor": (
        "the index puts '{name}' in {shard}, but that shard does not hold it"
    ),
    "safetensors.shards_missing": "{index} names shard(s) missing from {folder}: {missing}",
    "safetensors.tensor_twice": "tensor '{tensor}' is stored in both {first} and {second}",
    "safetensors.too_short": (
        "{path} is {size} bytes, shorter than the 8-byte header length prefix"
    ),
    "settings.cannot_save": "cannot save settings to {path}: {reason}",
    "settings.invalid": (
        "settings file {path}: {field}: {reason}; fix it or delete it to go back to the defaults"
    ),
    "settings.not_an_object": (
        "settings file {path} must hold a JSON object; fix it or delete it to go back to the "
        "defaults"
    ),
    "settings.unreadable": (
        "settings file: {reason}; fix it or delete it to go back to the defaults"
    ),
    "terms.count_range": "term count must be a whole number from 1 to {limit}, got {count}",
    "terms.start_needs_zone": "a term start needs a time zone, e.g. 2026-01-31T09:00:00Z",
    "terms.unknown_unit": "unknown term unit '{unit}' (known: {known})",
}
