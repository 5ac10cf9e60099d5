"""Reading a traffic profile file, and the traffic and goal plans as JSON and as text."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from core.base.errors import InputError
from core.base.safe_json import read_json_file
from core.domain.traffic_profile import TrafficProfile, rule_field
from core.planning.traffic.goal import GoalOption, GoalPlan
from core.planning.traffic.search import TrafficOption, TrafficPlan
from core.planning.traffic.speed_source import ServingPoint
from core.texts.messages import Message, validation_message

MAX_PROFILE_BYTES = 1_000_000  # a profile is a few hundred bytes


def parse_profile(raw: Any) -> TrafficProfile:
    """Validate decoded JSON as a traffic profile; raise :class:`InputError` naming the field."""
    if not isinstance(raw, dict):
        raise InputError(Message("traffic.not_an_object"), field="traffic")
    try:
        return TrafficProfile.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        message = validation_message(first)
        field = ".".join(str(p) for p in first["loc"])
        if isinstance(message, Message):
            field = rule_field(message.key, field)
        raise InputError(message, field=f"traffic.{field}" if field else "traffic") from None


def load_profile_file(path: str | Path) -> TrafficProfile:
    """Read a traffic profile file (JSON)."""
    path = Path(path)
    try:
        raw = read_json_file(path, max_bytes=MAX_PROFILE_BYTES)
    except FileNotFoundError:
        raise InputError(Message("request.missing_file", path=str(path))) from None
    return parse_profile(raw)


def parse_deadline(text: str) -> datetime:
    """``--deadline``: an ISO date and time with its zone, or a date (the end of that day, UTC).

    Raises:
        InputError: Not an ISO date or time, or a time without a zone.
    """
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise InputError(Message("traffic.deadline_needs_zone"), field="--deadline") from None
    if len(text.strip()) == 10:  # a date alone: by the end of that day
        return datetime.combine(moment.date(), time(), UTC) + timedelta(days=1)
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise InputError(Message("traffic.deadline_needs_zone"), field="--deadline")
    return moment.astimezone(UTC)


def point_json(point: ServingPoint | None) -> dict[str, Any] | None:
    """An operating point as JSON."""
    if point is None:
        return None
    return {
        "ttft_s": point.ttft_s,
        "tpot_s": point.tpot_s,
        "tokens_per_s_per_user": point.tokens_per_s_per_user,
        "tokens_per_s_per_gpu": point.tokens_per_s_per_gpu,
        "requests_per_s_per_replica": point.requests_per_s,
        "band": point.band,
        "source": point.kind,
    }


def _option_json(o: TrafficOption) -> dict[str, Any]:
    cap = o.capacity
    return {
        "gpu": o.gpu.id,
        "layout": o.layout_name,
        "tensor_parallel": o.tp,
        "data_parallel": cap.layout.dp,
        "expert_parallel": cap.layout.gpus if cap.layout.expert_parallel else None,
        "gpus_per_replica": o.replica_gpus,
        "replicas": o.replicas,
        "gpus": o.gpus,
        "max_concurrency_per_replica": cap.concurrency,
        "held_at_once": cap.cap,
        "binding": o.binding,
        "binding_text": str(o.binding_text),
        "concurrency_per_replica": o.load_concurrency,
        "utilization": o.utilization,
        "operating_point": point_json(o.point),
        "at_max_concurrency": point_json(cap.best),
        "price": o.price.as_json(),
        "per_million_tokens": str(o.per_million_tokens) if o.per_million_tokens else None,
        "per_million_output_tokens": str(o.per_million_output) if o.per_million_output else None,
        "reason": o.reason or None,
    }


def traffic_to_json(plan: TrafficPlan) -> dict[str, Any]:
    """The traffic plan as ``plan --traffic --json`` prints it."""
    return {
        "profile": plan.profile.model_dump(mode="json"),
        "peak_requests_per_s": plan.profile.peak_rps,
        "average_requests_per_s": plan.profile.average_rps,
        "speed": str(plan.note),
        "options": [_option_json(o) for o in plan.options],
        "infeasible": [_option_json(o) for o in plan.infeasible],
        "unreachable": str(plan.unreachable) if plan.unreachable else None,
        "unreachable_field": plan.unreachable_field,
    }


def _goal_option_json(o: GoalOption) -> dict[str, Any]:
    return {
        "gpu": o.option.gpu.id,
        "gpus": o.option.estimate.gpus,
        "strategy": o.option.estimate.strategy,
        "tokens_per_s": o.tokens_per_s,
        "run_hours": o.run_hours,
        "meets_deadline": o.meets,
        "late_hours": o.late_hours,
        "term": o.term.as_dict() if o.term else None,
        "band": o.band,
    }


def goal_to_json(plan: GoalPlan) -> dict[str, Any]:
    """The training goal's plan as ``plan --deadline --json`` prints it."""
    return {
        "tokens": plan.tokens,
        "start": plan.start.isoformat(),
        "deadline": plan.deadline.isoformat(),
        "available_hours": plan.available_hours,
        "summary": str(plan.summary),
        "fastest": str(plan.fastest) if plan.fastest else None,
        "on_time": [_goal_option_json(o) for o in plan.on_time],
        "late": [_goal_option_json(o) for o in plan.late],
    }


