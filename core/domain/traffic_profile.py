"""What a user asks of a service or a training run: the traffic profile and the training goal.

These are plain data, validated by pydantic like the rest of the request (a saved request carries
them, :mod:`core.domain.request`); the search that answers them is :mod:`core.planning.traffic`.

- :class:`TrafficProfile`: the request rate (average and peak, per second or per minute) or the
  tokens per day; the input and output lengths (mean and p90); the latency target (time to first
  token p50/p90, time per output token or tokens/s per user); the spare capacity (whole replicas
  and/or a fraction of the peak).
- :class:`TrainingGoal`: the tokens to train (or epochs of the request's data set) and the
  deadline, an aware date and time.

A rule over two fields names the field the user has to change (``input_tokens.p90``,
``peak_per_unit``); a deadline in the past is checked where the plan is made, against its clock.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from core.domain.workload_options import SECTION
from core.texts.messages import Message

RateUnit = Literal["second", "minute"]
UNIT_SECONDS: dict[str, int] = {"second": 1, "minute": 60}
SECONDS_PER_DAY = 86_400
MAX_TOKENS = 10_000_000  # the request's own bound on a context (core.domain.workload_options)


class Lengths(BaseModel):
    """Tokens of a request's prompt or answer: the mean and the 90th percentile."""

    model_config = SECTION

    mean: int = Field(ge=1, le=MAX_TOKENS)
    p90: int | None = Field(default=None, ge=1, le=MAX_TOKENS, description="the mean when absent")

    @model_validator(mode="after")
    def _p90_not_below_mean(self) -> Lengths:
        if self.p90 is not None and self.p90 < self.mean:
            raise ValueError(Message("traffic.p90_below_mean", p90=self.p90, mean=self.mean))
        return self

    @property
    def high(self) -> int:
        """The 90th percentile (the mean when no p90 was given)."""
        return self.p90 if self.p90 is not None else self.mean


class LatencyTarget(BaseModel):
    """The service level objective: each figure is a ceiling (or, for tokens/s, a floor)."""

    model_config = SECTION

    ttft_p50_s: float | None = Field(default=None, gt=0, le=3600, description="seconds")
    ttft_p90_s: float | None = Field(default=None, gt=0, le=3600, description="seconds")
    tpot_s: float | None = Field(
        default=None, gt=0, le=60, description="time per output token, seconds"
    )
    tokens_per_s_per_user: float | None = Field(default=None, gt=0, le=100_000)

    @model_validator(mode="after")
    def _p90_not_below_p50(self) -> LatencyTarget:
        p50, p90 = self.ttft_p50_s, self.ttft_p90_s
        if p50 is not None and p90 is not None and p90 < p50:
            raise ValueError(Message("traffic.ttft_p90_below_p50", p90=p90, p50=p50))
        return self

    @property
    def tpot_ceiling(self) -> float | None:
        """The longest time per output token allowed: the tighter of the two ways to say it."""
        found = [self.tpot_s] if self.tpot_s is not None else []
        if self.tokens_per_s_per_user is not None:
            found.append(1.0 / self.tokens_per_s_per_user)
        return min(found) if found else None


class Spare(BaseModel):
    """Capacity kept beyond the peak: whole replicas, and a fraction of the peak rate."""

    model_config = SECTION

    replicas: int = Field(default=0, ge=0, le=1000)
    fraction: float = Field(default=0.0, ge=0, le=10)


class SavedPoint(BaseModel):
    """The operating point chosen for a profile, as a quote keeps it (what the plan answered).

    The layout it belongs to is the request's own (its offer and parallelism: replicas ×
    tensor-parallel GPUs); the figures are those of the speed source named.
    """

    model_config = SECTION

    concurrency: float = Field(gt=0, le=1_000_000, description="requests in flight per replica")
    replicas: int = Field(ge=1, le=100_000)
    ttft_s: float = Field(gt=0, le=1e6)
    tpot_s: float = Field(gt=0, le=1e6)
    utilization: float = Field(gt=0, le=1)
    source: Literal["roofline", "speed-model"] = "roofline"

    @property
    def tokens_per_s_per_user(self) -> float:
        """Output tokens per second one request sees."""
        return 1.0 / self.tpot_s


