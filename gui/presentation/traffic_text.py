"""A traffic profile and its operating point in words, for the quote summary and Compare."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from core.base.errors import PlannerError
from core.quotes.snapshot import read_request

if TYPE_CHECKING:
    from core.domain.traffic_profile import SavedPoint, TrafficProfile
    from core.quotes.quote import Quote


def quote_traffic(quote: Quote) -> TrafficProfile | None:
    """The traffic profile ``quote`` was planned for (None without one, or unreadable)."""
    try:
        return read_request(quote).traffic
    except PlannerError:  # a request this version cannot read has no profile to show
        return None


class TrafficText(QObject):
    """Words for a profile and an operating point (a QObject: its texts are translated)."""

    def profile(self, traffic: TrafficProfile) -> str:
        """The rates, lengths and latency target in one line."""
        text = self.tr(
            "{peak:.3g} requests/s at peak ({average:.3g} on average), {input} tokens in, "
            "{output} out"
        ).format(
            peak=traffic.peak_rps,
            average=traffic.average_rps,
            input=traffic.input_tokens.mean,
            output=traffic.output_tokens.mean,
        )
        target = traffic.latency
        parts = []
        if target.ttft_p90_s is not None:
            parts.append(self.tr("first token p90 ≤ {s:g} s").format(s=target.ttft_p90_s))
        if target.ttft_p50_s is not None:
            parts.append(self.tr("first token p50 ≤ {s:g} s").format(s=target.ttft_p50_s))
        if target.tpot_ceiling is not None:
            parts.append(
                self.tr("≥ {rate:.3g} tokens/s per user").format(rate=1 / target.tpot_ceiling)
            )
        if parts:
            text += "; " + ", ".join(parts)
        return text

    def layout(self, tp: int, dp: int = 1, expert_parallel: bool = False) -> str:
        """A replica's layout, short, for a table cell: "TP 8" or "TP 2 × DP 4, EP 8"."""
        if not expert_parallel:
            return self.tr("TP {tp}").format(tp=tp)
        return self.tr("TP {tp} × DP {dp}, EP {ep}").format(tp=tp, dp=dp, ep=tp * dp)

    def layout_words(self, tp: int, dp: int = 1, expert_parallel: bool = False) -> str:
        """A replica's layout in words, for a sentence."""
        if not expert_parallel:
            return self.tr("tensor parallel {tp}").format(tp=tp)
        return self.tr(
            "tensor parallel {tp} × data parallel {dp}, experts split over {ep} GPUs"
        ).format(tp=tp, dp=dp, ep=tp * dp)

    def point(self, point: SavedPoint) -> str:
        """The chosen operating point in one line."""
        return self.tr(
            "replicas: {replicas}, each {at:.1f} requests at once at the peak: first token "
            "{ttft:.3f} s, {user:.1f} tokens/s per user, {util:.0%} busy"
        ).format(
            replicas=point.replicas,
            at=point.concurrency,
            ttft=point.ttft_s,
            user=point.tokens_per_s_per_user,
            util=point.utilization,
        )
