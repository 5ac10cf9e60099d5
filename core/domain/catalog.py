"""The AnchorGPU catalog: accelerators, their specifications and per-GPU-hour prices per term.

The bundled catalog is ``resources/catalog/catalog.json``; a user may import another file. Either is
validated here: a missing, zero or negative price, an unknown vendor or a duplicate id is refused
with a message naming the entry, and nothing is changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from functools import cache, cached_property
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from core.base.errors import CatalogError, NotFoundError
from core.base.resources import resource_path
from core.base.safe_json import read_json_file
from core.base.units import offer_text
from core.domain.currencies import MINOR_UNITS
from core.texts.messages import Message, validation_message

TermUnit = Literal["hour", "day", "week", "month"]
# What a GPU can run: tensor-core formats and weight-only kernels (see core.domain.gpu_formats).
HwFeature = Literal["bf16", "fp16", "fp8-ocp", "fp8-fnuz", "int8", "int4", "nvfp4", "mxfp4"]
# Fields a GPU entry's ``sources`` may cite.
_CITABLE = frozenset(
    {
        "vram_gib",
        "vram_reported_bytes",
        "vram_cuda_bytes",
        "memory_bandwidth_gbps",
        "bf16_tflops",
        "fp8_tflops",
        "fp4_tflops",
        "compute_capability",
        "gfx_target",
        "interconnect",
        "nvlink_domain",
        "link_gbps",
        "link_latency_us",
        "gpus_per_node",
        "driver_cuda_max",
        "driver_rocm_max",
        "native_formats",
        "emulated_formats",
        "price_per_gpu_hour",
    }
)
TERM_UNITS: tuple[TermUnit, ...] = ("hour", "day", "week", "month")
UNIT_HOURS: dict[TermUnit, int] = {"hour": 1, "day": 24, "week": 168, "month": 720}
"""Length of one unit of each term in hours (:mod:`core.domain.terms`)."""
GIB = 1024**3
MIB = 1024**2
# CUDA reports less than nvidia-smi's memory.total: the driver keeps some memory out of CUDA's
# reach. Over the seven GPUs whose CUDA total the catalog sources (vram_cuda_bytes) the gap is
# 424-722 MiB (H100 SXM 469, H100 PCIe 551, A100 40GB 424, L40S 479, H200 615, B200 717,
# RTX 5090 484); its median, 484 MiB, stands in for the NVIDIA GPUs without a CUDA source. The
# rule is calibrated on those seven, not derived, and docs/ACCURACY.md says so.
CUDA_RESERVED_MIB = 484
DeviceTotalBasis = Literal["cuda", "rule", "driver", "vendor"]
MAX_CATALOG_BYTES = 10_000_000  # the bundled catalog is a few kilobytes


@dataclass(frozen=True)
class DeviceTotal:
    """A GPU's total memory as a process sees it, and what the figure rests on."""

    bytes: int
    basis: DeviceTotalBasis  # cuda: sourced; rule: nvidia-smi less the reserve; driver; vendor

    @property
    def driver_reported(self) -> bool:
        """Whether the figure comes from the driver (measured or by rule), not the label."""
        return self.basis != "vendor"


# Bounds of a catalog's figures: far outside any accelerator sold, and inside the range where
# the arithmetic stays exact (bytes as integers and floats) and every sum of money fits Decimal's
# 28 digits. A finite 1e308 GiB of memory overflowed to infinity, 1e-300 TFLOPs or GB/s made an
# hour's output vanish and its cost unbounded. The bundled catalog spans 121 (L4) to 13,500
# (B300 FP4) dense TFLOPs, 300 (L4) to 8,000 GB/s, at most 288 GiB (MI355X) and 6.99 per hour.
MAX_VRAM_GIB = 2**20  # 1 PiB, 2**50 bytes: exact in a float; over 3,000 times the largest
MIN_TFLOPS, MAX_TFLOPS = 1.0, 1e6  # a hundredth of the slowest, 70 times the fastest
MIN_BANDWIDTH_GBPS, MAX_BANDWIDTH_GBPS = 1.0, 1e6
MAX_PRICE = Decimal(100_000)  # per GPU-hour or GB-month, in any currency the catalog admits


