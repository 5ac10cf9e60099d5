"""A traffic profile and its operating point in words, for the quote summary and Compare."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from core.base.errors import PlannerError
from core.planning.planner import expert_layout
from core.quotes.snapshot import read_request
from gui.translation import tr_id

if TYPE_CHECKING:
    from core.domain.traffic_profile import SavedPoint, TrafficProfile
    from core.quotes.quote import Quote
    from core.quotes.snapshot import SavedEstimate


def quote_traffic(quote: Quote) -> TrafficProfile | None:
    """The traffic profile ``quote`` was planned for (None without one, or unreadable)."""
    try:
        return read_request(quote).traffic
    except PlannerError:  # a request this version cannot read has no profile to show
        return None


def quote_expert_layout(quote: Quote, saved: SavedEstimate | None = None) -> tuple[int, int] | None:
    """(tp, dp) of the expert-parallel replica ``quote`` was made for, or None."""
    try:
        request = read_request(quote)
    except PlannerError:  # a request this version cannot read names no layout
        return None
    return expert_layout(request, saved.details if saved is not None else None)


class TrafficText(QObject):
    """Words for a profile and an operating point (a QObject: its texts are translated)."""

    def profile(self, traffic: TrafficProfile) -> str:
        """The rates, lengths and latency target in one line."""
        text = tr_id(
            "TrafficText.peak_3g_requests_s_at_peak",
            "{peak:.3g} requests/s at peak ({average:.3g} on average), {input} tokens in, "
            "{output} out",
        ).format(
            peak=traffic.peak_rps,
            average=traffic.average_rps,
            input=traffic.input_tokens.mean,
            output=traffic.output_tokens.mean,
        )
        target = traffic.latency
        parts = []
        if target.ttft_p90_s is not None:
            parts.append(
                tr_id("TrafficText.first_token_p90_s_g_s", "first token p90 ≤ {s:g} s").format(
                    s=target.ttft_p90_s
                )
            )
        if target.ttft_p50_s is not None:
            parts.append(
                tr_id("TrafficText.first_token_p50_s_g_s", "first token p50 ≤ {s:g} s").format(
                    s=target.ttft_p50_s
                )
            )
        if target.tpot_ceiling is not None:
            parts.append(
                tr_id(
                    "TrafficText.rate_3g_tokens_s_per_user", "≥ {rate:.3g} tokens/s per user"
                ).format(rate=1 / target.tpot_ceiling)
            )
        if parts:
            text += "; " + ", ".join(parts)
        return text

    def layout(self, tp: int, dp: int = 1, expert_parallel: bool = False) -> str:
        """A replica's layout, short, for a table cell: "TP 8" or "TP 2 × DP 4, EP 8"."""
        if not expert_parallel:
            return tr_id("TrafficText.tp_tp", "TP {tp}").format(tp=tp)
        return tr_id("TrafficText.tp_tp_dp_dp_ep_ep", "TP {tp} × DP {dp}, EP {ep}").format(
            tp=tp, dp=dp, ep=tp * dp
        )

    def layout_words(self, tp: int, dp: int = 1, expert_parallel: bool = False) -> str:
        """A replica's layout in words, for a sentence."""
        if not expert_parallel:
            return tr_id("TrafficText.tensor_parallel_tp", "tensor parallel {tp}").format(tp=tp)
        return tr_id(
            "TrafficText.tensor_parallel_tp_data_parallel_dp",
            "tensor parallel {tp} × data parallel {dp}, experts split over {ep} GPUs",
        ).format(tp=tp, dp=dp, ep=tp * dp)

    def point(self, point: SavedPoint) -> str:
        """The chosen operating point in one line."""
        return tr_id(
            "TrafficText.replicas_replicas_each_at_1f_requests",
            "replicas: {replicas}, each {at:.1f} requests at once at the peak: first token "
            "{ttft:.3f} s, {user:.1f} tokens/s per user, {util:.0%} busy",
        ).format(
            replicas=point.replicas,
            at=point.concurrency,
            ttft=point.ttft_s,
            user=point.tokens_per_s_per_user,
            util=point.utilization,
        )
