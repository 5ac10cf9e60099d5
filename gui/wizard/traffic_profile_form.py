"""The traffic profile's inputs on the "Traffic and latency" step: rates, lengths, latency, spare.

A form of its own because it is read on its own: what the user states about the traffic, as
request JSON (:meth:`TrafficProfileForm.data`) and back from a saved request
(:meth:`TrafficProfileForm.load`), apart from the page's planning and its table and chart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QSpinBox,
    QWidget,
)

from gui.translation import tr_id

if TYPE_CHECKING:
    from core.domain.traffic_profile import TrafficProfile

NOT_SET = 0.0  # a latency figure of 0 is no target


def _spin(
    low: float, high: float, decimals: int, value: float, special: str = ""
) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(low, high)
    box.setDecimals(decimals)
    box.setValue(value)
    if special:
        box.setSpecialValueText(special)
    return box


def _count(low: int, high: int, value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    box.setGroupSeparatorShown(True)
    return box


class TrafficProfileForm(QGroupBox):
    """The "Traffic profile" box: its inputs, two a row, each with its label."""

    # An input was changed by the user (not by load()).
    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._build_ui()
        self._connect_signals()

    def _build_ui(self) -> None:
        form = QGridLayout(self)
        self.rate_unit = QComboBox(self)
        self.rate_unit.setObjectName("trafficRateUnit")
        self.rate_unit.addItem("", "second")
        self.rate_unit.addItem("", "minute")
        self.rate_unit.setCurrentIndex(1)  # the example: 300 requests a minute at peak
        self.average = _spin(0.0, 1e9, 2, 200.0)
        self.peak = _spin(0.0, 1e9, 2, 300.0, "—")
        self.input_mean = _count(1, 10_000_000, 2000)
        self.input_p90 = _count(0, 10_000_000, 3000)
        self.output_mean = _count(1, 10_000_000, 400)
        self.output_p90 = _count(0, 10_000_000, 800)
        self.ttft_p50 = _spin(NOT_SET, 3600.0, 3, NOT_SET, "—")
        self.ttft_p90 = _spin(NOT_SET, 3600.0, 3, 1.0, "—")
        self.user_rate = _spin(NOT_SET, 100_000.0, 1, 30.0, "—")
        self.spare_replicas = _count(0, 1000, 1)
        self.spare_percent = _spin(0.0, 1000.0, 0, 0.0)
        self.input_p90.setSpecialValueText("—")
        self.output_p90.setSpecialValueText("—")
        self._labels: dict[str, QLabel] = {}
        # Two fields a row, each with its pair: the rate's unit alone, then average and peak, the
        # mean and p90 of the prompt and of the answer, the two first-token percentiles, and so on.
        fields: list[tuple[str, QWidget] | None] = [
            ("rate_unit", self.rate_unit),
            None,
            ("average", self.average),
            ("peak", self.peak),
            ("input_mean", self.input_mean),
            ("input_p90", self.input_p90),
            ("output_mean", self.output_mean),
            ("output_p90", self.output_p90),
            ("ttft_p50", self.ttft_p50),
            ("ttft_p90", self.ttft_p90),
            ("user_rate", self.user_rate),
            None,
            ("spare_replicas", self.spare_replicas),
            ("spare_percent", self.spare_percent),
        ]
        for i, field in enumerate(fields):
            if field is None:
                continue
            name, widget = field
            widget.setObjectName(f"traffic_{name}")
            label = QLabel(self)
            label.setBuddy(widget)
            self._labels[name] = label
            row, pair = divmod(i, 2)
            form.addWidget(label, row, 2 * pair)
            form.addWidget(widget, row, 2 * pair + 1)
        form.setColumnStretch(1, 1)
        form.setColumnStretch(3, 1)

    def _spins(self) -> list[QDoubleSpinBox | QSpinBox]:
        return [
            self.average,
            self.peak,
            self.input_mean,
            self.input_p90,
            self.output_mean,
            self.output_p90,
            self.ttft_p50,
            self.ttft_p90,
            self.user_rate,
            self.spare_replicas,
            self.spare_percent,
        ]

    def _connect_signals(self) -> None:
        for spin in self._spins():
            spin.valueChanged.connect(self._on_edited)
        self.rate_unit.currentIndexChanged.connect(self._on_edited)

    def _on_edited(self, *_args: object) -> None:
        self.edited.emit()

    def retranslate(self) -> None:
        self.setTitle(tr_id("TrafficPage.traffic_profile", "Traffic profile"))
        self.rate_unit.setItemText(
            0, tr_id("TrafficPage.requests_per_second", "requests per second")
        )
        self.rate_unit.setItemText(
            1, tr_id("TrafficPage.requests_per_minute", "requests per minute")
        )
        texts = {
            "rate_unit": tr_id("TrafficPage.rate_unit", "Rate unit:"),
            "average": tr_id("TrafficPage.average_rate", "Average rate:"),
            "peak": tr_id("TrafficPage.peak_rate", "Peak rate:"),
            "input_mean": tr_id("TrafficPage.input_tokens_mean", "Input tokens, mean:"),
            "input_p90": tr_id("TrafficPage.input_tokens_p90", "Input tokens, p90:"),
            "output_mean": tr_id("TrafficPage.output_tokens_mean", "Output tokens, mean:"),
            "output_p90": tr_id("TrafficPage.output_tokens_p90", "Output tokens, p90:"),
            "ttft_p50": tr_id(
                "TrafficPage.time_to_first_token_p50_s", "Time to first token p50, s:"
            ),
            "ttft_p90": tr_id(
                "TrafficPage.time_to_first_token_p90_s", "Time to first token p90, s:"
            ),
            "user_rate": tr_id(
                "TrafficPage.tokens_s_per_user_at_least", "Tokens/s per user, at least:"
            ),
            "spare_replicas": tr_id("TrafficPage.spare_replicas", "Spare replicas:"),
            "spare_percent": tr_id(
                "TrafficPage.spare_capacity_of_the_peak", "Spare capacity, % of the peak:"
            ),
        }
        for name, text in texts.items():
            self._labels[name].setText(text)

    def data(self) -> dict[str, Any]:
        """The traffic profile the inputs describe, as request JSON (without operating point)."""
        latency: dict[str, float] = {}
        if self.ttft_p50.value() > NOT_SET:
            latency["ttft_p50_s"] = self.ttft_p50.value()
        if self.ttft_p90.value() > NOT_SET:
            latency["ttft_p90_s"] = self.ttft_p90.value()
        if self.user_rate.value() > NOT_SET:
            latency["tokens_per_s_per_user"] = self.user_rate.value()
        data: dict[str, Any] = {
            "rate_unit": self.rate_unit.currentData(),
            "average_per_unit": self.average.value(),
            "input_tokens": {"mean": self.input_mean.value()},
            "output_tokens": {"mean": self.output_mean.value()},
            "latency": latency,
            "spare": {
                "replicas": self.spare_replicas.value(),
                "fraction": self.spare_percent.value() / 100,
            },
        }
        if self.peak.value() > 0:
            data["peak_per_unit"] = self.peak.value()
        if self.input_p90.value() > 0:
            data["input_tokens"]["p90"] = self.input_p90.value()
        if self.output_p90.value() > 0:
            data["output_tokens"]["p90"] = self.output_p90.value()
        return data

    def load(self, traffic: TrafficProfile) -> None:
        """Show ``traffic`` in the inputs without announcing an edit."""
        widgets: list[QWidget] = [self.rate_unit, *self._spins()]
        for widget in widgets:
            widget.blockSignals(True)
        try:
            self.rate_unit.setCurrentIndex(0 if traffic.rate_unit == "second" else 1)
            self.average.setValue(traffic.average_display)
            self.peak.setValue(traffic.peak_per_unit or 0.0)
            self.input_mean.setValue(traffic.input_tokens.mean)
            self.input_p90.setValue(traffic.input_tokens.p90 or 0)
            self.output_mean.setValue(traffic.output_tokens.mean)
            self.output_p90.setValue(traffic.output_tokens.p90 or 0)
            self.ttft_p50.setValue(traffic.latency.ttft_p50_s or NOT_SET)
            self.ttft_p90.setValue(traffic.latency.ttft_p90_s or NOT_SET)
            user = traffic.latency.tpot_ceiling
            self.user_rate.setValue(1 / user if user else NOT_SET)
            self.spare_replicas.setValue(traffic.spare.replicas)
            self.spare_percent.setValue(traffic.spare.fraction * 100)
        finally:
            for widget in widgets:
                widget.blockSignals(False)
