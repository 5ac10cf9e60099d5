"""``anchorgpu-planner catalog [--json]``: the GPU offers and their prices."""

from __future__ import annotations

import argparse
from typing import Any

from core.app.cli.output import dumps
from core.app.settings import active_catalog, load_settings
from core.base.units import GIB, UNIT
from core.domain.catalog import TERM_UNITS


def register(subparsers: Any) -> None:
    """Add the ``catalog`` subcommand."""
    parser = subparsers.add_parser("catalog", help="list the GPU offers and their prices")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(handler=run)


def _tflops(value: float | None) -> str:
    return f"{value:g}" if value is not None else "—"


def run(args: argparse.Namespace) -> int:
    """Print the catalog that ``estimate`` and ``plan`` price from (the imported one if chosen).

    Raises:
        CatalogError: The catalog chosen in the settings is missing or invalid.
    """
    catalog = active_catalog(load_settings())
    if args.json:
        print(dumps(catalog.model_dump(mode="json")))
        return 0
    print(
        f"AnchorGPU catalog {catalog.catalog_id}, prices per GPU-hour in {catalog.currency}, "
        f"as of {catalog.as_of.isoformat()}"
    )
    print(
        f"Memory in {UNIT} (2^30 bytes): VRAM as sold, 'driver' the total the driver reports "
        "(— where no reported figure was found). Bandwidth in GB/s; TFLOPs are dense."
    )
    header = f"{'id':<20}{'VRAM':>7}{'driver':>8}{'GB/s':>7}{'bf16 TF':>9}{'fp8 TF':>8}"
    header += f"{'fp4 TF':>8}  {'platform':<9}{'node':>5}"
    header += "".join(f"{unit:>8}" for unit in TERM_UNITS)
    print(header)
    for gpu in catalog.gpus:
        reported = (
            f"{gpu.vram_reported_bytes / GIB:.1f}" if gpu.vram_reported_bytes is not None else "—"
        )
        row = (
            f"{gpu.id:<20}{gpu.vram_gib:>7g}{reported:>8}{gpu.memory_bandwidth_gbps:>7g}"
            f"{gpu.bf16_tflops:>9g}{_tflops(gpu.fp8_tflops):>8}{_tflops(gpu.fp4_tflops):>8}  "
            f"{gpu.platform:<9}{gpu.gpus_per_node:>5}"
        )
        row += "".join(f"{gpu.price_per_gpu_hour.for_unit(u):>8}" for u in TERM_UNITS)
        print(row)
    return 0
