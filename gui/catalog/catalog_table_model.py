"""The catalog's GPU offers as table rows: specifications, what runs natively, prices per term.

Every figure is the catalog's own (``core.domain.catalog.GpuOffer``): memory in GiB as the catalog
states it, bandwidth in GB/s and dense bf16 TFLOPs as the vendors publish them, the price per
GPU-hour of each fixed term. What a GPU runs natively and through slower kernels comes from
``core.domain.gpu_formats`` (the catalog's lists with their sources, else the generation rules
there).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from core.domain.catalog import TERM_UNITS, Catalog, GpuOffer
from core.domain.gpu_formats import emulated_features, native_features
from gui.history.sort_proxy import SORT_ROLE
from gui.presentation import formats
from gui.presentation.names import offer
from gui.translation import tr_id

# The prices come right after the GPU, so a 1280-pixel screen shows them without scrolling.
GPU, VRAM = 0, 1
PRICES = {unit: 2 + number for number, unit in enumerate(TERM_UNITS)}
(PLATFORM, LINK, BANDWIDTH, BF16, NATIVE, SLOWER) = range(2 + len(TERM_UNITS), 8 + len(TERM_UNITS))
COLUMNS = 8 + len(TERM_UNITS)
NUMERIC = {VRAM, BANDWIDTH, BF16, *PRICES.values()}
Index = QModelIndex | QPersistentModelIndex


class CatalogTableModel(QAbstractTableModel):
    """One row per GPU offer of the catalog in use."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._gpus: list[GpuOffer] = []
        self._currency = ""

    def set_catalog(self, catalog: Catalog) -> None:
        """Show ``catalog``'s offers."""
        self.beginResetModel()
        self._gpus = list(catalog.gpus)
        self._currency = catalog.currency
        self.endResetModel()

    def retranslate(self) -> None:
        """Headers and texts in the current language."""
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, COLUMNS - 1)
        if self._gpus:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._gpus) - 1, COLUMNS - 1))

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._gpus)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else COLUMNS

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        titles = [tr_id("CatalogTableModel.gpu", "GPU"), tr_id("CatalogTableModel.vram", "VRAM")]
        titles += [
            tr_id("CatalogTableModel.unit_currency_gpu_h", "{unit}, {currency}/GPU-h").format(
                unit=formats.term_unit(unit), currency=self._currency
            )
            for unit in TERM_UNITS
        ]
        titles += [
            tr_id("CatalogTableModel.platform", "Platform"),
            tr_id("CatalogTableModel.interconnect", "Interconnect"),
            tr_id("CatalogTableModel.bandwidth_gb_s", "Bandwidth, GB/s"),
            tr_id("CatalogTableModel.bf16_tflops", "BF16 TFLOPs"),
            tr_id("CatalogTableModel.runs_natively", "Runs natively"),
            tr_id("CatalogTableModel.slower_kernels", "Slower kernels"),
        ]
        return titles[section] if 0 <= section < COLUMNS else None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._gpus):
            return None
        gpu = self._gpus[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(gpu, column)
        if role == SORT_ROLE:
            return self._sort_key(gpu, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in NUMERIC:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(gpu, column)
        return None

    def _text(self, gpu: GpuOffer, column: int) -> str:
        if column == GPU:
            return offer(gpu)
        if column == VRAM:
            return formats.vram(gpu.vram_gib)
        if column == BANDWIDTH:
            return formats.number(gpu.memory_bandwidth_gbps)
        if column == BF16:
            return formats.number(gpu.bf16_tflops)
        if column == PLATFORM:
            if gpu.vendor == "nvidia":
                return f"CUDA {gpu.compute_capability or '?'}"
            return f"ROCm {gpu.gfx_target or '?'}"
        if column == LINK:
            return tr_id("CatalogTableModel.link_n_per_node", "{link}, {n} per node").format(
                link=gpu.interconnect, n=gpu.gpus_per_node
            )
        if column == NATIVE:
            return ", ".join(native_features(gpu))
        if column == SLOWER:
            return ", ".join(emulated_features(gpu)) or "—"
        for unit, price_column in PRICES.items():
            if column == price_column:
                return formats.decimal_text(getattr(gpu.price_per_gpu_hour, unit))
        return ""

    def _sort_key(self, gpu: GpuOffer, column: int) -> Any:
        if column == VRAM:
            return gpu.vram_gib
        if column == BANDWIDTH:
            return gpu.memory_bandwidth_gbps
        if column == BF16:
            return gpu.bf16_tflops
        for unit, price_column in PRICES.items():
            if column == price_column:
                return float(getattr(gpu.price_per_gpu_hour, unit))
        return self._text(gpu, column)

    def _tooltip(self, gpu: GpuOffer, column: int) -> str | None:
        if column == GPU:
            return f"{gpu.name} ({gpu.id})" + (f"\n{gpu.note}" if gpu.note else "")
        if column == PLATFORM:
            text = (
                tr_id("CatalogTableModel.compute_capability_cc", "Compute capability {cc}").format(
                    cc=gpu.compute_capability or "?"
                )
                if gpu.vendor == "nvidia"
                else tr_id("CatalogTableModel.gpu_target_gfx", "GPU target {gfx}").format(
                    gfx=gpu.gfx_target or "?"
                )
            )
            driver = gpu.driver_cuda_max if gpu.vendor == "nvidia" else gpu.driver_rocm_max
            if driver:
                text += "; " + tr_id(
                    "CatalogTableModel.the_offer_s_driver_supports_up",
                    "the offer's driver supports up to version {v}",
                ).format(v=driver)
            return text
        if column in (NATIVE, SLOWER):
            return tr_id(
                "CatalogTableModel.tensor_core_formats_the_slower_ones",
                "Tensor-core formats; the slower ones run through weight-only or software kernels",
            )
        return None
