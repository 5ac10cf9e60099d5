"""The cost of the outcome: per million tokens, per training run, per thousand images.

A price per hour says little until it is divided by what the hour produces. Here the price of the
option (its total for the term over the term's hours: compute, storage and tax together) is divided
by the speeds the estimate carries:

- Serving: the step model (:mod:`core.speed`) at the request's operating point (input and output
  lengths, concurrent sequences): prompt tokens at the prefill share of the wall time, generated
  tokens at the decode share, priced separately as serving APIs bill input and output, so a
  request's two bills add up to its wall time. Each price holds within the speed's band (a speed
  × or ÷ (1 + band) divides the price the other way). ``utilization`` is the share of the paid
  term the GPUs are busy; 1 (the default) is a server kept at that load all the time.
- Training: the run's wall hours are ``tokens × k·N_active ÷ (GPUs × peak × MFU)`` (k = 6 for full
  training, see :func:`core.throughput.training_flops_per_token`), its GPU-hours that times the
  GPUs, its cost the hours at the option's hourly price. The MFU is the request's
  ``training.mfu`` (0.4 by default, sourced in :mod:`core.throughput`). The term that covers the
  run is proposed, and the share of the run the chosen term buys is stated.
- Diffusion: images per hour at the estimate's bound, per 1,000 images.

A layout that does not fit, or that its engine refuses to start, produces nothing: its outcome
keeps the hourly price and no cost per unit.

Money stays :class:`~decimal.Decimal`: speeds enter through their decimal text, never as floats
in a sum of money. Per-unit prices keep four decimals (half up); run costs the currency's minor
unit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from core.catalog import TERM_UNITS, TermUnit
from core.estimate import EstimateResult
from core.messages import Message
from core.pricing import Price, round_money
from core.terms import MAX_TERM_COUNT, UNIT_HOURS

PER_UNIT = Decimal("0.0001")
MILLION = Decimal(1_000_000)
THOUSAND = Decimal(1000)


@dataclass(frozen=True)
class TermProposal:
    """The cheapest fixed term that covers a training run, and its compute price."""

    unit: TermUnit
    count: int
    hours: int
    compute: Decimal

    def as_dict(self) -> dict[str, Any]:
        """The proposal as JSON (money as a decimal string)."""
        return {
            "unit": self.unit,
            "count": self.count,
            "hours": self.hours,
            "compute": str(self.compute),
        }


@dataclass(frozen=True)
class OutcomeCost:
    """What one option costs per unit of outcome (None where the workload has no such unit)."""

    currency: str
    utilization: Decimal
    hourly: Decimal
    per_million_input: Decimal | None = None
    per_million_output: Decimal | None = None
    run_hours: float | None = None
    run_gpu_hours: float | None = None
    run_cost: Decimal | None = None
    run_share_of_term: Decimal | None = None  # the share of the run the chosen term buys (≤ 1)
    proposed_term: TermProposal | None = None
    per_thousand_images: Decimal | None = None
    mfu: float | None = None
    flops_factor: int | None = None
    speed_band: float | None = None  # relative band of the speeds behind the per-token prices

    def _range(self, value: Decimal | None) -> tuple[Decimal, Decimal] | None:
        """``value``'s range over the speed band (the price of the speed's high and low end)."""
        if value is None or self.speed_band is None:
            return None
        factor = Decimal(str(1 + self.speed_band))
        return (
            (value / factor).quantize(PER_UNIT, ROUND_HALF_UP),
            (value * factor).quantize(PER_UNIT, ROUND_HALF_UP),
        )

    def as_dict(self) -> dict[str, Any]:
        """The ``outcome`` object of the JSON outputs."""

        def money(value: Decimal | None) -> str | None:
            return str(value) if value is not None else None

        return {
            "currency": self.currency,
            "utilization": str(self.utilization),
            "hourly": str(self.hourly),
            "per_million_input_tokens": money(self.per_million_input),
            "per_million_output_tokens": money(self.per_million_output),
            "run_hours": self.run_hours,
            "run_gpu_hours": self.run_gpu_hours,
            "run_cost": money(self.run_cost),
            "run_share_of_term": money(self.run_share_of_term),
            "proposed_term": self.proposed_term.as_dict() if self.proposed_term else None,
            "per_thousand_images": money(self.per_thousand_images),
            "mfu": self.mfu,
            "speed_band": self.speed_band,
            "per_million_input_range": _strs(self._range(self.per_million_input)),
            "per_million_output_range": _strs(self._range(self.per_million_output)),
        }

    def messages(self, term_hours: int) -> list[str]:
        """Keyed messages that state the figures and their assumptions."""
        found: list[str] = []
        if self.per_million_input is not None and self.per_million_output is not None:
            found.append(
                Message(
                    "outcome.tokens",
                    input=str(self.per_million_input),
                    output=str(self.per_million_output),
                    currency=self.currency,
                    utilization=float(self.utilization),
                )
            )
            low_in = self._range(self.per_million_input)
            low_out = self._range(self.per_million_output)
            if low_in is not None and low_out is not None and self.speed_band is not None:
                found.append(
                    Message(
                        "outcome.tokens_band",
                        band=self.speed_band,
                        input_low=str(low_in[0]),
                        input_high=str(low_in[1]),
                        output_low=str(low_out[0]),
                        output_high=str(low_out[1]),
                        currency=self.currency,
                    )
                )
        if self.run_cost is not None and self.run_hours is not None:
            found.append(
                Message(
                    "outcome.run",
                    gpu_hours=self.run_gpu_hours or 0.0,
                    hours=self.run_hours,
                    gpus=round((self.run_gpu_hours or 0.0) / self.run_hours)
                    if self.run_hours
                    else 1,
                    cost=str(self.run_cost),
                    currency=self.currency,
                    factor=self.flops_factor or 0,
                    mfu=self.mfu or 0.0,
                )
            )
            if self.proposed_term is not None:
                found.append(
                    Message(
                        "outcome.term_covers",
                        count=self.proposed_term.count,
                        unit=self.proposed_term.unit,
                        hours=self.proposed_term.hours,
                    )
                )
            if self.run_share_of_term is not None and self.run_share_of_term < 1:
                found.append(
                    Message(
                        "outcome.term_share", hours=term_hours, share=float(self.run_share_of_term)
                    )
                )
        if self.per_thousand_images is not None:
            found.append(
                Message(
                    "outcome.images",
                    cost=str(self.per_thousand_images),
                    currency=self.currency,
                    utilization=float(self.utilization),
                )
            )
        return found


def _strs(pair: tuple[Decimal, Decimal] | None) -> list[str] | None:
    return [str(pair[0]), str(pair[1])] if pair is not None else None


def _per(hourly: Decimal, units_per_hour: float | None, scale: Decimal) -> Decimal | None:
    """``hourly`` over ``units_per_hour`` × ``scale`` units, four decimals; None without a speed."""
    if not units_per_hour or units_per_hour <= 0 or not math.isfinite(units_per_hour):
        return None
    return (hourly * scale / Decimal(str(units_per_hour))).quantize(PER_UNIT, ROUND_HALF_UP)


def propose_term(result: EstimateResult, run_hours: float, currency: str) -> TermProposal | None:
    """The cheapest whole term (any unit) whose hours cover ``run_hours`` for this option."""
    best: TermProposal | None = None
    for unit in TERM_UNITS:
        count = max(1, math.ceil(run_hours / UNIT_HOURS[unit]))
        if count > MAX_TERM_COUNT:
            continue
        hours = count * UNIT_HOURS[unit]
        rate = result.gpu.price_per_gpu_hour.for_unit(unit)
        compute = round_money(rate * result.gpus * hours, currency)
        if best is None or (compute, hours) < (best.compute, best.hours):
            best = TermProposal(unit, count, hours, compute)
    return best


def outcome_cost(
    result: EstimateResult, price: Price, *, utilization: Decimal = Decimal(1)
) -> OutcomeCost:
    """The cost of the outcome of ``result`` priced at ``price`` (its term and GPUs).

    Args:
        result: The estimate (its throughput bounds).
        price: The option's price for the term; its total over its hours is the hourly price.
        utilization: Share of the paid term the GPUs are busy, above 0 up to 1.
    """
    if not Decimal(0) < utilization <= Decimal(1):
        from core.errors import InputError

        raise InputError(Message("outcome.utilization_range", utilization=str(utilization)))
    hourly = price.total / Decimal(price.hours)
    busy = hourly / utilization  # the price of one busy hour
    t = result.throughput
    currency = price.currency
    if not result.fits:  # a layout that does not fit (or vLLM would not start) produces nothing
        return OutcomeCost(currency, utilization, hourly)
    if result.request.workload == "inference":
        return OutcomeCost(
            currency,
            utilization,
            hourly,
            per_million_input=_per(busy, (t.prefill_tokens_per_s or 0) * 3600, MILLION),
            per_million_output=_per(busy, (t.decode_tokens_per_s or 0) * 3600, MILLION),
            speed_band=t.band,
        )
    if result.request.workload == "diffusion":
        return OutcomeCost(
            currency,
            utilization,
            hourly,
            per_thousand_images=_per(busy, t.images_per_hour, THOUSAND),
        )
    run = t.job_hours
    if run is None or not math.isfinite(run):
        return OutcomeCost(currency, utilization, hourly, mfu=result.request.training.mfu)
    from core.throughput import training_flops_per_token

    active = max(result.model.params_active, 1)
    tr = result.request.training
    factor = (
        training_flops_per_token(
            active, method=tr.method, checkpointing=tr.activation_checkpointing
        )
        // active
    )
    busy_hours = Decimal(str(run)) / utilization
    return OutcomeCost(
        currency,
        utilization,
        hourly,
        run_hours=run,
        run_gpu_hours=run * result.gpus,
        run_cost=round_money(hourly * busy_hours, currency),
        run_share_of_term=min(
            Decimal(price.hours) * utilization / Decimal(str(run)), Decimal(1)
        ).quantize(PER_UNIT, ROUND_HALF_UP)
        if run > 0
        else Decimal(1),
        proposed_term=propose_term(result, float(busy_hours), currency),
        mfu=tr.mfu,
        flops_factor=factor,
    )