class TermPrices(BaseModel):
    """Price per GPU-hour for each rental term, as decimal strings in the catalog's currency."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    hour: Decimal
    day: Decimal
    week: Decimal
    month: Decimal

    @field_validator("hour", "day", "week", "month", mode="before")
    @classmethod
    def _decimal_from_string(cls, value: Any) -> Decimal:
        if value is None:
            raise ValueError(Message("catalog.price_missing"))
        if isinstance(value, float):
            raise ValueError(Message("catalog.price_float_hour"))
        try:
            price = Decimal(str(value))
        except InvalidOperation:
            raise ValueError(Message("catalog.price_not_number", value=value)) from None
        if not price.is_finite() or price <= 0:
            raise ValueError(Message("catalog.price_not_positive", value=value))
        if price > MAX_PRICE:
            raise ValueError(Message("catalog.price_too_high", value=value, limit=int(MAX_PRICE)))
        return price

    def for_unit(self, unit: TermUnit) -> Decimal:
        """Return the per-GPU-hour price for ``unit``."""
        price: Decimal = getattr(self, unit)
        return price


class GpuOffer(BaseModel):
    """One accelerator model the catalog rents, with its public specifications."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9.-]*$")
    name: str
    vendor: Literal["nvidia", "amd"]
    vram_gib: float = Field(gt=0, le=MAX_VRAM_GIB)
    memory_bandwidth_gbps: float = Field(
        ge=MIN_BANDWIDTH_GBPS, le=MAX_BANDWIDTH_GBPS, description="GB/s (10^9 bytes per second)"
    )
    bf16_tflops: float = Field(ge=MIN_TFLOPS, le=MAX_TFLOPS, description="dense bf16 tensor TFLOPs")
    fp8_tflops: float | None = Field(default=None, ge=MIN_TFLOPS, le=MAX_TFLOPS)
    compute_capability: str | None = Field(default=None, pattern=r"^\d+\.\d+$")
    gfx_target: str | None = Field(default=None, pattern=r"^gfx[0-9a-f]+$")
    interconnect: Literal["nvlink", "pcie", "infinity-fabric"]
    gpus_per_node: int = Field(ge=1, le=64)
    max_nodes: int = Field(default=1, ge=1, le=64)
    driver_cuda_max: str | None = Field(default=None, pattern=r"^\d+\.\d+$")
    driver_rocm_max: str | None = Field(default=None, pattern=r"^\d+\.\d+$")
    note: str = ""
    price_per_gpu_hour: TermPrices
    vram_reported_bytes: int | None = Field(
        default=None,
        gt=0,
        le=MAX_VRAM_GIB * GIB,
        description="total memory as the driver reports it (nvidia-smi, rocm-smi)",
    )
    vram_cuda_bytes: int | None = Field(
        default=None,
        gt=0,
        le=MAX_VRAM_GIB * GIB,
        description="total memory as CUDA reports it (torch.cuda.mem_get_info, what vLLM sizes by)",
    )
    fp4_tflops: float | None = Field(
        default=None, ge=MIN_TFLOPS, le=MAX_TFLOPS, description="dense FP4 tensor TFLOPs"
    )
    nvlink_domain: int | None = Field(
        default=None, ge=1, le=576, description="GPUs one NVLink / Infinity Fabric domain joins"
    )
    # The link to the tensor-parallel peers, for the speed model's all-reduces (core.speed).
    link_gbps: float | None = Field(
        default=None, gt=0, le=100_000, description="GB/s each way per GPU to its peers"
    )
    link_latency_us: float | None = Field(
        default=None, gt=0, le=100_000, description="one small all-reduce, microseconds"
    )
    native_formats: tuple[HwFeature, ...] | None = None
    emulated_formats: tuple[HwFeature, ...] | None = None
    sources: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _reported_memory(self) -> GpuOffer:
        # The driver keeps a little for itself (ECC, firmware) and never reports more than sold.
        reported = self.vram_reported_bytes
        if reported is not None and not 0.85 * self.vram_bytes <= reported <= self.vram_bytes:
            raise ValueError(
                Message("catalog.vram_reported", reported=reported, vram_gib=self.vram_gib)
            )
        cuda = self.vram_cuda_bytes
        if cuda is not None and not 0.85 * self.vram_bytes <= cuda <= (reported or self.vram_bytes):
            raise ValueError(Message("catalog.vram_cuda", cuda=cuda, vram_gib=self.vram_gib))
        unknown = sorted(set(self.sources) - _CITABLE)
        if unknown:
            raise ValueError(Message("catalog.unknown_sources", fields=", ".join(unknown)))
        if self.native_formats and self.emulated_formats:
            both = sorted(set(self.native_formats) & set(self.emulated_formats))
            if both:
                raise ValueError(Message("catalog.native_and_emulated", formats=", ".join(both)))
        return self

    @model_validator(mode="after")
    def _vendor_fields(self) -> GpuOffer:
        if self.vendor == "nvidia" and (
            self.compute_capability is None or not self.driver_cuda_max
        ):
            raise ValueError(Message("catalog.nvidia_fields"))
        if self.vendor == "amd" and (self.gfx_target is None or not self.driver_rocm_max):
            raise ValueError(Message("catalog.amd_fields"))
        return self

    @property
    def vram_bytes(self) -> int:
        """VRAM in bytes (the vendor's "GB" of HBM/GDDR is binary: 80 GB = 80 GiB)."""
        return int(self.vram_gib * GIB)

    @cached_property
    def device_total(self) -> DeviceTotal:
        """The memory a process can have on this GPU, as CUDA/HIP reports it (computed once).

        vLLM multiplies this total (``torch.cuda.mem_get_info()[1]``) by
        ``gpu_memory_utilization``, and an allocation beyond it fails, so fits are measured
        against it. In order of preference: the catalog's sourced CUDA total
        (``vram_cuda_bytes``); for an NVIDIA GPU with only nvidia-smi's total, that total less
        :data:`CUDA_RESERVED_MIB` (the calibrated rule); for an AMD GPU, rocm-smi's total (no
        HIP figure was found to calibrate a rule on); otherwise the memory as sold.
        """
        if self.vram_cuda_bytes:
            return DeviceTotal(self.vram_cuda_bytes, "cuda")
        if self.vram_reported_bytes and self.vendor == "nvidia":
            return DeviceTotal(self.vram_reported_bytes - CUDA_RESERVED_MIB * MIB, "rule")
        if self.vram_reported_bytes:
            return DeviceTotal(self.vram_reported_bytes, "driver")
        return DeviceTotal(self.vram_bytes, "vendor")

    @property
    def label(self) -> str:
        """The offer as users see it everywhere, e.g. ``NVIDIA H100 SXM · 80 GiB``.

        One vocabulary (``core.base.units.offer_text``): vendor label and memory in GiB, never the
        catalog's "80GB".
        """
        return offer_text(self.name, self.vram_gib)

    @property
    def platform(self) -> Literal["cuda", "rocm"]:
        """The compute platform this GPU runs: CUDA for NVIDIA, ROCm for AMD."""
        return "cuda" if self.vendor == "nvidia" else "rocm"

    @property
    def max_gpus(self) -> int:
        """The most GPUs of this model one allocation can have."""
        return self.gpus_per_node * self.max_nodes


