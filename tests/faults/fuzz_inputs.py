"""Hostile inputs for :mod:`tests.faults.fault_fuzz`, drawn from a seeded random generator.

Each generator returns bytes for one file: JSON nested thousands deep, integers of thousands of
digits, ``NaN``/``Infinity``, lone surrogates, invalid UTF-8, control characters, wrong types,
numbers beyond any limit, and random mutations of valid files.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import stat
import struct
from pathlib import Path
from typing import Any

VALID_REQUESTS: list[dict[str, Any]] = [
    {"model": {"preset": "llama-3.1-8b"}},
    {"workload": "inference", "model": {"preset": "llama-3.1-70b"}, "gpu": "h100-80gb-sxm"},
    {"workload": "training", "model": {"preset": "llama-3.1-8b"}, "term": {"unit": "week"}},
    {"workload": "diffusion", "model": {"preset": "sdxl"}},
    {"model": {"custom": {"params": 7_000_000_000, "layers": 32, "hidden_size": 4096}}},
    {"model": {"preset": "llama-3.1-405b"}, "gpu": "l4", "inference": {"context_tokens": 131072}},
]
VALID_CONFIG: dict[str, Any] = {
    "model_type": "llama",
    "vocab_size": 32000,
    "hidden_size": 4096,
    "intermediate_size": 11008,
    "num_hidden_layers": 32,
    "num_attention_heads": 32,
    "num_key_value_heads": 32,
    "max_position_embeddings": 4096,
}
CATALOG_GPU: dict[str, Any] = {
    "id": "fuzz-gpu",
    "name": "Fuzz GPU",
    "vendor": "nvidia",
    "vram_gib": 80,
    "memory_bandwidth_gbps": 3350,
    "bf16_tflops": 989,
    "compute_capability": "9.0",
    "interconnect": "nvlink",
    "gpus_per_node": 8,
    "driver_cuda_max": "12.4",
    "price_per_gpu_hour": {"hour": "2.49", "day": "2.39", "week": "2.19", "month": "1.99"},
}
VALID_CATALOG: dict[str, Any] = {
    "catalog_id": "fuzz",
    "as_of": "2026-01-01",
    "currency": "USD",
    "gpus": [CATALOG_GPU],
}
CONTROL_TEXTS = ["\x1b[31mred\x1b[0m", "a\rb", "line\nbreak", "\x07bell", "\u202eevil", "\x9b2J"]


def _hostile_value(rng: random.Random) -> Any:
    """A JSON value that is odd in type or size (encoded later, so never raw NaN)."""
    choice = rng.randrange(10)
    if choice == 0:
        return 10 ** rng.randrange(19, 400)
    if choice == 1:
        return -rng.randrange(1, 10**6)
    if choice == 2:
        return rng.random() * 10 ** rng.randrange(0, 300)
    if choice == 3:
        return rng.choice(CONTROL_TEXTS)
    if choice == 4:
        return "x" * rng.randrange(1000, 100_000)
    if choice == 5:
        return [rng.randrange(100)] * rng.randrange(0, 50)
    if choice == 6:
        return {"k": rng.choice([None, True, 0, ""])}
    if choice == 7:
        return rng.choice([None, True, False, 0, 1, "", []])
    if choice == 8:
        return 0
    return 2**64 + rng.randrange(10)


def _mutate_tree(value: Any, rng: random.Random, depth: int = 0) -> Any:
    """Replace a random field of a valid document with a hostile value."""
    if isinstance(value, dict) and value and depth < 4:
        key = rng.choice(list(value))
        copy = dict(value)
        if rng.random() < 0.6:
            copy[key] = _mutate_tree(value[key], rng, depth + 1)
        else:
            copy[key] = _hostile_value(rng)
        if rng.random() < 0.1:
            copy[rng.choice(CONTROL_TEXTS)] = 1
        return copy
    return _hostile_value(rng)


def _splice(text: str, rng: random.Random) -> str:
    """Put a raw hostile token (not expressible through json.dumps) into a valid document."""
    token = rng.choice(
        [
            "NaN",
            "Infinity",
            "-Infinity",
            "1e999",
            "-1e999",
            "9" * rng.randrange(4000, 20_000),
            '"\\ud800"',
            '"\\udfff x"',
            "[" * 5000 + "]" * 5000,
            "{" * 3000,
            '"' + "\\u0000" * 10 + '"',
            "0.0000000000000000000000000000001",
            "1" + "0" * 120,
        ]
    )
    spots = [i for i, c in enumerate(text) if c in ":,["]
    if not spots:
        return token
    at = rng.choice(spots) + 1
    end = at
    while end < len(text) and text[end] not in ",}]":
        end += 1
    return text[:at] + token + text[end:]


def _byte_noise(data: bytes, rng: random.Random) -> bytes:
    """Flip, drop or truncate bytes of a valid file."""
    buffer = bytearray(data)
    choice = rng.randrange(4)
    if choice == 0 and buffer:
        for _ in range(rng.randrange(1, 8)):
            buffer[rng.randrange(len(buffer))] = rng.randrange(256)
    elif choice == 1:
        buffer = buffer[: rng.randrange(len(buffer) + 1)]
    elif choice == 2:
        buffer = b"\xef\xbb\xbf" + buffer  # a byte-order mark
    else:
        buffer += rng.choice([b"\xff\xfe", b"\x00", b" " * 10, b"}"])
    return bytes(buffer)


def deep(rng: random.Random) -> bytes:
    """Arrays or objects nested thousands deep."""
    depth = rng.choice([100, 1000, 5000, 50_000, 200_000])
    if rng.random() < 0.5:
        return ("[" * depth + "]" * depth).encode()
    return ('{"a":' * depth + "1" + "}" * depth).encode()


def json_document(valid: dict[str, Any], rng: random.Random) -> bytes:
    """A hostile variant of ``valid``: mutated, spliced, byte-noised or deep."""
    choice = rng.randrange(6)
    if choice == 0:
        return deep(rng)
    if choice == 1:
        return _splice(json.dumps(valid), rng).encode("utf-8", "surrogatepass")
    if choice == 2:
        return _byte_noise(json.dumps(valid).encode(), rng)
    if choice == 3:
        return json.dumps(valid, ensure_ascii=rng.random() < 0.5).encode()  # valid, as control
    text = json.dumps(_mutate_tree(valid, rng), ensure_ascii=False)
    return text.encode("utf-8", "surrogatepass")


def safetensors_file(rng: random.Random) -> bytes:
    """A safetensors file whose header or layout is hostile."""
    choice = rng.randrange(7)
    if choice == 0:
        count = rng.choice([10, 1000, 150_000, 1_000_000])
        # The text json.dumps would write, built without a million dicts: the fuzzer itself
        # peaked at 792 MiB building them, which counted as the product's memory.
        entries = (
            f'"model.layers.{i}.w": {{"dtype": "F32", "shape": [1], '
            f'"data_offsets": [{4 * i}, {4 * i + 4}]}}'
            for i in range(count)
        )
        raw = ("{" + ", ".join(entries) + "}").encode()
        return struct.pack("<Q", len(raw)) + raw + b"\0" * (4 * count)
    if choice == 1:
        return struct.pack("<Q", rng.choice([0, 7, 2**63, 2**64 - 1, 99_999_999])) + b"{}"
    if choice == 2:
        raw = deep(rng)
        return struct.pack("<Q", len(raw)) + raw
    if choice == 3:
        shape = [rng.choice([0, 1, 10**30, 2**64])] * rng.choice([1, 2, 100, 10_000])
        header = {"t": {"dtype": "BF16", "shape": shape, "data_offsets": [0, 2]}}
        raw = json.dumps(header).encode()
        return struct.pack("<Q", len(raw)) + raw + b"\0\0"
    if choice == 4:
        text = '{"t": {"dtype": "F32", "shape": [NaN], "data_offsets": [0, 4]}}'
        text = _splice(text, rng)
        raw = text.encode("utf-8", "surrogatepass")
        return struct.pack("<Q", len(raw)) + raw + b"\0" * 4
    if choice == 5:
        header = {"__metadata__": {rng.choice(CONTROL_TEXTS): "x"}, "t": _hostile_value(rng)}
        raw = json.dumps(header).encode()
        return struct.pack("<Q", len(raw)) + raw
    return bytes(rng.randrange(256) for _ in range(rng.randrange(0, 64)))


# Finite extremes of a catalog: each used to end in OverflowError, ZeroDivisionError or
# decimal.InvalidOperation instead of a refusal.
CATALOG_EXTREMES: list[tuple[str, Any]] = [
    ("vram_gib", 1e308),
    ("vram_gib", 5e-324),
    ("bf16_tflops", 1e-300),
    ("bf16_tflops", 1e308),
    ("fp8_tflops", 1e-300),
    ("fp4_tflops", 1e308),
    ("memory_bandwidth_gbps", 1e-300),
    ("memory_bandwidth_gbps", 1e308),
    ("vram_reported_bytes", 10**99),
    ("price", "1e999999"),
    ("price", "9" * 99),
    ("price", "1e-999999"),
    ("price", "0." + "0" * 90 + "1"),
]
# Busy shares for --utilization: out of range, underflowing, or at the bounds.
SHARES = ["1e-999", "1e-30", "0.0009", "0.001", "1", "1.0000001", "0", "-0", "1e999", "NaN", "inf"]
# Fields of a request that take a number, as paths (for JSON true and false in their place).
NUMBER_FIELDS = [
    ("parallelism", "gpus"),
    ("parallelism", "tensor_parallel"),
    ("term", "count"),
    ("runtime", "context_gib"),
    ("inference", "max_num_seqs"),
    ("inference", "context_tokens"),
    ("training", "micro_batch_size"),
    ("training", "mfu"),
    ("precision", "quant_group_size"),
    ("storage_gb",),
]


def private_device(folder: Path) -> Path | None:
    """A character device like ``/dev/null``, made in ``folder`` (root only), else None.

    Writers are tried against this copy, never the system's: a writer that wrongly renames a
    file over a device (as root) then replaces the copy, not ``/dev/null`` of the machine.
    """
    path = folder / "device-null"
    with contextlib.suppress(FileNotFoundError):
        if stat.S_ISCHR(path.lstat().st_mode):
            return path
        path.unlink()  # replaced by a writer that should have refused it: made again
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except OSError:
        return None
    return path


def boolean_numbers(valid: dict[str, Any], rng: random.Random) -> bytes:
    """``valid`` with ``true`` or ``false`` in one to three of its number fields."""
    document = json.loads(json.dumps(valid))
    for path in rng.sample(NUMBER_FIELDS, rng.randrange(1, 4)):
        where = document
        for key in path[:-1]:
            where = where.setdefault(key, {})
        where[path[-1]] = rng.random() < 0.7
    return json.dumps(document).encode()


def catalog_document(rng: random.Random) -> bytes:
    """A hostile catalog: Infinity or sub-cent prices among the other mutations."""
    if rng.random() < 0.25:
        field, value = rng.choice(CATALOG_EXTREMES)
        gpu = dict(CATALOG_GPU, price_per_gpu_hour=dict(CATALOG_GPU["price_per_gpu_hour"]))
        if field == "price":
            gpu["price_per_gpu_hour"][rng.choice(["hour", "day", "week", "month"])] = value
        else:
            gpu[field] = value
        return json.dumps(dict(VALID_CATALOG, gpus=[gpu])).encode()
    if rng.random() < 0.3:
        price = rng.choice(["0.001", "0.004", "Infinity", "NaN", "1e-30", "-0", "0.00"])
        gpu = dict(CATALOG_GPU, price_per_gpu_hour=dict(CATALOG_GPU["price_per_gpu_hour"]))
        gpu["price_per_gpu_hour"][rng.choice(["hour", "day", "week", "month"])] = price
        return json.dumps(dict(VALID_CATALOG, gpus=[gpu])).encode()
    if rng.random() < 0.2:
        text = json.dumps(VALID_CATALOG).replace('"2.49"', rng.choice(["Infinity", "NaN", "1e999"]))
        return text.encode()
    return json_document(VALID_CATALOG, rng)


def settings_document(rng: random.Random) -> bytes:
    """A hostile settings file: deep, huge, or with odd values."""
    if rng.random() < 0.1:
        return b"{" + b'"language": "en", ' * rng.randrange(60_000, 120_000) + b'"x": 1}'
    valid = {"language": "en", "tax_rate": "0.2", "runtime_context_gib": 0.75}
    return json_document(valid, rng)


def cli_word(rng: random.Random) -> str:
    """An odd command-line word."""
    return rng.choice(
        [
            "9" * rng.randrange(1, 40),
            "-" + "9" * rng.randrange(1, 40),
            "1e9",
            "0x10",
            "",
            " ",
            "--",
            "NaN",
            rng.choice(CONTROL_TEXTS),
            "\udcff",
            "x" * 10_000,
            "q_" + "0" * 12,
            "../../etc/passwd",
        ]
    )
