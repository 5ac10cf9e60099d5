"""Expert-parallel serving: weights per GPU, the layout an estimate states, the step, the search."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from core.capacity.expert_parallel import ExpertLayout, layout_of
from core.domain.catalog import default_catalog
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate_on, resolve
from core.estimate.llm import inference_weights
from core.model.architecture import LinearGroup, ModelArchitecture
from core.planning.traffic import OperatingPoint, ServingLayout, TrafficProfile, plan_traffic
from core.planning.traffic.capacity import layouts, serving_request
from core.planning.traffic.speed_model_source import default_serving
from core.pricing.prices import price_for
from core.speed import ModelShape, profile_for
from core.speed.expert_parallel import ExpertSplit
from core.speed.hardware import link_of
from core.speed.phases import phase_speed
from core.speed.step import Layout, step_time
from tests.cli_helpers import run_cli, write_request

# ---- a small mixture-of-experts model, counted by hand -----------------------------------------
# 2 layers, hidden 64, 4 heads of 16 (MHA), vocabulary 1,000 tied; 6 routed experts, top-2, each a
# gated MLP of width 32 (gate, up: 64→32; down: 32→64 = 6,144 weights).
# - attention: 4 × 64·64 × 2 layers = 32,768 weights; experts: 6,144 × 6 × 2 = 73,728;
#   embedding 64,000; router 64·6 × 2 = 768 and norms 2·64·2 + 64 = 320 stay whole (1,088).
# - bf16: split 2 × (64,000 + 32,768 + 73,728) = 340,992 bytes; whole 2 × 1,088 = 2,176.
# - TP 4: 340,992 ÷ 4 + 2,176 = 87,424 bytes per GPU.
# - EP over 4 GPUs: 6 experts over 4 ranks, 2 on the fullest (vLLM gives the first 6 mod 4 = 2
#   ranks one more); all experts are 147,456 bytes, the fullest rank 147,456 × 2/6 = 49,152.
#   - TP 1 × DP 4: 340,992 − 147,456 + 2,176 + 49,152 = 244,864 bytes;
#   - TP 4 × DP 1: 87,424 − 147,456 ÷ 4 + 49,152 = 99,712 (more than TP 4: 6 experts do not
#     divide over 4 GPUs, so the fullest holds a third of them, not a quarter);
#   - TP 2 × DP 2: 340,992 ÷ 2 + 2,176 − 147,456 ÷ 2 + 49,152 = 148,096.
LAYERS, HIDDEN, VOCAB, EXPERTS, TOP_K, WIDTH = 2, 64, 1000, 6, 2, 32


def small_moe() -> ModelArchitecture:
    groups = [
        LinearGroup(name, HIDDEN, HIDDEN, LAYERS, LAYERS)
        for name in ("q_proj", "k_proj", "v_proj", "o_proj")
    ]
    count, active = LAYERS * EXPERTS, LAYERS * TOP_K
    groups += [
        LinearGroup("gate_proj", HIDDEN, WIDTH, count, active),
        LinearGroup("up_proj", HIDDEN, WIDTH, count, active),
        LinearGroup("down_proj", WIDTH, HIDDEN, count, active),
    ]
    other = HIDDEN * EXPERTS * LAYERS + 2 * HIDDEN * LAYERS + HIDDEN
    return ModelArchitecture(
        id="small-moe",
        name="small MoE",
        model_type="test",
        source="custom",
        layers=LAYERS,
        hidden_size=HIDDEN,
        attention_heads=4,
        kv_heads=4,
        head_dim=16,
        intermediate_size=WIDTH,
        vocab_size=VOCAB,
        embedding_params=VOCAB * HIDDEN,
        lm_head_params=0,
        linear_groups=tuple(groups),
        other_params=other,
        other_active_params=other,
        attention="mha",
        mlp_gated=True,
        dropout=False,
        largest_layer_params=4 * HIDDEN * HIDDEN + EXPERTS * 3 * HIDDEN * WIDTH,
        num_experts=EXPERTS,
        experts_per_token=TOP_K,
    )


def serving(gpus: int, tp: int, *, experts: bool, sequences: int = 1, **extra: Any) -> Any:
    return parse_request(
        {
            "model": {"preset": "qwen3-30b-a3b"},
            "workload": "inference",
            "gpu": "h100-80gb-sxm",
            "parallelism": {
                "strategy": "tensor" if gpus > 1 else "single",
                "gpus": gpus,
                "tensor_parallel": tp,
                "expert_parallel": experts,
            },
            "inference": {"context_tokens": 4096, "concurrent_sequences": sequences, **extra},
        }
    )


@pytest.mark.parametrize(
    ("gpus", "tp", "experts", "expected"),
    [
        (4, 4, False, 87_424),
        (4, 1, True, 244_864),
        (4, 4, True, 99_712),
        (4, 2, True, 148_096),
    ],
)
def test_weights_per_gpu_by_hand(gpus, tp, experts, expected):
    arch = small_moe()
    weights = inference_weights(serving(gpus, tp, experts=experts), arch)
    assert weights.weights == expected
    assert weights.quantization_metadata == 0


def test_vllm_places_experts_with_the_remainder_on_the_first_ranks():
    layout = ExpertLayout(tp=2, dp=2, experts=6)
    assert (layout.ep, layout.most_experts, layout.fewest_experts) == (4, 2, 1)
    assert layout_of(small_moe(), 8, 1) is None  # 6 experts cannot give each of 8 GPUs one
    assert layout_of(small_moe(), 1, 1) is None  # one GPU: vLLM does not use EP


def test_estimate_states_and_shows_the_layout():
    arch = small_moe()
    gpu = default_catalog().gpu("h100-80gb-sxm")
    result = estimate_on(serving(4, 2, experts=True, sequences=3), arch, gpu)
    assert result.memory.weights == 148_096
    shown = result.details["expert_parallel"]
    assert shown["tensor_parallel"] == 2 and shown["data_parallel"] == 2
    assert shown["expert_parallel"] == 4 and shown["experts_per_gpu"] == 2
    assert shown["expert_bytes_exact"] is True
    at_once = result.details["vllm_start_up"]["sequences_at_once"]
    assert shown["sequences_at_once"] == 2 * at_once  # each data-parallel rank its own pool
    finding = next(f for f in result.findings if f.code == "expert_parallel_layout")
    assert finding.params == {"experts": 6, "ep": 4, "per_gpu": 2, "tp": 2, "dp": 2}
    assert result.details["replicas"] == 1
    plain = estimate_on(serving(4, 2, experts=False), arch, gpu)
    assert "expert_parallel" not in plain.details
    assert all(f.code != "expert_parallel_layout" for f in plain.findings)


def test_a_dense_model_ignores_the_flag():
    request = serving(8, 8, experts=True).model_copy(
        update={"model": parse_request({"model": {"preset": "llama-3.1-8b"}}).model}
    )
    gpu = default_catalog().gpu("h100-80gb-sxm")
    model = resolve(request)
    result = estimate_on(request, model, gpu)
    assert "expert_parallel" not in result.details
    plain = request.model_copy(
        update={"parallelism": request.parallelism.model_copy(update={"expert_parallel": False})}
    )
    assert result.memory == estimate_on(plain, model, gpu).memory


def test_expert_parallel_fits_where_tensor_parallel_does_not():
    # Qwen3-30B-A3B keeps 4 KV heads: over 8 GPUs tensor parallelism replicates them (each GPU a
    # whole head, 48 layers × 128 × 2 × 2 bytes = 24,576 bytes a token), and every GPU holds every
    # sequence: 128 × 32,768 tokens = 96 GiB a GPU. Expert-parallel over 8 data-parallel ranks,
    # each rank holds its 16 sequences with all 4 heads: 16 × 32,768 × 98,304 = 48 GiB.
    gpu = default_catalog().gpu("h100-80gb-sxm")
    tensor = serving(8, 8, experts=False, sequences=128)
    tensor = tensor.model_copy(
        update={"inference": tensor.inference.model_copy(update={"context_tokens": 32768})}
    )
    expert = serving(8, 1, experts=True, sequences=16)
    expert = expert.model_copy(
        update={"inference": expert.inference.model_copy(update={"context_tokens": 32768})}
    )
    model = resolve(tensor)
    by_tp = estimate_on(tensor, model, gpu)
    by_ep = estimate_on(expert, model, gpu)
    assert by_tp.memory.kv_cache == 96 * 2**30
    assert by_ep.memory.kv_cache == 48 * 2**30
    assert not by_tp.fits and by_ep.fits


def test_old_requests_load_unchanged_with_the_same_fingerprint():
    raw = {"model": {"preset": "qwen3-30b-a3b"}, "parallelism": {"strategy": "tensor", "gpus": 2}}
    request = parse_request(raw)
    assert request.parallelism.expert_parallel is False
    assert "expert_parallel" not in request.canonical_json()
    split = {"strategy": "tensor", "gpus": 2}
    explicit = parse_request({**raw, "parallelism": {**split, "expert_parallel": False}})
    assert explicit.canonical_json() == request.canonical_json()
    chosen = parse_request({**raw, "parallelism": {**split, "expert_parallel": True}})
    assert json.loads(chosen.canonical_json())["parallelism"]["expert_parallel"] is True


# ---- the step ----------------------------------------------------------------------------------


def _layout(tp: int, dp: int | None) -> tuple[ModelShape, Layout]:
    arch = resolve(serving(8, 8, experts=False))
    assert isinstance(arch, ModelArchitecture)
    gpu = default_catalog().gpu("h100-80gb-sxm")
    split = ExpertSplit(dp) if dp else None
    return ModelShape.of(arch, tp), Layout(gpu, tp * (dp or 1), tp, 1.0, 2.0, "fp8", experts=split)


def test_data_parallel_ranks_gather_and_scatter_the_tokens():
    # TP 1 × DP 8: no tensor-parallel all-reduce; per MoE layer one all-gather and one
    # reduce-scatter of all 64 tokens' 16-bit hidden states, each a latency plus 7/8 of them over
    # the link, times the engine's communication scale.
    shape, layout = _layout(1, 8)
    engine = profile_for("vllm", "nvidia")
    link = link_of(layout.gpu)
    step = step_time(shape, layout, engine, decode=64, context=2000)
    per_layer = 2 * (link.latency_us * 1e-6 + 7 / 8 * 64 * shape.hidden * 2 / (link.gbps * 1e9))
    assert step.comm == pytest.approx(shape.layers * per_layer * engine.comm_scale)
    # Each rank reads its 8 sequences' caches, at tensor parallelism 1.
    cache = 8 * shape.kv_elements(2000) * 2.0
    assert step.cache == pytest.approx(cache / (layout.gpu.memory_bandwidth_gbps * 1e9 * 0.95))


def test_experts_over_the_tensor_ranks_keep_the_all_reduce():
    # TP 8 × DP 1 (EP 8): no all-to-all (vLLM needs dp > 1 for it), the same two all-reduces a
    # layer as tensor parallelism; the fullest GPU reads 16 of 128 experts, whole.
    shape, ep = _layout(8, 1)
    _, tp = _layout(8, None)
    engine = profile_for("vllm", "nvidia")
    at = {"decode": 32.0, "context": 2000.0, "prefill": 0.0, "prefill_context": 0.0}
    assert step_time(shape, ep, engine, **at).comm == pytest.approx(
        step_time(shape, tp, engine, **at).comm
    )
    touched = 1 - (1 - 8 / 128) ** 32
    expert_bytes = shape.expert_params * (16 / 128) * touched * 1.0
    dense = (shape.dense_linear_params * 1.0 + shape.other_params * 2.0) / 8
    bandwidth = ep.gpu.memory_bandwidth_gbps * 1e9 * engine.bandwidth
    assert step_time(shape, ep, engine, **at).weights == pytest.approx(
        (dense + expert_bytes) / bandwidth
    )


def test_no_published_measurement_widens_the_band():
    arch = resolve(serving(8, 8, experts=False))
    gpu = default_catalog().gpu("h100-80gb-sxm")
    common: dict[str, Any] = {
        "gpus": 8,
        "weight_bytes": 1.0,
        "kv_bytes": 2.0,
        "matmul": "fp8",
        "engine": "trtllm",
        "input_tokens": 1000,
        "output_tokens": 200,
        "concurrency": 16,
    }
    assert isinstance(arch, ModelArchitecture)
    plain = phase_speed(arch, gpu, tp=8, **common)
    split = phase_speed(arch, gpu, tp=2, expert_ranks=4, **common)
    assert split.band == pytest.approx(2 * plain.band)
    assert "expert-parallel" in split.uncalibrated
    assert "expert-parallel" not in plain.uncalibrated


# ---- the search --------------------------------------------------------------------------------

PROFILE: dict[str, Any] = {
    "rate_unit": "second",
    "peak_per_unit": 20,
    "average_per_unit": 10,
    "input_tokens": {"mean": 1000, "p90": 2000},
    "output_tokens": {"mean": 200, "p90": 400},
    "latency": {"ttft_p90_s": 1.0, "tokens_per_s_per_user": 50},
}


LONG_PROMPTS: dict[str, Any] = {
    "input_tokens": {"mean": 8000, "p90": 30000},
    "latency": {"ttft_p90_s": 5.0, "tokens_per_s_per_user": 10},
    "peak_per_unit": 40,
}


def _brute_force(request, prof, catalog):
    """Every TP and TP+EP layout, concurrency and replica count checked directly: the cheapest."""
    source = default_serving()
    base = serving_request(request, prof)
    model = resolve(base)
    isl, osl, target = prof.input_tokens, prof.output_tokens, prof.latency
    wanted = prof.peak_rps * (1 + prof.spare.fraction)
    gpu = catalog.gpu(request.gpu)
    best = None
    grid = [(tp, 1, False) for tp in (1, 2, 4, 8)]
    grid += [(tp, n // tp, True) for n in (2, 4, 8) for tp in (1, 2, 4, 8) if n % tp == 0]
    for tp, dp, experts in grid:
        parallel = {
            "strategy": "tensor" if tp * dp > 1 else "single",
            "gpus": tp * dp,
            "tensor_parallel": tp,
            "expert_parallel": experts,
        }
        variant = base.model_copy(
            update={
                "parallelism": base.parallelism.model_copy(update=parallel),
                "gpu": gpu.id,
            }
        )
        result = estimate_on(variant, model, gpu)
        if not result.fits:
            continue
        layout = ServingLayout(gpu, tp, result, variant, model, dp, experts)
        start = result.details["vllm_start_up"]
        cap = min(start["sequences_at_once"], result.details["vllm_profile"]["max_num_seqs"]) * dp
        for c in range(1, cap + 1):
            mean = source.at(layout, OperatingPoint(isl.mean, osl.mean, c))
            p90 = source.at(layout, OperatingPoint(isl.high, osl.mean, c))
            if target.tpot_ceiling is not None and mean.tpot_s > target.tpot_ceiling:
                break
            if target.ttft_p90_s is not None and p90.ttft_s > target.ttft_p90_s:
                break
            for replicas in range(1, gpu.max_gpus // (tp * dp) + 1):
                total = replicas + prof.spare.replicas
                gpus = total * tp * dp
                if gpus > gpu.max_gpus:
                    break
                if replicas * mean.requests_per_s >= wanted * (1 - 1e-9):
                    price = price_for(catalog, gpu, gpus, request.term).total
                    key = (price, gpus)
                    if best is None or key < best[0]:
                        best = (key, tp, dp, experts, total)
                    break
    return best


@pytest.mark.parametrize(
    "changes",
    [{}, {"latency": {"tokens_per_s_per_user": 30}, "peak_per_unit": 60}, LONG_PROMPTS],
)
def test_search_over_tp_and_ep_matches_brute_force(changes):
    catalog = default_catalog()
    request = parse_request({"model": {"preset": "qwen3-30b-a3b"}, "gpu": "h100-80gb-sxm"})
    prof = TrafficProfile.model_validate({**PROFILE, **changes})
    expected = _brute_force(request, prof, catalog)
    answer = plan_traffic(request, prof, catalog)
    assert expected is not None
    first = answer.options[0]
    assert (first.price.total, first.gpus) == expected[0]
    searched = {
        (o.tp, o.capacity.layout.dp, o.capacity.layout.expert_parallel)
        for o in (*answer.options, *answer.infeasible)
    }
    assert (1, 8, True) in searched and (2, 4, True) in searched and (8, 1, False) in searched


def test_expert_parallel_is_cheaper_for_long_prompts():
    # Long prompts make memory bind: 4 KV heads replicated over tensor-parallel GPUs hold 75
    # sequences of 38,000 tokens in TP 4, while TP 1 × DP 8 (EP 8) holds 168 over the same kind
    # of GPUs; the peak then needs 16 GPUs expert-parallel against 22 tensor-parallel.
    catalog = default_catalog()
    request = parse_request({"model": {"preset": "qwen3-30b-a3b"}, "gpu": "h100-80gb-sxm"})
    prof = TrafficProfile.model_validate({**PROFILE, **LONG_PROMPTS})
    answer = plan_traffic(request, prof, catalog)
    first = answer.options[0]
    tensor = next(o for o in answer.options if not o.capacity.layout.expert_parallel)
    assert first.capacity.layout.expert_parallel
    assert (first.gpus, tensor.gpus) == (16, 22)
    assert first.price.total < tensor.price.total
    assert first.binding == "memory"


def test_layouts_searched_for_moe_only():
    gpu = default_catalog().gpu("h100-80gb-sxm")
    assert layouts(gpu, None) == [(1, 1, False), (2, 1, False), (4, 1, False), (8, 1, False)]
    arch = resolve(serving(8, 8, experts=False))
    assert isinstance(arch, ModelArchitecture)
    found = layouts(gpu, arch)
    assert len(found) == 4 + 9  # tp × dp of 2, 4 and 8 GPUs
    assert (1, 8, True) in found and (8, 1, True) in found and (1, 1, True) not in found


def test_rows_name_their_layout_in_text_and_json(capsys, tmp_path):
    request = {"model": {"preset": "qwen3-30b-a3b"}, "gpu": "h100-80gb-sxm"}
    path = write_request(tmp_path, request)
    traffic = tmp_path / "traffic.json"
    traffic.write_text(json.dumps(PROFILE), encoding="utf-8")
    text = run_cli(capsys, "plan", "--request", path, "--traffic", str(traffic), "--all")
    assert text.code == 0
    assert "TP 1 × DP 8, EP 8" in text.out and "TP 8 " in text.out
    answer = run_cli(capsys, "plan", "--request", path, "--traffic", str(traffic), "--json").json()
    rows = answer["options"] + answer["infeasible"]
    ep = [r for r in rows if r["expert_parallel"]]
    assert ep and all(r["layout"].endswith(f"EP {r['gpus_per_replica']}") for r in ep)
    assert all(r["gpus"] == r["replicas"] * r["gpus_per_replica"] for r in rows)
    plain = [r for r in rows if r["expert_parallel"] is None]
    assert plain and all(r["layout"] == f"TP {r['tensor_parallel']}" for r in plain)


class Counting:
    """A serving source that counts the distinct points asked of it (each a speed evaluation)."""

    def __init__(self) -> None:
        self.inner = default_serving()
        self.kind = self.inner.kind
        self.points: set[tuple[int, OperatingPoint]] = set()

    @property
    def asked(self) -> int:
        return len(self.points)

    def asked_for(self, layout) -> int:
        return sum(1 for key, _ in self.points if key == id(layout))

    def at(self, layout, point):
        self.points.add((id(layout), point))
        return self.inner.at(layout, point)

    def note(self, request):
        return self.inner.note(request)


SEARCHED = [{}, LONG_PROMPTS, {"latency": {"ttft_p50_s": 0.3}}]


def _search_and_bisection(changes):
    """The capacity search and a plain bisection over the same layouts, counted."""
    from core.planning.traffic.capacity import capacities, meets

    request = parse_request({"model": {"preset": "qwen3-30b-a3b"}, "gpu": "h100-80gb-sxm"})
    prof = TrafficProfile.model_validate({**PROFILE, **changes})
    searched = Counting()
    found, _ = capacities(request, prof, default_catalog(), source=searched)
    assert len(found) >= 8
    plain = Counting()
    for capacity in found:
        layout = capacity.layout
        if not meets(plain, layout, prof, 1)[0]:
            assert capacity.concurrency == 0
            continue
        low, high = 1, capacity.cap
        if not meets(plain, layout, prof, high)[0]:
            while high - low > 1:
                middle = (low + high) // 2
                if meets(plain, layout, prof, middle)[0]:
                    low = middle
                else:
                    high = middle
        else:
            low = high
        assert capacity.concurrency == low, layout.name
    return found, searched, plain


@pytest.mark.parametrize("changes", SEARCHED)
def test_interpolated_search_finds_the_bisections_concurrency(changes):
    # The capacity search guesses where latency crosses the target by interpolation; it must end
    # on the same largest concurrency within the target as a plain bisection (asserted inside),
    # and a guess that did not halve the interval is followed by a middle, so no layout costs
    # more than twice a bisection's steps (two points each: the mean and the p90 prompt).
    found, searched, _ = _search_and_bisection(changes)
    for capacity in found:
        steps = math.ceil(math.log2(max(capacity.cap - 1, 1)))
        assert searched.asked_for(capacity.layout) <= 2 * (2 + 2 * steps), capacity.layout.name


def test_interpolated_search_asks_fewer_points_than_bisection():
    counts = [_search_and_bisection(changes)[1:] for changes in SEARCHED]
    # Where latency grows smoothly with the load, fewer points on every profile; where it jumps
    # (long prompts: the p90 prompt no longer fits beside the others and waits), a guess from
    # the slope can cost a point or two more than the middle, and the total still wins.
    assert sum(s.asked for s, _ in counts) < sum(p.asked for _, p in counts)
    for (searched, plain), changes in zip(counts, SEARCHED, strict=True):
        if changes is not LONG_PROMPTS:
            assert searched.asked < plain.asked


def test_the_curve_of_an_expert_parallel_request_counts_its_ranks():
    # DeepSeek-V3 over 8 H200 at TP 1 × DP 8: a rank holds an eighth of the experts, so its
    # KV pool holds sequences; read as eight whole-model TP 1 replicas nothing would fit.
    from core.estimate.serving_speed import speed_curve
    from core.speed.step import largest_batch

    request = parse_request(
        {
            "model": {"preset": "deepseek-v3"},
            "workload": "inference",
            "gpu": "h200-141gb",
            "parallelism": {
                "strategy": "tensor",
                "gpus": 8,
                "tensor_parallel": 1,
                "expert_parallel": True,
            },
            "inference": {"context_tokens": 8192, "concurrent_sequences": 16},
        }
    )
    arch = resolve(request)
    assert isinstance(arch, ModelArchitecture)
    gpu = default_catalog().gpu("h200-141gb")
    curve = speed_curve(request, arch, gpu, "fp8")
    assert len(curve) >= 6 and curve[-1][0] >= 32
    layout = Layout(gpu, 8, 1, 1.0, 2.0, "fp8", experts=ExpertSplit(8))
    engine = profile_for("vllm", "nvidia")
    batch = largest_batch(ModelShape.of(arch, 1), layout, engine, 7000, 1000)
    assert batch % 8 == 0 and batch >= 64  # eight engines, each its own pool


def test_replicas_of_an_expert_parallel_group():
    # 8 GPUs as two replicas of TP 2 × DP 2 (EP 4): each GPU holds what one replica's does.
    arch = small_moe()
    gpu = default_catalog().gpu("h100-80gb-sxm")
    request = serving(8, 2, experts=True).model_copy(
        update={
            "parallelism": serving(8, 2, experts=True).parallelism.model_copy(
                update={"data_parallel": 2}
            )
        }
    )
    assert request.parallelism.replica_gpus == 4
    result = estimate_on(request, arch, gpu)
    assert result.memory.weights == 148_096
    assert result.details["replicas"] == 2
    assert result.details["expert_parallel"]["expert_parallel"] == 4
    one = estimate_on(serving(4, 2, experts=True), arch, gpu)
    assert result.throughput.decode_tokens_per_s == pytest.approx(
        2 * one.throughput.decode_tokens_per_s
    )


@pytest.mark.parametrize(
    ("parallelism", "key"),
    [
        (
            {"gpus": 8, "tensor_parallel": 2, "data_parallel": 2},
            "request.data_parallel_needs_experts",
        ),
        (
            {"gpus": 8, "tensor_parallel": 2, "data_parallel": 3, "expert_parallel": True},
            "request.gpus_not_multiple_of_replica",
        ),
    ],
)
def test_a_data_parallel_size_that_does_not_fit_is_refused(parallelism, key):
    from core.base.errors import InputError

    with pytest.raises(InputError) as refused:
        parse_request(
            {
                "model": {"preset": "qwen3-30b-a3b"},
                "parallelism": {"strategy": "tensor", **parallelism},
            }
        )
    assert refused.value.message.key == key
    assert refused.value.field == "parallelism"


def test_the_moe_workspace_sees_the_ranks_gathered_tokens_at_full_width():
    # Qwen3-30B-A3B in bf16: experts 2,048 → 768 → 2,048, top-8. vLLM's fused-MoE workspace is
    # 2 bytes × tokens × 8 × (max(I, 2,048) + max(2I, 2,048)). Under TP 8, I = 96 and a rank's
    # 2,048 tokens: 2 × 16,384 × 4,096 = 128 MiB. Under TP 1 × DP 8 the experts are whole
    # (I = 768) and each sees the 8 ranks' 16,384 tokens gathered: 2 × 131,072 × 4,096 = 1 GiB.
    from core.capacity.vllm_profile import moe_workspace_bytes

    arch = resolve(serving(8, 8, experts=False))
    assert isinstance(arch, ModelArchitecture)
    assert moe_workspace_bytes(serving(8, 8, experts=False), arch, 2048) == 128 * 2**20
    assert moe_workspace_bytes(serving(8, 1, experts=True), arch, 2048) == 2**30
    assert moe_workspace_bytes(serving(8, 8, experts=True), arch, 2048) == 128 * 2**20


def test_an_expert_group_across_nodes_is_warned():
    gpu = default_catalog().gpu("h100-80gb-sxm")
    request = serving(16, 2, experts=True)
    result = estimate_on(request, resolve(request), gpu)
    warned = next(f for f in result.findings if f.code == "expert_parallel_across_nodes")
    assert warned.severity == "warning"
    assert warned.params == {"ep": 16, "per_node": gpu.gpus_per_node}
    within = estimate_on(serving(8, 2, experts=True), resolve(request), gpu)
    assert all(f.code != "expert_parallel_across_nodes" for f in within.findings)


@pytest.mark.parametrize(
    ("preset", "gpus", "variant"),
    [("llama-3.1-8b", 2, "dense"), ("mixtral-8x7b", 1, "one_gpu")],
)
def test_expert_parallel_that_cannot_apply_says_why(preset, gpus, variant):
    request = serving(gpus, 1, experts=True).model_copy(
        update={"model": parse_request({"model": {"preset": preset}}).model}
    )
    gpu = default_catalog().gpu("h100-80gb-sxm")
    result = estimate_on(request, resolve(request), gpu)
    said = next(f for f in result.findings if f.code == "expert_parallel_not_applied")
    assert said.variant == variant
    assert "expert_parallel" not in result.details


def test_fewer_experts_than_gpus_is_counted_tensor_parallel_and_said():
    arch = small_moe()  # 6 experts
    gpu = default_catalog().gpu("h100-80gb-sxm")
    result = estimate_on(serving(8, 8, experts=True), arch, gpu)
    said = next(f for f in result.findings if f.code == "expert_parallel_not_applied")
    assert (said.variant, said.params["experts"], said.params["gpus"]) == ("few_experts", 6, 8)
    plain = estimate_on(serving(8, 8, experts=False), arch, gpu)
    assert result.memory == plain.memory


def test_the_roofline_reads_a_ranks_share_of_the_caches():
    from core.planning.traffic.speed_source import roofline_figures

    request = parse_request({"model": {"preset": "qwen3-30b-a3b"}, "gpu": "h100-80gb-sxm"})
    base = serving_request(request, TrafficProfile.model_validate(PROFILE))
    gpu = default_catalog().gpu("h100-80gb-sxm")
    model = resolve(base)
    figures = {}
    for dp, split in ((1, False), (4, True)):
        parallel = {"strategy": "tensor", "gpus": 2 * dp, "tensor_parallel": 2}
        parallel |= {"expert_parallel": split, "data_parallel": dp if split else None}
        variant = base.model_copy(
            update={"parallelism": base.parallelism.model_copy(update=parallel), "gpu": gpu.id}
        )
        result = estimate_on(variant, model, gpu)
        figures[dp] = roofline_figures(ServingLayout(gpu, 2, result, variant, model, dp, split))
    # the same cache per sequence on a GPU of TP 2, spread over 4 ranks
    assert figures[4].kv_per_token == pytest.approx(figures[1].kv_per_token / 4)
    assert figures[4].tp == 8  # the replica's GPUs


def test_expert_layouts_are_not_laid_out_where_the_weights_alone_overflow():
    # DeepSeek-V3's weights overflow 2 and 4 H200 under tensor parallelism, so every expert-
    # parallel split of 2 or 4 GPUs is left out (each would hold at least as much per GPU); those
    # of 8 GPUs are searched. The left-out ones, estimated directly, do not fit either.
    from core.planning.traffic.capacity import capacities

    request = parse_request({"model": {"preset": "deepseek-v3"}, "gpu": "h200-141gb"})
    prof = TrafficProfile.model_validate(PROFILE)
    found, refused = capacities(request, prof, default_catalog())
    laid = {(c.layout.tp, c.layout.dp, c.layout.expert_parallel) for c in found}
    laid |= {(layout.tp, layout.dp, layout.expert_parallel) for layout, _ in refused}
    gpu = default_catalog().gpu("h200-141gb")
    skipped = set(layouts(gpu, resolve(request))) - laid
    assert skipped == {(1, 2, True), (1, 4, True), (2, 2, True), (2, 1, True), (4, 1, True)}
    base = serving_request(request, prof)
    model = resolve(base)
    for tp, dp, _ in skipped:
        parallel = {"strategy": "tensor", "gpus": tp * dp, "tensor_parallel": tp}
        parallel |= {"expert_parallel": True}
        variant = base.model_copy(
            update={"parallelism": base.parallelism.model_copy(update=parallel), "gpu": gpu.id}
        )
        assert not estimate_on(variant, model, gpu).fits
    assert {(1, 8, True), (8, 1, True)} <= laid


def test_a_model_whose_experts_are_padded_per_rank_keeps_every_expert_layout():
    # vLLM pads gpt-oss's MXFP4 experts per tensor-parallel rank, which can make tensor
    # parallelism the heavier layout: no expert layout is left out on its account.
    from core.planning.traffic.capacity import capacities

    request = parse_request({"model": {"preset": "gpt-oss-120b"}, "gpu": "l4"})
    prof = TrafficProfile.model_validate(PROFILE)
    found, refused = capacities(request, prof, default_catalog())
    laid = {(c.layout.tp, c.layout.dp, c.layout.expert_parallel) for c in found}
    laid |= {(layout.tp, layout.dp, layout.expert_parallel) for layout, _ in refused}
    gpu = default_catalog().gpu("l4")
    assert laid == set(layouts(gpu, resolve(request)))
    assert any(split for _, _, split in laid)