class Catalog(BaseModel):
    """A whole catalog file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    catalog_id: str
    as_of: date
    currency: str = Field(pattern=r"^[A-Z]{3}$")
    note: str = ""
    storage_price_per_gb_month: Decimal | None = Field(
        default=None, description="persistent storage per GB (10^9 bytes) per 30-day month"
    )
    gpus: tuple[GpuOffer, ...] = Field(min_length=1)

    @field_validator("storage_price_per_gb_month", mode="before")
    @classmethod
    def _storage_price(cls, value: Any) -> Decimal | None:
        if value is None:
            return None
        if isinstance(value, float):
            raise ValueError(Message("catalog.price_float_storage"))
        try:
            price = Decimal(str(value))
        except InvalidOperation:
            raise ValueError(Message("catalog.price_not_number", value=value)) from None
        if not price.is_finite() or price <= 0:
            raise ValueError(Message("catalog.price_not_positive", value=value))
        if price > MAX_PRICE:
            raise ValueError(Message("catalog.price_too_high", value=value, limit=int(MAX_PRICE)))
        return price

    @model_validator(mode="after")
    def _unique_ids(self) -> Catalog:
        seen: set[str] = set()
        for gpu in self.gpus:
            if gpu.id in seen:
                raise ValueError(Message("catalog.duplicate_id", id=gpu.id))
            seen.add(gpu.id)
        return self

    @model_validator(mode="after")
    def _prices_round_above_zero(self) -> Catalog:
        """The smallest order of a term (one GPU, one unit) must not round to zero."""
        if self.currency not in MINOR_UNITS:
            known = ", ".join(sorted(MINOR_UNITS))
            raise ValueError(
                Message("pricing.unknown_currency", currency=self.currency, known=known)
            )
        smallest = Decimal(1).scaleb(-MINOR_UNITS[self.currency])
        for gpu in self.gpus:
            for unit in TERM_UNITS:
                price = gpu.price_per_gpu_hour.for_unit(unit)
                order = price * UNIT_HOURS[unit]
                if order.quantize(smallest, rounding=ROUND_HALF_UP) <= 0:
                    raise ValueError(
                        Message(
                            "catalog.price_rounds_to_zero",
                            id=gpu.id,
                            unit=unit,
                            price=f"{price:f}" if price.adjusted() > -30 else str(price),
                            currency=self.currency,
                            smallest=str(smallest),
                        )
                    )
        return self

    def gpu(self, gpu_id: str) -> GpuOffer:
        """Return the offer with ``gpu_id``; raise :class:`NotFoundError` naming the known ids."""
        for gpu in self.gpus:
            if gpu.id == gpu_id:
                return gpu
        known = ", ".join(g.id for g in self.gpus)
        raise NotFoundError(Message("error.unknown_gpu", gpu=gpu_id, known=known), field="gpu")


def _describe(error: ValidationError, raw: Any) -> Message:
    """Turn the first pydantic error into one sentence naming the catalog entry."""
    first = error.errors()[0]
    loc = list(first["loc"])
    reason = Message("catalog.missing") if first["type"] == "missing" else validation_message(first)
    if len(loc) >= 2 and loc[0] == "gpus" and isinstance(loc[1], int):
        entry = raw.get("gpus", [])[loc[1]] if isinstance(raw, dict) else {}
        name = entry.get("id", f"#{loc[1] + 1}") if isinstance(entry, dict) else f"#{loc[1] + 1}"
        field = ".".join(str(p) for p in loc[2:])
        if field:
            return Message("catalog.gpu_field", gpu=str(name), field=field, reason=reason)
        return Message("catalog.gpu", gpu=str(name), reason=reason)
    if loc:
        return Message("catalog.field", field=".".join(str(p) for p in loc), reason=reason)
    return Message("catalog.whole", reason=reason)


def parse_catalog(raw: Any) -> Catalog:
    """Validate already-decoded JSON as a catalog; raise :class:`CatalogError` on any problem."""
    try:
        return Catalog.model_validate(raw)
    except ValidationError as error:
        raise CatalogError(_describe(error, raw)) from None


def load_catalog_file(path: Path) -> Catalog:
    """Read and validate a catalog file."""
    try:
        raw = read_json_file(path, max_bytes=MAX_CATALOG_BYTES, error=CatalogError)
    except FileNotFoundError:
        raise CatalogError(Message("catalog.missing_file", path=str(path))) from None
    return parse_catalog(raw)


def bundled_catalog_path() -> Path:
    """Path of the catalog shipped with the app."""
    return resource_path("catalog", "catalog.json")


@cache
def default_catalog() -> Catalog:
    """The catalog shipped with the app (cached)."""
    return load_catalog_file(bundled_catalog_path())
