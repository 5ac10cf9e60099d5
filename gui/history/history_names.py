"""How the history view words what the store holds: names, terms, money, times and durations.

Only presentation lives here. Amounts are shown exactly as core rounded them (the Decimal's own
digits, with the locale's separators); times are shown in UTC, the zone terms are computed in;
nothing is added up or recomputed.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

from PySide6.QtCore import QLocale, QObject

from core.terms import to_utc
from gui.money import money

GIB = 1024**3


class HistoryNames(QObject):
    """Translated names and formats; ask again after a language change for the new texts."""

    def workload(self, key: str) -> str:
        """The name of a workload."""
        names = {
            "inference": self.tr("Inference"),
            "training": self.tr("Training"),
            "diffusion": self.tr("Diffusion"),
        }
        return names.get(key, key)

    def strategy(self, key: str) -> str:
        """The name of a parallel strategy."""
        names = {
            "single": self.tr("Single GPU"),
            "tensor": self.tr("Tensor parallel"),
            "ddp": self.tr("DDP"),
            "fsdp": self.tr("FSDP"),
        }
        return names.get(key, key)

    def status(self, key: str) -> str:
        """The name of a history status."""
        names = {
            "saved": self.tr("Saved quote"),
            "placed": self.tr("Placed"),
            "stopped": self.tr("Stopped"),
            "expired": self.tr("Expired"),
        }
        return names.get(key, key)

    def severity(self, key: str) -> str:
        """The name of a warning's severity."""
        names = {
            "info": self.tr("Note"),
            "warning": self.tr("Warning"),
            "blocker": self.tr("Blocker"),
        }
        return names.get(key, key)

    def component(self, key: str) -> str:
        """The name of a per-GPU memory component."""
        names = {
            "weights": self.tr("Weights"),
            "quantization_metadata": self.tr("Quantization metadata"),
            "kv_cache": self.tr("KV cache"),
            "activations": self.tr("Activations"),
            "gradients": self.tr("Gradients"),
            "optimizer_states": self.tr("Optimizer states"),
            "runtime_overhead": self.tr("Runtime and allocator"),
        }
        return names.get(key, key)

    def line_kind(self, key: str) -> str:
        """The name of a kind of price line."""
        names = {
            "compute": self.tr("GPU compute"),
            "storage": self.tr("Storage"),
            "tax": self.tr("Tax"),
        }
        return names.get(key, key)

    def term_unit(self, unit: str) -> str:
        """One unit of a term, e.g. "week"."""
        names = {
            "hour": self.tr("hour"),
            "day": self.tr("day"),
            "week": self.tr("week"),
            "month": self.tr("month"),
        }
        return names.get(unit, unit)

    def term(self, unit: str, count: int) -> str:
        """A term in words, e.g. "1 week", "3 months"."""
        names = {
            "hour": self.tr("%n hour(s)", "", count),
            "day": self.tr("%n day(s)", "", count),
            "week": self.tr("%n week(s)", "", count),
            "month": self.tr("%n month(s)", "", count),
        }
        return names.get(unit, f"{count} {unit}")

    def gpus(self, gpu: str, count: int) -> str:
        """GPU × count, e.g. "2 × h100-80gb-sxm"."""
        return f"{count} × {gpu}"

    def money(self, amount: Decimal, currency: str) -> str:
        """An amount with its currency, digits exactly as core rounded them."""
        return money(amount, currency)

    def moment(self, value: datetime, *, seconds: bool = False) -> str:
        """A moment in UTC without the zone, e.g. "2026-11-02 10:00"."""
        pattern = "%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M"
        return to_utc(value).strftime(pattern)

    def moment_utc(self, value: datetime) -> str:
        """A moment in UTC with the zone named, e.g. "2026-11-02 10:00 UTC"."""
        return self.tr("{moment} UTC").format(moment=self.moment(value, seconds=value.second != 0))

    def duration(self, value: timedelta) -> str:
        """A time span to the minute, e.g. "6 d 23 h 5 min"; "ended" when nothing is left."""
        seconds = int(value.total_seconds())
        if seconds <= 0:
            return self.tr("ended")
        days, rest = divmod(seconds, 86_400)
        hours, rest = divmod(rest, 3600)
        minutes = rest // 60
        if days:
            return self.tr("{days} d {hours} h").format(days=days, hours=hours)
        if hours:
            return self.tr("{hours} h {minutes} min").format(hours=hours, minutes=minutes)
        return self.tr("{minutes} min").format(minutes=max(minutes, 1))

    def gib(self, value: int | float, digits: int = 2) -> str:
        """Bytes as GiB with the locale's decimal point, e.g. "12.34 GiB"."""
        return self.tr("{value} GiB").format(value=QLocale().toString(value / GIB, "f", digits))
