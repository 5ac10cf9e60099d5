"""Planning from the outcome: traffic profiles, the search, training goals and their errors."""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from types import SimpleNamespace
from typing import Any, cast

import pytest

from core.base.errors import InputError
from core.capacity.throughput import peak_flops
from core.domain.catalog import default_catalog
from core.domain.request_parsing import parse_request, read_saved_request
from core.estimate.dispatch import estimate_on, resolve
from core.planning.traffic import (
    OperatingPoint,
    ServingLayout,
    TrafficPlan,
    TrafficProfile,
    TrainingGoal,
    capacities,
    option_at,
    plan_goal,
    plan_traffic,
    saved_point,
    what_if,
)
from core.planning.traffic.capacity import capacity_of, serving_request
from core.planning.traffic.report import parse_deadline, parse_profile
from core.planning.traffic.search import operating_concurrency, size
from core.planning.traffic.speed_model_source import default_serving
from core.planning.traffic.speed_source import (
    RooflineFigures,
    RooflineServing,
    roofline_figures,
)
from core.pricing.prices import price_for
from tests.cli_helpers import run_cli, write_request

NOTE_KEY = {"roofline": "traffic.roofline", "speed-model": "traffic.speed_model"}
NOW = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)
PROFILE: dict[str, Any] = {
    "rate_unit": "minute",
    "average_per_unit": 200,
    "peak_per_unit": 300,
    "input_tokens": {"mean": 2000, "p90": 3000},
    "output_tokens": {"mean": 400, "p90": 800},
    "latency": {"ttft_p90_s": 1.0, "tokens_per_s_per_user": 30},
    "spare": {"replicas": 1},
}


def profile(**changes: Any) -> TrafficProfile:
    return TrafficProfile.model_validate({**PROFILE, **changes})


# ---- a replica whose figures are hand-picked ------------------------------------------------
# 1,000 GB/s; 10 GB of weights per GPU; 100 kB of cache per token; 100,000 tokens/s of matmuls.
# At 1,000 tokens in and 100 out (context 1,050 on average), a step of c requests reads
# 1e10 + c·1.05e8 bytes (0.01 + c·1.05e-4 s) and runs c·(1 + 1000/100) = 11c tokens of matmuls
# (c·1.1e-4 s): the two meet at the knee c = 0.01 / 5e-6 = 2,000, where a step takes 0.22 s.
HAND = {"bandwidth": 1000.0, "weights": 10_000_000_000, "kv_seq": 100_000_000, "compute": 1e5}


def hand_layout(at_once: int = 3000, max_seqs: int = 4096) -> ServingLayout:
    gpu = default_catalog().gpus[0].model_copy(update={"gpus_per_node": 8})
    estimate = SimpleNamespace(
        details={
            "vllm_start_up": {"sequences_at_once": at_once},
            "vllm_profile": {"max_num_seqs": max_seqs},
        },
    )
    return ServingLayout(gpu, 1, cast(Any, estimate), cast(Any, None), cast(Any, None))


def hand_source() -> RooflineServing:
    figures = RooflineFigures(
        bandwidth=HAND["bandwidth"] * 1e9,
        weights=HAND["weights"],
        kv_per_token=HAND["kv_seq"] / 1000,
        compute=HAND["compute"],
        tp=1,
    )
    return RooflineServing(lambda _layout: figures)


def test_roofline_figures_follow_the_estimate():
    """The roofline reads the estimate's bytes and runs matmuls at the prefill bound's rate."""
    catalog = default_catalog()
    gpu = catalog.gpu("h100-80gb-sxm")
    request = parse_request(
        {
            "model": {"preset": "llama-3.1-8b"},
            "gpu": gpu.id,
            "inference": {"context_tokens": 4096, "concurrent_sequences": 1},
        }
    )
    model = resolve(request)
    result = estimate_on(request, model, gpu)
    figures = roofline_figures(ServingLayout(gpu, 1, result, request, model))
    # bf16 weights run at the bf16 peak: 2·N_active FLOPs a token at the request's 0.4 MFU
    assert figures.compute == pytest.approx(
        peak_flops(gpu, "bf16") * 0.4 / (2 * result.model.params_active)
    )
    assert figures.weights == result.memory.weights + result.memory.quantization_metadata
    assert figures.kv_per_token * 4096 == pytest.approx(
        result.details["kv_cache_bytes_per_sequence"]
    )
    assert figures.bandwidth == gpu.memory_bandwidth_gbps * 1e9


