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
- Training: the run's wall hours are its tokens over the estimate's tokens per second: the
  speed model calibrated on published runs (:mod:`core.speed.training`), or, when the request
  states its own ``training.mfu``, ``tokens × k·N_active ÷ (GPUs × peak × MFU)`` (k = 6 for full
  training, see :func:`core.capacity.throughput.training_flops_per_token`). Its GPU-hours are that
  times the GPUs, its cost the hours at the option's hourly price, and with the model its cost at
  the fast and slow ends of the speed's band. The term that covers the run is proposed, and the
  share of the run the chosen term buys is stated.
- Diffusion: images per hour from :mod:`core.speed.diffusion`, per 1,000 images, with the
  costs at the ends of the speed's band.

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

from core.base.errors import InputError
from core.capacity.throughput import training_flops_per_token
from core.domain.catalog import TERM_UNITS, TermUnit
from core.domain.terms import MAX_TERM_COUNT, UNIT_HOURS
from core.estimate.results import EstimateResult
from core.pricing.money import round_money
from core.pricing.prices import Price
from core.texts.messages import Message
from core.texts.words import UNITS

PER_UNIT = Decimal("0.0001")
MILLION = Decimal(1_000_000)
THOUSAND = Decimal(1000)
# The smallest busy share: 0.1 %, 43 busy minutes of a 30-day month. A finite share as small as
# 1e-999 made the price of a busy hour 1e999, which no rounding of money can hold.
MIN_UTILIZATION = Decimal("0.001")
# The largest cost of an outcome computed: 10^20 in the catalog's currency. Rounded to four
# decimals it keeps 24 digits, inside Decimal's default 28; a larger one comes only from
# figures out of every real range and is refused in words rather than failing in arithmetic.
MAX_OUTCOME_COST = Decimal(10) ** 20


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
    # The speed's relative band carried into money: a slower run costs more (core.speed). Serving
    # prices span ÷ and × (1 + band); a training run and images span ÷ (1 + band) to ÷ (1 − band).
    speed_band: float | None = None
    run_cost_low: Decimal | None = None
    run_cost_high: Decimal | None = None
    per_thousand_images_low: Decimal | None = None
    per_thousand_images_high: Decimal | None = None

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
            "run_cost_low": money(self.run_cost_low),
            "run_cost_high": money(self.run_cost_high),
            "per_thousand_images_low": money(self.per_thousand_images_low),
            "per_thousand_images_high": money(self.per_thousand_images_high),
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
            gpus = round((self.run_gpu_hours or 0.0) / self.run_hours) if self.run_hours else 1
            if self.run_cost_low is not None and self.run_cost_high is not None:
                found.append(
                    Message(
                        "outcome.run_band" if gpus == 1 else "outcome.run_band_gpus",
                        gpu_hours=self.run_gpu_hours or 0.0,
                        hours=self.run_hours,
                        gpus=gpus,
                        cost=str(self.run_cost),
                        cost_low=str(self.run_cost_low),
                        cost_high=str(self.run_cost_high),
                        band=self.speed_band or 0.0,
                        currency=self.currency,
                    )
                )
            else:
                found.append(
                    Message(
                        "outcome.run" if gpus == 1 else "outcome.run_gpus",
                        gpu_hours=self.run_gpu_hours or 0.0,
                        hours=self.run_hours,
                        gpus=gpus,
                        cost=str(self.run_cost),
                        currency=self.currency,
                        factor=self.flops_factor or 0,
                        mfu=self.mfu or 0.0,
                    )
                )
            if self.proposed_term is not None:
                unit, one = self.proposed_term.unit, self.proposed_term.count == 1
                found.append(
                    Message(
                        f"outcome.term_covers.{unit}" + (".one" if one else ""),
                        count=self.proposed_term.count,
                        unit=UNITS[self.proposed_term.unit],
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
            if self.per_thousand_images_low is not None and self.per_thousand_images_high:
                found.append(
                    Message(
                        "outcome.images_band",
                        cost_low=str(self.per_thousand_images_low),
                        cost_high=str(self.per_thousand_images_high),
                        band=self.speed_band or 0.0,
                        currency=self.currency,
                    )
                )
        return found


def _strs(pair: tuple[Decimal, Decimal] | None) -> list[str] | None:
    return [str(pair[0]), str(pair[1])] if pair is not None else None


def _per(hourly: Decimal, units_per_hour: float | None, scale: Decimal) -> Decimal | None:
    """``hourly`` over ``units_per_hour`` × ``scale`` units, four decimals; None without a speed."""
    if not units_per_hour or units_per_hour <= 0 or not math.isfinite(units_per_hour):
        return None
    cost = _bounded(hourly * scale / Decimal(str(units_per_hour)))
    return cost.quantize(PER_UNIT, ROUND_HALF_UP)


def _bounded(value: Decimal) -> Decimal:
    """``value`` when it is at most :data:`MAX_OUTCOME_COST`.

    Raises:
        InputError: It is larger: the speeds or prices it comes from are out of range.
    """
    if not value <= MAX_OUTCOME_COST:
        raise InputError(Message("outcome.too_large", limit=f"{MAX_OUTCOME_COST:.0e}"))
    return value


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
    if not MIN_UTILIZATION <= utilization <= Decimal(1):
        raise InputError(Message("outcome.utilization_range", utilization=str(utilization)))
    hourly = price.total / Decimal(price.hours)
    busy = _bounded(hourly / utilization)  # the price of one busy hour
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
        band = t.speed_band
        iph = t.images_per_hour
        return OutcomeCost(
            currency,
            utilization,
            hourly,
            per_thousand_images=_per(busy, iph, THOUSAND),
            speed_band=band,
            # faster by the band is cheaper, slower dearer
            per_thousand_images_low=_per(busy, iph * (1 + band), THOUSAND)
            if band and iph
            else None,
            per_thousand_images_high=_per(busy, iph * (1 - band), THOUSAND)
            if band and iph and band < 1
            else None,
        )
    run = t.job_hours
    if run is None or not math.isfinite(run):
        return OutcomeCost(currency, utilization, hourly, mfu=result.request.training.mfu)
    active = max(result.model.params_active, 1)
    tr = result.request.training
    factor = (
        training_flops_per_token(
            active, method=tr.method, checkpointing=tr.activation_checkpointing
        )
        // active
    )
    busy_hours = _bounded(Decimal(str(run)) / utilization)
    band = t.speed_band
    low = high = None
    if band is not None and 0 < band < 1:  # the run at the fast and the slow end of its band
        low = round_money(hourly * busy_hours / Decimal(str(1 + band)), currency)
        high = round_money(hourly * busy_hours / Decimal(str(1 - band)), currency)
    return OutcomeCost(
        currency,
        utilization,
        hourly,
        run_hours=run,
        run_gpu_hours=run * result.gpus,
        run_cost=round_money(_bounded(hourly * busy_hours), currency),
        run_share_of_term=min(
            Decimal(price.hours) * utilization / Decimal(str(run)), Decimal(1)
        ).quantize(PER_UNIT, ROUND_HALF_UP)
        if run > 0
        else Decimal(1),
        proposed_term=propose_term(result, float(busy_hours), currency),
        mfu=tr.mfu if band is None else None,  # the calibrated model states its own
        flops_factor=factor,
        speed_band=band,
        run_cost_low=low,
        run_cost_high=high,
    )