class TrafficProfile(BaseModel):
    """The traffic a service must carry and the latency it must keep."""

    model_config = SECTION

    rate_unit: RateUnit = "second"
    average_per_unit: float | None = Field(
        default=None, gt=0, le=1e9, description="requests per rate_unit, on average"
    )
    peak_per_unit: float | None = Field(
        default=None, gt=0, le=1e9, description="requests per rate_unit at the peak"
    )
    tokens_per_day: int | None = Field(
        default=None, gt=0, le=10**16, description="input and output tokens per day, instead"
    )
    input_tokens: Lengths
    output_tokens: Lengths
    latency: LatencyTarget = LatencyTarget()
    spare: Spare = Spare()
    operating_point: SavedPoint | None = Field(
        default=None, description="the operating point chosen for it (the app saves it)"
    )

    @model_validator(mode="after")
    def _one_rate(self) -> TrafficProfile:
        given = [self.average_per_unit, self.peak_per_unit, self.tokens_per_day]
        if all(v is None for v in given):
            raise ValueError(Message("traffic.no_rate"))
        if self.tokens_per_day is not None and self.average_per_unit is not None:
            raise ValueError(Message("traffic.rate_twice"))
        average, peak = self.average_rps, self.peak_per_unit
        if peak is not None and peak / UNIT_SECONDS[self.rate_unit] < average:
            raise ValueError(
                Message("traffic.peak_below_average", peak=peak, average=self.average_display)
            )
        return self

    @property
    def average_rps(self) -> float:
        """The average request rate per second (from the tokens per day when given so)."""
        if self.average_per_unit is not None:
            return self.average_per_unit / UNIT_SECONDS[self.rate_unit]
        if self.tokens_per_day is not None:
            tokens = self.input_tokens.mean + self.output_tokens.mean
            return self.tokens_per_day / tokens / SECONDS_PER_DAY
        assert self.peak_per_unit is not None
        return self.peak_per_unit / UNIT_SECONDS[self.rate_unit]

    @property
    def average_display(self) -> float:
        """The average rate in the profile's own unit."""
        return self.average_rps * UNIT_SECONDS[self.rate_unit]

    @property
    def peak_rps(self) -> float:
        """The peak request rate per second (the average when no peak was given)."""
        if self.peak_per_unit is not None:
            return self.peak_per_unit / UNIT_SECONDS[self.rate_unit]
        return self.average_rps

    def scaled(self, factor: float) -> TrafficProfile:
        """The same profile with every rate times ``factor`` ("what if traffic doubles")."""
        update: dict[str, float | int | None] = {}
        for name in ("average_per_unit", "peak_per_unit"):
            value = getattr(self, name)
            update[name] = value * factor if value is not None else None
        if self.tokens_per_day is not None:
            update["tokens_per_day"] = max(round(self.tokens_per_day * factor), 1)
        return self.model_copy(update={**update, "operating_point": None})


class TrainingGoal(BaseModel):
    """Train so many tokens by a deadline."""

    model_config = SECTION

    tokens: int | None = Field(
        default=None,
        ge=1,
        le=10**16,
        description="tokens to train; the request's data set when absent",
    )
    epochs: float = Field(default=1.0, gt=0, le=10_000, description="passes over those tokens")
    deadline: datetime

    @field_validator("deadline")
    @classmethod
    def _aware(cls, value: datetime) -> datetime:
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(Message("traffic.deadline_needs_zone"))
        return value.astimezone(UTC)

    def total_tokens(self, dataset_tokens: int) -> int:
        """Tokens the run trains: ``tokens`` (or the data set's) times the epochs."""
        return max(round((self.tokens or dataset_tokens) * self.epochs), 1)


# A rule over two fields is raised by the model holding both, which pydantic names; the field the
# message asks the user to change is that model's field below.
_RULE_FIELD = {
    "traffic.p90_below_mean": "p90",
    "traffic.ttft_p90_below_p50": "ttft_p90_s",
    "traffic.peak_below_average": "peak_per_unit",
    "traffic.rate_twice": "tokens_per_day",
}


def rule_field(key: str, field: str) -> str:
    """The field a two-field rule of this module names, under the model at ``field``."""
    leaf = _RULE_FIELD.get(key)
    if leaf is None:
        return field
    return f"{field}.{leaf}" if field else leaf
