"""How the wizard words and formats what ``core`` computes: names, bytes, money and times.

Only presentation lives here: bytes become GiB text, Decimal amounts are shown exactly as core
rounded them, and names of components, strategies and formats are translated. Nothing here adds,
multiplies or compares figures.
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QLocale, QObject

from core.catalog import GIB
from core.terms import to_utc

CONTEXT = "Display"
COMPONENT_NAMES = {
    "weights": QT_TRANSLATE_NOOP("Display", "Weights"),
    "quantization_metadata": QT_TRANSLATE_NOOP("Display", "Quantization metadata"),
    "kv_cache": QT_TRANSLATE_NOOP("Display", "KV cache"),
    "activations": QT_TRANSLATE_NOOP("Display", "Activations"),
    "gradients": QT_TRANSLATE_NOOP("Display", "Gradients"),
    "optimizer_states": QT_TRANSLATE_NOOP("Display", "Optimizer states"),
    "runtime_overhead": QT_TRANSLATE_NOOP("Display", "Runtime and allocator"),
}
STRATEGY_NAMES = {
    "single": QT_TRANSLATE_NOOP("Display", "Single GPU"),
    "tensor": QT_TRANSLATE_NOOP("Display", "Tensor parallel"),
    "ddp": QT_TRANSLATE_NOOP("Display", "DDP (replicas)"),
    "fsdp": QT_TRANSLATE_NOOP("Display", "FSDP (sharded)"),
}
STRATEGY_SHORT = {
    "single": QT_TRANSLATE_NOOP("Display", "Single"),
    "tensor": QT_TRANSLATE_NOOP("Display", "Tensor"),
    "ddp": "DDP",
    "fsdp": "FSDP",
}
WORKLOAD_NAMES = {
    "inference": QT_TRANSLATE_NOOP("Display", "Inference"),
    "training": QT_TRANSLATE_NOOP("Display", "Training"),
    "diffusion": QT_TRANSLATE_NOOP("Display", "Diffusion"),
}
SEVERITY_NAMES = {
    "info": QT_TRANSLATE_NOOP("Display", "Note"),
    "warning": QT_TRANSLATE_NOOP("Display", "Warning"),
    "blocker": QT_TRANSLATE_NOOP("Display", "Blocker"),
}


def _name(names: dict[str, str], key: str) -> str:
    return QCoreApplication.translate(CONTEXT, names[key]) if key in names else key


def gib_value(value: int) -> float:
    """Bytes as GiB for a chart axis."""
    return value / GIB


def gib(value: int, digits: int = 1) -> str:
    """Bytes as localized GiB text, e.g. ``12.3 GiB``."""
    number = QLocale().toString(value / GIB, "f", digits)
    return QCoreApplication.translate("Display", "{value} GiB").format(value=number)


def count(value: int) -> str:
    """A whole number with the locale's digit grouping."""
    return QLocale().toString(value)


def utc(moment: datetime) -> str:
    """A moment in UTC, to the minute when it has no seconds."""
    value = to_utc(moment)
    pattern = "%Y-%m-%d %H:%M" if value.second == 0 else "%Y-%m-%d %H:%M:%S"
    return value.strftime(pattern) + " UTC"


def component_name(key: str) -> str:
    """The name of a memory component of ``core.memory.COMPONENTS``."""
    return _name(COMPONENT_NAMES, key)


def strategy_name(key: str) -> str:
    """The name of a parallel strategy."""
    return _name(STRATEGY_NAMES, key)


def strategy_short(key: str, tensor_parallel: int = 1) -> str:
    """A strategy in a table cell: ``Single``, ``Tensor ×4``, ``DDP``, ``FSDP``."""
    name = _name(STRATEGY_SHORT, key)
    return f"{name} ×{tensor_parallel}" if tensor_parallel > 1 else name


def workload_name(key: str) -> str:
    """The name of a workload."""
    return _name(WORKLOAD_NAMES, key)


def severity_name(key: str) -> str:
    """The name of a finding's severity."""
    return _name(SEVERITY_NAMES, key)


def term_unit_name(unit: str, count_: int) -> str:
    """A term in words, e.g. ``1 week``, ``3 months``."""
    return Display().term(unit, count_)


class Display(QObject):
    """The context of this module's plural forms (lupdate reads counts from ``self.tr``)."""

    def term(self, unit: str, count_: int) -> str:
        """A term in words with the plural form the language needs."""
        if unit == "hour":
            return self.tr("%n hour(s)", "", count_)
        if unit == "day":
            return self.tr("%n day(s)", "", count_)
        if unit == "week":
            return self.tr("%n week(s)", "", count_)
        if unit == "month":
            return self.tr("%n month(s)", "", count_)
        return f"{count_} {unit}"


SEVERITY_COLORS = {"info": "#1f5f99", "warning": "#8a5a00", "blocker": "#b3261e"}
