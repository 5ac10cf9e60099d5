"""The limits solver (core.planning.limits) against brute force over the estimate, and by hand."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.capacity.kv_pool import vllm_bounds
from core.domain.catalog import default_catalog
from core.domain.request import PlanRequest
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate, estimate_on, resolve
from core.estimate.results import EstimateResult
from core.planning.limit_search import Power, largest_fitting
from core.planning.limits import MAX_CONTEXT, solve_limits


def _base(raw: dict[str, Any]) -> tuple[EstimateResult, Any]:
    request = parse_request(raw)
    model = resolve(request)
    return estimate(request, model=model), model


def _brute(request: PlanRequest, model: Any, section: str, field: str, grid: range) -> int:
    """The largest value in ``grid`` that fits, trying every one (0 when none does)."""
    gpu = default_catalog().gpu(request.gpu or "")
    best = 0
    for x in grid:
        part = getattr(request, section).model_copy(update={field: x})
        if estimate_on(request.model_copy(update={section: part}), model, gpu).headroom_bytes >= 0:
            best = x
    return best


# (request, limit name, section, field, cap given to both the solver and the brute force)
CASES: list[tuple[dict[str, Any], str, str, str, int]] = [
    # dense GQA, many sequences: the context binds on memory near 3,000 tokens
    (
        {
            "model": {"preset": "llama-3.2-1b"},
            "gpu": "l4",
            "inference": {"concurrent_sequences": 200},
        },
        "context",
        "inference",
        "context_tokens",
        3200,
    ),
    # Gemma 2: half the layers keep a 4,096-token window, so the fit's memory bends at 4,096;
    # vLLM's pool charges a window group its window plus the 2,048-token prefill chunk, which at
    # 14 sequences binds first (core.capacity.vllm_kv_layout)
    (
        {
            "model": {"preset": "gemma-2-9b"},
            "gpu": "l40s",
            "inference": {"concurrent_sequences": 14, "context_tokens": 7600},
        },
        "context",
        "inference",
        "context_tokens",
        7600,
    ),
    (
        {"model": {"preset": "mistral-7b"}, "gpu": "a10", "inference": {"context_tokens": 2000}},
        "sequences",
        "inference",
        "concurrent_sequences",
        60,
    ),
    (
        {
            "model": {"preset": "qwen2.5-7b"},
            "gpu": "rtx-4090",
            "inference": {"context_tokens": 700},
        },
        "sequences",
        "inference",
        "concurrent_sequences",
        400,
    ),
    # training without flash attention: activations grow with the square of the length
    (
        {
            "workload": "training",
            "model": {"preset": "llama-3.2-1b"},
            "gpu": "a100-80gb",
            "training": {"flash_attention": False},
        },
        "sequence_length",
        "training",
        "sequence_length",
        7000,
    ),
    (
        {
            "workload": "training",
            "model": {"preset": "qwen2.5-7b"},
            "gpu": "h100-80gb-sxm",
            "training": {"method": "lora", "sequence_length": 1024},
        },
        "micro_batch",
        "training",
        "micro_batch_size",
        40,
    ),
    (
        {"workload": "diffusion", "model": {"preset": "sd-1.5"}, "gpu": "a10"},
        "batch",
        "diffusion",
        "batch_size",
        40,
    ),
]


@pytest.mark.parametrize("raw, name, section, field, cap", CASES)
def test_each_limit_equals_a_brute_force_search_over_the_estimate(
    raw: dict[str, Any], name: str, section: str, field: str, cap: int
) -> None:
    """The planner's fit by brute force; under vLLM, the smaller of it and vLLM's own bound."""
    base, model = _base(raw)
    limits = solve_limits(base, model, caps={name: cap})
    limit = limits.get(name)
    assert limit is not None
    expected = _brute(base.request, model, section, field, range(1, cap + 1))
    assert 0 < expected < cap, "the fit must bind on memory inside its grid"
    binding = "memory"
    if limits.kv_pool is not None:
        profile = base.details["vllm_profile"]
        held = base.request.inference.concurrent_sequences
        bounds = vllm_bounds(limits.kv_pool, profile["max_num_seqs"], held, ceiling=MAX_CONTEXT)
        bound, why = bounds[name]
        expected, binding = (expected, binding) if expected <= bound else (bound, why)
    assert (limit.value, limit.binding) == (expected, binding)
    assert limit.probes < 40  # far fewer estimates than the grid


def test_resolution_equals_a_brute_force_search_over_square_sides() -> None:
    base, model = _base(
        {
            "workload": "diffusion",
            "model": {"preset": "sd-1.5"},
            "gpu": "a10",
            "diffusion": {"batch_size": 4, "width": 768, "height": 512},
        }
    )
    limit = solve_limits(base, model, caps={"resolution": 2400}).get("resolution")
    assert limit is not None
    gpu = base.gpu
    best = 0
    for side in range(64, 2400 + 1, 8):
        diffusion = base.request.diffusion.model_copy(update={"width": side, "height": side})
        variant = base.request.model_copy(update={"diffusion": diffusion})
        if estimate_on(variant, model, gpu).headroom_bytes >= 0:
            best = side
    assert limit.value == best
    assert 1024 < best < 2400


def test_a_cap_that_fits_binds_and_is_named() -> None:
    base, model = _base({"model": {"preset": "llama-3.1-8b"}, "gpu": "h100-80gb-sxm"})
    limits = solve_limits(base, model, caps={"context": 20_000})
    assert limits.get("context") is not None
    assert limits.value("context") == 20_000
    assert limits.get("context").binding == "user_cap"  # type: ignore[union-attr]
    # without a cap the model's own maximum binds: 131,072 tokens for Llama 3.1
    plain = solve_limits(base, model).get("context")
    assert plain is not None and plain.value == 131_072
    assert plain.binding == "max_position_embeddings"


def test_nothing_fits_gives_zero() -> None:
    base, model = _base({"model": {"preset": "llama-3.1-70b"}, "gpu": "l4"})
    limits = solve_limits(base, model)
    assert limits.value("context") == 0 and limits.value("sequences") == 0
    assert limits.get("context").binding == "memory"  # type: ignore[union-attr]


def test_llama_3_1_8b_on_one_h100_by_hand() -> None:
    """Llama-3.1-8B, bf16 weights and cache, 8,192 tokens, 1 sequence, one H100 SXM at 0.9.

    From the planner's own components:
      usable      = int(0.9 × 81,090 MiB, CUDA's total)        = 76,526,125,056 B
      weights     = 8,030,261,248 parameters × 2 B             = 16,060,522,496 B
      KV / token  = 2 × 32 layers × 8 KV heads × 128 × 2 B     =        131,072 B
      activations = prefill chunk 2,048 tokens: residual and norm 2·2·2048·4096 = 33,554,432,
                    gated MLP 2·2048·3·14336 = 176,160,768 (larger than attention),
                    logits 8·128,256 = 1,026,048 per sequence  =    210,741,248 B
      overhead    = 0.75 GiB + int(0.10 × activations)          =    826,380,492 B
    The KV pool is vLLM's own (core.capacity.vllm_profile), not what is left beside these:
      budget      = the usable memory above                    = 76,526,125,056 B
      profile     = the sampler over vLLM's H100 defaults, 1,024 sequences of 8,192 tokens:
                    38 B × 128,256 × 1,024 + 2 × 8,192 × 4,096 =  5,057,806,336 B
      non-torch   = int(0.16 GiB)                              =    171,798,691 B
      KV pool     = budget − weights − profile − non-torch     = 55,235,997,533 B
      in 16-token blocks of 2,097,152 B: 26,338 blocks          =        421,408 tokens
      vLLM's "maximum concurrency for 8,192 tokens" = 421,408 / 8,192 = 51.44
    The planner's fit: with S sequences the KV cache is S × 1,073,741,824 B and each adds
    1,026,048 B of logits (and 10 % of it to the overhead). S = 55 needs 76,214,391,808 B
    (fits, 311,733,248 B to spare); S = 56 needs 77,289,262,284 B (does not).
    vLLM's own bounds (core.capacity.kv_pool.vllm_bounds): a sequence of 8,192 tokens takes 512
    blocks, so the pool holds ⌊26,338 / 512⌋ = 51 at once; max_num_seqs is 1,024. Sequences: min(55,
    51, 1,024) = 51, bound by the pool. Context at one sequence: the pool's 421,408 tokens, above
    the model's max_position_embeddings of 131,072, which binds as before.
    """
    base, model = _base(
        {
            "model": {"preset": "llama-3.1-8b"},
            "gpu": "h100-80gb-sxm",
            # the profile of vLLM 0.7 to 0.16, whose sampler sorts (38 B below)
            "inference": {
                "context_tokens": 8192,
                "gpu_memory_utilization": 0.9,
                "vllm_version": "0.7-0.16",
            },
        }
    )
    assert base.usable_bytes == 76_526_125_056
    assert base.memory.weights == 8_030_261_248 * 2 == 16_060_522_496
    assert base.memory.kv_cache == 2 * 32 * 8 * 128 * 2 * 8192
    activations = 2 * 2 * 2048 * 4096 + 2 * 2048 * 3 * 14336 + 8 * 128_256
    assert base.memory.activations == activations == 210_741_248
    overhead = int(0.75 * 2**30) + int(0.10 * activations)
    assert base.memory.runtime_overhead == overhead == 826_380_492

    limits = solve_limits(base, model)
    pool = limits.kv_pool
    assert pool is not None
    # vLLM's own pool (core.capacity.vllm_profile): on an H100 its defaults profile 8,192 tokens
    # and 1,024 sequences; the sampler's sort (38 bytes per vocabulary entry and sequence) and
    # the final hidden states are the activation peak; non-torch memory is 0.16 GiB.
    sampler = 38 * 128_256 * 1024 + 2 * 8192 * 4096
    spare = 76_526_125_056 - 16_060_522_496 - int(0.16 * 2**30) - sampler
    assert pool.bytes == spare == 55_235_997_533
    assert pool.bytes_per_token == 131_072
    assert pool.tokens == spare // (16 * 131_072) * 16 == 421_408
    assert round(pool.concurrency, 2) == 51.44
    assert base.details["vllm_profile"]["kv_pool_tokens"] == pool.tokens

    def total(s: int) -> int:
        act = 2 * 2 * 2048 * 4096 + 2 * 2048 * 3 * 14336 + 8 * 128_256 * s
        return 16_060_522_496 + 1_073_741_824 * s + act + int(0.75 * 2**30) + int(0.10 * act)

    assert total(55) == 76_214_391_808 <= 76_526_125_056 < total(56) == 77_289_262_284
    assert base.details["vllm_profile"]["max_num_seqs"] == 1024
    assert 26_338 // (8192 // 16) == 51 < 55
    sequences = limits.get("sequences")
    assert sequences is not None and (sequences.value, sequences.binding) == (51, "kv_pool")
    assert limits.value("context") == 131_072
    assert limits.get("context").binding == "max_position_embeddings"  # type: ignore[union-attr]


def test_llama_3_1_8b_on_one_l4_by_hand() -> None:
    """Llama-3.1-8B, bf16, 4,096 tokens, 1 sequence, one L4 at 0.9: vLLM's pool binds the context.

    usable      = 0.9 × 23,645,388,800 B (the L4's device total)      = 21,280,849,920 B
    the planner's fit beside weights 16,060,522,496 B, activations 210,741,248 B and overhead
    826,380,492 B (as on the H100, they do not depend on the device): 4,183,205,684 B of KV,
    ÷ 131,072 B = 31,915 tokens, 1,994 whole blocks = 31,904 tokens; sequences of 4,096 tokens
    (536,870,912 B each, plus 1,026,048 B of logits and 10 % of it): 7 fit, 8 do not.
    vLLM's pool: the L4 profiles vLLM's small-GPU defaults, 2,048 tokens and 256 sequences, so
      sampler     = 38 × 128,256 × 256 + 2 × 2,048 × 4,096          =  1,264,451,584 B
      KV pool     = 21,280,849,920 − 16,060,522,496 − 171,798,691 − 1,264,451,584
                                                                  =  3,784,077,149 B
                  = 1,804 blocks of 2,097,152 B                     =         28,864 tokens
    Context: min(31,904, 28,864) = 28,864, bound by the pool (vLLM would refuse a longer
    max_model_len). Sequences: 4,096 tokens take 256 blocks, ⌊1,804 / 256⌋ = 7 (vLLM's "7.05×"),
    equal to the planner's 7, which stays the binding; max_num_seqs 256 is far above.
    """
    base, model = _base(
        {
            "model": {"preset": "llama-3.1-8b"},
            "gpu": "l4",
            # the profile of vLLM 0.7 to 0.16, whose sampler sorts
            "inference": {
                "context_tokens": 4096,
                "gpu_memory_utilization": 0.9,
                "vllm_version": "0.7-0.16",
            },
        }
    )
    assert base.usable_bytes == int(0.9 * 23_645_388_800) == 21_280_849_920
    sampler = 38 * 128_256 * 256 + 2 * 2048 * 4096
    pool = 21_280_849_920 - 16_060_522_496 - int(0.16 * 2**30) - sampler
    assert (sampler, pool) == (1_264_451_584, 3_784_077_149)
    assert pool // (16 * 131_072) == 1804
    spare = 21_280_849_920 - 16_060_522_496 - 210_741_248 - 826_380_492
    assert spare == 4_183_205_684 and spare // 131_072 // 16 * 16 == 31_904

    def total(s: int) -> int:
        act = 2 * 2 * 2048 * 4096 + 2 * 2048 * 3 * 14336 + 8 * 128_256 * s
        return 16_060_522_496 + 536_870_912 * s + act + int(0.75 * 2**30) + int(0.10 * act)

    assert total(7) <= 21_280_849_920 < total(8)
    limits = solve_limits(base, model)
    assert limits.kv_pool is not None and limits.kv_pool.tokens == 1804 * 16 == 28_864
    assert round(limits.kv_pool.concurrency, 2) == 7.05
    context, sequences = limits.get("context"), limits.get("sequences")
    assert context is not None and (context.value, context.binding) == (28_864, "kv_pool")
    assert sequences is not None and (sequences.value, sequences.binding) == (7, "memory")


def test_max_num_seqs_binds_when_the_pool_holds_more() -> None:
    """vLLM's scheduler runs at most max_num_seqs sequences, whatever the pool holds."""
    base, model = _base(
        {
            "model": {"preset": "llama-3.1-8b"},
            "gpu": "h100-80gb-sxm",
            "inference": {"context_tokens": 1000, "max_num_seqs": 40},
        }
    )
    limits = solve_limits(base, model)
    pool = limits.kv_pool
    assert pool is not None and pool.blocks // 63 > 40  # 1,000 tokens: 63 whole blocks each
    assert round(pool.concurrency, 2) == round(pool.blocks / 63, 2)
    sequences = limits.get("sequences")
    assert sequences is not None and (sequences.value, sequences.binding) == (40, "max_num_seqs")


@pytest.mark.parametrize(("power", "grain"), [(1, 1), (2, 1), (1, 16), (2, 8)])
def test_largest_fitting_agrees_with_brute_force_on_random_monotone_functions(
    power: Power, grain: int
) -> None:
    """Random non-increasing headrooms: steps, blocks, plateaus, lines, curves; all exact."""
    rng = random.Random(12)
    agreed = 0
    for case in range(2000):
        size = rng.randint(1, 400)
        kind = case % 5
        values: list[int] = []
        level = rng.randint(-50, 10_000)
        low = rng.randint(0, 5)
        for i in range(size):
            if kind == 0:  # line
                values.append(level - 37 * i)
            elif kind == 1:  # random steps with plateaus
                level -= rng.choice((0, 0, 0, 1, 5, 200))
                values.append(level)
            elif kind == 2:  # square, then flat (a window)
                values.append(level - (min(i, size // 2) ** 2))
            elif kind == 3:  # a line in whole 16-value blocks, plus a small slope inside
                x = i + low  # the block of x, then a small step half-way through it
                values.append(level - 600 * (-(-x // 16)) - ((x - 1) % 16) // 8)
            else:  # one cliff
                values.append(level if i < size // 3 else -1)
        high = low + size - 1

        def headroom(x: int, values: list[int] = values, low: int = low) -> int:
            return values[x - low]

        expected = max((x for x in range(low, high + 1) if headroom(x) >= 0), default=low - 1)
        known = None
        if case % 3 == 0:
            x = rng.randint(low, high)
            known = (x, headroom(x))
        value, probes = largest_fitting(headroom, low, high, known=known, power=power, grain=grain)
        assert value == expected, (case, kind)
        assert probes <= 4 * size.bit_length() + 4
        agreed += 1
    assert agreed == 2000


def test_a_line_is_solved_in_four_estimates() -> None:
    calls: list[int] = []

    def headroom(x: int) -> int:
        calls.append(x)
        return 1_000_000_007 - 4099 * x

    value, probes = largest_fitting(headroom, 1, 10_000_000)
    assert value == 1_000_000_007 // 4099
    assert probes == len(calls) <= 4


@pytest.mark.parametrize(
    "raw",
    [
        {"model": {"preset": "gemma-2-9b"}, "gpu": "l40s", "parallelism": {"gpus": 1}},
        {
            "model": {"preset": "llama-3.1-70b"},
            "gpu": "h100-80gb-sxm",
            "parallelism": {"strategy": "tensor", "gpus": 4},
            "precision": {"kv_cache": "fp8"},
        },
        {
            "workload": "training",
            "model": {"preset": "qwen2.5-7b"},
            "gpu": "a100-80gb",
            "training": {"method": "lora", "lora_dropout": True},
            "parallelism": {"strategy": "fsdp", "gpus": 2},
        },
        {
            "workload": "diffusion",
            "model": {"preset": "sdxl"},
            "gpu": "l4",
            "diffusion": {"width": 1024, "height": 768, "cpu_offload": "model"},
        },
    ],
)
def test_every_dimension_asks_the_estimates_own_total(raw: dict[str, Any]) -> None:
    """What the limits search is the estimate's memory exactly, at every size tried."""
    from core.planning.limits import dimensions

    base, model = _base(raw)
    request = base.request
    fields = {
        "context": ("inference", "context_tokens"),
        "sequences": ("inference", "concurrent_sequences"),
        "micro_batch": ("training", "micro_batch_size"),
        "sequence_length": ("training", "sequence_length"),
        "batch": ("diffusion", "batch_size"),
    }
    rng = random.Random(7)
    for dim in dimensions(base, model):
        assert dim.total(dim.requested // dim.step) == base.memory.total or not dim.at_base
        for x in {dim.low, dim.low + 1, *(rng.randint(dim.low, 4096) for _ in range(6))}:
            if dim.name == "resolution":
                update = {"width": x * dim.step, "height": x * dim.step}
                section = "diffusion"
            else:
                section, field = fields[dim.name]
                update = {field: x}
            part = getattr(request, section).model_copy(update=update)
            variant = request.model_copy(update={section: part})
            assert dim.total(x) == estimate_on(variant, model, base.gpu).memory.total, (dim.name, x)


SMALL_ON_L4 = {
    "model": {"preset": "llama-3.2-1b"},
    "gpu": "l4",
    "inference": {"concurrent_sequences": 200, "context_tokens": 4096, "vllm_version": "0.7-0.16"},
}


@pytest.mark.parametrize(
    ("raw", "name", "binding"),
    [
        (SMALL_ON_L4, "context", "kv_pool"),
        (SMALL_ON_L4, "sequences", "kv_pool"),
        (CASES[1][0], "context", "kv_pool"),  # Gemma 2: vLLM's window group binds first
        (CASES[2][0], "sequences", "memory"),
    ],
)
def test_curves_fit_up_to_the_solved_limit_and_no_further(
    raw: dict[str, Any], name: str, binding: str
) -> None:
    """The curve marks the solved limit: past it memory overflows, or vLLM's pool stops it."""
    from core.planning.limit_curve import limit_curve

    base, model = _base(raw)
    limits = solve_limits(base, model)
    curve = limit_curve(base, model, limits, name)  # type: ignore[arg-type]
    assert curve is not None and curve.name == name and curve.binding == binding
    assert curve.limit == limits.value(name) and 0 < curve.limit < curve.top
    xs = [x for x, _ in curve.points]
    assert xs == sorted(xs) and curve.limit in xs and curve.limit + 1 in xs
    if binding == "memory":
        assert all((m <= curve.usable_bytes) == (x <= curve.limit) for x, m in curve.points)
    else:  # vLLM's pool stops it while the planner's memory still fits
        assert all(m <= curve.usable_bytes for x, m in curve.points if x <= curve.limit + 1)
    gpu = base.gpu
    field = "context_tokens" if name == "context" else "concurrent_sequences"
    for x, memory in curve.points[::7]:
        part = base.request.inference.model_copy(update={field: x})
        variant = base.request.model_copy(update={"inference": part})
        assert memory == estimate_on(variant, model, gpu).memory.total


def test_a_square_is_solved_in_four_probes_against_the_square() -> None:
    def headroom(x: int) -> int:
        return 5_000_000_000 - 3 * x * x - 1000 * x

    value, probes = largest_fitting(headroom, 8, 2048, power=2)
    assert value == max(x for x in range(8, 2049) if headroom(x) >= 0)
    assert probes <= 4


@pytest.mark.parametrize(
    "raw",
    [
        {"model": {"preset": "llama-3.1-70b"}, "inference": {"context_tokens": 8192}},
        {"workload": "training", "model": {"preset": "qwen2.5-7b"}, "training": {"method": "lora"}},
        {"workload": "diffusion", "model": {"preset": "sdxl"}},
    ],
)
def test_a_plans_shared_limits_are_each_options_own(raw: dict[str, Any]) -> None:
    """Limits shared across a plan's options (by layout) equal each option solved alone."""
    from core.planning.planner import plan

    request = parse_request(raw)
    model = resolve(request)
    result = plan(request, model=model, with_limits=True)
    options = [*result.options, *result.infeasible]
    solved = [o for o in options if o.limits is not None]
    assert len(solved) > 10
    for option in solved:
        alone = solve_limits(option.estimate, model)
        assert option.limits is not None and option.limits.as_dict() == alone.as_dict()


@pytest.mark.parametrize(
    ("workload", "preset", "key"),
    [
        ("inference", "flux.1-dev", "error.diffusion_for_llm"),
        ("training", "sdxl", "error.diffusion_for_llm"),
        ("diffusion", "llama-3.2-1b", "error.llm_for_diffusion"),
    ],
)
def test_a_model_of_the_other_kind_is_refused_by_name(workload, preset, key) -> None:
    from core.base.errors import InputError

    own = "sd-1.5" if workload == "diffusion" else "llama-3.2-1b"
    raw = {"workload": workload, "model": {"preset": own}, "gpu": "h100-80gb-sxm"}
    base = estimate(parse_request(raw))
    wrong = resolve(parse_request({"model": {"preset": preset}}))
    for call in (
        lambda: estimate_on(base.request, wrong, base.gpu),
        lambda: solve_limits(base, wrong),
    ):
        with pytest.raises(InputError) as caught:
            call()
        assert (caught.value.message.key, caught.value.field) == (key, "model")


@pytest.mark.parametrize(
    ("inference", "variant", "at_once"),
    [
        # L4, 4,096 tokens: 1,804 blocks hold 7 of 256 blocks (test_llama_3_1_8b_on_one_l4_by_hand)
        ({"concurrent_sequences": 8}, "kv_pool", 7),
        ({"concurrent_sequences": 6, "max_num_seqs": 4}, "max_num_seqs", 4),
        ({"concurrent_sequences": 7}, None, None),
    ],
)
def test_vllm_running_fewer_sequences_than_asked_is_a_warning(
    inference: dict[str, int], variant: str | None, at_once: int | None
) -> None:
    base, _ = _base(
        {
            "model": {"preset": "llama-3.1-8b"},
            "gpu": "l4",
            "inference": {"context_tokens": 4096, "vllm_version": "0.7-0.16", **inference},
        }
    )
    found = [f for f in base.findings if f.code == "vllm_runs_fewer"]
    if variant is None:
        assert found == []
        return
    (finding,) = found
    assert finding.severity == "warning" and finding.variant == variant
    assert finding.params["at_once"] == at_once
    assert finding.params["requested"] == inference["concurrent_sequences"]