def hand_profile(**latency: float) -> TrafficProfile:
    return TrafficProfile.model_validate(
        {
            "average_per_unit": 1,
            "input_tokens": {"mean": 1000},
            "output_tokens": {"mean": 100},
            "latency": latency,
        }
    )


def test_roofline_of_one_request_by_hand():
    point = hand_source().at(hand_layout(), OperatingPoint(1000, 100, 1))
    assert point.tpot_s == pytest.approx(0.010105)  # (1e10 + 1.05e8) / 1e12
    assert point.ttft_s == pytest.approx(0.020105)  # 1000 / 1e5 + one step
    # in the system 0.020105 + 99 × 0.010105 = 1.0205 s: one request at a time, 1/1.0205 a second
    assert point.requests_per_s == pytest.approx(1 / 1.0205)
    assert point.tokens_per_s_per_gpu == pytest.approx(100 / 1.0205)
    assert point.band is None and point.kind == "roofline"


def test_littles_law_operating_point():
    """At 50 requests/s one replica holds rate × time in system of them (L = λW)."""
    source = hand_source()
    layout = hand_layout()
    cap = capacity_of(source, layout, hand_profile())
    c, point = operating_concurrency(source, cap, hand_profile(), 50.0)
    in_system = point.ttft_s + 99 * point.tpot_s
    assert c == pytest.approx(50.0 * in_system, rel=1e-6)  # the bisection's 2^-24
    # below the knee the step is memory-bound, TPOT = 0.01 + 1.05e-4·c, and a request is in the
    # system TTFT + 99 steps = 1e-2 + 100 steps = 1.01 + 1.05e-2·c; c = 50·T → c = 50.5 / 0.475
    assert c == pytest.approx(50.5 / 0.475, rel=1e-6)


def test_one_replica_at_its_knee():
    """A target of 0.22 s per token stops the replica exactly at its knee, c = 2,000."""
    source = hand_source()
    layout = hand_layout()
    cap = capacity_of(source, layout, hand_profile(tpot_s=0.22))
    assert cap.concurrency == 2000
    assert cap.binding == "tpot"
    assert cap.best is not None
    assert cap.best.tpot_s == pytest.approx(0.22)
    knee_rate = 2000 / (0.01 + 0.22 + 99 * 0.22)  # TTFT 1000/1e5 + a step; 90.868… requests/s
    assert cap.best.requests_per_s == pytest.approx(knee_rate)
    catalog = default_catalog()
    request = parse_request({"model": {"preset": "llama-3.1-8b"}})
    exact = hand_profile(tpot_s=0.22).model_copy(update={"average_per_unit": knee_rate})
    options, _ = size([cap], exact, request, catalog, source=source)
    assert options[0].replicas == 1 and options[0].utilization == pytest.approx(1.0)
    assert options[0].load_concurrency == pytest.approx(2000, rel=1e-9)
    more = exact.model_copy(update={"average_per_unit": knee_rate * 1.001})
    options, _ = size([cap], more, request, catalog, source=source)
    assert options[0].replicas == 2


def test_memory_and_max_num_seqs_bind_when_latency_allows():
    source = hand_source()
    cap = capacity_of(source, hand_layout(at_once=300), hand_profile(tpot_s=1.0))
    assert (cap.concurrency, cap.binding) == (300, "memory")
    cap = capacity_of(source, hand_layout(at_once=300, max_seqs=256), hand_profile(tpot_s=1.0))
    assert (cap.concurrency, cap.binding) == (256, "max_num_seqs")