def format_traffic(plan: TrafficPlan, *, shown: int = 15, show_all: bool = False) -> str:
    """A readable table of the traffic plan, cheapest first."""
    p = plan.profile
    lines = [
        f"Serving {p.peak_rps:.3g} requests/s at peak ({p.average_rps:.3g} on average), "
        f"{p.input_tokens.mean} tokens in, {p.output_tokens.mean} out, for "
        f"{plan.request.term.count} × {plan.request.term.unit} (cheapest first)"
    ]
    listed = plan.options if show_all else plan.options[:shown]
    if listed:
        lines.append(
            f"  {'':2}{'GPU':<16}{'layout':<19}{'×rep':>5}{'GPUs':>5}{'conc':>7}{'TTFT s':>8}"
            f"{'TPOT ms':>8}{'tok/s/u':>8}{'util':>6}{'total':>14}{'1M tok':>10}"
        )
        for i, o in enumerate(listed):
            assert o.point is not None
            mark = "* " if i == 0 else "  "
            lines.append(
                f"  {mark}{o.gpu.id:<16}{o.layout_name:<19}{o.replicas:>5}{o.gpus:>5}"
                f"{o.load_concurrency:>7.1f}{o.point.ttft_s:>8.3f}{o.point.tpot_s * 1000:>8.1f}"
                f"{o.point.tokens_per_s_per_user:>8.1f}{o.utilization:>6.0%}"
                f"{o.price.total:>10} {o.price.currency}"
                f"{o.per_million_tokens if o.per_million_tokens is not None else '-':>10}"
                f"  {o.binding_text}"
            )
        if len(listed) < len(plan.options):
            lines.append(f"  … {len(plan.options) - len(listed)} more (--all)")
    else:
        lines.append(f"  {plan.unreachable}")
    lines.append(f"  ({plan.note})")
    rest = plan.infeasible if show_all else plan.infeasible[:10]
    if rest:
        lines.append("")
        lines.append(f"Cannot serve it ({len(plan.infeasible)}):")
        for o in rest:
            lines.append(f"  {o.gpu.id:<16}{o.layout_name:<19}  {o.reason}")
        if len(rest) < len(plan.infeasible):
            lines.append(f"  … {len(plan.infeasible) - len(rest)} more (--all)")
    return "\n".join(lines)


def format_goal(plan: GoalPlan, *, shown: int = 10) -> str:
    """A readable answer to the training goal."""
    lines = [
        f"Training {plan.tokens:,} tokens from {plan.start.isoformat()} by "
        f"{plan.deadline.isoformat()} ({plan.available_hours:,.1f} h)",
        f"  {plan.summary}",
    ]
    if plan.fastest:
        lines.append(f"  {plan.fastest}")
    for title, group in (("On time", plan.on_time), ("Late", plan.late)):
        if not group:
            continue
        lines.append("")
        lines.append(f"{title} ({len(group)}, cheapest term first):")
        for o in group[:shown]:
            term = f"{o.term.count} × {o.term.unit} {o.term.compute}" if o.term else "-"
            late = f"  {o.late_hours:,.1f} h late" if not o.meets else ""
            lines.append(
                f"  {o.option.gpu.id:<16}{o.option.estimate.gpus:>3}  "
                f"{o.option.estimate.strategy:<7}{o.run_hours:>10,.1f} h  {term}{late}"
            )
    return "\n".join(lines)
