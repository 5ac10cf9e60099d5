"""vLLM's KV cache groups and what one request takes of the pool (core.capacity.vllm_kv_layout).

Every figure is worked out by hand from vLLM's rules (``vllm/v1/core/kv_cache_utils.py``,
``vllm/v1/kv_cache_interface.py``): a block id spans one page of each of ``group size`` layers;
per request, full attention takes ⌈L / b⌉ blocks, a sliding window W ⌈min(W − 1 + B, L) / b⌉ + 1,
a chunk C ⌈min(C + B, L) / b⌉, a Mamba state 1.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from core.capacity.kv_cache import cache_by_kind, cache_bytes_per_sequence, state_bytes_per_sequence
from core.capacity.kv_pool import KvPool, vllm_bounds
from core.capacity.vllm_kv_layout import KvGroup, KvLayout, kv_layout
from core.capacity.vllm_profile import vllm_profile
from core.domain.catalog import default_catalog
from core.domain.request_parsing import parse_request
from core.estimate.dispatch import estimate, language_model_of, resolve
from core.model.architecture import CacheGroup
from core.model.model_config import architecture_from_config, load_config_file
from core.model.models import load_preset
from core.planning.limits import MAX_CONTEXT, solve_limits
from tests.arch_factory import gpt_like


def _arch(preset: str) -> Any:
    return language_model_of(resolve(parse_request({"model": {"preset": preset}})))


def _rules(layout: KvLayout) -> list[tuple[str, int | None, int]]:
    return [(g.rule, g.window, g.block_tokens) for g in layout.groups]


def test_gemma_2_9b_pays_its_window_plus_the_prefill_chunk() -> None:
    """21 sliding (4,096) + 21 full layers, 8 KV heads of 256, bf16: two groups of 21 layers.

    page = 16 × 8 × 512 × 2 = 131,072 B; a block id spans 21 pages = 2,752,512 B. With B = 2,048
    the window group holds min(4,095 + 2,048, L) tokens, so it takes as many blocks as the full
    group (plus one) up to 6,143 tokens and stops growing there.
    """
    layout = kv_layout(_arch("gemma-2-9b"), "bf16", 1, 2048, 4096)
    assert layout is not None
    assert _rules(layout) == [("sliding", 4096, 16), ("full", None, 16)]
    assert layout.block_bytes == 131_072 * 21 == 2_752_512
    assert layout.per_request(4096) == 256 + 257
    assert layout.per_request(7600) == 475 + 384 + 1 == 860
    assert layout.per_request(10_000) == 625 + 385  # all-full would be 1,250
    assert layout.bytes_per_token() == 42 * 8 * 512 * 2 == 344_064
    # 14 sequences of a pool of 7,942 blocks: ⌊7,942 / 14⌋ = 567 = 2 × ⌈L / 16⌉ + 1 → L = 4,528
    assert layout.longest(7942 // 14, MAX_CONTEXT) == 4528
    assert layout.per_request(4528) <= 567 < layout.per_request(4529)


def test_gemma_2_9b_on_an_l40s_at_14_sequences() -> None:
    """The pool (L40S, vLLM's small-GPU defaults B = 2,048) binds the context at 4,528 tokens.

    The planner's own fit allows 5,648 (the window layers capped at 4,096 tokens); vLLM charges
    each window group 4,095 + 2,048 tokens before it stops growing, so its start-up check stops
    the context first. At 7,600 tokens a sequence takes 860 blocks: 9 at once, not 14.
    """
    raw: dict[str, Any] = {"model": {"preset": "gemma-2-9b"}, "gpu": "l40s"}
    raw["inference"] = {"concurrent_sequences": 14, "context_tokens": 7600}
    request = parse_request(raw)
    model = resolve(request)
    base = estimate(request, model=model)
    profile = base.details["vllm_profile"]
    blocks = profile["kv_pool_bytes"] // 2_752_512
    assert profile["max_concurrency"] == round(blocks / 860, 2)
    assert profile["kv_pool_tokens"] == int(blocks / 860 * 7600)
    limits = solve_limits(base, model)
    assert limits.kv_pool is not None and limits.kv_pool.blocks == blocks
    context, sequences = limits.get("context"), limits.get("sequences")
    assert context is not None and sequences is not None
    half = blocks // 14  # blocks each of 14 sequences may take: 2 × ⌈L / 16⌉ + 1 ≤ half
    assert (context.value, context.binding) == ((half - 1) // 2 * 16, "kv_pool")
    assert (sequences.value, sequences.binding) == (blocks // 860, "kv_pool")
    fewer = next(f for f in base.findings if f.code == "vllm_runs_fewer")
    assert fewer.params["at_once"] == sequences.value == 9


@pytest.mark.parametrize(("batched", "blocks"), [(8192, 2048 + 520 + 1), (2048, 2048 + 136 + 1)])
def test_gpt_oss_20b_window_of_128_takes_the_chunk_too(batched: int, blocks: int) -> None:
    """12 sliding (128) + 12 full layers, 8 KV heads of 64: pages of 16 × 8 × 128 × 2 = 32,768 B.

    At 32,768 tokens the full group takes 2,048 blocks and the window group ⌈(127 + B) / 16⌉ + 1:
    520 + 1 with B = 8,192 (a GPU of 70 GiB or more), 136 + 1 with 2,048.
    """
    layout = kv_layout(_arch("gpt-oss-20b"), "bf16", 1, batched, 32768)
    assert layout is not None
    assert _rules(layout) == [("sliding", 128, 16), ("full", None, 16)]
    assert layout.block_bytes == 32_768 * 12
    assert layout.per_request(32768) == blocks


def test_llama_4_scout_chunks_under_tensor_parallelism() -> None:
    """36 chunked (8,192) + 12 full layers; TP 4 leaves 2 of 8 KV heads of 128 per GPU.

    Groups of 12 layers (the fewest of a kind; 36 is not under 1.5 × 12): three chunked, one full.
    page = 16 × 2 × 256 × 2 = 16,384 B, a block id 12 pages. At 131,072 tokens with B = 8,192:
    8,192 full blocks and 3 × ⌈16,384 / 16⌉ = 3,072 chunked ones.
    """
    layout = kv_layout(_arch("llama-4-scout"), "bf16", 4, 8192, 131_072)
    assert layout is not None
    assert _rules(layout) == [("chunked", 8192, 16)] * 3 + [("full", None, 16)]
    assert layout.block_bytes == 16_384 * 12
    assert layout.per_request(131_072) == 8192 + 3 * 1024
    assert layout.per_request(4096) == 256 + 3 * 256  # a short context: every group holds it


def test_qwen3_5_27b_reproduces_a_vllm_0_19_log() -> None:
    """vLLM 0.19.0, ``--max-model-len 32768 --max-num-batched-tokens 16384`` (vLLM issue 40691).

    It logged "GPU KV cache size: 290,864 tokens" and "Maximum concurrency for 32,768 tokens per
    request: 33.04x". 48 Gated DeltaNet + 16 full layers, 4 KV heads of 256: one token's page is
    4 × 512 × 2 = 4,096 B; a layer's state is 786,432 fp32 + 10,240 × 3 bf16 = 3,207,168 B, so
    the attention block grows to 16 × ⌈3,207,168 / 65,536⌉ = 784 tokens. Groups of 16 layers: three
    of states, one full. A request of 32,768 tokens takes ⌈32,768 / 784⌉ + 3 = 45 blocks; 1,487
    blocks give both logged figures (0.19's size line: blocks over the 4 groups × 784).
    """
    layout = kv_layout(_arch("qwen3.5-27b"), "bf16", 1, 16384, 32768)
    assert layout is not None
    assert _rules(layout) == [("state", None, 784)] * 3 + [("full", None, 784)]
    assert layout.block_bytes == 784 * 4096 * 16
    assert layout.per_request(32768) == 42 + 3 == 45
    assert round(1487 / layout.per_request(32768), 2) == 33.04
    assert 1487 // len(layout.groups) * 784 == 290_864


def test_nemotron_3_nano_pads_its_last_state_group() -> None:
    """23 Mamba + 6 attention layers: groups of 6, so four state groups (one layer of padding).

    Attention: 2 KV heads of 128, 1,024 B a token. State: 6,144 × 3 bf16 + 524,288 fp32 =
    2,134,016 B, so blocks of 16 × ⌈2,134,016 / 16,384⌉ = 2,096 tokens and pages of 2,146,304 B.
    """
    layout = kv_layout(_arch("nemotron-3-nano-30b-a3b"), "bf16", 1, 8192, 32768)
    assert layout is not None
    assert _rules(layout) == [("state", None, 2096)] * 4 + [("full", None, 2096)]
    assert layout.block_bytes == 2096 * 1024 * 6
    assert layout.per_request(32768) == 16 + 4


def test_a_uniform_model_is_one_group_of_every_layer() -> None:
    """Llama 3.1 8B: 32 layers × 8 heads × 256 × 2 B per token, 16-token blocks, ⌈L / 16⌉ each."""
    layout = kv_layout(_arch("llama-3.1-8b"), "bf16", 1, 2048, 1000)
    assert layout is not None and _rules(layout) == [("full", None, 16)]
    assert layout.block_bytes == 16 * 131_072
    assert layout.per_request(1000) == 63
    assert layout.logged_tokens(26_338, 4096) == 421_408


def test_page_sizes_that_do_not_divide_are_not_grouped() -> None:
    """vLLM's ``unify_kv_cache_spec_page_size`` refuses pages that do not divide the largest."""
    base = gpt_like(layers=4, hidden=512, heads=8, vocab=1000)
    odd = replace(
        base,
        cache=(
            CacheGroup("full", 2, 3, 64, 64),
            CacheGroup("sliding", 2, 2, 64, 64, window=256),
        ),
    )
    assert kv_layout(odd, "bf16", 1, 2048, 4096) is None
    even = replace(odd, cache=(odd.cache[0], replace(odd.cache[1], kv_heads=6)))
    layout = kv_layout(even, "bf16", 1, 2048, 4096)
    assert layout is not None  # the full page (3 heads) is half the window's: 32-token blocks
    assert _rules(layout) == [("full", None, 32), ("sliding", 256, 16)]


def test_vllm_bounds_follow_the_groups() -> None:
    """A pool of 1,000 blocks of the gpt-oss layout (B = 2,048).

    At 4,096 tokens a sequence takes 256 + 137 blocks: 2 at once. Four sequences get 250 blocks
    each; below 2,175 tokens the window group holds them all, 2 × ⌈L / 16⌉ + 1 ≤ 250 → 1,984.
    """
    layout = KvLayout(1, (KvGroup("sliding", 128, 16), KvGroup("full", None, 16)), 2048)
    pool = KvPool(1000, 1, 0, 4096, layout)
    assert pool.per_sequence == 256 + 137
    bounds = vllm_bounds(pool, 256, 4, ceiling=MAX_CONTEXT)
    assert bounds["sequences"] == (1000 // 393, "kv_pool")
    assert bounds["context"] == (124 * 16, "kv_pool")


def test_deepseek_v4_keeps_the_pool_averaged_at_the_requests_context() -> None:
    """V4's compressors keep states beside per-token entries of vLLM's own format: not grouped.

    The profile then charges one full-attention group at the sequence's bytes per cached token,
    exact at the request's context (what the pool held before the groups were modelled).
    """
    fixture = Path(__file__).parent / "fixtures" / "hf_configs" / "deepseek-v4-flash"
    config = load_config_file(fixture / "config.json")
    arch = architecture_from_config(config, model_id="v4", name="V4-Flash", source="hf_config")
    assert kv_layout(arch, "bf16", 1, 8192, 32768) is None
    request = parse_request(
        {"model": {"preset": "llama-3.1-8b"}, "inference": {"context_tokens": 32768}}
    )
    profile = vllm_profile(request, arch, default_catalog().gpu("h100-80gb-sxm"), 0).as_dict()
    per_token = -(-cache_bytes_per_sequence(arch, "bf16", 32768) // 32768)
    assert profile["kv_layout"]["groups"] == [["full", None, 16]]
    assert profile["kv_layout"]["block_bytes"] == per_token * 16


def test_gpt_oss_120b_reproduces_a_vllm_start_up_refusal() -> None:
    """``vllm serve openai/gpt-oss-120b --max-num-batched-tokens 1024`` on an H100 (issue 27508).

    vLLM refused: "To serve at least one request with the models's max seq len (131072), (4.54
    GiB KV cache is needed ...". 18 sliding (128) + 18 full layers, 8 KV heads of 64: groups of
    18 layers, pages of 32,768 B, a block id 18 pages. One request of 131,072 tokens: 8,192 full
    blocks and ⌈(127 + 1,024) / 16⌉ + 1 = 73 window blocks, 8,265 × 589,824 B = 4.54 GiB. Without
    the prefill chunk the window group would take 9 blocks and the figure would read 4.50 GiB;
    every layer at full attention, 9.00 GiB.
    """
    layout = kv_layout(_arch("gpt-oss-120b"), "bf16", 1, 1024, 131_072)
    assert layout is not None
    assert _rules(layout) == [("sliding", 128, 16), ("full", None, 16)]
    assert layout.block_bytes == 32_768 * 18
    needed = layout.block_bytes * layout.per_request(131_072)
    assert layout.per_request(131_072) == 8192 + 73
    assert f"{needed / 2**30:.2f}" == "4.54"


def test_mla_blocks_follow_the_kernel_vllm_forces_on_the_gpu() -> None:
    """vLLM ``CudaPlatformBase.check_and_update_config`` (vllm/platforms/cuda.py @ 002db4951e0c).

    Blackwell (10.x): FlashInfer MLA for qk_nope_head_dim 128, which takes 32 or multiples of 64
    ("Forcing kv cache block size to 64 for FlashInferMLA backend"); Hopper: FlashMLA, multiples
    of 64; a sparse model (DeepSeek-V3.2's indexer): 64 anywhere; Ampere and Blackwell
    workstation GPUs keep 16 (Triton MLA). A dense GQA model keeps 16 everywhere.
    """
    from core.capacity.vllm_kv_layout import mla_block_tokens

    v3, v32 = _arch("deepseek-v3"), _arch("deepseek-v3.2")
    assert [mla_block_tokens(v3, cc) for cc in ("8.0", "9.0", "10.0", "12.0")] == [16, 64, 64, 16]
    assert [mla_block_tokens(v32, cc) for cc in ("8.0", "9.0", "10.0")] == [64, 64, 64]
    assert mla_block_tokens(_arch("llama-3.1-8b"), "10.0") == 16
    layout = kv_layout(v3, "bf16", 8, 8192, 32768, mla_block_tokens(v3, "10.0"))
    assert layout is not None and _rules(layout) == [("full", None, 64)]
    assert layout.per_request(1000) == 16  # ⌈1,000 / 64⌉, not ⌈1,000 / 16⌉ = 63


def test_blackwell_sends_an_mla_head_other_than_128_to_cutlass_mla_blocks() -> None:
    """vllm/platforms/cuda.py @ 002db4951e0c: on compute capability 10.x FlashInfer MLA is the
    default only for qk_nope_head_dim 128; any other width falls back to CUTLASS MLA, whose block
    is forced to 128 tokens. Hopper's FlashMLA (64) and Triton MLA elsewhere (16) do not look at
    the width. The config is DeepSeek-V2-Lite's with the non-RoPE head widened to 192 (the width
    GLM-4.7-Flash's MLA uses)."""
    from core.capacity.vllm_kv_layout import mla_block_tokens, mla_nope_head_dim

    path = Path(__file__).parent / "fixtures" / "hf_configs" / "deepseek-v2-lite" / "config.json"
    config = load_config_file(path)
    lite = architecture_from_config(config, model_id="lite", name="lite", source="hf_config")
    wide = architecture_from_config(
        {**config, "qk_nope_head_dim": 192}, model_id="wide", name="wide", source="hf_config"
    )
    assert (mla_nope_head_dim(lite), mla_nope_head_dim(wide)) == (128, 192)
    gpus = ("9.0", "10.0", "10.3", "12.0")  # H100, B200, B300, RTX PRO 6000
    assert [mla_block_tokens(lite, cc) for cc in gpus] == [64, 64, 64, 16]
    assert [mla_block_tokens(wide, cc) for cc in gpus] == [64, 128, 128, 16]
    layout = kv_layout(wide, "bf16", 1, 8192, 1000, mla_block_tokens(wide, "10.0"))
    assert layout is not None and _rules(layout) == [("full", None, 128)]
    assert layout.per_request(1000) == 8  # ⌈1,000 / 128⌉


def test_a_b200_profile_pages_deepseek_v3_in_64_token_blocks() -> None:
    request = parse_request(
        {
            "model": {"preset": "deepseek-v3"},
            "gpu": "b200-180gb",
            "parallelism": {"strategy": "tensor", "gpus": 8},
            "inference": {"context_tokens": 1000},
        }
    )
    from core.estimate.dispatch import estimate

    profile = estimate(request).details["vllm_profile"]
    assert profile["kv_layout"]["groups"] == [["full", None, 64]]
    blocks = profile["kv_pool_bytes"] // profile["kv_layout"]["block_bytes"]
    assert profile["kv_pool_tokens"] == int(blocks / 16 * 1000)


def test_an_fp8_kv_cache_leaves_the_recurrent_state_in_the_models_dtype():
    # vLLM keeps Mamba and linear-attention states in mamba_cache_dtype ("auto": the model's
    # dtype), not in --kv-cache-dtype (vllm/model_executor/layers/mamba/mamba_utils.py,
    # MambaStateDtypeCalculator): an fp8 KV cache halves the attention layers' cache only.
    hybrid = load_preset("granite-4.0-h-small")
    bf16 = cache_by_kind(hybrid, "bf16", 4096)
    fp8 = cache_by_kind(hybrid, "fp8", 4096)
    assert fp8["linear_state"] == bf16["linear_state"] > 0
    assert fp8["full"] * 2 == bf16["full"]
    assert state_bytes_per_sequence(hybrid, "fp8") == state_bytes_per_sequence(hybrid, "bf16")
    # A model of states only: vLLM's page (one state a block) is the same under both.
    mamba = load_preset("mamba-codestral-7b")
    pages = [kv_layout(mamba, dtype, 1, 8192, 4096) for dtype in ("bf16", "fp8")]
    assert pages[0] is not None and pages[1] is not None
    assert pages[0].block_bytes == pages[1].block_bytes