def test_target_missed_alone_names_it():
    cap = capacity_of(hand_source(), hand_layout(), hand_profile(tpot_s=0.01))
    assert cap.concurrency == 0 and cap.binding == "tpot"
    assert "0.0101 s even alone" in cap.reason_parts[0]
    cap = capacity_of(hand_source(), hand_layout(), hand_profile(ttft_p50_s=0.02))
    assert cap.binding == "ttft" and "0.0201 s" in cap.reason_parts[0]


# ---- the search against a brute force ------------------------------------------------------


def _brute_force(request, prof, catalog):
    """Every degree, concurrency and replica count, checked directly: the cheapest that serves."""
    source = default_serving()
    base = serving_request(request, prof)
    model = resolve(base)
    best = None
    isl, osl, target = prof.input_tokens, prof.output_tokens, prof.latency
    wanted = prof.peak_rps * (1 + prof.spare.fraction)
    for gpu in [catalog.gpu(request.gpu)] if request.gpu else catalog.gpus:
        for tp in (1, 2, 4, 8):
            if tp > gpu.gpus_per_node:
                continue
            parallel = {"strategy": "tensor" if tp > 1 else "single", "gpus": tp}
            variant = base.model_copy(
                update={
                    "parallelism": base.parallelism.model_copy(
                        update={**parallel, "tensor_parallel": tp}
                    ),
                    "gpu": gpu.id,
                }
            )
            result = estimate_on(variant, model, gpu)
            if not result.fits:
                continue
            layout = ServingLayout(gpu, tp, result, variant, model)
            start = result.details["vllm_start_up"]
            cap = min(start["sequences_at_once"], result.details["vllm_profile"]["max_num_seqs"])
            for c in range(1, cap + 1):
                mean = source.at(layout, OperatingPoint(isl.mean, osl.mean, c))
                p90 = source.at(layout, OperatingPoint(isl.high, osl.mean, c))
                if target.tpot_ceiling is not None and mean.tpot_s > target.tpot_ceiling:
                    break
                if target.ttft_p90_s is not None and p90.ttft_s > target.ttft_p90_s:
                    break
                for replicas in range(1, gpu.max_gpus // tp + 1):
                    total = replicas + prof.spare.replicas
                    if total * tp > gpu.max_gpus:
                        break
                    if replicas * mean.requests_per_s >= wanted * (1 - 1e-9):
                        price = price_for(catalog, gpu, total * tp, request.term).total
                        key = (price, total * tp)
                        if best is None or key < best[0]:
                            best = (key, gpu.id, tp, total)
                        break
    return best


@pytest.mark.parametrize(
    ("preset", "gpu", "changes"),
    [
        ("llama-3.1-8b", "l4", {"latency": {"tpot_s": 0.05}}),
        ("llama-3.1-8b", "h100-80gb-sxm", {}),
        ("llama-3.1-70b", "a100-80gb", {"latency": {"tpot_s": 0.06}, "spare": {"fraction": 0.5}}),
        ("qwen2.5-7b", "l40s", {"latency": {"ttft_p90_s": 0.5}, "peak_per_unit": 600}),
    ],
)
def test_search_matches_brute_force(preset, gpu, changes):
    catalog = default_catalog()
    request = parse_request({"model": {"preset": preset}, "gpu": gpu})
    prof = profile(**changes)
    expected = _brute_force(request, prof, catalog)
    answer = plan_traffic(request, prof, catalog)
    if expected is None:
        assert not answer.options and answer.unreachable
        return
    first = answer.options[0]
    assert (first.price.total, first.gpus) == expected[0]
    assert first.replicas == expected[3] or first.tp != expected[2]


def test_plan_ranks_cheapest_first_and_names_bindings():
    catalog = default_catalog()
    request = parse_request({"model": {"preset": "llama-3.1-70b"}})
    answer = plan_traffic(request, profile(), catalog)
    totals = [o.price.total for o in answer.options]
    assert totals and totals == sorted(totals)
    for option in answer.options:
        assert option.binding in {"memory", "ttft", "tpot", "max_num_seqs"}
        assert option.point is not None
        assert option.point.tpot_s <= 1 / 30 * (1 + 1e-9)
        assert option.replicas * option.tp == option.gpus <= option.gpu.max_gpus
        assert option.replicas >= 2  # the spare replica on top of at least one
        assert 0 < option.utilization <= 1
    reasons = {o.binding for o in answer.infeasible}
    assert "memory" in reasons  # 70B in bf16 never fits one 24 GB L4
    assert "rate" in reasons  # some layouts would need more GPUs than their offer has
    for option in answer.infeasible:
        rate = any(p.key == "traffic.reason_rate" for p in option.reason_parts)
        assert (option.binding == "rate") == rate
    assert answer.note.key == NOTE_KEY[default_serving().kind]


def test_what_if_traffic_doubles_reuses_capacities():
    catalog = default_catalog()
    request = parse_request({"model": {"preset": "llama-3.1-8b"}})
    answer = plan_traffic(request, profile(), catalog)
    doubled = what_if(answer, 2.0, catalog)
    direct = plan_traffic(request, profile().scaled(2.0), catalog)
    assert [(o.gpu.id, o.tp, o.replicas, o.price.total) for o in doubled.options] == [
        (o.gpu.id, o.tp, o.replicas, o.price.total) for o in direct.options
    ]
    assert doubled.options[0].price.total >= answer.options[0].price.total


def test_tokens_per_day_is_a_rate():
    prof = TrafficProfile.model_validate(
        {
            "tokens_per_day": 86_400 * 2400,
            "input_tokens": {"mean": 2000},
            "output_tokens": {"mean": 400},
        }
    )
    assert prof.average_rps == pytest.approx(1.0)
    assert prof.peak_rps == pytest.approx(1.0)


def test_saved_request_reopens_with_the_same_answer():
    catalog = default_catalog()
    request = parse_request({"model": {"preset": "llama-3.1-8b"}, "traffic": PROFILE})
    saved = json.loads(request.canonical_json())
    reopened = read_saved_request(saved)
    assert reopened.traffic == request.traffic
    assert reopened.canonical_json() == request.canonical_json()
    first = plan_traffic(request, None, catalog).options[0]
    again = plan_traffic(reopened, None, catalog).options[0]
    assert (first.gpu.id, first.tp, first.replicas, first.price.total) == (
        again.gpu.id,
        again.tp,
        again.replicas,
        again.price.total,
    )
    assert first.point == again.point


def test_old_requests_keep_their_fingerprint():
    raw = {"model": {"preset": "llama-3.1-8b"}}
    text = parse_request(raw).canonical_json()
    assert '"traffic"' not in text and '"goal"' not in text


# ---- training goal -------------------------------------------------------------------------


def _training(**extra: Any):
    return parse_request(
        {
            "workload": "training",
            "model": {"preset": "llama-3.1-8b"},
            "gpu": "h100-80gb-sxm",
            "training": {"tokens": 1_000_000_000, "method": "lora"},
            "term": {"start": "2026-12-05T09:00:00+00:00"},
            **extra,
        }
    )


def test_deadline_met_exactly():
    request = _training()
    start = NOW
    generous = plan_goal(request, TrainingGoal(deadline=start + timedelta(days=365)), now=NOW)
    fastest = min(generous.on_time, key=lambda o: o.run_seconds)
    seconds = math.ceil(1_000_000_000 / fastest.tokens_per_s)
    assert fastest.run_seconds == seconds
    exact = plan_goal(request, TrainingGoal(deadline=start + timedelta(seconds=seconds)), now=NOW)
    assert exact.on_time and all(o.run_seconds <= seconds for o in exact.on_time)
    assert any(o.run_seconds == seconds for o in exact.on_time)
    short = plan_goal(
        request, TrainingGoal(deadline=start + timedelta(seconds=seconds - 1)), now=NOW
    )
    late = [o for o in short.late if o.option.estimate.gpus == fastest.option.estimate.gpus]
    assert late and late[0].late_hours == pytest.approx(1 / 3600)


def test_goal_picks_cheapest_on_time_and_its_term():
    request = _training()
    answer = plan_goal(request, TrainingGoal(deadline=NOW + timedelta(days=7)), now=NOW)
    costs = [o.term.compute for o in answer.on_time if o.term]
    assert costs == sorted(costs)
    first = answer.on_time[0]
    assert first.term is not None and first.term.hours >= first.run_hours
    assert "before the deadline" in answer.summary


def test_goal_none_on_time_says_how_late():
    request = _training()
    answer = plan_goal(request, TrainingGoal(deadline=NOW + timedelta(minutes=1)), now=NOW)
    assert not answer.on_time and answer.late
    assert answer.summary.key == "goal.late"
    cheapest = answer.late[0]
    assert cheapest.late_hours == pytest.approx(cheapest.run_hours - 1 / 60)


def test_goal_epochs_multiply_the_dataset():
    request = _training()
    goal = TrainingGoal(epochs=3, deadline=NOW + timedelta(days=30))
    assert plan_goal(request, goal, now=NOW).tokens == 3_000_000_000


# ---- bad profiles: one keyed message naming the field --------------------------------------


@pytest.mark.parametrize(
    ("changes", "field", "key"),
    [
        ({"peak_per_unit": 0}, "traffic.peak_per_unit", "pydantic.greater_than"),
        ({"average_per_unit": -5}, "traffic.average_per_unit", "pydantic.greater_than"),
        (
            {"input_tokens": {"mean": 100, "p90": 50}},
            "traffic.input_tokens.p90",
            "traffic.p90_below_mean",
        ),
        (
            {"output_tokens": {"mean": 100, "p90": 99}},
            "traffic.output_tokens.p90",
            "traffic.p90_below_mean",
        ),
        (
            {"latency": {"ttft_p50_s": 2, "ttft_p90_s": 1}},
            "traffic.latency.ttft_p90_s",
            "traffic.ttft_p90_below_p50",
        ),
        ({"peak_per_unit": 100}, "traffic.peak_per_unit", "traffic.peak_below_average"),
        (
            {"average_per_unit": None, "peak_per_unit": None},
            "traffic",
            "traffic.no_rate",
        ),
        ({"tokens_per_day": 1000}, "traffic.tokens_per_day", "traffic.rate_twice"),
    ],
)
def test_bad_profiles(changes, field, key):
    with pytest.raises(InputError) as caught:
        parse_profile({**PROFILE, **changes})
    assert caught.value.field == field
    assert getattr(caught.value.message, "key", None) == key
    # the same profile inside a request names the same field
    with pytest.raises(InputError) as inside:
        parse_request({"model": {"preset": "llama-3.1-8b"}, "traffic": {**PROFILE, **changes}})
    assert inside.value.field == field


def test_deadline_in_the_past_and_without_zone():
    with pytest.raises(InputError) as caught:
        plan_goal(_training(), TrainingGoal(deadline=NOW - timedelta(hours=1)), now=NOW)
    assert caught.value.field == "goal.deadline"
    assert caught.value.message.key == "traffic.deadline_past"
    with pytest.raises(InputError) as naive:
        parse_deadline("2026-12-11T18:00:00")
    assert naive.value.message.key == "traffic.deadline_needs_zone"
    assert parse_deadline("2026-12-11") == datetime(2026, 12, 12, tzinfo=UTC)


def test_unreachable_targets_name_field_and_best():
    catalog = default_catalog()
    request = parse_request({"model": {"preset": "llama-3.1-8b"}})
    fast = plan_traffic(request, profile(latency={"ttft_p90_s": 0.0001}), catalog)
    assert not fast.options and fast.unreachable_field == "latency.ttft_p90_s"
    assert fast.unreachable.key == "traffic.unreachable_ttft"
    best = min(c.alone_p90.ttft_s for c in fast.capacities)
    assert fast.unreachable.params["best"] == pytest.approx(best)
    with pytest.raises(InputError) as caught:
        fast.require_reachable()
    assert caught.value.field == "traffic.latency.ttft_p90_s"
    many = plan_traffic(request, profile(peak_per_unit=1e9, average_per_unit=1e6), catalog)
    assert many.unreachable_field == "peak_per_unit"
    assert many.unreachable.key == "traffic.unreachable_rate"
    tpot = plan_traffic(request, profile(latency={"tpot_s": 1e-5}), catalog)
    assert tpot.unreachable_field == "latency.tpot_s"
    # many layouts meet the time per token: the time to first token is what nothing meets
    both = plan_traffic(request, profile(latency={"tpot_s": 0.05, "ttft_p90_s": 1e-4}), catalog)
    assert both.unreachable_field == "latency.ttft_p90_s"
    assert both.unreachable.params["best"] > 1e-4


def test_capacities_skip_layouts_that_do_not_fit():
    catalog = default_catalog()
    request = parse_request({"model": {"preset": "llama-3.1-405b"}, "gpu": "l4"})
    found, refused = capacities(request, profile(), catalog)
    assert not found and refused
    answer = plan_traffic(request, profile(), catalog)
    assert answer.unreachable_field == "input_tokens.p90"


# ---- the command line ----------------------------------------------------------------------


def test_cli_traffic_json_and_text(capsys, tmp_path):
    req = write_request(tmp_path, {"model": {"preset": "llama-3.1-8b"}})
    traffic = write_request(tmp_path, PROFILE, "traffic.json")
    result = run_cli(capsys, "plan", "--request", req, "--traffic", traffic, "--json")
    assert result.code == 0, result.err
    data = result.json()
    totals = [Decimal(o["price"]["total"]) for o in data["options"]]
    assert totals == sorted(totals)
    first = data["options"][0]
    assert first["operating_point"]["tpot_s"] <= 1 / 30 * (1 + 1e-9)
    assert first["binding"] in {"memory", "ttft", "tpot", "max_num_seqs"}
    band = data["options"][0]["operating_point"]["band"]
    assert band is None if default_serving().kind == "roofline" else band > 1
    text = run_cli(capsys, "plan", "--request", req, "--traffic", traffic)
    assert text.code == 0 and str(first["binding_text"]) in text.out


def test_cli_errors_are_one_line(capsys, tmp_path):
    req = write_request(tmp_path, {"model": {"preset": "llama-3.1-8b"}})
    bad = write_request(tmp_path, {**PROFILE, "peak_per_unit": 0}, "bad.json")
    result = run_cli(capsys, "plan", "--request", req, "--traffic", bad)
    assert result.code == 2 and result.err.count("\n") == 1
    assert "traffic.peak_per_unit" in result.err
    fast = write_request(tmp_path, {**PROFILE, "latency": {"ttft_p90_s": 0.0001}}, "fast.json")
    result = run_cli(capsys, "plan", "--request", req, "--traffic", fast)
    assert result.code == 2 and "the best is" in result.err and result.err.count("\n") == 1


def test_cli_deadline(capsys, tmp_path):
    req = write_request(
        tmp_path,
        {
            "workload": "training",
            "model": {"preset": "llama-3.1-8b"},
            "training": {"method": "lora"},
            "term": {"start": "2026-12-05T09:00:00+00:00"},
        },
    )
    result = run_cli(
        capsys, "plan", "--request", req, "--deadline", "2026-12-06T09:00:00+00:00", "--json"
    )
    assert result.code == 0, result.err
    data = result.json()
    assert data["available_hours"] == pytest.approx(24.0)
    assert data["on_time"] and all(o["run_hours"] <= 24 for o in data["on_time"])
    past = run_cli(capsys, "plan", "--request", req, "--deadline", "2026-12-01T00:00:00+00:00")
    assert past.code == 2 and "goal.deadline" in past.err


def test_roofline_note_says_the_band_is_unknown():
    request = parse_request({"model": {"preset": "llama-3.1-8b"}})
    note = RooflineServing().note(request)
    assert note.key == "traffic.roofline" and "band is unknown" in note


def test_step_model_adapter_passes_its_figures_through():
    """The adapter gives the step model's figures and band unchanged."""
    from core.planning.traffic.speed_model_source import SpeedModelServing
    from core.speed import phases

    catalog = default_catalog()
    request = parse_request({"model": {"preset": "llama-3.1-8b"}, "gpu": "h100-80gb-sxm"})
    answer = plan_traffic(request, profile(), catalog, source=SpeedModelServing())
    option = answer.options[0]
    layout = option.capacity.layout
    point = SpeedModelServing().at(layout, OperatingPoint(2000, 400, 8))
    terms = __import__("core.estimate.serving_speed", fromlist=["MATMUL"])
    arch = layout.model
    direct = phases.phase_speed(
        arch,
        layout.gpu,
        gpus=layout.tp,
        tp=layout.tp,
        weight_bytes=terms.weight_bytes_per_param(layout.request, arch),
        kv_bytes=terms.KV_ELEMENT_BYTES["bf16"],
        matmul="bf16",
        engine="vllm",
        input_tokens=2000,
        output_tokens=400,
        concurrency=8,
    )
    assert point.ttft_s == pytest.approx(direct.ttft_s)
    assert point.tpot_s == pytest.approx(direct.tpot_s)
    assert point.requests_per_s == pytest.approx(direct.requests_per_s)
    assert point.band == pytest.approx(1 + direct.band)
    assert answer.note.key == "traffic.speed_model"


def test_choosing_a_point_resizes_the_option():
    """A point below the knee needs more replicas; one past the target is refused with why."""
    source = hand_source()
    cap = capacity_of(source, hand_layout(), hand_profile(tpot_s=0.22))
    catalog = default_catalog()
    request = parse_request({"model": {"preset": "llama-3.1-8b"}})
    rate = 2000 / (0.01 + 0.22 + 99 * 0.22)  # the knee's rate: one replica
    prof = hand_profile(tpot_s=0.22).model_copy(update={"average_per_unit": rate})
    options, _ = size([cap], prof, request, catalog, source=source)
    plan_ = TrafficPlan(request, prof, tuple(options), (), "")
    half = option_at(plan_, options[0], 1000, catalog, source=source)
    # at 1,000 a step reads 0.01 + 0.105 s of memory; compute 1000·11/1e5 = 0.11 s: TPOT 0.115
    per_replica = 1000 / (0.01 + 0.115 + 99 * 0.115)
    assert half.capacity.concurrency == 1000
    assert half.replicas == math.ceil(rate / per_replica)  # 2
    assert half.price.total == 2 * options[0].price.total
    past = option_at(plan_, options[0], 2500, catalog, source=source)
    assert past.reason_parts and past.reason_parts[0].key == "traffic.point_tpot"
    assert past.binding == "tpot"


def test_saved_point_rides_with_the_request():
    catalog = default_catalog()
    request = parse_request({"model": {"preset": "llama-3.1-8b"}, "traffic": PROFILE})
    first = plan_traffic(request, None, catalog).options[0]
    point = saved_point(first)
    assert point is not None and point.replicas == first.replicas
    chosen = request.model_copy(
        update={"traffic": request.traffic.model_copy(update={"operating_point": point})}
    )
    reopened = read_saved_request(json.loads(chosen.canonical_json()))
    assert reopened.traffic.operating_point == point
    assert reopened.traffic.operating_point.tokens_per_s_per_user == pytest.approx(
        first.point.tokens_per_s_per_user
    )


def test_the_api_gives_what_the_cli_prints(capsys, tmp_path):
    from core.app.api import plan_traffic_json

    raw = {"model": {"preset": "llama-3.1-8b"}}
    data = plan_traffic_json(raw, PROFILE, catalog=default_catalog(), tax_rate=Decimal(0))
    req = write_request(tmp_path, raw)
    traffic = write_request(tmp_path, PROFILE, "traffic.json")
    printed = run_cli(capsys, "plan", "--request", req, "--traffic", traffic, "--json").json()
    assert data["options"][0]["price"] == printed["options"][0]["price"]
    assert data["options"][0]["replicas"] == printed["options"][0]["replicas"]
    with pytest.raises(InputError) as caught:
        plan_traffic_json(raw, {**PROFILE, "latency": {"ttft_p90_s": 1e-4}})
    assert caught.value.field == "traffic.latency.ttft_p90_s"
